/* test_san.c — SAN writer and parser (PGN §8.2.3), LAN and UCI, on
 * hand-written positions: disambiguation, pins, en passant, promotions,
 * check/mate suffixes, standard and Chess960 castling. */
#include "helpers.h"
#include "san_make.h"

static const char *san_of(const arb_position *pos, arb_move move, char buf[ARB_SAN_MAX])
{
    size_t len = arb_san_write(pos, move, buf);
    cr_assert_eq(len, strlen(buf));
    return buf;
}

/* The move given by squares is written as `san`, and `san` parses back to it. */
static void expect_san(const arb_position *pos, const char *squares, const char *san)
{
    arb_move move = must_find(pos, squares);
    char buf[ARB_SAN_MAX];
    cr_assert_str_eq(san_of(pos, move, buf), san, "SAN of %s", squares);
    arb_move parsed = ARB_MOVE_NONE;
    int rc = arb_san_parse(pos, san, strlen(san), &parsed, NULL);
    cr_assert_eq(rc, ARB_SAN_OK, "'%s' not parsed: %s", san, arb_san_error_text(rc));
    cr_assert_eq(parsed, move, "'%s' parsed to another move", san);
}

static void expect_parse(const arb_position *pos, const char *token, const char *squares)
{
    arb_move parsed = ARB_MOVE_NONE;
    int rc = arb_san_parse(pos, token, strlen(token), &parsed, NULL);
    cr_assert_eq(rc, ARB_SAN_OK, "'%s' not parsed: %s", token, arb_san_error_text(rc));
    cr_assert_eq(parsed, must_find(pos, squares), "'%s' is not %s", token, squares);
}

static void expect_parse_error(const arb_position *pos, const char *token, int code)
{
    arb_move parsed = ARB_MOVE_NONE;
    int rc = arb_san_parse(pos, token, strlen(token), &parsed, NULL);
    cr_assert_eq(rc, code, "'%s': %d (%s), expected %d (%s)", token, rc, arb_san_error_text(rc),
                 code, arb_san_error_text(code));
}

/* ---- disambiguation --------------------------------------------------------- */

