# gen-duplicates.awk — a corpus with planted duplicates among real games, for
# tests/bench/duplicates.sh.  Fixed seed, integer LCG (minstd), so every awk
# writes the same corpus from the same input.
#
#   awk -v plants=N -v truth=FILE -f gen-duplicates.awk games.pgn > corpus.pgn
#
# Input: export-format PGN (pgnconv --strip-comments --strip-variations
# --strip-nags) of games with at least 40 plies.  Each of N base games chosen
# at random (each at most once) gets one planted copy of one kind:
#   exact    the same text, placed later
#   retag    other Event, Site, Date, White, Black, Round, placed later
#   respace  the same moves re-spaced ("1.e4", several spaces, a move per
#            line, CR LF line ends), placed later
#   cut      cut short (20 plies or more, fewer than the game's), placed later
#   cutfirst cut short and placed EARLIER: then the whole game is the copy
#            continued, a duplicate of the cut one
# TRUTH gets one line per planted duplicate: "DUP REPEATS KIND" in the game
# numbers of the output (from 1).
function rnd(n) { seed = (seed * 48271) % 2147483647; return seed % n }
function flush_game() {
    if (tags == "" && moves == "") return
    ng++; T[ng] = tags; M[ng] = moves; tags = ""; moves = ""
}
BEGIN { seed = 20261125; ng = 0; tags = ""; moves = ""; ORS = "\n" }
/^\[/ { if (moves != "") flush_game(); tags = tags $0 "\n"; next }
/^[ \t\r]*$/ { next }
{ moves = moves (moves == "" ? "" : " ") $0 }
END {
    flush_game()
    split("exact retag respace cut cutfirst", kinds, " ")
    for (p = 0; p < plants && p < ng / 2; p++) {
        do b = 1 + rnd(ng); while (used[b])
        used[b] = 1
        k = kinds[1 + rnd(5)]
        gap = 1 + rnd(400)
        if (k == "cutfirst") { at = b - gap; if (at < 1) at = 1; where = "pre" }
        else { at = b + gap; if (at > ng) at = ng; where = "post" }
        np[at, where]++
        plant[at, where, np[at, where]] = b SUBSEP k
    }
    out = 0
    for (i = 1; i <= ng; i++) {
        for (j = 1; j <= np[i, "pre"]; j++) emit_plant(plant[i, "pre", j])
        out++; num[i] = out
        printf "%s\n%s\n\n", T[i], M[i]
        # a cutfirst copy of game i was written before it: game i continues it
        if (i in cutnum) printf "%d %d cutfirst\n", num[i], cutnum[i] > truth
        for (j = 1; j <= np[i, "post"]; j++) emit_plant(plant[i, "post", j])
    }
}
function emit_plant(spec,   parts, b, k, text, n, tok, i, cutply, ply, line, result) {
    split(spec, parts, SUBSEP); b = parts[1]; k = parts[2]
    out++
    if (k == "exact") {
        printf "%s\n%s\n\n", T[b], M[b]
    } else if (k == "retag") {
        text = T[b]
        gsub(/\[Event "[^"]*"\]/, "[Event \"Copy " out "\"]", text)
        gsub(/\[Site "[^"]*"\]/, "[Site \"Elsewhere\"]", text)
        gsub(/\[Date "[^"]*"\]/, "[Date \"1999.??.??\"]", text)
        gsub(/\[Round "[^"]*"\]/, "[Round \"" rnd(9) "\"]", text)
        gsub(/\[White "[^"]*"\]/, "[White \"Player, A" out "\"]", text)
        gsub(/\[Black "[^"]*"\]/, "[Black \"Player, B" out "\"]", text)
        printf "%s[Annotator \"copy\"]\n\n%s\n\n", text, M[b]
    } else if (k == "respace") {
        n = split(M[b], tok, " ")
        text = ""
        for (i = 1; i <= n; i++) {
            if (tok[i] ~ /^[0-9]+\.$/ && i < n) { text = text tok[i] tok[i + 1]; i++ }
            else text = text tok[i]
            text = text (rnd(4) == 0 ? "\r\n" : rnd(2) ? "   " : " ")
        }
        t = T[b]; gsub(/\n/, "\r\n", t)
        printf "%s\r\n%s\r\n\r\n", t, text
    } else {
        n = split(M[b], tok, " ")
        plies = 0
        for (i = 1; i < n; i++) if (tok[i] !~ /^[0-9]+\./) plies++
        cutply = 20 + rnd(plies - 20)    # 20 .. plies-1
        text = ""; ply = 0
        for (i = 1; i < n && ply < cutply; i++) {
            text = text (text == "" ? "" : " ") tok[i]
            if (tok[i] !~ /^[0-9]+\./) ply++
        }
        t = T[b]; gsub(/\[Result "[^"]*"\]/, "[Result \"*\"]", t)
        printf "%s\n%s *\n\n", t, text
        if (k == "cut") printf "%d %d cut\n", out, num[b] > truth
        else cutnum[b] = out
        return
    }
    printf "%d %d %s\n", out, num[b], k > truth
}
