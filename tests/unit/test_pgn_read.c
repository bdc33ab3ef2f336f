/* test_pgn_read.c — the streaming reader: games, replay of main line and
 * variations, start positions, tolerance of real files, every error message
 * with its position, resynchronisation, and streaming across buffer ends. */
#include "test_pgn_helpers.h"

#include "san.h"

static int count_kind(const arb_pgn_game *g, int kind)
{
    int n = 0;
    for (size_t i = 0; i < g->item_count; i++)
        n += g->items[i].kind == kind;
    return n;
}

static void expect_end_fen(const arb_pgn_game *g, const char *fen)
{
    char buf[ARB_FEN_MAX];
    cr_assert_str_eq(fen_str(&g->end, buf), fen);
}

/* ---- games ------------------------------------------------------------ */

Test(pgn_read, one_game_with_tags_and_moves)
{
    arb_pgn_game g;
    read_ok("[Event \"Test\"]\n[White \"A \\\"B\\\"\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n", &g);
    cr_assert_eq(g.tag_count, 2);
    cr_assert_str_eq(arb_pgn_game_tag(&g, "Event"), "Test");
    cr_assert_str_eq(arb_pgn_game_tag(&g, "White"), "A \"B\"");
    cr_assert_eq(g.main_line_plies, 4);
    cr_assert_eq(g.result, ARB_PGN_RESULT_WHITE);
    cr_assert_eq(g.line, 1);
    cr_assert_eq(g.col, 1);
    expect_end_fen(&g, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    cr_assert_eq(g.items[2].kind, ARB_PGN_ITEM_MOVE);
    cr_assert_eq(g.items[2].line, 4);
    cr_assert_eq(g.items[2].col, 13);
    cr_assert_eq(g.items[3].ply, 3);
    arb_pgn_game_free(&g);
}

Test(pgn_read, several_games_and_end)
{
    const char *text = "[Event \"1\"]\n\n1. d4 *\n\n[Event \"2\"]\n\n1. c4 c5 0-1\n";
    arb_pgn_reader *r = reader_on(text, strlen(text), NULL);
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    arb_status st;
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_GAME);
    cr_assert_str_eq(arb_pgn_game_tag(&g, "Event"), "1");
    cr_assert_eq(g.result, ARB_PGN_RESULT_UNKNOWN);
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_GAME);
    cr_assert_str_eq(arb_pgn_game_tag(&g, "Event"), "2");
    cr_assert_eq(g.main_line_plies, 2);
    cr_assert_eq(g.line, 5);
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_END);
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_END);
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
}

Test(pgn_read, empty_input_has_no_games)
{
    arb_pgn_game g;
    cr_assert_eq(read_first("", NULL, &g), ARB_PGN_READ_END);
    cr_assert_eq(read_first("\n\n  \n%only an escape line\n", NULL, &g), ARB_PGN_READ_END);
    arb_pgn_game_free(&g);
}

Test(pgn_read, game_without_tags)
{
    arb_pgn_game g;
    read_ok("1. e4 e5 1/2-1/2", &g);
    cr_assert_eq(g.tag_count, 0);
    cr_assert_eq(g.main_line_plies, 2);
    cr_assert_eq(g.result, ARB_PGN_RESULT_DRAW);
    arb_pgn_game_free(&g);
}

Test(pgn_read, game_without_moves)
{
    arb_pgn_game g;
    read_ok("[Event \"x\"]\n[Result \"*\"]\n\n*\n", &g);
    cr_assert_eq(g.item_count, 0);
    cr_assert_eq(g.result, ARB_PGN_RESULT_UNKNOWN);
    arb_pgn_game_free(&g);
}

Test(pgn_read, missing_result_ends_at_the_next_tag_line)
{
    const char *text = "[Event \"a\"]\n\n1. e4 e5\n\n[Event \"b\"]\n\n1. d4 *";
    arb_pgn_reader *r = reader_on(text, strlen(text), NULL);
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    arb_status st;
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_GAME);
    cr_assert_eq(g.error_count, 0);
    cr_assert_eq(g.result, ARB_PGN_RESULT_NONE);
    cr_assert_eq(arb_pgn_game_result(&g), ARB_PGN_RESULT_UNKNOWN);
    cr_assert_eq(g.main_line_plies, 2);
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_GAME);
    cr_assert_str_eq(arb_pgn_game_tag(&g, "Event"), "b");
    cr_assert_eq(g.line, 5);
    cr_assert_eq(g.col, 1);
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
}

