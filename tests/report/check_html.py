#!/usr/bin/env python3
"""check_html.py — pgnlint --format html in a real browser (headless Chromium).

    python3 tests/report/check_html.py BINDIR

Writes the report page of a small event (corpora/golden/pgnlint/trf-data:
event.trf and codes.pgn, every trf-* code) and of one known game, opens them
in headless Chromium (Debian package chromium; skipped with a message when it
is missing) and checks:
  - the page loads without console errors (the check is first shown to catch
    an error on a page that has one);
  - every diagram is drawn: one SVG board per finding of a game, 64 squares,
    and the pieces of the DOM on the squares of the position;
  - a screenshot of the known game's diagram shows the expected pieces on the
    expected squares (White's pieces white, Black's black, the others empty),
    at a desktop width and at a phone's;
  - the page fetches nothing and has no script.
Exit status 1 on a failure, 0 when every check passed or Chromium is missing.
"""
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
DATA = os.path.join(ROOT, "corpora", "golden", "pgnlint", "trf-data")
# the known game: 1. f3 e5 2. g4 Qh4# -- its final position
KNOWN_FEN = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR"
KNOWN_GAME = """[Event "Golden Open"]
[Site "Testville"]
[Date "2025.01.01"]
[Round "1.1"]
[White "Carlsen,Magnus"]
[Black "Petrov,Ivan"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# 0-1
"""

# its report: the two met in round 1, and White won (so the game's 0-1 is a finding)
KNOWN_TRF = ("012 Known\nXXR 1\n"
             "001    1 m    Carlsen,Magnus                    2830 NOR     1503014 1990/01/01  1.0    1     2 w 1\n"
             "001    2 m    Petrov,Ivan                       2000 RUS     4100005 1990/01/01  0.0    2     1 b 0\n")

failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def run_browser(browser, args, url, tmp):
    cmd = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
           "--user-data-dir=" + os.path.join(tmp, "profile"), "--enable-logging=stderr", "--v=0"] + args + [url]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120)


def console_errors(stderr):
    return [l for l in stderr.splitlines() if "CONSOLE" in l or "Uncaught" in l]


def read_png(path):
    """(width, height, rows of (r, g, b)) of an 8-bit RGB or RGBA PNG."""
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour in (2, 6) and interlace == 0, "unexpected PNG format"
            channels = 4 if colour == 6 else 3
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind = raw[start]
        line = bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * channels:x * channels + 3]) for x in range(width)])
        prev = line
    return width, height, rows


LIGHT, DARK = (0xF0, 0xD9, 0xB5), (0xB5, 0x88, 0x63)


def board_box(rows):
    """The bounding box of the first board: pixels of the two square colours."""
    ys = [y for y, row in enumerate(rows) if LIGHT in row or DARK in row]
    if not ys:
        return None
    top = bottom = ys[0]
    # rows where squares meet are blended: allow a few without pure colours
    for y in ys[1:]:
        if y - bottom > 4:
            break
        bottom = y
    xs = [x for y in range(top, bottom + 1) for x, p in enumerate(rows[y]) if p in (LIGHT, DARK)]
    return min(xs), top, max(xs), bottom


def expected_board(fen):
    board = {}
    for r, rank in enumerate(fen.split("/")):
        f = 0
        for ch in rank:
            if ch.isdigit():
                f += int(ch)
            else:
                board["%s%d" % ("abcdefgh"[f], 8 - r)] = ch
                f += 1
    return board


def read_squares(rows, box):
    """Per square: 'white', 'black' or 'empty', from the pixels of its middle."""
    left, top, right, bottom = box
    size = (right - left + 1) / 8.0
    seen = {}
    for rank in range(8):
        for file in range(8):
            x0, y0 = left + file * size, top + (7 - rank) * size
            white = black = 0
            for y in range(int(y0 + size * 0.2), int(y0 + size * 0.8)):
                for x in range(int(x0 + size * 0.2), int(x0 + size * 0.8)):
                    p = rows[y][x]
                    if min(p) > 235:
                        white += 1
                    elif max(p) < 60:
                        black += 1
            area = (size * 0.6) ** 2
            key = "%s%d" % ("abcdefgh"[file], rank + 1)
            # a piece darkens its square's middle; a white one is white inside
            # its black outline (squares and a black piece have no pure white)
            if white + black < area * 0.08:
                seen[key] = "empty"
            else:
                seen[key] = "white" if white >= max(5, area * 0.015) else "black"
    return seen


