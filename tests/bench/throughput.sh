#!/bin/sh
# throughput.sh — the filters' speed on SHARED/corpora/big/bench.pgn (~200 MB,
# ~300,000 real games) and its .gz, in one run on one machine:
#   pgngrep -c --valid, pgnconv, pgnlint --format json, each with -j 1 and -j 2;
#   pgn-extract doing comparable work: -r (check every move, no output) for
#   pgngrep --valid, SAN output for pgnconv, --fixresulttags --repetition
#   --fifty for pgnlint;
#   the physical floor: cat bench.pgn > /dev/null and zcat bench.pgn.gz > /dev/null.
# Prints seconds (best of REPEAT runs, default 3; pgn-extract PEER_REPEAT runs,
# default 1), CPU seconds, MB/s of PGN text, games/s, peak resident memory, the
# ratios the goals are stated in, and the machine's load before and after (the
# machine may be shared: read the figures with the load).
#
#   sh tests/bench/throughput.sh BINDIR SHARED
#
# bench.pgn is decompressed once into BINDIR/../bench/ (BENCH_PGN names another
# copy to use).  Without SHARED the section is skipped; without pgn-extract
# (Debian package pgn-extract; PGN_EXTRACT names it, or is empty for none),
# those rows are left out.  Output goes to a file in the cache; pgngrep's -c
# output is checked against the game count, pgnlint -j 2's output against
# -j 1's.  Every tool's peak memory is checked against the goal of 64 MB.

bindir=$1
shared=$2
repeat=${REPEAT:-3}
peer_repeat=${PEER_REPEAT:-1}
gz=$shared/corpora/big/bench.pgn.gz
if [ ! -f "$gz" ]; then
    echo "== throughput: $gz not found, skipped"
    exit 0
fi
for tool in pgngrep pgnconv pgnlint; do
    [ -x "$bindir/$tool" ] || { echo "throughput bench: $bindir/$tool not found" >&2; exit 1; }
done
cache=$(cd "$bindir/.." && pwd)/bench
mkdir -p "$cache" || exit 1
pgn=${BENCH_PGN:-$cache/bench.pgn}
# the copy is made again when the .gz is another file (name, size or time)
source_id=$(cd "$(dirname "$gz")" && pwd)/$(ls -ln --time-style=+%s "$gz" | awk '{ print $5, $6, $7 }')
if [ -z "${BENCH_PGN:-}" ] && { [ ! -s "$pgn" ] || [ "$(cat "$pgn.source" 2>/dev/null)" != "$source_id" ]; }; then
    gzip -dc "$gz" >"$pgn.tmp" && mv "$pgn.tmp" "$pgn" && echo "$source_id" >"$pgn.source" ||
        { echo "throughput bench: cannot decompress $gz" >&2; exit 1; }
fi
# PGN_EXTRACT names the program; set but empty: no comparison
if [ "${PGN_EXTRACT+set}" = set ]; then
    extract=$PGN_EXTRACT
else
    extract=$(command -v pgn-extract || { [ -x /usr/games/pgn-extract ] && echo /usr/games/pgn-extract; })
fi
bytes=$(wc -c <"$pgn")
games=$(grep -c '^\[Event ' "$pgn")
bench_name=throughput
. "$(cd "$(dirname "$0")" && pwd)/lib/measure.sh"

# measure RUNS COMMAND...: best of RUNS runs of `COMMAND >$cache/out`, in
# $seconds, $cpu and $peak (KiB)
measure() {
    runs=$1
    shift
    bench_measure "$runs" "$cache/out" "$@"
}

row() { # row LABEL: prints the last measurement
    awk -v name="$1" -v s="$seconds" -v cpu="$cpu" -v bytes="$bytes" -v games="$games" -v peak="$peak" \
        'BEGIN { printf "%-44s %7.2f %7s %7.1f %9.0f %7s\n", name, s, cpu == "" ? "?" : cpu,
                        bytes / s / 1e6, games / s, peak == "" ? "?" : sprintf("%.0f MB", peak / 1024) }'
}

# ratio TEXT A B GOAL: "TEXT: A/B = r (goal GOAL)"
ratio() {
    awk -v t="$1" -v a="$2" -v b="$3" -v g="$4" 'BEGIN { if (a > 0 && b > 0) printf "  %-58s %6.2fx  (%s)\n", t, a / b, g }'
}

check_count() { # the -c output must be the number of valid games
    n=$(cat "$cache/out")
    [ "$n" -gt 0 ] 2>/dev/null || { echo "throughput bench: pgngrep -c printed '$n'" >&2; return 1; }
}

echo "== throughput: bench.pgn, $bytes bytes, $games games; best of $repeat (pgn-extract: $peer_repeat)"
echo "load before: $(uptime | sed 's/.*load average/load average/')"
printf '%-44s %7s %7s %7s %9s %7s\n' command seconds cpu-s MB/s games/s peak
status=0
measure "$repeat" cat "$pgn" || status=1
cat_s=$seconds
row "cat bench.pgn > /dev/null"
measure "$repeat" gzip -dc "$gz" || status=1
zcat_s=$seconds
row "zcat bench.pgn.gz > /dev/null"

