#!/bin/sh
# perft-full.sh — the complete perft suites of the shared corpora (make perft-full).
#
#   sh tests/perft-full.sh BINDIR SHARED
#
# Runs SHARED/corpora/perft/perft-collected.epd and
# SHARED/corpora/c960/perft/chess960-collected.epd, which gather the .perft suites
# in one-line EPD form.  Every other suite file in those two folders is checked
# against them: a file whose (position, depth, count) entries up to MAX_DEPTH all
# appear in the collected files is reported as covered, any other file is run too.
# Repeated lines of a file are run once.
#
# Environment:
#   MAX_DEPTH  deepest depth checked (default 6)
#   JOBS       positions checked in parallel (default 2)
#   HASH       MiB of perft hash table per job, 0 for none (default 64)
#   LOG        per-position log (default BINDIR/../perft-full.log)
# Skips (exit 0) when SHARED/corpora is absent.  Exits 1 when any count differs.

usage() {
    echo "usage: sh tests/perft-full.sh BINDIR SHARED" >&2
    exit 2
}
[ $# -eq 2 ] || usage
bindir=$1
corpora=$2/corpora
max_depth=${MAX_DEPTH:-6}
jobs=${JOBS:-2}
hash_mb=${HASH:-64}
log=${LOG:-$bindir/../perft-full.log}
perft=$bindir/arbiter-perft

if [ ! -d "$corpora/perft" ] || [ ! -d "$corpora/c960/perft" ]; then
    echo "perft-full: $corpora/perft or $corpora/c960/perft not found; skipped"
    exit 0
fi
[ -x "$perft" ] || { echo "perft-full: $perft not found (run make first)" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/perft-full.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
: >"$log" || exit 2

# to_epd FILE: the suite as one-line EPD ("FEN ;D1 n ;D2 n ...").  An .epd file
# keeps its line numbers (comments and repeated lines become blank lines, which
# arbiter-perft skips) so that messages point into the original; .perft blocks
# ("id", "epd FEN", "perft D N" lines) are joined into one line each.
to_epd() {
    case "$1" in
    *.perft) perft_format=1 ;;
    *) perft_format=0 ;;
    esac
    awk -v perft_format="$perft_format" '
    # a position is its first four FEN fields (converters append stray counters)
    function key(line,  semi, f) {
        semi = index(line, ";")
        split(semi ? substr(line, 1, semi - 1) : line, f, " ")
        return f[1] " " f[2] " " f[3] " " f[4] (semi ? substr(line, semi) : "")
    }
    function flush(line) {
        if (fen != "" && counts != "") {
            line = fen counts
            if (!seen[key(line)]++) print line
        }
        fen = ""; counts = ""
    }
    { sub(/\r$/, ""); sub(/[ \t]+$/, "") }
    !perft_format { print (/^[ \t]*(#|$)/ || seen[key($0)]++) ? "" : $0; next }
    $1 == "epd" { flush(); fen = $0; sub(/^[ \t]*epd[ \t]+/, "", fen); next }
    $1 == "perft" { counts = counts " ;D" $2 " " $3; next }
    END { flush() }
    ' "$1"
}

# entries FILE...: "FEN4;depth;count" of every count up to max_depth, from EPD files
entries() {
    awk -v max="$max_depth" '
    {
        n = split($0, parts, ";")
        split(parts[1], f, " ")
        fen = f[1] " " f[2] " " f[3] " " f[4]
        for (i = 2; i <= n; i++) {
            field = parts[i]
            gsub(/^[ \t]+|[ \t]+$/, "", field)
            if (field !~ /^D[0-9]+[ \t]+[0-9]+$/) continue
            split(field, dc, /[ \t]+/)
            depth = substr(dc[1], 2) + 0
            if (depth <= max) print fen ";" depth ";" dc[2]
        }
    }' "$@"
}

# nodes FILE: total of the counts up to max_depth
nodes() {
    entries "$1" | awk -F';' '{ s += $3 } END { printf "%.3g", s }'
}

now() { date +%s; }

total_passed=0
total_failed=0
start_all=$(now)

# run_suite NAME EPD: checks one suite, adds to the totals
run_suite() {
    name=$1
    epd=$2
    echo "== $name: $(grep -c . "$epd") positions, $(nodes "$epd") nodes up to depth $max_depth"
    echo "== $name" >>"$log"
    start=$(now)
    # stderr goes straight to the log, so `tail -f` shows the progress
    before=$(wc -l <"$log")
    "$perft" --suite "$epd" --max-depth "$max_depth" --jobs "$jobs" --hash "$hash_mb" \
        --time --verbose >"$work/out" 2>>"$log"
    status=$?
    tail -n +"$((before + 1))" "$log" >"$work/err"
    # mismatches (stdout) and problems (stderr), without the per-position lines
    grep -v ': ok, ' "$work/err" | sed "s|$epd|$name|"
    sed "s|$epd|$name|" "$work/out"
    summary=$(tail -n 1 "$work/out")
    passed=${summary%% passed*}
    failed=${summary#*passed, }
    failed=${failed%% failed*}
    case "$passed$failed" in
    *[!0-9]* | "")
        echo "perft-full: $name: arbiter-perft ended with status $status and no summary" >&2
        passed=0
        failed=1
        ;;
    esac
    total_passed=$((total_passed + passed))
    total_failed=$((total_failed + failed))
    echo "   $name: $(($(now) - start)) s"
}

collected1=$corpora/perft/perft-collected.epd
collected2=$corpora/c960/perft/chess960-collected.epd
to_epd "$collected1" >"$work/collected1.epd"
to_epd "$collected2" >"$work/collected2.epd"
entries "$work/collected1.epd" "$work/collected2.epd" | sort -u >"$work/covered"

echo "perft-full: depth <= $max_depth, $jobs jobs, ${hash_mb} MiB hash per job; log in $log"
# Which other suite files add something the collected ones lack?
extra=0
for file in "$corpora"/perft/*/* "$corpora"/perft/*.epd "$corpora"/perft/*.perft \
    "$corpora"/c960/perft/*.epd "$corpora"/c960/perft/*.perft; do
    [ -f "$file" ] || continue
    case "$file" in "$collected1" | "$collected2") continue ;; esac
    case "$file" in *.epd | *.perft) ;; *) continue ;; esac
    extra=$((extra + 1))
    to_epd "$file" >"$work/extra$extra.epd"
    entries "$work/extra$extra.epd" | sort -u >"$work/extra$extra.entries"
    all=$(grep -c . "$work/extra$extra.entries")
    missing=$(comm -23 "$work/extra$extra.entries" "$work/covered" | grep -c .)
    short=${file#"$corpora"/}
    if [ "$all" -eq 0 ]; then
        echo "   $short: no counts up to depth $max_depth"
        rm -f "$work/extra$extra.epd"
    elif [ "$missing" -eq 0 ]; then
        echo "   $short: all $all counts are in the collected suites"
        rm -f "$work/extra$extra.epd"
    else
        echo "   $short: $missing of $all counts are not in the collected suites: run as well"
        echo "$short" >"$work/extra$extra.name"
    fi
done

run_suite perft/perft-collected.epd "$work/collected1.epd"
run_suite c960/perft/chess960-collected.epd "$work/collected2.epd"
i=0
while [ "$i" -lt "$extra" ]; do
    i=$((i + 1))
    [ -f "$work/extra$i.epd" ] && run_suite "$(cat "$work/extra$i.name")" "$work/extra$i.epd"
done

echo "perft-full: $(($(now) - start_all)) s in total"
echo "$total_passed passed, $total_failed failed"
[ "$total_failed" -eq 0 ]
