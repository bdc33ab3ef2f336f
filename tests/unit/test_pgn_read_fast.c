/* test_pgn_read_fast.c — the reader's common path (pgn_lex_fast.h): plain
 * SAN moves, move numbers and tag pairs read straight from the window must
 * give the games arb_pgn_lex's tokens give (items at the tokens' places,
 * the same messages), also across the reader's window; and the options
 * that keep less (skip_items, skip_tags) change nothing else. */
#include "test_pgn_helpers.h"

#include "pgn_lex_fast.h"

/* Every move item stands where the lexer puts a symbol token, in order. */
static void expect_items_at_symbols(const char *text)
{
    arb_pgn_game g;
    read_ok(text, &g);
    lexed *l = lex_all(text);
    size_t item = 0;
    for (int i = 0; i < l->count; i++) {
        if (l->tok[i].kind != ARB_PGN_TOK_SYMBOL || (l->tok[i].line == 1 && l->text[i][0] == 'E'))
            continue;
        while (item < g.item_count && g.items[item].kind != ARB_PGN_ITEM_MOVE)
            item++;
        cr_assert_lt(item, g.item_count, "no item for token %s", l->text[i]);
        cr_assert_eq(g.items[item].line, l->tok[i].line, "line of %s", l->text[i]);
        cr_assert_eq(g.items[item].col, l->tok[i].col, "column of %s", l->text[i]);
        item++;
    }
    lexed_free(l);
    arb_pgn_game_free(&g);
}

Test(pgn_read_fast, items_where_the_tokens_are)
{
    expect_items_at_symbols("[Event \"x\"]\n\n1. e4 e5 2.Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *\n");
    expect_items_at_symbols("[Event \"x\"]\n\n1.e4 e5! 2. Nf3?! $1 Nc6 {fine} 3. Bb5 (3. Bc4 Bc5) 3... a6\n"
                            "4. Ba4 Nf6 N 5. O-O RR Be7\t6. Re1 b5 *\n");
    /* UTF-8 before the moves on their line moves the columns */
    expect_items_at_symbols("[Event \"x\"]\n\n{ Ça va } 1. e4 e5 {é} 2. Nf3 Nc6 *\n");
    /* a line-wrapped game, CR LF, and moves after a blank line */
    expect_items_at_symbols("[Event \"x\"]\r\n\r\n1. d4 d5\r\n2. c4 e6 3. Nc3\r\nNf6 4. Bg5 *\r\n");
}

Test(pgn_read_fast, what_the_token_loop_keeps)
{
    arb_pgn_game g;
    /* annotations glued to moves, null moves in variations, coordinates,
     * a draw offer and a promotion: the same game as ever */
    read_ok("1. e4 e5 2. Nf3 (2. f4 -- 3. Nf3) 2... Nc6 3. b1c3 Nf6 (=) 4. Ng5 $14 d5 *", &g);
    cr_assert_eq(g.main_line_plies, 8);
    size_t moves = 0, nags = 0, comments = 0;
    for (size_t i = 0; i < g.item_count; i++) {
        moves += g.items[i].kind == ARB_PGN_ITEM_MOVE;
        nags += g.items[i].kind == ARB_PGN_ITEM_NAG;
        comments += g.items[i].kind == ARB_PGN_ITEM_COMMENT;
    }
    cr_assert_eq(moves, 11);
    cr_assert_eq(nags, 1);
    cr_assert_eq(comments, 1, "the draw offer (=)");
    arb_pgn_game_free(&g);
}

Test(pgn_read_fast, errors_as_before)
{
    /* an illegal move found while on the common path: the token loop
     * reports it, with its place */
    expect_error("[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n", NULL, 3, 13, "illegal move \"Ke3\"");
    expect_error("1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. Bxf7 *\n", NULL, 1, 35, "illegal move \"Bxf7\"");
    /* a national letter is not SAN */
    expect_error("1. e4 e5 2. Cf3 *\n", NULL, 1, 13, "\"Cf3\" is not a move");
}

