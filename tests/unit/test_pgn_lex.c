/* test_pgn_lex.c — the PGN tokenizer: every import-format case of issue 3,
 * positions in characters, error tokens, and streaming through a window that
 * grows one byte at a time. */
#include "test_pgn_helpers.h"

/* ---- tag pairs ---------------------------------------------------------- */

Test(pgn_lex, tag_pair)
{
    lexed *l = lex_all("[Event \"Casual game\"]\n");
    cr_assert_eq(l->count, 4);
    expect_token(l, 0, ARB_PGN_TOK_TAG_OPEN, "[");
    expect_token(l, 1, ARB_PGN_TOK_SYMBOL, "Event");
    expect_token(l, 2, ARB_PGN_TOK_STRING, "Casual game");
    expect_token(l, 3, ARB_PGN_TOK_TAG_CLOSE, "]");
    expect_position(l, 0, 1, 1);
    expect_position(l, 1, 1, 2);
    expect_position(l, 2, 1, 8);
    expect_position(l, 3, 1, 21);
    cr_assert(l->tok[0].flags & ARB_PGN_TF_LINE_FIRST);
    cr_assert_not(l->tok[1].flags & ARB_PGN_TF_LINE_FIRST);
    lexed_free(l);
}

Test(pgn_lex, string_escapes)
{
    lexed *l = lex_all("[Annotator \"a \\\"b\\\" c\\\\\"]");
    expect_token(l, 2, ARB_PGN_TOK_STRING, "a \\\"b\\\" c\\\\");
    cr_assert(l->tok[2].flags & ARB_PGN_TF_ESCAPES);
    char out[64];
    size_t n = arb_pgn_text_to_utf8(l->tok[2].text, l->tok[2].len, true, false, false, out);
    cr_assert_str_eq(out, "a \"b\" c\\");
    cr_assert_eq(n, strlen("a \"b\" c\\"));
    expect_token(l, 3, ARB_PGN_TOK_TAG_CLOSE, "]");
    lexed_free(l);
}

Test(pgn_lex, several_tags_on_one_line)
{
    lexed *l = lex_all("[White \"A\"][Black \"B\"] [Result \"*\"]");
    cr_assert_eq(l->count, 12);
    expect_token(l, 4, ARB_PGN_TOK_TAG_OPEN, "[");
    expect_position(l, 4, 1, 12);
    expect_token(l, 5, ARB_PGN_TOK_SYMBOL, "Black");
    expect_token(l, 9, ARB_PGN_TOK_SYMBOL, "Result");
    expect_position(l, 8, 1, 24);
    cr_assert_not(l->tok[4].flags & ARB_PGN_TF_LINE_FIRST);
    lexed_free(l);
}

Test(pgn_lex, unterminated_string_is_an_error_token)
{
    lexed *l = lex_all("[Site \"Somewhere\non the Earth\"]");
    expect_token(l, 2, ARB_PGN_TOK_ERROR, "\"Somewhere");
    cr_assert(l->tok[2].flags & ARB_PGN_TF_UNTERMINATED);
    cr_assert_not_null(strstr(l->tok[2].message, "unterminated string"));
    cr_assert_not_null(strstr(l->tok[2].message, "expected"));
    expect_token(l, 3, ARB_PGN_TOK_SYMBOL, "on");
    expect_position(l, 3, 2, 1);
    lexed_free(l);
}

Test(pgn_lex, backslash_before_the_closing_quote_is_literal)
{
    lexed *l = lex_all("[Event \"Tournament \\\"]\n[Site \"x\"]");
    expect_token(l, 2, ARB_PGN_TOK_STRING, "Tournament \\");
    cr_assert(l->tok[2].flags & ARB_PGN_TF_LITERAL_BACKSLASH);
    cr_assert_not(l->tok[2].flags & ARB_PGN_TF_ESCAPES);
    expect_token(l, 3, ARB_PGN_TOK_TAG_CLOSE, "]");
    expect_token(l, 4, ARB_PGN_TOK_TAG_OPEN, "[");
    expect_position(l, 4, 2, 1);
    lexed_free(l);
}

