#!/bin/sh
# check.sh — the README's embedding example, as a new user would build it:
# `make install` into a staging root, then the example compiled through
# pkg-config against the installed headers and library, shared and static,
# and run on tests/embed/games.pgn (in SAN, and in Romanian notation, whose
# letters come from the installed data files).  The static run has the rule
# profiles removed from the installation, so the linter runs on the editions
# built into the library.  Finally `make uninstall` leaves no file behind.
#
#   sh tests/embed/check.sh MAKE BUILD_DIR
# Prints "embed: N passed, M failed"; exit status 1 on any failure.
set -u
make=${1:-make}
b=${2:-build}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
root=$top/$b/embed/root
prefix=/usr/local
stage=$root$prefix
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "embed: $*" >&2; fail=$((fail + 1)); }

rm -rf "$root"
cd "$top" || exit 2
$make --no-print-directory install B="$b" DESTDIR="$root" PREFIX=$prefix > "$top/$b/embed.log" 2>&1 \
    || { cat "$top/$b/embed.log" >&2; echo "embed: 0 passed, 1 failed"; exit 1; }

for f in include/arbiter/arbiter.h include/arbiter/lint.h lib/libarbiter.a lib/pkgconfig/arbiter.pc \
         share/arbiter/locales/ro.yaml share/arbiter/profiles/fide-2023.yaml share/man/man1/pgnlint.1; do
    [ -e "$stage/$f" ] && ok || bad "not installed: $prefix/$f"
done
# internal headers stay inside the library
for f in yaml_doc.h lint_context.h lint_checks.h datadir.h; do
    [ -e "$stage/include/arbiter/$f" ] && bad "internal header installed: $f" || ok
done
soname=$(readelf -d "$stage/lib/libarbiter.so" 2>/dev/null | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
[ -n "$soname" ] && [ -e "$stage/lib/$soname" ] && ok || bad "no soname, or no $soname link"

export PKG_CONFIG_PATH="$stage/lib/pkgconfig"
pc="pkg-config --define-variable=prefix=$stage"
# libarbiter.a with its own dependencies (Requires.private, Libs.private) linked
# as shared libraries: a fully static link would need the static archives of
# every dependency's dependencies, which Debian does not install with the -dev
# packages (libarchive's acl, lz4, ...)
cflags=$($pc --cflags arbiter) && libs=$($pc --libs arbiter) &&
    static_libs="$($pc --libs arbiter | sed 's/-larbiter/-l:libarbiter.a/') $($pc --libs $($pc --print-requires-private arbiter)) $(sed -n 's/^Libs.private: //p' "$stage/lib/pkgconfig/arbiter.pc")" \
    || { bad "pkg-config cannot read arbiter.pc"; echo "embed: $pass passed, $fail failed"; exit 1; }
cc=${CC:-cc}
# the example links against the installed library only: no ARBITER_DATA, no
# source tree above it
unset ARBITER_DATA
if $cc -std=c11 -Wall -Wextra -Werror $cflags "$here/example.c" -o "$stage/bin/example-shared" \
       $libs -Wl,-rpath,"$stage/lib"; then ok; else bad "the example does not build against the shared library"; fi
if $cc -std=c11 -Wall -Wextra -Werror $cflags "$here/example.c" -o "$stage/bin/example-static" \
       $static_libs; then ok; else bad "the example does not build with libarbiter.a"; fi

run() {   # NAME EXPECTED ARGS...
    name=$1 expected=$2
    shift 2
    "$@" > "$top/$b/embed.out" 2>&1
    if cmp -s "$expected" "$top/$b/embed.out"; then ok; else
        bad "$name: output differs from $expected:"
        diff "$expected" "$top/$b/embed.out" | head -20 >&2
    fi
}
run "shared, SAN" "$here/expected-san.txt" "$stage/bin/example-shared" tests/embed/games.pgn
run "shared, Romanian" "$here/expected-ro.txt" "$stage/bin/example-shared" tests/embed/games.pgn ro
rm -rf "$stage/share/arbiter/profiles"
run "static, built-in profiles" "$here/expected-san.txt" "$stage/bin/example-static" tests/embed/games.pgn
rm -f "$stage/bin/example-shared" "$stage/bin/example-static"

$make --no-print-directory uninstall B="$b" DESTDIR="$root" PREFIX=$prefix >> "$top/$b/embed.log" 2>&1 || bad "make uninstall failed"
left=$(find "$root" -type f | head -5)
[ -z "$left" ] && ok || bad "left after make uninstall: $left"

echo "embed: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
