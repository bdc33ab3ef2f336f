#!/bin/sh
# gen.sh — one line of 10 MB: 270,000 short games without tags or line
# breaks, then a bad move (its column is past 10,000,000), then the end of
# the line and one more game.
awk 'BEGIN {
    for (i = 0; i < 270000; i++)
        printf "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1/2-1/2 "
    printf "1. e4 Ke7?? 2. Qh5 Xx9 *\n[Event \"next line\"]\n\n1. d4 *\n"
}'
