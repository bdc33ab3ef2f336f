#!/bin/sh
# gen.sh — one game with a 60 MB comment between two ordinary games.
printf '[Event "before"]\n\n1. e4 e5 *\n\n[Event "huge"]\n\n1. e4 {'
head -c 60000000 /dev/zero | tr '\0' x
printf '} e5 *\n\n[Event "after"]\n\n1. d4 d5 *\n'
