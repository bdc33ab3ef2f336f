/* test_chess960.c — Chess960 start positions by Scharnagl number, both ways
 * (FIDE Guidelines II.2), checked against kokopu's table when ../shared is there. */
#include "helpers.h"

#include "bitboard.h"
#include "chess960.h"
#include "perft.h"

/* White's back rank of a position as letters, e.g. "RNBQKBNR". */
static void back_rank(const arb_position *pos, char out[9])
{
    static const char letters[] = "PNBRQK";
    for (int file = 0; file < 8; file++) {
        int piece = pos->board[arb_square(file, 0)];
        out[file] = piece == ARB_NO_PIECE ? '.' : letters[arb_piece_kind(piece)];
    }
    out[8] = '\0';
}

static arb_position numbered(int n)
{
    arb_position pos;
    cr_assert(arb_chess960_position(n, &pos), "position %d refused", n);
    return pos;
}

Test(chess960, number_518_is_the_standard_array)
{
    arb_position pos = numbered(518), start;
    arb_position_startpos(&start);
    cr_assert_eq(memcmp(pos.board, start.board, 64), 0);
    cr_assert_eq(pos.castling_rooks, start.castling_rooks);
    cr_assert_eq(pos.side, ARB_WHITE);
    cr_assert_eq(arb_chess960_number(&start), 518);
}

Test(chess960, known_numbers)
{
    /* Scharnagl's table: 0 BBQNNRKR, 1 BQNBNRKR, 959 RKRNNQBB */
    static const struct { int n; const char *rank; } known[] = {
        { 0, "BBQNNRKR" }, { 1, "BQNBNRKR" }, { 518, "RNBQKBNR" }, { 959, "RKRNNQBB" },
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        arb_position pos = numbered(known[i].n);
        char rank[9];
        back_rank(&pos, rank);
        cr_assert_str_eq(rank, known[i].rank, "position %d", known[i].n);
    }
}

Test(chess960, out_of_range)
{
    arb_position pos;
    cr_assert_not(arb_chess960_position(-1, &pos));
    cr_assert_not(arb_chess960_position(960, &pos));
}

Test(chess960, all_960_round_trip_and_follow_the_rules)
{
    static char seen[960][9];
    for (int n = 0; n < 960; n++) {
        arb_position pos = numbered(n);
        cr_assert_eq(arb_chess960_number(&pos), n);
        back_rank(&pos, seen[n]);
        for (int m = 0; m < n; m++)
            cr_assert_str_neq(seen[n], seen[m], "positions %d and %d are the same", m, n);

        /* II.2: bishops on opposite colours, king between the rooks */
        arb_bitboard bishops = arb_pieces(&pos, ARB_WHITE, ARB_BISHOP);
        cr_assert_eq(arb_popcount(bishops), 2);
        int b1 = arb_lsb(bishops), b2 = 63 - __builtin_clzll(bishops);
        cr_assert_neq((b1 + arb_rank_of(b1)) & 1, (b2 + arb_rank_of(b2)) & 1, "%d: bishops", n);
        arb_bitboard rooks = arb_pieces(&pos, ARB_WHITE, ARB_ROOK);
        int king = arb_king_square(&pos, ARB_WHITE);
        cr_assert(arb_lsb(rooks) < king && king < 63 - __builtin_clzll(rooks), "%d: king", n);
        /* black mirrors white, pawns on their second ranks, all four rooks castle */
        for (int file = 0; file < 8; file++) {
            int w = pos.board[arb_square(file, 0)], b = pos.board[arb_square(file, 7)];
            cr_assert_eq(arb_piece_kind(w), arb_piece_kind(b));
            cr_assert_eq(arb_piece_color(b), ARB_BLACK);
            cr_assert_eq(pos.board[arb_square(file, 1)], arb_piece(ARB_WHITE, ARB_PAWN));
            cr_assert_eq(pos.board[arb_square(file, 6)], arb_piece(ARB_BLACK, ARB_PAWN));
        }
        cr_assert_eq(pos.castling_rooks, rooks | arb_pieces(&pos, ARB_BLACK, ARB_ROOK));
        cr_assert_eq(pos.key, arb_position_compute_key(&pos));

        /* its Shredder-FEN reads back as the same start position */
        char fen[ARB_FEN_MAX];
        arb_fen_write(&pos, ARB_FEN_STYLE_SHREDDER, fen);
        arb_position reparsed = fen_ok(fen);
        cr_assert_eq(arb_chess960_number(&reparsed), n, "%s", fen);
        cr_assert_eq(reparsed.key, pos.key, "%s", fen);
    }
}

Test(chess960, every_start_has_legal_moves_and_castling_squares)
{
    /* perft(1) of a start position counts 16 pawn moves plus the knight moves:
     * between 18 and 21 (a knight in a corner or next to the rooks has fewer) */
    for (int n = 0; n < 960; n += 37) {
        arb_position pos = numbered(n);
        uint64_t count = arb_perft(&pos, 1);
        cr_assert(count >= 18 && count <= 21, "position %d: %llu moves", n, (unsigned long long)count);
    }
}

Test(chess960, not_a_start_position)
{
    arb_position pos = play_line(ARB_START_FEN, "e2e4");
    cr_assert_eq(arb_chess960_number(&pos), -1, "a pawn has moved");
    /* bishops on the same colour */
    pos = fen_ok("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKNBR w KQkq - 0 1");
    cr_assert_eq(arb_chess960_number(&pos), -1);
    /* king outside the rooks */
    pos = fen_ok("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/KNBQRBNR w kq - 0 1");
    cr_assert_eq(arb_chess960_number(&pos), -1);
    /* black does not mirror white */
    pos = fen_ok("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w kq - 0 1");
    cr_assert_eq(arb_chess960_number(&pos), -1);
}

/* kokopu's test table: CODE<TAB>SCHEME<TAB>CASTLING<TAB>FEN, one row per number */
Test(chess960, matches_kokopu_table_when_present)
{
    char path[1024];
    shared_path("corpora/c960/positions/kokopu-scharnagl.csv", path, sizeof path);
    FILE *in = fopen(path, "r");
    if (!in)
        cr_skip_test("%s not present", path);
    char line[512];
    int rows = 0;
    bool header = true;
    while (fgets(line, sizeof line, in)) {
        if (header) {
            header = false;
            continue;
        }
        line[strcspn(line, "\r\n")] = '\0';
        char *save = NULL;
        char *code = strtok_r(line, "\t", &save);
        char *scheme = strtok_r(NULL, "\t", &save);
        strtok_r(NULL, "\t", &save);
        char *fen = strtok_r(NULL, "\t", &save);
        cr_assert(code && scheme && fen, "malformed row %d", rows + 2);
        int n = atoi(code);

        arb_position ours = numbered(n);
        char rank[9];
        back_rank(&ours, rank);
        for (char *c = scheme; *c; c++)
            *c = (char)(*c - 'a' + 'A');
        cr_assert_str_eq(rank, scheme, "position %d", n);

        arb_position theirs = fen_ok(fen);
        cr_assert_eq(arb_chess960_number(&theirs), n, "%s", fen);
        cr_assert_eq(memcmp(theirs.board, ours.board, 64), 0, "%d", n);
        cr_assert_eq(theirs.castling_rooks, ours.castling_rooks, "%d", n);
        rows++;
    }
    fclose(in);
    cr_assert_eq(rows, 960);
}
