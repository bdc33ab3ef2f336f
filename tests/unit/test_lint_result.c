/* test_lint_result.c — lib/lint/lint.h on how games end: the result against the
 * termination marker and the board (8.7), `*` on finished games, time
 * forfeits the winner could not have won (6.9), the draw claims available
 * at the end (9.2, 9.3) or agreement (5.2.3), early agreements and the
 * event's draw rules (9.1.1), draw offers (9.1.2.2), the claim a game went
 * past, termination classes, tags, and the edition chosen by date. */
#include "lint_helpers.h"

/* ---- result against marker and board -------------------------------------- */

Test(lint_result, tag_differs_from_marker)
{
    linted t;
    lint_setup(&t, NULL);
    const arb_lint_report *r = lint_text(&t, ROSTER("1-0") "\n1. e4 e5 0-1\n");
    const arb_finding *f = must_have(r, "result-mismatch");
    cr_assert_str_eq(f->article, "PGN 8.2.6");
    cr_assert_eq(f->line, 7, "points at the Result tag");
    lint_teardown(&t);
}

Test(lint_result, white_mated_but_1_0)
{
    linted t;
    lint_setup(&t, NULL);
    const arb_lint_report *r = lint_text(&t, ROSTER("1-0") "\n1. f3 e5 2. g4 Qh4# 1-0\n");
    const arb_finding *f = must_have(r, "result-mismatch");
    cr_assert_str_eq(f->article, "8.7");
    cr_assert(strstr(f->message, "White is checkmated after 2...Qh4#"), "%s", f->message);
    cr_assert(strstr(f->message, "so the result is 0-1"), "%s", f->message);
    cr_assert_eq(r->result_board, ARB_PGN_RESULT_BLACK);
    expect_termination(r, "checkmate");
    lint_teardown(&t);
}

Test(lint_result, correct_mate_result_is_clean)
{
    linted t;
    lint_setup(&t, NULL);
    const arb_lint_report *r = lint_text(&t, ROSTER("0-1") "\n1. f3 e5 2. g4 Qh4# 0-1\n");
    cr_assert_eq(r->count, 0);
    lint_teardown(&t);
}

Test(lint_result, decisive_after_stalemate)
{
    linted t;
    lint_setup(&t, NULL);
    const arb_lint_report *r = lint_text(&t, ROSTER("1-0") "[SetUp \"1\"]\n[FEN \"7k/8/6K1/8/8/8/8/5Q2 w - - 0 1\"]\n"
                                             "\n1. Qf7 1-0\n");
    const arb_finding *f = must_have(r, "result-mismatch");
    cr_assert(strstr(f->message, "stalemate"), "%s", f->message);
    cr_assert_str_eq(f->result, "1-0");
    expect_termination(r, "stalemate");
    cr_assert_eq(r->result_board, ARB_PGN_RESULT_DRAW);
    lint_teardown(&t);
}

Test(lint_result, star_on_a_finished_game)
{
    linted t;
    lint_setup(&t, NULL);
    const arb_lint_report *r = lint_text(&t, ROSTER("*") "\n1. f3 e5 2. g4 Qh4# *\n");
    const arb_finding *f = must_have(r, "result-mismatch");
    cr_assert(strstr(f->message, "result *"), "%s", f->message);
    lint_teardown(&t);
}

Test(lint_result, star_on_an_unfinished_game_is_fine)
{
    linted t;
    lint_setup(&t, NULL);
    const arb_lint_report *r = lint_text(&t, ROSTER("*") "\n1. e4 e5 *\n");
    cr_assert_eq(r->count, 0);
    expect_termination(r, "unterminated");
    lint_teardown(&t);
}

