/* test_grep.c — pgngrep's predicates (lib/grep): each one selects the games
 * it should and not the others, predicates combine with "and", -v inverts,
 * and bad option text is refused with a message that says what was
 * expected. */
#include "lint_helpers.h"

#include "grep.h"

#define GAME(tags, moves) ROSTER_TAGS tags "\n" moves "\n"
#define ROSTER_TAGS "[Event \"Test\"]\n[Site \"Cluj\"]\n[Date \"2024.05.03\"]\n[Round \"1\"]\n"

/* Scholar's mate, 1-0 by checkmate. */
static const char *const mate =
    ROSTER_TAGS "[White \"Popescu, Ion\"]\n[Black \"Novak, Janez\"]\n[Result \"1-0\"]\n"
    "[ECO \"C20\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";
/* Two Nf3/Nf6 openings reaching the same position by different orders. */
static const char *const draw_by_order =
    ROSTER_TAGS "[White \"Kovacs\"]\n[Black \"Horvat\"]\n[Result \"1/2-1/2\"]\n\n"
    "1. Nf3 Nf6 2. d4 d5 1/2-1/2\n";
/* An illegal move: the king cannot go to e3 yet. */
static const char *const illegal =
    ROSTER_TAGS "[White \"Ionescu\"]\n[Black \"Kralj\"]\n[Result \"0-1\"]\n\n1. e4 e5 2. Ke3 0-1\n";
static const char *const chess960 =
    ROSTER_TAGS "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n[Variant \"Chess960\"]\n"
    "[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n[SetUp \"1\"]\n\n"
    "9. g3 Ne7 *\n";

typedef struct fixture {
    linted lint;                 /* profiles, for --finding/--termination */
    arb_grep *sel;
    arb_grep_matcher *m;
} fixture;

static void setup(fixture *f)
{
    memset(f, 0, sizeof *f);
    lint_setup(&f->lint, NULL);
    f->sel = arb_grep_new();
    cr_assert_not_null(f->sel);
    arb_grep_set_lint_options(f->sel, &f->lint.options);
}

static void teardown(fixture *f)
{
    arb_grep_matcher_free(f->m);
    arb_grep_free(f->sel);
    lint_teardown(&f->lint);
}

/* Reads the first game of text (replayed) and matches it. */
static bool selects(fixture *f, const char *text)
{
    if (!f->m) {
        f->m = arb_grep_matcher_new(f->sel);
        cr_assert_not_null(f->m);
    }
    arb_input *in = arb_input_from_memory(text, strlen(text), "t.pgn");
    arb_pgn_reader *r = arb_pgn_reader_new(in, NULL);
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    arb_status st;
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_GAME);
    bool yes = arb_grep_match(f->m, &g, 1, &st);
    cr_assert_eq(st.code, 0, "%s", st.message);
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
    return yes;
}

static void ok(arb_status st)
{
    cr_assert_eq(st.code, 0, "unexpected error: %s", st.message);
}

/* The option text is refused and the message contains `expect`. */
static void refused(arb_status st, const char *expect)
{
    cr_assert_neq(st.code, 0, "accepted, expected an error mentioning \"%s\"", expect);
    cr_assert(strstr(st.message, expect), "message \"%s\" lacks \"%s\"", st.message, expect);
}

Test(grep, no_predicate_selects_every_game)
{
    fixture f;
    setup(&f);
    cr_assert_eq(arb_grep_count(f.sel), 0);
    cr_assert(selects(&f, mate));
    cr_assert(selects(&f, illegal));
    cr_assert_not(arb_grep_needs_replay(f.sel));
    teardown(&f);
}

Test(grep, invert_with_no_predicate_selects_nothing)
{
    fixture f;
    setup(&f);
    arb_grep_set_invert(f.sel, true);
    cr_assert_not(selects(&f, mate));
    teardown(&f);
}

Test(grep, valid_selects_games_that_replay)
{
    fixture f;
    setup(&f);
    ok(arb_grep_add_valid(f.sel, true));
    cr_assert(arb_grep_needs_replay(f.sel));
    cr_assert_not(arb_grep_needs_lint(f.sel));
    cr_assert(selects(&f, mate));
    cr_assert_not(selects(&f, illegal));
    teardown(&f);
}

Test(grep, invalid_selects_games_that_do_not_replay)
{
    fixture f;
    setup(&f);
    ok(arb_grep_add_valid(f.sel, false));
    cr_assert(selects(&f, illegal));
    cr_assert_not(selects(&f, mate));
    teardown(&f);
}

