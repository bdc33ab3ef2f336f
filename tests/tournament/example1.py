#!/usr/bin/env python3
"""example1.py — the cross-check against a real tournament report.

    python3 tests/tournament/example1.py PGNLINT SHARED OUTDIR

Reads SHARED/corpora/trf/sklangen-TRF/example1.trf (a 284-player open, 7
rounds) with a reader of its own, writes one game for every pairing played
over the board (the moves of a real game from SHARED/corpora/big/bench.pgn.gz
with the same result; players, FIDE IDs, round and board from the report),
plants discrepancies at places chosen with a fixed seed, runs
`PGNLINT --format json --trf example1.trf games.pgn` and compares the trf-*
findings with the planted ones: every planted one must be reported, and
nothing else.  Prints the counts; exit status 1 on any difference, 0 when
SHARED is missing (skipped).
"""
import gzip
import json
import os
import random
import subprocess
import sys

SEED = 16


def read_trf(path):
    players, cells = {}, {}
    with open(path, encoding="utf-8", errors="replace") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\r\n")
            if not line.startswith("001"):
                continue
            line = line.ljust(100)
            rank = int(line[4:8])
            fid = line[57:68].strip()
            players[rank] = {"name": line[14:47].strip(), "id": fid, "line": number}
            r = 1
            while 91 + 10 * (r - 1) < len(line.rstrip()) + 1:
                cell = line[90 + 10 * (r - 1):100 + 10 * (r - 1)]
                if cell.strip():
                    opp = cell[1:5].strip()
                    cells[(rank, r)] = (int(opp) if opp else 0, cell[6], cell[8])
                r += 1
    return players, cells


def real_games(path, need):
    """Movetexts of real games by result, Termination Normal only."""
    by_result = {"1-0": [], "0-1": [], "1/2-1/2": []}
    with gzip.open(path, "rt", encoding="utf-8", errors="replace") as f:
        tags, moves = {}, []
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("["):
                if moves:
                    tags, moves = {}, []
                name, _, value = line[1:-1].partition(" ")
                tags[name] = value.strip('"')
            elif line.strip():
                moves.append(line)
            elif moves:
                res = tags.get("Result")
                if tags.get("Termination") == "Normal" and res in by_result and len(by_result[res]) < need:
                    by_result[res].append(" ".join(moves))
                tags, moves = {}, []
                if all(len(v) >= need for v in by_result.values()):
                    break
    return by_result


RESULT = {"1": "1-0", "0": "0-1", "=": "1/2-1/2", "W": "1-0", "L": "0-1", "D": "1/2-1/2"}
FLIP = {"1-0": "0-1", "0-1": "1-0", "1/2-1/2": "1-0"}


