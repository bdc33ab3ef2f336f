/* chess960.c — Scharnagl numbering of the 960 start arrays (FIDE Guidelines II.2). */
#include "chess960.h"

/* knight pairs among the five squares left after bishops and queen */
static const int knight_pairs[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2},
                                        {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};

static int nth_empty(const int *array, int n)
{
    for (int f = 0; f < 8; f++)
        if (array[f] == ARB_NO_KIND && n-- == 0)
            return f;
    return -1;
}

static void array_of(int n, int *array)
{
    for (int f = 0; f < 8; f++)
        array[f] = ARB_NO_KIND;
    array[2 * (n % 4) + 1] = ARB_BISHOP; /* light-squared bishop: b, d, f or h file */
    n /= 4;
    array[2 * (n % 4)] = ARB_BISHOP;     /* dark-squared bishop: a, c, e or g file */
    n /= 4;
    array[nth_empty(array, n % 6)] = ARB_QUEEN;
    n /= 6;
    int first = nth_empty(array, knight_pairs[n][0]), second = nth_empty(array, knight_pairs[n][1]);
    array[first] = array[second] = ARB_KNIGHT;
    array[nth_empty(array, 0)] = ARB_ROOK;
    array[nth_empty(array, 0)] = ARB_KING;
    array[nth_empty(array, 0)] = ARB_ROOK;
}

bool arb_chess960_position(int n, arb_position *pos)
{
    if (n < 0 || n > 959)
        return false;
    int array[8];
    array_of(n, array);
    arb_position_clear(pos);
    for (int f = 0; f < 8; f++) {
        arb_position_put(pos, arb_piece(ARB_WHITE, array[f]), arb_square(f, 0));
        arb_position_put(pos, arb_piece(ARB_WHITE, ARB_PAWN), arb_square(f, 1));
        arb_position_put(pos, arb_piece(ARB_BLACK, ARB_PAWN), arb_square(f, 6));
        arb_position_put(pos, arb_piece(ARB_BLACK, array[f]), arb_square(f, 7));
        if (array[f] == ARB_ROOK)
            pos->castling_rooks |= ARB_BB(arb_square(f, 0)) | ARB_BB(arb_square(f, 7));
    }
    pos->chess960 = 1;
    arb_position_finish(pos);
    return true;
}

int arb_chess960_number(const arb_position *pos)
{
    int array[8];
    for (int f = 0; f < 8; f++) {
        int white = pos->board[arb_square(f, 0)], black = pos->board[arb_square(f, 7)];
        if (white == ARB_NO_PIECE || arb_piece_color(white) != ARB_WHITE || black != white + 6)
            return -1;
        if (pos->board[arb_square(f, 1)] != arb_piece(ARB_WHITE, ARB_PAWN) ||
            pos->board[arb_square(f, 6)] != arb_piece(ARB_BLACK, ARB_PAWN))
            return -1;
        array[f] = arb_piece_kind(white);
    }
    if (arb_popcount(arb_occupied(pos)) != 32)
        return -1;
    /* Rebuild the number the way array_of consumes it, then compare the arrays. */
    int light = -1, dark = -1;
    for (int f = 0; f < 8; f++) {
        if (array[f] != ARB_BISHOP)
            continue;
        if (f % 2)
            light = f;
        else
            dark = f;
    }
    if (light < 0 || dark < 0)
        return -1;
    int rest[8], nrest = 0;
    for (int f = 0; f < 8; f++)
        if (f != light && f != dark)
            rest[nrest++] = array[f];
    int queen = -1;
    for (int i = 0; i < 6; i++)
        if (rest[i] == ARB_QUEEN)
            queen = i;
    if (queen < 0)
        return -1;
    int five[5], nfive = 0;
    for (int i = 0; i < 6; i++)
        if (i != queen)
            five[nfive++] = rest[i];
    int pair = -1;
    for (int k = 0; k < 10; k++)
        if (five[knight_pairs[k][0]] == ARB_KNIGHT && five[knight_pairs[k][1]] == ARB_KNIGHT)
            pair = k;
    if (pair < 0)
        return -1;
    int n = light / 2 + 4 * (dark / 2) + 16 * queen + 96 * pair;
    int expected[8];
    array_of(n, expected);
    for (int f = 0; f < 8; f++)
        if (expected[f] != array[f])
            return -1;
    return n;
}