Test(grep, invalid_move_in_a_variation_makes_a_game_invalid)
{
    fixture f;
    setup(&f);
    ok(arb_grep_add_valid(f.sel, true));
    cr_assert_not(selects(&f, GAME("[Result \"*\"]\n", "1. e4 (1. d4 Ke7) e5 *")));
    cr_assert(selects(&f, GAME("[Result \"*\"]\n", "1. e4 (1. d4 d5) e5 *")));
    teardown(&f);
}

Test(grep, invert_negates_the_selection)
{
    fixture f;
    setup(&f);
    ok(arb_grep_add_valid(f.sel, true));
    arb_grep_set_invert(f.sel, true);
    cr_assert(selects(&f, illegal));
    cr_assert_not(selects(&f, mate));
    teardown(&f);
}

Test(grep, tag_regex_matches_the_value)
{
    fixture f;
    setup(&f);
    ok(arb_grep_add_tag(f.sel, "White=^Popescu", false));
    cr_assert_not(arb_grep_needs_replay(f.sel));
    cr_assert(selects(&f, mate));
    cr_assert_not(selects(&f, illegal));    /* White "Ionescu" */
    teardown(&f);
}

Test(grep, tag_regex_is_case_sensitive_unless_asked)
{
    fixture f;
    setup(&f);
    ok(arb_grep_add_tag(f.sel, "White=popescu", false));
    cr_assert_not(selects(&f, mate));
    teardown(&f);
    setup(&f);
    ok(arb_grep_add_tag(f.sel, "White=popescu", true));
    cr_assert(selects(&f, mate));
    teardown(&f);
}

Test(grep, tag_missing_never_matches_and_empty_pattern_asks_presence)
{
    fixture f;
    setup(&f);
    ok(arb_grep_add_tag(f.sel, "ECO=", false));
    cr_assert(selects(&f, mate));           /* has ECO */
    cr_assert_not(selects(&f, illegal));    /* has none */
    teardown(&f);
}

Test(grep, tag_any_duplicate_may_match)
{
    fixture f;
    setup(&f);
    ok(arb_grep_add_tag(f.sel, "Annotator=Second", false));
    cr_assert(selects(&f, "[Annotator \"First\"]\n[Annotator \"Second\"]\n\n1. e4 *\n"));
    teardown(&f);
}

Test(grep, tag_values_are_matched_as_utf8)
{
    fixture f;
    setup(&f);
    ok(arb_grep_add_tag(f.sel, "White=^M.ller$", false));   /* . is one character: ü */
    cr_assert(selects(&f, "[White \"M\xC3\xBCller\"]\n\n1. e4 *\n"));
    cr_assert(selects(&f, "[White \"M\xFCller\"]\n\n1. e4 *\n"));   /* Latin-1 read as such */
    teardown(&f);
}

Test(grep, tag_bad_specs_are_refused)
{
    fixture f;
    setup(&f);
    refused(arb_grep_add_tag(f.sel, "White", false), "expected NAME=REGEX");
    refused(arb_grep_add_tag(f.sel, "=Carlsen", false), "expected NAME=REGEX");
    refused(arb_grep_add_tag(f.sel, "Wh ite=x", false), "is not a tag name");
    refused(arb_grep_add_tag(f.sel, "White=(", false), "expected a PCRE2 regular expression");
    cr_assert_eq(arb_grep_count(f.sel), 0);
    teardown(&f);
}

Test(grep, several_tags_must_all_match)
{
    fixture f;
    setup(&f);
    ok(arb_grep_add_tag(f.sel, "White=Popescu", false));
    ok(arb_grep_add_tag(f.sel, "Black=Kralj", false));
    cr_assert_not(selects(&f, mate));       /* Black is Novak */
    teardown(&f);
    setup(&f);
    ok(arb_grep_add_tag(f.sel, "White=Popescu", false));
    ok(arb_grep_add_tag(f.sel, "Black=Novak", false));
    cr_assert(selects(&f, mate));
    teardown(&f);
}

