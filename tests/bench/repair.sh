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

# Each seed plants other errors in the same games; the pooled figure (all
# seeds' games of a kind together) is the one the goals are read against:
# 200 games give a rate within about 2.5 points (one standard error).
seeds=${REPAIR_SEEDS:-0 1 2}
runs=$(mktemp)
trap 'rm -f "$runs"' EXIT
for seed in $seeds; do
    echo "== repair: one planted error per game, ${REPAIR_GAMES:-200} games of bench.pgn.gz per kind, seed $seed (CPU time per game)"
    REPAIR_BENCH_SEED=$seed "$bench" "$gz" "${REPAIR_GAMES:-200}" | tee -a "$runs"
    [ "$(tail -n 1 "$runs" | cut -c1-5)" = "peer:" ] || exit 1
done
# kind games first% top3% ... : pooled by kind over the seeds
awk -v seeds="$seeds" '
    $3 ~ /%$/ && $4 ~ /%$/ && $2 ~ /^[0-9]+$/ {
        k = $1; n = $2; f = $3; t = $4; sub(/%/, "", f); sub(/%/, "", t)
        if (!(k in games)) order[++kinds] = k
        games[k] += n; first[k] += f * n / 100; top3[k] += t * n / 100
    }
    END {
        printf "== repair: pooled over seeds %s\n%-10s %6s %8s %8s   goal: first >= 85%%, top 3 >= 95%% (sheets: >= 95%%)\n", seeds, "kind", "games", "first", "top3"
        for (i = 1; i <= kinds; i++) {
            k = order[i]
            if (games[k] == 0) { printf "%-10s %6d %8s %8s   (no game of this kind)\n", k, 0, "-", "-"; continue }
            fr = 100 * first[k] / games[k]; tr = 100 * top3[k] / games[k]
            met = k == "sheets" ? (fr >= 95) : (fr >= 85 && tr >= 95)
            printf "%-10s %6d %7.1f%% %7.1f%%   %s\n", k, games[k], fr, tr, met ? "met" : "MISSED"
        }
    }' "$runs"

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
