/* test_fuzz_regressions.c — inputs the fuzz harnesses (tests/fuzz) found
 * crashing or breaking an invariant, replayed on every `make test` and
 * `make asan`.  The raw inputs are kept in corpora/fuzz/<harness>/regression-*;
 * a test here states the property each one broke. */
#include "notation_helpers.h"

#include "../fuzz/pgn_props.h"

/* Token text in a heap block of exactly its length, so that ASan sees any
 * read past its end. */
static char *exact_copy(const char *text, size_t len)
{
    char *p = malloc(len ? len : 1);
    cr_assert_not_null(p);
    memcpy(p, text, len);
    return p;
}

/* fuzz_token, corpora/fuzz/fuzz_token/regression-promotion-mark-at-end:
 * "g1/" (a promotion mark with no piece after it) made the SAN fast path of
 * arb_notation_read look up a piece spelling in an empty rest of the token,
 * reading one byte past it. */
Test(fuzz_regressions, promotion_mark_at_the_end_of_a_token)
{
    static const char *const tokens[] = {"g1/", "g1=", "g1(", "Nf3/", "e8/", "exd8="};
    arb_position pos;
    arb_position_startpos(&pos);
    for (size_t l = 0; l < arb_locales_count(locales()); l++) {
        const arb_notation *n = notation(arb_locale_code(arb_locales_at(locales(), l)));
        for (size_t t = 0; t < sizeof tokens / sizeof *tokens; t++) {
            size_t len = strlen(tokens[t]);
            char *token = exact_copy(tokens[t], len);
            arb_move move;
            int rc = arb_notation_read(n, &pos, token, len, &move, NULL, NULL);
            cr_expect_neq(rc, ARB_SAN_OK, "%s: \"%s\" read as a move", arb_locale_code(arb_notation_locale(n)),
                          tokens[t]);
            free(token);
        }
    }
}

/* fuzz_pgn, corpora/fuzz/fuzz_pgn/regression-marker-after-error-position.pgn:
 * after an error in the movetext, a termination marker that contradicts the
 * Result tag was reported at 0:0. */
Test(fuzz_regressions, result_contradiction_after_an_error_has_a_position)
{
    static const char text[] = "[Result \"1-0\"]\n\n1. e4 Xx e5 1/2-1/2\n";
    arb_pgn_reader *r = arb_pgn_reader_new(arb_input_from_memory(text, sizeof text - 1, "t"), NULL);
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    arb_status st;
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_GAME);
    cr_assert_eq(g.diag_count, 2, "the bad token and the contradiction");
    for (size_t i = 0; i < g.diag_count; i++)
        cr_expect(g.diags[i].line >= 1 && g.diags[i].col >= 1, "message at %d:%d: %s", (int)g.diags[i].line,
                  (int)g.diags[i].col, g.diags[i].message);
    cr_expect_eq(g.diags[1].line, 3);
    cr_expect_eq(g.diags[1].col, 13, "at the marker");
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
}

/* fuzz_pgn, corpora/fuzz/fuzz_pgn/regression-comment-wrapped-before-tag-pair.pgn:
 * the writer wrapped a comment so that a line began with "[Event", which the
 * reader takes for the next game's tag pair after an unclosed comment; the
 * output read back as two broken games.  Every place of the break is tried. */
Test(fuzz_regressions, comment_never_wrapped_before_a_tag_pair)
{
    arb_pgn_writer *w = arb_pgn_writer_new(NULL);
    for (int pad = 0; pad < 90; pad++) {
        char text[256];
        int n = snprintf(text, sizeof text, "[Event \"w\"]\n\n1. e4 {%.*s [Event \"x\"] [Site \"y\"] tail} e5 *\n", pad,
                         "aaaaaaaaa bbbbbbbbb ccccccccc ddddddddd eeeeeeeee fffffffff ggggggggg hhhhhhhhh iiiiiiiii");
        arb_pgn_game g;
        arb_pgn_game_init(&g);
        pgn_why why;
        cr_assert_null(pgn_read_one(text, (size_t)n, NULL, &g, &why), "%s", why.text);
        const char *fail = pgn_check_round_trip(&g, NULL, w, &why);
        cr_expect_null(fail, "comment after %d characters: %s", pad, fail);
        arb_pgn_game_free(&g);
    }
    arb_pgn_writer_free(w);
}

