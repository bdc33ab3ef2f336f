#!/bin/sh
# duplicates.sh — pgngrep --duplicates on a corpus with planted duplicates
# among real games, and the table's memory per million games.
#
#   sh tests/bench/duplicates.sh BINDIR SHARED
#
# The corpus: PLANTS (default 2000) copies planted by gen-duplicates.awk
# (fixed seed) among the valid games of 40 plies or more of
# SHARED/corpora/big (bench.pgn.gz's first BASE_GAMES, default 40000, and the
# files of misc-human: the lichess files overlap bench).  Every report of
# `pgngrep --dup-index` is checked: a planted duplicate found, or a repeat that the real games hold (checked
# apart from pgngrep: the two games' SAN moves, as pgnconv writes them, are
# the same, or with prefix one list starts the other and has 20 or more);
# anything else is counted as wrong, a planted one not reported as missed.
# Memory: peak resident size of `pgngrep -c --unique` (and
# --duplicates=prefix) on bench.pgn.gz less that of `pgngrep -c --valid`,
# per million games; the peer pgn-extract -D (drops duplicates) is timed on
# the same file when installed.
bindir=$1
shared=$2
big=$shared/corpora/big
if [ ! -f "$big/bench.pgn.gz" ]; then
    echo "== duplicates: $big not found, skipped"
    exit 0
fi
here=$(cd "$(dirname "$0")" && pwd)
cache=$(cd "$bindir/.." && pwd)/bench/duplicates
mkdir -p "$cache" || exit 1
bench_name=duplicates
. "$here/lib/measure.sh"
plants=${PLANTS:-2000}
base_games=${BASE_GAMES:-40000}

{ gzip -dc "$big/bench.pgn.gz" | "$bindir/pgngrep" -j 2 --valid --plies 40: -m "$base_games"
  find "$big/misc-human" -name '*.pgn' | LC_ALL=C sort | xargs "$bindir/pgngrep" -j 2 --valid --plies 40:
} | "$bindir/pgnconv" -j 2 --strip-comments --strip-variations --strip-nags 2>/dev/null >"$cache/base.pgn"
awk -v plants="$plants" -v truth="$cache/truth" -f "$here/gen-duplicates.awk" "$cache/base.pgn" \
    >"$cache/corpus.pgn" || exit 1
# the SAN moves of every game, one line each, numbered as pgngrep numbers them
"$bindir/pgnconv" -j 2 --strip-comments --strip-variations --strip-nags "$cache/corpus.pgn" 2>/dev/null |
    awk '/^\[/ { if (m != "") { print m; m = "" } next }
         { for (i = 1; i <= NF; i++) if ($i !~ /^[0-9]+\./ && $i !~ /^(1-0|0-1|1\/2-1\/2|\*)$/) m = m " " $i }
         END { if (m != "") print m }' >"$cache/moves"
games=$("$bindir/pgngrep" -c "$cache/corpus.pgn")
echo "== duplicates: $games games ($((games - plants)) real games of ../shared/corpora/big, $plants planted copies)"
printf '%-9s %-9s %8s %8s %8s\n' mode kind planted found missed
for mode in exact prefix; do
    "$bindir/pgngrep" -j 2 --dup-index --duplicates=$mode "$cache/corpus.pgn" >"$cache/report.$mode"
    "$bindir/pgngrep" -j 1 --dup-index --duplicates=$mode "$cache/corpus.pgn" |
        cmp -s - "$cache/report.$mode" || echo "duplicates bench: -j 1 and -j 2 differ ($mode)" >&2
    awk -v mode=$mode -v truthfile="$cache/truth" -v reportfile="$cache/report.$mode" '
        BEGIN {
            while ((getline l < truthfile) > 0) {
                split(l, f, " ")
                if (mode == "exact" && f[3] ~ /^cut/) continue
                kind[f[1]] = f[3]; planted[f[3]]++; order[++nk] = f[3]
            }
        }
        { moves[NR] = $0 }
        END {
            while ((getline l < reportfile) > 0) {
                split(l, f, " ")
                if (f[1] in kind) { found[kind[f[1]]]++; hit[f[1]] = 1; continue }
                a = moves[f[1]]; b = moves[f[2]]
                if (length(a) > length(b)) { t = a; a = b; b = t }
                n = split(a, w, " ")
                if (a == b || (mode == "prefix" && n >= 20 && index(b " ", a " ") == 1)) natural++
                else { wrong++; if (wrong <= 5) print "duplicates bench: wrong report: " l > "/dev/stderr" }
            }
            split("exact retag respace cut cutfirst", ks, " ")
            for (i = 1; i <= 5; i++) {
                k = ks[i]
                if (!(k in planted)) continue
                printf "%-9s %-9s %8d %8d %8d\n", mode, k, planted[k], found[k], planted[k] - found[k]
            }
            printf "%-9s other reports: %d repeats already in the real games (checked on the moves), %d wrong\n",
                mode, natural, wrong
        }' "$cache/moves"
done

gz=$big/bench.pgn.gz
bench_games=$("$bindir/pgngrep" -j 2 -c "$gz")
bench_measure 1 "$cache/out" "$bindir/pgngrep" -j 2 -c --valid "$gz" || exit 1
base_peak=$peak base_s=$seconds
if [ -n "$base_peak" ]; then
    echo "memory on bench.pgn.gz ($bench_games games), pgngrep -j 2 -c; peak less that of --valid ($base_peak KiB, $base_s s):"
    for sel in --unique --duplicates=prefix; do
        bench_measure 1 "$cache/out" "$bindir/pgngrep" -j 2 -c $sel "$gz" || exit 1
        awk -v s="$sel" -v p="$peak" -v b="$base_peak" -v g="$bench_games" -v t="$seconds" -v n="$(cat "$cache/out")" \
            'BEGIN { printf "  %-22s %7d selected  %6.1f s  +%6.1f MiB  = %7.1f MiB per million games\n",
                     s, n, t, (p - b) / 1024, (p - b) / 1024 / g * 1e6 }'
    done
fi
extract=$(command -v pgn-extract || { [ -x /usr/games/pgn-extract ] && echo /usr/games/pgn-extract; })
if [ -n "$extract" ]; then
    gzip -dc "$gz" >"$cache/bench.pgn"
    bench_measure 1 "$cache/out" "$bindir/pgngrep" -j 1 --unique "$cache/bench.pgn" || exit 1
    ours=$seconds ours_games=$(grep -c '^\[Event ' "$cache/out")
    bench_measure 1 "$cache/out" "$extract" -s -D "$cache/bench.pgn" || exit 1
    echo "on bench.pgn: pgngrep -j 1 --unique $ours s, $ours_games games kept;" \
         "pgn-extract -D $seconds s, $(grep -c '^\[Event ' "$cache/out") games kept" \
         "(time ratio $(awk -v a="$ours" -v b="$seconds" 'BEGIN { printf "%.2f", a / b }');" \
         "pgn-extract compares final positions and move counts, not whole lines)"
    rm -f "$cache/bench.pgn"
fi