def main():
    bindir = os.path.abspath(sys.argv[1])
    browser = chromium()
    if not browser:
        print("check-html: skipped: no chromium (Debian: apt-get install chromium)")
        return 0
    tmp = tempfile.mkdtemp(prefix="arb-html-")
    try:
        env = dict(os.environ, ARBITER_DATA=ROOT)
        page = os.path.join(tmp, "codes.html")
        with open(page, "w") as out:
            subprocess.run([os.path.join(bindir, "pgnlint"), "--format", "html", "--trf", "event.trf", "codes.pgn"],
                           cwd=DATA, stdout=out, stderr=subprocess.DEVNULL, env=env)
        html = open(page, encoding="utf-8").read()
        check("<script" not in html.lower(), "the page has no script")
        check(not re.search(r'(src|href)="(https?:)?//', html), "the page fetches nothing")

        # the console check catches an error where there is one
        bad = os.path.join(tmp, "bad.html")
        with open(bad, "w") as f:
            f.write("<!DOCTYPE html><html><body><script>console.error('planted');</script></body></html>")
        r = run_browser(browser, ["--dump-dom"], "file://" + bad, tmp)
        check(any("planted" in l for l in console_errors(r.stderr)), "a console error is seen where there is one")

        r = run_browser(browser, ["--dump-dom"], "file://" + page, tmp)
        check(r.returncode == 0 and "</html>" in r.stdout, "the page loads")
        check(not console_errors(r.stderr), "no console errors: %s" % console_errors(r.stderr)[:3])
        dom = r.stdout
        findings = len(re.findall(r'<div class="finding [a-z]+"><div class="text">\s*<p class="where">codes\.pgn', dom))
        boards = re.findall(r'<svg class="board".*?</svg>', dom, re.S)
        check(findings > 0 and len(boards) == findings,
              "every finding of a game has its diagram (%d findings, %d diagrams)" % (findings, len(boards)))
        check(all(len(re.findall(r"<rect ", b)) == 64 for b in boards), "every diagram has 64 squares")
        check(all(b.count('data-piece="K"') == 1 and b.count('data-piece="k"') == 1 for b in boards),
              "every diagram has both kings")

        known = os.path.join(tmp, "known.pgn")
        with open(known, "w") as f:
            f.write(KNOWN_GAME)
        known_trf = os.path.join(tmp, "known.trf")
        with open(known_trf, "w") as f:
            f.write(KNOWN_TRF)
        page2 = os.path.join(tmp, "known.html")
        with open(page2, "w") as out:
            subprocess.run([os.path.join(bindir, "pgnlint"), "--format", "html", "--trf", known_trf, known],
                           stdout=out, stderr=subprocess.DEVNULL, env=env)
        r = run_browser(browser, ["--dump-dom"], "file://" + page2, tmp)
        first = re.search(r'<svg class="board".*?</svg>', r.stdout, re.S)
        want = expected_board(KNOWN_FEN)
        dom_pieces = dict(re.findall(r'data-square="([a-h][1-8])" data-piece="([KQRBNPkqrbnp])"', first.group(0))) \
            if first else {}
        check(dom_pieces == want, "the known diagram's DOM has the position's pieces on their squares")
        for width, height in ((1000, 1400), (390, 1800)):
            shot = os.path.join(tmp, "shot-%d.png" % width)
            run_browser(browser, ["--screenshot=" + shot, "--window-size=%d,%d" % (width, height),
                                  "--hide-scrollbars"], "file://" + page2, tmp)
            if not os.path.exists(shot):
                check(False, "screenshot at %d px" % width)
                continue
            _, _, rows = read_png(shot)
            box = board_box(rows)
            check(box is not None, "the diagram is drawn at %d px wide" % width)
            if not box:
                continue
            seen = read_squares(rows, box)
            colour = {sq: ("white" if p.isupper() else "black") for sq, p in want.items()}
            wrong = [sq for sq in seen if seen[sq] != colour.get(sq, "empty")]
            check(not wrong, "screenshot at %d px: the pieces on the expected squares%s" %
                  (width, "" if not wrong else " (wrong: %s)" % ", ".join(
                      "%s %s not %s" % (sq, seen[sq], colour.get(sq, "empty")) for sq in wrong[:6])))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("check-html: %d failed" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
