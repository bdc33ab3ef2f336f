/* test_lint.c — lib/lint/lint.h on the moves: illegal, ambiguous and bad
 * tokens with their candidates and positions; moves after the end of the
 * game (mate, stalemate, dead position, fivefold, 75 moves, mate on the
 * 150th half-move); Chess960 start arrays and castling; FEN legality. */
#include "lint_helpers.h"

Test(lint, clean_game_has_no_findings)
{
    linted t;
    lint_setup(&t, NULL);
    const arb_lint_report *r = lint_text(&t, ROSTER("1-0") "\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n");
    cr_assert_eq(r->count, 0, "first: %s", r->count ? r->findings[0].message : "");
    expect_termination(r, "resignation");
    cr_assert_eq(r->result_tag, ARB_PGN_RESULT_WHITE);
    cr_assert_eq(r->result_board, ARB_PGN_RESULT_NONE);
    cr_assert_eq(r->plies, 6);
    cr_assert_str_eq(r->white, "Popescu, Ion");
    lint_teardown(&t);
}

Test(lint, illegal_move_names_article_place_and_candidates)
{
    linted t;
    lint_setup(&t, NULL);
    const arb_lint_report *r = lint_text(&t, ROSTER("1-0") "\n1. e4 e5 2. Nf3 Nc6 3. Nd5 Nf6 1-0\n");
    const arb_finding *f = must_have(r, "illegal-move");
    cr_assert_eq(f->severity, ARB_SEVERITY_ERROR);
    cr_assert_str_eq(f->article, "7.5.1");
    cr_assert_eq(f->line, 9);
    cr_assert_eq(f->col, 24);
    cr_assert_eq(f->ply, 5);
    cr_assert_str_eq(f->move_number, "3.");
    cr_assert_str_eq(f->token, "Nd5");
    cr_assert(has_candidate(f, "Nd4"), "the knight's nearest squares come first");
    cr_assert_str_eq(f->candidates[0], "Nd4");
    cr_assert(strstr(f->message, "no White knight can reach d5"), "%s", f->message);
    expect_termination(r, "unknown");
    lint_teardown(&t);
}

Test(lint, illegal_move_edition_changes_article)
{
    linted t;
    lint_setup(&t, "fide-2014");
    const arb_lint_report *r = lint_text(&t, ROSTER("1-0") "\n1. e4 e5 2. Ke3 1-0\n");
    cr_assert_str_eq(must_have(r, "illegal-move")->article, "7.5a");
    lint_teardown(&t);
    lint_setup(&t, "fide-2014");
    t.options.time_class_fixed = true;
    t.options.time_class = ARB_CLASS_BLITZ;
    r = lint_text(&t, ROSTER("1-0") "\n1. e4 e5 2. Ke3 1-0\n");
    cr_assert_str_eq(must_have(r, "illegal-move")->article, "A.4.2");
    lint_teardown(&t);
}

Test(lint, ambiguous_move_lists_both)
{
    linted t;
    lint_setup(&t, NULL);
    const arb_lint_report *r = lint_text(&t, ROSTER("*") "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1\"]\n"
                                             "\n1. Nd2 *\n");
    const arb_finding *f = must_have(r, "ambiguous-move");
    cr_assert_str_eq(f->article, "C.10");
    cr_assert_eq(f->candidate_count, 2);
    cr_assert(has_candidate(f, "Nbd2") && has_candidate(f, "Nfd2"));
    lint_teardown(&t);
}

Test(lint, bad_token_is_reported)
{
    linted t;
    lint_setup(&t, NULL);
    const arb_lint_report *r = lint_text(&t, ROSTER("*") "\n1. e4 e5 2. Zz9 *\n");
    const arb_finding *f = must_have(r, "bad-token");
    cr_assert_eq(f->severity, ARB_SEVERITY_ERROR);
    cr_assert_eq(f->line, 9);
    cr_assert_eq(f->col, 13);
    lint_teardown(&t);
}

