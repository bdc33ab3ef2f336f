#!/usr/bin/env python3
"""make_golden.py — writes the small tournament reports (TRF) and games of the
pgnlint trf-* golden cases into corpora/golden/pgnlint/trf-data/.

    python3 tests/tournament/make_golden.py

The event: six players, three rounds.  Every file is written by this script
(no ../shared data), so the columns of the TRF lines are right by
construction; review `git diff` after running it.
"""
import os

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
OUT = os.path.join(ROOT, "corpora", "golden", "pgnlint", "trf-data")

# rank, name, rating, federation, FIDE ID
PLAYERS = [
    (1, "Carlsen,Magnus", 2830, "NOR", 1503014),
    (2, "Müller,Hans", 2400, "GER", 4600001),
    (3, "Şahin,Ayşe", 2300, "TUR", 6300002),
    (4, "O'Kelly,Alberic", 2200, "BEL", 200003),
    (5, "van der Wiel,John", 2100, "NED", 1000004),
    (6, "Petrov,Ivan", 2000, "RUS", 4100005),
]
# round -> (white, black, white's result, black's result)
PAIRINGS = {
    1: [(1, 6, "1", "0"), (5, 2, "0", "1"), (3, 4, "=", "=")],
    2: [(5, 1, "0", "1"), (2, 4, "+", "-"), (6, 3, "1", "0")],
    3: [(1, 2, "=", "="), (3, 5, "1", "0"), (4, 6, "0", "1")],
}
MOVES = {
    "1-0": "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0",
    "0-1": "1. f3 e5 2. g4 Qh4# 0-1",
    "1/2-1/2": "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1/2-1/2",
}
RESULT = {"1": "1-0", "0": "0-1", "=": "1/2-1/2"}


def cells_of(rank, pairings):
    cells = []
    for rnd in sorted(pairings):
        cell = None
        for w, b, rw, rb in pairings[rnd]:
            if w == rank:
                cell = (b, "w", rw)
            elif b == rank:
                cell = (w, "b", rb)
        cells.append(cell)
    return cells


def points(cells):
    value = {"1": 1, "+": 1, "=": 0.5, "0": 0, "-": 0}
    return sum(value[c[2]] for c in cells if c)


def line001(rank, name, rating, fed, fid, cells, pts=None):
    pts = points(cells) if pts is None else pts
    s = "001 %4d %s%3s %-33s %4d %-3s %11d %-10s %4.1f %4d" % (
        rank, "m", "", name, rating, fed, fid, "1990/01/01", pts, rank)
    for c in cells:
        s += "          " if c is None else "  %4d %s %s" % c
    return s


def report(lines_extra=(), players=PLAYERS, pairings=PAIRINGS, overrides=None):
    overrides = overrides or {}
    lines = ["012 Golden Open", "022 Testville", "042 2025/01/01", "052 2025/01/03",
             "062 6", "092 Individual: Swiss-System", "XXR 3", "XXC white1"]
    for rank, name, rating, fed, fid in players:
        if rank in overrides:
            lines.append(overrides[rank])
            continue
        lines.append(line001(rank, name, rating, fed, fid, cells_of(rank, pairings)))
    lines.extend(lines_extra)
    return lines


def name_of(rank):
    return PLAYERS[rank - 1][1]


def fide_of(rank):
    return PLAYERS[rank - 1][4]


def game(rnd, board, white, black, result, moves=None, extra_tags=()):
    tags = [("Event", "Golden Open"), ("Site", "Testville"), ("Date", "2025.01.0%d" % rnd),
            ("Round", "%s" % (rnd if board is None else "%s.%s" % (rnd, board))),
            ("White", white), ("Black", black), ("Result", result)]
    tags.extend(extra_tags)
    text = "".join('[%s "%s"]\n' % t for t in tags)
    return text + "\n" + (moves if moves is not None else MOVES[result]) + "\n\n"


def played_games():
    """Every game over the board, exactly as the report has it."""
    out = []
    for rnd in sorted(PAIRINGS):
        for board, (w, b, rw, rb) in enumerate(PAIRINGS[rnd], 1):
            if rw in "10=":
                out.append((rnd, board, w, b, RESULT[rw]))
    return out


def write(name, text, encoding="utf-8", newline="\n"):
    with open(os.path.join(OUT, name), "w", encoding=encoding, newline="") as f:
        f.write(text.replace("\n", newline))


