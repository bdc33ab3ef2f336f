#!/bin/sh
# check-json-export.sh — pgnconv --to json over every *.pgn of corpora/
# (the golden cases, grep and demo corpora): every object is valid against
# corpora/schema/game.schema.json (ajv, installed under BUILD/npm from the
# npm registry on first use), and the games read back from the JSON as PGN
# convert to the same bytes as the originals do.
#
#   sh tests/check-json-export.sh BINDIR
#
# Skipped, with a message, when node or npm is not available.
bindir=$(cd "$1" && pwd) || exit 2
root=$(cd "$(dirname "$0")/.." && pwd) || exit 2
npmdir=$(cd "$bindir/.." && pwd)/npm
command -v node >/dev/null 2>&1 || { echo "json export: node not found, skipped"; exit 0; }
if [ ! -d "$npmdir/node_modules/ajv" ]; then
    command -v npm >/dev/null 2>&1 || { echo "json export: npm not found, skipped"; exit 0; }
    mkdir -p "$npmdir"
    npm install --prefix "$npmdir" --no-audit --no-fund --silent ajv@8 >/dev/null 2>&1 ||
        { echo "json export: npm could not install ajv, skipped"; exit 0; }
fi
t=$(mktemp -d "${TMPDIR:-/tmp}/json-export.XXXXXX") || exit 2
trap 'rm -rf "$t"' EXIT
find "$root/corpora/golden" "$root/corpora/grep" "$root/corpora/demo" -name '*.pgn' -type f | LC_ALL=C sort > "$t/list"
status=0
n=0
while read -r f; do
    n=$((n + 1))
    "$bindir/pgnconv" -j 1 --to json "$f" > "$t/json" 2> /dev/null
    "$bindir/pgnconv" -j 1 --rejects /dev/null "$f" > "$t/direct" 2> /dev/null
    if ! node "$root/tests/export/json-read-back.js" "$root/corpora/schema/game.schema.json" "$npmdir" \
            < "$t/json" > "$t/back.pgn" 2> "$t/err"; then
        echo "json export: ${f#"$root"/}: $(tail -1 "$t/err")"
        status=1
        continue
    fi
    "$bindir/pgnconv" -j 1 "$t/back.pgn" > "$t/again" 2> /dev/null
    if ! cmp -s "$t/direct" "$t/again"; then
        echo "json export: ${f#"$root"/}: read back differs:"
        diff "$t/direct" "$t/again" | head -n 10
        status=1
    fi
done < "$t/list"
[ $status = 0 ] && echo "json export: $n corpus files, every game valid against the schema and read back the same"
exit $status
