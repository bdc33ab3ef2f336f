/* test_repair.c — the repair search (repair.h): one test per edit kind,
 * errors that break the game only later, national letters, the result the
 * board decides, the limits, the cost model, the main line read from a
 * game's text (mainline.h), the repaired game (repair_game.h) and two
 * scoresheets (sheets.h). */
#include "notation_helpers.h"

#include "mainline.h"
#include "pgn_read.h"
#include "repair.h"
#include "repair_game.h"
#include "repair_prior.h"
#include "sheets.h"

/* The repaired line in SAN, moves joined by spaces. */
static const char *line_san(const arb_position *start, const arb_repair *rep)
{
    static char out[8192];
    size_t len = 0;
    arb_position pos = *start, next;
    out[0] = '\0';
    for (size_t i = 0; i < rep->move_count; i++) {
        char san[ARB_SAN_MAX];
        arb_san_write(&pos, rep->moves[i], san);
        len += (size_t)snprintf(out + len, sizeof out - len, "%s%s", i ? " " : "", san);
        arb_position_make(&pos, rep->moves[i], &next);
        pos = next;
    }
    return out;
}

typedef struct repaired {
    arb_repair_result res;
    arb_position start;
    arb_repairer *r;
    char text[4096];
    arb_token tokens[400];
} repaired;

static repaired *repair_from(const char *fen, const char *code, const char *game, int result,
                             const arb_repair_limits *limits)
{
    static repaired out;
    if (out.r)
        arb_repairer_free(out.r);
    memset(&out, 0, sizeof out);
    snprintf(out.text, sizeof out.text, "%s", game);
    size_t n = split_moves(out.text, out.tokens, 400);
    out.start = fen_ok(fen);
    out.r = arb_repairer_new(limits);
    cr_assert_not_null(out.r);
    arb_repair_game g = {&out.start, out.tokens, n, result, notation(code), notation("en")};
    arb_status st = arb_repair_run(out.r, &g, &out.res);
    cr_assert_eq(st.code, 0, "%s", st.message);
    return &out;
}

static repaired *repair_in(const char *code, const char *game, int result, const arb_repair_limits *limits)
{
    return repair_from("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", code, game, result, limits);
}

static repaired *repair(const char *game)
{
    return repair_in("en", game, 0, NULL);
}

static void expect_first(const repaired *r, int kind, const char *line)
{
    cr_assert_eq(r->res.status, ARB_REPAIR_REPAIRED, "status %d", r->res.status);
    cr_assert_geq(r->res.count, 1);
    const arb_repair *best = &r->res.repairs[0];
    cr_assert_eq(best->edit_count, 1, "%d edits", best->edit_count);
    cr_assert_eq(best->edits[0].kind, kind, "edit kind %d", best->edits[0].kind);
    cr_assert_str_eq(line_san(&r->start, best), line);
}

static size_t rank_of(const repaired *r, const char *line)
{
    for (size_t i = 0; i < r->res.count; i++)
        if (strcmp(line_san(&r->start, &r->res.repairs[i]), line) == 0)
            return i + 1;
    return 0;
}

#define RUY "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 "
#define RUY_LINE "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O"

Test(repair, a_game_that_replays_is_clean)
{
    repaired *r = repair(RUY "4. Ba4 Nf6 5. O-O Be7");
    cr_assert_eq(r->res.status, ARB_REPAIR_CLEAN);
    cr_assert_eq(r->res.count, 0);
}

Test(repair, another_piece_letter)
{
    repaired *r = repair(RUY "4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Rb3 d6 8. c3 O-O");
    expect_first(r, ARB_EDIT_REPLACE, RUY_LINE);
    cr_assert_eq(r->res.repairs[0].edits[0].ply, 12);
    cr_assert_eq(r->res.repairs[0].edits[0].token, 12);
}

Test(repair, a_neighbouring_file)
{
    expect_first(repair(RUY "4. Bb4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O"), ARB_EDIT_REPLACE, RUY_LINE);
}

Test(repair, a_neighbouring_rank)
{
    expect_first(repair(RUY "4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Bb6"), ARB_EDIT_REPLACE,
                 RUY_LINE " h3 Bb7");
}

Test(repair, a_pawn_capture_written_as_a_push)
{
    expect_first(repair("1. e4 d5 2. d5 Qxd5 3. Nc3 Qa5"), ARB_EDIT_REPLACE, "e4 d5 exd5 Qxd5 Nc3 Qa5");
}

Test(repair, a_missing_disambiguation)
{
    /* both knights reach d2: Nbd2 written Nd2; the later c4 pins nothing,
     * Re1 needs f1 free, so only Nbd2 keeps the game going */
    repaired *r = repair("1. d4 Nf6 2. Nf3 e6 3. Nd2 d5 4. e3 Be7 5. Bd3 O-O 6. O-O c5");
    cr_assert_eq(r->res.status, ARB_REPAIR_REPAIRED);
    const char *san = line_san(&r->start, &r->res.repairs[0]);
    cr_assert(strncmp(san, "d4 Nf6 Nf3 e6 Nbd2", 18) == 0 || strncmp(san, "d4 Nf6 Nf3 e6 Nfd2", 18) == 0, "%s", san);
    cr_assert_eq(r->res.repairs[0].edits[0].kind, ARB_EDIT_REPLACE);
}

