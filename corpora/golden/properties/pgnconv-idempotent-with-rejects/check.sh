#!/bin/sh
# check.sh — pgnconv over every *.pgn and *.pgn.gz under corpora/ at once,
# rejected games passed through (no --rejects): converting the output again
# gives the same bytes.  (pgnconv-nothing-lost checks the converted games
# alone; pgnconv/idempotent-with-rejects has the cases that once broke this.)
corpora=$(cd ../../.. && pwd) || exit 2
t=$(mktemp -d "${TMPDIR:-/tmp}/idem.XXXXXX") || exit 2
trap 'rm -rf "$t"' EXIT
find "$corpora" \( -name '*.pgn' -o -name '*.pgn.gz' \) -type f | LC_ALL=C sort > "$t/list"
# shellcheck disable=SC2046
pgnconv -j 1 $(cat "$t/list") > "$t/once" 2> /dev/null
pgnconv -j 1 "$t/once" > "$t/twice" 2> "$t/twice.err"
rejected=$(sed -n 's/.*, \([0-9]*\) rejected$/\1/p' "$t/twice.err")
if [ "${rejected:-0}" -lt 10 ]; then
    echo "only ${rejected:-0} rejected games in the output: the check proves little"
elif cmp -s "$t/once" "$t/twice"; then
    echo "every corpus file: output with rejected games passed through is idempotent"
else
    echo "converting the output again changes it:"
    diff "$t/once" "$t/twice" | head -n 20
fi
