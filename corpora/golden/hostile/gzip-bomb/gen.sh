#!/bin/sh
# gen.sh — a gzip bomb: 1 KB compressed per MB of text, 512 MiB of NUL
# padding and blank lines in 8 members, between a game before and a game
# after.  Generated in well under a second (gzip -1 of 64 MiB, repeated).
set -e
t=$(mktemp -d "${TMPDIR:-/tmp}/bomb.XXXXXX")
trap 'rm -rf "$t"' EXIT
head -c 67108864 /dev/zero | gzip -1n > "$t/zeros"
head -c 67108864 /dev/zero | tr '\000' '\n' | gzip -1n > "$t/newlines"
printf '[Event "before"]\n\n1. e4 e5 *\n\n' | gzip -n
for i in 1 2 3 4; do cat "$t/zeros" "$t/newlines"; done
printf '[Event "after"]\n\n1. d4 d5 *\n' | gzip -n
