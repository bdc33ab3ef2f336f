/* test_pgn_read_lint.c — what pgnlint asks of the PGN reader beyond
 * conversion: draw offers written "(=)" (FIDE 8.1.5, C.12) become the comment
 * "(=)" instead of a variation, and the skip_bad_moves option (pgnlint
 * --continue) replays on after a main-line move that cannot be replayed. */
#include "helpers.h"

#include "grammar.h"
#include "locales.h"
#include "notation.h"
#include "pgn_read.h"

typedef struct read_one {
    arb_pgn_reader *reader;
    arb_pgn_game game;
} read_one;

static void read_text(read_one *t, const char *text, bool skip_bad_moves)
{
    arb_pgn_reader_options opt = {.skip_bad_moves = skip_bad_moves};
    arb_input *in = arb_input_from_memory(text, strlen(text), "t.pgn");
    cr_assert_not_null(in);
    t->reader = arb_pgn_reader_new(in, &opt);
    cr_assert_not_null(t->reader);
    arb_pgn_game_init(&t->game);
    arb_status st;
    cr_assert_eq(arb_pgn_read(t->reader, &t->game, &st), ARB_PGN_READ_GAME, "%s", st.message);
}

static void done(read_one *t)
{
    arb_pgn_game_free(&t->game);
    arb_pgn_reader_free(t->reader);
}

static size_t count_kind(const arb_pgn_game *g, int kind)
{
    size_t n = 0;
    for (size_t i = 0; i < g->item_count; i++)
        n += g->items[i].kind == kind;
    return n;
}

Test(pgn_read_lint, draw_offer_is_a_comment)
{
    read_one t;
    read_text(&t, "[Event \"T\"]\n\n1. e4 e5 2. Nf3 (=) Nc6 (2... Nf6) 3. Bb5 *\n", false);
    cr_assert_eq(t.game.error_count, 0, "%s", t.game.diag_count ? t.game.diags[0].message : "");
    cr_assert_eq(t.game.main_line_plies, 5);
    cr_assert_eq(count_kind(&t.game, ARB_PGN_ITEM_VARIATION_START), 1, "only the real variation");
    const arb_pgn_item *offer = NULL;
    for (size_t i = 0; i < t.game.item_count; i++)
        if (t.game.items[i].kind == ARB_PGN_ITEM_COMMENT)
            offer = &t.game.items[i];
    cr_assert_not_null(offer);
    cr_assert_str_eq(offer->text, "(=)");
    cr_assert_eq(offer->line, 3);
    cr_assert_eq(offer->col, 17, "at the '('");
    cr_assert_eq(t.game.items[3].kind, ARB_PGN_ITEM_COMMENT, "right after 2.Nf3");
    done(&t);
}

Test(pgn_read_lint, draw_offer_at_the_end_stays_in_the_raw_text)
{
    read_one t;
    read_text(&t, "[Event \"T\"]\n\n1. e4 e5 2. Nf3 (=)", false);
    cr_assert_eq(t.game.error_count, 0);
    cr_assert(t.game.raw_len >= 3 && memcmp(t.game.raw + t.game.raw_len - 3, "(=)", 3) == 0,
              "raw ends with the offer: '%.*s'", (int)t.game.raw_len, t.game.raw);
    done(&t);
}

Test(pgn_read_lint, without_the_option_a_bad_move_ends_the_replay)
{
    read_one t;
    read_text(&t, "[Event \"T\"]\n\n1. e4 e5 2. Ke3 Nc6 3. Nf3 *\n", false);
    cr_assert_eq(t.game.error_count, 1);
    cr_assert_eq(t.game.skipped_moves, 0);
    cr_assert_eq(t.game.main_line_plies, 2);
    done(&t);
}

Test(pgn_read_lint, skip_passes_the_turn)
{
    read_one t;
    read_text(&t, "[Event \"T\"]\n\n1. e4 e5 2. Ke3 Nc6 3. Nf3 Nf6 *\n", true);
    cr_assert_eq(t.game.error_count, 1, "the bad move is still reported");
    cr_assert_eq(t.game.skipped_moves, 1);
    cr_assert_eq(t.game.main_line_plies, 6, "a null move stands for 2.Ke3");
    cr_assert_eq(t.game.items[2].move, ARB_MOVE_NULL);
    cr_assert_eq(t.game.items[2].line, 3);
    cr_assert_eq(t.game.items[2].col, 13);
    cr_assert_eq(t.game.result, ARB_PGN_RESULT_UNKNOWN, "read to the marker");
    done(&t);
}

