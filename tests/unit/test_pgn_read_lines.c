/* test_pgn_read_lines.c — move numbers opening a movetext line (read without
 * a token on the common path): the moves after them in their places, and a
 * "1." after a blank line still starting a game without tags. */
#include "test_pgn_helpers.h"

static void expect_move_at(const arb_pgn_game *g, size_t i, const char *san, int line, int col)
{
    cr_assert_lt(i, g->item_count);
    cr_assert_eq(g->items[i].kind, ARB_PGN_ITEM_MOVE);
    cr_assert_str_eq(g->items[i].san, san);
    cr_assert_eq(g->items[i].line, line, "%s at line %d, expected %d", san, g->items[i].line, line);
    cr_assert_eq(g->items[i].col, col, "%s at col %d, expected %d", san, g->items[i].col, col);
}

Test(pgn_read_lines, numbers_opening_lines_keep_the_moves_in_place)
{
    arb_pgn_reader_options opt = {.record_san = true};
    arb_pgn_game g;
    cr_assert_eq(read_first("[Event \"x\"]\n\n1.e4 e5\n2.Nf3 Nc6\n  3.Bb5 a6\r\n4... \t\n4. Ba4 *", &opt, &g),
                 ARB_PGN_READ_GAME);
    cr_assert_eq(g.error_count, 0);
    cr_assert_eq(g.item_count, 7);
    expect_move_at(&g, 0, "e4", 3, 3);
    expect_move_at(&g, 1, "e5", 3, 6);
    expect_move_at(&g, 2, "Nf3", 4, 3);
    expect_move_at(&g, 3, "Nc6", 4, 7);
    expect_move_at(&g, 4, "Bb5", 5, 5);
    expect_move_at(&g, 5, "a6", 5, 9);
    expect_move_at(&g, 6, "Ba4", 7, 4);
    arb_pgn_game_free(&g);
}

Test(pgn_read_lines, one_after_a_blank_line_starts_a_game)
{
    const char *text = "1. e4 e5 2. Nf3\n1... Nc6\n\n1. d4 d5 *";
    arb_input *in = arb_input_from_memory(text, strlen(text), "t");
    arb_pgn_reader_options opt = {.record_san = true};
    arb_pgn_reader *r = arb_pgn_reader_new(in, &opt);
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    arb_status st;
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_GAME);
    cr_assert_eq(g.end_reason, ARB_PGN_END_NEW_GAME);
    cr_assert_eq(g.main_line_plies, 4);
    expect_move_at(&g, 3, "Nc6", 2, 6);
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_GAME);
    cr_assert_eq(g.main_line_plies, 2);
    expect_move_at(&g, 0, "d4", 4, 4);
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
}