/* Reads `len` bytes whole into *whole, then cut into two reads at every
 * byte, and expects each cut to give the same games and messages. */
static void same_games_at_every_cut(const char *text, size_t len, pgn_games *whole)
{
    arb_pgn_reader *one = arb_pgn_reader_new(arb_input_from_memory(text, len, "t"), NULL);
    cr_assert_not_null(one);
    pgn_games_read(one, whole, 100);
    arb_pgn_reader_free(one);
    for (size_t cut = 1; cut < len; cut++) {
        arb_input *in = arb_input_from_memory(text + cut, len - cut, "t");
        cr_assert(in && arb_input_unread(in, text, cut));
        arb_pgn_reader *r = arb_pgn_reader_new(in, NULL);
        cr_assert_not_null(r);
        pgn_games split;
        pgn_games_read(r, &split, 100);
        arb_pgn_reader_free(r);
        pgn_why why;
        const char *fail = pgn_same_games(whole, &split, &why);
        cr_expect_null(fail, "\"%.40s\" cut at byte %zu: %s", text, cut, fail);
        pgn_games_free(&split);
    }
}

/* fuzz_pgn, corpora/fuzz/fuzz_pgn/regression-tag-pair-cut-by-the-window.pgn:
 * whether a '[' at a line's start after moves opens the next game's tags
 * was judged on the window as it stood, so a read that ended inside
 * "[SetU:p" took it for a tag pair (two games) where the whole text is one.
 * Every cut gives what the whole text gives. */
Test(fuzz_regressions, tag_pair_cut_by_the_window)
{
    static const char *const texts[] = {
        "[Event \"a\"]\n\n1. e4 e5\n[SetU:p \"1\"]\n\n1. d4 *\n",     /* no tag pair: one game */
        "[Event \"a\"]\n\n1. e4 e5\n[Event \"b\"]\n\n1. d4 d5 *\n",   /* a tag pair: two games */
    };
    for (size_t t = 0; t < sizeof texts / sizeof *texts; t++) {
        pgn_games whole;
        same_games_at_every_cut(texts[t], strlen(texts[t]), &whole);
        cr_expect_eq(whole.count, t + 1, "text %zu: %zu games", t, whole.count);
        pgn_games_free(&whole);
    }
}

/* fuzz_pgn, corpora/fuzz/fuzz_pgn/regression-nul-run-seen-after-a-cut.pgn:
 * a game said where the last NUL run before each look at the lexer stood,
 * and a whole read looked less often (plain tag lines are read without
 * tokens) than one whose window ended in such a line: "NUL byte passed
 * over" at 5:1 whole, at 2:1 and 5:1 cut.  A game now says where its first
 * NUL run is, once, however it was read. */
Test(fuzz_regressions, nul_run_seen_after_a_cut)
{
    static const char text[] = "[Event \"a\n\0x\n[Site \"b\"]\n\n\0e4 *\n";
    pgn_games whole;
    same_games_at_every_cut(text, sizeof text - 1, &whole);
    cr_assert_eq(whole.count, 1);
    const char *said = whole.diag_texts[0], *first = strstr(said, "NUL byte passed over as a blank");
    cr_assert_not_null(first, "%s", said);
    cr_expect_null(strstr(first + 1, "NUL byte passed over"), "%s", said);
    cr_expect_not_null(strstr(said, " 2:1 NUL byte passed over"), "%s", said);
    pgn_games_free(&whole);
}
