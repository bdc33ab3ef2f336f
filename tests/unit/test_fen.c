/* test_fen.c — FEN, X-FEN and Shredder-FEN parsing and writing, and every
 * validation error of lib/chess/fen.h with the column it points at. */
#include "helpers.h"

#include "bitboard.h"

static void expect_round_trip(const char *fen, int style)
{
    arb_position pos = fen_ok(fen);
    char out[ARB_FEN_MAX];
    size_t len = arb_fen_write(&pos, style, out);
    cr_assert_str_eq(out, fen, "round trip (style %d) changed the FEN", style);
    cr_assert_eq(len, strlen(fen), "returned length %zu, written %zu", len, strlen(fen));
}

/* ---- round trips ---------------------------------------------------------- */

Test(fen, round_trip_standard)
{
    static const char *const fens[] = {
        ARB_START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        /* e.p. square after a double step, capture possible */
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
        /* large clocks */
        "8/8/4k3/8/8/4K3/8/8 b - - 99 150",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
        "r3k3/8/8/8/8/8/8/4K3 b q - 12 40",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++)
        expect_round_trip(fens[i], ARB_FEN_STYLE_AUTO);
}

Test(fen, start_position_matches_startpos)
{
    arb_position parsed = fen_ok(ARB_START_FEN), built;
    arb_position_startpos(&built);
    cr_assert_eq(memcmp(parsed.board, built.board, 64), 0);
    cr_assert_eq(parsed.key, built.key);
    cr_assert_eq(parsed.castling_rooks, ARB_BB(sq("a1")) | ARB_BB(sq("h1")) | ARB_BB(sq("a8")) | ARB_BB(sq("h8")));
    cr_assert_eq(parsed.side, ARB_WHITE);
    cr_assert_eq(parsed.ep_square, ARB_NO_SQUARE);
    cr_assert_eq(parsed.halfmove_clock, 0);
    cr_assert_eq(parsed.fullmove_number, 1);
    cr_assert_not(parsed.chess960, "the standard start position is not Chess960");
    cr_assert_eq(parsed.board[sq("e1")], arb_piece(ARB_WHITE, ARB_KING));
    cr_assert_eq(parsed.board[sq("d8")], arb_piece(ARB_BLACK, ARB_QUEEN));
    cr_assert_eq(parsed.board[sq("e4")], ARB_NO_PIECE);
}