Test(pgn_read, missing_result_at_the_end_of_input)
{
    arb_pgn_game g;
    read_ok("[Event \"a\"]\n\n1. e4 e5", &g);
    cr_assert_eq(g.main_line_plies, 2);
    cr_assert_eq(g.result, ARB_PGN_RESULT_NONE);
    arb_pgn_game_free(&g);
}

Test(pgn_read, half_as_a_result)
{
    arb_pgn_game g;
    read_ok("1. e4 e5 1/2", &g);
    cr_assert_eq(g.result, ARB_PGN_RESULT_DRAW);
    arb_pgn_game_free(&g);
}

Test(pgn_read, every_move_number_form)
{
    arb_pgn_game g;
    read_ok("1. e4 1... e5 2 . Nf3 2 ... Nc6 3.Bb5 3...a6 4\xE2\x80\xA6 Ba4 Nf6 5 O-O Be7 *", &g);
    cr_assert_eq(g.main_line_plies, 10);
    cr_assert_eq(g.error_count, 0);
    arb_pgn_game_free(&g);
}

Test(pgn_read, comments_nags_and_escapes)
{
    arb_pgn_game g;
    read_ok("%escape line\n{before} 1. e4! {after\n  e4} $14 e5 ; rest of line\n *", &g);
    cr_assert_eq(g.item_count, 7);
    cr_assert_eq(g.items[0].kind, ARB_PGN_ITEM_COMMENT);
    cr_assert_str_eq(g.items[0].text, "before");
    cr_assert_eq(g.items[1].kind, ARB_PGN_ITEM_MOVE);
    cr_assert_eq(g.items[2].kind, ARB_PGN_ITEM_NAG);
    cr_assert_eq(g.items[2].nag, 1);
    cr_assert_str_eq(g.items[3].text, "after e4");
    cr_assert_eq(g.items[4].nag, 14);
    cr_assert_eq(g.items[6].kind, ARB_PGN_ITEM_COMMENT);
    cr_assert_str_eq(g.items[6].text, "rest of line");
    arb_pgn_game_free(&g);
}

Test(pgn_read, skip_comments_keeps_moves_nags_and_draw_offers)
{
    arb_pgn_reader_options opt = {.skip_comments = true};
    arb_pgn_game g;
    int rc = read_first("{before} 1. e4! {after\n  e4 \xff} $14 e5 (=) ; rest of line\n2. Nf3 *", &opt, &g);
    cr_assert_eq(rc, ARB_PGN_READ_GAME);
    cr_assert_eq(g.error_count, 0);
    cr_assert_eq(g.item_count, 6);
    cr_assert_eq(g.items[0].kind, ARB_PGN_ITEM_MOVE);
    cr_assert_eq(g.items[1].kind, ARB_PGN_ITEM_NAG);
    cr_assert_eq(g.items[2].nag, 14);
    cr_assert_eq(g.items[3].kind, ARB_PGN_ITEM_MOVE);
    /* the reader's own "(=)" item for the draw offer stays */
    cr_assert_eq(g.items[4].kind, ARB_PGN_ITEM_COMMENT);
    cr_assert_str_eq(g.items[4].text, "(=)");
    cr_assert_eq(g.items[5].kind, ARB_PGN_ITEM_MOVE);
    cr_assert_eq(g.main_line_plies, 3);
    arb_pgn_game_free(&g);
}

Test(pgn_read, crlf_bom_tabs_and_blank_lines)
{
    arb_pgn_game g;
    read_ok("\xEF\xBB\xBF[Event \"x\"]\r\n\r\n1.\te4\r\n\r\n\te5\r\n\r\n2. Nf3 *\r\n", &g);
    cr_assert_eq(g.main_line_plies, 3);
    cr_assert_eq(g.items[2].line, 7);
    cr_assert_eq(g.items[2].col, 4);
    arb_pgn_game_free(&g);
}

