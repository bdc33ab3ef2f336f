#!/bin/sh
# throughput.sh — the goals of issue 19 as ratios, side by side, in one run:
#   pgngrep -j 1 -c --valid, pgnlint -j 1 --format json and pgnconv -j 1
#   (writing SAN), each against pgn-extract -r (Debian package pgn-extract:
#   parse and check every move, write nothing) on the same file; the ratio to
#   pgn-reader (Rust, not buildable here) is the pgn-extract ratio / 6.6, its
#   speed on this machine kind;
#   pgngrep -j 2 -c --valid on bench.pgn.gz against `gzip -dc` alone, and on a
#   .zst copy against `zstd -dc` alone.
# Every figure is the MEDIAN of RUNS (default 5) rounds; a round runs each
# command once, the peer next to ours (pgn-extract, pgngrep, pgnlint, pgnconv,
# zcat, pgngrep .gz, zstd -dc, pgngrep .zst), so a load that comes and goes
# falls on both sides.  Wall and CPU (user + system) seconds, peak resident
# memory (GNU time; the largest of the runs), the load average before, after
# and at each round, the goal next to each ratio and whether it is met.
# Then a check that the results do not depend on the threads: -j 2's output is
# byte-identical to -j 1's for all three tools, and the .gz and .zst counts
# equal the plain one.
#
#   sh tests/bench/throughput.sh BINDIR SHARED
#   RUNS=3 QUICK=20 sh tests/bench/throughput.sh build/bin ../shared
#
# Then the scaling to five times the input (see below; SCALE=0 skips it).
#
# QUICK=N measures the first N MB of bench.pgn (cut at a game boundary)
# instead of the whole 200 MB: the section in a few minutes.  bench.pgn is
# decompressed once into BINDIR/../bench/ (BENCH_PGN names another copy); the
# slice and the .zst copy are made there too.  Without SHARED the section is
# skipped; without pgn-extract (PGN_EXTRACT names it, empty for none) or zstd
# their rows are left out.

bindir=$1
shared=$2
runs=${RUNS:-5}
quick=${QUICK:-}
reader_factor=6.6
gz_src=$shared/corpora/big/bench.pgn.gz
if [ ! -f "$gz_src" ]; then
    echo "== throughput: $gz_src not found, skipped"
    exit 0
fi
for tool in pgngrep pgnconv pgnlint; do
    [ -x "$bindir/$tool" ] || { echo "throughput bench: $bindir/$tool not found" >&2; exit 1; }
done
cache=$(cd "$bindir/.." && pwd)/bench
mkdir -p "$cache" || exit 1
pgn=${BENCH_PGN:-$cache/bench.pgn}
# the copy is made again when the .gz is another file (name, size or time)
source_id=$(cd "$(dirname "$gz_src")" && pwd)/$(ls -ln --time-style=+%s "$gz_src" | awk '{ print $5, $6, $7 }')
if [ -z "${BENCH_PGN:-}" ] && { [ ! -s "$pgn" ] || [ "$(cat "$pgn.source" 2>/dev/null)" != "$source_id" ]; }; then
    gzip -dc "$gz_src" >"$pgn.tmp" && mv "$pgn.tmp" "$pgn" && echo "$source_id" >"$pgn.source" ||
        { echo "throughput bench: cannot decompress $gz_src" >&2; exit 1; }
fi
# made_from FILE: true when FILE exists and was made from $pgn as it is now
made_from() {
    [ -s "$1" ] && [ "$(cat "$1.source" 2>/dev/null)" = "$(ls -ln --time-style=+%s "$pgn" | awk '{ print $5, $6, $7 }') $quick" ]
}
stamp() { ls -ln --time-style=+%s "$pgn" | awk -v q="$quick" '{ print $5, $6, $7, q }' >"$1.source"; }

