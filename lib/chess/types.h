/* types.h — squares, pieces and moves shared by every chess module.
 *
 * Squares run a1 = 0, b1 = 1, ... h8 = 63.  A move is 16 bits:
 *   bits 0-5 from, bits 6-11 to, bits 12-13 promotion kind (0 knight .. 3 queen),
 *   bits 14-15 type (normal, promotion, en passant, castling).
 * Castling is stored as "king takes own rook" (from = king square, to = rook square)
 * so standard chess and Chess960 share one representation.
 */
#ifndef ARB_TYPES_H
#define ARB_TYPES_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "status.h"

typedef uint64_t arb_bitboard;
typedef uint16_t arb_move;

enum { ARB_WHITE = 0, ARB_BLACK = 1 };

enum arb_kind {
    ARB_PAWN = 0, ARB_KNIGHT, ARB_BISHOP, ARB_ROOK, ARB_QUEEN, ARB_KING, ARB_NO_KIND
};

/* piece = kind + 6 * colour; ARB_NO_PIECE marks an empty square */
enum { ARB_NO_PIECE = 12 };
#define ARB_NO_SQUARE 64

static inline int arb_piece(int color, int kind) { return kind + 6 * color; }
static inline int arb_piece_kind(int piece) { return piece % 6; }
static inline int arb_piece_color(int piece) { return piece / 6; }

static inline int arb_square(int file, int rank) { return rank * 8 + file; }
static inline int arb_file_of(int sq) { return sq & 7; }
static inline int arb_rank_of(int sq) { return sq >> 3; }

enum arb_move_type {
    ARB_MOVE_NORMAL = 0, ARB_MOVE_PROMOTION = 1, ARB_MOVE_EN_PASSANT = 2, ARB_MOVE_CASTLING = 3
};

#define ARB_MOVE_NONE ((arb_move)0)
/* a null move ("--" / "Z0" in PGN): from b1 to b1, which no real move uses */
#define ARB_MOVE_NULL ((arb_move)(1 | (1 << 6)))

static inline arb_move arb_move_make(int from, int to, int type, int promo_kind)
{
    int promo = type == ARB_MOVE_PROMOTION ? promo_kind - ARB_KNIGHT : 0;
    return (arb_move)(from | (to << 6) | (promo << 12) | (type << 14));
}
static inline int arb_move_from(arb_move m) { return m & 63; }
static inline int arb_move_to(arb_move m) { return (m >> 6) & 63; }
static inline int arb_move_type(arb_move m) { return m >> 14; }
/* promotion kind (ARB_KNIGHT..ARB_QUEEN); meaningful only for promotions */
static inline int arb_move_promotion(arb_move m) { return ((m >> 12) & 3) + ARB_KNIGHT; }

#pragma GCC visibility pop
#endif