Test(lint, missing_promotion_piece)
{
    linted t;
    lint_setup(&t, NULL);
    const arb_lint_report *r = lint_text(&t, ROSTER("*") "[SetUp \"1\"]\n[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\"]\n"
                                             "\n1. a8 *\n");
    const arb_finding *f = must_have(r, "illegal-move");
    cr_assert_str_eq(f->key, "missing-promotion");
    cr_assert(has_candidate(f, "a8=Q+"), "%s", f->message);
    lint_teardown(&t);
}

/* ---- moves after the end ------------------------------------------------------ */

Test(lint, move_after_checkmate)
{
    linted t;
    lint_setup(&t, NULL);
    const arb_lint_report *r = lint_text(&t, ROSTER("0-1") "\n1. f3 e5 2. g4 Qh4# 3. a3 0-1\n");
    const arb_finding *f = must_have(r, "moves-after-end");
    cr_assert_str_eq(f->article, "5.1.1");
    cr_assert_str_eq(f->token, "a3");
    cr_assert_eq(f->ply, 5);
    cr_assert(strstr(f->message, "checkmate after 2...Qh4#"), "%s", f->message);
    expect_termination(r, "checkmate");
    cr_assert_eq(r->result_board, ARB_PGN_RESULT_BLACK);
    cr_assert_null(find_code(r, "result-mismatch"));
    lint_teardown(&t);
}

Test(lint, move_after_stalemate)
{
    linted t;
    lint_setup(&t, NULL);
    const arb_lint_report *r = lint_text(&t, ROSTER("1/2-1/2") "[SetUp \"1\"]\n[FEN \"7k/8/6K1/8/8/8/8/5Q2 w - - 0 1\"]\n"
                                             "\n1. Qf7 Kh7 1/2-1/2\n");
    const arb_finding *f = must_have(r, "moves-after-end");
    cr_assert_str_eq(f->article, "5.2.1");
    expect_termination(r, "stalemate");
    lint_teardown(&t);
}

Test(lint, move_after_dead_position)
{
    linted t;
    lint_setup(&t, NULL);
    const arb_lint_report *r = lint_text(&t, ROSTER("1/2-1/2") "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4r3/4K3 w - - 0 1\"]\n"
                                             "\n1. Kxe2 Kd7 2. Kd3 1/2-1/2\n");
    const arb_finding *f = must_have(r, "moves-after-end");
    cr_assert_str_eq(f->article, "5.2.2");
    cr_assert_str_eq(f->token, "Kd7");
    expect_termination(r, "dead-position");
    cr_assert_eq(r->result_board, ARB_PGN_RESULT_DRAW);
    lint_teardown(&t);
}

#define SHUFFLE4 "Nf3 Nf6 Ng1 Ng8 "
Test(lint, fivefold_ends_the_game_from_2014_only)
{
    /* start position at plies 0, 4, 8, 12, 16: the fifth occurrence */
    const char *game = ROSTER("1-0") "\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 "
                                     "7. Nf3 Nf6 8. Ng1 Ng8 9. e4 1-0\n";
    linted t;
    lint_setup(&t, "fide-2023");
    const arb_lint_report *r = lint_text(&t, game);
    const arb_finding *f = must_have(r, "moves-after-end");
    cr_assert_str_eq(f->article, "9.6.1");
    cr_assert_str_eq(f->token, "e4");
    expect_termination(r, "fivefold");
    must_have(r, "result-mismatch");
    lint_teardown(&t);

    lint_setup(&t, "fide-2005");
    r = lint_text(&t, game);
    cr_assert_null(find_code(r, "moves-after-end"), "no automatic draws in 2005");
    expect_termination(r, "resignation");
    lint_teardown(&t);
}