Test(pgn_read, windows_1252_text_is_converted_with_a_note)
{
    arb_pgn_game g;
    read_ok("[White \"M\xFCller\"]\n\n{Schl\xFC\x73sel} 1. e4 *", &g);
    cr_assert_str_eq(arb_pgn_game_tag(&g, "White"), "M\xC3\xBCller");
    cr_assert_str_eq(g.items[0].text, "Schl\xC3\xBCssel");
    cr_assert(g.converted_encoding);
    const arb_pgn_diag *note = first_diag(&g, ARB_PGN_NOTE);
    cr_assert_not_null(note);
    cr_assert_eq(note->line, 1);
    cr_assert_eq(note->col, 8);
    cr_assert_not_null(strstr(note->message, "Windows-1252"));
    cr_assert_eq(g.diag_count, 1, "one note per game");
    arb_pgn_game_free(&g);
}

Test(pgn_read, utf8_text_is_kept_without_a_note)
{
    arb_pgn_game g;
    read_ok("[White \"M\xC3\xBCller\"]\n\n1. e4 *", &g);
    cr_assert_str_eq(arb_pgn_game_tag(&g, "White"), "M\xC3\xBCller");
    cr_assert_eq(g.diag_count, 0);
    arb_pgn_game_free(&g);
}

Test(pgn_read, trailing_backslash_in_a_tag_value_is_kept_with_a_note)
{
    arb_pgn_game g;
    read_ok("[Event \"C:\\games\\\"]\n\n1. e4 *", &g);
    cr_assert_str_eq(arb_pgn_game_tag(&g, "Event"), "C:\\games\\");
    const arb_pgn_diag *note = first_diag(&g, ARB_PGN_NOTE);
    cr_assert_not_null(note);
    cr_assert_not_null(strstr(note->message, "backslash"));
    arb_pgn_game_free(&g);
}

Test(pgn_read, fen_fullmove_zero_is_read_as_one)
{
    arb_pgn_game g;
    read_ok("[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 0\"]\n\n1. e4 *", &g);
    cr_assert_eq(g.start.fullmove_number, 1);
    const arb_pgn_diag *note = first_diag(&g, ARB_PGN_NOTE);
    cr_assert_not_null(note);
    cr_assert_not_null(strstr(note->message, "fullmove number 0"));
    arb_pgn_game_free(&g);
}

Test(pgn_read, annotation_symbols_become_nags)
{
    arb_pgn_game g;
    read_ok("1. e4 += e5 N 2. Nf3 +- *", &g);
    cr_assert_eq(g.items[1].kind, ARB_PGN_ITEM_NAG);
    cr_assert_eq(g.items[1].nag, 14);
    cr_assert_eq(g.items[3].nag, 146);
    cr_assert_eq(g.items[5].nag, 18);
    arb_pgn_game_free(&g);
}

Test(pgn_read, game_without_tags_after_game_without_marker)
{
    /* "1." opening a line after a blank line, past move 1: a new game */
    const char *text = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 {no result}\n\n1. d4 d5 *\n";
    arb_pgn_reader *r = reader_on(text, strlen(text), NULL);
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    arb_status st;
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_GAME);
    cr_assert_eq(g.error_count, 0);
    cr_assert_eq(g.main_line_plies, 3);
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_GAME);
    cr_assert_eq(g.error_count, 0);
    cr_assert_eq(g.tag_count, 0);
    cr_assert_eq(g.main_line_plies, 2);
    cr_assert_eq(g.line, 5);
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_END);
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
}

Test(pgn_read, unterminated_comment_does_not_swallow_the_next_game)
{
    const char *text = "[Event \"a\"]\n\n1. e4 {open\n*\n\n[Event \"b\"]\n\n1. d4 *\n";
    arb_pgn_reader *r = reader_on(text, strlen(text), NULL);
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    arb_status st;
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_GAME);
    cr_assert_eq(g.error_count, 1);
    cr_assert_eq(g.diags[0].line, 3);
    cr_assert_eq(g.diags[0].col, 7);
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_GAME);
    cr_assert_str_eq(arb_pgn_game_tag(&g, "Event"), "b");
    cr_assert_eq(g.error_count, 0);
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
}

