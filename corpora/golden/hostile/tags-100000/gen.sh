#!/bin/sh
# gen.sh — one game with 100,000 tags, names in descending order (the worst
# case for sorting them), then a game with the same tag name 1,000 times.
awk 'BEGIN {
    printf "[Event \"many tags\"]\n"
    for (i = 100000; i > 0; i--)
        printf "[T%06d \"value %d\"]\n", i, i
    printf "\n1. e4 *\n\n[Event \"repeated tag\"]\n"
    for (i = 0; i < 1000; i++)
        printf "[Same \"%d\"]\n", i
    printf "\n1. d4 *\n"
}'