Test(pgn_read_fast, plain_symbol_scanner)
{
    const char *text = "e4 12. Nf3 13... Qxd8+ 1-0 12e4 N e.p. d8(D)";
    arb_pgn_lexer lx;
    arb_pgn_lexer_init(&lx, text, strlen(text), true);
    uint64_t number_end = 0;
    cr_assert_eq(arb_pgn_lex_plain_symbol(&lx, false, &number_end), 0, "nothing read on the line yet");
    arb_pgn_token tok;
    arb_pgn_lex(&lx, &tok);   /* e4 */
    cr_assert_eq(arb_pgn_lex_plain_symbol(&lx, false, &number_end), 3);
    cr_assert_eq(number_end, 6, "past \"12.\"");
    cr_assert_eq(lx.pos, 7);
    cr_assert_eq(arb_pgn_lex_col(&lx), 8);
    arb_pgn_lex_take(&lx, 3);
    cr_assert_eq(arb_pgn_lex_plain_symbol(&lx, false, &number_end), 5, "Qxd8+ after \"13...\"");
    arb_pgn_lex_take(&lx, 5);
    cr_assert_eq(arb_pgn_lex_plain_symbol(&lx, false, &number_end), 0, "a result is the lexer's");
    cr_assert_eq(arb_pgn_lex(&lx, &tok), ARB_PGN_TOK_RESULT);
    cr_assert_eq(arb_pgn_lex_plain_symbol(&lx, false, &number_end), 0, "\"12e4\" is the lexer's");
    arb_pgn_lex(&lx, &tok);
    arb_pgn_lex(&lx, &tok);   /* 12, e4 */
    cr_assert_eq(arb_pgn_lex_plain_symbol(&lx, false, &number_end), 0, "N is an annotation");
    cr_assert_eq(arb_pgn_lex(&lx, &tok), ARB_PGN_TOK_NAG);
    cr_assert_eq(arb_pgn_lex_plain_symbol(&lx, false, &number_end), 0, "e.p. is a national mark");
    arb_pgn_lex(&lx, &tok);
    cr_assert_eq(arb_pgn_lex_plain_symbol(&lx, false, &number_end), 0, "d8(D) is a promotion");

    /* a symbol cut by the window's end is left for the lexer to complete */
    const char *cut = "e4 Nf";
    arb_pgn_lexer_init(&lx, cut, strlen(cut), false);
    arb_pgn_lex(&lx, &tok);
    cr_assert_eq(arb_pgn_lex_plain_symbol(&lx, false, &number_end), 0);
    cr_assert_eq(arb_pgn_lex(&lx, &tok), ARB_PGN_TOK_MORE);
}

Test(pgn_read_fast, plain_tag_scanner)
{
    arb_pgn_plain_tag t;
    arb_pgn_lexer lx;
    const char *plain = "[White \"Carlsen, M.\"]\n";
    arb_pgn_lexer_init(&lx, plain, strlen(plain), true);
    arb_pgn_token tok;
    arb_pgn_lex(&lx, &tok);
    cr_assert(arb_pgn_lex_plain_tag(&lx, &t));
    cr_assert_eq(t.name_len, 5);
    cr_assert_eq(memcmp(t.name, "White", 5), 0);
    cr_assert_eq(t.value_len, 11);
    cr_assert_eq(memcmp(t.value, "Carlsen, M.", 11), 0);
    cr_assert_eq(t.value_col, 8);
    cr_assert_eq(lx.pos, strlen(plain) - 1);
    const char *other[] = {"[White \"a\\\"b\"]", "[White \"Müller\"]", "[White \"x\"", "[White x]",
                           "[N \"x\"]", "[1 \"x\"]", "[White \"x\"\n]"};
    for (size_t i = 0; i < sizeof other / sizeof other[0]; i++) {
        arb_pgn_lexer_init(&lx, other[i], strlen(other[i]), true);
        arb_pgn_lex(&lx, &tok);
        cr_assert_not(arb_pgn_lex_plain_tag(&lx, &t), "%s is the lexer's", other[i]);
        cr_assert_eq(lx.pos, 1, "nothing consumed");
    }
}

