/* test_unwinnable.c — lib/chess/unwinnable.h: can a side still mate (5.2.2,
 * 6.9)?  Material, locked pawn chains, forced lines that end in stalemate or
 * lose the mating material, mating lines that replay to a mate, and a
 * differential check against a plain full-width helpmate search over a few
 * thousand generated small positions (fixed seed): "impossible" must never
 * be answered where the plain search finds a mate. */
#include "helpers.h"

#include "attacks.h"
#include "movegen.h"
#include "unwinnable.h"

static arb_mate_answer ask(const char *fen, int color)
{
    arb_position pos = fen_ok(fen);
    return arb_mate_search(&pos, color, 0);
}

/* Replays a "possible" answer's line: every move legal, the last one mates. */
static void assert_line_mates(const char *fen, const arb_mate_answer *a)
{
    arb_position pos = fen_ok(fen);
    cr_assert_eq(a->verdict, ARB_MATE_POSSIBLE, "%s", fen);
    cr_assert(a->line_plies <= ARB_MATE_LINE_MAX, "%s: line of %d plies", fen, a->line_plies);
    for (int i = 0; i < a->line_plies; i++) {
        cr_assert(arb_is_legal(&pos, a->line[i]), "%s: ply %d illegal", fen, i + 1);
        arb_position next;
        arb_position_make(&pos, a->line[i], &next);
        pos = next;
    }
    cr_assert(arb_is_checkmate(&pos), "%s: the line does not end in mate", fen);
    cr_assert_eq(pos.side, a->color ^ 1, "%s: the wrong side is mated", fen);
}

Test(unwinnable, material_lone_king_and_lone_minor)
{
    arb_mate_answer a = ask("8/5k2/8/8/8/8/3K4/8 w - - 0 1", ARB_WHITE);
    cr_assert_eq(a.verdict, ARB_MATE_IMPOSSIBLE);
    cr_assert_eq(a.reason, ARB_MATE_BY_MATERIAL);
    cr_assert_eq(ask("8/3k4/8/8/2N5/8/3K4/8 b - - 0 1", ARB_WHITE).verdict, ARB_MATE_IMPOSSIBLE);
    /* a lone king cannot mate even against a queen */
    cr_assert_eq(ask("8/4qk2/8/8/8/8/3K4/8 w - - 0 1", ARB_WHITE).verdict, ARB_MATE_IMPOSSIBLE);
}

Test(unwinnable, bishop_against_rook_or_queen_cannot_mate)
{
    /* the rook or queen beside the king always takes or interposes */
    arb_mate_answer a = ask("8/8/8/8/1k1B4/8/2K5/4r3 b - - 20 62", ARB_WHITE);
    cr_assert_eq(a.verdict, ARB_MATE_IMPOSSIBLE);
    cr_assert_eq(a.reason, ARB_MATE_BY_MATERIAL);
    cr_assert_eq(ask("8/3k4/5q2/8/8/8/4KB2/8 b - - 2 67", ARB_WHITE).verdict, ARB_MATE_IMPOSSIBLE);
    /* a knight against queens only, likewise */
    cr_assert_eq(ask("8/3k4/2q5/8/8/K1N5/8/8 b - - 0 1", ARB_WHITE).verdict, ARB_MATE_IMPOSSIBLE);
}

Test(unwinnable, same_coloured_bishops_cannot_mate)
{
    cr_assert_eq(ask("8/5k2/8/8/8/4B3/3K1B2/8 w - - 0 1", ARB_WHITE).verdict, ARB_MATE_IMPOSSIBLE);
    /* but a pawn of the defender may promote to a blocker: not decided by material */
    arb_mate_answer a = ask("8/5k2/8/8/8/4B3/p2K1B2/8 w - - 0 1", ARB_WHITE);
    cr_assert_neq(a.reason, ARB_MATE_BY_MATERIAL);
}

Test(unwinnable, knight_against_rook_can_mate)
{
    /* Ka8, Ra7, Kc7, Nb6 is mate: not impossible by material */
    arb_mate_answer a = ask("k7/r7/2K5/8/8/8/8/1N6 w - - 0 1", ARB_WHITE);
    cr_assert_neq(a.verdict, ARB_MATE_IMPOSSIBLE);
}

