/* test_pgn_game.c — the game container: tags, items, arena reuse, equality,
 * and the walker's positions through nested variations. */
#include "test_pgn_helpers.h"

#include "san.h"

static arb_move parse_move(const arb_position *pos, const char *san)
{
    arb_move m;
    cr_assert_eq(arb_san_parse(pos, san, strlen(san), &m, NULL), ARB_SAN_OK, "%s", san);
    return m;
}

Test(pgn_game, starts_empty_at_the_start_position)
{
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    char fen[ARB_FEN_MAX];
    cr_assert_str_eq(fen_str(&g.start, fen), ARB_START_FEN);
    cr_assert_eq(g.tag_count, 0);
    cr_assert_eq(g.item_count, 0);
    cr_assert_eq(arb_pgn_game_result(&g), ARB_PGN_RESULT_UNKNOWN);
    cr_assert_null(arb_pgn_game_tag(&g, "Event"));
    arb_pgn_game_free(&g);
}

Test(pgn_game, tags_are_copied_and_replaced)
{
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    char name[] = "White", value[] = "Anand";
    cr_assert(arb_pgn_game_set_tag(&g, name, value));
    value[0] = 'X';
    cr_assert_str_eq(arb_pgn_game_tag(&g, "White"), "Anand");
    cr_assert(arb_pgn_game_set_tag(&g, "White", "Carlsen"));
    cr_assert_eq(g.tag_count, 1);
    cr_assert_str_eq(arb_pgn_game_tag(&g, "White"), "Carlsen");
    cr_assert(arb_pgn_game_add_tag(&g, "White", 5, "Second", 6, 3, 4));
    cr_assert_eq(g.tag_count, 2);
    cr_assert_str_eq(arb_pgn_game_tag(&g, "White"), "Carlsen", "the first one counts");
    cr_assert_eq(g.tags[1].line, 3);
    arb_pgn_game_free(&g);
}

Test(pgn_game, result_prefers_the_result_tag)
{
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    g.result = ARB_PGN_RESULT_WHITE;
    cr_assert_eq(arb_pgn_game_result(&g), ARB_PGN_RESULT_WHITE);
    arb_pgn_game_set_tag(&g, "Result", "0-1");
    cr_assert_eq(arb_pgn_game_result(&g), ARB_PGN_RESULT_BLACK);
    arb_pgn_game_set_tag(&g, "Result", "nonsense");
    cr_assert_eq(arb_pgn_game_result(&g), ARB_PGN_RESULT_WHITE);
    arb_pgn_game_free(&g);
}

Test(pgn_game, items_and_diagnostics)
{
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    arb_move e4 = parse_move(&g.start, "e4");
    cr_assert(arb_pgn_game_add_move(&g, &g.start, e4, 1, 4));
    cr_assert(arb_pgn_game_add_nag(&g, 3, 1, 7));
    cr_assert(arb_pgn_game_add_comment(&g, "good move", 9, 1, 10));
    cr_assert_eq(g.item_count, 3);
    cr_assert_eq(g.items[0].ply, 0);
    cr_assert_eq(g.items[1].nag, 3);
    cr_assert_str_eq(g.items[2].text, "good move");
    cr_assert(arb_pgn_game_add_diag(&g, ARB_PGN_NOTE, 1, 1, "note %d", 1));
    cr_assert(arb_pgn_game_add_diag(&g, ARB_PGN_ERROR, 2, 5, "bad %s", "thing"));
    cr_assert_eq(g.diag_count, 2);
    cr_assert_eq(g.error_count, 1);
    cr_assert_str_eq(g.diags[1].message, "bad thing");
    arb_pgn_game_free(&g);
}

