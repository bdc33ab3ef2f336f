#!/bin/sh
# run.sh — tool-level golden tests.
#
#   sh tests/golden/run.sh BINDIR [PATTERN...]
#   UPDATE=1 sh tests/golden/run.sh BINDIR [PATTERN...]   (re)write the expected files
#
# A case is a directory corpora/golden/<tool>/<case>/ holding
#   cmd              one shell command line, run by sh with cwd = the case directory,
#                    BINDIR first in PATH and stdin from /dev/null
#   expected.stdout  exact expected standard output
#   expected.stderr  exact expected standard error (optional: not compared when absent)
#   expected.status  expected exit status (a number; 0 when the file is absent)
#   alone            (optional, empty) the case reads other cases' directories (it
#                    walks the corpora), so it runs by itself after the others, when
#                    no case is writing a scratch file beside its input
# PATTERNs (shell globs such as 'pgnconv/*' or '*/bad-fen') select cases by <tool>/<case>.
# Whatever the expectations, a case fails when its stderr holds a sanitizer report or it
# runs longer than GOLDEN_TIMEOUT seconds (default 120).
# Cases run GOLDEN_JOBS at a time (default: the number of processors); the
# report lists them in name order whatever the order they ended in.
# Ends with the line "N passed, M failed"; exits 1 when any case failed, 2 on usage errors.

usage() {
    echo "usage: sh tests/golden/run.sh BINDIR [PATTERN...]" >&2
    exit 2
}

root=$(cd "$(dirname "$0")/../.." && pwd) || exit 2
golden="$root/corpora/golden"
timeout_s=${GOLDEN_TIMEOUT:-120}
LC_ALL=C
export LC_ALL

run_with_timeout=""
command -v timeout >/dev/null 2>&1 && run_with_timeout="timeout $timeout_s"

# show_diff LABEL EXPECTED ACTUAL: at most 20 lines of unified diff
show_diff() {
    echo "  $1 differs:"
    diff -u "$2" "$3" | sed -e '1,2d' -e '21,$d' -e 's/^/    /'
}

# run_case BINDIR CASE_NAME RESULT: runs one case, its scratch files beside
# RESULT, and writes there "pass", or "FAIL <case>" and what differed, or
# "updated <case> ..." under UPDATE.
run_case() {
    bindir=$1 case_name=$2 result=$3
    case_dir="$golden/$case_name"
    out="$result.stdout"
    err="$result.stderr"
    # sh -c gets the command line as written; the case directory is the cwd.
    (cd "$case_dir" && PATH="$bindir:$PATH" $run_with_timeout sh -c "$(cat cmd)" \
        <"/dev/null" >"$out" 2>"$err")
    status=$?

    if [ -n "$UPDATE" ]; then
        cp "$out" "$case_dir/expected.stdout"
        echo "$status" >"$case_dir/expected.status"
        if [ -s "$err" ] || [ -f "$case_dir/expected.stderr" ]; then
            cp "$err" "$case_dir/expected.stderr"
        fi
        echo "updated $case_name (status $status)" >"$result"
        return
    fi

    problems="$result.problems"
    : >"$problems"
    expected_status=0
    [ -f "$case_dir/expected.status" ] && expected_status=$(tr -d ' \n\r' <"$case_dir/expected.status")
    if [ "$status" != "$expected_status" ]; then
        if [ "$status" = 124 ] && [ -n "$run_with_timeout" ]; then
            echo "  timed out after ${timeout_s}s" >>"$problems"
        else
            echo "  exit status $status, expected $expected_status" >>"$problems"
        fi
    fi
    if [ ! -f "$case_dir/expected.stdout" ]; then
        echo "  expected.stdout is missing (run with UPDATE=1 to create it)" >>"$problems"
    elif ! cmp -s "$case_dir/expected.stdout" "$out"; then
        show_diff stdout "$case_dir/expected.stdout" "$out" >>"$problems"
    fi
    if [ -f "$case_dir/expected.stderr" ] && ! cmp -s "$case_dir/expected.stderr" "$err"; then
        show_diff stderr "$case_dir/expected.stderr" "$err" >>"$problems"
    fi
    if grep -q -e 'Sanitizer' -e 'runtime error:' "$err"; then
        echo "  sanitizer report on stderr:" >>"$problems"
        sed -e '20,$d' -e 's/^/    /' "$err" >>"$problems"
    fi

    if [ -s "$problems" ]; then
        { echo "FAIL $case_name"; cat "$problems"; } >"$result"
    else
        echo pass >"$result"
    fi
    rm -f "$out" "$err" "$problems"
}

# One case, as the parallel runner below calls this script:
#   run.sh --case BINDIR WORKDIR INDEX CASE_NAME
if [ "$1" = "--case" ]; then
    [ $# -eq 5 ] || usage
    run_case "$2" "$5" "$3/$4"
    exit 0
fi

[ $# -ge 1 ] || usage
[ -d "$1" ] || { echo "run.sh: $1: not a directory" >&2; exit 2; }
bindir=$(cd "$1" && pwd) || exit 2
shift

jobs=${GOLDEN_JOBS:-$(nproc 2>/dev/null || echo 1)}
case $jobs in '' | *[!0-9]* | 0) echo "run.sh: GOLDEN_JOBS=$jobs: expected a positive number" >&2; exit 2 ;; esac

work=$(mktemp -d "${TMPDIR:-/tmp}/golden.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

selected() {
    [ $# -eq 0 ] && return 0
    for pattern in "$@"; do
        # shellcheck disable=SC2254
        case "$case_name" in $pattern) return 0 ;; esac
    done
    return 1
}

# The selected cases, numbered in name order: those that may run beside
# others in $work/together, those that run alone in $work/alone.
n=0
: >"$work/together"
: >"$work/alone"
for case_dir in "$golden"/*/*/; do
    [ -f "$case_dir/cmd" ] || continue
    case_dir=${case_dir%/}
    case_name=${case_dir#"$golden"/}
    selected "$@" || continue
    n=$((n + 1))
    if [ -f "$case_dir/alone" ]; then
        echo "$n $case_name" >>"$work/alone"
    else
        echo "$n $case_name" >>"$work/together"
    fi
done

xargs -r -L 1 -P "$jobs" sh "$0" --case "$bindir" "$work" <"$work/together"
xargs -r -L 1 sh "$0" --case "$bindir" "$work" <"$work/alone"

passed=0
failed=0
i=1
while [ "$i" -le "$n" ]; do
    if [ ! -f "$work/$i" ]; then
        echo "FAIL case $i: the runner left no result"
        failed=$((failed + 1))
    elif [ "$(cat "$work/$i")" = pass ]; then
        passed=$((passed + 1))
    else
        cat "$work/$i"
        case $(head -n 1 "$work/$i") in
        updated*) passed=$((passed + 1)) ;;
        *) failed=$((failed + 1)) ;;
        esac
    fi
    i=$((i + 1))
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