Test(unwinnable, locked_pawns_leave_a_dead_position)
{
    const char *fen = "8/3k4/6p1/p2p1pP1/P2P1P2/2K5/8/8 b - - 65 92";
    arb_mate_answer w = ask(fen, ARB_WHITE), b = ask(fen, ARB_BLACK);
    cr_assert_eq(w.verdict, ARB_MATE_IMPOSSIBLE);
    cr_assert_eq(w.reason, ARB_MATE_BY_SEARCH);
    cr_assert_eq(b.verdict, ARB_MATE_IMPOSSIBLE);
    cr_assert(w.nodes > 0);
    /* every pawn stays where it is */
    arb_position pos = fen_ok(fen);
    cr_assert_eq(w.fixed_pawns, pos.by_kind[ARB_PAWN]);
    cr_assert(arb_dead_candidate(&pos));
    cr_assert(arb_position_is_dead(&pos, 0));
}

Test(unwinnable, locked_pawns_with_bishops_on_both_sides)
{
    /* needs more than the 4096 positions given to open positions */
    const char *fen = "8/2b5/Bp1p3k/1P1Pp1p1/4P1P1/6K1/8/8 b - - 18 69";
    arb_mate_answer a = ask(fen, ARB_WHITE);
    cr_assert_eq(a.verdict, ARB_MATE_IMPOSSIBLE);
    cr_assert(a.nodes > 4096);
}

Test(unwinnable, forced_capture_leaves_no_mating_material)
{
    /* White must take the rook: Black is left with a king */
    cr_assert_eq(ask("8/6P1/5k1K/7r/8/8/8/8 w - - 0 54", ARB_BLACK).verdict, ARB_MATE_IMPOSSIBLE);
}

Test(unwinnable, every_line_ends_in_stalemate)
{
    /* ...b4+ is Black's only move and every answer stalemates Black */
    arb_mate_answer a = ask("k7/2Q5/3Q4/1p6/8/KP6/P1P5/8 b - - 2 52", ARB_WHITE);
    cr_assert_eq(a.verdict, ARB_MATE_IMPOSSIBLE);
    cr_assert_eq(a.reason, ARB_MATE_BY_SEARCH);
}

Test(unwinnable, mate_in_one_is_found_with_its_line)
{
    const char *fen = "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1";
    arb_mate_answer a = ask(fen, ARB_WHITE);
    assert_line_mates(fen, &a);
    cr_assert_eq(a.line_plies, 1);
}

Test(unwinnable, helpmate_with_the_defenders_help_is_found)
{
    /* K+R against K: Black walks into the corner, then Rh8 mates */
    const char *fen = "1k6/8/1K6/8/8/8/8/7R b - - 0 1";
    arb_mate_answer a = ask(fen, ARB_WHITE);
    assert_line_mates(fen, &a);
    cr_assert(a.line_plies > 1);
}

Test(unwinnable, already_mated)
{
    arb_mate_answer a = ask("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", ARB_WHITE);
    cr_assert_eq(a.verdict, ARB_MATE_POSSIBLE);
    cr_assert_eq(a.line_plies, 0);
}

Test(unwinnable, node_limit_gives_unknown)
{
    arb_position pos = fen_ok("8/2b5/Bp1p3k/1P1Pp1p1/4P1P1/6K1/8/8 b - - 18 69");
    arb_mate_answer a = arb_mate_search(&pos, ARB_WHITE, 100);
    cr_assert_eq(a.verdict, ARB_MATE_UNKNOWN);
    cr_assert(a.nodes <= 100);
}

Test(unwinnable, dead_candidate_is_false_in_open_positions)
{
    arb_position pos = fen_ok(ARB_START_FEN);
    cr_assert_not(arb_dead_candidate(&pos));
    /* a pawn that can still advance keeps the position open */
    pos = fen_ok("8/3k4/6p1/p2p1pP1/P2P4/2K2P2/8/8 w - - 0 1");
    cr_assert_not(arb_dead_candidate(&pos));
    /* bare kings: dead by material */
    pos = fen_ok("8/5k2/8/8/8/8/3K4/8 w - - 0 1");
    cr_assert(arb_dead_candidate(&pos));
    cr_assert(arb_position_is_dead(&pos, 0));
    pos = fen_ok("8/5k2/8/8/8/8/3K4/7R w - - 0 1");
    cr_assert_not(arb_position_is_dead(&pos, 0));
}

