#!/bin/sh
# make-fixtures.sh — writes the container fixtures of these cases from
# corpora/grep/mixed.pgn (6 games: 3 decisive, a draw, an illegal move, an
# unfinished game).  Run from this directory; the outputs are committed, so
# tests need none of zstd, bzip2, xz or zip, and the byte offsets in the
# expected messages stay put.  Each case's cmd names the files it reads.
set -e
src=../../grep/mixed.pgn
t=$(mktemp -d "${TMPDIR:-/tmp}/fixtures.XXXXXX")
trap 'rm -rf "$t"' EXIT
# the six games, one per file
awk -v dir="$t" '/^\[Event / { n++ } { print > (dir "/game" n ".pgn") }' "$src"
for f in zstd bzip2 xz; do
    case $f in
    zstd) squeeze="zstd -q -c" ext=zst ;;
    bzip2) squeeze="bzip2 -c" ext=bz2 ;;
    xz) squeeze="xz -T1 -c" ext=xz ;;
    esac
    # one frame or stream per game
    for i in 1 2 3 4 5 6; do $squeeze "$t/game$i.pgn"; done >"$f-streams/games.pgn.$ext"
    # three whole streams, the fourth cut in its middle
    for i in 1 2 3; do $squeeze "$t/game$i.pgn"; done >"$t/three"
    $squeeze "$t/game4.pgn" >"$t/fourth"
    cat "$t/three" >"$f-truncated/games.pgn.$ext"
    head -c $(($(wc -c <"$t/fourth") / 2)) "$t/fourth" >>"$f-truncated/games.pgn.$ext"
    # three whole streams, the fourth with a byte changed in its middle
    cp "$t/three" "$t/bad"
    half=$(($(wc -c <"$t/fourth") / 2))
    head -c "$half" "$t/fourth" >>"$t/bad"
    printf '\377' >>"$t/bad"
    tail -c +$((half + 2)) "$t/fourth" >>"$t/bad"
    mv "$t/bad" "$f-corrupt/games.pgn.$ext"
done
# zip: the games in three .pgn members (the second without a final newline),
# a README.txt between them that is passed over
cp "$t/game1.pgn" "$t/a.pgn"
cat "$t/game2.pgn" "$t/game3.pgn" | awk 'NR > 1 { print prev } { prev = $0 } END { printf "%s", prev }' >"$t/b.pgn"
cat "$t/game4.pgn" "$t/game5.pgn" "$t/game6.pgn" >"$t/c.PGN"
echo "not a game" >"$t/README.txt"
rm -f zip-members/games.zip zip-truncated/games.zip zip-corrupt/games.zip
(cd "$t" && zip -q -X - a.pgn README.txt b.pgn c.PGN) >zip-members/games.zip
size=$(wc -c <zip-members/games.zip)
# cut in the middle of the last member's data
head -c $((size - 400)) zip-members/games.zip >zip-truncated/games.zip
# a deflated member with a byte of its data changed
cp zip-members/games.zip "$t/bad.zip"
at=$((size - 500))
head -c "$at" "$t/bad.zip" >zip-corrupt/games.zip
printf '\377\377\377\377' >>zip-corrupt/games.zip
tail -c +$((at + 5)) "$t/bad.zip" >>zip-corrupt/games.zip