/* ---- replay ----------------------------------------------------------- */

Test(pgn_read, variation_starts_before_the_move_it_replaces)
{
    arb_pgn_game g;
    read_ok("1. e4 (1. d4 d5 2. c4) 1... e5 (1... c5 2. Nf3 (2. c3) d6) 2. Nf3 *", &g);
    cr_assert_eq(count_kind(&g, ARB_PGN_ITEM_VARIATION_START), 3);
    cr_assert_eq(count_kind(&g, ARB_PGN_ITEM_VARIATION_END), 3);
    cr_assert_eq(g.main_line_plies, 3);
    expect_end_fen(&g, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    arb_pgn_game_free(&g);
}

Test(pgn_read, variation_move_illegal_from_the_wrong_position)
{
    /* 1... d5 is legal after 1. d4 but here the variation replaces 1... e5,
     * so it starts after 1. e4: 2. exd5 is then legal, 2. Nc3 too */
    arb_pgn_game g;
    read_ok("1. e4 e5 (1... d5 2. exd5) 2. Nf3 *", &g);
    arb_pgn_game_free(&g);
    expect_error("1. e4 e5 (2. d4) *", NULL, 1, 14, "illegal move \"d4\"", "Black's move 1",
                 "expected one of");
}

Test(pgn_read, several_variations_on_one_move)
{
    arb_pgn_game g;
    read_ok("1. e4 (1. d4) (1. c4) (1. Nf3 Nf6) e5 *", &g);
    cr_assert_eq(count_kind(&g, ARB_PGN_ITEM_VARIATION_START), 3);
    arb_pgn_game_free(&g);
}

Test(pgn_read, deep_nesting_within_the_limit)
{
    /* 200 nested variations, each replacing the previous line's only move */
    size_t cap = 200 * 16 + 64;
    char *text = malloc(cap);
    size_t n = (size_t)snprintf(text, cap, "1. e4");
    for (int i = 0; i < 200; i++)
        n += (size_t)snprintf(text + n, cap - n, " (1. %s", i % 2 ? "d4" : "c4");
    for (int i = 0; i < 200; i++)
        text[n++] = ')';
    snprintf(text + n, cap - n, " *");
    arb_pgn_game g;
    read_ok(text, &g);
    cr_assert_eq(count_kind(&g, ARB_PGN_ITEM_VARIATION_START), 200);
    arb_pgn_game_free(&g);
    free(text);
}

Test(pgn_read, million_nested_parentheses_are_an_error_not_a_crash)
{
    size_t n = 1000000;
    char *text = malloc(n + 32);
    memcpy(text, "1. e4 ", 6);
    memset(text + 6, '(', n);
    memcpy(text + 6 + n, " *\n1. d4 *", 11);
    arb_pgn_reader *r = reader_on(text, strlen(text), NULL);
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    arb_status st;
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_GAME);
    const arb_pgn_diag *d = first_diag(&g, ARB_PGN_ERROR);
    cr_assert_not_null(d);
    /* the second '(' opens a variation inside one that has no move yet */
    cr_assert_eq(d->line, 1);
    cr_assert_eq(d->col, 8, "col %d: %s", d->col, d->message);
    cr_assert_not_null(strstr(d->message, "'(' before any move"), "%s", d->message);
    cr_assert(g.raw_complete);
    cr_assert_eq(g.raw_len, n + 8 + 1);
    /* the reader goes on with the next game */
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_GAME);
    cr_assert_eq(g.error_count, 0);
    cr_assert_eq(g.main_line_plies, 1);
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
    free(text);
}

