#!/bin/sh
# containers.sh — compressed input on SHARED/corpora/big/bench.pgn, in one
# run on one machine:
#   - bench.pgn recompressed with zstd, bzip2 and xz (made once into
#     BINDIR/../bench/, never committed): `pgngrep -c --valid` must count
#     the same games on each as on the plain file (a failure otherwise);
#   - zstd input read by pgngrep itself against zstd(1) doing the
#     decompression in a pipe (`zstd -dc | pgngrep`), at -j 1 and -j 2
#     (goal: within 1.15x at -j 2), and against `zstd -dc > /dev/null`
#     alone, the floor; gzip input (bench.pgn.gz itself) against `zcat`
#     alone (issue 19's goal: within 1.15x at -j 2, in every run).
# The timed commands run in ROUNDS interleaved rounds (default 3): each
# round runs every command once, so a change in the machine's load falls on
# all of them alike.  Prints per command the median wall and CPU seconds
# (user + system, both processes of a pipe counted) and, per ratio, the
# median and the range over the rounds, with the load average of each round.
# CPU time is the work; on a machine shared with other jobs wall time also
# measures the scheduler (a pipe of two processes that sleep and wake
# thousands of times is given the CPU sooner than one busy process).
#
#   sh tests/bench/containers.sh BINDIR SHARED
bindir=$1
shared=$2
repeat=${ROUNDS:-${REPEAT:-3}}
gz=$shared/corpora/big/bench.pgn.gz
if [ ! -f "$gz" ]; then
    echo "== containers: $gz not found, skipped"
    exit 0
fi
for c in zstd bzip2 xz; do
    command -v $c >/dev/null || { echo "== containers: $c not installed, skipped"; exit 0; }
done
cache=$(cd "$bindir/.." && pwd)/bench
mkdir -p "$cache" || exit 1
pgn=$cache/bench.pgn
# the copies are made again when the .gz is another file (name, size or time)
source_id=$(cd "$(dirname "$gz")" && pwd)/$(ls -ln --time-style=+%s "$gz" | awk '{ print $5, $6, $7 }')
if [ "$(cat "$cache/containers.source" 2>/dev/null)" != "$source_id" ]; then
    echo "containers bench: compressing bench.pgn with zstd, bzip2 and xz (once)"
    { gzip -dc "$gz" >"$pgn.tmp" && mv "$pgn.tmp" "$pgn" &&
      zstd -q -3 -c "$pgn" >"$pgn.zst" && bzip2 -9 -c "$pgn" >"$pgn.bz2" && xz -1 -T1 -c "$pgn" >"$pgn.xz" &&
      echo "$source_id" >"$cache/containers.source"; } ||
        { echo "containers bench: cannot prepare the compressed copies" >&2; exit 1; }
fi
bench_name=containers
. "$(cd "$(dirname "$0")" && pwd)/lib/measure.sh"

row() { # row LABEL
    awk -v name="$1" -v s="$seconds" -v cpu="$cpu" -v peak="$peak" \
        'BEGIN { printf "%-52s %7.2f %7s %7s\n", name, s, cpu == "" ? "?" : cpu,
                        peak == "" ? "?" : sprintf("%.0f MB", peak / 1024) }'
}

echo "== containers: bench.pgn as .zst ($(wc -c <"$pgn.zst") bytes), .bz2 ($(wc -c <"$pgn.bz2")), .xz ($(wc -c <"$pgn.xz")), and bench.pgn.gz"
echo "load before: $(uptime | sed 's/.*load average/load average/')"
printf '%-52s %7s %7s %7s\n' command seconds cpu-s peak
status=0
bench_measure 1 "$cache/out" "$bindir/pgngrep" -j 2 -c --valid "$pgn" || status=1
plain=$(cat "$cache/out")
row "pgngrep -j 2 -c --valid bench.pgn"
for ext in gz zst bz2 xz; do
    file=$pgn.$ext
    [ "$ext" = gz ] && file=$gz
    bench_measure 1 "$cache/out" "$bindir/pgngrep" -j 2 -c --valid "$file" || status=1
    row "pgngrep -j 2 -c --valid bench.pgn.$ext"
    n=$(cat "$cache/out")
    if [ "$n" = "$plain" ]; then
        echo "  same count as the plain file: $n"
    else
        echo "containers bench: .$ext counted '$n', the plain file $plain" >&2
        status=1
    fi