/* ---- comments and escapes ------------------------------------------------ */

Test(pgn_lex, brace_comment_over_several_lines)
{
    lexed *l = lex_all("e4 {a long\ncomment; with (things)}\n e5");
    expect_token(l, 1, ARB_PGN_TOK_COMMENT, "a long\ncomment; with (things)");
    expect_position(l, 1, 1, 4);
    expect_token(l, 2, ARB_PGN_TOK_SYMBOL, "e5");
    expect_position(l, 2, 3, 2);
    lexed_free(l);
}

/* Comments are skipped eight bytes at a time: a closing brace, a line feed,
 * a tab, DEL or a UTF-8 character at any offset must still be seen there. */
Test(pgn_lex, comment_special_bytes_at_every_offset)
{
    static const char *const specials[] = {"}", "\n", "\t", "\x7f", "\xc3\xa9"};
    for (size_t k = 0; k < sizeof specials / sizeof specials[0]; k++) {
        for (int at = 0; at < 24; at++) {
            char text[96], body[64];
            memset(body, 'x', (size_t)at);
            body[at] = '\0';
            bool brace = specials[k][0] == '}';
            /* with '}': the comment ends at offset `at`; else it goes on to "yz}" */
            snprintf(text, sizeof text, "e4 {%s%s%s} e5", body, specials[k], brace ? " Nf3" : "yzyzyzyzyz");
            lexed *l = lex_all(text);
            char want[64];
            snprintf(want, sizeof want, "%s%s", body, brace ? "" : specials[k]);
            if (!brace)
                strcat(want, "yzyzyzyzyz");
            expect_token(l, 1, ARB_PGN_TOK_COMMENT, want);
            expect_token(l, 2, ARB_PGN_TOK_SYMBOL, brace ? "Nf3" : "e5");
            bool newline = specials[k][0] == '\n';
            /* the column after the comment counts the UTF-8 character once */
            int close_col = 4 + 1 + at + (int)strlen(specials[k]) + 10 + 1;
            if (!brace && !newline)
                expect_position(l, 2, 1, close_col + 1 - (specials[k][0] == '\xc3'));
            if (newline)
                expect_position(l, 2, 2, 13);
            cr_assert_eq(!!(l->tok[1].flags & ARB_PGN_TF_NON_ASCII), specials[k][0] == '\xc3');
            lexed_free(l);
        }
    }
}

Test(pgn_lex, braces_do_not_nest)
{
    lexed *l = lex_all("{a {b} c}");
    expect_token(l, 0, ARB_PGN_TOK_COMMENT, "a {b");
    expect_token(l, 1, ARB_PGN_TOK_SYMBOL, "c");
    expect_token(l, 2, ARB_PGN_TOK_ERROR, "}");
    lexed_free(l);
}

Test(pgn_lex, unterminated_comment_is_an_error_token)
{
    lexed *l = lex_all("e4 {never closed\n1-0");
    cr_assert_eq(l->count, 2);
    expect_token(l, 1, ARB_PGN_TOK_ERROR, "{never closed\n1-0");
    cr_assert(l->tok[1].flags & ARB_PGN_TF_UNTERMINATED);
    cr_assert_not_null(strstr(l->tok[1].message, "expected '}'"));
    lexed_free(l);
}

Test(pgn_lex, unterminated_comment_stops_at_a_tag_line)
{
    lexed *l = lex_all("1. e4 {I miss my brace\n*\n\n[Event \"next\"]\n1. d4 *");
    expect_token(l, 2, ARB_PGN_TOK_ERROR, "{I miss my brace\n*\n");
    cr_assert(l->tok[2].flags & ARB_PGN_TF_UNTERMINATED);
    cr_assert_not_null(strstr(l->tok[2].message, "before the tag pair on the next line"));
    expect_token(l, 3, ARB_PGN_TOK_TAG_OPEN, "[");
    expect_position(l, 3, 4, 1);
    cr_assert(l->tok[3].flags & ARB_PGN_TF_LINE_FIRST);
    lexed_free(l);
    /* inside a comment, "[%clk ...]" or a bracket without a tag is just text */
    l = lex_all("{a\n[%clk 0:01:00]\n[b] c} e4");
    expect_token(l, 0, ARB_PGN_TOK_COMMENT, "a\n[%clk 0:01:00]\n[b] c");
    lexed_free(l);
}

