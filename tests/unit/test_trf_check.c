/* test_trf_check.c — lib/tournament/trf_check.h: games matched to the
 * report's pairings, the findings of each code, the report against itself,
 * missing games and the summary per round; and the inputs fuzz_trf found
 * crashing (corpora/fuzz/fuzz_trf/regression-*). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "trf.h"
#include "trf_check.h"

/* Six players, two rounds (columns as TRF-16 has them):
 *   round 1: 1-4 1-0, 2-5 =, 3-6 0-1;  round 2: 4-2 forfeit (+ for 2), 5-3 1-0, 6-1 =  */
static const char *const EVENT =
    "012 Unit Open\n"
    "XXR 2\n"
    "001    1 m    Alpha,Anna                        2400 GER     1000001 1990/01/01  1.5    1     4 w 1     6 b =\n"
    "001    2 m    Müller,Hans                       2300 GER     1000002 1990/01/01  1.5    2     5 w =     4 b +\n"
    "001    3 m    Gamma,Gus                         2200 GER     1000003 1990/01/01  0.0    3     6 w 0     5 b 0\n"
    "001    4 m    Delta,Dora                        2100 GER     1000004 1990/01/01  0.0    4     1 b 0     2 w -\n"
    "001    5 m    Epsilon,Eve                       2000 GER     1000005 1990/01/01  1.5    5     2 b =     3 w 1\n"
    "001    6 m    Zeta,Zack                         1900 GER           0 1990/01/01  1.5    6     3 b 1     1 w =\n";

typedef struct fixture {
    arb_trf *trf;
    arb_trf_check *check;
    arb_lint_report report;
    arb_pgn_game game;
} fixture;

static void start(fixture *f, const char *text)
{
    cr_assert_eq(arb_trf_parse(text, strlen(text), "unit.trf", &f->trf).code, 0);
    f->check = arb_trf_check_new(f->trf);
    cr_assert_not_null(f->check);
    arb_lint_report_init(&f->report);
    arb_pgn_game_init(&f->game);
}

static void stop(fixture *f)
{
    arb_pgn_game_free(&f->game);
    arb_lint_report_free(&f->report);
    arb_trf_check_free(f->check);
    arb_trf_free(f->trf);
}

/* Checks a game of these tags ("" leaves a tag out) with or without moves;
 * returns the number of findings. */
static size_t game(fixture *f, const char *white, const char *black, const char *round, const char *result,
                   bool moves, const char *white_id)
{
    arb_pgn_game_reset(&f->game);
    f->game.source = "unit.pgn";
    f->game.line = 10;
    f->game.col = 1;
    if (white[0])
        arb_pgn_game_set_tag(&f->game, "White", white);
    if (black[0])
        arb_pgn_game_set_tag(&f->game, "Black", black);
    if (round[0])
        arb_pgn_game_set_tag(&f->game, "Round", round);
    arb_pgn_game_set_tag(&f->game, "Result", result);
    if (white_id)
        arb_pgn_game_set_tag(&f->game, "WhiteFideId", white_id);
    f->game.main_line_plies = moves ? 20 : 0;
    arb_lint_report_reset(&f->report);
    arb_trf_check_game(f->check, &f->game, &f->report);
    return f->report.count;
}

static void expect(const fixture *f, size_t i, int check, const char *text)
{
    cr_assert(i < f->report.count, "finding %zu of %zu", i, f->report.count);
    const arb_finding *x = &f->report.findings[i];
    cr_assert_eq(x->check, check, "finding %zu is %s: %s", i, arb_check_code(x->check), x->message);
    cr_assert(strstr(x->message, text), "'%s' not in: %s", text, x->message);
}

Test(trf_check, the_report_agrees_with_itself)
{
    fixture f;
    start(&f, EVENT);
    arb_trf_check_report(f.check, &f.report);
    cr_assert_eq(f.report.count, 0, "%s", f.report.count ? f.report.findings[0].message : "");
    cr_assert(f.report.no_game);
    stop(&f);
}

Test(trf_check, games_as_the_report_has_them)
{
    fixture f;
    start(&f, EVENT);
    cr_assert_eq(game(&f, "Alpha,Anna", "Delta,Dora", "1.1", "1-0", true, "1000001"), 0);
    cr_assert_eq(game(&f, "Müller,Hans", "Epsilon,Eve", "1.2", "1/2-1/2", true, NULL), 0);
    cr_assert_eq(game(&f, "Gamma,Gus", "Zeta,Zack", "1", "0-1", true, NULL), 0);
    cr_assert_eq(game(&f, "Epsilon,Eve", "Gamma,Gus", "2.2", "1-0", true, NULL), 0);
    cr_assert_eq(game(&f, "Zeta,Zack", "Alpha,Anna", "2.3", "1/2-1/2", true, NULL), 0);
    /* the forfeit, sent without moves: no finding */
    cr_assert_eq(game(&f, "Delta,Dora", "Müller,Hans", "2.1", "0-1", false, NULL), 0);
    arb_trf_check_finish(f.check, &f.report);
    cr_assert_eq(f.report.count, 0);
    arb_trf_round_summary rows[4];
    cr_assert_eq(arb_trf_check_summary(f.check, rows, 4), 4);
    cr_assert_eq(rows[0].expected, 5);
    cr_assert_eq(rows[0].found, 5);
    cr_assert_eq(rows[1].expected, 3);
    cr_assert_eq(rows[2].expected, 2);
    cr_assert_eq(rows[0].missing + rows[0].extra + rows[0].disagreeing, 0);
    stop(&f);
}

