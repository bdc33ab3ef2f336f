#!/bin/sh
# demo.sh — what `make demo` shows: an arbiter checking a round of a
# (fictional) open with pgnlint, then turning the games into canonical PGN.
#
#   sh tests/demo.sh BINDIR
#
# Exits 0 when the tools behaved as expected on the bundled round (pgnlint
# finds the planted irregularities and exits 1; pgnconv converts all games
# but the one with the illegal move), 1 otherwise, 2 on usage errors.

[ $# -eq 1 ] || { echo "usage: sh tests/demo.sh BINDIR" >&2; exit 2; }
bin=$(cd "$1" && pwd) || exit 2
root=$(cd "$(dirname "$0")/.." && pwd) || exit 2
PATH=$bin:$PATH
export PATH
demo=$root/corpora/demo
cd "$demo" || exit 2

# say LINE...: a paragraph of explanation
say() {
    echo
    for line in "$@"; do echo "# $line"; done
}
# show COMMAND: prints the command line, then runs it (stderr in order with
# stdout); the command's exit status is kept in $status
show() {
    echo "\$ $1"
    sh -c "$1" 2>&1
    status=$?
    echo "(exit status $status)"
}

failed=0
expect() { # expect WHAT EXPECTED-STATUS
    if [ "$status" != "$2" ]; then
        echo "demo: $1 exited with $status, expected $2" >&2
        failed=1
    fi
}

say "Round 5 of the Open Internațional Timișoara 2024, as submitted: eight games" \
    "typed from the scoresheets in Romanian notation (R D T N C: rege, damă, turn," \
    "nebun, cal; castling 0-0, one player writes captures with ':').  pgnlint replays" \
    "every game like an arbiter and reports, per game, what is wrong, where, and" \
    "which article of the FIDE Laws of Chess it concerns, quoting the moves in the" \
    "scoresheet's own letters."
show "pgnlint --color never --from ro timisoara-2024-r5.pgn"
expect "pgnlint" 1

say "The event's regulations (event.yaml) forbid draw offers and agreements before" \
    "move 20 (Laws 9.1.1) and require Elo tags; with them, game 5.6 is irregular too."
show "pgnlint --color never --from ro --event event.yaml timisoara-2024-r5.pgn | sed -n '/Krajnc/,/^8 games/p'"

say "The same report in Romanian, with the terms of the Romanian text of the Laws:"
show "pgnlint --color never --from ro --lang ro timisoara-2024-r5.pgn | sed -n '/Marin/,/Stoica/p'"

say "The same findings as JSON Lines for a rating officer's scripts: one object per" \
    "finding, one per game with how it ended (here the games' terminations)."
show "pgnlint --format json --from ro timisoara-2024-r5.pgn 2>/dev/null | grep '\"type\":\"game\"' | grep -o '\"white\":\"[^\"]*\"\\|\"termination\":\"[^\"]*\"' | paste -d' ' - -"

say "Article 6.9: a player whose flag falls loses, unless the opponent cannot checkmate" \
    "by any series of legal moves.  Here Black lost on time, but White's king, bishop and" \
    "locked pawns can never mate: pgnlint searches every reachable position and" \
    "says the 1-0 is a draw.  arbiter-dead answers the same for the board in front of you."
show "pgnlint --color never flag-fall-locked-pawns.pgn"
expect "pgnlint (6.9)" 1
show "arbiter-dead --side white '8/8/4p3/3pPk2/p1pPp1p1/P1PbP1Pp/3B3P/2K5 w - - 79 95'"
expect "arbiter-dead" 0

say "Which editions of the Laws pgnlint knows (--laws NAME, or auto by the Date tag):"
show "pgnlint --list-profiles"
expect "pgnlint --list-profiles" 0

say "pgnconv writes the round as canonical PGN (export format, English SAN).  It" \
    "recognises the Romanian notation by replaying each game under every known" \
    "notation (letters alone would mislead: R is a king in Romanian, a rook in" \
    "English).  The game with the illegal move cannot be replayed: it is passed" \
    "through unchanged, and said so."
show "pgnconv timisoara-2024-r5.pgn | sed -n '1,24p'"
show "pgnconv timisoara-2024-r5.pgn >/dev/null"
expect "pgnconv" 1

say "Checking a tournament submission: the organiser of the Golden Open sends a" \
    "folder of games (one file per round, and a note) and the event's FIDE" \
    "tournament report (TRF).  pgnlint --trf reads every PGN file under the folder" \
    "and checks that every pairing played over the board has exactly one game with" \
    "the report's players, colours, round and result, and that the report agrees" \
    "with itself; names are matched as organisers write them.  A summary per round" \
    "ends the output."
show "pgnlint --color never --trf golden-open.trf submission | grep -v draw-claim"
expect "pgnlint --trf" 0
show "pgnlint --trf golden-open.trf submission >/dev/null 2>&1"
expect "pgnlint --trf" 1

report=$(cd "$bin/.." && pwd)/demo/arbiter-report.html
mkdir -p "$(dirname "$report")"
say "The same as one self-contained HTML page for the arbiter's file (no scripts," \
    "nothing fetched; prints well, reads on a phone): the summary per round, then" \
    "each finding with the game's tags and a diagram of the position."
show "pgnlint --format html --trf golden-open.trf submission > $report"
expect "pgnlint --format html" 1
echo "# written: $report ($(wc -c < "$report") bytes)"
say "Round 6 as typed from the scoresheets has two recording errors, the kind an" \
    "arbiter meets every round: in game 6.1 a player wrote the English N for a" \
    "knight (N is the bishop in Romanian), in game 6.2 a move was left out.  pgnrepair" \
    "finds the fewest edits that make each game replay, writes the repaired games" \
    "with a comment at each edited move and a [Repaired] tag, and says what it did."
show "pgnrepair round6-typed.pgn | sed -n '8,13p;22,27p'"
expect "pgnrepair" 0

say "The same as JSON for a bulletin editor's review, two suggestions per game:"
show "pgnrepair --json --suggestions 2 round6-typed.pgn 2>/dev/null | grep -o '\"rank\":[0-9]*,\"cost\":[0-9]*,\"edits\":[^]]*]'"

say "With both players' scoresheets of game 6.1 typed in (each with a different" \
    "error), pgnrepair --sheets gives back the one game both sheets agree with" \
    "except at the fewest places, and says at each disagreement which sheet it followed."
show "pgnrepair --sheets round6-white-sheets.pgn round6-black-sheets.pgn | sed -n '8,15p'"
expect "pgnrepair --sheets" 0

exit $failed
