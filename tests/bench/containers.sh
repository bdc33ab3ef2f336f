#!/bin/sh
# containers.sh — compressed input on SHARED/corpora/big/bench.pgn, in one
# run on one machine:
#   - bench.pgn recompressed with zstd, bzip2 and xz (made once into
#     BINDIR/../bench/, never committed): `pgngrep -c --valid` must count
#     the same games on each as on the plain file (a failure otherwise);
#   - zstd input read by pgngrep itself against zstd(1) doing the
#     decompression in a pipe (`zstd -dc | pgngrep`), at -j 1 and -j 2
#     (goal: within 1.15x at -j 2), and against `zstd -dc > /dev/null`
#     alone, the floor.
# Prints seconds (best of REPEAT runs, default 3), CPU seconds, peak memory
# and the ratios, and the machine's load before and after.
#
#   sh tests/bench/containers.sh BINDIR SHARED
bindir=$1
shared=$2
repeat=${REPEAT:-3}
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
ratio() {
    awk -v t="$1" -v a="$2" -v b="$3" -v g="$4" 'BEGIN { if (a > 0 && b > 0) printf "  %-58s %6.2fx  (%s)\n", t, a / b, g }'
}

echo "== containers: bench.pgn as .zst ($(wc -c <"$pgn.zst") bytes), .bz2 ($(wc -c <"$pgn.bz2")), .xz ($(wc -c <"$pgn.xz")); best of $repeat"
echo "load before: $(uptime | sed 's/.*load average/load average/')"
printf '%-52s %7s %7s %7s\n' command seconds cpu-s peak
status=0
bench_measure 1 "$cache/out" "$bindir/pgngrep" -j 2 -c --valid "$pgn" || status=1
plain=$(cat "$cache/out")
row "pgngrep -j 2 -c --valid bench.pgn"
for ext in zst bz2 xz; do
    bench_measure 1 "$cache/out" "$bindir/pgngrep" -j 2 -c --valid "$pgn.$ext" || status=1
    row "pgngrep -j 2 -c --valid bench.pgn.$ext"
    n=$(cat "$cache/out")
    if [ "$n" = "$plain" ]; then
        echo "  same count as the plain file: $n"
    else
        echo "containers bench: .$ext counted '$n', the plain file $plain" >&2
        status=1
    fi
done
bench_measure "$repeat" /dev/null zstd -dc "$pgn.zst" || status=1
floor_s=$seconds
row "zstd -dc bench.pgn.zst > /dev/null"
for j in 1 2; do
    bench_measure "$repeat" "$cache/out" "$bindir/pgngrep" -j $j -c --valid "$pgn.zst" || status=1
    eval "own$j=\$seconds own_cpu$j=\$cpu"
    row "pgngrep -j $j -c --valid bench.pgn.zst"
    # zstd(1) decompresses, pgngrep reads the pipe
    bench_measure "$repeat" "$cache/out" sh -c 'zstd -dc "$1" | "$2" -j "$3" -c --valid' sh "$pgn.zst" \
        "$bindir/pgngrep" $j || status=1
    eval "pipe$j=\$seconds pipe_cpu$j=\$cpu"
    row "zstd -dc bench.pgn.zst | pgngrep -j $j -c --valid"
done
echo "load after: $(uptime | sed 's/.*load average/load average/')"
echo "ratios (wall time):"
ratio "pgngrep -j 1 on .zst / zstd -dc | pgngrep -j 1" "$own1" "$pipe1" "-"
ratio "pgngrep -j 2 on .zst / zstd -dc | pgngrep -j 2" "$own2" "$pipe2" "goal <= 1.15x"
ratio "pgngrep -j 2 on .zst / zstd -dc alone" "$own2" "$floor_s" "the floor"
if [ -n "$bench_timer" ]; then
    # on a loaded machine a pipe of two processes is scheduled more often
    # than one busy process: CPU time compares the work itself
    echo "ratios (CPU time, both processes of the pipe counted):"
    ratio "pgngrep -j 1 on .zst / zstd -dc | pgngrep -j 1" "$own_cpu1" "$pipe_cpu1" "-"
    ratio "pgngrep -j 2 on .zst / zstd -dc | pgngrep -j 2" "$own_cpu2" "$pipe_cpu2" "goal <= 1.15x"
fi
exit $status