Test(pgn_read, million_nested_variations_hit_the_depth_limit)
{
    size_t n = 1000000;
    char *text = malloc(7 * n + 32);
    memcpy(text, "1. e4", 5);
    size_t len = 5;
    for (size_t i = 0; i < n; i++) {
        memcpy(text + len, i % 2 ? " (1. c4" : " (1. d4", 7);
        len += 7;
    }
    strcpy(text + len, " *\n1. d4 *");
    arb_pgn_reader *r = reader_on(text, strlen(text), NULL);
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    arb_status st;
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_GAME);
    const arb_pgn_diag *d = first_diag(&g, ARB_PGN_ERROR);
    cr_assert_not_null(d);
    /* the 257th '(' is too deep: it stands at column 5 + 256 * 7 + 2 */
    cr_assert_eq(d->line, 1);
    cr_assert_eq(d->col, 5 + 256 * 7 + 2, "col %d: %s", d->col, d->message);
    cr_assert_not_null(strstr(d->message, "nested more than 256 deep"), "%s", d->message);
    cr_assert_not_null(strstr(d->message, "expected at most 256"));
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_GAME);
    cr_assert_eq(g.error_count, 0);
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_END);
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
    free(text);
}

Test(pgn_read, depth_limit_can_be_set)
{
    const char *text = "1. e4 (1. d4 (1. c4 (1. Nf3))) *";
    arb_pgn_reader_options opt = {.max_depth = 2};
    expect_error(text, &opt, 1, 21, "nested more than 2 deep");
    arb_pgn_reader *r = reader_on(text, strlen(text), NULL);
    arb_pgn_reader_set_max_depth(r, 3);
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    arb_status st;
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_GAME);
    cr_assert_eq(g.error_count, 0);
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
}

Test(pgn_read, null_moves_in_variations)
{
    arb_pgn_game g;
    read_ok("1. e4 e5 (1... -- 2. d4) 2. Nf3 (2. Z0 Nc6) *", &g);
    cr_assert_eq(g.items[3].move, ARB_MOVE_NULL);
    cr_assert_eq(g.main_line_plies, 3);
    arb_pgn_game_free(&g);
}

Test(pgn_read, null_moves_in_the_main_line_when_enabled)
{
    expect_error("1. e4 -- 2. d4 *", NULL, 1, 7, "null move in the main line");
    arb_pgn_reader_options opt = {.null_moves_in_main_line = true};
    arb_pgn_game g;
    cr_assert_eq(read_first("1. e4 -- 2. d4 *", &opt, &g), ARB_PGN_READ_GAME);
    cr_assert_eq(g.error_count, 0);
    cr_assert_eq(g.main_line_plies, 3);
    arb_pgn_game_free(&g);
}

Test(pgn_read, null_move_in_check_is_an_error)
{
    expect_error("1. e4 f5 2. Qh5+ g6 (2... --) *", NULL, 1, 27, "null move while Black is in check",
                 "answers the check");
}

Test(pgn_read, fen_and_setup_tags)
{
    arb_pgn_game g;
    read_ok("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 40\"]\n\n40. e4 Kd7 41. e5 *", &g);
    cr_assert(g.custom_start);
    cr_assert_eq(g.items[0].ply, 78);
    expect_end_fen(&g, "8/3k4/8/4P3/8/8/8/4K3 b - - 0 41");
    arb_pgn_game_free(&g);
}

Test(pgn_read, fen_with_black_to_move)
{
    arb_pgn_game g;
    read_ok("[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 1\"]\n\n1... Kd7 2. e4 *", &g);
    cr_assert_eq(g.items[0].ply, 1);
    arb_pgn_game_free(&g);
}

Test(pgn_read, chess960_castling_from_the_fen_rook_files)
{
    /* king f1 between rooks e1 and g1: O-O swaps king and rook at once */
    arb_pgn_game g;
    read_ok("[Variant \"Chess960\"]\n[FEN \"bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1\"]\n\n"
            "1. O-O O-O *", &g);
    cr_assert(g.start.chess960);
    cr_assert_eq(arb_move_type(g.items[0].move), ARB_MOVE_CASTLING);
    cr_assert_eq(arb_move_type(g.items[1].move), ARB_MOVE_CASTLING);
    expect_end_fen(&g, "bqnbrrkn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRRKN w - - 2 2");
    arb_pgn_game_free(&g);
}

Test(pgn_read, chess960_variant_without_fen_uses_the_start_array)
{
    arb_pgn_game g;
    read_ok("[Variant \"chess 960\"]\n\n1. e4 *", &g);
    cr_assert(g.start.chess960);
    cr_assert_not(g.custom_start);
    arb_pgn_game_free(&g);
}

