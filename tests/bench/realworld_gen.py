#!/usr/bin/env python3
"""realworld_gen.py — the real-world text corpus (corpora/realworld/), made
from famous games whose scores are public record, printed the way books,
bulletins, blogs and OCR print them in nine languages.

    python3 tests/bench/realworld_gen.py corpora/realworld [PGNCONV]

Fixed seed: the files are the same on every run.  For each language it writes
  <lang>.tags.txt   every game with a small tag section, one after the other
  <lang>.bare.txt   the same games pasted as bare text: prose before, between
                    and after, no tags, numbering restarting at 1
  <lang>.misprint.txt  each game once with one move misprinted (a move no
                    piece can make); it must be refused at that move
and truth.pgn, the games in SAN (the truth every conversion is compared with;
each replays legally, checked by tests/bench/realworld.sh with pgnconv).
What varies, by language and drawn from the seed: piece letters, ':' or 'x'
or none for captures, 0-0 or O-O, "1)" numbers, prose in round brackets,
results in words, moves split by blanks ("D x d3", "Db1 +"), the captured
"!!!"; for Russian also Cyrillic е/с/а in squares,
Latin K/C/Kp typeset for К/С/Кр and lower-case piece letters.

With PGNCONV (a built pgnconv) it also writes the kinds that need the
position to print, in the same three files each:
  spoken-de, spoken-ro   FIDE Appendix D.2.1 announcements (pgnconv --to
                         spoken:LANG), pasted as paragraphs or one per line,
                         "Bauer" left out before some pawn moves, some words
                         in lower case
  desc-en, desc-es       descriptive notation (pgnconv --to en-x-desc,
                         es-x-desc); English with Kt for N in some games and
                         "ch"/"mate" as words
  short-de               German letters with pawn captures by files only
                         ("ed", "exd")
These texts come from the project's own writers, varied as books vary them:
they measure reading, not an independent transcription (the hand-typed
Opera game in corpora/golden/pgnconv/descriptive-read-* is that).
"""
import os
import random
import re
import subprocess
import sys

GAMES = [
    ("Morphy", "Duke of Brunswick and Count Isouard", "Paris 1858", "1-0",
     "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 Bxb5+ Nbd7 "
     "O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#"),
    ("Anderssen", "Kieseritzky", "London 1851", "1-0",
     "e4 e5 f4 exf4 Bc4 Qh4+ Kf1 b5 Bxb5 Nf6 Nf3 Qh6 d3 Nh5 Nh4 Qg5 Nf5 c6 g4 Nf6 Rg1 cxb5 h4 Qg6 h5 Qg5 "
     "Qf3 Ng8 Bxf4 Qf6 Nc3 Bc5 Nd5 Qxb2 Bd6 Bxg1 e5 Qxa1+ Ke2 Na6 Nxg7+ Kd8 Qf6+ Nxf6 Be7#"),
    ("Anderssen", "Dufresne", "Berlin 1852", "1-0",
     "e4 e5 Nf3 Nc6 Bc4 Bc5 b4 Bxb4 c3 Ba5 d4 exd4 O-O d3 Qb3 Qf6 e5 Qg6 Re1 Nge7 Ba3 b5 Qxb5 Rb8 Qa4 Bb6 "
     "Nbd2 Bb7 Ne4 Qf5 Bxd3 Qh5 Nf6+ gxf6 exf6 Rg8 Rad1 Qxf3 Rxe7+ Nxe7 Qxd7+ Kxd7 Bf5+ Ke8 Bd7+ Kf8 Bxe7#"),
    ("Byrne", "Fischer", "New York 1956", "0-1",
     "Nf3 Nf6 c4 g6 Nc3 Bg7 d4 O-O Bf4 d5 Qb3 dxc4 Qxc4 c6 e4 Nbd7 Rd1 Nb6 Qc5 Bg4 Bg5 Na4 Qa3 Nxc3 bxc3 "
     "Nxe4 Bxe7 Qb6 Bc4 Nxc3 Bc5 Rfe8+ Kf1 Be6 Bxb6 Bxc4+ Kg1 Ne2+ Kf1 Nxd4+ Kg1 Ne2+ Kf1 Nc3+ Kg1 axb6 "
     "Qb4 Ra4 Qxb6 Nxd1 h3 Rxa2 Kh2 Nxf2 Re1 Rxe1 Qd8+ Bf8 Nxe1 Bd5 Nf3 Ne4 Qb8 b5 h4 h5 Ne5 Kg7 Kg1 Bc5+ "
     "Kf1 Ng3+ Ke1 Bb4+ Kd1 Bb3+ Kc1 Ne2+ Kb1 Nc3+ Kc1 Rc2#"),
    ("Réti", "Tartakower", "Vienna 1910", "1-0",
     "e4 c6 d4 d5 Nc3 dxe4 Nxe4 Nf6 Qd3 e5 dxe5 Qa5+ Bd2 Qxe5 O-O-O Nxe4 Qd8+ Kxd8 Bg5+ Kc7 Bd8#"),
    ("Edward Lasker", "Thomas", "London 1912", "1-0",
     "d4 e6 Nf3 f5 Nc3 Nf6 Bg5 Be7 Bxf6 Bxf6 e4 fxe4 Nxe4 b6 Ne5 O-O Bd3 Bb7 Qh5 Qe7 Qxh7+ Kxh7 Nxf6+ Kh6 "
     "Neg4+ Kg5 h4+ Kf4 g3+ Kf3 Be2+ Kg2 Rh2+ Kg1 Kd2#"),
]