/* ---- differential check against a plain helpmate search ------------------ */

/* Full-width search, no pruning, no table: does `color` mate within `plies`? */
static bool plain_helpmate(const arb_position *pos, int color, int plies)
{
    arb_movelist list;
    int n = arb_generate_legal(pos, &list);
    if (n == 0)
        return pos->side != color && arb_in_check(pos);
    if (plies == 0)
        return false;
    for (int i = 0; i < n; i++) {
        arb_position next;
        arb_position_make(pos, list.moves[i], &next);
        if (plain_helpmate(&next, color, plies - 1))
            return true;
    }
    return false;
}

/* A random legal position of kings and a few pieces (sometimes locked pawn
 * pairs), near a corner so that short mates are common. */
static bool random_position(uint64_t *seed, arb_position *pos)
{
    static const int kinds[] = {ARB_KNIGHT, ARB_BISHOP, ARB_ROOK, ARB_QUEEN, ARB_PAWN, ARB_BISHOP, ARB_KNIGHT};
    arb_position_clear(pos);
    int wk = (int)(test_rand(seed) % 64), bk = (int)(test_rand(seed) % 24);
    if (wk == bk)
        return false;
    arb_position_put(pos, arb_piece(ARB_WHITE, ARB_KING), wk);
    arb_position_put(pos, arb_piece(ARB_BLACK, ARB_KING), bk);
    int extra = 1 + (int)(test_rand(seed) % 3);
    for (int i = 0; i < extra; i++) {
        int kind = kinds[test_rand(seed) % (sizeof kinds / sizeof kinds[0])];
        int color = (int)(test_rand(seed) % 2);
        int sq = (int)(test_rand(seed) % 64);
        if (pos->board[sq] != ARB_NO_PIECE || (kind == ARB_PAWN && (sq < 8 || sq >= 56)))
            return false;
        arb_position_put(pos, arb_piece(color, kind), sq);
    }
    if (test_rand(seed) % 4 == 0) {
        /* a locked pair of pawns */
        int sq = 8 + (int)(test_rand(seed) % 40);
        if (pos->board[sq] != ARB_NO_PIECE || pos->board[sq + 8] != ARB_NO_PIECE)
            return false;
        arb_position_put(pos, arb_piece(ARB_WHITE, ARB_PAWN), sq);
        arb_position_put(pos, arb_piece(ARB_BLACK, ARB_PAWN), sq + 8);
    }
    pos->side = (uint8_t)(test_rand(seed) % 2);
    arb_position_finish(pos);
    /* the side not to move may not be in check */
    arb_position flipped = *pos;
    flipped.side ^= 1;
    arb_position_finish(&flipped);
    if (arb_in_check(&flipped) || arb_popcount(arb_checkers(pos)) > 1)
        return false;
    return arb_count_legal(pos) > 0 || arb_in_check(pos);
}

Test(unwinnable, never_impossible_where_a_plain_search_mates)
{
    uint64_t seed = 20260425;
    int positions = 0, mates = 0, impossible = 0, possible = 0, answered = 0;
    while (positions < 3000) {
        arb_position pos;
        if (!random_position(&seed, &pos))
            continue;
        positions++;
        for (int color = ARB_WHITE; color <= ARB_BLACK; color++) {
            arb_mate_answer a = arb_mate_search(&pos, color, 20000);
            bool plain = plain_helpmate(&pos, color, 3);
            char fen[ARB_FEN_MAX];
            arb_fen_write(&pos, ARB_FEN_STYLE_AUTO, fen);
            mates += plain;
            if (plain)
                cr_assert_neq(a.verdict, ARB_MATE_IMPOSSIBLE, "%s: %s mates in 3 plies", fen,
                              color ? "Black" : "White");
            if (a.verdict == ARB_MATE_POSSIBLE) {
                possible++;
                assert_line_mates(fen, &a);
            }
            impossible += a.verdict == ARB_MATE_IMPOSSIBLE;
            /* the cheap test that spares flag-fall searches never contradicts
             * the search, whatever its limit */
            if (arb_mate_search_not_impossible(&pos, color)) {
                answered++;
                cr_assert_neq(a.verdict, ARB_MATE_IMPOSSIBLE, "%s", fen);
                cr_assert_neq(arb_mate_search(&pos, color, 0).verdict, ARB_MATE_IMPOSSIBLE, "%s", fen);
                cr_assert_neq(arb_mate_search(&pos, color, 100).verdict, ARB_MATE_IMPOSSIBLE, "%s", fen);
            }
        }
    }
    /* the generator must give both kinds, or the check proves little */
    cr_assert(mates > 120, "only %d positions with a short mate", mates);
    cr_assert(impossible > 300, "only %d impossible answers", impossible);
    cr_assert(possible > mates, "%d possible answers for %d short mates", possible, mates);
    cr_assert(answered > 500, "the cheap test answered for only %d positions", answered);
}

