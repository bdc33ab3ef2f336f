#!/bin/sh
# notation.sh — converting national notations: SHARED/corpora/big/bench.pgn
# (~200 MB, ~300,000 real games) translated to Romanian (R D T N C: letters
# that collide with SAN's) and to Russian (Cyrillic, two-letter king), then
# converted back to SAN by pgnconv, beside canonical SAN conversion:
#   pgnconv bench.pgn                    canonical SAN (the reference)
#   pgnconv --from LANG bench.LANG.pgn   one locale          goal: >= 1/2 of the reference
#   pgnconv bench.LANG.pgn               default: SAN first, detection per game
#   pgnconv --from auto bench.LANG.pgn   detection for every game   goal: >= 1/3
# Each output must equal the reference output (checked with cmp).  Prints
# seconds (best of REPEAT runs, default 1), CPU seconds, MB/s of input,
# games/s, and the throughput ratio to the reference by wall time and by CPU
# time (the machine may be shared: CPU time is the steadier figure).
#
#   sh tests/bench/notation.sh BINDIR SHARED
#
# Threads: JOBS (default 1) for every run.  bench.pgn is decompressed once
# into BINDIR/../bench/ as throughput.sh does (BENCH_PGN names another copy),
# the translations are made there once per bench.pgn and pgnconv.  Without
# SHARED the section is skipped.

bindir=$1
shared=$2
repeat=${REPEAT:-1}
jobs=${JOBS:-1}
gz=$shared/corpora/big/bench.pgn.gz
if [ ! -f "$gz" ]; then
    echo "== notation: $gz not found, skipped"
    exit 0
fi
conv=$bindir/pgnconv
[ -x "$conv" ] || { echo "notation bench: $conv not found" >&2; exit 1; }
root=$(cd "$(dirname "$0")/../.." && pwd)
ARBITER_DATA=${ARBITER_DATA:-$root}
export ARBITER_DATA
cache=$(cd "$bindir/.." && pwd)/bench
mkdir -p "$cache" || exit 1
pgn=${BENCH_PGN:-$cache/bench.pgn}
source_id=$(cd "$(dirname "$gz")" && pwd)/$(ls -ln --time-style=+%s "$gz" | awk '{ print $5, $6, $7 }')
if [ -z "${BENCH_PGN:-}" ] && { [ ! -s "$pgn" ] || [ "$(cat "$pgn.source" 2>/dev/null)" != "$source_id" ]; }; then
    gzip -dc "$gz" >"$pgn.tmp" && mv "$pgn.tmp" "$pgn" && echo "$source_id" >"$pgn.source" ||
        { echo "notation bench: cannot decompress $gz" >&2; exit 1; }
fi
games=$(grep -c '^\[Event ' "$pgn")
bench_name=notation
. "$(cd "$(dirname "$0")" && pwd)/lib/measure.sh"

# the reference output, and the translations (made again when bench.pgn or
# pgnconv is newer)
reference=$cache/notation.san.pgn
if [ ! -s "$reference" ] || [ "$pgn" -nt "$reference" ] || [ "$conv" -nt "$reference" ]; then
    "$conv" --jobs 2 "$pgn" >"$reference.tmp" 2>/dev/null
    [ $? -le 1 ] && mv "$reference.tmp" "$reference" || { echo "notation bench: cannot convert $pgn" >&2; exit 1; }
fi
for lang in ro ru; do
    t=$cache/bench.$lang.pgn
    if [ ! -s "$t" ] || [ "$pgn" -nt "$t" ] || [ "$conv" -nt "$t" ]; then
        "$conv" --jobs 2 --to "$lang" "$reference" >"$t.tmp" 2>/dev/null && mv "$t.tmp" "$t" ||
            { echo "notation bench: cannot translate to $lang" >&2; exit 1; }
    fi
done

# measure COMMAND...: best wall time of COMMAND >$cache/notation.out, with its
# CPU time, in $seconds and $cpu
measure() {
    bench_measure "$repeat" "$cache/notation.out" "$@"
}

echo "== notation: pgnconv reading national notations, $games games, -j $jobs, best of $repeat" \
     "(load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null))"
printf '%-34s %8s %8s %8s %9s %7s %7s %6s  %s\n' run seconds cpu MB/s games/s ratio cpu-r goal output
ref_seconds="" ref_cpu=""
row() { # row LABEL GOAL FILE ARGS...
    label=$1 goal=$2 file=$3
    shift 3
    measure "$conv" --jobs "$jobs" "$@" "$file" || return 1
    bytes=$(wc -c <"$file")
    if [ -z "$ref_seconds" ]; then
        ref_seconds=$seconds ref_cpu=$cpu
    fi
    same=same
    cmp -s "$cache/notation.out" "$reference" || same=DIFFERS
    awk -v l="$label" -v s="$seconds" -v c="${cpu:-0}" -v b="$bytes" -v g="$games" -v rs="$ref_seconds" \
        -v rc="${ref_cpu:-0}" -v goal="$goal" -v same="$same" 'BEGIN {
        r = rs / s; cr = (c > 0) ? rc / c : 0
        verdict = goal == "" ? "-" : ((cr > 0 ? cr : r) >= goal ? "met" : "BELOW")
        printf "%-34s %8.2f %8.2f %8.1f %9.0f %7.2f %7.2f %6s  %s\n", l, s, c, b / s / 1e6, g / s, r, cr, verdict, same
    }'
}
row "SAN (reference)" "" "$pgn" || exit 1
for lang in ro ru; do
    t=$cache/bench.$lang.pgn
    row "--from $lang bench.$lang.pgn" 0.5 "$t" --from "$lang" || exit 1
    row "default bench.$lang.pgn" 0.333 "$t" || exit 1
    row "--from auto bench.$lang.pgn" 0.333 "$t" --from auto || exit 1
done
echo "ratio: reference seconds / run seconds (cpu-r: by CPU time); goal met when the CPU ratio" \
     "(or the wall ratio without /usr/bin/time) reaches it"
rm -f "$cache/notation.out"