Test(pgn_lex, rest_of_line_comment)
{
    lexed *l = lex_all("e4 ; a {comment} here\r\ne5");
    expect_token(l, 1, ARB_PGN_TOK_LINE_COMMENT, " a {comment} here");
    expect_token(l, 2, ARB_PGN_TOK_SYMBOL, "e5");
    expect_position(l, 2, 2, 1);
    lexed_free(l);
}

Test(pgn_lex, percent_escape_line_in_column_one)
{
    lexed *l = lex_all("%ChessBase export\n[Event \"x\"]\n e4 % not an escape");
    expect_token(l, 0, ARB_PGN_TOK_ESCAPE, "ChessBase export");
    expect_token(l, 1, ARB_PGN_TOK_TAG_OPEN, "[");
    expect_position(l, 1, 2, 1);
    expect_token(l, 6, ARB_PGN_TOK_ERROR, "%");
    cr_assert_not_null(strstr(l->tok[6].message, "column 1"));
    lexed_free(l);
}

/* ---- NAGs and suffix annotations ------------------------------------------- */

Test(pgn_lex, nags)
{
    lexed *l = lex_all("$0 $1 $255 $18");
    cr_assert_eq(l->count, 4);
    cr_assert_eq(l->tok[0].value, 0);
    cr_assert_eq(l->tok[1].value, 1);
    cr_assert_eq(l->tok[2].value, 255);
    cr_assert_eq(l->tok[3].value, 18);
    for (int i = 0; i < 4; i++)
        cr_assert_eq(l->tok[i].kind, ARB_PGN_TOK_NAG);
    lexed_free(l);
}

Test(pgn_lex, nag_errors)
{
    lexed *l = lex_all("$256 $ e4");
    expect_token(l, 0, ARB_PGN_TOK_ERROR, "$256");
    cr_assert_not_null(strstr(l->tok[0].message, "$0 to $255"));
    expect_token(l, 1, ARB_PGN_TOK_ERROR, "$");
    cr_assert_not_null(strstr(l->tok[1].message, "without a number"));
    expect_token(l, 2, ARB_PGN_TOK_SYMBOL, "e4");
    lexed_free(l);
}

Test(pgn_lex, suffix_annotations_are_nags_1_to_6)
{
    lexed *l = lex_all("e4! e5? Nf3!! Nc6?? Bb5!? a6?!");
    static const int expected[] = {1, 2, 3, 4, 5, 6};
    cr_assert_eq(l->count, 12);
    for (int i = 0; i < 6; i++) {
        cr_assert_eq(l->tok[2 * i].kind, ARB_PGN_TOK_SYMBOL);
        cr_assert_eq(l->tok[2 * i + 1].kind, ARB_PGN_TOK_NAG);
        cr_assert_eq(l->tok[2 * i + 1].value, expected[i], "suffix %s", l->text[2 * i + 1]);
    }
    expect_token(l, 0, ARB_PGN_TOK_SYMBOL, "e4");
    lexed_free(l);
}

Test(pgn_lex, unknown_suffix_is_an_error)
{
    lexed *l = lex_all("e4!!! e5");
    expect_token(l, 1, ARB_PGN_TOK_ERROR, "!!!");
    cr_assert_not_null(strstr(l->tok[1].message, "expected one of"));
    lexed_free(l);
}

