/* test_pgn_read_comments.c — comments as the reader keeps them: white space
 * collapsed and trimmed, each at the line and column of its '{', and the
 * moves after it in their places; the same for a comment of printable ASCII
 * on one line (read without a token) and for any other (read by the lexer). */
#include "test_pgn_helpers.h"

/* The game's items as "kind:line:col:text-or-san" joined by " | ". */
static void items_of(const char *pgn, char *out, size_t cap)
{
    arb_pgn_reader_options opt = {.record_san = true};
    arb_pgn_game g;
    cr_assert_eq(read_first(pgn, &opt, &g), ARB_PGN_READ_GAME, "%s", pgn);
    cr_assert_eq(g.error_count, 0, "%s: %s", pgn, g.diag_count ? g.diags[0].message : "");
    size_t o = 0;
    out[0] = '\0';
    for (size_t i = 0; i < g.item_count && o < cap; i++) {
        const arb_pgn_item *it = &g.items[i];
        o += (size_t)snprintf(out + o, cap - o, "%s%s:%d:%d:%s", i ? " | " : "",
                              it->kind == ARB_PGN_ITEM_COMMENT ? "C" : it->kind == ARB_PGN_ITEM_MOVE ? "M" : "?",
                              it->line, it->col, it->kind == ARB_PGN_ITEM_COMMENT ? it->text : it->san);
    }
    arb_pgn_game_free(&g);
}

static void expect_items(const char *pgn, const char *expected)
{
    char got[1024];
    items_of(pgn, got, sizeof got);
    cr_assert_str_eq(got, expected, "%s", pgn);
}

Test(pgn_read_comments, spaces_collapsed_and_trimmed_on_one_line)
{
    expect_items("1. e4 {  a   b  c } e5 *", "M:1:4:e4 | C:1:7:a b c | M:1:21:e5");
}

Test(pgn_read_comments, single_spaces_kept_as_written)
{
    expect_items("1. e4 { [%clk 0:01:00] } 1... e5 { [%clk 0:00:59] } 2. Nf3 *",
                 "M:1:4:e4 | C:1:7:[%clk 0:01:00] | M:1:31:e5 | C:1:34:[%clk 0:00:59] | M:1:56:Nf3");
}

Test(pgn_read_comments, empty_and_blank_comments)
{
    expect_items("1. e4 {} e5 {    } *", "M:1:4:e4 | C:1:7: | M:1:10:e5 | C:1:13:");
}

Test(pgn_read_comments, comment_opening_a_line)
{
    expect_items("1. e4\n  { [%eval 0.2] }\n1... e5 *", "M:1:4:e4 | C:2:3:[%eval 0.2] | M:3:6:e5");
}

Test(pgn_read_comments, comment_over_lines_and_with_tabs_reads_alike)
{
    expect_items("1. e4 {\ta \t b\n  c } e5 *", "M:1:4:e4 | C:1:7:a b c | M:2:7:e5");
    expect_items("1. e4 { a\t\tb } e5 *", "M:1:4:e4 | C:1:7:a b | M:1:16:e5");
}

Test(pgn_read_comments, comment_before_the_first_move_and_after_a_number)
{
    expect_items("{ start  here } 1. {  mid } e4 *", "C:1:1:start here | C:1:20:mid | M:1:29:e4");
}

/* White space collapsed the reference way: runs of blanks to one space,
 * the ends trimmed. */
static void collapse(const char *s, char *out)
{
    size_t o = 0;
    bool space = false;
    for (; *s; s++) {
        if (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r') {
            space = o > 0;
            continue;
        }
        if (space)
            out[o++] = ' ';
        space = false;
        out[o++] = *s;
    }
    out[o] = '\0';
}

Test(pgn_read_comments, runs_of_spaces_at_every_place_of_every_length)
{
    /* the plain path reads eight bytes at a time: runs of spaces before,
     * across and after each word boundary, in texts of 0 to 40 bytes */
    for (size_t len = 0; len <= 40; len++) {
        for (size_t at = 0; at <= len; at++) {
            for (size_t run = 1; run <= 3; run++) {
                char text[64], pgn[128], want[64];
                for (size_t i = 0; i < len; i++)
                    text[i] = (char)('a' + i % 26);
                text[len] = '\0';
                for (size_t i = at; i < at + run && i < len; i++)
                    text[i] = ' ';
                snprintf(pgn, sizeof pgn, "1. e4 {%s} e5 *", text);
                collapse(text, want);
                arb_pgn_game g;
                read_ok(pgn, &g);
                cr_assert_eq(g.item_count, 3, "%s", pgn);
                cr_assert_str_eq(g.items[1].text, want, "%s", pgn);
                cr_assert_eq(g.items[1].len, strlen(want), "%s", pgn);
                cr_assert_eq(g.items[2].col, (int)strlen(pgn) - 3, "%s", pgn);
                arb_pgn_game_free(&g);
            }
        }
    }
}

Test(pgn_read_comments, long_comments_and_control_characters_read_alike)
{
    char text[1200], pgn[1300];
    memset(text, 'x', sizeof text);
    for (size_t i = 7; i < sizeof text - 1; i += 9)
        text[i] = ' ';
    text[sizeof text - 1] = '\0';
    snprintf(pgn, sizeof pgn, "1. e4 {%s} e5 *", text);
    arb_pgn_game g;
    read_ok(pgn, &g);
    cr_assert_str_eq(g.items[1].text, text);
    arb_pgn_game_free(&g);
    /* a control character or DEL: the lexer's reading, with its warning */
    read_ok("1. e4 {a\x7f" "b  c} e5 *", &g);
    cr_assert_str_eq(g.items[1].text, "a\xef\xbf\xbd" "b c");
    cr_assert_not_null(first_diag(&g, ARB_PGN_WARNING));
    arb_pgn_game_free(&g);
}