measure "$repeat" "$bindir/pgngrep" -j 1 -c --valid "$pgn" && check_count || status=1
valid=$(cat "$cache/out")
grep1_s=$seconds grep1_peak=$peak grep1_cpu=$cpu
row "pgngrep -j 1 -c --valid"
measure "$repeat" "$bindir/pgngrep" -j 2 -c --valid "$pgn" && check_count || status=1
grep2_s=$seconds grep2_peak=$peak
row "pgngrep -j 2 -c --valid"
[ "$(cat "$cache/out")" = "$valid" ] || { echo "throughput bench: -j 2 counted $(cat "$cache/out"), -j 1 $valid" >&2; status=1; }
measure "$repeat" "$bindir/pgngrep" -j 1 -c --valid "$gz" && check_count || status=1
row "pgngrep -j 1 -c --valid bench.pgn.gz"
measure "$repeat" "$bindir/pgngrep" -j 2 -c --valid "$gz" && check_count || status=1
grepgz2_s=$seconds
row "pgngrep -j 2 -c --valid bench.pgn.gz"
measure "$repeat" "$bindir/pgngrep" -j 1 -c --tag 'White=^Carlsen' "$pgn" || status=1
row "pgngrep -j 1 -c --tag (tags only)"
measure "$repeat" "$bindir/pgngrep" -j 1 "$pgn" || status=1
cmp -s "$cache/out" "$pgn" || { echo "throughput bench: pgngrep is not the identity on bench.pgn" >&2; status=1; }
row "pgngrep -j 1 (identity)"

measure "$repeat" "$bindir/pgnconv" -j 1 "$pgn" || status=1
conv1_s=$seconds conv1_cpu=$cpu conv1_peak=$peak
row "pgnconv -j 1"
measure "$repeat" "$bindir/pgnconv" -j 2 "$pgn" || status=1
conv2_s=$seconds conv2_peak=$peak
row "pgnconv -j 2"

measure "$repeat" "$bindir/pgnlint" -j 1 --format json "$pgn" || status=1
lint1_s=$seconds lint1_peak=$peak
row "pgnlint -j 1 --format json"
lint_sum=$(cksum <"$cache/out")
measure "$repeat" "$bindir/pgnlint" -j 2 --format json "$pgn" || status=1
lint2_s=$seconds lint2_peak=$peak
row "pgnlint -j 2 --format json"
[ "$(cksum <"$cache/out")" = "$lint_sum" ] || { echo "throughput bench: pgnlint -j 2 wrote other findings than -j 1" >&2; status=1; }

ex_check="" ex_san="" ex_lint=""
if [ -n "$extract" ]; then
    measure "$peer_repeat" "$extract" -s --quiet -r "$pgn" || status=1
    ex_check=$seconds ex_check_cpu=$cpu
    row "pgn-extract -s --quiet -r"
    measure "$peer_repeat" "$extract" -s --quiet -o /dev/null "$pgn" || status=1
    ex_san=$seconds ex_san_cpu=$cpu
    row "pgn-extract -s --quiet -o /dev/null (SAN)"
    measure "$peer_repeat" "$extract" -s --quiet --fixresulttags --repetition --fifty -o /dev/null "$pgn" || status=1
    ex_lint=$seconds
    row "pgn-extract --fixresulttags --repetition --fifty"
else
    echo "pgn-extract not installed (Debian package pgn-extract): no comparison"
fi
echo "load after: $(uptime | sed 's/.*load average/load average/')"

if [ -n "$ex_check" ]; then
    echo "ratios (wall time):"
    ratio "pgngrep -j 1 --valid vs pgn-extract -r" "$ex_check" "$grep1_s" "goal >= 13x, floor 3x"
    ratio "pgngrep -j 2 --valid vs pgn-extract -r" "$ex_check" "$grep2_s" "-"
    ratio "pgnconv -j 1 vs pgn-extract SAN output" "$ex_san" "$conv1_s" "goal >= 10x, floor 3x"
    ratio "pgnconv -j 2 vs pgn-extract SAN output" "$ex_san" "$conv2_s" "-"
    ratio "pgnlint json vs pgn-extract --fixresulttags ..." "$ex_lint" "$lint1_s" "goal >= 3x"
    ratio "pgnlint -j 2 json vs pgn-extract --fixresulttags ..." "$ex_lint" "$lint2_s" "-"
fi
if [ -n "$ex_check" ] && [ -n "$bench_timer" ]; then
    echo "ratios (CPU time: less sensitive to a loaded machine):"
    ratio "pgngrep -j 1 --valid vs pgn-extract -r" "$ex_check_cpu" "$grep1_cpu" "goal >= 13x, floor 3x"
    ratio "pgnconv -j 1 vs pgn-extract SAN output" "$ex_san_cpu" "$conv1_cpu" "goal >= 10x, floor 3x"
fi
echo "ratios (wall time, threads):"
ratio "pgngrep --valid: -j 2 vs -j 1" "$grep1_s" "$grep2_s" "goal >= 1.7x"
ratio "pgnconv: -j 2 vs -j 1" "$conv1_s" "$conv2_s" "-"
ratio "pgnlint: -j 2 vs -j 1" "$lint1_s" "$lint2_s" "-"
ratio "pgngrep -j 2 --valid on .gz: time / zcat time" "$grepgz2_s" "$zcat_s" "goal <= 1.25x"
ratio "pgngrep -j 1 --valid: time / cat time" "$grep1_s" "$cat_s" "-"
if [ -n "$grep1_peak" ]; then
    echo "peak memory (goal < 64 MB):"
    for m in "pgngrep -j 1 --valid:$grep1_peak" "pgngrep -j 2 --valid:$grep2_peak" "pgnconv -j 1:$conv1_peak" \
             "pgnconv -j 2:$conv2_peak" "pgnlint -j 1 --format json:$lint1_peak" "pgnlint -j 2 --format json:$lint2_peak"; do
        kb=${m##*:}
        [ -n "$kb" ] || continue
        printf '  %-40s %5d MB\n' "${m%:*}" $((kb / 1024))
        [ "$kb" -lt $((64 * 1024)) ] || { echo "throughput bench: ${m%:*} used $((kb / 1024)) MB" >&2; status=1; }
    done
fi
exit $status