Test(pgn_lex, annotation_symbols_are_nags)
{
    lexed *l = lex_all("e4 += e5 =+ Nf3 +/= Nc6 =/+ a3 +/- a6 -/+ b3 +- b6 -+ c3 = c6 inf d3 ~ d6 "
                       "RR e3 N e6 +-- f3 --+ f6 =/~ -- g3");
    static const int expected[] = {14, 15, 14, 15, 16, 17, 18, 19, 10, 13, 13, 145, 146, 20, 21, 44};
    for (int i = 0; i < 16; i++) {
        cr_assert_eq(l->tok[2 * i + 1].kind, ARB_PGN_TOK_NAG, "token %s", l->text[2 * i + 1]);
        cr_assert_eq(l->tok[2 * i + 1].value, expected[i], "token %s", l->text[2 * i + 1]);
    }
    expect_token(l, 32, ARB_PGN_TOK_SYMBOL, "--");
    expect_token(l, 33, ARB_PGN_TOK_SYMBOL, "g3");
    lexed_free(l);
}

Test(pgn_lex, unknown_annotation_symbol_is_an_error)
{
    lexed *l = lex_all("e4 +/+ e5");
    expect_token(l, 1, ARB_PGN_TOK_ERROR, "+/+");
    cr_assert_not_null(strstr(l->tok[1].message, "unknown annotation symbol, expected"));
    lexed_free(l);
}

/* ---- move numbers --------------------------------------------------------- */

Test(pgn_lex, move_number_with_period)
{
    lexed *l = lex_all("1. e4");
    expect_token(l, 0, ARB_PGN_TOK_MOVE_NUMBER, "1");
    cr_assert_eq(l->tok[0].value, 1);
    cr_assert_eq(l->tok[0].dots, 1);
    expect_position(l, 1, 1, 4);
    lexed_free(l);
}

Test(pgn_lex, move_number_black)
{
    lexed *l = lex_all("1... e5");
    cr_assert_eq(l->tok[0].value, 1);
    cr_assert_eq(l->tok[0].dots, 3);
    expect_token(l, 1, ARB_PGN_TOK_SYMBOL, "e5");
    lexed_free(l);
}

Test(pgn_lex, move_number_then_separate_period)
{
    lexed *l = lex_all("1 . e4 1 ... e5");
    expect_token(l, 0, ARB_PGN_TOK_MOVE_NUMBER, "1");
    cr_assert_eq(l->tok[0].dots, 0);
    expect_token(l, 1, ARB_PGN_TOK_DOTS, ".");
    cr_assert_eq(l->tok[1].dots, 1);
    expect_token(l, 4, ARB_PGN_TOK_DOTS, "...");
    cr_assert_eq(l->tok[4].dots, 3);
    lexed_free(l);
}

Test(pgn_lex, move_number_glued_to_move)
{
    lexed *l = lex_all("12.e4 12...e5 12e4");
    expect_token(l, 0, ARB_PGN_TOK_MOVE_NUMBER, "12");
    cr_assert_eq(l->tok[0].value, 12);
    expect_token(l, 1, ARB_PGN_TOK_SYMBOL, "e4");
    expect_position(l, 1, 1, 4);
    expect_token(l, 3, ARB_PGN_TOK_SYMBOL, "e5");
    expect_token(l, 4, ARB_PGN_TOK_MOVE_NUMBER, "12");
    cr_assert_eq(l->tok[4].dots, 0);
    expect_token(l, 5, ARB_PGN_TOK_SYMBOL, "e4");
    lexed_free(l);
}

Test(pgn_lex, move_number_with_ellipsis_character)
{
    /* "12…" with U+2026: three periods' worth, one character wide */
    lexed *l = lex_all("12\xE2\x80\xA6 Nf6 \xE2\x80\xA6 Nc6");
    expect_token(l, 0, ARB_PGN_TOK_MOVE_NUMBER, "12");
    cr_assert_eq(l->tok[0].dots, 3);
    expect_token(l, 1, ARB_PGN_TOK_SYMBOL, "Nf6");
    expect_position(l, 1, 1, 5);
    expect_token(l, 2, ARB_PGN_TOK_DOTS, "\xE2\x80\xA6");
    cr_assert_eq(l->tok[2].dots, 3);
    expect_position(l, 3, 1, 11);
    lexed_free(l);
}

