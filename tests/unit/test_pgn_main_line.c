/* test_pgn_main_line.c — what one replay hands to the next pass: the
 * positions the reader keeps after the main-line moves (pgn_main_line.h),
 * checked against the moves played again, and refused when they do not
 * match; and the SAN the reader records from what its reading knew
 * (pgn_san_record.h), checked against arb_san_write on every legal move of
 * positions full of disambiguation, checks, mates and promotions. */
#include "helpers.h"
#include "test_pgn_helpers.h"

#include "pgn_main_line.h"
#include "pgn_san_record.h"

static const char *const kept_game =
    "[Event \"t\"]\n\n1. e4 e5 2. Nf3 (2. f4 exf4) 2... Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O f6 6. d4 exd4 "
    "7. Nxd4 c5 8. Nb3 Qxd1 9. Rxd1 Bg4 10. f3 Be6 1/2-1/2\n";

Test(pgn_main_line, kept_positions_are_those_the_moves_lead_to)
{
    arb_pgn_reader_options opt = {0};
    opt.keep_main_line = true;
    arb_pgn_game g;
    cr_assert_eq(read_first(kept_game, &opt, &g), ARB_PGN_READ_GAME);
    cr_assert_eq(g.error_count, 0);
    cr_assert_not_null(g.main_line);
    cr_assert_eq(g.main_line->count, g.main_line_plies, "%zu kept for %zu plies", g.main_line->count,
                 g.main_line_plies);
    arb_position pos = g.start;
    size_t index = 0;
    int depth = 0;
    for (size_t i = 0; i < g.item_count; i++) {
        const arb_pgn_item *it = &g.items[i];
        depth += it->kind == ARB_PGN_ITEM_VARIATION_START;
        depth -= it->kind == ARB_PGN_ITEM_VARIATION_END;
        if (it->kind != ARB_PGN_ITEM_MOVE || depth > 0)
            continue;
        arb_position next;
        arb_position_make(&pos, it->move, &next);
        const arb_position *kept = arb_pgn_main_line_after(&g, index, &pos, it->move);
        cr_assert_not_null(kept, "main-line move %zu not kept", index);
        cr_assert_eq(memcmp(kept, &next, sizeof next), 0, "position after main-line move %zu differs", index);
        /* another move, or the same move from another position: nothing */
        cr_assert_null(arb_pgn_main_line_after(&g, index, &pos, ARB_MOVE_NULL));
        cr_assert_null(arb_pgn_main_line_after(&g, index, &next, it->move));
        pos = next;
        index++;
    }
    cr_assert_eq(index, 20);
    cr_assert_null(arb_pgn_main_line_after(&g, index, &pos, ARB_MOVE_NULL), "past the last move: nothing");
    arb_pgn_game_reset(&g);
    cr_assert_null(arb_pgn_main_line_after(&g, 0, &g.start, g.items[0].move), "a reset game keeps nothing");
    arb_pgn_game_free(&g);
}

Test(pgn_main_line, nothing_kept_unless_asked)
{
    arb_pgn_game g;
    cr_assert_eq(read_first(kept_game, NULL, &g), ARB_PGN_READ_GAME);
    cr_assert(!g.main_line || g.main_line->count == 0);
    cr_assert_null(arb_pgn_main_line_after(&g, 0, &g.start, g.items[0].move));
    arb_pgn_game_free(&g);
}

Test(pgn_main_line, a_gap_or_a_game_read_again)
{
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    arb_position start = g.start, after;
    arb_move e4 = must_find(&start, "e2e4");
    arb_position_make(&start, e4, &after);
    arb_pgn_main_line_keep(&g, 0, &start, e4, &after);
    arb_pgn_main_line_keep(&g, 0, &start, e4, &after);   /* read again from the start: replaces */
    cr_assert_eq(g.main_line->count, 1);
    cr_assert_not_null(arb_pgn_main_line_after(&g, 0, &start, e4));
    arb_pgn_main_line_keep(&g, 5, &start, e4, &after);   /* a gap: the list stops answering */
    cr_assert_null(arb_pgn_main_line_after(&g, 0, &start, e4));
    arb_pgn_game_reset(&g);
    arb_pgn_main_line_keep(&g, 0, &start, e4, &after);
    cr_assert_not_null(arb_pgn_main_line_after(&g, 0, &start, e4), "a reset mends a broken list");
    arb_pgn_game_free(&g);
}

/* Every legal move of pos, written from its own SAN as the token (the fast
 * path where the SAN names piece and square only), from a disambiguated or
 * foreign token, and not read as SAN: always arb_san_write's text. */
static void expect_same_san(const char *fen)
{
    arb_position pos = fen_ok(fen);
    arb_movelist list;
    arb_generate_legal(&pos, &list);
    cr_assert_gt(list.count, 0);
    for (int i = 0; i < list.count; i++) {
        arb_move m = list.moves[i];
        arb_position after;
        arb_position_make(&pos, m, &after);
        char want[ARB_SAN_MAX], got[ARB_SAN_MAX];
        size_t n = arb_san_write(&pos, m, want);
        const char *tokens[] = {want, "Nbd2", "e2e4"};
        for (int t = 0; t < 3; t++)
            for (int as_san = 0; as_san < 2; as_san++) {
                memset(got, 'x', sizeof got);
                size_t k = arb_pgn_san_record(&pos, m, &after, tokens[t], strlen(tokens[t]), as_san, got);
                cr_assert_eq(k, n, "%s: length %zu, expected %zu (%s)", fen, k, n, want);
                cr_assert_str_eq(got, want, "%s: token %s", fen, tokens[t]);
            }
    }
}

Test(pgn_main_line, recorded_san_is_arb_san_write)
{
    expect_same_san("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /* two knights and two rooks to the same squares, a pinned knight */
    expect_same_san("4k3/8/8/1N3N2/8/R6R/4n3/4K3 w - - 0 1");
    expect_same_san("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    /* promotions with capture, check and mate; en passant */
    expect_same_san("1r2k3/P1P5/8/3pP3/8/8/8/4K3 w - d6 0 1");
    expect_same_san("6k1/5ppp/8/8/8/8/5PPP/R3R1K1 w - - 0 1");
    /* three queens reaching one square */
    expect_same_san("8/7k/8/Q3Q3/8/8/Q7/K7 w - - 0 1");
}
