#!/bin/sh
# peak-rss.sh LIMIT_MB CMD [ARG...] — runs CMD with stdin, stdout and stderr
# untouched and exits with its status; when its peak resident set went over
# LIMIT_MB, says so on stderr.  No measurement (the command just runs) under
# ASan or without GNU time: see README.md.
limit=$1
shift
tool=$(command -v "$1")
if [ ! -x /usr/bin/time ] || [ -z "$tool" ] || grep -q __asan_init "$tool" 2>/dev/null; then
    exec "$@"
fi
log=$(mktemp "${TMPDIR:-/tmp}/rss.XXXXXX") || exit 2
/usr/bin/time -o "$log" -f '%M' "$@"
status=$?
kb=$(tail -n 1 "$log")
rm -f "$log"
case $kb in
    '' | *[!0-9]*) ;;
    *) [ "$kb" -le $((limit * 1024)) ] || echo "peak-rss: $1 used $((kb / 1024)) MB, over the limit of $limit MB" >&2 ;;
esac
exit $status