Test(lint_result, time_forfeit_by_a_bare_king_is_a_draw)
{
    linted t;
    lint_setup(&t, NULL);
    /* Black "wins" on time with a lone king: 6.9 says the game is drawn */
    const arb_lint_report *r = lint_text(&t, ROSTER("0-1") "[Termination \"Time forfeit\"]\n[SetUp \"1\"]\n"
                                             "[FEN \"4k3/8/8/8/8/8/P7/R3K3 w - - 0 1\"]\n\n1. a3 0-1\n");
    const arb_finding *f = must_have(r, "result-mismatch");
    cr_assert_str_eq(f->article, "6.9");
    cr_assert(strstr(f->message, "Black cannot checkmate"), "%s", f->message);
    expect_termination(r, "time-forfeit");
    /* White wins on time with a rook: fine */
    r = lint_text(&t, ROSTER("1-0") "[Termination \"Time forfeit\"]\n[SetUp \"1\"]\n"
                                    "[FEN \"4k3/8/8/8/8/8/P7/R3K3 w - - 0 1\"]\n\n1. a3 1-0\n");
    cr_assert_null(find_code(r, "result-mismatch"));
    expect_termination(r, "time-forfeit");
    lint_teardown(&t);
}

/* ---- draws ---------------------------------------------------------------------- */

Test(lint_result, threefold_claim_available_now)
{
    linted t;
    lint_setup(&t, NULL);
    const arb_lint_report *r = lint_text(&t, ROSTER("1/2-1/2") "\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2\n");
    const arb_finding *f = must_have(r, "draw-claim");
    cr_assert_eq(f->severity, ARB_SEVERITY_INFO);
    cr_assert_str_eq(f->article, "9.2.1.2");   /* 2023: 9.2.1.2, as in the English and Catalan texts */
    cr_assert_str_eq(f->token, "Ng8");
    cr_assert(strstr(f->message, "third time"), "%s", f->message);
    expect_termination(r, "threefold-claim");
    lint_teardown(&t);
}

Test(lint_result, threefold_claim_by_intended_move)
{
    linted t;
    lint_setup(&t, NULL);
    /* Black to move; ...Ng8 would repeat the start position a third time */
    const arb_lint_report *r = lint_text(&t, ROSTER("1/2-1/2") "\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 1/2-1/2\n");
    const arb_finding *f = must_have(r, "draw-claim");
    cr_assert_str_eq(f->article, "9.2.1.1");
    cr_assert(strstr(f->message, "4...Ng8"), "%s", f->message);
    expect_termination(r, "threefold-claim");
    lint_teardown(&t);
}

Test(lint_result, threefold_uses_the_edition_numbering)
{
    linted t;
    lint_setup(&t, "fide-2018");
    const arb_lint_report *r = lint_text(&t, ROSTER("1/2-1/2") "\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2\n");
    cr_assert_str_eq(must_have(r, "draw-claim")->article, "9.2.1.2");
    lint_teardown(&t);
}

Test(lint_result, fifty_move_claims)
{
    linted t;
    lint_setup(&t, NULL);
    const arb_lint_report *r = lint_text(&t, ROSTER("1/2-1/2") "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 99 80\"]\n"
                                             "\n80. Ra2 1/2-1/2\n");
    cr_assert_str_eq(must_have(r, "draw-claim")->article, "9.3.2");
    expect_termination(r, "fifty-claim");
    lint_teardown(&t);
    lint_setup(&t, NULL);
    r = lint_text(&t, ROSTER("1/2-1/2") "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 98 80\"]\n"
                                        "\n80. Ra2 1/2-1/2\n");
    const arb_finding *f = must_have(r, "draw-claim");
    cr_assert_str_eq(f->article, "9.3.1");
    expect_termination(r, "fifty-claim");
    lint_teardown(&t);
}

Test(lint_result, agreement_when_no_claim)
{
    linted t;
    lint_setup(&t, NULL);
    const arb_lint_report *r = lint_text(&t, ROSTER("1/2-1/2") "\n1. e4 e5 2. Nf3 Nc6 1/2-1/2\n");
    const arb_finding *f = must_have(r, "draw-claim");
    cr_assert_str_eq(f->article, "5.2.3");
    cr_assert(strstr(f->message, "agreed"), "%s", f->message);
    expect_termination(r, "agreement");
    cr_assert_null(find_code(r, "early-agreement"));
    lint_teardown(&t);
}