Test(lint, fivefold_2014_needs_consecutive_repetitions)
{
    /* five occurrences of the start position, but the cycle is broken by a
     * different shuffle in between */
    const char *game = ROSTER("*") "\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nc3 Nc6 6. Nb1 Nb8 "
                                   "7. Nf3 Nf6 8. Ng1 Ng8 9. Nf3 Nf6 10. Ng1 Ng8 11. e4 *\n";
    linted t;
    lint_setup(&t, "fide-2014");
    const arb_lint_report *r = lint_text(&t, game);
    cr_assert_null(find_code(r, "moves-after-end"), "2014: not consecutive");
    lint_teardown(&t);
    lint_setup(&t, "fide-2018");
    r = lint_text(&t, game);
    must_have(r, "moves-after-end");
    lint_teardown(&t);
}

Test(lint, seventy_five_moves)
{
    linted t;
    lint_setup(&t, NULL);
    /* clock 149: the next quiet move completes 75 moves each */
    const arb_lint_report *r = lint_text(&t, ROSTER("1-0") "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 149 120\"]\n"
                                             "\n120. Ra2 Kd7 121. Ra7+ 1-0\n");
    const arb_finding *f = must_have(r, "moves-after-end");
    cr_assert_str_eq(f->article, "9.6.2");
    cr_assert_str_eq(f->token, "Kd7");
    expect_termination(r, "seventy-five");
    must_have(r, "result-mismatch");
    lint_teardown(&t);
}

Test(lint, mate_on_the_150th_half_move_takes_precedence)
{
    linted t;
    lint_setup(&t, NULL);
    const arb_lint_report *r = lint_text(&t, ROSTER("1-0") "[SetUp \"1\"]\n[FEN \"6k1/8/6K1/8/8/8/8/R7 w - - 149 120\"]\n"
                                             "\n120. Ra8# 1-0\n");
    cr_assert_null(find_code(r, "result-mismatch"));
    cr_assert_null(find_code(r, "moves-after-end"));
    expect_termination(r, "checkmate");
    cr_assert_eq(r->result_board, ARB_PGN_RESULT_WHITE);
    lint_teardown(&t);
}

/* ---- start positions ------------------------------------------------------------ */

Test(lint, fen_invalid)
{
    linted t;
    lint_setup(&t, NULL);
    const arb_lint_report *r = lint_text(&t, ROSTER("*") "[SetUp \"1\"]\n[FEN \"8/8/8/4k3/8/8/8/4K2K w - - 0 1\"]\n"
                                             "\n1. Kd2 *\n");
    const arb_finding *f = must_have(r, "fen-invalid");
    cr_assert_str_eq(f->article, "3.10.3");
    cr_assert_eq(f->line, 9);
    cr_assert(strstr(f->message, "2 kings"), "%s", f->message);
    cr_assert_null(find_code(r, "bad-token"), "the reader's own FEN error is not repeated");
    lint_teardown(&t);
}

Test(lint, setup_without_fen)
{
    linted t;
    lint_setup(&t, NULL);
    const arb_lint_report *r = lint_text(&t, ROSTER("*") "[SetUp \"1\"]\n\n1. e4 *\n");
    cr_assert(strstr(must_have(r, "tag-missing")->message, "no FEN tag"));
    lint_teardown(&t);
}

Test(lint, chess960_start_array)
{
    linted t;
    lint_setup(&t, NULL);
    const arb_lint_report *r = lint_text(&t, ROSTER("*") "[Variant \"Chess960\"]\n[SetUp \"1\"]\n"
                                             "[FEN \"rrkbbnnq/pppppppp/8/8/8/8/PPPPPPPP/RRKBBNNQ w - - 0 1\"]\n\n1. e4 *\n");
    const arb_finding *f = must_have(r, "chess960-start");
    cr_assert_str_eq(f->article, "II.2");
    cr_assert(strstr(f->message, "between the rooks"), "%s", f->message);
    lint_teardown(&t);

    lint_setup(&t, NULL);
    r = lint_text(&t, ROSTER("*") "[Variant \"Chess960\"]\n[SetUp \"1\"]\n"
                                  "[FEN \"rbbnnqkr/pppppppp/8/8/8/8/PPPPPPPP/RBBNNQKR w - - 0 1\"]\n\n1. e4 *\n");
    cr_assert_null(find_code(r, "chess960-start"), "a valid array (bishops b1/c1 differ in colour)");
    lint_teardown(&t);

    lint_setup(&t, NULL);
    r = lint_text(&t, ROSTER("*") "[Variant \"Chess960\"]\n[SetUp \"1\"]\n"
                                  "[FEN \"rkbnbnqr/pppppppp/8/8/8/8/PPPPPPPP/RKBNBNQR w - - 0 1\"]\n\n1. e4 *\n");
    cr_assert(strstr(must_have(r, "chess960-start")->message, "same colour"));
    lint_teardown(&t);
}

