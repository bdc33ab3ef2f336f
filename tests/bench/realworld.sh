#!/bin/sh
# realworld.sh — games as books, blogs and OCR print them (corpora/realworld,
# made by tests/bench/realworld_gen.py from famous games in nine languages,
# and as spoken announcements, descriptive notation and squareless captures),
# converted by pgnconv and compared with their SAN truths (truth.pgn):
#   with tags     <lang>.tags.txt: a small tag section before each game
#   bare text     <lang>.bare.txt: the games pasted with prose around them
#   misprinted    <lang>.misprint.txt: one move per game misprinted; it must
#                 be refused, with the misprinted move named in the message
# A game converted exactly has the truth's moves and result; a game
# converted wrongly has moves no truth has (the goal is none, ever); the
# rest are refused.  Needs only the project (not SHARED).
#
#   sh tests/bench/realworld.sh BINDIR SHARED

bindir=$1
conv=$bindir/pgnconv
[ -x "$conv" ] || { echo "realworld bench: $conv not found" >&2; exit 1; }
root=$(cd "$(dirname "$0")/../.." && pwd)
ARBITER_DATA=${ARBITER_DATA:-$root}
export ARBITER_DATA
corpus=$root/corpora/realworld
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# one line per game: its movetext and result, comments and NAGs left out
movetexts() {
    awk 'BEGIN { RS = "" } !/^\[/ { gsub(/\n/, " "); gsub(/  +/, " "); print }'
}

"$conv" --strip-comments --strip-nags "$corpus/truth.pgn" 2>/dev/null | movetexts > "$tmp/truth" || exit 1
games=$(wc -l < "$tmp/truth")

echo "== realworld: $games famous games per language, pgnconv against the SAN truth"
printf '%-9s %-10s %6s %6s %6s %8s\n' language form exact wrong refused "at-move"
total_exact=0 total_wrong=0 total=0 mis_total=0 mis_refused=0 mis_at=0
for tags in "$corpus"/*.tags.txt; do
    lang=$(basename "$tags" .tags.txt)
    for form in tags bare; do
        "$conv" --strip-comments --strip-nags --rejects "$tmp/rejects" "$corpus/$lang.$form.txt" 2>/dev/null |
            movetexts > "$tmp/out"
        exact=$(grep -c -x -F -f "$tmp/truth" "$tmp/out")
        # wrong: a written game whose moves are no truth's (results aside)
        sed 's/ [^ ]*$//' "$tmp/truth" > "$tmp/truth-moves"
        wrong=$(sed 's/ [^ ]*$//' "$tmp/out" | grep -c -v -x -F -f "$tmp/truth-moves")
        refused=$((games - exact - wrong))
        printf '%-9s %-10s %6d %6d %6d %8s\n' "$lang" "$form" "$exact" "$wrong" "$refused" "-"
        total_exact=$((total_exact + exact)) total_wrong=$((total_wrong + wrong)) total=$((total + games))
    done
    # misprints: refused, and the first error names the misprinted move
    "$conv" "$corpus/$lang.misprint.txt" > /dev/null 2> "$tmp/err"
    grep '^\[Misprint' "$corpus/$lang.misprint.txt" | sed 's/.*"\(.*\)".*/\1/' > "$tmp/at"
    n=$(wc -l < "$tmp/at")
    refused=$(sed -n 's/.* \([0-9]*\) rejected$/\1/p' "$tmp/err")
    at=0
    while read -r move; do
        # "17. Txd8 is ...", "fails at 17. ...", or the SAN reader's "(White's move 17)"
        side="White's"; case $move in *...) side="Black's" ;; esac
        grep -q -e " $move [^ ]* is " -e "fails at $move " -e "($side move ${move%%.*})" "$tmp/err" && at=$((at + 1))
    done < "$tmp/at"
    printf '%-9s %-10s %6s %6s %6d %8d\n' "$lang" misprinted - - "${refused:-0}" "$at"
    mis_total=$((mis_total + n)) mis_refused=$((mis_refused + ${refused:-0})) mis_at=$((mis_at + at))
done
echo "sound sources: $total_exact of $total converted exactly ($(awk "BEGIN { printf \"%.1f\", 100 * $total_exact / $total }") %), $total_wrong converted wrongly"
echo "misprinted sources: $mis_refused of $mis_total refused, $mis_at of them at the misprinted move"