def main():
    pgnlint, shared, out = sys.argv[1:4]
    trf = os.path.join(shared, "corpora", "trf", "sklangen-TRF", "example1.trf")
    bench = os.path.join(shared, "corpora", "big", "bench.pgn.gz")
    if not os.path.exists(trf) or not os.path.exists(bench):
        print("example1: skipped (no %s)" % (trf if not os.path.exists(trf) else bench))
        return 0
    os.makedirs(out, exist_ok=True)
    players, cells = read_trf(trf)
    pairings = []       # (round, white, black, result) played over the board
    forfeits = []
    for (rank, rnd), (opp, colour, res) in sorted(cells.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        if colour == "w" and opp in players and res in RESULT:
            pairings.append((rnd, rank, opp, RESULT[res]))
        elif opp in players and opp > rank and res in "+-" and colour in "w-":
            forfeits.append((rnd, rank, opp, "1-0" if res == "+" else "0-1"))
    moves = real_games(bench, 400)
    rng = random.Random(SEED)
    picks = {k: 0 for k in moves}

    def movetext(result):
        text = moves[result][picks[result] % len(moves[result])]
        picks[result] += 1
        return text

    games = []          # dicts of tags + moves
    board = {}
    for rnd, w, b, res in pairings:
        board[rnd] = board.get(rnd, 0) + 1
        games.append({"Round": "%d.%d" % (rnd, board[rnd]), "White": players[w]["name"],
                      "Black": players[b]["name"], "Result": res, "w": w, "b": b, "rnd": rnd,
                      "WhiteFideId": players[w]["id"], "BlackFideId": players[b]["id"], "moves": None})
    expected = []       # (code, round, low rank, high rank)
    chosen = rng.sample(range(len(games)), 40)
    plans = ["missing", "duplicate", "result", "colours", "round", "player-id", "name-variant",
             "name-order", "no-id-name-variant"] * 4 + ["result"] * 4
    dropped = set()
    extra_games = []
    for index, plan in zip(chosen, plans):
        g = games[index]
        pair = (g["rnd"], min(g["w"], g["b"]), max(g["w"], g["b"]))
        if plan == "missing":
            dropped.add(index)
            expected.append(("trf-missing-game",) + pair)
        elif plan == "duplicate":
            extra_games.append(dict(g))
            expected.append(("trf-duplicate-game",) + pair)
        elif plan == "result":
            g["Result"] = FLIP[g["Result"]]
            expected.append(("trf-result",) + pair)
        elif plan == "colours":
            for a, b in (("White", "Black"), ("WhiteFideId", "BlackFideId")):
                g[a], g[b] = g[b], g[a]
            g["Result"] = {"1-0": "0-1", "0-1": "1-0"}.get(g["Result"], g["Result"])
            expected.append(("trf-colours",) + pair)
        elif plan == "round":
            g["Round"] = str(g["rnd"] % 7 + 1)
            expected.append(("trf-round",) + pair)
        elif plan == "player-id":
            side = "BlackFideId" if players[g["b"]]["id"] else "WhiteFideId"
            if g[side]:
                g[side] = "99" + g[side]
                expected.append(("trf-player-id",) + pair)
        elif plan in ("name-variant", "no-id-name-variant"):
            # First Last, diacritics written out: a warning, never missing + extra
            last, _, first = g["White"].partition(",")
            g["White"] = (first + " " + last).strip().upper()
            if plan == "no-id-name-variant":
                g["WhiteFideId"] = ""
            expected.append(("trf-player-name",) + pair)
        elif plan == "name-order":
            last, _, first = g["Black"].partition(",")
            g["Black"] = "%s, %s." % (last, first[:1]) if first else last + "x"
            g["BlackFideId"] = ""
            expected.append(("trf-player-name",) + pair)
    # a game for a forfeit, with moves; and two games of players never paired
    for rnd, w, b, res in forfeits[:3]:
        extra_games.append({"Round": str(rnd), "White": players[w]["name"], "Black": players[b]["name"],
                            "Result": res, "WhiteFideId": players[w]["id"], "BlackFideId": players[b]["id"],
                            "moves": None})
        expected.append(("trf-forfeit-played", rnd, min(w, b), max(w, b)))
    met = {(min(w, b), max(w, b)) for _, w, b, _ in pairings + forfeits}
    strangers = [(a, b) for a in (1, 2, 3) for b in (280, 281, 283) if (a, b) not in met][:2]
    for a, b in strangers:
        extra_games.append({"Round": "7", "White": players[a]["name"], "Black": players[b]["name"],
                            "Result": "1-0", "WhiteFideId": players[a]["id"], "BlackFideId": players[b]["id"],
                            "moves": None})
        expected.append(("trf-extra-game", 7, a, b))
    # the report against itself: two players' points changed
    with open(trf, encoding="utf-8") as f:
        report = f.read().split("\n")
    for rank in (50, 150):
        line = players[rank]["line"] - 1
        points = float(report[line][80:84]) + 1
        report[line] = report[line][:80] + "%4.1f" % points + report[line][84:]
        expected.append(("trf-inconsistent", 0, rank))
    trf = os.path.join(out, "example1.trf")
    with open(trf, "w", encoding="utf-8") as f:
        f.write("\n".join(report))
    path = os.path.join(out, "example1-games.pgn")
    with open(path, "w", encoding="utf-8") as f:
        for i, g in enumerate(games + extra_games):
            if i in dropped:
                continue
            f.write('[Event "9. Karl-Mala-Gedenkturnier"]\n[Site "Frankfurt"]\n[Date "2005.07.28"]\n')
            for tag in ("Round", "White", "Black", "Result", "WhiteFideId", "BlackFideId"):
                if g.get(tag):
                    f.write('[%s "%s"]\n' % (tag, g[tag]))
            text = g["moves"] or movetext(g["Result"] if g["Result"] in moves else "1-0")
            # the real game's result marker becomes the game's
            text = text.rsplit(" ", 1)[0] + " " + g["Result"]
            f.write("\n" + text + "\n\n")
    run = subprocess.run([pgnlint, "--format", "json", "--no-suggest", "--trf", trf, path],
                         capture_output=True, text=True)
    found = []
    for line in run.stdout.splitlines():
        o = json.loads(line)
        if str(o.get("code", "")).startswith("trf-"):
            p = o["pairing"]
            ranks = sorted(x["rank"] for x in (p["white"], p["black"]) if x)
            found.append((o["code"], p["round"] or 0) + tuple(ranks))
    want = sorted(expected)
    got = sorted(found)
    missed = [x for x in want if x not in got]
    unexpected = [x for x in got if x not in want]
    kinds = sorted({x[0] for x in want})
    print("example1: %d pairings over the board, %d games written, %d discrepancies planted, "
          "%d trf findings reported" % (len(pairings), len(games) - len(dropped) + len(extra_games),
                                        len(want), len(got)))
    for k in kinds:
        print("  %-20s planted %3d  reported %3d" % (k, sum(x[0] == k for x in want), sum(x[0] == k for x in got)))
    for x in missed:
        print("  not reported: %s" % (x,))
    for x in unexpected:
        print("  reported but not planted: %s" % (x,))
    if run.returncode == 2:
        print("  pgnlint exit 2: " + run.stderr[:500])
    return 1 if missed or unexpected or run.returncode == 2 else 0


if __name__ == "__main__":
    sys.exit(main())