Test(lint_result, early_agreement_from_2017)
{
    linted t;
    lint_setup(&t, NULL);
    const arb_lint_report *r = lint_text(&t, ROSTER("1/2-1/2") "\n1. e4 1/2-1/2\n");
    const arb_finding *f = must_have(r, "early-agreement");
    cr_assert_str_eq(f->article, "5.2.3");
    cr_assert_eq(f->severity, ARB_SEVERITY_WARNING);
    lint_teardown(&t);
    lint_setup(&t, "fide-2005");
    r = lint_text(&t, ROSTER("1/2-1/2") "\n1. e4 1/2-1/2\n");
    cr_assert_null(find_code(r, "early-agreement"), "2005 had no minimum");
    lint_teardown(&t);
}

Test(lint_result, event_forbids_early_draws)
{
    linted t;
    lint_setup(&t, NULL);
    const char *yaml = "event: Open\ndraw-offers:\n  min-move: 30\n";
    arb_status st = arb_event_parse(yaml, strlen(yaml), "ev.yaml", &t.event);
    cr_assert_eq(st.code, 0, "%s", st.message);
    t.options.event = &t.event;
    const arb_lint_report *r = lint_text(&t, ROSTER("1/2-1/2") "\n1. e4 e5 2. Nf3 {(=)} Nc6 1/2-1/2\n");
    const arb_finding *f = must_have(r, "early-agreement");
    cr_assert_str_eq(f->article, "9.1.1");
    cr_assert(strstr(f->message, "before move 30"), "%s", f->message);
    const arb_finding *offer = must_have(r, "draw-offer");
    cr_assert_eq(offer->severity, ARB_SEVERITY_WARNING);
    cr_assert_str_eq(offer->article, "9.1.1");
    lint_teardown(&t);
}

Test(lint_result, draw_offer_is_information)
{
    linted t;
    lint_setup(&t, NULL);
    const arb_lint_report *r = lint_text(&t, ROSTER("1-0") "\n1. e4 e5 2. Nf3 {(=)} Nc6 1-0\n");
    const arb_finding *f = must_have(r, "draw-offer");
    cr_assert_eq(f->severity, ARB_SEVERITY_INFO);
    cr_assert_str_eq(f->article, "9.1.2.2");
    cr_assert_str_eq(f->token, "Nf3");
    cr_assert_str_eq(f->move_number, "2.");
    cr_assert_eq(f->ply, 3);
    lint_teardown(&t);
}

Test(lint_result, missed_threefold_in_a_decisive_game)
{
    linted t;
    lint_setup(&t, NULL);
    const arb_lint_report *r = lint_text(&t, ROSTER("1-0") "\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 1-0\n");
    const arb_finding *f = must_have(r, "draw-claim");
    cr_assert(strstr(f->message, "could have claimed"), "%s", f->message);
    cr_assert_str_eq(f->token, "Ng8");
    cr_assert_eq(f->ply, 8);
    expect_termination(r, "resignation");
    lint_teardown(&t);
}

/* ---- terminations from tags ---------------------------------------------------- */

Test(lint_result, termination_classes_from_tags)
{
    linted t;
    lint_setup(&t, NULL);
    expect_termination(lint_text(&t, ROSTER("1-0") "[Termination \"time forfeit\"]\n\n1. e4 e5 1-0\n"), "time-forfeit");
    expect_termination(lint_text(&t, ROSTER("1-0") "[Termination \"abandoned\"]\n\n1. e4 e5 1-0\n"), "unknown");
    expect_termination(lint_text(&t, ROSTER("1-0") "[Termination \"normal\"]\n\n1. e4 e5 1-0\n"), "resignation");
    expect_termination(lint_text(&t, ROSTER("*") "[Termination \"unterminated\"]\n\n1. e4 e5 *\n"), "unterminated");
    lint_teardown(&t);
}

/* ---- tags ------------------------------------------------------------------------- */

Test(lint_result, seven_tag_roster)
{
    linted t;
    lint_setup(&t, NULL);
    const arb_lint_report *r = lint_text(&t, "[Event \"T\"]\n[Site \"S\"]\n[Date \"2024.01.01\"]\n[White \"A\"]\n"
                                             "[Black \"B\"]\n\n1. e4 *\n");
    cr_assert_eq(count_code(r, "tag-missing"), 2, "Round and Result");
    for (size_t i = 0; i < r->count; i++)
        if (strstr(r->findings[i].message, "lacks Round"))
            cr_assert_eq(r->findings[i].severity, ARB_SEVERITY_WARNING);
        else if (strstr(r->findings[i].message, "lacks Result"))
            cr_assert_eq(r->findings[i].severity, ARB_SEVERITY_ERROR);
    lint_teardown(&t);
}

