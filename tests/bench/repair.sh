#!/bin/sh
# repair.sh — scoresheet repair (pgnrepair, lib/repair): how often the
# original game comes back, and how fast.
#
#   sh tests/bench/repair.sh BINDIR SHARED
#
# 1. BINDIR/../tests/repair-bench (tests/bench/repair_bench.c) takes the first
#    REPAIR_GAMES (default 200) games of SHARED/corpora/big/bench.pgn.gz that
#    replay and plants in each, with a fixed seed, one recording error of each
#    kind (wrong piece letter, square one off, capture mark, disambiguation,
#    promotion piece, castling side, missing move, move written twice, two
#    moves swapped, a legal move that breaks the game later, a Romanian sheet
#    with an English knight letter, and two sheets with independent errors).
#    Per kind: original game first / among the first three suggestions / no
#    repair, and CPU time per game (median, 99th percentile, max), against
#    replaying the same games as written (the peer, same run).
# 2. No game that replays is ever changed: the games of the first 20,000 of
#    bench.pgn.gz that replay (pgngrep --valid) go through pgnrepair and must
#    come out byte for byte; its time against pgngrep --valid on them.

bindir=$1
shared=$2
gz=$shared/corpora/big/bench.pgn.gz
bench=$(cd "$bindir/.." && pwd)/tests/repair-bench
if [ ! -f "$gz" ]; then
    echo "== repair: $gz not found, skipped"
    exit 0
fi
[ -x "$bench" ] || { echo "repair bench: $bench not found (make $bench)" >&2; exit 1; }
root=$(cd "$(dirname "$0")/../.." && pwd)
ARBITER_DATA=${ARBITER_DATA:-$root}
export ARBITER_DATA

echo "== repair: one planted error per game, ${REPAIR_GAMES:-200} games of bench.pgn.gz per kind (CPU time per game)"
"$bench" "$gz" "${REPAIR_GAMES:-200}" || exit 1

cache=$(cd "$bindir/.." && pwd)/bench
mkdir -p "$cache" || exit 1
gzip -dc "$gz" | awk '/^\[Event /{n++} n>20000{exit} {print}' | "$bindir/pgngrep" -j 1 --valid >"$cache/repair-valid.pgn" 2>/dev/null
games=$(grep -c '^\[Event ' "$cache/repair-valid.pgn")
start=$(date +%s.%N)
"$bindir/pgnrepair" -j 1 "$cache/repair-valid.pgn" >"$cache/repair-out.pgn" 2>"$cache/repair-err.txt"
rc=$?
mid=$(date +%s.%N)
"$bindir/pgngrep" -j 1 --valid "$cache/repair-valid.pgn" >/dev/null 2>&1
end=$(date +%s.%N)
if [ $rc -eq 0 ] && cmp -s "$cache/repair-valid.pgn" "$cache/repair-out.pgn"; then
    verdict="unchanged, byte for byte"
else
    verdict="CHANGED (exit $rc; see $cache/repair-out.pgn)"
fi
awk -v g="$games" -v a="$start" -v b="$mid" -v c="$end" -v v="$verdict" 'BEGIN {
    printf "games that replay through pgnrepair: %d games %s; %.2f s (pgngrep --valid %.2f s, ratio %.2f)\n",
           g, v, b - a, c - b, ((c - b) > 0 ? (b - a) / (c - b) : 0) }'
case $verdict in unchanged*) exit 0 ;; *) exit 1 ;; esac