Test(grep, result_compares_the_games_result)
{
    fixture f;
    setup(&f);
    ok(arb_grep_add_result(f.sel, "1-0"));
    cr_assert(selects(&f, mate));
    cr_assert_not(selects(&f, illegal));
    teardown(&f);
    setup(&f);
    ok(arb_grep_add_result(f.sel, "1/2-1/2"));
    cr_assert(selects(&f, draw_by_order));
    cr_assert_not(selects(&f, mate));
    teardown(&f);
    setup(&f);
    ok(arb_grep_add_result(f.sel, "*"));
    cr_assert(selects(&f, "1. e4 *\n"));        /* marker only, no tag */
    cr_assert_not(selects(&f, "1. e4 1-0\n"));
    teardown(&f);
}

Test(grep, result_bad_value_is_refused)
{
    fixture f;
    setup(&f);
    refused(arb_grep_add_result(f.sel, "2-0"), "expected 1-0, 0-1, 1/2-1/2 or *");
    refused(arb_grep_add_result(f.sel, ""), "expected 1-0");
    teardown(&f);
}

Test(grep, plies_range_of_the_main_line)
{
    fixture f;
    setup(&f);
    ok(arb_grep_add_plies(f.sel, "7:7"));      /* scholar's mate: 7 half-moves */
    cr_assert(selects(&f, mate));
    cr_assert_not(selects(&f, draw_by_order));   /* 4 */
    teardown(&f);
    setup(&f);
    ok(arb_grep_add_plies(f.sel, ":4"));
    cr_assert(selects(&f, draw_by_order));
    cr_assert_not(selects(&f, mate));
    teardown(&f);
    setup(&f);
    ok(arb_grep_add_plies(f.sel, "5:"));
    cr_assert(selects(&f, mate));
    cr_assert_not(selects(&f, draw_by_order));
    teardown(&f);
    setup(&f);
    ok(arb_grep_add_plies(f.sel, "4"));
    cr_assert(selects(&f, draw_by_order));
    cr_assert_not(selects(&f, mate));
    teardown(&f);
}

Test(grep, plies_do_not_count_variations)
{
    fixture f;
    setup(&f);
    ok(arb_grep_add_plies(f.sel, "2"));
    cr_assert(selects(&f, "1. e4 (1. d4 d5 2. c4) e5 *\n"));
    teardown(&f);
}

Test(grep, plies_bad_ranges_are_refused)
{
    fixture f;
    setup(&f);
    refused(arb_grep_add_plies(f.sel, "9:3"), "MIN <= MAX");
    refused(arb_grep_add_plies(f.sel, ":"), "expected MIN:MAX");
    refused(arb_grep_add_plies(f.sel, "x"), "expected MIN:MAX");
    refused(arb_grep_add_plies(f.sel, "3:4:5"), "expected MIN:MAX");
    refused(arb_grep_add_plies(f.sel, "-1:4"), "expected MIN:MAX");
    teardown(&f);
}

Test(grep, chess960_selects_chess960_games)
{
    fixture f;
    setup(&f);
    ok(arb_grep_add_chess960(f.sel));
    cr_assert_not(arb_grep_needs_replay(f.sel));
    cr_assert(selects(&f, chess960));
    cr_assert_not(selects(&f, mate));
    teardown(&f);
}

Test(grep, position_found_whatever_the_move_order)
{
    /* after 1. Nf3 Nf6 2. d4 d5 and after 1. d4 d5 2. Nf3 Nf6 */
    const char *fen = "rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 2 3";
    fixture f;
    setup(&f);
    ok(arb_grep_add_position(f.sel, fen));
    cr_assert(arb_grep_needs_replay(f.sel));
    cr_assert(selects(&f, draw_by_order));
    cr_assert(selects(&f, "1. d4 d5 2. Nf3 Nf6 3. e3 *\n"));
    cr_assert_not(selects(&f, mate));
    teardown(&f);
}

