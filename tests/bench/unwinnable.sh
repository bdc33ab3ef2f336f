#!/bin/sh
# unwinnable.sh — the decision of 5.2.2 / 6.9 (lib/chess/unwinnable.h) on the
# shared unwinnability data, and what the every-ply check costs pgnlint.
#
#   sh tests/bench/unwinnable.sh BINDIR SHARED
#
# SHARED/corpora/unwinnable (skipped without it):
#   lichess-unfair-timeouts-2022-04.txt  88,387 games lost on time whose winner
#       (the side that just moved) cannot mate: the share flagged "cannot mate"
#       (floor 99.5 %), median and 99th-percentile time per position;
#   lichess-30K-labeled.txt  30,000 timeouts labelled winnable/unwinnable:
#       flagged among each label (expected: the 3 unwinnable, none else).
# The Chess Unwinnability Analyzer (CHA, Ambrona 2022) is not packaged, so its
# published figures stand beside ours: 4.5 us per position in its quick mode,
# 336 us in its full mode.  Then pgnlint over the first BENCH_UNWINNABLE_MB
# (default 40) MB of SHARED/corpora/big/bench.pgn.gz, with the search and with
# --dead-by-material, best of REPEAT (default 2), as a ratio.

bindir=$1
shared=$2
repeat=${REPEAT:-2}
dead=$bindir/arbiter-dead
lint=$bindir/pgnlint
[ -x "$dead" ] || { echo "unwinnable bench: $dead not found" >&2; exit 1; }
dir=$shared/corpora/unwinnable
if [ ! -d "$dir" ]; then
    echo "== unwinnable: $dir not found, skipped"
    exit 0
fi
bench_name=unwinnable
. "$(cd "$(dirname "$0")" && pwd)/lib/measure.sh"
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT

echo "== unwinnable: can the side that just moved still mate? (CHA published: quick 4.5 us, full 336 us per position)"
status=0
unfair=$dir/lichess-unfair-timeouts-2022-04.txt
"$dead" --side waiting --json --time --file "$unfair" >"$t/unfair.json" 2>"$t/unfair.err" || status=1
total=$(grep -c . "$unfair")
flagged=$(grep -c '"answer":"impossible"' "$t/unfair.json")
awk -v f="$flagged" -v n="$total" 'BEGIN { printf "unfair timeouts: %d of %d flagged cannot-mate (%.2f %%; floor 99.5 %%)\n", f, n, 100 * f / n }'
sed 's/^arbiter-dead: /  time: /' "$t/unfair.err"

labelled=$dir/lichess-30K-labeled.txt
cut -d' ' -f2- "$labelled" >"$t/30k.fen"
cut -d' ' -f1 "$labelled" >"$t/30k.label"
"$dead" --side waiting --json --time --file "$t/30k.fen" >"$t/30k.json" 2>"$t/30k.err" || status=1
grep -o '"answer":"[a-z]*"' "$t/30k.json" | paste -d' ' "$t/30k.label" - | sort | uniq -c |
    awk '{ printf "30K labelled: %-10s answered %-24s %6d\n", $2, $3, $1 }'
sed 's/^arbiter-dead: /  time: /' "$t/30k.err"

gz=$shared/corpora/big/bench.pgn.gz
if [ -x "$lint" ] && [ -f "$gz" ]; then
    mb=${BENCH_UNWINNABLE_MB:-40}
    gzip -dc "$gz" | head -c $((mb * 1000000)) >"$t/sample.pgn"
    bench_measure "$repeat" /dev/null "$lint" -j 1 --format json "$t/sample.pgn"
    with=${cpu:-$seconds}
    bench_measure "$repeat" /dev/null "$lint" -j 1 --format json --dead-by-material "$t/sample.pgn"
    without=${cpu:-$seconds}
    awk -v a="$with" -v b="$without" -v mb="$mb" 'BEGIN {
        printf "pgnlint -j 1 on %d MB of bench.pgn (CPU seconds): %.2f with the search, %.2f by material only: x%.3f\n",
               mb, a, b, a / b }'
fi
exit $status
