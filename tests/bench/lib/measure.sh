# measure.sh — timing for the bench sections (sourced; needs $cache, a
# writable directory, and $bench_name for messages).
#
# bench_measure RUNS OUT COMMAND...: runs `COMMAND >OUT` RUNS times and sets
# $seconds (the best wall time), and with GNU time $cpu (user + system
# seconds) and $peak (peak resident KiB) of that best run, else "".  An exit
# status above 1 (0 and 1 are results: found/not found, clean/findings) is a
# failure: the first lines of its standard error are shown and 1 returned.
bench_timer=""
[ -x /usr/bin/time ] && bench_timer=/usr/bin/time

bench_measure() {
    bench_runs=$1
    bench_out=$2
    shift 2
    seconds="" cpu="" peak=""
    bench_run=0
    while [ "$bench_run" -lt "$bench_runs" ]; do
        bench_run=$((bench_run + 1))
        bench_start=$(date +%s.%N)
        if [ -n "$bench_timer" ]; then
            $bench_timer -f '%U %S %M' -o "$cache/time.out" "$@" >"$bench_out" 2>"$cache/err.out"
        else
            "$@" >"$bench_out" 2>"$cache/err.out"
        fi
        bench_rc=$?
        bench_end=$(date +%s.%N)
        if [ "$bench_rc" -gt 1 ]; then
            echo "$bench_name bench: $* exited with $bench_rc:" >&2
            sed 5q "$cache/err.out" >&2
            return 1
        fi
        bench_s=$(awk -v a="$bench_start" -v b="$bench_end" 'BEGIN { printf "%.3f", b - a }')
        if [ -z "$seconds" ] || [ "$(awk -v x="$bench_s" -v y="$seconds" 'BEGIN { print (x < y) }')" = 1 ]; then
            seconds=$bench_s
            if [ -n "$bench_timer" ]; then
                cpu=$(tail -1 "$cache/time.out" | awk '{ printf "%.2f", $1 + $2 }')
                peak=$(tail -1 "$cache/time.out" | awk '{ print $3 }')
            fi
        fi
    done
}
