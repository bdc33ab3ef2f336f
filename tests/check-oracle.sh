#!/bin/sh
# check-oracle.sh — differential check against the independent oracle
# (SHARED/tools/oracle, Node + chessops): every game of SHARED/corpora/big and
# SHARED/corpora/c960 must replay the same way in both, with the same
# canonical SAN main line and the same final position.
#
#   sh tests/check-oracle.sh FACTS_TOOL SHARED
#
# Skips (exit 0) without SHARED or node.  The oracle is installed once with npm
# into build/oracle (its own copy: SHARED is read-only).  Exit 1 on any
# disagreement; every one is listed (up to 5 per kind and file).
set -u
facts=$1
shared=$2
corpora=$shared/corpora
work=build/oracle

if [ ! -d "$corpora/big" ] || [ ! -d "$shared/tools/oracle" ]; then
    echo "check-oracle: $corpora/big or $shared/tools/oracle not found; skipped"
    exit 0
fi
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    echo "check-oracle: node/npm not installed; skipped"
    exit 0
fi
mkdir -p "$work"
if [ ! -d "$work/node_modules/chessops" ]; then
    cp "$shared/tools/oracle/package.json" "$shared/tools/oracle/oracle.mjs" "$work/" &&
        (cd "$work" && npm install --no-audit --no-fund --silent) || { echo "check-oracle: npm install failed" >&2; exit 2; }
fi

status=0
files=$(cd "$corpora" && find big c960 -name '*.pgn' -o -name '*.pgn.gz' | sort)
for f in $files; do
    name=$(echo "$f" | tr '/' '_')
    oracle_out=$work/oracle_$name.jsonl
    # the oracle's facts do not change: keep them between runs
    if [ ! -s "$oracle_out" ] || [ "$oracle_out" -ot "$corpora/$f" ]; then
        case "$f" in
        *.gz) gzip -dc "$corpora/$f" | node "$work/oracle.mjs" >"$oracle_out.tmp" ;;
        *) node "$work/oracle.mjs" <"$corpora/$f" >"$oracle_out.tmp" ;;
        esac && mv "$oracle_out.tmp" "$oracle_out"
    fi
    "$facts" "$corpora/$f" >"$work/ours_$name.jsonl" || status=1
    node tests/oracle/compare.mjs "$oracle_out" "$work/ours_$name.jsonl" "$f" || status=1
done
[ $status -eq 0 ] && echo "check-oracle: no disagreement" || echo "check-oracle: disagreements above"
exit $status