LANGS = {
    # letters K Q R B N, capture marks, castling, prose, words for the end
    "de": dict(pieces="K D T L S", captures=["x", ":", ""], castle="0-0",
               prose=["kann nicht gutgehen", "ein schwerer Fehler", "besser war es, die Dame zu tauschen",
                      "die Pointe"],
               intro="Aus dem Turnierbuch, Partie Nr. {n}: {w} gegen {b}, {e}.",
               between="Die nächste Partie zeigt den Angriff noch klarer.",
               outro="Eine Glanzpartie, die in keinem Lehrbuch fehlt.",
               mate="matt", white_resigns="Weiß gibt auf", black_resigns="Schwarz gibt auf"),
    "fr": dict(pieces="R D T F C", captures=["x", ":"], castle="0-0",
               prose=["une erreur grave", "la seule défense", "les Noirs n'ont plus de coups utiles"],
               intro="Partie n° {n} : {w} contre {b}, {e}.",
               between="La partie suivante est encore plus célèbre.",
               outro="Une partie que tout joueur devrait connaître.",
               mate="mat", white_resigns="les blancs abandonnent", black_resigns="les noirs abandonnent"),
    "ru": dict(pieces="Кр Ф Л С К", captures=[":", "x"], castle="0-0",
               prose=["лучше было разменять ферзей", "ошибка", "единственный ход", "сильнее"],
               intro="Партия № {n}. {w} — {b}, {e}.",
               between="Следующая партия ещё более известна.",
               outro="Эту партию должен знать каждый шахматист.",
               mate="мат", white_resigns="Белые сдались", black_resigns="Чёрные сдались"),
    "ro": dict(pieces="R D T N C", captures=["x", ":"], castle="0-0",
               prose=["o greșeală gravă", "singura apărare", "mai bine era schimbul damelor"],
               intro="Partida nr. {n}: {w} – {b}, {e}.",
               between="Următoarea partidă este și mai cunoscută.",
               outro="O partidă pe care orice jucător ar trebui să o cunoască.",
               mate="mat", white_resigns="albul abandonează", black_resigns="negrul abandonează"),
    "es": dict(pieces="R D T A C", captures=["x", ":"], castle="0-0",
               prose=["un error grave", "la única defensa", "era mejor cambiar las damas"],
               intro="Partida número {n}: {w} contra {b}, {e}.",
               between="La partida siguiente es aún más famosa.",
               outro="Una partida que todo jugador debería conocer.",
               mate="mate", white_resigns="las blancas abandonan", black_resigns="las negras abandonan"),
    "ca": dict(pieces="R D T A C", captures=["x", ":"], castle="0-0",
               prose=["un error greu", "l'única defensa", "era millor canviar les dames"],
               intro="Partida número {n}: {w} contra {b}, {e}.",
               between="La partida següent és encara més famosa.",
               outro="Una partida que tot jugador hauria de conèixer.",
               mate="escac i mat", white_resigns="les blanques abandonen", black_resigns="les negres abandonen"),
    "sl": dict(pieces="K D T L S", captures=["x", ":"], castle="0-0",
               prose=["huda napaka", "edina obramba", "bolje je bilo menjati dame"],
               intro="Partija številka {n}: {w} proti {b}, {e}.",
               between="Naslednja partija je še bolj znana.",
               outro="Partija, ki jo mora poznati vsak šahist.",
               mate="mat", white_resigns="beli se preda", black_resigns="črni se preda"),
    "sr-Latn": dict(pieces="K D T L S", captures=["x", ":"], castle="0-0",
                    prose=["teška greška", "jedina odbrana", "bolje je bilo menjati dame"],
                    intro="Partija broj {n}: {w} protiv {b}, {e}.",
                    between="Sledeća partija je još poznatija.",
                    outro="Partija koju svaki šahista treba da zna.",
                    mate="mat", white_resigns="beli predaje", black_resigns="crni predaje"),
    "sr-Cyrl": dict(pieces="К Д Т Л С", captures=["x", ":"], castle="0-0",
                    prose=["тешка грешка", "једина одбрана", "боље је било мењати даме"],
                    intro="Партија број {n}: {w} против {b}, {e}.",
                    between="Следећа партија је још познатија.",
                    outro="Партија коју сваки шахиста треба да зна.",
                    mate="мат", white_resigns="бели предаје", black_resigns="црни предаје"),
}

