/* test_pgn_san_record.c — the SAN the reader records (record_san): "+" and
 * "#" decided from the position after the move, by a king step when there
 * is one, by counting the legal moves otherwise; every recorded move equal
 * to arb_san_write's. */
#include "test_pgn_helpers.h"

#include "pgn_san_record.h"
#include "san.h"

/* The recorded SAN of the game's last move, checked against arb_san_write
 * for every move on the way. */
static void expect_last(const char *pgn, const char *san)
{
    arb_pgn_reader_options opt = {.record_san = true};
    arb_pgn_game g;
    cr_assert_eq(read_first(pgn, &opt, &g), ARB_PGN_READ_GAME, "%s", pgn);
    cr_assert_eq(g.error_count, 0, "%s", pgn);
    cr_assert(g.san_recorded);
    arb_pgn_walker w;
    arb_pgn_walker_init(&w, &g);
    const arb_pgn_item *last = NULL;
    for (const arb_pgn_item *it; (it = arb_pgn_walker_next(&w));) {
        if (it->kind != ARB_PGN_ITEM_MOVE)
            continue;
        char written[ARB_SAN_MAX];
        arb_san_write(&w.before, it->move, written);
        cr_assert_str_eq(it->san, written, "%s", pgn);
        last = it;
    }
    arb_pgn_walker_free(&w);
    cr_assert_not_null(last);
    cr_assert_str_eq(last->san, san, "%s", pgn);
    arb_pgn_game_free(&g);
}

Test(pgn_san_record, check_with_a_king_step_is_plus)
{
    expect_last("[FEN \"6k1/8/8/8/8/8/8/R6K w - - 0 1\"]\n\n1. Ra8 *", "Ra8+");
}

Test(pgn_san_record, squares_behind_the_king_on_the_checking_line_are_attacked)
{
    /* d8 and f8 look free, but the rook sees them through the king */
    expect_last("[FEN \"4k3/3ppp2/8/8/8/8/8/R6K w - - 0 1\"]\n\n1. Ra8 *", "Ra8#");
}

Test(pgn_san_record, no_king_step_but_a_capture_of_the_checker_is_plus)
{
    expect_last("[FEN \"4k3/3ppp2/1n6/8/8/8/8/R6K w - - 0 1\"]\n\n1. Ra8 *", "Ra8+");
}

Test(pgn_san_record, protected_checker_and_covered_squares_are_mate)
{
    expect_last("[FEN \"6k1/6pp/8/7Q/8/B7/8/5R1K w - - 0 1\"]\n\n1. Rf8 *", "Rf8#");
}

Test(pgn_san_record, smothered_mate)
{
    expect_last("[FEN \"6rk/6pp/8/6N1/8/8/8/7K w - - 0 1\"]\n\n1. Nf7 *", "Nf7#");
}

Test(pgn_san_record, checks_captures_promotions_and_castling_of_a_game)
{
    expect_last("1. e4 d5 2. exd5 Qxd5 3. Nc3 Qe5+ 4. Be2 Qxe2+ 5. Ngxe2 Nf6 6. O-O Bf5 7. d4 e6 "
                "8. Bf4 Bb4 9. a3 Bxc3 10. Nxc3 O-O 11. Qd2 Rd8 12. Rad1 c5 13. dxc5 Rxd2 14. Rxd2 "
                "Nc6 15. Rd6 Nd4 16. c6 bxc6 17. Rxc6 Nxc2 18. Rc7 Nd4 19. Bd6 a6 20. Nd5 Nxd5 "
                "21. Rc8+ Rxc8 *", "Rxc8");
}

/* Which tokens are a piece letter and a square only, whose SAN is written
 * without looking for a second piece that could make the move. */
Test(pgn_san_record, piece_and_square_tokens)
{
    static const char *const yes[] = {"Nf3", "Qxd7", "R-d1", "Kg1", "Bb5+", "Nf3#", "Nf3!?", "Qh5+!", "Rxe8+??",
                                      "Bc4?!"};
    static const char *const no[] = {"Nbd7", "R1e2", "Ng1f3", "e4", "exd5", "O-O", "Pe4", "nf3", "Af3", "Nf3e",
                                     "Nbxd7", "Nf", "N", "", "+", "Zf3", "@f3", "Nf3=Q", "Rae1+"};
    for (size_t i = 0; i < sizeof yes / sizeof *yes; i++)
        cr_assert(arb_pgn_san_names_piece_and_square(yes[i], strlen(yes[i])), "%s", yes[i]);
    for (size_t i = 0; i < sizeof no / sizeof *no; i++)
        cr_assert_not(arb_pgn_san_names_piece_and_square(no[i], strlen(no[i])), "%s", no[i]);
}

/* Annotated and check-marked tokens, captures, pieces with two of a kind
 * that could reach the square: every recorded move equal to arb_san_write's. */
Test(pgn_san_record, annotated_tokens_record_canonical_san)
{
    expect_last("1. e4!? e5!! 2. Nf3?! Nc6? 3. Bb5+?? a6 4. Ba4 Nf6!? 5. O-O! Be7 6. Re1 b5 7. Bb3 d6 "
                "8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. Nbd2 Bb7 12. Bc2 Re8 13. Nf1 Bf8 14. Ng3 g6 "
                "15. a4 c5 16. d5 c4 17. Bg5 h6 18. Be3 Nc5 19. Qd2 h5 20. Bg5 Be7 21. Ra3!? Nh7 *",
                "Nh7");
    expect_last("[FEN \"4k3/8/8/8/8/8/8/R3K2R w - - 0 1\"]\n\n1. Ra8+!! Kd7 2. Rh7+?! Kc6 3. Ra6+ Kb5 4. Rah6 *",
                "Rah6");
}
