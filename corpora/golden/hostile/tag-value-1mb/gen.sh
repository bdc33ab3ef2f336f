#!/bin/sh
# gen.sh — an Annotator tag whose value is 1 MiB (with escaped quotes and
# backslashes in it), then a game; then a tag value cut by the end of its line.
printf '[Event "big tag"]\n[Annotator "'
awk 'BEGIN { for (i = 0; i < 65536; i++) printf "abc\\\"def\\\\ghij " }'
printf '"]\n\n1. e4 e5 *\n\n[Event "cut value\n\n1. d4 *\n'