Test(lint, castling_960_written_as_king_move)
{
    linted t;
    lint_setup(&t, NULL);
    /* king f1, rook h1: castling king-side; written as king takes rook */
    const arb_lint_report *r = lint_text(&t, ROSTER("*") "[Variant \"Chess960\"]\n[SetUp \"1\"]\n"
                                             "[FEN \"rk6/8/8/8/8/8/8/5K1R w H - 0 1\"]\n\n1. Kh1 *\n");
    const arb_finding *f = must_have(r, "castling-960");
    cr_assert_eq(f->severity, ARB_SEVERITY_WARNING);
    cr_assert_str_eq(f->article, "II.3");
    cr_assert(has_candidate(f, "O-O"));
    lint_teardown(&t);

    lint_setup(&t, NULL);
    r = lint_text(&t, ROSTER("*") "[Variant \"Chess960\"]\n[SetUp \"1\"]\n"
                                  "[FEN \"rk6/8/8/8/8/8/8/5K1R w H - 0 1\"]\n\n1. O-O *\n");
    cr_assert_null(find_code(r, "castling-960"), "O-O is how II.3 writes it");
    lint_teardown(&t);
}

Test(lint, castling_960_illegal_castling)
{
    linted t;
    lint_setup(&t, NULL);
    /* no right left on the a-side (Shredder-FEN gives only H) */
    const arb_lint_report *r = lint_text(&t, ROSTER("*") "[Variant \"Chess960\"]\n[SetUp \"1\"]\n"
                                             "[FEN \"1k4r1/8/8/8/8/8/8/R4K1R w H - 0 1\"]\n\n1. O-O-O *\n");
    const arb_finding *f = must_have(r, "castling-960");
    cr_assert_eq(f->severity, ARB_SEVERITY_ERROR);
    cr_assert(strstr(f->message, "no right to castle on the queen side"), "%s", f->message);
    lint_teardown(&t);
}

Test(lint, variation_errors_are_warnings)
{
    linted t;
    lint_setup(&t, NULL);
    const arb_lint_report *r = lint_text(&t, ROSTER("*") "\n1. e4 e5 (1... d5 2. Ke3) 2. Nf3 *\n");
    const arb_finding *f = must_have(r, "illegal-move");
    cr_assert_eq(f->severity, ARB_SEVERITY_WARNING);
    cr_assert(strstr(f->message, "in a variation"), "%s", f->message);
    cr_assert_str_eq(f->move_number, "2.");
    lint_teardown(&t);
}

Test(lint, findings_are_in_text_order)
{
    linted t;
    lint_setup(&t, NULL);
    const arb_lint_report *r = lint_text(&t, "[Event \"T\"]\n[Date \"2024/01/01\"]\n[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n");
    cr_assert_geq(r->count, 3);
    for (size_t i = 1; i < r->count; i++)
        cr_assert(r->findings[i - 1].line < r->findings[i].line ||
                  (r->findings[i - 1].line == r->findings[i].line && r->findings[i - 1].col <= r->findings[i].col));
    lint_teardown(&t);
}

