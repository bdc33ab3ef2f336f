#!/bin/sh
# check.sh — pgnconv over every *.pgn and *.pgn.gz under corpora/ at once
# (one run per check keeps this quick under ASan):
#   accounted   the summary says read = written + rejected, and the output
#               holds as many games as were written (rejects sent apart);
#   idempotent  converting the output again gives the same bytes;
#   threads     -j 1 and -j 2 give the same output and messages.
# When a check fails, the files are tried one by one to name the culprits.
# Prints the problems, then a summary line without file counts.
corpora=$(cd ../../.. && pwd) || exit 2
t=$(mktemp -d "${TMPDIR:-/tmp}/lost.XXXXXX") || exit 2
trap 'rm -rf "$t"' EXIT
find "$corpora" \( -name '*.pgn' -o -name '*.pgn.gz' \) -type f | LC_ALL=C sort > "$t/list"
files=$(wc -l < "$t/list")

# check FILE...: prints the problems of these files taken together
check() {
    pgnconv -j 1 --rejects "$t/rej" "$@" > "$t/conv" 2> "$t/conv.err"
    summary=$(grep '^pgnconv: [0-9]* games* read, ' "$t/conv.err" | tail -n 1)
    read=$(echo "$summary" | sed -n 's/^pgnconv: \([0-9]*\) games* read,.*/\1/p')
    written=$(echo "$summary" | sed -n 's/.* read, \([0-9]*\) written.*/\1/p')
    rejected=$(echo "$summary" | sed -n 's/.*, \([0-9]*\) rejected.*/\1/p')
    if [ -z "$read" ] || [ -z "$written" ] || [ -z "$rejected" ] || [ "$read" -ne $((written + rejected)) ]; then
        echo "summary does not add up: $summary"
    elif [ "$(grep -c '^\[Event ' "$t/conv")" -ne "$written" ]; then
        echo "$written written, $(grep -c '^\[Event ' "$t/conv") in the output"
    fi
    pgnconv -j 1 "$t/conv" > "$t/again" 2> /dev/null
    cmp -s "$t/conv" "$t/again" || echo "converting the output again changes it"
    pgnconv -j 1 "$@" > "$t/a" 2> "$t/a.err"
    pgnconv -j 2 "$@" > "$t/b" 2> "$t/b.err"
    { cmp -s "$t/a" "$t/b" && cmp -s "$t/a.err" "$t/b.err"; } || echo "-j 2 differs from -j 1"
}

# shellcheck disable=SC2046
check $(cat "$t/list") > "$t/problems"
if [ -s "$t/problems" ]; then
    sed 's/^/all files: /' "$t/problems"
    while IFS= read -r f; do
        check "$f" | sed "s#^#${f#"$corpora"/}: #"
    done < "$t/list"
elif [ "$files" -lt 20 ]; then
    echo "only $files PGN files found under corpora/"
else
    echo "every corpus file: games accounted for, output idempotent, same with -j 2"
fi