Test(fen, epd_without_clocks_defaults_to_0_and_1)
{
    arb_position pos = fen_ok("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -");
    cr_assert_eq(pos.halfmove_clock, 0);
    cr_assert_eq(pos.fullmove_number, 1);
    char out[ARB_FEN_MAX];
    cr_assert_str_eq(fen_of(&pos, ARB_FEN_STYLE_AUTO, out),
                     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    /* five fields: the fullmove number alone is defaulted */
    pos = fen_ok("4k3/8/8/8/8/8/8/4K3 b - - 7");
    cr_assert_eq(pos.halfmove_clock, 7);
    cr_assert_eq(pos.fullmove_number, 1);
}

Test(fen, ep_square_written_after_every_double_step_unless_legal_only)
{
    /* 1.e4: no black pawn can capture on e3 */
    const char *fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    arb_position pos = fen_ok(fen);
    cr_assert_eq(pos.ep_square, sq("e3"));
    cr_assert_not(pos.ep_legal);
    char out[ARB_FEN_MAX];
    cr_assert_str_eq(fen_of(&pos, ARB_FEN_STYLE_AUTO, out), fen);
    cr_assert_str_eq(fen_of(&pos, ARB_FEN_STYLE_AUTO | ARB_FEN_EP_LEGAL_ONLY, out),
                     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");

    /* d4 pawn can take e3: written in both styles */
    fen = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3";
    pos = fen_ok(fen);
    cr_assert(pos.ep_legal);
    cr_assert_str_eq(fen_of(&pos, ARB_FEN_STYLE_AUTO | ARB_FEN_EP_LEGAL_ONLY, out), fen);
}

Test(fen, ep_square_after_a_made_double_step)
{
    arb_position pos = fen_ok(ARB_START_FEN), next;
    arb_position_make(&pos, must_find(&pos, "e2e4"), &next);
    char out[ARB_FEN_MAX];
    cr_assert_str_eq(fen_of(&next, ARB_FEN_STYLE_AUTO, out),
                     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    arb_position_make(&next, must_find(&next, "g8f6"), &pos);
    cr_assert_str_eq(fen_of(&pos, ARB_FEN_STYLE_AUTO, out),
                     "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2");
}

Test(fen, shredder_round_trip)
{
    static const char *const fens[] = {
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
        "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
        "rkr1bb1n/ppppp1pp/5p2/4n3/3QP3/5P2/RPPP2PP/1KRNBB1N w Cca - 1 9",
        "1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        expect_round_trip(fens[i], ARB_FEN_STYLE_SHREDDER);
        arb_position pos = fen_ok(fens[i]);
        cr_assert(pos.chess960, "Shredder-FEN castling makes a Chess960 position: %s", fens[i]);
    }
}

Test(fen, shredder_castling_rooks)
{
    arb_position pos = fen_ok("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    cr_assert_eq(pos.castling_rooks,
                 ARB_BB(sq("f1")) | ARB_BB(sq("h1")) | ARB_BB(sq("f8")) | ARB_BB(sq("h8")));
    cr_assert_eq(arb_castling_rook(&pos, ARB_WHITE, true), sq("h1"));
    cr_assert_eq(arb_castling_rook(&pos, ARB_WHITE, false), sq("f1"));
    cr_assert_eq(arb_castling_rook(&pos, ARB_BLACK, true), sq("h8"));
    cr_assert_eq(arb_castling_rook(&pos, ARB_BLACK, false), sq("f8"));
}

Test(fen, standard_start_in_shredder_form)
{
    arb_position pos = fen_ok("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    arb_position start;
    arb_position_startpos(&start);
    cr_assert_eq(pos.castling_rooks, start.castling_rooks);
    cr_assert_eq(memcmp(pos.board, start.board, 64), 0);
    cr_assert(pos.chess960, "rook-file letters ask for Chess960 even from the standard array");
    char out[ARB_FEN_MAX];
    cr_assert_str_eq(fen_of(&start, ARB_FEN_STYLE_SHREDDER, out),
                     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
}

Test(fen, xfen_outermost_rooks_as_kqkq)
{
    /* king on g1: Chess960 from the squares alone; both rooks are outermost */
    const char *xfen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9";
    arb_position pos = fen_ok(xfen);
    cr_assert(pos.chess960, "a castling king off e1 makes the position Chess960");
    cr_assert_eq(pos.castling_rooks,
                 ARB_BB(sq("f1")) | ARB_BB(sq("h1")) | ARB_BB(sq("f8")) | ARB_BB(sq("h8")));
    char out[ARB_FEN_MAX];
    cr_assert_str_eq(fen_of(&pos, ARB_FEN_STYLE_AUTO, out), xfen);
    cr_assert_str_eq(fen_of(&pos, ARB_FEN_STYLE_SHREDDER, out),
                     "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
}

Test(fen, xfen_inner_rook_by_file_letter)
{
    /* two rooks right of the king: K means the outermost (h1), F the inner one */
    arb_position outer = fen_ok("1k6/8/8/8/8/8/8/1K3R1R w K - 0 1");
    cr_assert_eq(outer.castling_rooks, ARB_BB(sq("h1")));
    cr_assert(outer.chess960);

    const char *inner_fen = "1k6/8/8/8/8/8/8/1K3R1R w F - 0 1";
    arb_position inner = fen_ok(inner_fen);
    cr_assert_eq(inner.castling_rooks, ARB_BB(sq("f1")));
    char out[ARB_FEN_MAX];
    cr_assert_str_eq(fen_of(&inner, ARB_FEN_STYLE_AUTO, out), inner_fen,
                     "X-FEN writes an inner castling rook by its file");
    cr_assert_str_eq(fen_of(&outer, ARB_FEN_STYLE_AUTO, out), "1k6/8/8/8/8/8/8/1K3R1R w K - 0 1");

    /* the same for black, lower case */
    arb_position black = fen_ok("r1r3k1/8/8/8/8/8/8/6K1 b c - 0 1");
    cr_assert_eq(black.castling_rooks, ARB_BB(sq("c8")));
    black = fen_ok("r1r3k1/8/8/8/8/8/8/6K1 b q - 0 1");
    cr_assert_eq(black.castling_rooks, ARB_BB(sq("a8")));
}

Test(fen, standard_rights_are_not_chess960)
{
    arb_position pos = fen_ok("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    cr_assert_not(pos.chess960);
    pos = fen_ok("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    cr_assert_not(pos.chess960, "no castling rights at all is not Chess960");
}

/* ---- errors ----------------------------------------------------------------- */

/* 1-based column of the n-th space-separated field of fen. */
static int field_col(const char *fen, int n)
{
    int col = 1;
    for (int field = 1; field < n; field++) {
        const char *space = strchr(fen + col - 1, ' ');
        cr_assert_not_null(space, "test FEN has fewer than %d fields", n);
        col = (int)(space - fen) + 2;
    }
    return col;
}

/* Expects error `code` with a message and a column in [col_lo, col_hi]. */
static void expect_error(const char *fen, int code, int col_lo, int col_hi)
{
    arb_position pos;
    arb_status st = arb_fen_parse(fen, &pos);
    cr_assert_eq(st.code, code, "'%s': code %d (%s), expected %d", fen, st.code, st.message, code);
    cr_assert_gt(strlen(st.message), 0, "'%s': error without a message", fen);
    cr_assert(st.col >= col_lo && st.col <= col_hi, "'%s': column %d (%s), expected %d..%d",
              fen, st.col, st.message, col_lo, col_hi);
}

static void expect_field_error(const char *fen, int code, int field)
{
    int col = field_col(fen, field);
    expect_error(fen, code, col, col);
}

/* an error somewhere in the placement field, or just after it (a missing rank) */
static void expect_placement_error(const char *fen, int code)
{
    expect_error(fen, code, 1, field_col(fen, 2) - 1);
}

Test(fen_error, empty)
{
    arb_position pos;
    arb_status st = arb_fen_parse("", &pos);
    cr_assert_eq(st.code, ARB_FEN_EMPTY);
    cr_assert_gt(strlen(st.message), 0);
}

Test(fen_error, field_count)
{
    expect_error("4k3/8/8/8/8/8/8/4K3 w", ARB_FEN_FIELD_COUNT, 1, 23);
    expect_error("4k3/8/8/8/8/8/8/4K3", ARB_FEN_FIELD_COUNT, 1, 21);
    expect_error("4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", ARB_FEN_FIELD_COUNT, 1, 36);
}

Test(fen_error, rank_count)
{
    expect_placement_error("4k3/8/8/8/8/8/4K3 w - - 0 1", ARB_FEN_RANK_COUNT);
    expect_placement_error("4k3/8/8/8/8/8/8/8/4K3 w - - 0 1", ARB_FEN_RANK_COUNT);
}

Test(fen_error, piece_letter)
{
    /* the column of the offending character itself */
    expect_error("4k3/8/8/8/8/8/8/4X3 w - - 0 1", ARB_FEN_PIECE_LETTER, 18, 18);
    expect_error("4k3/8/8/8/8/8/8/4K2. w - - 0 1", ARB_FEN_PIECE_LETTER, 20, 20);
}

Test(fen_error, rank_length)
{
    expect_placement_error("4k3/8/8/8/8/8/8/4K4 w - - 0 1", ARB_FEN_RANK_LENGTH);
    expect_placement_error("4k3/8/8/8/8/8/7/4K3 w - - 0 1", ARB_FEN_RANK_LENGTH);
    expect_placement_error("4k3/8/8/8/8/8/8/4K2RR w - - 0 1", ARB_FEN_RANK_LENGTH);
}

Test(fen_error, king_count)
{
    expect_placement_error("4k3/8/8/8/8/8/8/8 w - - 0 1", ARB_FEN_KING_COUNT);
    expect_placement_error("4k2k/8/8/8/8/8/8/4K3 w - - 0 1", ARB_FEN_KING_COUNT);
    expect_placement_error("8/8/8/8/8/8/8/4K3 b - - 0 1", ARB_FEN_KING_COUNT);
}

Test(fen_error, pawn_on_first_or_eighth_rank)
{
    expect_placement_error("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", ARB_FEN_PAWN_RANK);
    expect_placement_error("p3k3/8/8/8/8/8/8/4K3 w - - 0 1", ARB_FEN_PAWN_RANK);
    expect_placement_error("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", ARB_FEN_PAWN_RANK);
}

Test(fen_error, side_to_move)
{
    expect_field_error("4k3/8/8/8/8/8/8/4K3 x - - 0 1", ARB_FEN_SIDE, 2);
    expect_field_error("4k3/8/8/8/8/8/8/4K3 W - - 0 1", ARB_FEN_SIDE, 2);
    expect_field_error("4k3/8/8/8/8/8/8/4K3 wb - - 0 1", ARB_FEN_SIDE, 2);
}

Test(fen_error, side_not_to_move_in_check)
{
    /* black king on e8 attacked by the rook, white to move */
    expect_error("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", ARB_FEN_OPPONENT_IN_CHECK, 1, 34);
    /* the same board with black to move is fine */
    fen_ok("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1");
}

Test(fen_error, more_than_two_checkers)
{
    /* rook e1, bishop b5 and knight d6 all attack e8 */
    expect_error("4k3/8/3N4/1B6/8/8/8/K3R3 b - - 0 1", ARB_FEN_TOO_MANY_CHECKERS, 1, 35);
}

Test(fen_error, impossible_double_check)
{
    /* two knights: no single move can give both checks */
    expect_error("4k3/8/3N1N2/8/8/8/8/K7 b - - 0 1", ARB_FEN_IMPOSSIBLE_CHECK, 1, 33);
    /* two pawns */
    expect_error("4k3/3P1P2/8/8/8/8/8/K7 b - - 0 1", ARB_FEN_IMPOSSIBLE_CHECK, 1, 33);
    /* knight + rook is a discovered double check (the knight came from e4): valid */
    fen_ok("4k3/8/3N4/8/8/8/8/K3R3 b - - 0 1");
}

Test(fen_error, castling_syntax)
{
    const char *fen = "r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1";
    int lo = field_col(fen, 3);
    expect_error(fen, ARB_FEN_CASTLING_SYNTAX, lo, lo + 1);
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkqz - 0 1";
    lo = field_col(fen, 3);
    expect_error(fen, ARB_FEN_CASTLING_SYNTAX, lo, lo + 4);
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w K- - 0 1";
    lo = field_col(fen, 3);
    expect_error(fen, ARB_FEN_CASTLING_SYNTAX, lo, lo + 1);
}

Test(fen_error, castling_right_without_king)
{
    /* white king on e2, not on its first rank */
    const char *fen = "4k3/8/8/8/8/8/4K3/R6R w K - 0 1";
    expect_error(fen, ARB_FEN_CASTLING_KING, 1, field_col(fen, 4) - 2);
    fen = "r6r/4k3/8/8/8/8/8/4K3 b q - 0 1";
    expect_error(fen, ARB_FEN_CASTLING_KING, 1, field_col(fen, 4) - 2);
}

Test(fen_error, castling_right_without_rook)
{
    const char *fen = "4k3/8/8/8/8/8/8/4K3 w K - 0 1";
    expect_error(fen, ARB_FEN_CASTLING_ROOK, 1, field_col(fen, 4) - 2);
    /* the only rook is on the queen side */
    fen = "4k3/8/8/8/8/8/8/R3K3 w K - 0 1";
    expect_error(fen, ARB_FEN_CASTLING_ROOK, 1, field_col(fen, 4) - 2);
    /* Shredder letter naming an empty file */
    fen = "4k3/8/8/8/8/8/8/R3K2R w G - 0 1";
    expect_error(fen, ARB_FEN_CASTLING_ROOK, 1, field_col(fen, 4) - 2);
    /* the corner holds a knight, not a rook */
    fen = "r3k2n/8/8/8/8/8/8/4K3 b k - 0 1";
    expect_error(fen, ARB_FEN_CASTLING_ROOK, 1, field_col(fen, 4) - 2);
}

Test(fen_error, ep_syntax)
{
    expect_field_error("4k3/8/8/8/8/8/8/4K3 w - e9 0 1", ARB_FEN_EP_SYNTAX, 4);
    expect_field_error("4k3/8/8/8/8/8/8/4K3 w - x3 0 1", ARB_FEN_EP_SYNTAX, 4);
    expect_field_error("4k3/8/8/8/8/8/8/4K3 w - e 0 1", ARB_FEN_EP_SYNTAX, 4);
    expect_field_error("4k3/8/8/8/8/8/8/4K3 w - e6e 0 1", ARB_FEN_EP_SYNTAX, 4);
}

Test(fen_error, ep_inconsistent)
{
    /* no black pawn on e5 that could just have moved */
    expect_field_error("4k3/8/8/8/8/8/8/4K3 w - e6 0 1", ARB_FEN_EP_INCONSISTENT, 4);
    /* a third-rank square is for black to capture, not white */
    expect_field_error("4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", ARB_FEN_EP_INCONSISTENT, 4);
    /* the pawn is there but the square it passed is occupied */
    expect_field_error("4k3/8/4n3/4p3/8/8/8/4K3 w - e6 0 1", ARB_FEN_EP_INCONSISTENT, 4);
    /* consistent but no capture possible: accepted, just not legal */
    arb_position pos = fen_ok("4k3/8/8/4p3/8/8/8/4K3 w - e6 0 1");
    cr_assert_eq(pos.ep_square, sq("e6"));
    cr_assert_not(pos.ep_legal);
}

Test(fen_error, halfmove_clock)
{
    expect_field_error("4k3/8/8/8/8/8/8/4K3 w - - -1 1", ARB_FEN_HALFMOVE, 5);
    expect_field_error("4k3/8/8/8/8/8/8/4K3 w - - x 1", ARB_FEN_HALFMOVE, 5);
    expect_field_error("4k3/8/8/8/8/8/8/4K3 w - - 99999999999999999999 1", ARB_FEN_HALFMOVE, 5);
}

Test(fen_error, fullmove_number)
{
    expect_field_error("4k3/8/8/8/8/8/8/4K3 w - - 0 x", ARB_FEN_FULLMOVE, 6);
    expect_field_error("4k3/8/8/8/8/8/8/4K3 w - - 0 -3", ARB_FEN_FULLMOVE, 6);
    expect_field_error("4k3/8/8/8/8/8/8/4K3 w - - 0 99999999999999999999", ARB_FEN_FULLMOVE, 6);
}

Test(fen_error, too_many_pieces)
{
    /* nine white pawns */
    expect_placement_error("4k3/8/8/8/8/PPPPPPPP/P7/4K3 w - - 0 1", ARB_FEN_TOO_MANY_PIECES);
    /* seventeen black pieces */
    expect_placement_error("nnnnknnn/nnnnnnnn/n7/8/8/8/8/4K3 w - - 0 1", ARB_FEN_TOO_MANY_PIECES);
}

Test(fen_error, every_code_has_a_distinct_message)
{
    /* The message says what is wrong: two different problems never share one. */
    static const char *const fens[] = {
        "4k3/8/8/8/8/8/8/4X3 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - e9 0 1", "4k3/8/8/8/8/8/8/4K3 w - - x 1",
    };
    arb_status st[4];
    arb_position pos;
    for (int i = 0; i < 4; i++)
        st[i] = arb_fen_parse(fens[i], &pos);
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++)
            cr_assert_str_neq(st[i].message, st[j].message);
}

/* ---- relaxed parsing for artificial positions (perft suites) ---------------- */

static int parse_code(const char *fen, unsigned flags)
{
    arb_position pos;
    return arb_fen_parse_with(fen, &pos, flags).code;
}

Test(fen_flags, allow_unreachable_accepts_artificial_positions)
{
    static const char *const artificial[] = {
        "4k3/8/3N1N2/8/8/8/8/K7 b - - 0 1",                    /* two knights give check */
        "1rrrrrk1/1PPPPPPP/8/8/8/8/8/6K1 b - -",               /* two pawns give check */
        "kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - -",    /* 31 white pieces */
        "4k3/8/8/8/8/PPPPPPPP/P7/4K3 w - - 0 1",               /* nine pawns */
    };
    for (size_t i = 0; i < sizeof artificial / sizeof artificial[0]; i++) {
        cr_assert_neq(parse_code(artificial[i], 0), ARB_FEN_OK, "strict parse accepted %s", artificial[i]);
        cr_assert_eq(parse_code(artificial[i], ARB_FEN_ALLOW_UNREACHABLE), ARB_FEN_OK, "%s", artificial[i]);
    }
}

Test(fen_flags, allow_unreachable_still_checks_what_movegen_needs)
{
    unsigned relaxed = ARB_FEN_ALLOW_UNREACHABLE;
    cr_assert_eq(parse_code("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", relaxed), ARB_FEN_OPPONENT_IN_CHECK);
    cr_assert_eq(parse_code("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", relaxed), ARB_FEN_PAWN_RANK);
    cr_assert_eq(parse_code("4k2k/8/8/8/8/8/8/4K3 w - - 0 1", relaxed), ARB_FEN_KING_COUNT);
    cr_assert_eq(parse_code("4k3/8/8/8/8/8/8/4K3 w K - 0 1", relaxed), ARB_FEN_CASTLING_ROOK);
    cr_assert_eq(parse_code("4k3/8/8/8/8/8/8/4X3 w - - 0 1", relaxed), ARB_FEN_PIECE_LETTER);
}

Test(fen_flags, ignore_extra_fields)
{
    /* a converter appended "0 1" to a FEN that already had its counters */
    const char *fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 0 1";
    cr_assert_eq(parse_code(fen, 0), ARB_FEN_FIELD_COUNT);
    arb_position pos;
    arb_status st = arb_fen_parse_with(fen, &pos, ARB_FEN_IGNORE_EXTRA_FIELDS);
    cr_assert_eq(st.code, ARB_FEN_OK, "%s", st.message);
    cr_assert_eq(pos.halfmove_clock, 2);
    cr_assert_eq(pos.fullmove_number, 9);
    /* the first six fields are still checked */
    cr_assert_eq(parse_code("4k3/8/8/8/8/8/8/4K3 w - - x 1 0 1", ARB_FEN_IGNORE_EXTRA_FIELDS),
                 ARB_FEN_HALFMOVE);
}

/* ---- issue 13, points 2 and 3: rights and material no game can have -------- */

static void expect_standard_castling_error(const char *fen)
{
    arb_position pos;
    arb_status st = arb_fen_parse_with(fen, &pos, ARB_FEN_STANDARD);
    cr_assert_eq(st.code, ARB_FEN_CASTLING_STANDARD, "'%s': code %d (%s)", fen, st.code, st.message);
    cr_assert_eq(st.col, field_col(fen, 3), "'%s': column %d", fen, st.col);
    cr_assert(strstr(st.message, "3.8.2"), "%s", st.message);
    /* the same FEN without the flag is a Chess960 position */
    cr_assert_eq(arb_fen_parse(fen, &pos).code, ARB_FEN_OK, "%s", fen);
    cr_assert(pos.chess960, "%s", fen);
}

Test(fen_error, standard_chess_castling_needs_original_squares)
{
    /* 3.8.2 / 3.10.3: without Chess960 a right needs Ke1 + Rh1 (K), Ra1 (Q) */
    expect_standard_castling_error("4k3/8/8/8/8/8/8/3K3R w K - 0 1");
    expect_standard_castling_error("4k3/8/8/8/8/8/8/R2K4 w Q - 0 1");
    expect_standard_castling_error("r4k2/8/8/8/8/8/8/4K3 b q - 0 1");
    expect_standard_castling_error("4k3/8/8/8/8/8/8/4K1R1 w G - 0 1");
    arb_position pos;
    arb_status st = arb_fen_parse_with("4k3/8/8/8/8/8/8/3K3R w K - 0 1", &pos, ARB_FEN_STANDARD);
    cr_assert(strstr(st.message, "e1") && strstr(st.message, "h1"), "%s", st.message);
    /* standard rights in any spelling stay valid */
    cr_assert_eq(parse_code(ARB_START_FEN, ARB_FEN_STANDARD), ARB_FEN_OK);
    cr_assert_eq(parse_code("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", ARB_FEN_STANDARD), ARB_FEN_OK);
    /* a Chess960 start array is one whatever the tags say */
    cr_assert_eq(parse_code("bbqrknrn/pppppppp/8/8/8/8/PPPPPPPP/BBQRKNRN w KQkq - 0 1", ARB_FEN_STANDARD), ARB_FEN_OK);
}

static void expect_error_with_flags(const char *fen, unsigned flags, int code)
{
    arb_position pos;
    arb_status st = arb_fen_parse_with(fen, &pos, flags);
    cr_assert_eq(st.code, code, "'%s': code %d (%s), expected %d", fen, st.code, st.message, code);
}

Test(fen_error, more_promoted_pieces_than_missing_pawns)
{
    /* two white queens with all eight white pawns */
    expect_placement_error("4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1", ARB_FEN_PROMOTIONS);
    /* three knights, one pawn missing: fine; three knights and a second queen: two promotions */
    cr_assert_eq(parse_code("4k3/8/8/8/8/8/PPPPPPP1/NNN1K3 w - - 0 1", 0), ARB_FEN_OK);
    expect_placement_error("4k3/8/8/8/8/8/PPPPPPP1/NNNQKQ2 w - - 0 1", ARB_FEN_PROMOTIONS);
    /* two black bishops on light squares (b7, d5) with eight pawns */
    expect_placement_error("4k3/pbpppppp/1p6/3b4/8/8/8/4K3 w - - 0 1", ARB_FEN_PROMOTIONS);
    /* bishops on both colours are the original pair */
    cr_assert_eq(parse_code("4k3/pbpppppp/1p6/4b3/8/8/8/4K3 w - - 0 1", 0), ARB_FEN_OK);
    /* artificial positions may ask for no such check */
    cr_assert_eq(parse_code("4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1", ARB_FEN_ALLOW_UNREACHABLE), ARB_FEN_OK);
}

Test(fen_error, pawn_files_need_more_captures_than_pieces_lost)
{
    /* eight white pawns, two on the e-file, none on h: three captures
     * (h to g, g to f, f to e), with every black unit on the board */
    expect_placement_error("rnbqkbnr/pppppppp/8/8/8/4P3/PPPPPPP1/RNBQKBNR w KQkq - 0 1", ARB_FEN_CAPTURES);
    /* three black pawns gone: possible */
    cr_assert_eq(parse_code("rnbqkbnr/ppppp3/8/8/8/4P3/PPPPPPP1/RNBQKBNR w KQkq - 0 1", 0), ARB_FEN_OK);
    /* two gone: not */
    cr_assert_eq(parse_code("rnbqkbnr/ppppp1p1/8/8/8/4P3/PPPPPPP1/RNBQKBNR w KQkq - 0 1", 0), ARB_FEN_CAPTURES);
    /* perft position 4: five white pawn captures, one black piece lost */
    expect_error_with_flags("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 0, ARB_FEN_CAPTURES);
    cr_assert_eq(parse_code("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                            ARB_FEN_ALLOW_UNREACHABLE), ARB_FEN_OK);
}

Test(fen_error, halfmove_clock_beyond_the_moves_played)
{
    /* move 10 with White to move: 18 half-moves played */
    expect_field_error("4k3/8/8/8/8/8/8/4K3 w - - 19 10", ARB_FEN_HALFMOVE, 5);
    cr_assert_eq(parse_code("4k3/8/8/8/8/8/8/4K3 w - - 18 10", 0), ARB_FEN_OK);
    /* Black to move at move 1: White's one half-move */
    cr_assert_eq(parse_code("4k3/8/8/8/8/8/8/4K3 b - - 1 1", 0), ARB_FEN_OK);
    expect_field_error("4k3/8/8/8/8/8/8/4K3 b - - 2 1", ARB_FEN_HALFMOVE, 5);
    /* without counters (EPD) nothing is claimed */
    cr_assert_eq(parse_code("4k3/8/8/8/8/8/8/4K3 b - -", 0), ARB_FEN_OK);
}

Test(fen_flags, lenient_counters_for_readers)
{
    /* "w - - 1 1": a clock no game can have at move 1, common in puzzle files */
    cr_assert_eq(parse_code("4k3/8/8/8/8/8/8/4K2R w - - 1 1", 0), ARB_FEN_HALFMOVE);
    cr_assert_eq(parse_code("4k3/8/8/8/8/8/8/4K2R w - - 1 1", ARB_FEN_LENIENT_COUNTERS), ARB_FEN_OK);
    /* the flag changes nothing else */
    cr_assert_eq(parse_code("4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 1 1", ARB_FEN_LENIENT_COUNTERS), ARB_FEN_PROMOTIONS);
}