Test(pgn_lex, move_number_without_period)
{
    lexed *l = lex_all("9 Nbd2");
    expect_token(l, 0, ARB_PGN_TOK_MOVE_NUMBER, "9");
    cr_assert_eq(l->tok[0].dots, 0);
    expect_token(l, 1, ARB_PGN_TOK_SYMBOL, "Nbd2");
    lexed_free(l);
}

Test(pgn_lex, missing_move_numbers)
{
    lexed *l = lex_all("e4 e5 Nf3");
    cr_assert_eq(l->count, 3);
    for (int i = 0; i < 3; i++)
        cr_assert_eq(l->tok[i].kind, ARB_PGN_TOK_SYMBOL);
    lexed_free(l);
}

/* ---- termination markers, castling, null moves ---------------------------- */

Test(pgn_lex, termination_markers)
{
    lexed *l = lex_all("1-0 0-1 1/2-1/2 * 1/2 \xC2\xBD-\xC2\xBD");
    static const int expected[] = {ARB_PGN_RESULT_WHITE, ARB_PGN_RESULT_BLACK, ARB_PGN_RESULT_DRAW,
                                   ARB_PGN_RESULT_UNKNOWN, ARB_PGN_RESULT_DRAW, ARB_PGN_RESULT_DRAW};
    cr_assert_eq(l->count, 6);
    for (int i = 0; i < 6; i++) {
        cr_assert_eq(l->tok[i].kind, ARB_PGN_TOK_RESULT, "token %d %s", i, l->text[i]);
        cr_assert_eq(l->tok[i].value, expected[i], "token %d %s", i, l->text[i]);
    }
    lexed_free(l);
}

Test(pgn_lex, half_point_draw_with_typographic_dashes)
{
    /* ½–½ (en dash), ½—½ (em dash), ½−½ (minus sign): one draw marker each,
     * three characters wide; ½ ½ and ½x½ are not results */
    lexed *l = lex_all("\xC2\xBD\xE2\x80\x93\xC2\xBD \xC2\xBD\xE2\x80\x94\xC2\xBD "
                       "\xC2\xBD\xE2\x88\x92\xC2\xBD e4 \xC2\xBD \xC2\xBD");
    cr_assert_eq(l->count, 6);
    for (int i = 0; i < 3; i++) {
        cr_assert_eq(l->tok[i].kind, ARB_PGN_TOK_RESULT, "token %d %s", i, l->text[i]);
        cr_assert_eq(l->tok[i].value, ARB_PGN_RESULT_DRAW);
        expect_position(l, i, 1, 1 + 4 * i);
    }
    expect_token(l, 3, ARB_PGN_TOK_SYMBOL, "e4");
    expect_position(l, 3, 1, 13);
    cr_assert_eq(l->tok[4].kind, ARB_PGN_TOK_ERROR);
    expect_position(l, 5, 1, 18);
    lexed_free(l);
}

Test(pgn_lex, castling_with_zeros_is_a_move)
{
    lexed *l = lex_all("0-0 0-0-0 O-O O-O-O+");
    expect_token(l, 0, ARB_PGN_TOK_SYMBOL, "0-0");
    expect_token(l, 1, ARB_PGN_TOK_SYMBOL, "0-0-0");
    expect_token(l, 2, ARB_PGN_TOK_SYMBOL, "O-O");
    expect_token(l, 3, ARB_PGN_TOK_SYMBOL, "O-O-O+");
    lexed_free(l);
}

Test(pgn_lex, null_moves)
{
    lexed *l = lex_all("-- Z0");
    expect_token(l, 0, ARB_PGN_TOK_SYMBOL, "--");
    expect_token(l, 1, ARB_PGN_TOK_SYMBOL, "Z0");
    lexed_free(l);
}