Test(lint, illegal_move_explains_pins_checks_and_own_pieces)
{
    linted t;
    lint_setup(&t, NULL);
    const arb_lint_report *r = lint_text(&t, ROSTER("*") "\n1. e4 e5 2. d3 Bb4+ 3. Nd2 Nf6 4. Nc4 *\n");
    cr_assert(strstr(must_have(r, "illegal-move")->message, "the knight on d2 is pinned"), "%s",
              must_have(r, "illegal-move")->message);
    r = lint_text(&t, ROSTER("*") "\n1. e4 f5 2. Qh5+ Nf6 *\n");
    const arb_finding *f = must_have(r, "illegal-move");
    cr_assert(strstr(f->message, "in check, and Ng8-f6 does not parry it"), "%s", f->message);
    cr_assert_eq(f->candidate_count, 1);
    cr_assert_str_eq(f->candidates[0], "g6");
    r = lint_text(&t, ROSTER("*") "\n1. e4 e5 2. Nf3 d5 3. Ng1 Bb4 4. d4 *\n");
    cr_assert(strstr(must_have(r, "illegal-move")->message, "the pawn on d2 is pinned"));
    r = lint_text(&t, ROSTER("*") "\n1. e4 e5 2. Qe2 Nc6 3. Qe4 *\n");
    cr_assert(strstr(must_have(r, "illegal-move")->message, "already stands on e4"));
    r = lint_text(&t, ROSTER("*") "\n1. e4 e5 2. Ke2 Qh4 3. Kf3 Qf4+ 4. Ke3 *\n");
    cr_assert(strstr(must_have(r, "illegal-move")->message, "may not go to e3"));
    lint_teardown(&t);
}

/* The linter with one suggestion notation (a locale code); false (the test
 * skipped) when the locales or the grammar do not load here. */
typedef struct suggesting {
    arb_locale_set *set;
    arb_grammar *grammar;
    arb_notation *notation;
    const arb_notation *list[1];
} suggesting;

static bool suggest_in(suggesting *s, linted *t, const char *code)
{
    memset(s, 0, sizeof *s);
    if (arb_locales_load(NULL, &s->set).code || arb_grammar_load(NULL, &s->grammar).code) {
        arb_locales_free(s->set);
        cr_skip_test("locales or grammar not loadable here");
        return false;
    }
    cr_assert_eq(arb_notation_new(s->grammar, arb_locale_find(s->set, code), &s->notation).code, 0);
    s->list[0] = s->notation;
    lint_setup(t, NULL);
    t->options.suggest = s->list;
    t->options.suggest_count = 1;
    return true;
}

static void suggest_end(suggesting *s, linted *t)
{
    lint_teardown(t);
    arb_notation_free(s->notation);
    arb_grammar_free(s->grammar);
    arb_locales_free(s->set);
}

Test(lint, national_letters_are_suggested)
{
    suggesting ro;
    linted t;
    if (!suggest_in(&ro, &t, "ro"))
        return;
    /* C is the Romanian knight; N the Romanian bishop */
    const arb_finding *f = must_have(lint_text(&t, ROSTER("*") "\n1. e4 e5 2. Cf3 *\n"), "bad-token");
    cr_assert_str_eq(f->candidates[0], "Nf3");
    cr_assert(strstr(f->message, "in ro notation: Nf3"), "%s", f->message);
    f = must_have(lint_text(&t, ROSTER("*") "\n1. e4 e5 2. Nf3 Nc6 3. Nc4 *\n"), "illegal-move");
    cr_assert_str_eq(f->candidates[0], "Bc4", "N read as the Romanian bishop");
    t.options.suggest_count = 0;
    f = must_have(lint_text(&t, ROSTER("*") "\n1. e4 e5 2. Cf3 *\n"), "bad-token");
    cr_assert_eq(f->candidate_count, 0, "no suggestions asked for");
    suggest_end(&ro, &t);
}

/* suggest_load: the list made on first need, and only then */
typedef struct on_need {
    const arb_notation *const *list;
    int calls;
} on_need;

