#!/bin/sh
# perft.sh — move generator speed: perft(6) of the start position and perft(5)
# of Kiwipete, bulk-counted, one thread, no hash table; best of REPEAT runs
# (default 3) because the machine may be shared.
#
#   sh tests/bench/perft.sh BINDIR SHARED

bindir=$1
repeat=${REPEAT:-3}
perft=$bindir/arbiter-perft
[ -x "$perft" ] || { echo "perft bench: $perft not found" >&2; exit 1; }

echo "== perft: arbiter-perft, bulk counting at the leaves, one thread, best of $repeat"
printf '%-10s %5s %12s %9s %8s\n' position depth nodes seconds Mnps

# bench NAME FEN DEPTH EXPECTED
bench() {
    best=""
    run=0
    while [ "$run" -lt "$repeat" ]; do
        run=$((run + 1))
        # --time prints "arbiter-perft: N nodes in S s, M Mnps" on stderr
        out=$("$perft" --time "$2" "$3" 2>&1 >/dev/null) || { echo "perft bench: $1 failed" >&2; return 1; }
        nodes=$(echo "$out" | sed -n 's/.*: \([0-9]*\) nodes in \([0-9.]*\) s.*/\1/p')
        seconds=$(echo "$out" | sed -n 's/.*: \([0-9]*\) nodes in \([0-9.]*\) s.*/\2/p')
        if [ "$nodes" != "$4" ]; then
            echo "perft bench: $1 depth $3 gave $nodes nodes, expected $4" >&2
            return 1
        fi
        if [ -z "$best" ] || [ "$(echo "$seconds < $best" | awk '{ print ($1 < $3) }')" = 1 ]; then
            best=$seconds
        fi
    done
    awk -v name="$1" -v depth="$3" -v nodes="$nodes" -v s="$best" \
        'BEGIN { mnps = s > 0 ? nodes / s / 1e6 : 0
                 printf "%-10s %5d %12d %9.3f %8.1f\n", name, depth, nodes, s, mnps }'
}

status=0
bench start 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' 6 119060324 || status=1
bench kiwipete 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' 5 193690690 || status=1
exit $status
