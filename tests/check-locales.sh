#!/bin/sh
# check-locales.sh — every locale writes and reads back every game: SAN ->
# LANG -> SAN is the identity (make check-locales).
#
#   sh tests/check-locales.sh BINDIR SHARED
#
# Over every .pgn of SHARED/corpora/big (its sub-folders) and the first
# CHECK_LOCALES_GAMES games (default 5000) of SHARED/corpora/big/bench.pgn.gz;
# CHECK_LOCALES_GAMES=all takes all of it (302,029 games: slow, about two
# minutes of CPU per locale).  The canonical text is what pgnconv writes from
# the file (games it rejects are left out); for each locale it is converted
# with `pgnconv --to LANG` and read back with `pgnconv --from LANG`, and must
# come back byte for byte.  CHECK_LOCALES="ro ru" limits the locales;
# CHECK_LOCALES_AUTO=1 also reads each translation back with `--from auto`
# and reports (without failing) how many games detection converted, since
# some games are genuinely ambiguous in some notations.
# Skips (exit 0) without SHARED/corpora/big.  Exits 1 on any difference.

[ $# -eq 2 ] || { echo "usage: sh tests/check-locales.sh BINDIR SHARED" >&2; exit 2; }
bin=$(cd "$1" && pwd) || exit 2
root=$(cd "$(dirname "$0")/.." && pwd) || exit 2
big=$2/corpora/big
if [ ! -d "$big" ]; then
    echo "check-locales: $big is missing, skipped"
    exit 0
fi
ARBITER_DATA=$root
export ARBITER_DATA
LC_ALL=C
export LC_ALL
conv="$bin/pgnconv --jobs 2"
limit=${CHECK_LOCALES_GAMES:-5000}

work=$(mktemp -d "${TMPDIR:-/tmp}/check-locales.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

# the canonical text of every corpus file, concatenated
: >"$work/canonical.pgn"
for f in $(find "$big" -name '*.pgn' | sort); do
    $conv --rejects /dev/null "$f" >>"$work/canonical.pgn" 2>>"$work/canonical.err" || true
done
if [ -f "$big/bench.pgn.gz" ]; then
    if [ "$limit" = all ]; then
        $conv --rejects /dev/null "$big/bench.pgn.gz" >>"$work/canonical.pgn" 2>>"$work/canonical.err" || true
    else
        gzip -dc "$big/bench.pgn.gz" 2>/dev/null |
            awk -v n="$limit" '/^\[Event /{ if (++games > n) exit } { print }' |
            $conv --rejects /dev/null >>"$work/canonical.pgn" 2>>"$work/canonical.err" || true
    fi
fi
games=$(grep -c '^\[Event ' "$work/canonical.pgn")
echo "check-locales: $games games ($(wc -c <"$work/canonical.pgn") bytes of canonical SAN)," \
     "bench.pgn.gz: ${limit} games"

locales=${CHECK_LOCALES:-$($bin/pgnconv --list-locales | awk 'NR > 1 { print $1 }')}
failed=0
for code in $locales; do
    $conv --to "$code" "$work/canonical.pgn" >"$work/lang.pgn" 2>"$work/to.err"
    to_status=$?
    $conv --from "$code" "$work/lang.pgn" >"$work/back.pgn" 2>"$work/from.err"
    from_status=$?
    if [ $to_status -eq 0 ] && [ $from_status -eq 0 ] && cmp -s "$work/canonical.pgn" "$work/back.pgn"; then
        line="identical"
    else
        failed=$((failed + 1))
        where=$(cmp "$work/canonical.pgn" "$work/back.pgn" 2>&1 | head -1)
        line="DIFFERS (to: status $to_status, from: status $from_status; $where)"
        sed -e '3,$d' -e 's/^/    /' "$work/from.err"
    fi
    if [ -n "$CHECK_LOCALES_AUTO" ]; then
        $conv --from auto "$work/lang.pgn" >"$work/auto.pgn" 2>"$work/auto.err"
        summary=$(tail -1 "$work/auto.err" | sed 's/^pgnconv: //')
        line="$line; --from auto: $summary"
    fi
    printf '%-10s %s\n' "$code" "$line"
done
if [ $failed -gt 0 ]; then
    echo "check-locales: $failed locale(s) do not read back what they write"
    exit 1
fi
echo "check-locales: every locale reads back what it writes"
