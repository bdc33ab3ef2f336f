# chunks.sh — a file cut into chunks at '[Event ' lines (as GNU parallel
# --pipe --recstart '[Event ' cuts it), each chunk checked on its own with
# --first-game set to the number of its first game (1 + the games of the
# chunks before, counted with pgngrep -c), gives the game numbers of the
# whole file.  Lines count from each chunk's start, so every "line" (of a
# finding, of a repair's edit) is left out of the comparison.  Prints the
# game numbers of the chunks' game lines.
set -u
t=$(mktemp -d) || exit 2
trap 'rm -rf "$t"' EXIT
cat ../../../grep/mixed.pgn ../../../grep/mixed.pgn ../../../grep/mixed.pgn > "$t/in.pgn"
# chunks of 4 '[Event ' lines (anything before the first goes with the first)
awk -v dir="$t" '/^\[Event / { n++ } { print > (dir "/chunk" sprintf("%02d", int((n > 0 ? n - 1 : 0) / 4))) }' "$t/in.pgn"
strip() { sed -e 's/"line":[0-9]*,//g'; }
pgnlint --format json - < "$t/in.pgn" 2>/dev/null | strip > "$t/whole"
first=1
for c in "$t"/chunk*; do
    pgnlint --first-game "$first" --format json - < "$c" 2>/dev/null | strip >> "$t/chunks"
    first=$((first + $(pgngrep -c < "$c")))
done
echo "chunks: $(ls "$t" | grep -c chunk0), games: $((first - 1))"
echo "game numbers: $(grep '"type":"game"' "$t/chunks" | sed 's/.*"game":\([0-9]*\).*/\1/' | tr '\n' ' ')"
cmp -s "$t/whole" "$t/chunks" || { echo "differs: the chunks' findings are not the whole file's"; exit 1; }
echo "same findings and game numbers as the whole file"
