#!/bin/sh
# gen.sh — 100,000 games without tags, separated by blank lines, some without
# a termination marker (a new game starts at "1." after a blank line).
awk 'BEGIN {
    for (i = 0; i < 100000; i++)
        if (i % 10 == 9)
            printf "1. d4 d5 2. c4\n\n"
        else
            printf "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n"
}'