Test(pgn_lex, variations)
{
    lexed *l = lex_all("e4 (d4 (c4)) e5");
    expect_token(l, 1, ARB_PGN_TOK_RAV_OPEN, "(");
    expect_token(l, 3, ARB_PGN_TOK_RAV_OPEN, "(");
    expect_token(l, 5, ARB_PGN_TOK_RAV_CLOSE, ")");
    expect_token(l, 6, ARB_PGN_TOK_RAV_CLOSE, ")");
    expect_position(l, 6, 1, 12);
    lexed_free(l);
}

Test(pgn_lex, moves_with_check_and_promotion)
{
    lexed *l = lex_all("exd8=Q+ Qh4# e8=N");
    expect_token(l, 0, ARB_PGN_TOK_SYMBOL, "exd8=Q+");
    expect_token(l, 1, ARB_PGN_TOK_SYMBOL, "Qh4#");
    expect_token(l, 2, ARB_PGN_TOK_SYMBOL, "e8=N");
    lexed_free(l);
}

/* ---- what real files contain -------------------------------------------- */

Test(pgn_lex, byte_order_mark_is_invisible)
{
    lexed *l = lex_all("\xEF\xBB\xBF[Event \"x\"]\n\xEF\xBB\xBF[Site \"y\"]");
    expect_token(l, 0, ARB_PGN_TOK_TAG_OPEN, "[");
    expect_position(l, 0, 1, 1);
    expect_position(l, 1, 1, 2);
    expect_token(l, 4, ARB_PGN_TOK_TAG_OPEN, "[");
    expect_position(l, 4, 2, 1);
    cr_assert(l->tok[4].flags & ARB_PGN_TF_LINE_FIRST);
    lexed_free(l);
}

Test(pgn_lex, crlf_line_ends)
{
    lexed *l = lex_all("[Event \"x\"]\r\n\r\n1. e4\r\n e5 *\r\n");
    expect_token(l, 4, ARB_PGN_TOK_MOVE_NUMBER, "1");
    expect_position(l, 4, 3, 1);
    expect_token(l, 6, ARB_PGN_TOK_SYMBOL, "e5");
    expect_position(l, 6, 4, 2);
    expect_token(l, 7, ARB_PGN_TOK_RESULT, "*");
    lexed_free(l);
}

Test(pgn_lex, tabs_count_as_one_column)
{
    lexed *l = lex_all("\t1.\te4\t\te5");
    expect_position(l, 0, 1, 2);
    expect_position(l, 1, 1, 5);
    expect_position(l, 2, 1, 9);
    lexed_free(l);
}

Test(pgn_lex, blank_lines_inside_movetext)
{
    lexed *l = lex_all("1. e4\n\n\n e5\n\n*");
    expect_token(l, 2, ARB_PGN_TOK_SYMBOL, "e5");
    expect_position(l, 2, 4, 2);
    cr_assert(l->tok[2].flags & ARB_PGN_TF_LINE_FIRST);
    expect_position(l, 3, 6, 1);
    lexed_free(l);
}

Test(pgn_lex, columns_count_utf8_characters)
{
    /* "é" and "€" are one character each */
    lexed *l = lex_all("{\xC3\xA9\xE2\x82\xAC} e4 [X \"\xC3\xA9\"] e5");
    expect_position(l, 1, 1, 6);
    expect_token(l, 1, ARB_PGN_TOK_SYMBOL, "e4");
    cr_assert(l->tok[0].flags & ARB_PGN_TF_NON_ASCII);
    cr_assert_not(l->tok[0].flags & ARB_PGN_TF_NOT_UTF8);
    expect_position(l, 6, 1, 17);
    lexed_free(l);
}

