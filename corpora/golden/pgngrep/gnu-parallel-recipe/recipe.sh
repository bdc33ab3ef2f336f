# recipe.sh — the GNU parallel recipe of the README gives what one process
# gives: `parallel --pipe -k --recstart '[Event ' --block SIZE TOOL` over
# chunks of whole games.  Prints the one-process results; each comparison
# with the parallel run prints "differs: ..." and fails when they disagree.
# Without GNU parallel (Debian package parallel) the comparisons are skipped
# with a note on stderr.
set -u
games=../../../grep/mixed.pgn
t=$(mktemp -d) || exit 2
trap 'rm -rf "$t"' EXIT
# 300 copies of the test games: about 500 KB, so that 16 KB blocks make ~30 chunks
i=0
while [ $i -lt 300 ]; do cat "$games"; i=$((i + 1)); done > "$t/in.pgn"

# one process
pgngrep -j 1 < "$t/in.pgn" > "$t/identity.1"
pgngrep -j 1 --valid < "$t/in.pgn" > "$t/valid.1"
pgngrep -j 1 -c --finding result-mismatch < "$t/in.pgn" > "$t/count.1"
# pgnlint's findings without the fields that count from the start of each
# chunk (game number, every line) or name the input
strip() { sed -e 's/"file":"[^"]*",//' -e 's/"game":[0-9]*,//' -e 's/"line":[0-9]*,//g'; }
pgnlint --format json < "$t/in.pgn" 2>/dev/null | strip > "$t/lint.1"
echo "games: $(pgngrep -c < "$t/in.pgn")"
echo "valid games: $(grep -c '^\[Event ' "$t/valid.1")"
echo "games with result-mismatch: $(cat "$t/count.1")"
echo "pgnlint findings: $(grep -vc '"type":"game"' "$t/lint.1")"

if ! command -v parallel >/dev/null 2>&1; then
    echo "recipe.sh: GNU parallel not installed (Debian package parallel): comparisons skipped" >&2
    exit 0
fi
status=0
recipe() { parallel --will-cite --pipe -k --recstart '[Event ' --block 16k "$@" < "$t/in.pgn"; }
recipe pgngrep -j 1 > "$t/identity.n"
cmp -s "$t/identity.n" "$t/in.pgn" || { echo "differs: pgngrep under parallel is not the identity"; status=1; }
cmp -s "$t/identity.1" "$t/in.pgn" || { echo "differs: pgngrep is not the identity"; status=1; }
recipe pgngrep -j 1 --valid > "$t/valid.n"
cmp -s "$t/valid.n" "$t/valid.1" || { echo "differs: pgngrep --valid"; status=1; }
recipe pgngrep -j 1 -c --finding result-mismatch | awk '{ n += $1 } END { print n }' > "$t/count.n"
cmp -s "$t/count.n" "$t/count.1" || { echo "differs: pgngrep -c (sum of the chunks' counts)"; status=1; }
recipe pgnlint --format json 2>/dev/null | strip > "$t/lint.n"
cmp -s "$t/lint.n" "$t/lint.1" || { echo "differs: pgnlint --format json"; status=1; }
chunks=$(recipe pgngrep -c | wc -l)
[ "$chunks" -gt 10 ] || { echo "differs: only $chunks chunks"; status=1; }
exit $status
