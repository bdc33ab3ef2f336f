#!/usr/bin/env python3
"""openings_kinds.py -- why our ECO and a game's own ECO tag disagree.

    python3 openings_kinds.py TABLE.epd TABLE.codes NAME=GAMES.epd:TAGS:OURS ...

TABLE.epd: `pgnconv --to epd` of the opening table's lines written as games
(one game per table line, in table order); TABLE.codes: the ECO code of each
line, one a line.  GAMES.epd: `pgnconv --to epd` of the games; TAGS and OURS:
the games' own ECO tag and ours, one a line, in game order.

A position is compared by its placement, side to move and castling rights
(the en passant square left out, as lichess's table of 2017-2021 did).
Each disagreement gets one kind:
  transposition   the tag's code names an earlier position of the game; the
                  position that names ours is reached by another move order
                  than its table line's (the older table, classifying by
                  position too, did not hold that position)
  table grew      the same, but the game plays the table line's own moves:
                  the deeper line is newer than the tag
  shorter line    the game follows a line of the tag's code to its last move
                  but one: the older table held that line one move shorter
  game too short  the game ends inside a line of the tag's code
  older code      the tag's code names no position of the game: the older
                  table gave its positions other codes
Also, per file: the agreement a classifier by move order (the deepest table
line the game starts with) would reach, and the agreement of the lichess
search limit (positions of the first 40 plies only), for comparison.
"""
import collections
import sys


def key(line):
    return " ".join(line.split(" ")[:3])


def read_epd(path):
    games = collections.OrderedDict()
    for line in open(path, encoding="utf-8"):
        number = int(line.split(" game ")[1].split(";")[0])
        games.setdefault(number, []).append(key(line))
    return list(games.values())


def main(argv):
    lines = read_epd(argv[1])
    codes = [c.strip() for c in open(argv[2], encoding="utf-8")]
    held = collections.defaultdict(list)     # position -> codes of the lines reaching it, table order
    by_moves = {}                            # the positions of a line -> its code (the first line's)
    for seq, code in zip(lines, codes):
        held[seq[-1]].append(code)
        by_moves.setdefault(tuple(seq), code)
    kinds = ["transposition", "table grew", "shorter line", "game too short", "older code"]
    total = collections.Counter()
    for spec in argv[3:]:
        name, files = spec.split("=", 1)
        epd, tags, ours = files.split(":")
        games = read_epd(epd)
        tags = [t.split("\t")[0].strip() for t in open(tags, encoding="utf-8")]
        ours = [t.split("\t")[0].strip() for t in open(ours, encoding="utf-8")]
        count = collections.Counter()
        agree = by_order = capped = 0
        for ps, tag, our in zip(games, tags, ours):
            hits = [i for i, p in enumerate(ps) if p in held]
            best = None
            for n in range(1, len(ps)):
                if tuple(ps[: n + 1]) in by_moves:
                    best = by_moves[tuple(ps[: n + 1])]
            by_order += best == tag
            early = [i for i in hits if i <= 40]
            capped += bool(early) and held[ps[early[-1]]][0] == tag
            if tag == our:
                agree += 1
                continue
            if any(tag in held[ps[i]] for i in hits):
                seq = tuple(ps[: hits[-1] + 1])
                kind = "table grew" if seq in by_moves else "transposition"
            else:
                reached = {tuple(ps[: n + 1]) for n in range(len(ps))}
                tag_lines = [s for s in by_moves if by_moves[s] == tag]
                if any(len(s) > len(ps) and s[: len(ps)] == tuple(ps) for s in tag_lines):
                    kind = "game too short"
                elif any(s[:-1] in reached for s in tag_lines):
                    kind = "shorter line"
                else:
                    kind = "older code"
            count[kind] += 1
        n = len(tags)
        total.update(count)
        print("  %-40s %d disagreements: %s" % (name, n - agree, ", ".join(
            "%s %d" % (k, count[k]) for k in kinds if count[k])))
        print("  %-40s by move order instead %.2f%%, first 40 plies only %.2f%% (ours %.2f%%)" % (
            "", 100 * by_order / n, 100 * capped / n, 100 * agree / n))
    print("  all files: " + ", ".join("%s %d" % (k, total[k]) for k in kinds))


if __name__ == "__main__":
    main(sys.argv)
