#!/bin/sh
# trf.sh — the cost of checking a tournament submission: pgnlint --trf on a
# generated 1,000-game event (200 players, 10 rounds; tests/tournament/
# make_event.py, fixed seed) against pgnlint without --trf on the same games
# in the same run (both -j 1, JSON to /dev/null), with the players matched
# by FIDE ID and by name only; then the peak memory with the same report and
# the games given 1, 10 and 100 times (the repeats are duplicate games):
# memory must not grow with the number of games.  Needs python3, not SHARED.
#
#   sh tests/bench/trf.sh BINDIR SHARED

bindir=$1
repeat=${REPEAT:-3}
lint=$bindir/pgnlint
[ -x "$lint" ] || { echo "trf bench: $lint not found" >&2; exit 1; }
command -v python3 >/dev/null || { echo "== trf: python3 not found, skipped"; exit 0; }
here=$(cd "$(dirname "$0")" && pwd)
cache=$(cd "$bindir/.." && pwd)/bench/trf
mkdir -p "$cache/ids" "$cache/names" || exit 1
bench_name=trf
. "$here/lib/measure.sh"
python3 "$here/../tournament/make_event.py" 200 10 "$cache/ids" &&
python3 "$here/../tournament/make_event.py" 200 10 "$cache/names" noids || exit 1
ARBITER_DATA=${ARBITER_DATA:-$(cd "$here/../.." && pwd)}
export ARBITER_DATA

row() { # row LABEL SECONDS PEAK [RATIO]
    awk -v name="$1" -v s="$2" -v peak="$3" -v ratio="$4" -v games="$games" \
        'BEGIN { printf "%-44s %8d %8.3f %10.0f %9s %7s\n", name, games, s, games / s,
                        peak == "" ? "?" : sprintf("%.1f MB", peak / 1024), ratio }'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fx", a / b }'; }

games=$(grep -c '^\[Event ' "$cache/ids/games.pgn")
echo "== trf: a $games-game event checked against its report; best of $repeat"
printf '%-44s %8s %8s %10s %9s %7s\n' command games seconds games/s peak "vs plain"
status=0
bench_measure "$repeat" /dev/null "$lint" -j 1 --format json "$cache/ids/games.pgn" || status=1
plain=$seconds
row "pgnlint -j 1 --format json (no report)" "$seconds" "$peak"
bench_measure "$repeat" /dev/null "$lint" --format json --trf "$cache/ids/event.trf" "$cache/ids/games.pgn" || status=1
row "pgnlint --trf, players by FIDE ID" "$seconds" "$peak" "$(ratio "$seconds" "$plain")"
bench_measure "$repeat" /dev/null "$lint" -j 1 --format json "$cache/names/games.pgn" || status=1
plain=$seconds
bench_measure "$repeat" /dev/null "$lint" --format json --trf "$cache/names/event.trf" "$cache/names/games.pgn" || status=1
row "pgnlint --trf, players by name" "$seconds" "$peak" "$(ratio "$seconds" "$plain")"
bench_measure 1 /dev/null "$lint" --format html --trf "$cache/ids/event.trf" "$cache/ids/games.pgn" || status=1
row "pgnlint --format html --trf" "$seconds" "$peak"

echo "-- memory with the same report, the games repeated (duplicates)"
printf '%-44s %8s %8s %10s %9s\n' input games seconds games/s peak
for times in 1 10 100; do
    f=$cache/ids/games-x$times.pgn
    if [ ! -s "$f" ]; then
        i=0
        while [ $i -lt $times ]; do cat "$cache/ids/games.pgn"; i=$((i + 1)); done > "$f"
    fi
    games=$(grep -c '^\[Event ' "$f")
    bench_measure 1 /dev/null "$lint" --format json --trf "$cache/ids/event.trf" "$f" || status=1
    row "games x$times" "$seconds" "$peak"
done
exit $status