Test(repair, the_other_promotion_piece)
{
    /* b8=N gives no check; Qb8 later needs a queen there */
    arb_position start = fen_ok("8/1P4k1/8/8/8/8/6K1/8 w - - 0 1");
    char text[] = "b8=N Kf6 Qb6+ Ke5";
    arb_token tokens[8];
    size_t n = split_moves(text, tokens, 8);
    arb_repairer *rp = arb_repairer_new(NULL);
    arb_repair_result res;
    arb_repair_game g = {&start, tokens, n, 0, notation("en"), NULL};
    cr_assert_eq(arb_repair_run(rp, &g, &res).code, 0);
    cr_assert_eq(res.status, ARB_REPAIR_REPAIRED);
    cr_assert_eq(res.repairs[0].edits[0].kind, ARB_EDIT_REPLACE);
    cr_assert_str_eq(line_san(&start, &res.repairs[0]), "b8=Q Kf6 Qb6+ Ke5");
    arb_repairer_free(rp);
}

Test(repair, the_other_castling_side)
{
    expect_first(repair("1. d4 d5 2. Nc3 Nc6 3. Bf4 Bf5 4. Qd2 Qd7 5. O-O Nf6 6. Kb1"), ARB_EDIT_REPLACE,
                 "d4 d5 Nc3 Nc6 Bf4 Bf5 Qd2 Qd7 O-O-O Nf6 Kb1");
}

Test(repair, a_missing_move_inserted)
{
    expect_first(repair(RUY "4. Ba4 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O"), ARB_EDIT_INSERT, RUY_LINE);
    cr_assert_eq(repair(RUY "4. Ba4 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O")->res.repairs[0].edits[0].ply, 7);
}

Test(repair, a_move_written_twice_deleted)
{
    repaired *r = repair(RUY "4. Ba4 Nf6 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O");
    expect_first(r, ARB_EDIT_DELETE, RUY_LINE);
    cr_assert_eq(r->res.repairs[0].cost, ARB_REPAIR_COST_DELETE_REPEAT);
}

Test(repair, two_moves_of_one_player_swapped)
{
    expect_first(repair(RUY "4. Ba4 Nf6 5. Re1 Be7 6. O-O b5 7. Bb3 d6 8. c3 O-O"), ARB_EDIT_SWAP, RUY_LINE);
}

#define LATER "1. e4 e5 2. Nf3 Nc6 3. Bc4 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O"

Test(repair, an_error_that_breaks_the_game_only_later)
{
    /* 3. Bc4 is legal; the game breaks only at 4. Ba4 */
    repaired *r = repair(LATER);
    cr_assert_eq(r->res.status, ARB_REPAIR_REPAIRED);
    cr_assert_eq(r->res.fail_token, 6);
    bool found = false;
    for (size_t i = 0; i < r->res.count && i < 3; i++)
        found |= strcmp(line_san(&r->start, &r->res.repairs[i]), RUY_LINE) == 0
                 && r->res.repairs[i].edits[0].ply == 4;
    cr_assert(found, "the original line is not among the first three");
}

Test(repair, of_two_readings_as_cheap_the_one_farther_back_comes_first)
{
    /* 2... d5 written for 2... c6 (legal), so 3... d5 fails: reading
     * 3... d5 as c6 reaches the same position at the same cost, and where
     * the game stops says nothing of where the error stands */
    repaired *r = repair("1. d4 Nf6 2. c4 d5 3. Nc3 d5 4. cxd5 cxd5");
    expect_first(r, ARB_EDIT_REPLACE, "d4 Nf6 c4 c6 Nc3 d5 cxd5 cxd5");
    cr_assert_eq(r->res.repairs[0].edits[0].ply, 3);
    cr_assert_geq(r->res.count, 2);
    cr_assert_eq(r->res.repairs[1].edits[0].ply, 5);
    cr_assert_eq(r->res.repairs[1].cost, r->res.repairs[0].cost);
}

Test(repair, a_needless_disambiguation_counts_against_a_history)
{
    /* 3. Nbc3 says a second knight reached c3: the move left out was
     * 2. Ne2, though players make 2. Nf3 more often */
    repaired *r = repair("1. e4 c5 2. Nc6 3. Nbc3 g6");
    expect_first(r, ARB_EDIT_INSERT, "e4 c5 Ne2 Nc6 Nbc3 g6");
    cr_assert_eq(rank_of(r, "e4 c5 Nf3 Nc6 Nc3 g6"), 2);
}

