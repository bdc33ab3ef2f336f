#!/bin/sh
# check.sh — pgngrep with no predicate gives back its input byte for byte:
# every *.pgn and *.pgn.gz under corpora/ joined into one stream (a .gz by
# its text; gzip files broken on purpose are left out), with one and with two
# threads.  When the output differs, the files are tried one by one to name
# the culprits.  Prints the problems, then a summary line without file counts.
corpora=$(cd ../../.. && pwd) || exit 2
t=$(mktemp -d "${TMPDIR:-/tmp}/identity.XXXXXX") || exit 2
trap 'rm -rf "$t"' EXIT
: > "$t/list"
: > "$t/in"
find "$corpora" \( -name '*.pgn' -o -name '*.pgn.gz' \) -type f | LC_ALL=C sort |
while IFS= read -r f; do
    case $f in
        *.gz) gzip -dc "$f" > "$t/one" 2>/dev/null || continue ;;
        *) cp "$f" "$t/one" ;;
    esac
    cat "$t/one" >> "$t/in"
    echo "$f" >> "$t/list"
done
files=$(wc -l < "$t/list")
problems=0
for jobs in 1 2; do
    # all files as one stream (named as files, pgngrep would end each
    # file's last game at the end of that file)
    pgngrep -j $jobs < "$t/in" > "$t/out" 2>/dev/null
    cmp -s "$t/in" "$t/out" && continue
    while IFS= read -r f; do
        case $f in *.gz) gzip -dc "$f" > "$t/one" ;; *) cp "$f" "$t/one" ;; esac
        pgngrep -j $jobs "$f" 2>/dev/null | cmp -s "$t/one" - ||
            echo "${f#"$corpora"/}: -j $jobs output differs from the input"
    done < "$t/list" > "$t/problems"
    [ -s "$t/problems" ] && problems=1 && cat "$t/problems"
done
if [ "$files" -lt 20 ]; then
    echo "only $files PGN files found under corpora/"
elif [ $problems -eq 0 ]; then
    echo "every corpus file: pgngrep without a predicate gives back its input"
fi