Test(trf_check, every_code_of_a_game)
{
    fixture f;
    start(&f, EVENT);
    cr_assert_eq(game(&f, "Alpha,Anna", "Delta,Dora", "1.1", "0-1", true, NULL), 1);
    expect(&f, 0, ARB_CHECK_TRF_RESULT, "round 1: result 0-1, but the report (unit.trf:3) has 1-0 for "
                                        "Alpha,Anna (1) \xE2\x80\x93 Delta,Dora (4)");
    cr_assert_eq(f.report.findings[0].pairing.round, 1);
    cr_assert_eq(f.report.findings[0].pairing.white_rank, 1);
    cr_assert_eq(f.report.findings[0].pairing.black_rank, 4);
    cr_assert_eq(game(&f, "Epsilon,Eve", "Müller,Hans", "1.2", "1/2-1/2", true, NULL), 1);
    expect(&f, 0, ARB_CHECK_TRF_COLOURS, "has Müller,Hans (2) \xE2\x80\x93 Epsilon,Eve (5)");
    cr_assert_eq(game(&f, "Gamma,Gus", "Zeta,Zack", "2", "0-1", true, NULL), 1);
    expect(&f, 0, ARB_CHECK_TRF_ROUND, "Round tag 2, but the report (unit.trf:5) pairs Gamma,Gus (3)");
    cr_assert_eq(game(&f, "Delta,Dora", "Müller,Hans", "2.1", "0-1", true, NULL), 1);
    expect(&f, 0, ARB_CHECK_TRF_FORFEIT_PLAYED, "0-1 by forfeit");
    cr_assert_eq(game(&f, "Gamma,Gus", "Zeta,Zack", "1", "0-1", true, NULL), 1);
    expect(&f, 0, ARB_CHECK_TRF_DUPLICATE_GAME, "the first is unit.pgn:10");
    cr_assert_eq(game(&f, "Alpha,Anna", "Gamma,Gus", "2", "1-0", true, NULL), 1);
    expect(&f, 0, ARB_CHECK_TRF_EXTRA_GAME, "who are not paired");
    cr_assert_eq(game(&f, "Epsilon,Eve", "Gamma,Gus", "2.2", "1-0", true, "1000001"), 1);
    expect(&f, 0, ARB_CHECK_TRF_PLAYER_ID, "WhiteFideId 1000001 contradicts the report (unit.trf:7): it is "
                                           "Alpha,Anna (1)'s");
    cr_assert_eq(game(&f, "Zeta, Z.", "Alpha,Anna", "2.3", "1/2-1/2", true, NULL), 1);
    expect(&f, 0, ARB_CHECK_TRF_PLAYER_NAME, "White \"Zeta, Z.\" is taken to be Zeta,Zack (6)");
    cr_assert_eq(f.report.findings[0].severity, ARB_SEVERITY_WARNING);
    /* every pairing has its game, right or wrong */
    arb_trf_check_finish(f.check, &f.report);
    cr_assert_eq(f.report.count, 0);
    arb_trf_round_summary rows[4];
    arb_trf_check_summary(f.check, rows, 4);
    cr_assert_eq(rows[1].found, 3);
    cr_assert_eq(rows[1].extra, 1);          /* the duplicate */
    cr_assert_eq(rows[1].disagreeing, 3);    /* result, colours, round */
    cr_assert_eq(rows[2].found, 2);
    cr_assert_eq(rows[2].extra, 1);          /* Alpha-Gamma */
    cr_assert_eq(rows[2].disagreeing, 2);    /* the forfeit played, the ID (not the name) */
    stop(&f);
}