Test(repair, romanian_letters_and_an_english_knight)
{
    /* ro: C is the knight, N the bishop; 2. Nf3 is an English knight */
    repaired *r = repair_in("ro", "1. e4 e5 2. Nf3 Cc6 3. Nb5 a6", 0, NULL);
    expect_first(r, ARB_EDIT_REPLACE, "e4 e5 Nf3 Nc6 Bb5 a6");
    cr_assert_eq(r->res.repairs[0].edits[0].ply, 2);
}

Test(repair, a_letter_mixup_costs_less_than_another_piece)
{
    arb_position pos = play_line("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e4 e7e5");
    arb_move_spec ro_spec, en_spec;
    cr_assert_eq(arb_notation_parse(notation("ro"), "Nf3", 3, &ro_spec), ARB_SAN_OK);
    cr_assert_eq(arb_notation_parse(notation("en"), "Nf3", 3, &en_spec), ARB_SAN_OK);
    arb_move knight = must_find(&pos, "g1f3"), queen = must_find(&pos, "d1f3");
    int mixup = arb_repair_distance(&pos, &ro_spec, &en_spec, knight);
    int other = arb_repair_distance(&pos, &ro_spec, &en_spec, queen);
    cr_assert_gt(mixup, 0);
    cr_assert_lt(mixup, other);
    cr_assert_eq(arb_repair_distance(&pos, &en_spec, NULL, must_find(&pos, "b1c3")), -1, "Nc3 is not close to Nf3");
}

Test(repair, a_wrong_disambiguation_costs_as_much_as_a_wrong_square)
{
    /* the writer named the file the rook stood on: "Rfd1" for Rad1 is as
     * far from it as "Rae1" is; "Rd1" (left out) fits it */
    arb_position pos = play_line("6k1/8/8/8/8/8/8/R4RK1 w - - 0 1", "");
    arb_move rad1 = must_find(&pos, "a1d1");
    arb_move_spec wrong, square, left_out;
    cr_assert_eq(arb_notation_parse(notation("en"), "Rfd1", 4, &wrong), ARB_SAN_OK);
    cr_assert_eq(arb_notation_parse(notation("en"), "Rae1", 4, &square), ARB_SAN_OK);
    cr_assert_eq(arb_notation_parse(notation("en"), "Rd1", 3, &left_out), ARB_SAN_OK);
    int d_wrong = arb_repair_distance(&pos, &wrong, NULL, rad1);
    cr_assert_gt(d_wrong, 0);
    cr_assert_eq(d_wrong, arb_repair_distance(&pos, &square, NULL, rad1));
    cr_assert_eq(arb_repair_distance(&pos, &left_out, NULL, rad1), 0);
}

/* How surprising the last of `moves` (UCI, from the start) is. */
static int surprise_of(const char *moves, const char *last)
{
    arb_position pos = play_line("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", moves), after;
    arb_move prev = ARB_MOVE_NONE;
    const char *sp = strrchr(moves, ' ');
    if (*moves) {
        /* the move before: replay all but the last of `moves` */
        char head[256];
        snprintf(head, sizeof head, "%.*s", sp ? (int)(sp - moves) : 0, moves);
        arb_position before = play_line("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", head);
        prev = must_find(&before, sp ? sp + 1 : moves);
    }
    arb_move m = must_find(&pos, last);
    arb_position_make(&pos, m, &after);
    return arb_repair_surprise(&pos, prev, m, &after);
}

Test(repair, the_moves_a_player_makes_are_priced_by_how_likely_they_are)
{
    int recapture = surprise_of("e2e4 d7d5 e4d5", "d8d5");
    int capture = surprise_of("e2e4 d7d5", "e4d5");
    int check = surprise_of("e2e4 f7f6", "d1h5");
    int escape = surprise_of("e2e4 e7e5 g1f3 b8c6 f1b5 a7a6", "b5a4");
    int quiet = surprise_of("", "g1f3");
    int king_walk = surprise_of("e2e4 e7e5", "e1e2");
    int en_prise = surprise_of("d2d4 e7e5", "c1g5");
    cr_assert_eq(recapture, 0);
    cr_assert_lt(capture, quiet);
    cr_assert_lt(check, quiet);
    cr_assert_lt(escape, quiet);
    cr_assert_eq(quiet, ARB_REPAIR_SURPRISE_QUIET);
    cr_assert_gt(king_walk, quiet, "a king walk with queens on the board");
    cr_assert_gt(en_prise, quiet, "Bg5 where the queen takes it for nothing");
}

/* What the reply written next says of the last of `moves` as a move left
 * out (arb_repair_left_out); reply in UCI, or "" for none. */
static int left_out_of(const char *moves, const char *last, const char *reply)
{
    arb_position pos = play_line("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", moves), after;
    arb_move m = must_find(&pos, last);
    arb_position_make(&pos, m, &after);
    return arb_repair_left_out(&pos, m, &after, *reply ? must_find(&after, reply) : ARB_MOVE_NONE);
}