static const arb_notation *const *load_counted(void *ctx, size_t *count)
{
    on_need *n = ctx;
    n->calls++;
    *count = 1;
    return n->list;
}

Test(lint, suggestions_made_on_first_need)
{
    suggesting ro;
    linted t;
    if (!suggest_in(&ro, &t, "ro"))
        return;
    on_need need = {.list = ro.list};
    t.options.suggest = NULL;
    t.options.suggest_count = 0;
    t.options.suggest_load = load_counted;
    t.options.suggest_ctx = &need;
    lint_text(&t, ROSTER("*") "\n1. e4 e5 2. Nf3 *\n");
    cr_assert_eq(need.calls, 0, "a game that replays needs no suggestions");
    const arb_finding *f = must_have(lint_text(&t, ROSTER("*") "\n1. e4 e5 2. Cf3 *\n"), "bad-token");
    cr_assert_gt(need.calls, 0);
    cr_assert_str_eq(f->candidates[0], "Nf3");
    cr_assert(strstr(f->message, "in ro notation: Nf3"), "%s", f->message);
    suggest_end(&ro, &t);
}

/* ---- --continue: the reader passes bad moves over ----------------------------- */

static const arb_lint_report *lint_continue(linted *t, const char *text)
{
    if (t->reader)
        arb_pgn_reader_free(t->reader);
    arb_pgn_reader_options opt = {.skip_bad_moves = true};
    arb_input *in = arb_input_from_memory(text, strlen(text), "test.pgn");
    t->reader = arb_pgn_reader_new(in, &opt);
    cr_assert_not_null(t->reader);
    return lint_next(t, NULL);
}

Test(lint, continue_follows_a_readable_move_and_counts_illegal_moves)
{
    linted t;
    lint_setup(&t, NULL);
    /* 4.Nbd4: the knight written has one legal move to d4 (Nxd4), which is
     * followed and is no illegal move (issue 13, point 7); 6.Ke3 cannot be
     * read: the first illegal move of White (7.5.5: two minutes) */
    const arb_lint_report *r = lint_continue(&t, ROSTER("0-1") "\n1. e4 e5 2. Nf3 Nc6 3. Bb5 Nd4 4. Nbd4 exd4 "
                                                  "5. Bc4 Qh4 6. Ke3 Qxf2+ 0-1\n");
    cr_assert_eq(count_code(r, "illegal-move"), 3, "two illegal moves, one 7.5.5 note");
    const arb_finding *first = &r->findings[0];
    cr_assert_str_eq(first->token, "Nbd4");
    cr_assert_str_eq(first->read_as, "Nxd4");
    cr_assert(strstr(first->message, "--continue reads it as Nxd4"), "%s", first->message);
    cr_assert(!first->after_error);
    cr_assert_str_eq(r->findings[1].token, "Ke3");
    cr_assert(!r->findings[1].after_error, "the move before was read: nothing is doubtful");
    cr_assert_str_eq(r->findings[1].read_as, "");
    cr_assert_str_eq(r->findings[2].article, "7.5.5");
    cr_assert_eq(r->findings[2].severity, ARB_SEVERITY_INFO, "the first one costs time");
    cr_assert(strstr(r->findings[2].message, "first illegal move recorded for White"), "%s", r->findings[2].message);
    cr_assert_eq(r->plies, 12, "replayed to the end");
    cr_assert(r->facts.replayed == false);
    lint_teardown(&t);
}

