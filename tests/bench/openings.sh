#!/bin/sh
# openings.sh — our ECO (by position, lib/select/openings) against the ECO
# tags lichess wrote into its own games.
#
#   sh tests/bench/openings.sh BINDIR SHARED
#
# Games: the valid games of SHARED/corpora/big/lichess/*.pgn and
# SHARED/corpora/big/shakmaty-benches/lichess*.pgn that carry an ECO tag.
# For each file: games, agreement, and the first game's Date (lichess's
# table changed over the years: a tag is the classification of its day).
# Disagreements by kind: same ECO group (first two characters: a deeper or
# shallower line of the same family), another group, or no position of the
# game in our table.  The same for the Opening names where the games carry
# them.  Also the time of pgnconv --add-tags ECO,Opening
# against pgnconv alone on the same games.  Then each disagreement's kind
# (openings_kinds.py, with python3): a transposition to a position the older
# table did not hold, a line the table grew since, a line it held shorter, a
# game ending inside the tag's line, or a code the older table gave otherwise.
bindir=$1
shared=$2
big=$shared/corpora/big
files=$(ls "$big"/lichess/*.pgn "$big"/shakmaty-benches/lichess*.pgn 2>/dev/null)
if [ -z "$files" ]; then
    echo "== openings: $big/lichess not found, skipped"
    exit 0
fi
here=$(cd "$(dirname "$0")" && pwd)
cache=$(cd "$bindir/.." && pwd)/bench/openings
mkdir -p "$cache" || exit 1
bench_name=openings
. "$here/lib/measure.sh"
root=$(cd "$here/../.." && pwd)
export ARBITER_DATA="${ARBITER_DATA:-$root}"

eco_of() {   # the ECO tag of every game of export-format PGN on stdin, "none" when it has none
    awk '/^\[Event / { if (n) print e; n = 1; e = "none" }
         /^\[ECO "/ { split($0, a, "\""); e = a[2] }
         END { if (n) print e }'
}
echo "== openings: our ECO by position against the games' own ECO tags (lichess)"
printf '%-42s %-12s %7s %7s %8s\n' file 'first date' games agree percent
: >"$cache/all"
for f in $files; do
    "$bindir/pgngrep" -j 2 --valid --tag 'ECO=^[A-E][0-9][0-9]$' "$f" >"$cache/in.pgn"
    "$bindir/pgnconv" -j 2 "$cache/in.pgn" 2>/dev/null | eco_of >"$cache/tags"
    "$bindir/pgnconv" -j 2 --add-tags ECO "$cache/in.pgn" 2>/dev/null | eco_of >"$cache/ours"
    date=$(grep -m 1 '^\[Date ' "$cache/in.pgn" | sed 's/.*"\(.*\)".*/\1/')
    # kept for the kinds of disagreement below
    base=$(basename "$f" .pgn)
    "$bindir/pgnconv" --to epd "$cache/in.pgn" >"$cache/$base.epd" 2>/dev/null
    cp "$cache/tags" "$cache/$base.tags"
    cp "$cache/ours" "$cache/$base.ours"
    paste "$cache/tags" "$cache/ours" | tee -a "$cache/all" |
        awk -v f="$(basename "$f")" -v d="$date" '{ n++; if ($1 == $2) s++ }
            END { printf "%-42s %-12s %7d %7d %7.2f%%\n", f, d, n, s, n ? 100 * s / n : 0 }'
done
awk '{ n++; if ($1 == $2) { s++; next }
       if ($2 == "none") k["no position in our table"]++
       else if (substr($1, 1, 2) == substr($2, 1, 2)) k["same group (e.g. B20 vs B22)"]++
       else k["another group"]++ }
     END { printf "%-42s %-12s %7d %7d %7.2f%%\n", "all", "", n, s, 100 * s / n
           for (x in k) printf "  disagreements, %s: %d\n", x, k[x] }' "$cache/all"
awk '$1 != $2 { print $1 " -> " $2 }' "$cache/all" | sort | uniq -c | sort -rn | head -8 |
    awk 'BEGIN { printf "  most frequent (tag -> ours):" } { printf " %s %s %s (%d);", $2, $3, $4, $1 } END { print "" }'

# the kinds of disagreement (tests/bench/openings_kinds.py says what each is):
# the table's lines replayed as games give the positions each code names
if command -v python3 >/dev/null; then
    echo "disagreements by kind (transposition, table grew, shorter line, game too short, older code):"
    awk -F '\t' 'FNR > 1 && NF == 3 { print $1 > "/dev/stderr"
                  printf "[Event \"%s\"]\n[Result \"*\"]\n\n%s *\n\n", $1, $3 }' \
        "$root"/lib/select/openings/*.tsv >"$cache/table.pgn" 2>"$cache/table.codes"
    "$bindir/pgnconv" --to epd "$cache/table.pgn" >"$cache/table.epd" 2>/dev/null
    set --
    for f in $files; do
        base=$(basename "$f" .pgn)
        set -- "$@" "$base=$cache/$base.epd:$cache/$base.tags:$cache/$base.ours"
    done
    python3 "$here/openings_kinds.py" "$cache/table.epd" "$cache/table.codes" "$@"
fi

# the names too, where the games carry an Opening tag
opening_of() {
    awk '/^\[Event / { if (n) print e; n = 1; e = "none" }
         /^\[Opening "/ { e = $0; sub(/^\[Opening "/, "", e); sub(/"\]$/, "", e) }
         END { if (n) print e }'
}
for f in $files; do
    "$bindir/pgngrep" -j 2 --valid --tag 'Opening=.' "$f" >"$cache/in.pgn"
    [ -s "$cache/in.pgn" ] || continue
    "$bindir/pgnconv" -j 2 "$cache/in.pgn" 2>/dev/null | opening_of >"$cache/tags"
    "$bindir/pgnconv" -j 2 --add-tags Opening "$cache/in.pgn" 2>/dev/null | opening_of >"$cache/ours"
    paste -d '|' "$cache/tags" "$cache/ours" |
        awk -F '|' -v f="$(basename "$f")" '{ n++; if ($1 == $2) s++ }
            END { printf "Opening names, %-29s %7d games, %7d agree, %7.2f%%\n", f, n, s, 100 * s / n }'
done

for f in $files; do cat "$f"; done >"$cache/all.pgn"
bench_measure 3 "$cache/out" "$bindir/pgnconv" -j 1 "$cache/all.pgn" || exit 1
plain=$seconds
bench_measure 3 "$cache/out" "$bindir/pgnconv" -j 1 --add-tags ECO,Opening "$cache/all.pgn" || exit 1
echo "time, pgnconv -j 1 on these files: $plain s; with --add-tags ECO,Opening $seconds s" \
     "(ratio $(awk -v a="$seconds" -v b="$plain" 'BEGIN { printf "%.2f", a / b }'), table loading included)"
rm -f "$cache/all.pgn" "$cache/in.pgn"
