#!/usr/bin/env python3
"""make_event.py — a tournament of any size with its report and games, for
benchmarks: PLAYERS players (even), ROUNDS rounds paired by the circle method,
results from a fixed seed, one short real-looking game per pairing.

    python3 tests/tournament/make_event.py PLAYERS ROUNDS OUTDIR [noids]

Writes OUTDIR/event.trf (TRF-16) and OUTDIR/games.pgn (with WhiteFideId and
BlackFideId tags, or without them with `noids`, so that players are matched
by name); the same arguments always give the same bytes.
"""
import os
import random
import sys

MOVES = {
    "1-0": "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0",
    "0-1": "1. f3 e5 2. g4 Qh4# 0-1",
    "1/2-1/2": "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1/2-1/2",
}
SURNAMES = ["Müller", "Schmidt", "Novak", "Kowalski", "Nielsen", "García", "Rossi", "Şahin", "Ivanov",
            "Popescu", "Horváth", "Dubois", "Jansen", "Silva", "Öztürk", "Petrović"]
GIVEN = ["Anna", "Jan", "Maria", "Luka", "Sofia", "Mateo", "Ewa", "Jürgen", "Zoë", "Ion"]


def main():
    players, rounds, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    ids = len(sys.argv) < 5 or sys.argv[4] != "noids"
    assert players % 2 == 0 and 0 < rounds < players
    rng = random.Random(players * 1000 + rounds)
    names = ["%s%d,%s" % (SURNAMES[i % len(SURNAMES)], i + 1, GIVEN[i % len(GIVEN)]) for i in range(players)]
    cells = [[] for _ in range(players)]
    games = []
    ring = list(range(1, players))
    for r in range(1, rounds + 1):
        order = [0] + ring
        for board in range(players // 2):
            a, b = order[board], order[players - 1 - board]
            w, bl = (a, b) if (r + board) % 2 else (b, a)
            res = rng.choice(["1-0", "0-1", "1/2-1/2"])
            rw, rb = {"1-0": ("1", "0"), "0-1": ("0", "1"), "1/2-1/2": ("=", "=")}[res]
            cells[w].append((bl + 1, "w", rw))
            cells[bl].append((w + 1, "b", rb))
            games.append((r, board + 1, w, bl, res))
        ring = ring[-1:] + ring[:-1]
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "event.trf"), "w", encoding="utf-8") as f:
        f.write("012 Benchmark Open %d\nXXR %d\n" % (players, rounds))
        for i in range(players):
            pts = sum({"1": 10, "=": 5, "0": 0}[c[2]] for c in cells[i])
            line = "001 %4d m    %-33s %4d %-3s %11d %-10s %4.1f %4d" % (
                i + 1, names[i], 2000, "GER", 10000000 + i, "1990/01/01", pts / 10.0, i + 1)
            line += "".join("  %4d %s %s" % c for c in cells[i])
            f.write(line + "\n")
    with open(os.path.join(out, "games.pgn"), "w", encoding="utf-8") as f:
        for r, board, w, b, res in games:
            f.write('[Event "Benchmark Open"]\n[Site "Bench"]\n[Date "2025.01.01"]\n[Round "%d.%d"]\n'
                    '[White "%s"]\n[Black "%s"]\n[Result "%s"]\n' % (r, board, names[w], names[b], res))
            if ids:
                f.write('[WhiteFideId "%d"]\n[BlackFideId "%d"]\n' % (10000000 + w, 10000000 + b))
            f.write("\n%s\n\n" % MOVES[res])


if __name__ == "__main__":
    main()