done
# one round: every timed command once, in this order
zst=$pgn.zst
timed() { # timed LABEL COMMAND...: appends "round label wall cpu" to $cache/rounds
    label=$1
    shift
    bench_measure 1 "$cache/out" "$@" || status=1
    echo "$round $label $seconds ${cpu:-0}" >>"$cache/rounds"
}
: >"$cache/rounds"
: >"$cache/loads"
round=0
while [ "$round" -lt "$repeat" ]; do
    round=$((round + 1))
    echo "$round $(cut -d ' ' -f 1 /proc/loadavg 2>/dev/null || echo '?')" >>"$cache/loads"
    timed zstd-alone zstd -dc "$zst"
    timed gzip-alone gzip -dc "$gz"
    for j in 1 2; do
        timed own-zst-$j "$bindir/pgngrep" -j $j -c --valid "$zst"
        timed pipe-zst-$j sh -c 'zstd -dc "$1" | "$2" -j "$3" -c --valid' sh "$zst" "$bindir/pgngrep" $j
        timed own-gz-$j "$bindir/pgngrep" -j $j -c --valid "$gz"
    done
done
echo "rounds: $repeat, interleaved; load average (1 min) at the start of each: $(awk '{ printf "%s%s", (NR > 1 ? ", " : ""), $2 }' "$cache/loads")"
awk -v repeat="$repeat" '
    function median(list, n,   a, i, j, t) {
        split(list, a, " ")
        for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
        return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    { wall[$2] = wall[$2] " " $3; cpu[$2] = cpu[$2] " " $4; w[$1, $2] = $3; c[$1, $2] = $4 }
    function row(label, text) {
        printf "%-52s %7.2f %7.2f\n", text, median(wall[label], repeat), median(cpu[label], repeat)
    }
    function ratio(a, b, text, goal,   r, rw, rc, lo, hi, i, x) {
        rw = ""; rc = ""; lo = 1e9; hi = 0
        for (r = 1; r <= repeat; r++) {
            x = w[r, a] / w[r, b]; rw = rw " " x; if (x < lo) lo = x; if (x > hi) hi = x
            rc = rc " " c[r, a] / c[r, b]
        }
        printf "  %-50s wall %5.2fx (%.2f-%.2f)  cpu %5.2fx  %s\n", text, median(rw, repeat), lo, hi,
               median(rc, repeat), goal
    }
    END {
        printf "%-52s %7s %7s\n", "command (median of the rounds)", "seconds", "cpu-s"
        row("zstd-alone", "zstd -dc bench.pgn.zst > /dev/null")
        row("gzip-alone", "zcat bench.pgn.gz > /dev/null")
        for (j = 1; j <= 2; j++) {
            row("own-zst-" j, "pgngrep -j " j " -c --valid bench.pgn.zst")
            row("pipe-zst-" j, "zstd -dc bench.pgn.zst | pgngrep -j " j " -c --valid")
            row("own-gz-" j, "pgngrep -j " j " -c --valid bench.pgn.gz")
        }
        print "ratios, median of the rounds (range of the wall-time ratio):"
        ratio("own-zst-1", "pipe-zst-1", "pgngrep -j 1 on .zst / zstd -dc | pgngrep -j 1", "")
        ratio("own-zst-2", "pipe-zst-2", "pgngrep -j 2 on .zst / zstd -dc | pgngrep -j 2", "goal <= 1.15x")
        ratio("own-zst-2", "zstd-alone", "pgngrep -j 2 on .zst / zstd -dc alone", "the floor")
        ratio("own-gz-1", "gzip-alone", "pgngrep -j 1 on .gz / zcat alone", "")
        ratio("own-gz-2", "gzip-alone", "pgngrep -j 2 on .gz / zcat alone", "goal <= 1.15x in every run")
    }' "$cache/rounds"
exit $status
