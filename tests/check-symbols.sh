#!/bin/sh
# check-symbols.sh — the shared library exports only names of its public API,
# all prefixed arb_ (everything else is compiled -fvisibility=hidden).
#   sh tests/check-symbols.sh build/lib/libarbiter.so.X.Y.Z
# Prints the offending names and "symbols: N exported, M without the arb_
# prefix"; exit status 1 when M > 0.
set -u
lib=${1:?usage: check-symbols.sh LIBRARY}
names=$(nm -D --defined-only "$lib" | awk 'NF >= 3 { print $3 }') || exit 2
total=$(printf '%s\n' "$names" | grep -c .)
bad=$(printf '%s\n' "$names" | grep -v '^arb_' | grep -v '^_\(init\|fini\|edata\|end\|_bss_start\)$' || true)
nbad=$(printf '%s\n' "$bad" | grep -c . || true)
[ -n "$bad" ] && printf '%s: exported without the arb_ prefix: %s\n' "$lib" "$bad" | tr '\n' ' ' >&2 && echo >&2
echo "symbols: $total exported, $nbad without the arb_ prefix"
[ "$nbad" -eq 0 ] && [ "$total" -gt 0 ]