Test(pgn_read, coordinate_moves_are_accepted)
{
    arb_pgn_game g;
    read_ok("1. e2e4 e7e5 2. g1f3 *", &g);
    cr_assert_eq(g.main_line_plies, 3);
    arb_pgn_game_free(&g);
}

Test(pgn_read, recorded_san_is_canonical)
{
    arb_pgn_reader_options opt = {.record_san = true};
    arb_pgn_game g;
    cr_assert_eq(read_first("1. e2e4 e7e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qf7 *", &opt, &g),
                 ARB_PGN_READ_GAME);
    cr_assert(g.san_recorded);
    cr_assert_str_eq(g.items[0].san, "e4");
    cr_assert_str_eq(g.items[6].san, "Qxf7#");
    arb_pgn_game_free(&g);
}

Test(pgn_read, tags_only_skips_the_movetext)
{
    arb_pgn_reader_options opt = {.tags_only = true};
    arb_pgn_game g;
    cr_assert_eq(read_first("[Event \"x\"]\n\n1. e4 (1. Zz9) e5 *", &opt, &g), ARB_PGN_READ_GAME);
    cr_assert_eq(g.error_count, 0);
    cr_assert_eq(g.item_count, 0);
    cr_assert_eq(g.tag_count, 1);
    arb_pgn_game_free(&g);
}

/* ---- error messages, each with its position ------------------------------ */

Test(pgn_read, error_illegal_move)
{
    expect_error("[Event \"x\"]\n\n1. e4 e5 2. Ke3 *", NULL, 3, 13, "illegal move \"Ke3\"",
                 "White's move 2", "expected one of Ke2");
}

Test(pgn_read, error_ambiguous_move)
{
    expect_error("[FEN \"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1\"]\n\n1. Nd2 *", NULL, 3, 4,
                 "ambiguous move \"Nd2\"", "expected one of Nbd2, Nfd2");
}

Test(pgn_read, error_missing_promotion_piece)
{
    expect_error("[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. a8 *", NULL, 3, 4,
                 "bad promotion \"a8\"", "expected one of a8=", "a8=Q");
}

Test(pgn_read, error_not_a_move)
{
    expect_error("1. e4 Xe5 *", NULL, 1, 7, "\"Xe5\" is not a move", "Black's move 1",
                 "expected a move in SAN");
}

Test(pgn_read, error_move_after_checkmate)
{
    expect_error("1. f3 e5 2. g4 Qh4# 3. a3 *", NULL, 1, 24, "after the game ended in checkmate",
                 "expected a termination marker");
}

Test(pgn_read, error_unmatched_close_parenthesis)
{
    expect_error("1. e4 e5 ) *", NULL, 1, 10, "')' without a matching '('");
}

Test(pgn_read, error_variation_before_any_move)
{
    expect_error("(1. d4) 1. e4 *", NULL, 1, 1, "'(' before any move",
                 "expected a move for the variation to replace");
    expect_error("1. e4 ((1. d4)) *", NULL, 1, 8, "'(' before any move");
}

Test(pgn_read, error_termination_marker_inside_a_variation)
{
    expect_error("1. e4 e5 (1... c5 *", NULL, 1, 19, "termination marker inside the variation opened at 1:10",
                 "expected ')'");
}

Test(pgn_read, error_end_of_input_inside_a_variation)
{
    expect_error("1. e4 e5 (1... c5", NULL, 1, 18, "end of the game inside the variation opened at 1:10",
                 "expected ')'");
}

Test(pgn_read, error_tag_bracket_inside_movetext)
{
    expect_error("1. e4 [Site \"x\"] e5 *", NULL, 1, 7, "unexpected '['", "tag line must start a line",
                 "expected a move");
}

Test(pgn_read, error_string_in_movetext)
{
    expect_error("1. e4 \"e5\" *", NULL, 1, 7, "unexpected string \"e5\" in movetext");
}

Test(pgn_read, error_bad_character_in_movetext)
{
    expect_error("1. e4 <e5> *", NULL, 1, 7, "unexpected character", "\"<\"");
}