LOOK_ALIKE = {"e": "е", "c": "с", "a": "а"}


def render_move(san, lang, cfg, rnd, cap):
    letters = dict(zip("KQRBN", cfg["pieces"].split()))
    if san.startswith("O-O"):
        return san.replace("O", "0") if cfg["castle"] == "0-0" else san
    mark = ""
    while san and san[-1] in "+#":
        mark = san[-1] + mark
        san = san[:-1]
    out = letters[san[0]] + san[1:] if san[0] in letters else san
    if "x" in out:
        out = out.replace("x", cap)
    if lang == "ru":
        r = rnd.random()
        if r < 0.25:   # Cyrillic look-alikes in the destination square
            out = "".join(LOOK_ALIKE.get(ch, ch) if i + 1 < len(out) and out[i + 1].isdigit() else ch
                          for i, ch in enumerate(out))
        elif r < 0.3 and out[0] in "КФЛС":
            out = out[0].lower() + out[1:]
    if mark and rnd.random() < 0.1:
        return out + " " + mark    # "Db1 +"
    return out + mark


def typeset_russian(text):
    """Books set in Latin type: Kp K C for Кр К С (Ф and Л have no look-alike)."""
    return text.replace("Кр", "Kp").replace("К", "K").replace("С", "C")


def render_game(game, lang, cfg, rnd, number_style, misprint=None):
    white, black, event, result, moves = game
    sans = moves.split()
    cap = rnd.choice(cfg["captures"])
    parts = []
    prose_at = rnd.randrange(4, len(sans) - 2)
    marks_at = rnd.randrange(2, len(sans) - 2)
    spaced_at = rnd.randrange(0, len(sans))
    for i, san in enumerate(sans):
        if i % 2 == 0:
            parts.append(f"{i // 2 + 1}{number_style}")
        text = render_move(san, lang, cfg, rnd, cap if cap else "x")
        if misprint is not None and i == misprint:
            text = misprinted(text)
        elif i == spaced_at and "x" in san and cap == "x":
            text = text.replace("x", " x ", 1)   # "D x d3"
        if i == marks_at:
            text += rnd.choice(["!!!", "???", "!", "?"])
        parts.append(text)
        if i == prose_at:
            parts.append("(" + rnd.choice(cfg["prose"]) + ")")
    if sans[-1].endswith("#") and rnd.random() < 0.5:
        ending = cfg["mate"]
    elif rnd.random() < 0.6:
        ending = cfg["black_resigns"] if result == "1-0" else cfg["white_resigns"]
    else:
        ending = result
    body = " ".join(parts) + " " + ending
    if lang == "ru" and rnd.random() < 0.5:
        body = typeset_russian(body)
    return body