Test(repair, a_move_left_out_is_priced_by_the_reply_written_after_it)
{
    /* 3... a6 answered by 4. Ba4: the bishop it attacks goes */
    int escaped = left_out_of("e2e4 e7e5 g1f3 b8c6 f1b5", "a7a6", "b5a4");
    int unanswered = left_out_of("e2e4 e7e5 g1f3 b8c6 f1b5", "a7a6", "d2d3");
    int taken_back = left_out_of("e2e4 d7d5", "e4d5", "d8d5");
    int not_taken_back = left_out_of("e2e4 d7d5", "e4d5", "g8f6");
    int knight = left_out_of("", "g1f3", "");
    cr_assert_lt(escaped, unanswered);
    cr_assert_lt(taken_back, not_taken_back);
    cr_assert_gt(not_taken_back, 0, "a capture the queen could take back and did not");
    cr_assert_eq(knight, 0, "no reply, nothing more to say");
}

/* ---- the move-frequency prior (repair_prior.h) ---------------------------- */

#define START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

/* The rarity of `last` (UCI) after `moves` from the start, at ply `ply`. */
static int rarity_of(const arb_repair_prior *p, const char *moves, int ply, const char *last)
{
    arb_position pos = play_line(START_FEN, moves);
    return arb_repair_prior_rarity(p, &pos, ply, must_find(&pos, last));
}

Test(repair, the_prior_knows_which_moves_players_make)
{
    const arb_repair_prior *p = arb_repair_prior_builtin();
    cr_assert_lt(rarity_of(p, "", 0, "e2e4"), rarity_of(p, "", 0, "a2a3"));
    cr_assert_lt(rarity_of(p, "", 0, "g1f3"), rarity_of(p, "", 0, "g1h3"));
    cr_assert_lt(rarity_of(p, "", 0, "e2e4"), 0, "1. e4 is likelier than the usual move made");
    /* Black's moves are White's seen in a mirror */
    cr_assert_eq(rarity_of(p, "e2e4", 1, "e7e5"), rarity_of(p, "", 0, "e2e4"));
    /* O-O (stored as the king taking its rook) is the king's move to g1 */
    const char *open = "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5";
    cr_assert_lt(rarity_of(p, open, 6, "e1h1"), rarity_of(p, open, 6, "e1f1"));
    /* a king walk is the endgame's move */
    arb_position ending = play_line("8/5k2/8/8/8/8/2K5/8 w - - 0 1", ""), middle = play_line(START_FEN, "e2e4 e7e5");
    cr_assert_lt(arb_repair_prior_rarity(p, &ending, 80, must_find(&ending, "c2d3")),
                 arb_repair_prior_rarity(p, &middle, 30, must_find(&middle, "e1e2")));
}

Test(repair, the_prior_compiled_in_is_the_table_in_the_tree)
{
    const char *root = getenv("ARBITER_DATA");
    char path[4096];
    snprintf(path, sizeof path, "%s/lib/repair/move_prior.tsv", root ? root : ".");
    FILE *f = fopen(path, "rb");
    if (!f)
        cr_skip_test("%s not found (run with ARBITER_DATA set to the source tree)", path);
    static char text[1 << 20];
    size_t len = fread(text, 1, sizeof text, f);
    fclose(f);
    arb_repair_prior *p;
    arb_status st = arb_repair_prior_new(text, len, &p);
    cr_assert_eq(st.code, 0, "%s", st.message);
    cr_assert_eq(memcmp(p->rarity, arb_repair_prior_builtin()->rarity, sizeof p->rarity), 0);
    arb_repair_prior_free(p);
}