/* A game longer than the reader's 1 MiB window: moves cut by the window's
 * end are read whole. */
Test(pgn_read_fast, across_the_window)
{
    static const char *const cycle[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
    size_t cap = 3u << 20, n = 0;
    char *text = malloc(cap);
    n += (size_t)sprintf(text, "[Event \"long\"]\n\n");
    int plies = 0;
    while (n < cap - 64) {
        if (plies % 2 == 0)
            n += (size_t)sprintf(text + n, "%d. ", plies / 2 + 1);
        n += (size_t)sprintf(text + n, "%s ", cycle[plies % 4]);
        plies++;
    }
    n += (size_t)sprintf(text + n, "*\n");
    arb_pgn_reader_options opt = {.max_game_bytes = 4u << 20};
    arb_pgn_game g;
    cr_assert_eq(read_first(text, &opt, &g), ARB_PGN_READ_GAME);
    cr_assert_eq(g.error_count, 0, "%s", g.diag_count ? g.diags[0].message : "");
    cr_assert_eq(g.main_line_plies, (size_t)plies);
    const arb_pgn_item *last = &g.items[g.item_count - 1];
    cr_assert_eq(last->kind, ARB_PGN_ITEM_MOVE);
    cr_assert_eq(last->line, 3);
    size_t last_at = n - strlen("*\n") - 1 - strlen(cycle[(plies - 1) % 4]);
    cr_assert_eq((size_t)last->col, last_at - strlen("[Event \"long\"]\n\n") + 1);
    arb_pgn_game_free(&g);
    free(text);
}

Test(pgn_read_fast, skip_items_and_tags_keep_the_verdict)
{
    const char *text = "[Event \"x\"]\n[Variant \"Chess960\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n"
                       "[Result \"0-1\"]\n[White \"A\"]\n\n9. g3 {a} Nf6e4 $2 (9... Bb6 10. Nc3) 10. Nc3 1-0\n";
    arb_pgn_game full, lean;
    arb_pgn_reader_options opt = {.skip_items = true, .skip_tags = true};
    cr_assert_eq(read_first(text, NULL, &full), ARB_PGN_READ_GAME);
    cr_assert_eq(read_first(text, &opt, &lean), ARB_PGN_READ_GAME);
    cr_assert_eq(full.error_count, lean.error_count);
    cr_assert_eq(full.main_line_plies, lean.main_line_plies);
    cr_assert_eq(full.main_line_plies, 3);
    cr_assert_eq(full.end.key, lean.end.key);
    cr_assert(lean.start.chess960);
    cr_assert_eq(full.diag_count, lean.diag_count);
    for (size_t i = 0; i < full.diag_count; i++)
        cr_assert_str_eq(full.diags[i].message, lean.diags[i].message);
    cr_assert_str_eq(full.diags[0].message, "termination marker 1-0 contradicts the Result tag \"0-1\", "
                                            "expected them to agree (the Result tag is kept)");
    cr_assert_gt(full.item_count, 5);
    cr_assert_eq(lean.item_count, 0);
    cr_assert_eq(full.tag_count, 5);
    cr_assert_eq(lean.tag_count, 3, "Variant, FEN, Result");
    cr_assert_null(arb_pgn_game_tag(&lean, "White"));
    cr_assert_not_null(arb_pgn_game_tag(&lean, "Result"));
    arb_pgn_game_free(&full);
    arb_pgn_game_free(&lean);

    /* a game of a NAG alone is a game, as with items (not a stray comment) */
    cr_assert_eq(read_first("$1\n", &opt, &lean), ARB_PGN_READ_GAME);
    cr_assert_eq(read_first("$1\n", NULL, &full), ARB_PGN_READ_GAME);
    cr_assert_eq(lean.error_count, full.error_count);
    arb_pgn_game_free(&full);
    arb_pgn_game_free(&lean);
    /* ... and a lone comment is one, either way */
    cr_assert_eq(read_first("{stray}\n", &opt, &lean), ARB_PGN_READ_GAME);
    cr_assert_eq(lean.error_count, 1);
    arb_pgn_game_free(&lean);
}

Test(pgn_read_fast, plain_tag_lines)
{
    const char *text = "[A \"1\"]\n  [Bb \"2\"] [C \"3\"]\n\n1. e4 *";
    arb_pgn_lexer lx;
    arb_pgn_lexer_init(&lx, text, strlen(text), true);
    arb_pgn_token tok;
    arb_pgn_plain_tag t;
    arb_pgn_lex(&lx, &tok);
    cr_assert(arb_pgn_lex_plain_tag(&lx, &t));
    cr_assert(arb_pgn_lex_plain_tag_line(&lx, &t));
    cr_assert_eq(t.line, 2);
    cr_assert_eq(t.value_col, 7);
    cr_assert_eq(lx.line, 2);
    cr_assert(arb_pgn_lex_plain_tag_line(&lx, &t), "a second tag pair on the line");
    cr_assert_eq(t.value_col, 15);
    size_t pos = lx.pos;
    cr_assert_not(arb_pgn_lex_plain_tag_line(&lx, &t), "the movetext is the lexer's");
    cr_assert_eq(lx.pos, pos);
    cr_assert_eq(lx.line, 2, "nothing consumed");
    cr_assert_eq(arb_pgn_lex(&lx, &tok), ARB_PGN_TOK_MOVE_NUMBER);
    cr_assert_eq(tok.line, 4);
    cr_assert(tok.flags & ARB_PGN_TF_LINE_FIRST);
}

Test(pgn_read_fast, comments_passed_over_when_not_kept)
{
    const char *text = "e4 { [%clk 0:00:59] } e5 {a\nb} Nf3";
    arb_pgn_lexer lx;
    arb_pgn_lexer_init(&lx, text, strlen(text), true);
    arb_pgn_token tok;
    uint64_t end = 0;
    arb_pgn_lex(&lx, &tok);
    cr_assert_eq(arb_pgn_lex_plain_symbol(&lx, false, &end), 0, "comments kept are the lexer's");
    cr_assert_eq(arb_pgn_lex_plain_symbol(&lx, true, &end), 2);
    cr_assert_eq(end, strlen("e4 { [%clk 0:00:59] }"));
    arb_pgn_lex_take(&lx, 2);
    cr_assert_eq(arb_pgn_lex_plain_symbol(&lx, true, &end), 0, "a comment over two lines is the lexer's");
    cr_assert_eq(arb_pgn_lex(&lx, &tok), ARB_PGN_TOK_COMMENT);

    /* read with comments dropped, the game is the same */
    const char *game = "[Event \"x\"]\n\n1. e4 { [%clk 0:01:00] } 1... e5 { [%clk 0:01:00] } 2. Nf3 {\xc3\xa9} Nc6 *\n";
    arb_pgn_reader_options opt = {.skip_comments = true};
    arb_pgn_game a, b;
    cr_assert_eq(read_first(game, NULL, &a), ARB_PGN_READ_GAME);
    cr_assert_eq(read_first(game, &opt, &b), ARB_PGN_READ_GAME);
    cr_assert_eq(a.main_line_plies, 4);
    cr_assert_eq(b.main_line_plies, 4);
    cr_assert_eq(b.item_count, 4);
    for (size_t i = 0, j = 0; i < a.item_count; i++) {
        if (a.items[i].kind != ARB_PGN_ITEM_MOVE)
            continue;
        cr_assert_eq(a.items[i].line, b.items[j].line);
        cr_assert_eq(a.items[i].col, b.items[j].col);
        cr_assert_eq(a.items[i].move, b.items[j].move);
        j++;
    }
    arb_pgn_game_free(&a);
    arb_pgn_game_free(&b);
}

/* fuzz_read_fast: a game of tags that skip_tags does not keep, and a
 * comment, is a game all the same (not "comment outside any game").
 * Regression seed corpora/fuzz/fuzz_read_fast/regression-dropped-tags-make-a-game. */
Test(pgn_read_fast, dropped_tags_still_make_a_game)
{
    const char *text = "[Event \"x\"] [Site \"y\\\"z\"]\n{stray}\n";
    arb_pgn_reader_options opt = {.skip_tags = true};
    arb_pgn_game full, lean;
    cr_assert_eq(read_first(text, NULL, &full), ARB_PGN_READ_GAME);
    cr_assert_eq(read_first(text, &opt, &lean), ARB_PGN_READ_GAME);
    cr_assert_eq(full.error_count, 0);
    cr_assert_eq(lean.error_count, 0);
    cr_assert_eq(lean.tag_count, 0);
    arb_pgn_game_free(&full);
    arb_pgn_game_free(&lean);
}

/* Line breaks between moves: passed over (and counted) when the next line
 * starts with a move or a move number; a blank line, a tag or a result at a
 * line's start stay the lexer's, with the line-first mark they always had.
 * (Whole games read across such lines: test_pgn_read_lines.c.) */
Test(pgn_read_fast, line_breaks_between_moves)
{
    arb_pgn_lexer lx;
    arb_pgn_token tok;
    uint64_t number_end = 0;
    const char *wrapped = "e4 e5\n2. Nf3 Nc6\r\nBb5 a6\n12. [x\n";
    arb_pgn_lexer_init(&lx, wrapped, strlen(wrapped), true);
    arb_pgn_lex(&lx, &tok);   /* e4 */
    cr_assert_eq(arb_pgn_lex_plain_symbol(&lx, false, &number_end), 2);
    arb_pgn_lex_take(&lx, 2);
    cr_assert_eq(arb_pgn_lex_plain_symbol(&lx, false, &number_end), 3, "Nf3 on the next line");
    cr_assert_eq(lx.line, 2);
    cr_assert_eq(arb_pgn_lex_col(&lx), 4);
    arb_pgn_lex_take(&lx, 3);
    cr_assert_eq(arb_pgn_lex_plain_symbol(&lx, false, &number_end), 3);
    arb_pgn_lex_take(&lx, 3);
    cr_assert_eq(arb_pgn_lex_plain_symbol(&lx, false, &number_end), 3, "Bb5 first on its line, after CR LF");
    cr_assert_eq(lx.line, 3);
    cr_assert_eq(arb_pgn_lex_col(&lx), 1);
    cr_assert_not(lx.line_has_token, "nothing taken on line 3 yet");
    arb_pgn_lex_take(&lx, 3);
    cr_assert_eq(arb_pgn_lex_plain_symbol(&lx, false, &number_end), 2);
    arb_pgn_lex_take(&lx, 2);
    cr_assert_eq(arb_pgn_lex_plain_symbol(&lx, false, &number_end), 0, "'[' is the lexer's");
    cr_assert_eq(lx.line, 4);
    cr_assert_eq(arb_pgn_lex(&lx, &tok), ARB_PGN_TOK_TAG_OPEN);
    cr_assert_eq(tok.flags & ARB_PGN_TF_LINE_FIRST, 0, "after \"12.\" on its line, '[' is not first");

    const char *ends[] = {"e4 e5\n\n1. d4 d5", "e4 e5\n[Event \"x\"]", "e4 e5\n1-0", "e4 e5\n%escape"};
    const int kinds[] = {ARB_PGN_TOK_MOVE_NUMBER, ARB_PGN_TOK_TAG_OPEN, ARB_PGN_TOK_RESULT, ARB_PGN_TOK_ESCAPE};
    for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
        arb_pgn_lexer_init(&lx, ends[i], strlen(ends[i]), true);
        arb_pgn_lex(&lx, &tok);
        cr_assert_eq(arb_pgn_lex_plain_symbol(&lx, false, &number_end), 2);
        arb_pgn_lex_take(&lx, 2);
        cr_assert_eq(arb_pgn_lex_plain_symbol(&lx, false, &number_end), 0, "%s", ends[i]);
        cr_assert_eq(arb_pgn_lex(&lx, &tok), kinds[i], "%s", ends[i]);
        cr_assert(tok.flags & ARB_PGN_TF_LINE_FIRST, "%s: first on its line", ends[i]);
    }
}