Test(pgn_read, error_tag_without_name)
{
    expect_error("[\"Somewhere\"]\n\n*", NULL, 1, 2, "in a tag pair", "expected a tag name");
}

Test(pgn_read, error_tag_without_value)
{
    expect_error("[Site]\n\n*", NULL, 1, 6, "unexpected ']'", "expected a quoted value after the tag name Site");
}

Test(pgn_read, error_tag_without_closing_bracket)
{
    expect_error("[Event \"x\"\n\n1. e4 *", NULL, 3, 1, "expected ']' after the value of tag Event");
}

Test(pgn_read, error_unterminated_tag_value)
{
    expect_error("[Event \"x\"]\n[Site \"Somewhere\non the Earth\"]\n\n1. e4 *", NULL, 2, 7,
                 "unterminated string", "expected '\"'");
}

Test(pgn_read, error_unescaped_quote_in_tag_value)
{
    expect_error("[Site \"Somewhere \" else\"]\n\n1. e4 *", NULL, 1, 20, "unexpected symbol \"else\"",
                 "expected ']'");
}

Test(pgn_read, error_bad_fen)
{
    expect_error("[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*", NULL, 2, 7, "bad FEN tag");
}

Test(pgn_read, error_unsupported_variant)
{
    expect_error("[Variant \"Crazyhouse\"]\n\n1. e4 *", NULL, 1, 10, "variant \"Crazyhouse\" is not supported",
                 "expected Standard or Chess960");
}

Test(pgn_read, error_comment_outside_any_game)
{
    expect_error("{just a comment}\n", NULL, 1, 1, "comment outside any game");
}

Test(pgn_read, error_unterminated_comment)
{
    expect_error("1. e4 {open\n\n1-0", NULL, 1, 7, "unterminated comment", "expected '}'");
}

Test(pgn_read, warning_result_contradicts_marker)
{
    arb_pgn_game g;
    read_ok("[Result \"0-1\"]\n\n1. e4 1-0", &g);
    const arb_pgn_diag *d = first_diag(&g, ARB_PGN_WARNING);
    cr_assert_not_null(d);
    cr_assert_eq(d->line, 3);
    cr_assert_eq(d->col, 7);
    cr_assert_not_null(strstr(d->message, "contradicts the Result tag"));
    cr_assert_eq(arb_pgn_game_result(&g), ARB_PGN_RESULT_BLACK);
    arb_pgn_game_free(&g);
}

/* ---- recovery ---------------------------------------------------------- */

Test(pgn_read, errors_never_abort_the_stream)
{
    const char *text =
        "[Event \"1\"]\n\n1. e4 e5 2. Ke3 Nc6 (2... Nf6) 3. Bb5 1-0\n\n"
        "[Event \"2\"]\n\n1. d4 d5 *\n\n"
        "[Event \"3\"]\n[Site \"a\" x]\n\n1. c4 *\n\n"
        "[Event \"4\"]\n\n1. e4 ) 2. Nf3\n\n"
        "[Event \"5\"]\n\n1. Nf3 *\n";
    arb_pgn_reader *r = reader_on(text, strlen(text), NULL);
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    arb_status st;
    static const size_t errors[] = {1, 0, 1, 1, 0};
    for (int i = 0; i < 5; i++) {
        cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_GAME, "game %d", i + 1);
        char event[2] = {(char)('1' + i), 0};
        cr_assert_str_eq(arb_pgn_game_tag(&g, "Event"), event);
        cr_assert_eq(g.error_count, errors[i], "game %d: %zu errors", i + 1, g.error_count);
    }
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_END);
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
}

Test(pgn_read, bad_game_keeps_its_original_bytes)
{
    const char *bad = "[Event \"bad\"]\r\n\r\n1. e4 e5 2. Ke3 {kept} 1-0\r\n";
    char text[256];
    snprintf(text, sizeof text, "%s\r\n[Event \"next\"]\n\n1. d4 *\n", bad);
    arb_pgn_reader *r = reader_on(text, strlen(text), NULL);
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    arb_status st;
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_GAME);
    cr_assert_eq(g.error_count, 1);
    cr_assert(g.raw_complete);
    cr_assert_eq(g.raw_len, strlen(bad));
    cr_assert_eq(memcmp(g.raw, bad, g.raw_len), 0);
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_GAME);
    cr_assert_eq(g.error_count, 0);
    cr_assert_eq(memcmp(g.raw, "[Event \"next\"]\n\n1. d4 *\n", g.raw_len), 0);
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
}

