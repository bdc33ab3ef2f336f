#!/bin/sh
# gen.sh — one legal game of 20,000 plies (knights out and back, 5,000
# times: far past the 75-move rule and fivefold repetition, which a
# converter does not enforce), with a comment every 1,000 moves, on lines
# of one move pair each.
awk 'BEGIN {
    printf "[Event \"20000 plies\"]\n[Result \"1/2-1/2\"]\n\n"
    n = 1
    for (i = 0; i < 5000; i++) {
        printf "%d. Nf3 Nf6\n%d. Ng1 Ng8\n", n, n + 1
        n += 2
        if (n % 1000 == 1)
            printf "{move %d}\n", n
    }
    print "1/2-1/2"
}'