gz=$gz_src
if [ -n "$quick" ]; then
    case $quick in *[!0-9]* | '') echo "throughput bench: QUICK must be a number of MB" >&2; exit 1 ;; esac
    slice=$cache/bench-$quick.pgn
    if ! made_from "$slice"; then
        head -c $((quick * 1000000)) "$pgn" >"$slice.tmp" || exit 1
        last=$(grep -n '^\[Event ' "$slice.tmp" | tail -1 | cut -d: -f1)
        [ -n "$last" ] && [ "$last" -gt 1 ] || { echo "throughput bench: no whole game in the first $quick MB" >&2; exit 1; }
        head -n $((last - 1)) "$slice.tmp" >"$slice" && rm -f "$slice.tmp" && stamp "$slice" || exit 1
    fi
    pgn=$slice
    gz=$slice.gz
    if ! made_from "$gz"; then gzip -c "$pgn" >"$gz" && stamp "$gz" || exit 1; fi
fi
zst=""
if command -v zstd >/dev/null 2>&1; then
    zst=$pgn.zst
    if ! made_from "$zst"; then zstd -q -c "$pgn" >"$zst" && stamp "$zst" || exit 1; fi
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
load() { uptime | sed 's/.*load average: *//'; }

# timed KEY OUT COMMAND...: one run of `COMMAND >OUT`; its wall and CPU
# seconds are added to the lists $wall_KEY and $cpu_KEY, the peak (KiB) kept
# in $peak_KEY when larger
status=0
timed() {
    key=$1
    out=$2
    shift 2
    bench_measure 1 "$out" "$@" || { status=1; return 1; }
    eval "wall_$key=\"\$wall_$key $seconds\" cpu_$key=\"\$cpu_$key $cpu\""
    eval "old=\${peak_$key:-0}"
    [ -n "$peak" ] && [ "$peak" -gt "$old" ] && eval "peak_$key=$peak"
    return 0
}
median() { # median LIST: the middle value (mean of the two middle ones)
    echo "$1" | tr ' ' '\n' | grep . | sort -g |
        awk '{ v[NR] = $1 } END { if (NR == 0) print ""; else if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

label=bench.pgn
[ -n "$quick" ] && label="first $quick MB of bench.pgn"
echo "== throughput: $label, $bytes bytes, $games games; median of $runs interleaved rounds"
echo "load before: $(load)"
round=0
round_loads=""
while [ "$round" -lt "$runs" ]; do
    round=$((round + 1))
    if [ -n "$extract" ]; then
        timed extract /dev/null "$extract" -s --quiet -r "$pgn"
    fi
    timed grep "$cache/out.grep1" "$bindir/pgngrep" -j 1 -c --valid "$pgn"
    timed lint "$cache/out.lint1" "$bindir/pgnlint" -j 1 --format json "$pgn"
    timed conv "$cache/out.conv1" "$bindir/pgnconv" -j 1 "$pgn"
    timed zcat /dev/null gzip -dc "$gz"
    timed gz "$cache/out.gz2" "$bindir/pgngrep" -j 2 -c --valid "$gz"
    if [ -n "$zst" ]; then
        timed zstdc /dev/null zstd -q -dc "$zst"
        timed zst "$cache/out.zst2" "$bindir/pgngrep" -j 2 -c --valid "$zst"
    fi
    round_loads="$round_loads $(uptime | sed 's/.*load average: *//; s/,.*//')"
done
echo "load after: $(load); 1-minute load after each round:$round_loads"

printf '%-40s %8s %8s %8s %9s %8s\n' "command (median of $runs)" wall-s cpu-s MB/s games/s peak
row() { # row KEY LABEL
    eval "w=\$(median \"\$wall_$1\") c=\$(median \"\$cpu_$1\") p=\${peak_$1:-}"
    [ -n "$w" ] || return 0
    awk -v name="$2" -v s="$w" -v cpu="$c" -v bytes="$bytes" -v games="$games" -v peak="$p" \
        'BEGIN { printf "%-40s %8.2f %8s %8.1f %9.0f %8s\n", name, s, cpu == "" ? "?" : cpu,
                        bytes / s / 1e6, games / s, peak == "" ? "?" : sprintf("%.1f MB", peak / 1024) }'
}
row extract "pgn-extract -s --quiet -r"
row grep "pgngrep -j 1 -c --valid"
row lint "pgnlint -j 1 --format json"
row conv "pgnconv -j 1 (SAN)"
row zcat "gzip -dc bench.pgn.gz >/dev/null"
row gz "pgngrep -j 2 -c --valid bench.pgn.gz"
row zstdc "zstd -dc bench.pgn.zst >/dev/null"
row zst "pgngrep -j 2 -c --valid bench.pgn.zst"

