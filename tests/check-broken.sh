#!/bin/sh
# check-broken.sh — every file of SHARED/corpora/broken and SHARED/corpora/foreign
# through pgnconv: no crash, hang or sanitizer report; exit 0 or 1 (never a
# signal, never 2 for a readable file); every game accounted for
# (read = written + rejected) and every rejected game reported with a
# position (FILE:LINE:COL).  Use with an ASan build:
#   make asan && sh tests/check-broken.sh build/asan/bin ../shared
set -u
bindir=$1
corpora=$2/corpora
if [ ! -d "$corpora/broken" ]; then
    echo "check-broken: $corpora/broken not found; skipped"
    exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/check-broken.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
files=0 failed=0 games=0 rejected=0
for f in $(find "$corpora/broken" "$corpora/foreign" -type f -name '*.pgn' | sort); do
    files=$((files + 1))
    timeout 60 "$bindir/pgnconv" -j 1 "$f" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    summary=$(grep -E '^pgnconv: [0-9]+ games? read' "$tmp/err" | tail -1)
    # "pgnconv: R games read, W written (N from a national notation), J rejected[, X not written ...]"
    read_n=$(echo "$summary" | sed -E 's/^pgnconv: ([0-9]+) games? read.*/\1/')
    written_n=$(echo "$summary" | sed -E 's/^pgnconv: [0-9]+ games? read, ([0-9]+) written.*/\1/')
    rejected_n=$(echo "$summary" | sed -E 's/.* ([0-9]+) rejected.*/\1/')
    lost_n=$(echo "$summary" | sed -nE 's/.* ([0-9]+) not written.*/\1/p')
    problem=""
    if [ $rc -ne 0 ] && [ $rc -ne 1 ]; then
        problem="exit status $rc"
    elif grep -qE 'AddressSanitizer|UndefinedBehaviorSanitizer|runtime error|LeakSanitizer' "$tmp/err"; then
        problem="sanitizer report"
    elif [ -z "$summary" ]; then
        problem="no summary line"
    elif [ $((written_n + rejected_n + ${lost_n:-0})) -ne "$read_n" ]; then
        problem="games not accounted for: $summary"
    elif [ "$rejected_n" -gt 0 ] && ! grep -qE ':[0-9]+:[0-9]+: ' "$tmp/err"; then
        problem="rejected games without a position"
    fi
    if [ -n "$problem" ]; then
        failed=$((failed + 1))
        echo "check-broken: $f: $problem"
        head -5 "$tmp/err" | sed 's/^/    /'
    fi
    games=$((games + ${read_n:-0}))
    rejected=$((rejected + ${rejected_n:-0}))
done
echo "check-broken: $files files, $games games, $rejected reported with a position, $((games - rejected)) converted"
echo "$((files - failed)) passed, $failed failed"
[ $failed -eq 0 ]
