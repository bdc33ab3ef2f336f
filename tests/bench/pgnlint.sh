#!/bin/sh
# pgnlint.sh — the main job's speed: `pgnlint --format json` over
# SHARED/corpora/big/bench.pgn (300,000 real games) against pgn-extract doing
# comparable work in the same run (full legal replay with result-tag fixing and
# repetition / fifty-move detection: --fixresulttags --repetition --fifty),
# both writing to /dev/null; best of REPEAT runs (default 2) because the machine
# may be shared.  Prints MB/s, games/s, peak memory and the ratio.
#
#   sh tests/bench/pgnlint.sh BINDIR SHARED
#
# bench.pgn is decompressed once into BINDIR/../bench/ (pgn-extract cannot
# read gzip).  Without pgn-extract (Debian package pgn-extract) only pgnlint's
# figures are printed.

bindir=$1
shared=$2
repeat=${REPEAT:-2}
lint=$bindir/pgnlint
[ -x "$lint" ] || { echo "pgnlint bench: $lint not found" >&2; exit 1; }
gz=$shared/corpora/big/bench.pgn.gz
if [ ! -f "$gz" ]; then
    echo "== pgnlint: $gz not found, skipped"
    exit 0
fi
cache=$(cd "$bindir/.." && pwd)/bench
mkdir -p "$cache" || exit 1
bench_name=pgnlint
. "$(cd "$(dirname "$0")" && pwd)/lib/measure.sh"
pgn=$cache/bench.pgn
if [ ! -s "$pgn" ] || [ "$pgn" -ot "$gz" ]; then
    gzip -dc "$gz" >"$pgn.tmp" && mv "$pgn.tmp" "$pgn" || { echo "pgnlint bench: cannot decompress $gz" >&2; exit 1; }
fi
extract=$(command -v pgn-extract || { [ -x /usr/games/pgn-extract ] && echo /usr/games/pgn-extract; })
bytes=$(wc -c <"$pgn")
games=$(grep -c '^\[Event ' "$pgn")

# measure LABEL COMMAND...: best wall time and peak resident memory (KiB) of
# `COMMAND >/dev/null`, in $seconds and $peak
measure() {
    shift   # the label: bench_measure names the command itself
    bench_measure "$repeat" /dev/null "$@"
}

row() { # row LABEL SECONDS PEAK
    awk -v name="$1" -v s="$2" -v bytes="$bytes" -v games="$games" -v peak="$3" \
        'BEGIN { printf "%-34s %8.2f %8.1f %10.0f %9s\n", name, s, bytes / s / 1e6, games / s,
                        peak == "" ? "?" : sprintf("%.0f MB", peak / 1024) }'
}

echo "== pgnlint: bench.pgn, $bytes bytes, $games games; best of $repeat"
printf '%-34s %8s %8s %10s %9s\n' command seconds MB/s games/s peak
status=0
measure "pgnlint --format json" "$lint" --format json "$pgn" || status=1
lint_s=$seconds
row "pgnlint --format json" "$seconds" "$peak"
measure "pgnlint --format json (gzip)" "$lint" --format json "$gz" || status=1
row "pgnlint --format json bench.pgn.gz" "$seconds" "$peak"
measure "pgnlint --laws auto" "$lint" --format json --laws auto "$pgn" || status=1
row "pgnlint --format json --laws auto" "$seconds" "$peak"
if [ -n "$extract" ]; then
    measure "pgn-extract" "$extract" -s --quiet --fixresulttags --repetition --fifty -o /dev/null "$pgn" || status=1
    extract_s=$seconds
    row "pgn-extract --fixresulttags ..." "$seconds" "$peak"
    awk -v a="$extract_s" -v b="$lint_s" \
        'BEGIN { printf "ratio: pgnlint is %.1fx pgn-extract'\''s throughput (goal >= 3x)\n", a / b }'
else
    echo "pgn-extract not installed (Debian package pgn-extract): no comparison"
fi

# Games that do not replay take the slow road: the rewrites in every
# notation, the repair search behind the finding, the dead-position and
# flag-fall searches.  The real broken games and claims of SHARED/corpora
# (198 files, about 3.6 MB) measure it; CPU seconds, best of REPEAT.
broken=$(find "$shared/corpora/broken" "$shared/corpora/claims" -type f -name '*.pgn' 2>/dev/null | LC_ALL=C sort)
if [ -n "$broken" ]; then
    bytes=$(cat $broken | wc -c)
    games=$(cat $broken | grep -c '^\[Event ')
    echo "== pgnlint: the broken and claims corpora, $bytes bytes, $(echo "$broken" | wc -l) files; CPU seconds"
    measure "pgnlint broken" "$lint" -j 1 --format json $broken || status=1
    lint_cpu=$cpu
    row "pgnlint --format json" "$cpu" "$peak"
    if [ -n "$extract" ]; then
        measure "pgn-extract broken" "$extract" -s --quiet --fixresulttags --repetition --fifty -o /dev/null $broken ||
            status=1
        row "pgn-extract --fixresulttags ..." "$cpu" "$peak"
        awk -v a="$cpu" -v b="$lint_cpu" \
            'BEGIN { if (b > 0) printf "ratio on broken input: pgnlint is %.2fx pgn-extract'\''s throughput\n", a / b }'
    fi
fi
exit $status