Test(pgn_lex, windows_1252_text_is_flagged_and_converted)
{
    /* Latin-1 "Müller", and Windows-1252 0x80 (euro) and 0x93/0x94 (quotes) */
    lexed *l = lex_all("[White \"M\xFCller\"] {\x80 \x93hi\x94} e4");
    expect_token(l, 2, ARB_PGN_TOK_STRING, "M\xFCller");
    cr_assert(l->tok[2].flags & ARB_PGN_TF_NOT_UTF8);
    char out[64];
    arb_pgn_text_to_utf8(l->tok[2].text, l->tok[2].len, true, true, false, out);
    cr_assert_str_eq(out, "M\xC3\xBCller");
    cr_assert(l->tok[4].flags & ARB_PGN_TF_NOT_UTF8);
    arb_pgn_text_to_utf8(l->tok[4].text, l->tok[4].len, false, true, true, out);
    cr_assert_str_eq(out, "\xE2\x82\xAC \xE2\x80\x9Chi\xE2\x80\x9D");
    /* one byte, one character */
    expect_position(l, 5, 1, 27);
    lexed_free(l);
}

Test(pgn_lex, comment_text_is_collapsed_and_cleaned)
{
    char out[64];
    const char *text = "  two\n  lines\t and\r\n a bell\x07 ";
    arb_pgn_text_to_utf8(text, strlen(text), false, false, true, out);
    cr_assert_str_eq(out, "two lines and a bell\xEF\xBF\xBD");
}

Test(pgn_lex, nul_padding_is_white_space)
{
    const char text[] = "1-0\0\0\n[Event";
    arb_pgn_lexer lx;
    arb_pgn_lexer_init(&lx, text, sizeof text - 1, true);
    arb_pgn_token t;
    cr_assert_eq(arb_pgn_lex(&lx, &t), ARB_PGN_TOK_RESULT);
    cr_assert_eq(arb_pgn_lex(&lx, &t), ARB_PGN_TOK_TAG_OPEN);
    cr_assert_eq(t.line, 2);
    cr_assert_eq(arb_pgn_lex(&lx, &t), ARB_PGN_TOK_SYMBOL);
    cr_assert_eq(arb_pgn_lex(&lx, &t), ARB_PGN_TOK_EOF);
}

Test(pgn_lex, unexpected_characters)
{
    lexed *l = lex_all("e4 <e5> \xE2\x98\x83 e6");
    expect_token(l, 1, ARB_PGN_TOK_ERROR, "<");
    expect_position(l, 1, 1, 4);
    cr_assert_not_null(strstr(l->tok[1].message, "unexpected character, expected"));
    expect_token(l, 2, ARB_PGN_TOK_SYMBOL, "e5");
    expect_token(l, 3, ARB_PGN_TOK_ERROR, ">");
    expect_token(l, 4, ARB_PGN_TOK_ERROR, "\xE2\x98\x83");
    expect_token(l, 5, ARB_PGN_TOK_SYMBOL, "e6");
    expect_position(l, 5, 1, 11);
    lexed_free(l);
}

Test(pgn_lex, unread_returns_a_line_first_token)
{
    const char *text = "e4 *\n[Event \"x\"]";
    arb_pgn_lexer lx;
    arb_pgn_lexer_init(&lx, text, strlen(text), true);
    arb_pgn_token t, again;
    arb_pgn_lex(&lx, &t);
    arb_pgn_lex(&lx, &t);
    arb_pgn_lex(&lx, &t);
    cr_assert_eq(t.kind, ARB_PGN_TOK_TAG_OPEN);
    arb_pgn_lexer_unread(&lx, &t);
    cr_assert_eq(arb_pgn_lex(&lx, &again), ARB_PGN_TOK_TAG_OPEN);
    cr_assert_eq(again.offset, t.offset);
    cr_assert_eq(again.line, 2);
    cr_assert_eq(again.col, 1);
    cr_assert(again.flags & ARB_PGN_TF_LINE_FIRST);
    arb_pgn_lex(&lx, &again);
    cr_assert_eq(again.col, 2);
}

