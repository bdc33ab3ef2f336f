# same.sh — pgnlint -j N writes exactly what -j 1 writes: standard output,
# standard error and exit status, in every output form and with the options
# that change what is checked.  The input is every game of the test corpora,
# twice (about 1 MB): with -j 24 it is read in pieces of 256 KiB, so
# that game numbers, repetitions and messages cross piece boundaries.
# Prints the -j 1 summary of each run; a difference prints "differs: ..."
# and fails the case.
set -u
root=$(cd ../../../.. && pwd) || exit 2
t=$(mktemp -d) || exit 2
trap 'rm -rf "$t"' EXIT
for i in 1 2; do
    cat "$root"/corpora/golden/pgnlint/*/game.pgn "$root"/corpora/grep/mixed.pgn \
        "$root"/corpora/notation/*/games.pgn "$root"/corpora/demo/timisoara-2024-r5.pgn
done > "$t/in.pgn"
cp "$root"/corpora/grep/mixed.pgn "$t/"
cd "$t" || exit 2
gzip -c in.pgn > in.pgn.gz
# a gzip stream that breaks off: the failure is reported after every game before it
head -c 15000 in.pgn.gz > cut.pgn.gz
status=0
check() { # check LABEL ARGS...: -j 1 against -j 2 and -j 24
    label=$1
    shift
    pgnlint -j 1 "$@" > "$t/out.1" 2> "$t/err.1"
    echo "exit $?" >> "$t/err.1"
    for j in 2 24; do
        pgnlint -j $j "$@" > "$t/out.$j" 2> "$t/err.$j"
        echo "exit $?" >> "$t/err.$j"
        cmp -s "$t/out.1" "$t/out.$j" || { echo "differs: $label: standard output with -j $j"; status=1; }
        cmp -s "$t/err.1" "$t/err.$j" || { echo "differs: $label: standard error or status with -j $j"; status=1; }
    done
    echo "$label: $(grep -c . "$t/out.1") lines; $(cat "$t/out.1" "$t/err.1" | grep -e ' games, ' -e ' partide, ' -e '^exit' -e 'gzip' | tr '\n' ' ')"
}
check "text" --color never in.pgn
check "json" --format json in.pgn
check "facts" --format facts in.pgn
check "json, gzip, two files" --format json in.pgn.gz mixed.pgn
pgnlint -j 1 --format json < in.pgn > "$t/out.1" 2>&1
pgnlint -j 24 --format json - < in.pgn > "$t/out.24" 2>&1
cmp -s "$t/out.1" "$t/out.24" || { echo "differs: json, standard input"; status=1; }
check "json, --first-game 1000" --format json --first-game 1000 in.pgn
check "json, --continue" --format json --continue in.pgn
check "json, --from auto" --format json --from auto in.pgn
check "text, --lang ro" --lang ro in.pgn
check "text, --laws auto --strict" --laws auto --strict in.pgn
check "json, --event" --format json --event "$root"/corpora/golden/pgnlint/event-no-draws-before-30/event.yaml in.pgn
check "json, --max-game-bytes 600" --format json --max-game-bytes 600 in.pgn
check "json, truncated gzip" --format json cut.pgn.gz
# the progress line (its figures depend on the clock) changes no output
pgnlint -j 1 --format json in.pgn > "$t/out.1" 2> /dev/null
pgnlint -j 24 --progress --format json in.pgn > "$t/out.24" 2> /dev/null
cmp -s "$t/out.1" "$t/out.24" || { echo "differs: standard output with --progress"; status=1; }
exit $status