Test(repair, the_game_phases_of_the_prior)
{
    arb_position start = play_line(START_FEN, ""), rooks = play_line("r5k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "");
    cr_assert_eq(arb_repair_phase(&start, 0), 0);
    cr_assert_eq(arb_repair_phase(&start, ARB_REPAIR_OPENING_PLIES), 1);
    cr_assert_eq(arb_repair_phase(&rooks, 60), 2);
    cr_assert_eq(arb_repair_phase(&rooks, 4), 0, "the opening goes by plies alone");
}

Test(repair, a_prior_table_is_read_and_checked)
{
    const char *text = "# piece from to opening middle endgame\n"
                       "P\ta2\ta3\t-16\t-\t5\n"
                       "N\tg1\tf3\t-32\t7\t-";   /* no newline at the end */
    arb_repair_prior *p;
    arb_status st = arb_repair_prior_new(text, strlen(text), &p);
    cr_assert_eq(st.code, 0, "%s", st.message);
    cr_assert_eq(rarity_of(p, "", 0, "a2a3"), -16);
    cr_assert_eq(rarity_of(p, "", 0, "g1f3"), -32);
    cr_assert_eq(rarity_of(p, "", 0, "h2h3"), -16, "a move not in the table: the rarest in its phase");
    cr_assert_eq(rarity_of(p, "", 30, "a2a3"), 7, "- : never played in that phase");
    cr_assert_eq(rarity_of(p, "", 30, "g1f3"), 7);
    arb_repair_prior_free(p);

    const char *bad[] = {"P\ta2\ta3\t1\t2\n", "X\ta2\ta3\t1\t2\t3\n", "P\ta9\ta3\t1\t2\t3\n",
                         "P\ta2\ta3\t1\t2\t3x\n", "P\ta2\ta3\t1\t2\t3\t4\n"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char two[64];
        snprintf(two, sizeof two, "# comment\n%s", bad[i]);
        st = arb_repair_prior_new(two, strlen(two), &p);
        cr_assert_neq(st.code, 0, "%s", bad[i]);
        cr_assert_eq(st.error_class, ARB_ERR_DATA);
        cr_assert_eq(st.line, 2);
        cr_assert_null(p);
    }
}

Test(repair, of_moves_left_out_that_read_alike_the_one_players_make_comes_first)
{
    /* 6... e5 left out: e6, e5, c5, Nc6 ... all let the moves written after
     * it read; players make e5 there */
    expect_first(repair("1. d4 Nf6 2. c4 g6 3. Nc3 Bg7 4. e4 d6 5. Nf3 O-O 6. Be2 7. O-O Nc6 8. d5 Ne7"),
                 ARB_EDIT_INSERT, "d4 Nf6 c4 g6 Nc3 Bg7 e4 d6 Nf3 O-O Be2 e5 O-O Nc6 d5 Ne7");
}

Test(repair, repairs_of_equal_cost_come_in_the_order_of_the_prior)
{
    arb_repair_limits wide = {.suggestions = ARB_REPAIR_MAX_SUGGESTIONS};
    repaired *r = repair_in("en", "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 6. Be3 e5 7. Nb3 Be6", 0, &wide);
    const arb_repair_prior *p = arb_repair_prior_builtin();
    int ties = 0, last_cost = -1, last_rarity = 0;
    for (size_t i = 0; i < r->res.count; i++) {
        const arb_repair *rep = &r->res.repairs[i];
        if (rep->edit_count != 1 || rep->edits[0].kind != ARB_EDIT_INSERT)
            continue;
        arb_position pos = r->start, next;
        for (uint32_t k = 0; k < rep->edits[0].ply; k++) {
            arb_position_make(&pos, rep->moves[k], &next);
            pos = next;
        }
        int rarity = arb_repair_prior_rarity(p, &pos, (int)rep->edits[0].ply, rep->edits[0].move);
        if (rep->cost == last_cost) {
            cr_assert_leq(last_rarity, rarity, "repair %zu", i);
            ties++;
        }
        last_cost = rep->cost;
        last_rarity = rarity;
    }
    cr_assert_gt(ties, 0, "the game gives repairs of equal cost");
}

Test(repair, the_move_left_out_is_the_one_the_next_move_answers)
{
    /* 3... a6 left out: 4. Ba4 is the bishop it drove away */
    expect_first(repair("1. e4 e5 2. Nf3 Nc6 3. Bb5 4. Ba4 Nf6 5. O-O"), ARB_EDIT_INSERT,
                 "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O");
}

/* Games of the bench's error corpus (tests/bench/repair_bench.c, --write):
 * each planted error as written, and the original line. */
#define SWAP_TRANSPOSED_GAME "1. d4 d5 2. c3 c6 3. Bf4 Nf6 4. Nd2 g6 5. Ngf3 Bg7 6. h3 O-O 7. e3 Nbd7 8. Bh2 b6 9. Be2 " \
    "Bb7 10. O-O Re8 11. a4 Ne4 12. a5 bxa5 13. Nb3 c5 14. Nxa5 Qb6 15. Qa4 Bc8 16. Rfb1 Rb8 " \
    "17. Bb5 Qxb8 18. Bxb8 Rd8 19. Nc6 Qc7 20. Nxd8 Qxd8 21. Qxa7"
#define SWAP_TRANSPOSED_LINE "d4 d5 c3 c6 Bf4 Nf6 Nd2 g6 Ngf3 Bg7 h3 O-O e3 Nbd7 Bh2 b6 Be2 Bb7 O-O Re8 a4 Ne4 a5 bxa5 " \
    "Nb3 c5 Nxa5 Qb6 Qa4 Bc8 Rfb1 Rb8 Bxb8 Qxb8 Bb5 Rd8 Nc6 Qc7 Nxd8 Qxd8 Qxa7"
#define SWAP_UNMARKED_CHECK_GAME "1. b3 e5 2. Bb2 Nc6 3. e3 Nf6 4. Bb5 d6 5. d4 exd4 6. exd4 d5 7. Nf3 Bd6 8. Bxc6 O-O 9. " \
    "Ne5 bxc6 10. O-O Bb7 11. Nd2 c5 12. dxc5 Bxc5 13. Re1 Bd6 14. Ndf3 c5 15. Qd3 Ne4 16. " \
    "Rad1 Qc7 17. c4 f6 18. cxd5 Nxf2 19. Kxf2 Bxe5 20. Kg1 Bxb2 21. d6 Qd7 22. Re7 Qc6 23. d7 " \
    "Bd4+ 24. Nxd4 Qxg2#"
#define SWAP_UNMARKED_CHECK_LINE "b3 e5 Bb2 Nc6 e3 Nf6 Bb5 d6 d4 exd4 exd4 d5 Nf3 Bd6 Ne5 O-O Bxc6 bxc6 O-O Bb7 Nd2 c5 dxc5 " \
    "Bxc5 Re1 Bd6 Ndf3 c5 Qd3 Ne4 Rad1 Qc7 c4 f6 cxd5 Nxf2 Kxf2 Bxe5 Kg1 Bxb2 d6 Qd7 Re7 Qc6 " \
    "d7 Bd4+ Nxd4 Qxg2#"
#define AMBIGUOUS_TOKEN_GAME "1. Nf3 Nf6 2. g3 g6 3. Bg2 Bg7 4. O-O O-O 5. d4 c5 6. c4 cxd4 7. Nc3 Nc6 8. Nxd4 Qa5 9. " \
    "Nb3 Qh5 10. e4 Qxd1 11. Rxd1 d6 12. h3 Be6 13. Nd5 Rfc8 14. Be3 Kf8 15. Rac1 Nd7 16. Rd2 " \
    "Nce5 17. Rc2 Nd3 18. Rb1 b5 19. Na5 Nb4 20. Nxb4"
#define AMBIGUOUS_TOKEN_LINE "Nf3 Nf6 g3 g6 Bg2 Bg7 O-O O-O d4 c5 c4 cxd4 Nc3 Nc6 Nxd4 Qa5 Nb3 Qh5 e4 Qxd1 Rxd1 d6 h3 " \
    "Be6 Nd5 Rfc8 Be3 Kf8 Rac1 Nd7 Rd2 Nce5 Rdc2 Nd3 Rb1 b5 Na5 Nb4 Nxb4"

/* Rank (1-based) of the line among the repairs found, 0 when absent. */
Test(repair, the_other_order_of_a_swap_is_among_the_first_three)
{
    /* 17. Bb5 and 18. Bxb8 swapped; 17... Qxb8 and 18... Rd8 swapped reach
     * the same position: a line that runs into a state searched before is
     * still a suggestion */
    repaired *r = repair_in("en", SWAP_TRANSPOSED_GAME, 1, NULL);
    size_t rank = rank_of(r, SWAP_TRANSPOSED_LINE);
    cr_assert(rank >= 1 && rank <= 3, "rank %zu", rank);
}

Test(repair, an_unmarked_check_counts_against_a_swap)
{
    /* 8... O-O and 9... bxc6 swapped would make 8. Bxc6 a check the
     * writer, who marks checks, did not mark */
    repaired *r = repair_in("en", SWAP_UNMARKED_CHECK_GAME, 2, NULL);
    cr_assert_eq(rank_of(r, SWAP_UNMARKED_CHECK_LINE), 1);
}

Test(repair, an_ambiguous_token_read_as_one_of_its_moves_comes_first)
{
    /* 17. Rc2 (two rooks reach c2): read as Rdc2 before any swap */
    repaired *r = repair_in("en", AMBIGUOUS_TOKEN_GAME, 1, NULL);
    cr_assert_eq(rank_of(r, AMBIGUOUS_TOKEN_LINE), 1);
}

/* What the last of `moves` (UCI, from the start) passes over when it is
 * `m` (arb_repair_forgone); prev_took says whether that last move took. */
static int forgone_of(const char *moves, bool prev_took, const char *m)
{
    arb_position pos = play_line("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", moves);
    const char *sp = strrchr(moves, ' ');
    char head[256];
    snprintf(head, sizeof head, "%.*s", sp ? (int)(sp - moves) : 0, moves);
    arb_position before = play_line("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", head);
    arb_move prev = must_find(&before, sp ? sp + 1 : moves);
    arb_movelist legal;
    arb_generate_legal(&pos, &legal);
    return arb_repair_forgone(&pos, prev, prev_took, must_find(&pos, m), &legal);
}

Test(repair, a_move_that_passes_over_a_capture_is_priced)
{
    /* 2. exd5: 2... Qxd5 takes back, 2... Nf6 leaves the pawn */
    cr_assert_eq(forgone_of("e2e4 d7d5 e4d5", true, "d8d5"), 0);
    cr_assert_eq(forgone_of("e2e4 d7d5 e4d5", true, "g8f6"), ARB_REPAIR_FORGONE_RECAPTURE);
    cr_assert_eq(forgone_of("e2e4 d7d5 e4d5", false, "g8f6"), 0, "no exchange to take back: a pawn");
    /* 2. Bg5: the queen takes the bishop for nothing */
    cr_assert_eq(forgone_of("d2d4 e7e5 c1g5", false, "d8g5"), 0);
    cr_assert_eq(forgone_of("d2d4 e7e5 c1g5", false, "b8c6"), ARB_REPAIR_FORGONE_MATERIAL);
    /* in check: the move answers the check, whatever it leaves */
    cr_assert_eq(forgone_of("e2e4 f7f6 d2d4 e7e5 d1h5", false, "g7g6"), 0);
}

/* 4. c4 is legal (written for 4. cxd4, the pawn taken back); the game
 * breaks only at 9. d5, which reads as 9. e5 as cheaply */
#define NOT_TAKEN_BACK_GAME "1. e4 c5 2. c3 d6 3. d4 cxd4 4. c4 Nf6 5. Nc3 g6 6. Nf3 Bg7 7. Be2 O-O 8. O-O Nc6 " \
    "9. d5 Ne5 10. Nxe5 dxe5"
#define NOT_TAKEN_BACK_LINE "e4 c5 c3 d6 d4 cxd4 cxd4 Nf6 Nc3 g6 Nf3 Bg7 Be2 O-O O-O Nc6 d5 Ne5 Nxe5 dxe5"

Test(repair, the_line_that_takes_back_the_exchange_comes_first)
{
    repaired *r = repair(NOT_TAKEN_BACK_GAME);
    cr_assert_eq(rank_of(r, NOT_TAKEN_BACK_LINE), 1, "rank %zu", rank_of(r, NOT_TAKEN_BACK_LINE));
    cr_assert_eq(r->res.repairs[0].edits[0].ply, 6);
}

Test(repair, the_reply_written_after_a_reading_is_priced_too)
{
    /* 1. b4 is legal (written for 1. a4) and leaves the knight on c3 to
     * the bishop, which 1... h6 does not take; the game breaks only at
     * 4. a5, which reads as 4. b5 for as many letters and is nearer the
     * failure: the reply that passes over a free knight decides */
    repaired *r = repair_from("6k1/6pp/8/4b3/8/2N5/PP4PP/6K1 w - - 0 1", "en",
                              "1. b4 h6 2. h3 Kh7 3. Kf1 Kg8 4. a5 Kh7", 0, NULL);
    cr_assert_eq(r->res.status, ARB_REPAIR_REPAIRED);
    cr_assert_eq(r->res.repairs[0].edits[0].ply, 0, "edit at ply %u", r->res.repairs[0].edits[0].ply);
    cr_assert_str_eq(line_san(&r->start, &r->res.repairs[0]), "a4 h6 h3 Kh7 Kf1 Kg8 a5 Kh7");
}

Test(repair, the_result_the_board_decides)
{
    /* Fool's mate with the last move one file off: Qh4# mates, and the
     * result says Black won */
    repaired *r = repair_in("en", "1. f3 e5 2. g4 Qg4", 2, NULL);
    expect_first(r, ARB_EDIT_REPLACE, "f3 e5 g4 Qh4#");
}

Test(repair, no_repair_within_limits)
{
    arb_repair_limits limits = {.max_edits = 1};
    repaired *r = repair_in("en", "1. e4 e5 2. Ke3 Ke6 3. Ka8 Ka1", 0, &limits);
    cr_assert_eq(r->res.status, ARB_REPAIR_NO_REPAIR);
    cr_assert_eq(r->res.count, 0);
    arb_repair_limits tiny = {.max_work = 10};
    r = repair_in("en", LATER, 0, &tiny);
    cr_assert_eq(r->res.status, ARB_REPAIR_NO_REPAIR);
    cr_assert(r->res.limits_reached);
}

Test(repair, suggestions_are_ranked_by_cost)
{
    arb_repair_limits limits = {.suggestions = 5};
    repaired *r = repair_in("en", RUY "4. Bb4 Nf6 5. O-O Be7", 0, &limits);
    cr_assert_geq(r->res.count, 2);
    for (size_t i = 1; i < r->res.count; i++)
        cr_assert_leq(r->res.repairs[i - 1].cost, r->res.repairs[i].cost);
}

Test(repair, garbage_tokens_do_not_break_the_search)
{
    repaired *r = repair(RUY "4. Ba4 @@ 5. O-O Be7");
    cr_assert_neq(r->res.status, ARB_REPAIR_CLEAN);
    r = repair("");
    cr_assert_eq(r->res.status, ARB_REPAIR_CLEAN);
}

/* ---- the main line of a game's text and the repaired game ----------------------- */

Test(repair, mainline_keeps_moves_comments_and_nags_outside_variations)
{
    const char *text = "[Event \"x\"]\n[White \"a\"]\n\n1. e4 {best} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6 (=) 1-0\n";
    arb_mainline ml;
    arb_mainline_init(&ml);
    cr_assert(arb_mainline_collect(&ml, text, strlen(text), 1));
    cr_assert_eq(ml.count, 5);
    cr_assert(strncmp(ml.tokens[2].text, "Nf3", 3) == 0);
    cr_assert(strncmp(ml.tokens[4].text, "(=)", 3) == 0);
    cr_assert_eq(ml.at[0].line, 4);
    cr_assert_eq(ml.note_count, 2);
    cr_assert_str_eq(ml.notes[0].text, "best");
    cr_assert_eq(ml.notes[0].after, 1);
    cr_assert(ml.notes[1].is_nag);
    cr_assert(ml.has_variations);
    arb_mainline_free(&ml);
}

Test(repair, the_repaired_game_says_what_was_written)
{
    const char *text = "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 {good} Nc6 3. Bb5 a6 4. Bb4 Nf6 *\n";
    arb_input *in = arb_input_from_memory(text, strlen(text), "test");
    cr_assert_not_null(in);
    arb_pgn_reader *rd = arb_pgn_reader_new(in, NULL);
    arb_pgn_game g, fixed;
    arb_pgn_game_init(&g);
    arb_pgn_game_init(&fixed);
    arb_status st;
    cr_assert_eq(arb_pgn_read(rd, &g, &st), ARB_PGN_READ_GAME);
    cr_assert_gt(g.error_count, 0);
    arb_mainline ml;
    arb_mainline_init(&ml);
    cr_assert(arb_mainline_collect(&ml, g.raw, g.raw_len, g.line));
    arb_repairer *rp = arb_repairer_new(NULL);
    arb_repair_result res;
    arb_repair_game rg = {&g.start, ml.tokens, ml.count, 0, notation("en"), NULL};
    cr_assert_eq(arb_repair_run(rp, &rg, &res).code, 0);
    cr_assert_eq(res.status, ARB_REPAIR_REPAIRED);
    char what[256];
    arb_repair_describe_all(&g.start, &ml, &res.repairs[0], notation("en"), what, sizeof what);
    cr_assert_str_eq(what, "4. Bb4 read 4. Ba4");
    cr_assert(arb_repair_build_game(&g, &ml, &res.repairs[0], notation("en"), &fixed));
    cr_assert_str_eq(arb_pgn_game_tag(&fixed, "Repaired"), "4. Bb4 read 4. Ba4");
    bool written = false, kept = false;
    for (size_t i = 0; i < fixed.item_count; i++)
        if (fixed.items[i].kind == ARB_PGN_ITEM_COMMENT) {
            written |= strcmp(fixed.items[i].text, "written: Bb4") == 0;
            kept |= strcmp(fixed.items[i].text, "good") == 0;
        }
    cr_assert(written && kept);
    arb_repairer_free(rp);
    arb_mainline_free(&ml);
    arb_pgn_game_free(&g);
    arb_pgn_game_free(&fixed);
    arb_pgn_reader_free(rd);
}

/* ---- two scoresheets --------------------------------------------------------- */

static arb_sheets_result reconcile(arb_sheets *s, char *white, char *black)
{
    static arb_token wt[200], bt[200];
    static arb_position start;
    arb_position_startpos(&start);
    size_t nw = split_moves(white, wt, 200), nb = split_moves(black, bt, 200);
    arb_sheets_input in = {&start, wt, nw, bt, nb, 0, notation("en"), NULL, notation("en")};
    arb_sheets_result res;
    cr_assert_eq(arb_sheets_reconcile(s, &in, &res).code, 0);
    return res;
}

Test(repair, two_sheets_with_independent_errors)
{
    arb_sheets *s = arb_sheets_new(NULL);
    char white[] = RUY "4. Bb4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O";
    char black[] = RUY "4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O O-O";
    arb_sheets_result res = reconcile(s, white, black);
    cr_assert_eq(res.status, ARB_SHEETS_RECONCILED);
    arb_repair rep = {.moves = res.moves, .move_count = res.move_count};
    arb_position start;
    arb_position_startpos(&start);
    cr_assert_str_eq(line_san(&start, &rep), RUY_LINE);
    cr_assert_eq(res.disagreement_count, 2);
    cr_assert_eq(res.disagreements[0].ply, 6);
    cr_assert_eq(res.disagreements[0].winner, ARB_SHEETS_BLACK);
    cr_assert(res.disagreements[1].extra);
    cr_assert_eq(res.disagreements[1].winner, ARB_SHEETS_WHITE);
    arb_sheets_free(s);
}

Test(repair, two_sheets_that_agree)
{
    arb_sheets *s = arb_sheets_new(NULL);
    char white[] = RUY "4. Ba4", black[] = RUY "4. Ba4";
    arb_sheets_result res = reconcile(s, white, black);
    cr_assert_eq(res.status, ARB_SHEETS_AGREE);
    cr_assert_eq(res.disagreement_count, 0);
    arb_sheets_free(s);
}

/* fuzz_repair regression: a sheet with no moves is an empty line, not a
 * null copy (corpora/fuzz/fuzz_repair/regression-empty-sheet) */
Test(repair, an_empty_sheet_against_a_game)
{
    arb_sheets *s = arb_sheets_new(NULL);
    char white[] = "", black[] = "1. e4 e5";
    arb_sheets_result res = reconcile(s, white, black);
    cr_assert_neq(res.status, ARB_SHEETS_NONE);
    cr_assert_eq(res.move_count, 2, "the sheet that has the moves wins: %zu moves", res.move_count);
    arb_sheets_free(s);
}
