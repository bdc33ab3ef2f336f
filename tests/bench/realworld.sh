#!/bin/sh
# realworld.sh — games as books, blogs and OCR print them: corpora/realworld/public
# (games copied from cited public pages, see its README; at the end) and corpora/realworld (
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

# The public corpus (corpora/realworld/public, its README says how it was
# made): games as public pages print them, one file per game, each named in
# sources.tsv with its address and whether the source is sound or misprinted
# there, and its SAN truth (truth.pgn, established without our reader and
# replayed by the independent oracle).  Each game is converted with a small
# tag section before it and as the bare text; a sound one must come out
# exactly (its moves, and its result where the text prints one), a
# misprinted one must be refused at the misprinted move, and `pgnconv
# --repair` must give its true game back.
public=$corpus/public
[ -f "$public/sources.tsv" ] || exit 0
"$conv" --to csv --columns Source,result,moves "$public/truth.pgn" 2>/dev/null | tail -n +2 > "$tmp/ptruth"
# a converted text: one "result,moves" line per game written
converted() {
    "$conv" --to csv --columns result,moves "$@" 2> "$tmp/perr" | tail -n +2
}
verdict() {   # exact|wrong|refused for the lines in $tmp/pout against $1 (truth line)
    want_result=${1%%,*} want_moves=${1#*,}
    n=$(wc -l < "$tmp/pout")
    if [ "$n" -eq 1 ] && [ "$(cut -d, -f2- "$tmp/pout")" = "$want_moves" ] &&
        { [ "$want_result" = "*" ] || [ "$(cut -d, -f1 "$tmp/pout")" = "$want_result" ]; }; then
        echo exact
    elif [ "$n" -gt 0 ] && cut -d, -f2- "$tmp/pout" | grep -q -v -x -F "$want_moves"; then
        echo wrong
    else
        echo refused
    fi
}
at_move() {   # whether the first error in $tmp/perr names move $1 ("17." or "17...")
    side="White's"; case $1 in *...) side="Black's" ;; esac
    grep -v 'warning:\|note:' "$tmp/perr" | head -1 |
        grep -q -e " $1 [^ ]* is " -e "fails at $1 " -e "($side move ${1%%.*})"
}
echo "== realworld public: games as public pages print them (corpora/realworld/public)"
printf '%-9s %5s %5s %6s %6s %6s %9s %7s %8s\n' language games sound tags bare wrong misprint at-move repaired
tail -n +2 "$public/sources.tsv" | cut -f2 | awk '!seen[$0]++' > "$tmp/plangs"
all_sound=0 all_tags=0 all_bare=0 all_wrong=0 all_mis=0 all_refused=0 all_at=0 all_repaired=0 all_repairable=0
while read -r lang; do
    games=0 sound=0 tags=0 bare=0 wrong=0 mis=0 refused=0 at=0 repaired=0 repairable=0
    while IFS='	' read -r id l status address title; do
        [ "$l" = "$lang" ] || continue
        games=$((games + 1))
        truth=$(grep "^$id," "$tmp/ptruth" | cut -d, -f2-)
        res=${truth%%,*}
        printf '[Event "%s"]\n[Result "%s"]\n\n' "$id" "$res" | cat - "$public/$id.txt" > "$tmp/ptags"
        converted "$tmp/ptags" > "$tmp/pout"; v_tags=$(verdict "$truth")
        at_tags=no; [ "$v_tags" = refused ] && at_move "${status#* }" && at_tags=yes
        converted "$public/$id.txt" > "$tmp/pout"; v_bare=$(verdict "$truth")
        at_bare=no; [ "$v_bare" = refused ] && at_move "${status#* }" && at_bare=yes
        [ "$v_tags" = wrong ] && wrong=$((wrong + 1))
        [ "$v_bare" = wrong ] && wrong=$((wrong + 1))
        case $status in
        sound)
            sound=$((sound + 1))
            [ "$v_tags" = exact ] && tags=$((tags + 1))
            [ "$v_bare" = exact ] && bare=$((bare + 1))
            [ -n "$REALWORLD_VERBOSE" ] && echo "  $id tags $v_tags bare $v_bare" ;;
        *)
            mis=$((mis + 1))
            [ "$v_tags" = refused ] && [ "$v_bare" = refused ] && refused=$((refused + 1))
            [ "$at_tags" = yes ] && [ "$at_bare" = yes ] && at=$((at + 1))
            case $status in misprint*)
                repairable=$((repairable + 1))
                # the repaired game as PGN, then its moves (CSV leaves out games not replayed as written)
                "$conv" --repair "$tmp/ptags" 2>/dev/null | "$conv" --to csv --columns result,moves 2>/dev/null |
                    tail -n +2 > "$tmp/pout"
                [ "$(verdict "$truth")" = exact ] && repaired=$((repaired + 1)) ;;
            esac
            [ -n "$REALWORLD_VERBOSE" ] && echo "  $id ($status) tags $v_tags/$at_tags bare $v_bare/$at_bare" ;;
        esac
    done < "$public/sources.tsv"
    printf '%-9s %5d %5d %6d %6d %6d %9s %7s %8s\n' "$lang" "$games" "$sound" "$tags" "$bare" "$wrong" \
        "$refused/$mis" "$at/$mis" "$repaired/$repairable"
    all_sound=$((all_sound + sound)) all_tags=$((all_tags + tags)) all_bare=$((all_bare + bare))
    all_wrong=$((all_wrong + wrong)) all_mis=$((all_mis + mis)) all_refused=$((all_refused + refused))
    all_at=$((all_at + at)) all_repaired=$((all_repaired + repaired)) all_repairable=$((all_repairable + repairable))
done < "$tmp/plangs"
pct() { awk "BEGIN { printf \"%.1f\", $1 ? 100 * $2 / $1 : 0 }"; }
echo "public sound sources: $all_tags of $all_sound exact with tags ($(pct $all_sound $all_tags) %), $all_bare of $all_sound as bare text ($(pct $all_sound $all_bare) %), $all_wrong conversions wrong"
echo "public misprinted sources: $all_refused of $all_mis refused, $all_at at the misprinted move, $all_repaired of $all_repairable repaired"