Test(pgn_read, tag_error_keeps_the_game_together)
{
    /* the bad Site value spans two lines; the game is still one game */
    const char *text = "[Event \"x\"]\n[Site \"Somewhere\non the Earth\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n"
                       "\n[Event \"y\"]\n\n1. d4 *\n";
    arb_pgn_reader *r = reader_on(text, strlen(text), NULL);
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    arb_status st;
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_GAME);
    cr_assert_gt(g.error_count, 0);
    cr_assert_eq(g.result, ARB_PGN_RESULT_WHITE);
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_GAME);
    cr_assert_str_eq(arb_pgn_game_tag(&g, "Event"), "y");
    cr_assert_eq(g.error_count, 0);
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_END);
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
}

/* ---- streaming --------------------------------------------------------- */

/* Many games (several refills of the 1 MiB buffer): every game is read, and
 * positions stay exact far into the stream. */
Test(pgn_read, many_games_across_buffer_refills)
{
    const char *game = "[Event \"e\"]\n[Site \"s\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {A comment to make "
                       "the game longer than it needs to be.} 4. Ba4 Nf6 1/2-1/2\n\n";
    size_t glen = strlen(game), count = 30000;
    char *text = malloc(glen * count + 64);
    for (size_t i = 0; i < count; i++)
        memcpy(text + i * glen, game, glen);
    const char *tail = "[Event \"last\"]\n\n1. e4 e5 2. Ke3 *\n";
    strcpy(text + glen * count, tail);
    arb_pgn_reader *r = reader_on(text, strlen(text), NULL);
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    arb_status st;
    size_t n = 0;
    while (arb_pgn_read(r, &g, &st) == ARB_PGN_READ_GAME) {
        n++;
        if (n <= count) {
            cr_assert_eq(g.error_count, 0, "game %zu: %s", n, g.diags[0].message);
            cr_assert_eq(g.raw_len, glen - 1);
            cr_assert_eq(g.line, (int32_t)(1 + (n - 1) * 5));
        } else {
            cr_assert_eq(g.error_count, 1);
            cr_assert_eq(g.diags[0].line, (int32_t)(count * 5 + 3));
            cr_assert_eq(g.diags[0].col, 13);
        }
    }
    cr_assert_eq(n, count + 1);
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
    free(text);
}

Test(pgn_read, comment_longer_than_the_buffer)
{
    size_t n = 3u << 20;
    char *text = malloc(n + 64);
    memcpy(text, "1. e4 {", 7);
    memset(text + 7, 'x', n);
    strcpy(text + 7 + n, "} e5 *");
    arb_pgn_game g;
    read_ok(text, &g);
    cr_assert_eq(g.items[1].kind, ARB_PGN_ITEM_COMMENT);
    cr_assert_eq(g.items[1].len, n);
    cr_assert_eq(g.main_line_plies, 2);
    arb_pgn_game_free(&g);
    free(text);
}

Test(pgn_read, game_longer_than_the_limit_is_read_without_raw)
{
    size_t n = 3u << 20;
    char *text = malloc(n + 64);
    strcpy(text, "1. e4 ");
    size_t len = 6;
    while (len < n) {
        memcpy(text + len, "{x} ", 4);
        len += 4;
    }
    strcpy(text + len, "e5 *");
    arb_pgn_reader_options opt = {.max_game_bytes = 1u << 20};
    arb_pgn_game g;
    cr_assert_eq(read_first(text, &opt, &g), ARB_PGN_READ_GAME);
    cr_assert_eq(g.error_count, 0);
    cr_assert_eq(g.main_line_plies, 2);
    cr_assert_not(g.raw_complete);
    arb_pgn_game_free(&g);
    free(text);
}
