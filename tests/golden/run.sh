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
# PATTERNs (shell globs such as 'pgnconv/*' or '*/bad-fen') select cases by <tool>/<case>.
# Whatever the expectations, a case fails when its stderr holds a sanitizer report or it
# runs longer than GOLDEN_TIMEOUT seconds (default 120).
# Ends with the line "N passed, M failed"; exits 1 when any case failed, 2 on usage errors.

usage() {
    echo "usage: sh tests/golden/run.sh BINDIR [PATTERN...]" >&2
    exit 2
}

[ $# -ge 1 ] || usage
[ -d "$1" ] || { echo "run.sh: $1: not a directory" >&2; exit 2; }
bindir=$(cd "$1" && pwd) || exit 2
shift

root=$(cd "$(dirname "$0")/../.." && pwd) || exit 2
golden="$root/corpora/golden"
timeout_s=${GOLDEN_TIMEOUT:-120}
LC_ALL=C
export LC_ALL

work=$(mktemp -d "${TMPDIR:-/tmp}/golden.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

run_with_timeout=""
command -v timeout >/dev/null 2>&1 && run_with_timeout="timeout $timeout_s"

passed=0
failed=0

selected() {
    [ $# -eq 0 ] && return 0
    for pattern in "$@"; do
        # shellcheck disable=SC2254
        case "$case_name" in $pattern) return 0 ;; esac
    done
    return 1
}

# show_diff LABEL EXPECTED ACTUAL: at most 20 lines of unified diff
show_diff() {
    echo "  $1 differs:"
    diff -u "$2" "$3" | sed -e '1,2d' -e '21,$d' -e 's/^/    /'
}

for case_dir in "$golden"/*/*/; do
    [ -f "$case_dir/cmd" ] || continue
    case_dir=${case_dir%/}
    case_name=${case_dir#"$golden"/}
    selected "$@" || continue

    out="$work/stdout"
    err="$work/stderr"
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
        echo "updated $case_name (status $status)"
        passed=$((passed + 1))
        continue
    fi

    problems="$work/problems"
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
        echo "FAIL $case_name"
        cat "$problems"
        failed=$((failed + 1))
    else
        passed=$((passed + 1))
    fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