/* The cheap test that spares flag-fall searches (checked against the search
 * on random positions above): it answers for open positions and the
 * positions it counts, and not where a search could end "impossible". */
Test(unwinnable, not_impossible_test_answers_open_positions)
{
    /* a queen in the open: answered; a lone king, or a locked chain: not */
    arb_position pos = fen_ok("8/5k2/8/8/3Q4/8/3K4/8 b - - 0 1");
    cr_assert(arb_mate_search_not_impossible(&pos, ARB_WHITE));
    cr_assert_not(arb_mate_search_not_impossible(&pos, ARB_BLACK));
    /* king and pawn against king: too few quiet replies, the positions
     * themselves are counted */
    pos = fen_ok("8/8/5k2/5P2/4K3/8/8/8 b - - 0 78");
    cr_assert(arb_mate_search_not_impossible(&pos, ARB_WHITE));
    cr_assert_neq(arb_mate_search(&pos, ARB_WHITE, 0).verdict, ARB_MATE_IMPOSSIBLE);
    pos = fen_ok("8/8/1k6/p1p1p1p1/P1P1P1P1/8/3K4/8 w - - 0 1");
    cr_assert_not(arb_mate_search_not_impossible(&pos, ARB_WHITE));
    cr_assert_eq(arb_mate_search(&pos, ARB_WHITE, 0).verdict, ARB_MATE_IMPOSSIBLE);
}

/* Exhaustive check on three-piece positions: with one piece beside the kings
 * the whole reachable set is small, and a plain walk over it (no pruning)
 * decides exactly; the answers must agree wherever ours is decided. */
static bool plain_reachable_mate(const arb_position *start, int color)
{
    size_t cap = 1u << 21, count = 0, head = 0;
    uint64_t *seen = calloc(cap, sizeof *seen);
    arb_position *queue = malloc(600000 * sizeof *queue);
    cr_assert(seen && queue);
    bool found = false;
    queue[count++] = *start;
    seen[start->key & (cap - 1)] = start->key | 1;
    while (head < count && !found) {
        arb_position pos = queue[head++];
        arb_movelist list;
        int n = arb_generate_legal(&pos, &list);
        if (n == 0 && arb_in_check(&pos) && pos.side != color) {
            found = true;
            break;
        }
        for (int i = 0; i < n; i++) {
            arb_position next;
            arb_position_make(&pos, list.moves[i], &next);
            size_t h = next.key & (cap - 1);
            while (seen[h] && seen[h] != (next.key | 1))
                h = (h + 1) & (cap - 1);
            if (seen[h])
                continue;
            seen[h] = next.key | 1;
            cr_assert(count < 600000);
            queue[count++] = next;
        }
    }
    free(seen);
    free(queue);
    return found;
}