Test(pgn_read_lint, skip_replaces_a_wrong_disambiguation)
{
    read_one t;
    read_text(&t, "[Event \"T\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 Nd4 4. Nbd4 exd4 *\n", true);
    cr_assert_eq(t.game.skipped_moves, 1);
    cr_assert_eq(t.game.main_line_plies, 8);
    arb_position pos = play_line(ARB_START_FEN, "e2e4 e7e5 g1f3 b8c6 f1b5 c6d4");
    cr_assert_eq(t.game.items[6].move, must_find(&pos, "f3d4"), "Nxd4, the only knight move to d4");
    done(&t);
}

Test(pgn_read_lint, skip_drops_a_token_when_in_check)
{
    read_one t;
    /* after 2.Qh5+ Black may not pass: the bad token is dropped */
    read_text(&t, "[Event \"T\"]\n\n1. e4 f5 2. Qh5+ Nf6 g6 *\n", true);
    cr_assert_eq(t.game.skipped_moves, 1);
    cr_assert_eq(t.game.main_line_plies, 4, "e4 f5 Qh5+ g6");
    done(&t);
}

Test(pgn_read_lint, skip_stops_after_mate)
{
    read_one t;
    read_text(&t, "[Event \"T\"]\n\n1. f3 e5 2. g4 Qh4# 3. a3 *\n", true);
    cr_assert_eq(t.game.skipped_moves, 0, "a move after mate is not passed over");
    cr_assert_eq(t.game.error_count, 1);
    cr_assert_eq(t.game.main_line_plies, 4);
    done(&t);
}

Test(pgn_read_lint, skip_does_not_apply_to_variations)
{
    read_one t;
    read_text(&t, "[Event \"T\"]\n\n1. e4 e5 (1... d5 2. Ke3) 2. Nf3 *\n", true);
    cr_assert_eq(t.game.skipped_moves, 0);
    cr_assert_eq(t.game.error_count, 1);
    done(&t);
}

Test(pgn_read_lint, national_notation_with_marks)
{
    arb_locale_set *set = NULL;
    arb_grammar *grammar = NULL;
    if (arb_locales_load(NULL, &set).code || arb_grammar_load(NULL, &grammar).code) {
        arb_locales_free(set);
        cr_skip_test("locales or grammar not loadable here");
        return;
    }
    arb_notation *ro = NULL;
    cr_assert_eq(arb_notation_new(grammar, arb_locale_find(set, "ro"), &ro).code, 0);
    /* FIDE C.13 in Romanian letters: e.p. written after the capture, and an
     * offer glued to the move */
    const char *text = "[Event \"T\"]\n\n1. e4 e5 2. Cf3 Cf6 3. d4 exd4 4. e5 Ce4 5. Dxd4 d5 6. exd6 e.p. Cxd6 "
                       "7. Ng5 Cc6 8. De3+ Ne7 9. Cbd2 0-0 10. 0-0-0 Te8 11. Rb1(=) *\n";
    arb_pgn_reader_options opt = {.notation = ro};
    arb_input *in = arb_input_from_memory(text, strlen(text), "t.pgn");
    arb_pgn_reader *r = arb_pgn_reader_new(in, &opt);
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    arb_status st;
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_GAME);
    cr_assert_eq(g.error_count, 0, "%s", g.diag_count ? g.diags[0].message : "");
    cr_assert_eq(g.main_line_plies, 21);
    cr_assert_eq(g.items[g.item_count - 1].kind, ARB_PGN_ITEM_COMMENT, "the offer after 11.Rb1");
    cr_assert_str_eq(g.items[g.item_count - 1].text, "(=)");
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
    arb_notation_free(ro);
    arb_grammar_free(grammar);
    arb_locales_free(set);
}
