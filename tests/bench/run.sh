#!/bin/sh
# run.sh — benchmarks (make bench).
#
#   sh tests/bench/run.sh BINDIR SHARED [SECTION...]
#
# Runs every section script tests/bench/<section>.sh (all but this file, in name
# order, or only the SECTIONs named) as `sh <section>.sh BINDIR SHARED`.  A section
# prints its own table; one that needs SHARED and does not find it says so and
# exits 0.  Ends non-zero when a section fails.  Benchmarks are not tests: they
# report figures, they do not judge them.

[ $# -ge 2 ] || { echo "usage: sh tests/bench/run.sh BINDIR SHARED [SECTION...]" >&2; exit 2; }
bindir=$(cd "$1" && pwd) || exit 2
shared=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd) || exit 2

if [ $# -eq 0 ]; then
    for script in "$here"/*.sh; do
        name=$(basename "$script" .sh)
        [ "$name" = run ] || set -- "$@" "$name"
    done
fi

failed=""
echo "arbiter benchmarks on $(uname -sm), $(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?') CPUs, $(date -u '+%Y-%m-%d %H:%M UTC')"
for name in "$@"; do
    script=$here/$name.sh
    [ -f "$script" ] || { echo "bench: no section '$name'" >&2; failed="$failed $name"; continue; }
    echo
    sh "$script" "$bindir" "$shared" || failed="$failed $name"
done
if [ -n "$failed" ]; then
    echo "bench: failed:$failed" >&2
    exit 1
fi