def misprinted(text):
    # the destination square moved to the far corner: no piece can go there
    # (and it is never the move written)
    for i in range(len(text) - 1, 0, -1):
        if text[i].isdigit() and text[i - 1] in "abcdefgh":
            return text[:i - 1] + ("a" if text[i - 1] > "d" else "h") + ("8" if text[i] < "5" else "1") + text[i + 1:]
    return text + "x"


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "corpora/realworld"
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "truth.pgn"), "w", encoding="utf-8") as f:
        for white, black, event, result, moves in GAMES:
            sans = moves.split()
            body = " ".join((f"{i // 2 + 1}. " if i % 2 == 0 else "") + s for i, s in enumerate(sans))
            f.write(f'[Event "{event}"]\n[White "{white}"]\n[Black "{black}"]\n[Result "{result}"]\n\n'
                    f"{body} {result}\n\n")
    for lang, cfg in LANGS.items():
        rnd = random.Random("arbiter-realworld-" + lang)
        tags, bare, bad = [], [], []
        for n, game in enumerate(GAMES, 1):
            white, black, event, result, _ = game
            style = rnd.choice([".", ".", ")"])
            text = render_game(game, lang, cfg, rnd, style)
            tags.append(f'[Event "{event}"]\n[White "{white}"]\n[Black "{black}"]\n[Result "{result}"]\n\n{text}\n')
            intro = cfg["intro"].format(n=n, w=white, b=black, e=event)
            bare.append((intro + "\n\n" if n == 1 else cfg["between"] + " " + intro + "\n\n") + text + "\n")
            plies = len(game[4].split())
            at = rnd.randrange(6, plies - 1)
            bad.append(f'[Event "{event}"]\n[White "{white}"]\n[Black "{black}"]\n[Misprint "{at // 2 + 1}'
                       f'{"." if at % 2 == 0 else "..."}"]\n\n' + render_game(game, lang, cfg, rnd, ".", at) + "\n")
        bare.append("\n" + cfg["outro"] + "\n")
        for name, parts in (("tags", tags), ("bare", bare), ("misprint", bad)):
            with open(os.path.join(out, f"{lang}.{name}.txt"), "w", encoding="utf-8") as f:
                f.write("\n".join(parts))


PROSE = {
    "de": LANGS["de"],
    "ro": LANGS["ro"],
    "es": LANGS["es"],
    "en": dict(intro="Game {n}: {w} v {b}, {e}.", between="The next game is even better known.",
               outro="A game every player should know.",
               white_resigns="White resigns", black_resigns="Black resigns"),
}


def written(pgnconv, truth, to):
    """Each game's movetext (without the result) as pgnconv --to writes it."""
    out = subprocess.run([pgnconv, "--to", to, truth], capture_output=True, text=True, check=True).stdout
    games = []
    for block in re.split(r"\n\n(?=\[)", out.strip()):
        body = block.split("\n\n", 1)[1]
        games.append(body.rsplit(None, 1)[0])
    return games


def spoken_game(body, rnd, lines):
    """A written announcement list re-pasted: a paragraph or one per line."""
    moves = []
    for line in body.split("\n"):
        m = re.match(r"(\d+)(\.|\.\.\.) (.*)$", line.strip())
        if m:
            words = m.group(3)
            if words.startswith("Bauer ") and "schlägt" not in words and rnd.random() < 0.4:
                words = words[len("Bauer "):]
            if rnd.random() < 0.1:
                words = words.lower()
            moves.append((int(m.group(1)), m.group(2) == ".", words))
    parts = []
    for number, white, words in moves:
        if lines:
            parts.append(f"{number}{'.' if white else '...'} {words}\n")
        else:
            parts.append(f"{number}. {words}, " if white else f"{words} ")
    return ("".join(parts)).strip().rstrip(",")


