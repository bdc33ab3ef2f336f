/* test_pgn_controls.c — a control character in a tag value or a comment
 * (NUL above all) becomes U+FFFD with a warning at its line and column:
 * nothing is altered silently. */
#include "test_pgn_helpers.h"

/* Reads one game from len bytes (which may hold NULs). */
static void read_bytes(const char *text, size_t len, arb_pgn_game *g)
{
    arb_pgn_reader *r = reader_on(text, len, NULL);
    arb_status st;
    arb_pgn_game_init(g);
    cr_assert_eq(arb_pgn_read(r, g, &st), ARB_PGN_READ_GAME);
    g->raw = NULL;
    g->source = NULL;
    arb_pgn_reader_free(r);
}

static void expect_warning(const arb_pgn_game *g, int line, int col, const char *text)
{
    const arb_pgn_diag *d = first_diag(g, ARB_PGN_WARNING);
    cr_assert_not_null(d, "no warning");
    cr_assert_eq(d->line, line, "line %d, expected %d", d->line, line);
    cr_assert_eq(d->col, col, "col %d, expected %d", d->col, col);
    cr_assert_not_null(strstr(d->message, text), "%s", d->message);
}

Test(pgn_controls, nul_in_a_tag_value)
{
    static const char text[] = "[Event \"a\0b\"]\n\n1. e4 *\n";
    arb_pgn_game g;
    read_bytes(text, sizeof text - 1, &g);
    cr_assert_eq(g.error_count, 0);
    expect_warning(&g, 1, 10, "NUL byte replaced by U+FFFD");
    cr_assert_str_eq(arb_pgn_game_tag(&g, "Event"), "a\xEF\xBF\xBD" "b");
    arb_pgn_game_free(&g);
}

Test(pgn_controls, nul_in_a_comment_on_its_second_line)
{
    static const char text[] = "[Event \"a\"]\n\n1. e4 {one\nt\xC3\xA9\0} *\n";
    arb_pgn_game g;
    read_bytes(text, sizeof text - 1, &g);
    expect_warning(&g, 4, 3, "NUL byte replaced by U+FFFD");
    arb_pgn_game_free(&g);
}

Test(pgn_controls, other_control_characters)
{
    static const char text[] = "[Event \"a\"]\n\n1. e4 {bell\a} *\n";
    arb_pgn_game g;
    read_bytes(text, sizeof text - 1, &g);
    expect_warning(&g, 3, 12, "control character U+0007 replaced by U+FFFD");
    arb_pgn_game_free(&g);
}

/* Tabs, line breaks and blanks in comments are white space, not replaced. */
Test(pgn_controls, white_space_is_not_reported)
{
    static const char text[] = "[Event \"a\tb\"]\n\n1. e4 {x\ty\r\nz\f\v} *\n";
    arb_pgn_game g;
    read_bytes(text, sizeof text - 1, &g);
    cr_assert_eq(g.diag_count, 0, "%s", g.diag_count ? g.diags[0].message : "");
    arb_pgn_game_free(&g);
}

/* NUL bytes between tokens of a game are passed over like blanks, and said;
 * NUL padding between games (some databases leave it) is not. */
Test(pgn_controls, nul_between_moves_is_reported_where_it_starts)
{
    static const char text[] = "[Event \"a\"]\n\n1. e4 e5\0\0 2. Nf3 *\n";
    arb_pgn_game g;
    read_bytes(text, sizeof text - 1, &g);
    cr_assert_eq(g.error_count, 0);
    cr_assert_eq(g.main_line_plies, 3);
    expect_warning(&g, 3, 9, "NUL byte passed over as a blank");
    cr_assert_eq(g.diag_count, 1);
    arb_pgn_game_free(&g);
}

Test(pgn_controls, nul_padding_between_games_is_not_reported)
{
    static const char text[] = "\0\0[Event \"a\"]\n\n1. e4 *\n\0\0\0\n[Event \"b\"]\n\n1. d4 *\n";
    arb_pgn_reader *r = reader_on(text, sizeof text - 1, NULL);
    arb_status st;
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    for (int i = 0; i < 2; i++) {
        cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_GAME);
        cr_assert_eq(g.diag_count, 0, "game %d: %s", i + 1, g.diag_count ? g.diags[0].message : "");
    }
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_END);
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
}

/* after a game without a termination marker, the padding before the next
 * game's tags is still between games */
Test(pgn_controls, nul_before_the_next_games_tags_is_not_reported)
{
    static const char text[] = "[Event \"a\"]\n\n1. e4\n\0\0\n[Event \"b\"]\n\n1. d4 *\n";
    arb_pgn_reader *r = reader_on(text, sizeof text - 1, NULL);
    arb_status st;
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_GAME);
    cr_assert_eq(first_diag(&g, ARB_PGN_WARNING), NULL);
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_GAME);
    cr_assert_eq(g.diag_count, 0);
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
}
