#!/bin/sh
# check-oracle-lint.sh — differential check of pgnlint's replay facts (mate,
# stalemate, insufficient material, first threefold/fivefold/50/75-move ply,
# claims at the end) against the independent oracle in ../shared/tools/oracle,
# over ../shared/corpora/big and ../shared/corpora/claims.
#
#   sh tests/check-oracle-lint.sh BINDIR SHARED
#
# Skips (exit 0) without ../shared or node.  The oracle needs its npm packages:
# it runs from SHARED/tools/oracle when they are installed there, else from a
# copy in BINDIR/../oracle (installed there with npm on first use).  Oracle
# outputs are cached there as out_<corpus path>.jsonl (bench.pgn.gz, 300,000
# games, takes the oracle about five minutes).  Exits 1 on any disagreement.

[ $# -eq 2 ] || { echo "usage: sh tests/check-oracle-lint.sh BINDIR SHARED" >&2; exit 2; }
bin=$(cd "$1" && pwd) || exit 2
root=$(cd "$(dirname "$0")/.." && pwd) || exit 2
shared=$2
if [ ! -d "$shared/corpora" ] || [ ! -d "$shared/tools/oracle" ]; then
    echo "check-oracle-lint: $shared/corpora or its oracle is missing, skipped"
    exit 0
fi
shared=$(cd "$shared" && pwd)
if ! command -v node >/dev/null 2>&1; then
    echo "check-oracle-lint: node is not installed, skipped"
    exit 0
fi

oracle=$shared/tools/oracle
if [ ! -d "$oracle/node_modules" ]; then
    oracle=$(cd "$bin/.." && pwd)/oracle
    if [ ! -d "$oracle/node_modules" ]; then
        mkdir -p "$oracle" && cp "$shared/tools/oracle/oracle.mjs" "$shared/tools/oracle/package.json" "$oracle/" &&
            (cd "$oracle" && npm install --no-audit --no-fund >/dev/null 2>&1) || {
            echo "check-oracle-lint: cannot install the oracle's packages (npm install in $oracle), skipped"
            exit 0
        }
    fi
fi
# shared with check-oracle.sh: one oracle run per corpus file serves both checks
cache=$root/build/oracle
mkdir -p "$cache" || exit 2
work=$(mktemp -d "${TMPDIR:-/tmp}/oracle-lint.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT

failed=0
files=$(cd "$shared/corpora" && find big claims -type f \( -name '*.pgn' -o -name '*.pgn.gz' \) | sort)
for rel in $files; do
    src=$shared/corpora/$rel
    out=$cache/oracle_$(echo "$rel" | tr '/' '_').jsonl
    if [ ! -s "$out" ] || [ "$out" -ot "$src" ]; then
        case $src in
            *.gz) gzip -dc "$src" ;;
            *) cat "$src" ;;
        esac | node "$oracle/oracle.mjs" >"$out.tmp" 2>/dev/null && mv "$out.tmp" "$out" || {
            echo "check-oracle-lint: the oracle failed on $rel"
            failed=1
            continue
        }
    fi
    "$bin/pgnlint" --format facts "$src" >"$work/facts.jsonl" 2>/dev/null
    node "$root/tests/oracle/compare-facts.mjs" "$rel" "$out" "$work/facts.jsonl" || failed=1
done
exit $failed
