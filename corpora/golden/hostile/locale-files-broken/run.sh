#!/bin/sh
# run.sh — a locales directory (our locales plus one broken file from
# corpora/locales-bad) given to pgnconv through $ARBITER_DATA:
#   --list-locales must fail with the file, line, column and what is wrong
#   (exit 2); converting SAN still works, with a warning that national
#   notations are unavailable.
t=$(mktemp -d "${TMPDIR:-/tmp}/locales.XXXXXX") || exit 2
trap 'rm -rf "$t"' EXIT
for bad in bad-yaml unknown-key duplicate-letter duplicate-key missing-key castling-like-a-move; do
    rm -rf "$t/locales"
    mkdir "$t/locales"
    cp ../../../../locales/*.yaml "$t/locales/"
    cp "../../../locales-bad/$bad.yaml" "$t/locales/xx.yaml"
    echo "== $bad"
    ARBITER_DATA=$t pgnconv --list-locales > /dev/null 2> "$t/err"
    echo "--list-locales: exit status $?"
    printf '1. e4 e5 *\n' | ARBITER_DATA=$t pgnconv > /dev/null 2>> "$t/err"
    echo "SAN game: exit status $?"
    sed "s#$t#DATA#g" "$t/err"
done