Test(pgn_game, reset_keeps_memory_and_forgets_content)
{
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    for (int round = 0; round < 3; round++) {
        for (int i = 0; i < 1000; i++) {
            char text[32];
            int n = snprintf(text, sizeof text, "comment %d", i);
            cr_assert(arb_pgn_game_add_comment(&g, text, (size_t)n, 0, 0));
        }
        /* a string larger than an arena block */
        char *big = malloc(100000);
        memset(big, 'b', 100000);
        cr_assert(arb_pgn_game_add_comment(&g, big, 100000, 0, 0));
        free(big);
        cr_assert_str_eq(g.items[999].text, "comment 999");
        cr_assert_eq(g.items[1000].len, 100000);
        cr_assert_eq(g.items[1000].text[99999], 'b');
        arb_pgn_game_reset(&g);
        cr_assert_eq(g.item_count, 0);
        cr_assert_eq(g.tag_count, 0);
        cr_assert_eq(g.diag_count, 0);
    }
    arb_pgn_game_free(&g);
}

Test(pgn_game, equality)
{
    arb_pgn_game a, b;
    read_ok("[Event \"x\"]\n\n1. e4 {c} (1. d4) e5 $1 *", &a);
    read_ok("[Event \"x\"]\n\n1. e4 {c}\n(1. d4) e5! *", &b);
    cr_assert(arb_pgn_game_equal(&a, &b));
    arb_pgn_game_set_tag(&b, "Event", "y");
    cr_assert_not(arb_pgn_game_equal(&a, &b));
    arb_pgn_game_free(&b);
    read_ok("[Event \"x\"]\n\n1. e4 {other} (1. d4) e5 $1 *", &b);
    cr_assert_not(arb_pgn_game_equal(&a, &b));
    arb_pgn_game_free(&a);
    arb_pgn_game_free(&b);
}

Test(pgn_game, walker_gives_positions_around_every_move)
{
    arb_pgn_game g;
    read_ok("1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) d6) 2. Nf3 *", &g);
    static const char *const before[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",   /* e4 */
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",  /* e5 */
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",  /* c5 */
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2", /* Nf3 */
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2", /* c3 */
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/2P5/PP1P1PPP/RNBQKBNR b KQkq - 0 2", /* d5 */
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", /* d6 */
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2", /* Nf3 */
    };
    static const int depth[] = {0, 0, 1, 1, 2, 2, 1, 0};
    arb_pgn_walker w;
    arb_pgn_walker_init(&w, &g);
    int moves = 0;
    for (const arb_pgn_item *it; (it = arb_pgn_walker_next(&w));) {
        if (it->kind != ARB_PGN_ITEM_MOVE)
            continue;
        char fen[ARB_FEN_MAX];
        cr_assert_lt(moves, 8);
        cr_assert_str_eq(fen_str(&w.before, fen), before[moves], "move %d", moves);
        cr_assert_eq(w.depth, depth[moves], "move %d", moves);
        arb_position check;
        arb_position_make(&w.before, it->move, &check);
        cr_assert_eq(check.key, w.after.key);
        moves++;
    }
    cr_assert_eq(moves, 8);
    cr_assert_not(w.failed);
    cr_assert_eq(w.depth, 0);
    /* restart walks the same game again */
    arb_pgn_walker_restart(&w, &g);
    int again = 0;
    while (arb_pgn_walker_next(&w))
        again++;
    cr_assert_eq((size_t)again, g.item_count);
    arb_pgn_walker_free(&w);
    arb_pgn_game_free(&g);
}

Test(pgn_game, walker_refuses_badly_nested_items)
{
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    arb_pgn_game_begin_variation(&g, 0, 0);
    arb_pgn_walker w;
    arb_pgn_walker_init(&w, &g);
    cr_assert_null(arb_pgn_walker_next(&w));
    cr_assert(w.failed);
    arb_pgn_walker_free(&w);
    arb_pgn_game_reset(&g);
    arb_pgn_game_end_variation(&g, 0, 0);
    arb_pgn_walker_init(&w, &g);
    cr_assert_null(arb_pgn_walker_next(&w));
    cr_assert(w.failed);
    arb_pgn_walker_free(&w);
    arb_pgn_game_free(&g);
}
