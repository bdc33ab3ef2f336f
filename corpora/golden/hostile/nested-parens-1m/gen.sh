#!/bin/sh
# gen.sh — four games:
#   1. 1,000,000 '(' in a row after a move (the second has no move to replace);
#   2. 1,000,000 variations nested in each other, "(1. d4 (1. d4 ...", far
#      past the depth limit (default 256), never closed;
#   3. variations nested exactly 256 deep: converted;
#   4. a plain game after them: still read.
printf '[Event "a million parentheses"]\n\n1. e4 '
head -c 1000000 /dev/zero | tr '\000' '('
printf ' *\n\n[Event "a million variations deep"]\n\n1. e4 '
awk 'BEGIN { for (i = 0; i < 1000000; i++) printf "(1. d4 " }'
printf '*\n\n[Event "at the limit"]\n\n1. e4 '
awk 'BEGIN { for (i = 0; i < 256; i++) printf "(1. d4 "; for (i = 0; i < 256; i++) printf ")"; print " e5 *" }'
printf '\n[Event "after"]\n\n1. d4 *\n'