Test(lint_result, tag_values)
{
    linted t;
    lint_setup(&t, NULL);
    const arb_lint_report *r = lint_text(&t, "[Event \"T\"]\n[Site \"S\"]\n[Date \"2024.13.01\"]\n[Round \"third\"]\n"
                                             "[White \"\"]\n[Black \"B\"]\n[Result \"1:0\"]\n[White \"C\"]\n\n1. e4 *\n");
    cr_assert_eq(count_code(r, "tag-format"), 5, "Date, Round, empty White, Result, duplicate White");
    bool dup = false, result = false;
    for (size_t i = 0; i < r->count; i++) {
        dup |= strstr(r->findings[i].message, "given twice") != NULL;
        if (strstr(r->findings[i].message, "Result"))
            result = r->findings[i].severity == ARB_SEVERITY_ERROR;
    }
    cr_assert(dup && result);
    lint_teardown(&t);
    lint_setup(&t, NULL);
    r = lint_text(&t, "[Event \"T\"]\n[Site \"S\"]\n[Date \"2024.??.??\"]\n[Round \"3.1\"]\n"
                      "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 *\n");
    cr_assert_eq(r->count, 0, "?? and 3.1 are well formed: %s", r->count ? r->findings[0].message : "");
    lint_teardown(&t);
}

Test(lint_result, event_required_tags)
{
    linted t;
    lint_setup(&t, NULL);
    const char *yaml = "required-tags: [WhiteElo, BlackElo]\n";
    cr_assert_eq(arb_event_parse(yaml, strlen(yaml), "ev.yaml", &t.event).code, 0);
    t.options.event = &t.event;
    const arb_lint_report *r = lint_text(&t, ROSTER("*") "[WhiteElo \"2100\"]\n\n1. e4 *\n");
    const arb_finding *f = must_have(r, "tag-missing");
    cr_assert(strstr(f->message, "BlackElo"), "%s", f->message);
    cr_assert_eq(count_code(r, "tag-missing"), 1);
    lint_teardown(&t);
}

/* ---- editions chosen by date -------------------------------------------------------- */

Test(lint_result, laws_auto_follows_the_date)
{
    const char *game = "[Event \"T\"]\n[Site \"S\"]\n[Date \"%s\"]\n[Round \"1\"]\n[White \"A\"]\n[Black \"B\"]\n"
                       "[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 1-0\n";
    char text[512];
    linted t;
    lint_setup(&t, "auto");
    snprintf(text, sizeof text, game, "2010.06.01");
    cr_assert_str_eq(must_have(lint_text(&t, text), "illegal-move")->article, "7.4a", "2005 edition");
    snprintf(text, sizeof text, game, "2015.??.??");
    cr_assert_str_eq(must_have(lint_text(&t, text), "illegal-move")->article, "7.5a", "2014 edition");
    snprintf(text, sizeof text, game, "2024.02.10");
    cr_assert_str_eq(must_have(lint_text(&t, text), "illegal-move")->article, "7.5.1");
    lint_teardown(&t);
}

Test(lint_result, time_control_tag_picks_the_section)
{
    linted t;
    lint_setup(&t, "fide-2014");
    const arb_lint_report *r = lint_text(&t, ROSTER("1-0") "[TimeControl \"180+2\"]\n\n1. e4 e5 2. Ke3 1-0\n");
    cr_assert_str_eq(must_have(r, "illegal-move")->article, "A.4.2", "blitz in 2014");
    r = lint_text(&t, ROSTER("1-0") "[TimeControl \"40/7200:3600\"]\n\n1. e4 e5 2. Ke3 1-0\n");
    cr_assert_str_eq(must_have(r, "illegal-move")->article, "7.5a", "standard");
    lint_teardown(&t);
}
