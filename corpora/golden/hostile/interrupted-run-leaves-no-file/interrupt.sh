#!/bin/sh
# interrupt.sh — for SIGINT, SIGTERM and SIGHUP: pgnconv -o converts an
# endless stream, the signal comes after a second, then prints the exit status
# and what is left in the output directory (the answer must be: nothing).
# Commands started in the background by a non-interactive shell ignore
# SIGINT; env --default-signal (coreutils 8.31) gives it back.
t=$(mktemp -d "${TMPDIR:-/tmp}/interrupt.XXXXXX") || exit 2
trap 'rm -rf "$t"' EXIT
reset=""
env --default-signal=INT true 2>/dev/null && reset="env --default-signal=INT,TERM,HUP"
for sig in INT TERM HUP; do
    mkdir "$t/out"
    sh gen.sh | $reset pgnconv -o "$t/out/games.pgn" 2>/dev/null &
    pid=$!
    sleep 1
    kill -s "$sig" "$pid"
    n=0
    while kill -0 "$pid" 2>/dev/null && [ $n -lt 20 ]; do
        sleep 1
        n=$((n + 1))
    done
    kill -0 "$pid" 2>/dev/null && { echo "SIG$sig: pgnconv did not stop"; kill -s KILL "$pid"; }
    wait "$pid"
    status=$?
    left=$(ls "$t/out" | sed 's/[.]tmp[.].*/.tmp.XXXXXX/')
    echo "SIG$sig: exit status $status, left: ${left:-nothing}"
    rm -rf "$t/out"
done