Test(lint, continue_marks_later_findings_and_counts_illegal_moves)
{
    linted t;
    lint_setup(&t, NULL);
    /* two king moves no reading explains: the second loses (7.5.5) */
    const arb_lint_report *r = lint_continue(&t, ROSTER("0-1") "\n1. e4 e5 2. Nf3 Nc6 3. Ke3 Nf6 4. Kd5 Nxe4 0-1\n");
    cr_assert_eq(count_code(r, "illegal-move"), 4, "two illegal moves and two 7.5.5 notes");
    cr_assert_str_eq(r->findings[0].token, "Ke3");
    cr_assert(!r->findings[0].after_error);
    cr_assert_eq(r->findings[1].severity, ARB_SEVERITY_INFO, "the first one costs time");
    cr_assert(r->findings[2].after_error, "found after the first was passed over");
    cr_assert_str_eq(r->findings[2].token, "Kd5");
    cr_assert_eq(r->findings[3].severity, ARB_SEVERITY_WARNING);
    cr_assert(strstr(r->findings[3].message, "second illegal move recorded for White"), "%s", r->findings[3].message);
    lint_teardown(&t);
}

Test(lint, continue_follows_the_repair)
{
    suggesting en;
    linted t;
    if (!suggest_in(&en, &t, "en"))
        return;
    /* 3.Qh6 read 3.Qh5 makes the game replay to its mate: --continue goes on
     * along it, so the mate is seen and 3.Qh6 is no illegal move played
     * (no 7.5.5 note, nothing after it marked) */
    const arb_lint_report *r = lint_continue(&t, ROSTER("1-0") "\n1. e4 e5 2. Bc4 Nc6 3. Qh6 Nf6 4. Qxf7# 1-0\n");
    cr_assert_eq(r->count, 1, "%zu findings", r->count);
    const arb_finding *f = &r->findings[0];
    cr_assert_str_eq(f->token, "Qh6");
    cr_assert(f->repair_followed);
    cr_assert_eq(f->repair_count, 1);
    cr_assert_str_eq(f->repair[0].move, "3.Qh5");
    cr_assert(strstr(f->message, "the game replays to the end if 3.Qh6 is read 3.Qh5; --continue follows it"), "%s",
              f->message);
    cr_assert(!f->after_error);
    cr_assert_eq(r->plies, 7, "replayed to the end");
    cr_assert_eq(r->termination, ARB_TERM_CHECKMATE);
    /* two errors: no repair of one edit, the reader's way */
    r = lint_continue(&t, ROSTER("0-1") "\n1. e4 e5 2. Nf3 Nc6 3. Ke3 Nf6 4. Kd5 Nxe4 0-1\n");
    cr_assert(!r->findings[0].repair_followed);
    cr_assert(r->findings[2].after_error);
    suggest_end(&en, &t);
}

#define TWO_SLIPS                                                                                              \
    "\n1. e4 e5 2. Nf3 Nc6 3. Bb6 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d5 Nbd7 " \
    "11. Nbd2 Bb7 12. Bc2 Re8 13. Nf1 Bf8 14. Ng3 g6 1/2-1/2\n"

Test(lint, continue_follows_a_repair_of_two_slips)
{
    suggesting en;
    linted t;
    if (!suggest_in(&en, &t, "en"))
        return;
    /* 3.Bb6 for Bb5 and 10.d5 for d4, two slips of different pieces: the
     * game replays to its end along both, and nothing after is marked */
    const arb_lint_report *r = lint_continue(&t, ROSTER("1/2-1/2") TWO_SLIPS);
    cr_assert_eq(count_code(r, "illegal-move"), 1);
    const arb_finding *f = &r->findings[0];
    cr_assert_str_eq(f->token, "Bb6");
    cr_assert(f->repair_followed);
    cr_assert_eq(f->repair_count, 2);
    cr_assert_str_eq(f->repair[0].move, "3.Bb5");
    cr_assert_str_eq(f->repair[1].move, "10.d4");
    cr_assert(strstr(f->message, "if 3.Bb6 is read 3.Bb5, 10.d5 is read 10.d4; --continue follows it"), "%s",
              f->message);
    cr_assert_eq(r->plies, 28, "replayed to the end");
    for (size_t i = 0; i < r->count; i++)
        cr_assert(!r->findings[i].after_error, "%s", r->findings[i].message);
    suggest_end(&en, &t);
}