def main():
    os.makedirs(OUT, exist_ok=True)
    event = "\n".join(report()) + "\n"
    write("event.trf", event)
    write("event-crlf.trf", event, newline="\r\n")
    write("event-cr.trf", event, newline="\r")
    # Latin-1 / Windows-1252: Ş is not in it, so a Latin-1 event of its own
    latin = [(1, "Müller,Jürgen", 2400, "GER", 4600011), (2, "Gonçalves,João", 2300, "POR", 1900012)]
    latin_pairings = {1: [(1, 2, "1", "0")]}
    lines = ["012 Latin Open", "XXR 1"] + [
        line001(r, n, rt, f, i, cells_of(r, latin_pairings)) for r, n, rt, f, i in latin]
    write("latin1.trf", "\n".join(lines) + "\n", encoding="cp1252")
    write("latin1.pgn", game(1, 1, "Müller,Jürgen", "Gonçalves,João", "1-0"))

    # clean: every game as the report has it
    # (and a forfeit sent as a game without moves, which is no finding)
    write("clean.pgn", "".join(game(r, bd, name_of(w), name_of(b), res) for r, bd, w, b, res in played_games())
          + game(2, 2, name_of(2), name_of(4), "1-0", moves="1-0"))

    # name forms: the same games, the players written as organisers write them
    forms = {1: ["Carlsen, Magnus", "Magnus Carlsen", "MagnusCarlsen"],
             2: ["Mueller, Hans", "Muller H.", "MÜLLER,HANS"],
             3: ["Sahin, Ayse", "Șahin,Ayșe", "Ayşe Şahin"],
             4: ["OKelly, A.", "O'Kelly Alberic", "o'kelly,alberic"],
             5: ["Van Der Wiel, J.", "John van der Wiel", "vanderWiel_John"],
             6: ["PETROV Ivan", "Petrow, Iwan", "Петров, Иван"]}
    used = {r: 0 for r in forms}

    def form(rank):
        f = forms[rank][used[rank] % len(forms[rank])]
        used[rank] += 1
        return f
    write("name-forms.pgn", "".join(game(r, bd, form(w), form(b), res) for r, bd, w, b, res in played_games()))

    # every per-game code once
    g = []
    for r, bd, w, b, res in played_games():
        if (r, w) == (1, 1):      # trf-result: 1-0 in the report
            g.append(game(r, bd, name_of(w), name_of(b), "0-1"))
        elif (r, w) == (1, 5):    # trf-colours: reversed
            g.append(game(r, bd, name_of(b), name_of(w), "1-0"))
        elif (r, w) == (1, 3):    # trf-round: round 1 game tagged 2
            g.append(game(2, None, name_of(w), name_of(b), res))
        elif (r, w) == (2, 6):    # trf-player-id
            g.append(game(r, bd, name_of(w), name_of(b), res,
                          extra_tags=[("WhiteFideId", str(fide_of(w))), ("BlackFideId", "4600001")]))
        elif (r, w) == (3, 4):    # trf-missing-game: left out
            continue
        else:
            g.append(game(r, bd, name_of(w), name_of(b), res))
    # trf-forfeit-played: round 2, Müller won by forfeit, but moves were submitted
    g.append(game(2, 2, name_of(2), name_of(4), "1-0"))
    # trf-duplicate-game: round 3 Carlsen - Müller twice
    g.append(game(3, 1, name_of(1), name_of(2), "1/2-1/2"))
    # trf-extra-game: Carlsen and Şahin never met; and a stranger
    g.append(game(3, None, name_of(1), name_of(3), "1-0"))
    g.append(game(3, None, "Nobody,Known", "Stranger,Some", "0-1"))
    write("codes.pgn", "".join(g))

    # make demo: the same event as a submission folder, one file per round
    demo = os.path.join(ROOT, "corpora", "demo", "submission")
    os.makedirs(demo, exist_ok=True)
    with open(os.path.join(ROOT, "corpora", "demo", "golden-open.trf"), "w", encoding="utf-8") as f:
        f.write(event)
    for rnd in (1, 2, 3):
        with open(os.path.join(demo, "round%d.pgn" % rnd), "w", encoding="utf-8") as f:
            f.write("".join(x for x in g if '[Round "%d' % rnd in x))
    with open(os.path.join(demo, "README.txt"), "w", encoding="utf-8") as f:
        f.write("The games of the Golden Open as its organiser sent them, one file per round.\n")

    # a report that disagrees with itself
    bad = dict(PAIRINGS)
    lines = report(overrides={
        # colours not opposite, results not complementary (round 1 vs 6)
        1: line001(1, name_of(1), 2830, "NOR", fide_of(1), [(6, "b", "1"), (5, "b", "1"), (2, "w", "=")]),
        # an opponent without a player line, and points that are not the sum
        4: line001(4, name_of(4), 2200, "BEL", fide_of(4), [(3, "b", "="), (9, "b", "-"), (6, "w", "0")],
                   pts=2.0),
    })
    write("inconsistent.trf", "\n".join(lines) + "\n")

    # a report that is malformed in places
    good5 = line001(5, name_of(5), 2100, "NED", fide_of(5), cells_of(5, bad))
    lines = report(overrides={
        # cut short inside round 2's cell (no colour and result)
        2: line001(2, name_of(2), 2400, "GER", fide_of(2), cells_of(2, bad))[:105],
        # round 3's cell is not a cell
        5: good5[:111] + "xx  ? ?",
        # no start rank
        6: "001   ?? " + line001(6, name_of(6), 2000, "RUS", fide_of(6), cells_of(6, bad))[9:],
    }, lines_extra=["XYZ an unknown record is ignored", "001"])
    write("malformed.trf", "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