def external(out, pgnconv):
    truth = os.path.join(out, "truth.pgn")
    kinds = {
        "spoken-de": ("spoken:de", "de"), "spoken-ro": ("spoken:ro", "ro"),
        "desc-en": ("en-x-desc", "en"), "desc-es": ("es-x-desc", "es"), "short-de": ("de", "de"),
    }
    for kind, (to, prose_lang) in kinds.items():
        rnd = random.Random("arbiter-realworld-" + kind)
        cfg = PROSE[prose_lang]
        if to.startswith("spoken"):
            raw = subprocess.run([pgnconv, "--to", to, truth], capture_output=True, text=True, check=True).stdout
            texts = [b.split("\n\n", 1)[1].rsplit("\n", 1)[0] for b in re.split(r"\n\n(?=\[)", raw.strip())]
        else:
            texts = written(pgnconv, truth, to)
        tags, bare, bad = [], [], []
        for n, (game, text) in enumerate(zip(GAMES, texts), 1):
            white, black, event, result, moves = game
            sans = moves.split()
            if kind.startswith("spoken"):
                body = spoken_game(text, rnd, rnd.random() < 0.3)
            elif kind.startswith("desc"):
                body = text
                if kind == "desc-en" and rnd.random() < 0.5:
                    body = re.sub(r"\bN(?=[-x/1-8]|$)", "Kt", body).replace("xN", "xKt")
                if kind == "desc-en":
                    body = body.replace("ch ", " ch ").replace("#", " mate")
            else:
                body = text
                body = re.sub(r"\b([a-h])x([a-h])[1-8](?=[+#]?( |$))",
                              lambda m: m.group(1) + (m.group(2) if rnd.random() < 0.5 else "x" + m.group(2)), body)
            ending = result if rnd.random() < 0.5 else (cfg["black_resigns"] if result == "1-0" else cfg["white_resigns"])
            body = body + ("\n" if body.endswith("\n") else " ") + ending
            tags.append(f'[Event "{event}"]\n[White "{white}"]\n[Black "{black}"]\n[Result "{result}"]\n\n{body}\n')
            intro = cfg["intro"].format(n=n, w=white, b=black, e=event)
            bare.append((intro + "\n\n" if n == 1 else cfg["between"] + " " + intro + "\n\n") + body + "\n")
            # misprinted: the first square of move `at` moved to the far corner
            at = rnd.randrange(6, len(sans) - 1)
            bad_body = misprint_text(kind, text, at)
            if bad_body is not None:
                bad.append(f'[Event "{event}"]\n[White "{white}"]\n[Black "{black}"]\n[Misprint "{at // 2 + 1}'
                           f'{"." if at % 2 == 0 else "..."}"]\n\n' + bad_body + "\n")
        bare.append("\n" + cfg["outro"] + "\n")
        for name, parts in (("tags", tags), ("bare", bare), ("misprint", bad)):
            with open(os.path.join(out, f"{kind}.{name}.txt"), "w", encoding="utf-8") as f:
                f.write("\n".join(parts))


def misprint_text(kind, text, at):
    """The text with ply `at` misprinted (its destination the far corner)."""
    if kind.startswith("spoken"):
        lines = text.split("\n")
        line = lines[at]
        words = line.split()
        for i in range(len(words) - 1, 0, -1):
            if words[i] in RANKS and words[i - 1] in FILES:
                far = FILES.index(words[i - 1]) > 3
                words[i - 1] = "Anna" if far else "Hector"
                words[i] = "acht" if RANKS.index(words[i]) < 4 else "eins"
                break
        lines[at] = " ".join(words)
        return "\n".join(lines)
    tokens = text.split()
    plies = [i for i, t in enumerate(tokens) if not re.match(r"^\d+\.", t)]
    i = plies[at]
    if kind.startswith("desc"):
        t = tokens[i]
        digits = [j for j, ch in enumerate(t) if ch.isdigit()]
        if not digits:
            return None
        j = digits[-1] if kind == "desc-en" else digits[0]
        tokens[i] = t[:j] + ("8" if t[j] < "5" else "1") + t[j + 1:]
        return " ".join(tokens)
    tokens[i] = misprinted(tokens[i])
    return " ".join(tokens)


FILES = ["Anna", "Bella", "Cesar", "David", "Eva", "Felix", "Gustav", "Hector"]
RANKS = ["eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht"]


if __name__ == "__main__":
    main()
    if len(sys.argv) > 2:
        external(sys.argv[1], sys.argv[2])