Test(lint, continue_does_not_follow_a_repair_that_is_a_guess)
{
    suggesting en;
    linted t;
    if (!suggest_in(&en, &t, "en"))
        return;
    /* 2.Ke3 3.Ke4: one illegal king move and the game going on from it, as
     * likely as two slips of the same king (2.Ke2 3.Ke3): the reader's way */
    const arb_lint_report *r = lint_continue(&t, ROSTER("1-0") "\n1. e4 e5 2. Ke3 Nc6 3. Ke4 Nf6 4. d3 d5+ 1-0\n");
    cr_assert(!r->findings[0].repair_followed);
    cr_assert_eq(count_code(r, "illegal-move"), 4, "2.Ke3 and 3.Ke4, each with its 7.5.5 note");
    cr_assert(r->findings[2].after_error);
    /* a repair that rewrites a move that replays (1...e5) to explain two bad
     * ones is not followed either */
    r = lint_continue(&t, ROSTER("0-1") "\n1. e4 e5 2. Nf3 Nc6 3. Ke3 Nf6 4. Kd5 Nxe4 0-1\n");
    cr_assert(!r->findings[0].repair_followed);
    suggest_end(&en, &t);
}

Test(lint, continue_follows_the_repair_in_a_game_with_variations)
{
    suggesting en;
    linted t;
    if (!suggest_in(&en, &t, "en"))
        return;
    /* a variation before the slip, and one at the move read as another:
     * both start from the same position along the repair */
    const arb_lint_report *r = lint_continue(
        &t, ROSTER("1-0") "\n1. e4 e5 (1... c5 2. Nf3) 2. Bc4 Nc6 3. Qh6 (3. Qf3 Nd4) Nf6 4. Qxf7# 1-0\n");
    cr_assert_eq(r->count, 1, "%zu findings", r->count);
    const arb_finding *f = &r->findings[0];
    cr_assert(f->repair_followed);
    cr_assert_str_eq(f->token, "Qh6");
    cr_assert(strstr(f->message, "3.Qh6: no White queen can reach h6; legal: Qh5, Qg4, Qf3, Qe2"), "%s", f->message);
    cr_assert_eq(r->plies, 7, "replayed to the end");
    cr_assert_eq(r->termination, ARB_TERM_CHECKMATE);
    /* a variation after a move inserted: it would hang on another position */
    r = lint_continue(&t, ROSTER("1-0") "\n1. e4 e5 2. Bc4 3. Qh5 (3. Qf3 Nf6) Nf6 4. Qxf7# 1-0\n");
    cr_assert(!r->findings[0].repair_followed);
    suggest_end(&en, &t);
}

Test(lint, continue_under_2014_blitz_one_illegal_move_loses)
{
    linted t;
    lint_setup(&t, "fide-2014");
    t.options.time_class_fixed = true;
    t.options.time_class = ARB_CLASS_BLITZ;
    const arb_lint_report *r = lint_continue(&t, ROSTER("1-0") "\n1. e4 e5 2. Ke3 Nc6 3. Nf3 1-0\n");
    cr_assert_eq(count_code(r, "illegal-move"), 2);
    cr_assert(strstr(r->findings[1].message, "first illegal move recorded for White: if it was made"), "%s",
              r->findings[1].message);
    cr_assert_str_eq(r->findings[1].article, "B.4, A.4.2");
    lint_teardown(&t);
}

Test(lint, draw_offer_written_on_the_scoresheet)
{
    linted t;
    lint_setup(&t, NULL);
    const arb_lint_report *r = lint_text(&t, ROSTER("1/2-1/2") "\n1. e4 e5 2. Nf3 Nc6 3. Bb5 (=) a6 1/2-1/2\n");
    const arb_finding *f = must_have(r, "draw-offer");
    cr_assert_str_eq(f->token, "Bb5");
    cr_assert_eq(f->col, 28);
    cr_assert_null(find_code(r, "bad-token"));
    expect_termination(r, "agreement");
    lint_teardown(&t);
}
