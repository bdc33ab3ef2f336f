#!/bin/sh
# check-layers.sh — every file of lib/<layer>/ includes only headers of its
# own layer or of the layers below it (the order is the Makefile's LAYERS,
# lowest first), and every quoted include names a header that exists there.
# The build already refuses an upward include (each layer is compiled with
# the include paths of the layers up to its own); this says which line.
#
#   sh tests/check-layers.sh "base chess notation ..."
# Prints FILE:LINE: messages and "layers: N files, M includes, K wrong";
# exit status 1 when K > 0.
set -u
layers=${1:?usage: check-layers.sh "LAYER..."}
cd "$(dirname "$0")/.." || exit 2

files=0 includes=0 wrong=0
# code belongs to a layer: nothing loose in lib/ itself, no folder of code
# outside the list (include/ holds the public headers, gen/ the build-time
# table generator; data folders hold no C)
for f in lib/*.c lib/*.h; do
    [ -f "$f" ] && { echo "$f: source outside every layer; expected under lib/<layer>/ for one of: $layers" >&2; wrong=$((wrong + 1)); }
done
for d in lib/*/; do
    d=${d%/}; name=${d#lib/}
    case " $layers include gen " in *" $name "*) continue ;; esac
    if [ -n "$(find "$d" -maxdepth 1 \( -name '*.c' -o -name '*.h' \) -print -quit)" ]; then
        echo "$d: C sources in a folder that is not a layer; expected one of: $layers (the Makefile's LAYERS)" >&2
        wrong=$((wrong + 1))
    fi
done
below=""
for layer in $layers; do
    below="$below $layer"
    [ -d "lib/$layer" ] || { echo "lib/$layer: layer folder missing" >&2; wrong=$((wrong + 1)); continue; }
    for f in lib/"$layer"/*.c lib/"$layer"/*.h; do
        [ -f "$f" ] || continue
        files=$((files + 1))
        out=$(grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f" | while IFS= read -r hit; do
            line=${hit%%:*}
            name=$(printf '%s\n' "$hit" | sed 's/^[^"]*"\([^"]*\)".*/\1/')
            found=""
            for l in $below; do
                [ -f "lib/$l/$name" ] && { found=$l; break; }
            done
            if [ -z "$found" ]; then
                owner=""
                for l in $layers; do [ -f "lib/$l/$name" ] && owner=$l; done
                # generated at build time (constant tables, the install prefix): build/gen
                case "$name" in tables.h|prefix.h) echo ok; continue ;; esac
                if [ -n "$owner" ]; then
                    echo "$f:$line: includes \"$name\" of the $owner layer, above $layer; expected only headers of: $below" >&2
                else
                    echo "$f:$line: includes \"$name\", which no layer has; expected a header of: $below" >&2
                fi
                echo bad
            else
                echo ok
            fi
        done)
        n_ok=$(printf '%s\n' "$out" | grep -c '^ok$')
        n_bad=$(printf '%s\n' "$out" | grep -c '^bad$')
        includes=$((includes + n_ok + n_bad))
        wrong=$((wrong + n_bad))
    done
done
echo "layers: $files files, $includes includes, $wrong wrong"
[ "$wrong" -eq 0 ]
