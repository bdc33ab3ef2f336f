#!/bin/sh
# run.sh — pgnlint and pgngrep on the hostile inputs of the pgnconv cases
# beside this one: an exit status and a message for each, no crash, bounded
# memory on the gzip bomb and deep nesting.  Their stdout is not compared
# (pgnlint's findings have cases of their own); pgngrep's is counted.
for tool in pgnlint pgngrep; do
    command -v $tool > /dev/null || { echo "$tool: not built"; continue; }
    for c in empty-file/empty.pgn . no-such-file.pgn truncated-gzip/games.pgn.gz corrupt-gzip/games.pgn.gz \
             nul-bytes/games.pgn invalid-utf8/games.pgn unclosed-brace-at-eof/games.pgn; do
        f=../$c
        [ "$c" = . ] && f=.
        [ "$c" = no-such-file.pgn ] && f=no-such-file.pgn
        # a folder is read as the PGN files under it; as standard input it is refused
        if [ "$c" = . ]; then $tool < . > /dev/null 2> err; else $tool "$f" > /dev/null 2> err; fi
        echo "$tool $c: exit status $?"
        grep -v '^pgnlint: .* games\{0,1\} read\|^pgngrep: ' err | sed 's#^\.\./##'
        grep '^pgngrep: cannot' err
    done
    # pgngrep keeps a game's span (its text and the padding after it) up to
    # about 64 MiB, the default max_game_bytes
    limit=64
    [ $tool = pgngrep ] && limit=320
    # the bomb only through pgngrep: pgnlint reads as pgnconv does (one
    # reader), pgngrep keeps spans of its own
    bomb=""
    [ $tool = pgngrep ] && bomb=gzip-bomb
    for c in $bomb nested-parens-1m games-100000-without-tags; do
        (cd ../$c && sh gen.sh) | ../peak-rss.sh $limit $tool > out 2> err
        status=$?
        lines=""
        [ $tool = pgngrep ] && lines=", $(wc -l < out | tr -d ' ') lines out"
        echo "$tool $c (generated): exit status $status$lines"
        grep 'peak-rss' err
    done
done
rm -f err out