Test(grep, position_compares_side_to_move_and_counters_do_not_matter)
{
    fixture f;
    setup(&f);
    /* the start position with other clocks: still the start */
    ok(arb_grep_add_position(f.sel, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 40"));
    cr_assert(selects(&f, mate));
    teardown(&f);
    setup(&f);
    /* after 1. e4 but with White to move: never occurs */
    ok(arb_grep_add_position(f.sel, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1"));
    cr_assert_not(selects(&f, mate));
    teardown(&f);
}

Test(grep, position_only_in_the_main_line)
{
    /* after 1. d4 (a variation here) */
    fixture f;
    setup(&f);
    ok(arb_grep_add_position(f.sel, "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"));
    cr_assert_not(selects(&f, "1. e4 (1. d4 d5) e5 *\n"));
    cr_assert(selects(&f, "1. d4 (1. e4 e5) d5 *\n"));
    teardown(&f);
}

Test(grep, position_bad_fen_is_refused)
{
    fixture f;
    setup(&f);
    refused(arb_grep_add_position(f.sel, "not a fen"), "--position");
    teardown(&f);
}

Test(grep, finding_selects_games_with_that_pgnlint_code)
{
    fixture f;
    setup(&f);
    ok(arb_grep_add_finding(f.sel, "illegal-move"));
    cr_assert(arb_grep_needs_lint(f.sel));
    cr_assert(selects(&f, illegal));
    cr_assert_not(selects(&f, mate));
    teardown(&f);
    setup(&f);
    ok(arb_grep_add_finding(f.sel, "tag-missing"));
    cr_assert(selects(&f, "1. e4 e5 *\n"));
    cr_assert_not(selects(&f, mate));
    teardown(&f);
}

Test(grep, finding_result_mismatch)
{
    fixture f;
    setup(&f);
    ok(arb_grep_add_finding(f.sel, "result-mismatch"));
    /* Black mated but the record says 0-1 */
    cr_assert(selects(&f, ROSTER_TAGS "[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n\n"
                          "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 0-1\n"));
    cr_assert_not(selects(&f, mate));
    teardown(&f);
}

Test(grep, finding_unknown_code_lists_the_codes)
{
    fixture f;
    setup(&f);
    refused(arb_grep_add_finding(f.sel, "illegal"), "illegal-move, ambiguous-move");
    teardown(&f);
}

Test(grep, termination_selects_by_pgnlint_termination)
{
    fixture f;
    setup(&f);
    ok(arb_grep_add_termination(f.sel, "checkmate"));
    cr_assert(selects(&f, mate));
    cr_assert_not(selects(&f, draw_by_order));
    teardown(&f);
    setup(&f);
    ok(arb_grep_add_termination(f.sel, "agreement"));
    cr_assert(selects(&f, draw_by_order));
    cr_assert_not(selects(&f, mate));
    teardown(&f);
}

Test(grep, termination_unknown_word_is_refused)
{
    fixture f;
    setup(&f);
    refused(arb_grep_add_termination(f.sel, "mate"), "checkmate, stalemate");
    teardown(&f);
}

Test(grep, predicates_combine_with_and)
{
    fixture f;
    setup(&f);
    ok(arb_grep_add_result(f.sel, "1-0"));
    ok(arb_grep_add_valid(f.sel, true));
    ok(arb_grep_add_tag(f.sel, "ECO=^C", false));
    cr_assert(selects(&f, mate));
    cr_assert_not(selects(&f, draw_by_order));
    teardown(&f);
    setup(&f);
    ok(arb_grep_add_result(f.sel, "1-0"));
    ok(arb_grep_add_plies(f.sel, "8:"));
    cr_assert_not(selects(&f, mate));           /* 1-0, but only 7 plies */
    teardown(&f);
}

Test(grep, lint_predicates_need_lint_options)
{
    arb_grep *sel = arb_grep_new();
    ok(arb_grep_add_finding(sel, "illegal-move"));
    cr_assert_null(arb_grep_matcher_new(sel));
    arb_grep_free(sel);
}

/* What the reader may skip for a selection (pgngrep's skip_items and
 * skip_tags): moves only for predicates that walk the moves, tags only for
 * predicates that read tags other than FEN, SetUp, Variant and Result. */
Test(grep, what_matching_reads)
{
    fixture f;
    setup(&f);
    ok(arb_grep_add_valid(f.sel, true));
    ok(arb_grep_add_plies(f.sel, "10:"));
    ok(arb_grep_add_result(f.sel, "1-0"));
    ok(arb_grep_add_chess960(f.sel));
    cr_assert(arb_grep_needs_replay(f.sel));
    cr_assert_not(arb_grep_needs_moves(f.sel));
    cr_assert_not(arb_grep_needs_tags(f.sel));
    ok(arb_grep_add_tag(f.sel, "White=^Popescu", false));
    cr_assert(arb_grep_needs_tags(f.sel));
    cr_assert_not(arb_grep_needs_moves(f.sel));
    ok(arb_grep_add_material(f.sel, "KRk"));
    cr_assert(arb_grep_needs_moves(f.sel));
    teardown(&f);
}