Test(san, disambiguation_by_file)
{
    arb_position pos = fen_ok("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    expect_san(&pos, "b1d2", "Nbd2");
    expect_san(&pos, "f1d2", "Nfd2");
    expect_san(&pos, "b1c3", "Nc3");
    expect_san(&pos, "f1g3", "Ng3");
}

Test(san, disambiguation_by_rank)
{
    arb_position pos = fen_ok("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    expect_san(&pos, "a1a3", "R1a3");
    expect_san(&pos, "a5a3", "R5a3");
    expect_san(&pos, "a5a7", "Ra7");
    expect_san(&pos, "a1d1", "Rd1");
}

Test(san, disambiguation_by_square)
{
    /* three queens reach e1: h4 shares its file with h1 and its rank with e4 */
    arb_position pos = fen_ok("1k6/8/8/8/4Q2Q/8/K7/7Q w - - 0 1");
    expect_san(&pos, "h4e1", "Qh4e1");
    expect_san(&pos, "e4e1", "Qee1");
    expect_san(&pos, "h1e1", "Q1e1");
}

/* A line piece reaches a square only along its own lines and only when
 * nothing stands between (the parser looks at each piece by itself). */
Test(san, line_pieces_reach_along_their_own_lines_only)
{
    /* the f1 rook is blocked by the d1 knight: Rc1 is the a1 rook's */
    arb_position pos = fen_ok("4k3/8/8/8/8/8/8/R2N1R1K w - - 0 1");
    expect_parse(&pos, "Rc1", "a1c1");
    /* the d1 bishop stands on d2's file, not on a diagonal: Bd2 is b4's */
    pos = fen_ok("4k3/8/8/8/1B6/8/8/3BK3 w - - 0 1");
    expect_parse(&pos, "Bd2", "b4d2");
    /* the a1 rook stands on b2's diagonal, not on a line: Rb2 is b7's */
    pos = fen_ok("4k3/1R6/8/8/8/8/8/R3K3 w - - 0 1");
    expect_parse(&pos, "Rb2", "b7b2");
    /* queens reach along both kinds of line */
    pos = fen_ok("3Q4/8/8/7k/8/8/8/Q3K3 w - - 0 1");
    expect_parse_error(&pos, "Qd4", ARB_SAN_AMBIGUOUS);
    expect_parse(&pos, "Qad4", "a1d4");
    expect_parse(&pos, "Qdd4", "d8d4");
    /* the only piece of its kind on the wrong kind of line, or blocked */
    pos = fen_ok("4k3/8/8/8/8/8/8/3BK3 w - - 0 1");
    expect_parse_error(&pos, "Bd2", ARB_SAN_ILLEGAL);
    pos = fen_ok("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    expect_parse_error(&pos, "Rb2", ARB_SAN_ILLEGAL);
    pos = fen_ok("4k3/8/8/8/8/8/8/R1N1K3 w - - 0 1");
    expect_parse_error(&pos, "Rd1", ARB_SAN_ILLEGAL);
    /* a piece between the queen and the square, on either kind of line */
    pos = fen_ok("3Q4/8/8/3p3k/8/8/1P6/Q3K3 w - - 0 1");
    expect_parse_error(&pos, "Qd4", ARB_SAN_ILLEGAL);
}

Test(san, disambiguation_ignores_pinned_pieces)
{
    /* the c3 knight is pinned by the a5 bishop: only the g1 knight reaches e2 */
    arb_position pos = fen_ok("4k3/8/8/b7/8/2N5/8/4K1N1 w - - 0 1");
    expect_san(&pos, "g1e2", "Ne2");
    expect_parse_error(&pos, "Nce2", ARB_SAN_ILLEGAL);
    cr_assert_eq(find_legal(&pos, "c3e2"), ARB_MOVE_NONE, "a pinned knight cannot move");

    /* a pinned rook still counts for the moves it may make along the pin line */
    pos = fen_ok("4r1k1/8/8/8/8/4R3/R7/4K3 w - - 0 1");
    expect_san(&pos, "e3e2", "Ree2");
    expect_san(&pos, "a2e2", "Rae2");
    expect_san(&pos, "a2d2", "Rd2");
    cr_assert_eq(find_legal(&pos, "e3d3"), ARB_MOVE_NONE, "the pinned rook cannot leave the file");
}

Test(san, ambiguous_and_illegal_tokens)
{
    arb_position pos = fen_ok("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    arb_movelist candidates;
    arb_move move;
    int rc = arb_san_parse(&pos, "Nd2", 3, &move, &candidates);
    cr_assert_eq(rc, ARB_SAN_AMBIGUOUS);
    cr_assert_eq(candidates.count, 2);
    cr_assert(in_list(&candidates, must_find(&pos, "b1d2")));
    cr_assert(in_list(&candidates, must_find(&pos, "f1d2")));
    /* both knights stand on the first rank: a rank does not help */
    expect_parse_error(&pos, "N1d2", ARB_SAN_AMBIGUOUS);

    arb_position start = fen_ok(ARB_START_FEN);
    rc = arb_san_parse(&start, "Nd4", 3, &move, &candidates);
    cr_assert_eq(rc, ARB_SAN_ILLEGAL);
    cr_assert_gt(candidates.count, 0, "an illegal knight move lists the knight moves");
    for (int i = 0; i < candidates.count; i++)
        cr_assert_eq(arb_piece_kind(start.board[arb_move_from(candidates.moves[i])]), ARB_KNIGHT);
    expect_parse_error(&start, "Ke2", ARB_SAN_ILLEGAL);
    expect_parse_error(&start, "e5", ARB_SAN_ILLEGAL);
    expect_parse_error(&start, "Bb5", ARB_SAN_ILLEGAL);
    expect_parse_error(&start, "O-O", ARB_SAN_ILLEGAL);
}

Test(san, syntax_errors)
{
    arb_position start = fen_ok(ARB_START_FEN);
    expect_parse_error(&start, "Xe4", ARB_SAN_SYNTAX);
    expect_parse_error(&start, "e9", ARB_SAN_SYNTAX);
    expect_parse_error(&start, "hello", ARB_SAN_SYNTAX);
    expect_parse_error(&start, "Nf", ARB_SAN_SYNTAX);
    expect_parse_error(&start, "O-O-O-O", ARB_SAN_SYNTAX);
    arb_move move;
    cr_assert_eq(arb_san_parse(&start, "", 0, &move, NULL), ARB_SAN_SYNTAX);
    /* the length bounds the token: "e4" inside a longer buffer */
    cr_assert_eq(arb_san_parse(&start, "e4 e5", 2, &move, NULL), ARB_SAN_OK);
    cr_assert_eq(move, must_find(&start, "e2e4"));
}

Test(san, tolerated_suffixes)
{
    arb_position start = fen_ok(ARB_START_FEN);
    expect_parse(&start, "e4!", "e2e4");
    expect_parse(&start, "e4?!", "e2e4");
    expect_parse(&start, "Nf3!!", "g1f3");
    expect_parse(&start, "Nf3??", "g1f3");
    /* check marks are never trusted */
    expect_parse(&start, "e4+", "e2e4");
    /* a missing capture mark */
    arb_position pos = fen_ok("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    expect_parse(&pos, "Qf7#", "h5f7");
}

/* ---- en passant ----------------------------------------------------------------- */

Test(san, en_passant)
{
    arb_position pos = fen_ok("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    cr_assert(pos.ep_legal);
    arb_move ep = must_find(&pos, "e5d6");
    cr_assert_eq(arb_move_type(ep), ARB_MOVE_EN_PASSANT);
    cr_assert(arb_move_is_capture(&pos, ep));
    expect_san(&pos, "e5d6", "exd6");
    arb_position after;
    arb_position_make(&pos, ep, &after);
    cr_assert_eq(after.board[sq("d5")], ARB_NO_PIECE, "the captured pawn leaves d5");
    cr_assert_eq(after.board[sq("d6")], arb_piece(ARB_WHITE, ARB_PAWN));
    cr_assert_eq(after.board[sq("e5")], ARB_NO_PIECE);
}

Test(san, en_passant_with_check)
{
    /* the pawn arriving on d6 checks the king on e7 */
    arb_position pos = fen_ok("8/4k3/8/2PpP3/8/8/8/4K3 w - d6 0 1");
    expect_san(&pos, "e5d6", "exd6+");
    expect_san(&pos, "c5d6", "cxd6+");
}

Test(san, en_passant_pinned_on_the_rank)
{
    /* exd6 would clear the fifth rank between the rook on h5 and the king on a5 */
    arb_position pos = fen_ok("8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1");
    cr_assert_eq(pos.ep_square, sq("d6"));
    cr_assert_not(pos.ep_legal, "the only e.p. capture is illegal");
    cr_assert_eq(find_legal(&pos, "e5d6"), ARB_MOVE_NONE);
    expect_parse_error(&pos, "exd6", ARB_SAN_ILLEGAL);
    expect_san(&pos, "e5e6", "e6");
}

Test(san, en_passant_pinned_on_a_diagonal)
{
    /* the capturing pawn on e5 is pinned by the bishop on h8 against the king on b2 */
    arb_position pos = fen_ok("7b/8/8/3pP3/8/8/1K6/4k3 w - d6 0 1");
    cr_assert_eq(find_legal(&pos, "e5d6"), ARB_MOVE_NONE);
    cr_assert_not(pos.ep_legal);
}

/* ---- promotions ------------------------------------------------------------------ */

Test(san, promotions_without_capture)
{
    arb_position pos = fen_ok("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1");
    expect_san(&pos, "e7e8q", "e8=Q+");
    expect_san(&pos, "e7e8r", "e8=R+");
    expect_san(&pos, "e7e8b", "e8=B");
    expect_san(&pos, "e7e8n", "e8=N");
}

Test(san, promotions_with_capture)
{
    arb_position pos = fen_ok("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1");
    expect_san(&pos, "e7d8q", "exd8=Q+");
    expect_san(&pos, "e7d8r", "exd8=R+");
    expect_san(&pos, "e7d8b", "exd8=B");
    expect_san(&pos, "e7d8n", "exd8=N");
    arb_position after;
    arb_position_make(&pos, must_find(&pos, "e7d8n"), &after);
    cr_assert_eq(after.board[sq("d8")], arb_piece(ARB_WHITE, ARB_KNIGHT));
    cr_assert_eq(after.board[sq("e7")], ARB_NO_PIECE);
}

Test(san, black_promotions)
{
    arb_position pos = fen_ok("4k3/8/8/8/8/8/1p6/R3K3 b - - 0 1");
    expect_san(&pos, "b2b1q", "b1=Q+");
    expect_san(&pos, "b2b1n", "b1=N");
    expect_san(&pos, "b2a1n", "bxa1=N");
    expect_san(&pos, "b2a1q", "bxa1=Q+");
}

Test(san, bad_promotions)
{
    arb_position pos = fen_ok("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1");
    expect_parse_error(&pos, "e8", ARB_SAN_BAD_PROMOTION);
    expect_parse_error(&pos, "exd8", ARB_SAN_BAD_PROMOTION);
    arb_position start = fen_ok(ARB_START_FEN);
    expect_parse_error(&start, "e4=Q", ARB_SAN_BAD_PROMOTION);
}

Test(san, promotion_to_king_or_pawn)
{
    /* san.h: ARB_SAN_BAD_PROMOTION covers a promotion "to a wrong piece" */
    arb_position pos = fen_ok("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1");
    expect_parse_error(&pos, "e8=K", ARB_SAN_BAD_PROMOTION);
    expect_parse_error(&pos, "e8=P", ARB_SAN_BAD_PROMOTION);
    expect_parse_error(&pos, "exd8=K", ARB_SAN_BAD_PROMOTION);
    /* a promotion written on a piece move or a pawn move short of the last rank */
    expect_parse_error(&pos, "Ke2=Q", ARB_SAN_BAD_PROMOTION);
    expect_parse_error(&pos, "Kd2=N", ARB_SAN_BAD_PROMOTION);
}

/* ---- check and mate ---------------------------------------------------------------- */

Test(san, check_and_mate_suffixes)
{
    /* after 1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6 */
    arb_position pos = fen_ok("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    expect_san(&pos, "h5f7", "Qxf7#");
    expect_san(&pos, "c4f7", "Bxf7+");
    expect_san(&pos, "h5e5", "Qxe5+");
    expect_san(&pos, "h5h4", "Qh4");
    arb_position mated;
    arb_position_make(&pos, must_find(&pos, "h5f7"), &mated);
    cr_assert(arb_is_checkmate(&mated));
}

Test(san, check_and_mate_by_castling)
{
    /* the rook lands on d1 and checks d8; c8 and e8 are free: check */
    arb_position pos = fen_ok("3k4/R7/8/8/8/8/8/R3K3 w Q - 0 1");
    expect_san(&pos, "e1a1", "O-O-O+");
    /* the king's neighbours are all blocked or on the d-file: mate */
    pos = fen_ok("2rkr3/2p1p3/8/8/8/8/8/R3K3 w Q - 0 1");
    expect_san(&pos, "e1a1", "O-O-O#");
}

/* ---- standard castling ----------------------------------------------------------------- */

Test(san, standard_castling)
{
    arb_position pos = fen_ok("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    expect_san(&pos, "e1h1", "O-O");
    expect_san(&pos, "e1a1", "O-O-O");
    expect_parse(&pos, "0-0", "e1h1");
    expect_parse(&pos, "0-0-0", "e1a1");
    expect_parse(&pos, "O-O+", "e1h1");
    arb_position after;
    arb_position_make(&pos, must_find(&pos, "e1h1"), &after);
    cr_assert_eq(after.board[sq("g1")], arb_piece(ARB_WHITE, ARB_KING));
    cr_assert_eq(after.board[sq("f1")], arb_piece(ARB_WHITE, ARB_ROOK));
    cr_assert_eq(after.board[sq("e1")], ARB_NO_PIECE);
    cr_assert_eq(after.board[sq("h1")], ARB_NO_PIECE);
    cr_assert_eq(after.castling_rooks, ARB_BB(sq("a8")) | ARB_BB(sq("h8")));

    arb_position black = fen_ok("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    expect_san(&black, "e8a8", "O-O-O");
    arb_position_make(&black, must_find(&black, "e8a8"), &after);
    cr_assert_eq(after.board[sq("c8")], arb_piece(ARB_BLACK, ARB_KING));
    cr_assert_eq(after.board[sq("d8")], arb_piece(ARB_BLACK, ARB_ROOK));
}

Test(san, castling_with_check)
{
    arb_position pos = fen_ok("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
    expect_san(&pos, "e1h1", "O-O+");
}

Test(san, standard_castling_through_attack_is_illegal)
{
    /* f1 attacked by the bishop on c4 */
    arb_position pos = fen_ok("4k3/8/8/8/2b5/8/8/4K2R w K - 0 1");
    expect_parse_error(&pos, "O-O", ARB_SAN_ILLEGAL);
    /* b1 may be attacked for O-O-O: only the king's squares matter */
    pos = fen_ok("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    expect_san(&pos, "e1a1", "O-O-O");
}

Test(san, uci_and_lan_of_standard_moves)
{
    arb_position pos = fen_ok("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    char buf[ARB_SAN_MAX];
    arb_uci_write(&pos, must_find(&pos, "e1h1"), buf);
    cr_assert_str_eq(buf, "e1g1", "standard UCI castling is king-to-square");
    arb_uci_write(&pos, must_find(&pos, "e1a1"), buf);
    cr_assert_str_eq(buf, "e1c1");
    arb_lan_write(&pos, must_find(&pos, "e1h1"), buf);
    cr_assert_str_eq(buf, "O-O");

    arb_move move;
    cr_assert_eq(arb_uci_parse(&pos, "e1g1", 4, &move), ARB_SAN_OK);
    cr_assert_eq(move, must_find(&pos, "e1h1"));
    cr_assert_eq(arb_uci_parse(&pos, "e1h1", 4, &move), ARB_SAN_OK, "king-takes-rook accepted");
    cr_assert_eq(move, must_find(&pos, "e1h1"));

    arb_position start = fen_ok(ARB_START_FEN);
    arb_lan_write(&start, must_find(&start, "g1f3"), buf);
    cr_assert_str_eq(buf, "Ng1-f3");
    arb_lan_write(&start, must_find(&start, "e2e4"), buf);
    cr_assert_str_eq(buf, "e2-e4");
    arb_uci_write(&start, must_find(&start, "g1f3"), buf);
    cr_assert_str_eq(buf, "g1f3");
    cr_assert_eq(arb_uci_parse(&start, "e2e5", 4, &move), ARB_SAN_ILLEGAL);

    arb_position promo = fen_ok("3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    arb_lan_write(&promo, must_find(&promo, "e7d8q"), buf);
    cr_assert_str_eq(buf, "e7xd8=Q");
    arb_uci_write(&promo, must_find(&promo, "e7d8n"), buf);
    cr_assert_str_eq(buf, "e7d8n");
    cr_assert_eq(arb_uci_parse(&promo, "e7e8r", 5, &move), ARB_SAN_OK);
    cr_assert_eq(move, must_find(&promo, "e7e8r"));
}

/* ---- Chess960 castling --------------------------------------------------------------- */

static void expect_castled(const arb_position *pos, const char *squares, const char *king_to,
                           const char *rook_to)
{
    arb_position after;
    arb_move move = must_find(pos, squares);
    cr_assert_eq(arb_move_type(move), ARB_MOVE_CASTLING, "%s is castling", squares);
    arb_position_make(pos, move, &after);
    int color = pos->side;
    cr_assert_eq(after.board[sq(king_to)], arb_piece(color, ARB_KING), "king on %s after %s",
                 king_to, squares);
    cr_assert_eq(after.board[sq(rook_to)], arb_piece(color, ARB_ROOK), "rook on %s after %s",
                 rook_to, squares);
    cr_assert_eq(arb_popcount(arb_pieces(&after, color, ARB_ROOK)),
                 arb_popcount(arb_pieces(pos, color, ARB_ROOK)), "no rook lost");
    cr_assert_eq(after.castling_rooks & arb_rank_bb(color == ARB_WHITE ? 0 : 7), 0,
                 "castling ends both rights of the side");
    cr_assert_eq(after.key, arb_position_compute_key(&after));
}

Test(chess960_castling, king_does_not_move)
{
    /* king g1: O-O only moves the h1 rook to f1 */
    arb_position pos = fen_ok("4k3/8/8/8/8/8/8/1R4KR w HB - 0 1");
    cr_assert(pos.chess960);
    expect_san(&pos, "g1h1", "O-O");
    expect_castled(&pos, "g1h1", "g1", "f1");
    expect_san(&pos, "g1b1", "O-O-O");
    expect_castled(&pos, "g1b1", "c1", "d1");
    /* king-takes-own-rook notation is accepted too */
    expect_parse(&pos, "Kh1", "g1h1");
    char buf[ARB_SAN_MAX];
    arb_uci_write(&pos, must_find(&pos, "g1h1"), buf);
    cr_assert_str_eq(buf, "g1h1", "Chess960 UCI castling is king-takes-rook");
    arb_move move;
    cr_assert_eq(arb_uci_parse(&pos, "g1h1", 4, &move), ARB_SAN_OK);
    cr_assert_eq(move, must_find(&pos, "g1h1"));
    /* a plain king move next to it stays a king move */
    expect_san(&pos, "g1f1", "Kf1");
}

Test(chess960_castling, parser_accepts_king_takes_rook_coordinates)
{
    /* san.h: arb_san_parse "also accepts king-takes-own-rook coordinates for
     * castling (e.g. "Kh1", "e1h1" in Chess960)" */
    arb_position pos = fen_ok("4k3/8/8/8/8/8/8/1R4KR w HB - 0 1");
    expect_parse(&pos, "Kh1", "g1h1");
    expect_parse(&pos, "Kb1", "g1b1");
    expect_parse(&pos, "g1h1", "g1h1");
    expect_parse(&pos, "g1b1", "g1b1");
    pos = fen_ok("4k3/8/8/8/8/8/8/4KR2 w F - 0 1");
    expect_parse(&pos, "Kf1", "e1f1");
    expect_parse(&pos, "e1f1", "e1f1");
}

Test(chess960_castling, rook_does_not_move)
{
    /* king b1, rook f1: O-O takes the king to g1 and leaves the rook on f1,
     * the king passing through the rook's square */
    arb_position pos = fen_ok("4k3/8/8/8/8/8/8/RK3R2 w FA - 0 1");
    expect_san(&pos, "b1f1", "O-O");
    expect_castled(&pos, "b1f1", "g1", "f1");
    /* king b1 (b-file start), rook a1: O-O-O to c1 with the rook to d1 */
    expect_san(&pos, "b1a1", "O-O-O");
    expect_castled(&pos, "b1a1", "c1", "d1");

    /* queen side with the rook already on d1: king f1 to c1, rook stays */
    pos = fen_ok("4k3/8/8/8/8/8/8/3R1K2 w D - 0 1");
    expect_san(&pos, "f1d1", "O-O-O");
    expect_castled(&pos, "f1d1", "c1", "d1");
}

Test(chess960_castling, king_and_rook_swap_squares)
{
    /* king f1, rook g1: the king goes to g1, the rook to f1 */
    arb_position pos = fen_ok("4k3/8/8/8/8/8/8/5KR1 w G - 0 1");
    expect_san(&pos, "f1g1", "O-O");
    expect_castled(&pos, "f1g1", "g1", "f1");
    /* king d1, rook c1 */
    pos = fen_ok("4k3/8/8/8/8/8/8/2RK3R w HC - 0 1");
    expect_san(&pos, "d1c1", "O-O-O");
    expect_castled(&pos, "d1c1", "c1", "d1");
    expect_san(&pos, "d1h1", "O-O");
    expect_castled(&pos, "d1h1", "g1", "f1");
}

Test(chess960_castling, black_king_on_b_and_g)
{
    arb_position pos = fen_ok("rk3r2/8/8/8/8/8/8/6K1 b fa - 0 1");
    expect_san(&pos, "b8a8", "O-O-O");
    expect_castled(&pos, "b8a8", "c8", "d8");
    expect_san(&pos, "b8f8", "O-O");
    expect_castled(&pos, "b8f8", "g8", "f8");
    pos = fen_ok("1r4kr/8/8/8/8/8/4K3/8 b hb - 0 1");
    expect_castled(&pos, "g8h8", "g8", "f8");
    expect_castled(&pos, "g8b8", "c8", "d8");
}

Test(chess960_castling, blocked_or_attacked)
{
    /* a knight between king and rook */
    arb_position pos = fen_ok("4k3/8/8/8/8/8/8/1K1N1R2 w F - 0 1");
    expect_parse_error(&pos, "O-O", ARB_SAN_ILLEGAL);
    /* the king would pass e1, attacked by the e8 rook */
    pos = fen_ok("4r1k1/8/8/8/8/8/8/1K3R2 w F - 0 1");
    expect_parse_error(&pos, "O-O", ARB_SAN_ILLEGAL);
    /* the rook's destination f1 is occupied by a bishop */
    pos = fen_ok("4k3/8/8/8/8/8/8/5BKR w H - 0 1");
    expect_parse_error(&pos, "O-O", ARB_SAN_ILLEGAL);
    cr_assert_eq(find_legal(&pos, "g1h1"), ARB_MOVE_NONE);
    /* an attacked rook destination does not matter when the king does not pass it */
    pos = fen_ok("3rk3/8/8/8/8/8/8/RK6 w A - 0 1");
    expect_san(&pos, "b1a1", "O-O-O");
    /* the castling rook shields the king from the a1 rook: after O-O-O the king
     * on c1 would stand in check, so castling is illegal */
    pos = fen_ok("4k3/8/8/8/8/8/8/rRK5 w B - 0 1");
    cr_assert_eq(find_legal(&pos, "c1b1"), ARB_MOVE_NONE);
    expect_parse_error(&pos, "O-O-O", ARB_SAN_ILLEGAL);
}

/* ---- every legal move round-trips -------------------------------------------------------- */

Test(san, every_legal_move_round_trips)
{
    static const char *const fens[] = {
        ARB_START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "rkr1bb1n/ppppp1pp/5p2/4n3/3QP3/5P2/RPPP2PP/1KRNBB1N w Cca - 1 9",
    };
    for (size_t f = 0; f < sizeof fens / sizeof fens[0]; f++) {
        arb_position pos = fen_ok(fens[f]);
        arb_movelist list;
        arb_generate_legal(&pos, &list);
        char sans[ARB_MAX_MOVES][ARB_SAN_MAX];
        for (int i = 0; i < list.count; i++) {
            san_of(&pos, list.moves[i], sans[i]);
            arb_move parsed;
            int rc = arb_san_parse(&pos, sans[i], strlen(sans[i]), &parsed, NULL);
            cr_assert_eq(rc, ARB_SAN_OK, "%s: '%s' does not parse: %s", fens[f], sans[i],
                         arb_san_error_text(rc));
            cr_assert_eq(parsed, list.moves[i], "%s: '%s' parses to another move", fens[f], sans[i]);
            for (int j = 0; j < i; j++)
                cr_assert_str_neq(sans[i], sans[j], "%s: two moves written '%s'", fens[f], sans[i]);

            char uci[ARB_SAN_MAX];
            arb_uci_write(&pos, list.moves[i], uci);
            cr_assert_eq(arb_uci_parse(&pos, uci, strlen(uci), &parsed), ARB_SAN_OK, "%s", uci);
            cr_assert_eq(parsed, list.moves[i], "%s: UCI '%s' parses to another move", fens[f], uci);
        }
    }
}

/* arb_san_parse_make (san_make.h) gives the move arb_san_parse gives and
 * the position arb_position_make makes, byte for byte: every legal move of
 * positions with castling rights, double steps, e.p., promotions, checks
 * and pins, and of every position one ply later; a token that does not
 * read leaves the destination untouched. */
static void expect_parse_make_agrees(const arb_position *pos, const char *token, size_t len)
{
    arb_move by_parse = ARB_MOVE_NONE, by_parse_make = ARB_MOVE_NONE;
    arb_position made, expected;
    memset(&made, 0xA5, sizeof made);
    arb_position untouched = made;
    int rc = arb_san_parse(pos, token, len, &by_parse, NULL);
    cr_assert_eq(arb_san_parse_make(pos, token, len, &by_parse_make, &made), rc, "'%.*s'", (int)len, token);
    if (rc != ARB_SAN_OK) {
        cr_assert(memcmp(&made, &untouched, sizeof made) == 0, "'%.*s' wrote a position", (int)len, token);
        return;
    }
    cr_assert_eq(by_parse_make, by_parse, "'%.*s'", (int)len, token);
    arb_position_make(pos, by_parse, &expected);
    cr_assert(memcmp(&made, &expected, sizeof made) == 0, "'%.*s': another position", (int)len, token);
}

Test(san, parse_make_is_parse_then_make)
{
    static const char *const fens[] = {
        ARB_START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "4k3/8/8/b7/8/2N5/8/4K1N1 w - - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    };
    static const char *const not_moves[] = {"Nf6", "Ke5", "e5", "exd5", "Qh9", "O-O-O-O", "Zz", "Nbd2"};
    for (size_t f = 0; f < sizeof fens / sizeof fens[0]; f++) {
        arb_position pos = fen_ok(fens[f]);
        arb_movelist list;
        arb_generate_legal(&pos, &list);
        for (int i = 0; i < list.count; i++) {
            char san[ARB_SAN_MAX + 2];
            san_of(&pos, list.moves[i], san);
            size_t n = strlen(san);
            expect_parse_make_agrees(&pos, san, n);
            memcpy(san + n, "!?", 3);   /* (suffixes read as arb_san_parse reads them) */
            expect_parse_make_agrees(&pos, san, n + 2);
            arb_position next;
            arb_position_make(&pos, list.moves[i], &next);
            arb_movelist replies;
            arb_generate_legal(&next, &replies);
            for (int j = 0; j < replies.count; j++) {
                char reply[ARB_SAN_MAX];
                san_of(&next, replies.moves[j], reply);
                expect_parse_make_agrees(&next, reply, strlen(reply));
            }
        }
        for (size_t t = 0; t < sizeof not_moves / sizeof not_moves[0]; t++)
            expect_parse_make_agrees(&pos, not_moves[t], strlen(not_moves[t]));
    }
}

/* Random games (fixed seeds, captures and checks taken often): at every
 * ply every legal move's SAN reads back as that move, made as
 * arb_position_make makes it; and every step of a piece to a square that
 * is no legal move of it (into check, along a pin, through a piece, off
 * its lines) is refused.  The SAN reader tests lines and attacks its own
 * way, apart from the move generator: this holds the two together. */
static bool is_legal_of(const arb_movelist *list, int from, int to)
{
    for (int i = 0; i < list->count; i++)
        if (arb_move_from(list->moves[i]) == from && arb_move_to(list->moves[i]) == to
            && arb_move_type(list->moves[i]) != ARB_MOVE_CASTLING)
            return true;
    return false;
}

Test(san, random_games_read_every_legal_move_and_refuse_the_rest)
{
    static const char *const letters = "PNBRQK";
    static const char *const starts[] = {
        ARB_START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "4k3/8/8/8/8/8/8/R2QK2R w KQ - 0 1",
    };
    size_t refused = 0, read = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        arb_position pos = fen_ok(starts[seed % 3]);
        uint64_t state = seed;
        for (int ply = 0; ply < 160; ply++) {
            arb_movelist list;
            arb_generate_legal(&pos, &list);
            if (list.count == 0)
                break;
            for (int i = 0; i < list.count; i++) {
                char san[ARB_SAN_MAX];
                san_of(&pos, list.moves[i], san);
                arb_move m;
                arb_position made, expected;
                cr_assert_eq(arb_san_parse_make(&pos, san, strlen(san), &m, &made), ARB_SAN_OK, "seed %llu ply %d: %s",
                             (unsigned long long)seed, ply, san);
                cr_assert_eq(m, list.moves[i], "seed %llu ply %d: %s read as another move", (unsigned long long)seed,
                             ply, san);
                arb_position_make(&pos, m, &expected);
                cr_assert(memcmp(&made, &expected, sizeof made) == 0, "%s: another position", san);
                read++;
            }
            /* every piece (not pawns) of the side to move, to every square not its own */
            for (int from = 0; from < 64; from++) {
                int piece = pos.board[from];
                if (piece == ARB_NO_PIECE || piece / 6 != pos.side || piece % 6 == ARB_PAWN)
                    continue;
                for (int to = 0; to < 64; to++) {
                    if (to == from || is_legal_of(&list, from, to) || (pos.by_color[pos.side] & ARB_BB(to)))
                        continue;
                    char token[8];
                    snprintf(token, sizeof token, "%c%c%c%c%c", letters[piece % 6], 'a' + from % 8, '1' + from / 8,
                             'a' + to % 8, '1' + to / 8);
                    arb_move m;
                    cr_assert_neq(arb_san_parse(&pos, token, strlen(token), &m, NULL), ARB_SAN_OK,
                                  "seed %llu ply %d: %s read though it is no legal move", (unsigned long long)seed, ply,
                                  token);
                    refused++;
                }
            }
            uint32_t pick = test_rand(&state) % (uint32_t)list.count;
            for (int k = 0; k < list.count && (test_rand(&state) & 1); k++) {
                arb_move c = list.moves[(pick + (uint32_t)k) % (uint32_t)list.count];
                if (arb_move_is_capture(&pos, c) || arb_move_checkers(&pos, c)) {
                    pick = (pick + (uint32_t)k) % (uint32_t)list.count;
                    break;
                }
            }
            arb_position next;
            arb_position_make(&pos, list.moves[pick], &next);
            pos = next;
        }
    }
    cr_assert_gt(read, 10000);
    cr_assert_gt(refused, 100000);
}
