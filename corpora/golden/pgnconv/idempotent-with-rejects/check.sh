#!/bin/sh
# check.sh — pgnconv is idempotent on rejected games too: they are passed
# through unchanged and end like converted games (one blank line after
# them), so converting the output again gives the same bytes.  Prints the
# first conversion, then whether the second one was identical.
t=$(mktemp -d "${TMPDIR:-/tmp}/idem.XXXXXX") || exit 2
trap 'rm -rf "$t"' EXIT
pgnconv games.pgn > "$t/once" 2> /dev/null
pgnconv "$t/once" > "$t/twice" 2> /dev/null
pgnconv "$t/twice" > "$t/thrice" 2> /dev/null
cat "$t/once"
echo "----"
if cmp -s "$t/once" "$t/twice" && cmp -s "$t/twice" "$t/thrice"; then
    echo "converting the output again gives the same $(wc -c < "$t/once" | tr -d ' ') bytes"
else
    echo "converting the output again changes it:"
    wc -c "$t/once" "$t/twice" "$t/thrice" | sed "s#$t/##"
fi