# goal KIND LABEL KEY PEER GOAL: one line of the goals table.  KIND "faster":
# the ratio is the peer's time / ours, met when >= GOAL; KIND "slower": ours /
# the peer's, met when <= GOAL (empty: no goal, the ratio only).  By wall time,
# then by CPU time (shown when both sides used 0.2 s or more: GNU time counts
# hundredths).
goal() {
    eval "ow=\$(median \"\$wall_$3\") pw=\$(median \"\$wall_$4\") oc=\$(median \"\$cpu_$3\") pc=\$(median \"\$cpu_$4\")"
    [ -n "$ow" ] && [ -n "$pw" ] || return 0
    awk -v kind="$1" -v name="$2" -v ow="$ow" -v pw="$pw" -v oc="$oc" -v pc="$pc" -v g="$5" -v rf="$reader_factor" 'BEGIN {
        if (kind == "faster") {
            r = pw / ow; rc = (oc >= 0.2 && pc >= 0.2) ? sprintf("%6.2fx", pc / oc) : "-"; met = r >= g
            printf "  %-36s %6.2fx  %6.2fx  %7s  >= %-5s %-6s  %s\n", name, r, r / rf, rc, g "x", met ? "met" : "MISSED",
                   met ? "" : sprintf("(%.0f%% short)", (1 - r / g) * 100)
        } else {
            r = ow / pw; rc = (oc >= 0.2 && pc >= 0.2) ? sprintf("%6.2fx", oc / pc) : "-"; met = r <= g
            if (g == "") { printf "  %-36s %6.2fx  %7s  %7s  (no goal in issue 19)\n", name, r, "-", rc; exit }
            printf "  %-36s %6.2fx  %7s  %7s  <= %-5s %-6s  %s\n", name, r, "-", rc, g "x", met ? "met" : "MISSED",
                   met ? "" : sprintf("(%.0f%% over)", (r / g - 1) * 100)
        }
    }'
}
echo "goals (issue 19; ratio of medians; pgn-reader = pgn-extract ratio / $reader_factor):"
printf '  %-36s %7s  %7s  %7s  %-8s %s\n' "" wall "reader" cpu goal ""
if [ -n "$extract" ]; then
    goal faster "pgngrep -j1 -c --valid / extract -r" grep extract 13.2
    goal faster "pgnlint -j1 json / extract -r" lint extract 9.9
    goal faster "pgnconv -j1 SAN / extract -r" conv extract 9.9
else
    echo "  pgn-extract not installed (Debian package pgn-extract): no chess ratios"
fi
goal slower "pgngrep -j2 .gz / gzip -dc" gz zcat 1.15
goal slower "pgngrep -j2 .zst / zstd -dc" zst zstdc ""
echo "  (goals: 2x pgn-reader = 13.2x extract -r; 1.5x pgn-reader = 9.9x; .gz at most 1.15x gzip -dc alone)"