Test(trf_check, missing_games_and_a_misspelt_name)
{
    fixture f;
    start(&f, EVENT);
    /* a name no rule reads as Delta: the pairing of Alpha's round decides */
    cr_assert_eq(game(&f, "Alpha,Anna", "Dlta,Dorra", "1.1", "1-0", true, NULL), 1);
    expect(&f, 0, ARB_CHECK_TRF_PLAYER_NAME, "Black \"Dlta,Dorra\" (by the pairing) is taken to be Delta,Dora (4)");
    arb_trf_check_finish(f.check, &f.report);
    cr_assert_eq(f.report.count, 4);
    expect(&f, 0, ARB_CHECK_TRF_MISSING_GAME, "round 1: no game for Müller,Hans (2) \xE2\x80\x93 Epsilon,Eve (5), "
                                              "1/2-1/2 in the report (unit.trf:4)");
    cr_assert_eq(f.report.findings[0].line, 4);
    cr_assert_eq(f.report.findings[0].col, 92);
    expect(&f, 2, ARB_CHECK_TRF_MISSING_GAME, "round 2: no game for Zeta,Zack (6) \xE2\x80\x93 Alpha,Anna (1)");
    cr_assert(f.report.no_game);
    stop(&f);
}

Test(trf_check, a_report_that_disagrees_with_itself)
{
    fixture f;
    /* 1 and 2 both White, results 1 and 1; 3 plays 9, who has no line; 3's points wrong */
    start(&f, "001    1 m    A,A                               2000 GER           0 1990/01/01  1.0    1     2 w 1\n"
              "001    2 m    B,B                               2000 GER           0 1990/01/01  1.0    2     1 w 1\n"
              "001    3 m    C,C                               2000 GER           0 1990/01/01  2.0    3     9 b 1\n");
    arb_trf_check_report(f.check, &f.report);
    cr_assert_eq(f.report.count, 4);
    expect(&f, 0, ARB_CHECK_TRF_INCONSISTENT, "A,A (1) has colour w and B,B (2) colour w");
    expect(&f, 1, ARB_CHECK_TRF_INCONSISTENT, "result 1 and B,B (2) result 1");
    expect(&f, 2, ARB_CHECK_TRF_INCONSISTENT, "plays start rank 9, which has no player line (001)");
    expect(&f, 3, ARB_CHECK_TRF_INCONSISTENT, "C,C (3) has 2.0 points, but the results add up to 1.0");
    cr_assert_eq(f.report.findings[3].line, 3);
    cr_assert_eq(f.report.findings[3].col, 81);
    stop(&f);
}

Test(trf_check, summary_forms)
{
    fixture f;
    start(&f, EVENT);
    game(&f, "Nobody", "Else", "?", "1-0", true, NULL);
    arb_strbuf out;
    arb_strbuf_init(&out);
    cr_assert(arb_trf_summary_format_json(f.check, &out));
    cr_assert(strstr(out.data, "{\"type\":\"trf-summary\",\"report\":\"unit.trf\",\"event\":\"Unit Open\","
                                "\"rounds\":[{\"round\":1,\"expected\":3,\"found\":0,\"missing\":3,"), "%s", out.data);
    cr_assert(strstr(out.data, "{\"round\":null,\"expected\":0,\"found\":0,\"missing\":0,\"extra\":1,"), "%s", out.data);
    arb_strbuf_clear(&out);
    cr_assert(arb_trf_summary_format_text(f.check, &out));
    cr_assert(strstr(out.data, "total          5      0        5      1            0\n"), "%s", out.data);
    arb_strbuf_free(&out);
    stop(&f);
}

/* fuzz_trf, regression-one-sided-pairing: a game matched to a pairing that
 * only one of the two lines names (the other has no cell that round) read
 * the missing cell's result. */
Test(fuzz_regressions, trf_pairing_named_by_one_line_only)
{
    fixture f;
    start(&f, "001    1 m    A,A                               2000 GER           0 1990/01/01  1.0    1     2 w 1\n"
              "001    2 m    B,B                               2000 GER           0 1990/01/01  0.0    2\n");
    cr_assert_eq(game(&f, "A,A", "B,B", "1", "0-1", true, NULL), 1);
    expect(&f, 0, ARB_CHECK_TRF_RESULT, "has 1-0 for A,A (1)");
    cr_assert_eq(game(&f, "B,B", "A,A", "1", "1-0", true, NULL), 1);
    expect(&f, 0, ARB_CHECK_TRF_DUPLICATE_GAME, "a second game");
    stop(&f);
}

/* fuzz_trf, regression-cells-beyond-xxr: a player line with more round cells
 * than XXR declares counted its games past the end of the per-round tables. */
Test(fuzz_regressions, trf_more_cells_than_xxr)
{
    fixture f;
    start(&f, "XXR 1\n"
              "001    1 m    A,A                               2000 GER           0 1990/01/01  1.0    1     0 - Z     2 w 1\n"
              "001    2 m    B,B                               2000 GER           0 1990/01/01  0.0    2     0 - Z     1 b 0\n");
    cr_assert_eq(f.trf->rounds, 2);
    cr_assert_eq(game(&f, "A,A", "B,B", "2", "1-0", true, NULL), 0);
    arb_trf_round_summary rows[4];
    cr_assert_eq(arb_trf_check_summary(f.check, rows, 4), 4);
    cr_assert_eq(rows[2].found, 1);
    stop(&f);
}
