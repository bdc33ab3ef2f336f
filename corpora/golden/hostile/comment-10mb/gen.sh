#!/bin/sh
# gen.sh — a game whose first comment is 10 MB of words over many lines
# (with a '{' inside, which does not nest), then a normal game.
printf '[Event "big comment"]\n\n1. e4 {'
awk 'BEGIN { for (i = 0; i < 250000; i++) printf "word%06d { lorem ipsum dolor sit amet\n", i }'
printf 'end} e5 2. Nf3 *\n\n[Event "after"]\n\n1. d4 *\n'