Test(pgn_lex, result_text_and_parse)
{
    cr_assert_str_eq(arb_pgn_result_text(ARB_PGN_RESULT_WHITE), "1-0");
    cr_assert_str_eq(arb_pgn_result_text(ARB_PGN_RESULT_BLACK), "0-1");
    cr_assert_str_eq(arb_pgn_result_text(ARB_PGN_RESULT_DRAW), "1/2-1/2");
    cr_assert_str_eq(arb_pgn_result_text(ARB_PGN_RESULT_UNKNOWN), "*");
    cr_assert_eq(arb_pgn_result_parse("0-1", 3), ARB_PGN_RESULT_BLACK);
    cr_assert_eq(arb_pgn_result_parse("1/2", 3), ARB_PGN_RESULT_NONE);
    cr_assert_eq(arb_pgn_result_parse("?", 1), ARB_PGN_RESULT_NONE);
}

Test(pgn_lex, utf8_sequence_validation)
{
    cr_assert_eq(arb_utf8_sequence_length((const unsigned char *)"\xC3\xA9", 2), 2);
    cr_assert_eq(arb_utf8_sequence_length((const unsigned char *)"\xE2\x82\xAC", 3), 3);
    cr_assert_eq(arb_utf8_sequence_length((const unsigned char *)"\xF0\x9F\x98\x80", 4), 4);
    cr_assert_eq(arb_utf8_sequence_length((const unsigned char *)"\xC0\xAF", 2), 0, "overlong");
    cr_assert_eq(arb_utf8_sequence_length((const unsigned char *)"\xED\xA0\x80", 3), 0, "surrogate");
    cr_assert_eq(arb_utf8_sequence_length((const unsigned char *)"\xFC", 1), 0);
    cr_assert_eq(arb_utf8_sequence_length((const unsigned char *)"\xE2\x82", 2), 0, "cut short");
}

/* ---- streaming -------------------------------------------------------------- */

/* Lexing through a window that grows one byte at a time (the reader's
 * refill, at its most hostile) gives the same tokens as lexing at once. */
Test(pgn_lex, window_growing_byte_by_byte_gives_the_same_tokens)
{
    const char *text =
        "\xEF\xBB\xBF[Event \"A \\\"quoted\\\" caf\xC3\xA9\"]\r\n\r\n"
        "1. e4 {multi\nline \xE2\x82\xAC} e5!? 2.Nf3 $14 (2. f4 exf4 ; rest\n 3. Nf3) "
        "2... Nc6 12\xE2\x80\xA6 a6 0-0-0 -- Z0 1/2 \xC2\xBD-\xC2\xBD\n%esc\n1/2-1/2";
    lexed *whole = lex_all(text);
    size_t n = strlen(text);
    char *buf = malloc(n + 1);
    arb_pgn_lexer lx;
    size_t avail = 0;
    buf[0] = '\0';
    arb_pgn_lexer_init(&lx, buf, 0, false);
    int count = 0;
    for (;;) {
        arb_pgn_token t;
        int k = arb_pgn_lex(&lx, &t);
        if (k == ARB_PGN_TOK_MORE) {
            cr_assert_lt(avail, n);
            buf[avail] = text[avail];
            avail++;
            buf[avail] = '\0';
            arb_pgn_lexer_rebase(&lx, buf, 0, avail, avail == n);
            continue;
        }
        if (k == ARB_PGN_TOK_EOF)
            break;
        cr_assert_lt(count, whole->count);
        const arb_pgn_token *w = &whole->tok[count];
        cr_assert_eq(t.kind, w->kind, "token %d (%s)", count, whole->text[count]);
        cr_assert_eq(t.len, w->len, "token %d (%s)", count, whole->text[count]);
        cr_assert_eq(memcmp(t.text, w->text, t.len), 0);
        cr_assert_eq(t.line, w->line, "token %d (%s)", count, whole->text[count]);
        cr_assert_eq(t.col, w->col, "token %d (%s)", count, whole->text[count]);
        cr_assert_eq(t.value, w->value);
        cr_assert_eq(t.dots, w->dots);
        cr_assert_eq(t.flags, w->flags, "token %d (%s)", count, whole->text[count]);
        count++;
    }
    cr_assert_eq(count, whole->count);
    free(buf);
    lexed_free(whole);
}
