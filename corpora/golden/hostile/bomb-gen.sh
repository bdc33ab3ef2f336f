#!/bin/sh
# bomb-gen.sh FORMAT — the gzip-bomb of gzip-bomb/gen.sh in another
# container (zstd, bzip2, xz or zip): a game before, 512 MiB of NUL and
# newline padding, a game after.  zstd, bzip2 and xz concatenate eight
# streams of 64 MiB (each 2-10 KB); zip holds four 128 MiB members between
# before.pgn and after.pgn, written to a pipe as `zip -` streams them (data
# descriptors).  A second or two.
set -e
format=$1
t=$(mktemp -d "${TMPDIR:-/tmp}/bomb.XXXXXX")
trap 'rm -rf "$t"' EXIT
pad() {
    head -c 67108864 /dev/zero
    head -c 67108864 /dev/zero | tr '\000' '\n'
}
case $format in
zip)
    printf '[Event "before"]\n\n1. e4 e5 *\n\n' >"$t/before.pgn"
    printf '[Event "after"]\n\n1. d4 d5 *\n' >"$t/after.pgn"
    for i in 1 2 3 4; do
        mkfifo "$t/pad$i.pgn"
        pad >"$t/pad$i.pgn" &
    done
    (cd "$t" && zip -q -FI - before.pgn pad1.pgn pad2.pgn pad3.pgn pad4.pgn after.pgn)
    ;;
zstd | bzip2 | xz)
    case $format in
    zstd) squeeze="zstd -1 -q -c" ;;
    bzip2) squeeze="bzip2 -1 -c" ;;
    xz) squeeze="xz -0 -T1 -c" ;;
    esac
    head -c 67108864 /dev/zero | $squeeze >"$t/zeros"
    head -c 67108864 /dev/zero | tr '\000' '\n' | $squeeze >"$t/newlines"
    printf '[Event "before"]\n\n1. e4 e5 *\n\n' | $squeeze
    for i in 1 2 3 4; do cat "$t/zeros" "$t/newlines"; done
    printf '[Event "after"]\n\n1. d4 d5 *\n' | $squeeze
    ;;
*)
    echo "bomb-gen.sh: unknown format $format" >&2
    exit 2
    ;;
esac
