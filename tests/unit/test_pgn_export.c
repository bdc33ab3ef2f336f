/* test_pgn_export.c — games as JSON, CSV and EPD (pgn_export.h): nested
 * variations and the comments and NAGs of each move, clock and engine
 * commands parsed, repeated tags kept, CSV quoting and columns, one EPD line
 * per main-line position with its clocks. */
#include "test_pgn_helpers.h"

#include "pgn_export.h"

static char *export_text(const char *pgn, int format, const char *columns)
{
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    read_ok(pgn, &g);
    arb_strbuf out = {0};
    bool ok = format == ARB_PGN_EXPORT_JSON  ? arb_pgn_export_json(&g, &out, NULL, NULL)
              : format == ARB_PGN_EXPORT_CSV ? arb_pgn_export_csv(&g, columns, &out, NULL, NULL)
                                             : arb_pgn_export_epd(&g, &out, NULL, NULL);
    cr_assert(ok);
    arb_pgn_game_free(&g);
    char *s = strndup(out.data, out.len);
    arb_strbuf_free(&out);
    return s;
}

Test(pgn_export, json_nests_variations_under_the_move_they_replace)
{
    char *j = export_text("1. e4 e5 (1... c5 2. Nf3 (2. c3) d6) (1... e6) 2. Nf3 *", ARB_PGN_EXPORT_JSON, NULL);
    cr_assert_not_null(strstr(j, "{\"san\":\"e5\",\"uci\":\"e7e5\",\"variations\":[[{\"san\":\"c5\",\"uci\":\"c7c5\"},"
                                 "{\"san\":\"Nf3\",\"uci\":\"g1f3\",\"variations\":[[{\"san\":\"c3\",\"uci\":\"c2c3\"}]]},"
                                 "{\"san\":\"d6\",\"uci\":\"d7d6\"}],[{\"san\":\"e6\",\"uci\":\"e7e6\"}]]},"
                                 "{\"san\":\"Nf3\",\"uci\":\"g1f3\"}]"),
                      "%s", j);
    cr_assert_not_null(strstr(j, "\"plies\":3,\"final_fen\":\"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\"}\n"), "%s", j);
    free(j);
}

Test(pgn_export, json_annotations_and_commands)
{
    char *j = export_text("{opening} 1. e4 $1 {[%clk 1:02:03.5] [%emt 0:00:07] [%eval -0.25]} $3 e5 {[%eval #-3]} *",
                          ARB_PGN_EXPORT_JSON, NULL);
    cr_assert_not_null(strstr(j, "\"comments_before\":[\"opening\"],\"nags\":[1,3],\"comments\":[\"[%clk 1:02:03.5] "
                                 "[%emt 0:00:07] [%eval -0.25]\"],\"clk\":3723.5,\"emt\":7,\"eval\":-0.25}"),
                      "%s", j);
    cr_assert_not_null(strstr(j, "\"mate\":-3}"), "%s", j);
    free(j);
}

Test(pgn_export, json_keeps_repeated_tags_and_a_custom_start)
{
    char *j = export_text("[White \"A\"]\n[White \"B\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O *",
                          ARB_PGN_EXPORT_JSON, NULL);
    cr_assert_not_null(strstr(j, "\"tags\":{\"White\":\"A\",\"FEN\":\"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"},"
                                 "\"repeated_tags\":[[\"White\",\"B\"]]"), "%s", j);
    cr_assert_not_null(strstr(j, "\"start_fen\":\"4k3/8/8/8/8/8/8/4K2R w K - 0 1\""), "%s", j);
    cr_assert_not_null(strstr(j, "{\"san\":\"O-O\",\"uci\":\"e1g1\"}"), "%s", j);
    free(j);
}

Test(pgn_export, csv_quotes_fields_and_leaves_missing_tags_empty)
{
    char *c = export_text("[White \"Doe, \\\"J\\\"\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0", ARB_PGN_EXPORT_CSV,
                          "White,Black,result,plies,moves,uci");
    cr_assert_str_eq(c, "\"Doe, \"\"J\"\"\",,1-0,2,e4 e5,e2e4 e7e5\n");
    free(c);
    arb_strbuf h = {0};
    cr_assert(arb_pgn_export_csv_header("White,a\"b", &h));
    cr_assert_eq(strncmp(h.data, "White,\"a\"\"b\"\n", h.len), 0);
    arb_strbuf_free(&h);
}

Test(pgn_export, epd_has_a_line_per_position_with_its_clocks)
{
    char *e = export_text("1. Nf3 Nf6 *", ARB_PGN_EXPORT_EPD, NULL);
    cr_assert_str_eq(e, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc 0; fmvn 1; game 0; ply 0;\n"
                        "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - hmvc 1; fmvn 1; game 0; ply 1;\n"
                        "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - hmvc 2; fmvn 2; game 0; ply 2;\n");
    free(e);
}
