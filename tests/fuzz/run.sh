#!/bin/sh
# run.sh — runs built libFuzzer harnesses, FUZZ_JOBS at a time (default: the
# number of processors), each for SECONDS from a fixed SEED on a scratch copy
# of its corpus (BUILD/corpus/<harness>) plus the seeds in corpora/fuzz/<harness>.
#
#   sh tests/fuzz/run.sh BUILD SECONDS SEED HARNESS...
#
# Prints "fuzz: <harness> for N s" and libFuzzer's count of executions for
# each, in the order given; a harness that fails has the end of its log
# (BUILD/<harness>.log, the crash input left in BUILD) printed.  Exits 1 when
# any failed, 2 on usage errors.  (make fuzz builds the harnesses and calls it.)

usage() {
    echo "usage: sh tests/fuzz/run.sh BUILD SECONDS SEED HARNESS..." >&2
    exit 2
}

root=$(cd "$(dirname "$0")/../.." && pwd) || exit 2

# One harness, as the parallel runner below calls this script; its status
# goes to BUILD/<harness>.status.
if [ "$1" = "--one" ]; then
    [ $# -eq 5 ] || usage
    build=$2 seconds=$3 seed=$4 h=$5
    mkdir -p "$build/corpus/$h" "$root/corpora/fuzz/$h" || exit 2
    (cd "$build" && ARBITER_DATA=$root "./$h" -seed="$seed" -max_total_time="$seconds" -print_final_stats=1 \
        "corpus/$h" "$root/corpora/fuzz/$h" >"$h.log" 2>&1)
    echo $? >"$build/$h.status"
    exit 0
fi

[ $# -ge 4 ] || usage
build=$1 seconds=$2 seed=$3
shift 3
[ -d "$build" ] || { echo "run.sh: $build: not a directory" >&2; exit 2; }
jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
case $jobs in '' | *[!0-9]* | 0) echo "run.sh: FUZZ_JOBS=$jobs: expected a positive number" >&2; exit 2 ;; esac

for h in "$@"; do
    rm -f "$build/$h.status"
done
printf '%s\n' "$@" | xargs -r -L 1 -P "$jobs" sh "$0" --one "$build" "$seconds" "$seed"

failed=0
for h in "$@"; do
    echo "fuzz: $h for $seconds s"
    status=$(cat "$build/$h.status" 2>/dev/null)
    if [ "$status" = 0 ]; then
        grep -h 'stat::number_of_executed_units' "$build/$h.log"
    else
        echo "fuzz: $h FAILED (exit status ${status:-none}; log $build/$h.log):"
        tail -n 40 "$build/$h.log"
        failed=1
    fi
done
[ "$failed" -eq 0 ]
