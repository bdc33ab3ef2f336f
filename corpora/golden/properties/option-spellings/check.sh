# check.sh — every tool reads the same option in every spelling: "-j 2",
# "-j2", "--jobs 2", "--jobs=2", one-letter bundles; values that start with
# '-' stay values; words after "--" are files.  Prints one line per tool and
# the errors for the misspellings.
set -u
t=$(mktemp -d) || exit 2
trap 'rm -rf "$t"' EXIT
cp ../../../demo/timisoara-2024-r5.pgn "$t/in.pgn"
cd "$t" || exit 2
in=in.pgn
same() { # same TOOL ARGS-A -- ARGS-B: identical stdout, stderr and status
    tool=$1
    shift
    a="" b="" side=a
    for w in "$@"; do
        if [ "$w" = "|" ]; then side=b; continue; fi
        if [ $side = a ]; then a="$a $w"; else b="$b $w"; fi
    done
    $tool $a > a.out 2> a.err; echo "exit $?" >> a.err
    $tool $b > b.out 2> b.err; echo "exit $?" >> b.err
    if cmp -s a.out b.out && cmp -s a.err b.err; then
        echo "$tool:$a  =  $tool:$b"
    else
        echo "DIFFERS: $tool:$a  vs  $tool:$b"
    fi
}
for tool in pgnconv pgnlint pgngrep; do
    same $tool -j 2 $in "|" -j2 $in
    same $tool -j 2 $in "|" --jobs=2 $in
    same $tool --jobs 1 $in "|" --jobs=1 $in
    same $tool --from ro $in "|" --from=ro $in
done
same pgngrep -c -v --valid $in "|" -cv --valid $in
same pgngrep -c -j 2 -m 3 $in "|" -cj2 -m3 $in
same pgngrep --tag White=Popescu $in "|" --tag=White=Popescu $in
same pgnconv -o x.pgn $in "|" --output=x.pgn $in
same pgnconv -ox.pgn $in "|" --output x.pgn $in
cp $in ./-j
pgngrep -c -- -j
pgnlint --format facts -- -j | wc -l
for bad in "pgnlint --strict=1" "pgnconv --list-locales=yes" "pgngrep --count=3" "pgnlint -j" "pgnconv --jobs" "pgngrep -j"; do
    $bad $in > /dev/null 2> err
    echo "$bad: exit $?: $(head -n 1 err)"
done