echo "peak memory (largest of the runs; flat in the input size):"
for k in grep:pgngrep_-j1 lint:pgnlint_-j1 conv:pgnconv_-j1 gz:pgngrep_-j2_.gz zst:pgngrep_-j2_.zst; do
    eval "p=\${peak_${k%%:*}:-}"
    [ -n "$p" ] && printf '  %-24s %6.1f MB\n' "$(echo "${k#*:}" | tr _ ' ')" "$(awk -v p="$p" 'BEGIN { print p / 1024 }')"
done

# Scaling (issue 19: linear to 1 GB, memory flat): each tool once at -j 1 on
# the input five times over (1 GB for bench.pgn), read from a pipe so that
# no copy is written; CPU seconds per 100 MB and peak memory against the
# rounds above.  SCALE=0 leaves it out (QUICK runs too, unless SCALE=1).
scale=${SCALE:-}
[ -z "$scale" ] && { [ -n "$quick" ] && scale=0 || scale=1; }
if [ "$scale" = 1 ] && [ -n "$bench_timer" ]; then
    echo "scaling: the input 5 times over ($((bytes * 5 / 1000000)) MB) from a pipe, -j 1, against the rounds above:"
    printf '  %-26s %12s %12s %10s %10s\n' "" "cpu-s/100MB" "x5: /100MB" "peak" "x5: peak"
    for k in grep:pgngrep:-c_--valid lint:pgnlint:--format_json conv:pgnconv:; do
        key=${k%%:*} rest=${k#*:} tool=${rest%%:*} args=$(echo "${rest#*:}" | tr _ ' ')
        cat "$pgn" "$pgn" "$pgn" "$pgn" "$pgn" |
            $bench_timer -f '%U %S %M' -o "$cache/time.out" "$bindir/$tool" -j 1 $args - >/dev/null 2>"$cache/err.out"
        rc=$?
        [ "$rc" -le 1 ] || { echo "throughput bench: $tool on 5x the input exited with $rc" >&2; sed 5q "$cache/err.out" >&2; status=1; continue; }
        eval "c1=\$(median \"\$cpu_$key\") p1=\${peak_$key:-0}"
        tail -1 "$cache/time.out" | awk -v name="$tool -j 1 $args" -v c1="$c1" -v p1="$p1" -v b="$bytes" '{
            c5 = $1 + $2; p5 = $3
            printf "  %-26s %12.3f %12.3f %7.1f MB %7.1f MB  cpu per MB x%.2f, peak x%.2f\n", name,
                   c1 / b * 1e8, c5 / (5 * b) * 1e8, p1 / 1024, p5 / 1024, (c5 / 5) / c1, p5 / p1 }'
    done
fi

# the results must not depend on the threads or the compression
n=$(cat "$cache/out.grep1")
[ "$n" -gt 0 ] 2>/dev/null || { echo "throughput bench: pgngrep -c printed '$n'" >&2; status=1; }
[ "$(cat "$cache/out.gz2")" = "$n" ] || { echo "throughput bench: .gz -j 2 counted $(cat "$cache/out.gz2"), plain -j 1 $n" >&2; status=1; }
[ -z "$zst" ] || [ "$(cat "$cache/out.zst2")" = "$n" ] || { echo "throughput bench: .zst -j 2 counted $(cat "$cache/out.zst2"), plain -j 1 $n" >&2; status=1; }
same="pgngrep -c: $n valid games, same from .gz"
[ -n "$zst" ] && same="$same and .zst"
bench_measure 1 "$cache/out.grep2" "$bindir/pgngrep" -j 2 -c --valid "$pgn" || status=1
cmp -s "$cache/out.grep1" "$cache/out.grep2" || { echo "throughput bench: pgngrep -j 2 counted $(cat "$cache/out.grep2"), -j 1 $n" >&2; status=1; }
bench_measure 1 "$cache/out.lint2" "$bindir/pgnlint" -j 2 --format json "$pgn" || status=1
cmp -s "$cache/out.lint1" "$cache/out.lint2" || { echo "throughput bench: pgnlint -j 2 wrote other findings than -j 1" >&2; status=1; }
bench_measure 1 "$cache/out.conv2" "$bindir/pgnconv" -j 2 "$pgn" || status=1
cmp -s "$cache/out.conv1" "$cache/out.conv2" || { echo "throughput bench: pgnconv -j 2 wrote another output than -j 1" >&2; status=1; }
[ "$status" = 0 ] && echo "byte-identical: -j 2 = -j 1 for pgngrep, pgnlint, pgnconv; $same"
rm -f "$cache/out.conv1" "$cache/out.conv2"
exit $status