Test(unwinnable, agrees_with_a_full_walk_on_three_pieces)
{
    uint64_t seed = 7;
    static const int kinds[] = {ARB_KNIGHT, ARB_BISHOP, ARB_ROOK, ARB_QUEEN};
    int checked = 0;
    while (checked < 12) {
        arb_position pos;
        arb_position_clear(&pos);
        int wk = (int)(test_rand(&seed) % 64), bk = (int)(test_rand(&seed) % 64), sq = (int)(test_rand(&seed) % 64);
        if (wk == bk || sq == wk || sq == bk || arb_king_attacks(wk) & ARB_BB(bk))
            continue;
        int kind = kinds[test_rand(&seed) % 4], color = (int)(test_rand(&seed) % 2);
        arb_position_put(&pos, arb_piece(ARB_WHITE, ARB_KING), wk);
        arb_position_put(&pos, arb_piece(ARB_BLACK, ARB_KING), bk);
        arb_position_put(&pos, arb_piece(color, kind), sq);
        pos.side = (uint8_t)(test_rand(&seed) % 2);
        arb_position_finish(&pos);
        arb_position flipped = pos;
        flipped.side ^= 1;
        arb_position_finish(&flipped);
        if (arb_in_check(&flipped) || arb_count_legal(&pos) == 0)
            continue;
        checked++;
        for (int side = ARB_WHITE; side <= ARB_BLACK; side++) {
            arb_mate_answer a = arb_mate_search(&pos, side, 0);
            bool plain = plain_reachable_mate(&pos, side);
            char fen[ARB_FEN_MAX];
            arb_fen_write(&pos, ARB_FEN_STYLE_AUTO, fen);
            if (a.verdict == ARB_MATE_IMPOSSIBLE)
                cr_assert_not(plain, "%s: %s can mate", fen, side ? "Black" : "White");
            if (a.verdict == ARB_MATE_POSSIBLE)
                cr_assert(plain, "%s", fen);
        }
    }
}

/* ---- the shared corpora, when present -------------------------------------- */

Test(unwinnable, insufficient_material_cases_when_present)
{
    char path[1024];
    shared_path("corpora/unwinnable/insufficient-material-cases.tsv", path, sizeof path);
    FILE *in = fopen(path, "r");
    if (!in)
        cr_skip_test("%s not present", path);
    char line[1024];
    int rows = 0;
    while (fgets(line, sizeof line, in)) {
        if (line[0] == '#' || strncmp(line, "source\t", 7) == 0)
            continue;
        line[strcspn(line, "\r\n")] = '\0';
        char *save = NULL;
        strtok_r(line, "\t", &save);
        char *fen = strtok_r(NULL, "\t", &save), *query = strtok_r(NULL, "\t", &save),
             *expected = strtok_r(NULL, "\t", &save);
        cr_assert(fen && query && expected);
        arb_position pos;
        if (arb_fen_parse(fen, &pos).code)
            continue; /* the upstream row with two white kings */
        int color = strstr(query, "(WHITE)") ? ARB_WHITE : strstr(query, "(BLACK)") ? ARB_BLACK : pos.side ^ 1;
        arb_mate_answer a = arb_mate_search(&pos, color, 0);
        if (strcmp(expected, "True") == 0)
            cr_assert_eq(a.verdict, ARB_MATE_IMPOSSIBLE, "%s %s", fen, query);
        else
            cr_assert_neq(a.verdict, ARB_MATE_IMPOSSIBLE, "%s %s", fen, query);
        rows++;
    }
    fclose(in);
    cr_assert(rows >= 40, "only %d rows", rows);
}

Test(unwinnable, labelled_timeouts_when_present)
{
    char path[1024];
    shared_path("corpora/unwinnable/lichess-30K-labeled.txt", path, sizeof path);
    FILE *in = fopen(path, "r");
    if (!in)
        cr_skip_test("%s not present", path);
    char line[512];
    int rows = 0, flagged = 0, unwinnable = 0;
    /* the first 3,000 rows and every unwinnable one: the whole file is a benchmark */
    while (fgets(line, sizeof line, in)) {
        bool label = strncmp(line, "unwinnable ", 11) == 0;
        if (rows >= 3000 && !label)
            continue;
        char *fen = strchr(line, ' ') + 1, *id = strrchr(fen, ' ');
        *id = '\0';
        arb_position pos = fen_ok(fen);
        arb_mate_answer a = arb_mate_search(&pos, pos.side ^ 1, 0);
        bool impossible = a.verdict == ARB_MATE_IMPOSSIBLE;
        cr_assert(impossible == label, "%s: %s", fen, label ? "not flagged" : "flagged but winnable");
        flagged += impossible;
        unwinnable += label;
        rows++;
    }
    fclose(in);
    cr_assert_eq(unwinnable, 3);
    cr_assert_eq(flagged, 3);
}
