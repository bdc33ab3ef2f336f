/* position.h — a chess position and the moves that change it.
 *
 * A position is a plain value (no pointers inside): copy it freely; moves are
 * applied in place (arb_position_play) or by copy-make into a caller-owned
 * destination (arb_position_make).  Castling rights are
 * kept per rook square (`castling_rooks`), which serves standard chess and
 * Chess960 alike.
 *
 * `key` is the repetition hash of FIDE Laws 9.2.2/9.2.3: side to move, every
 * piece on its square, the castling rights, and the en-passant file only when
 * an en-passant capture is actually legal.  Two positions are "the same
 * position" for threefold/fivefold exactly when their keys are equal (up to
 * 64-bit collisions).
 */
#ifndef ARB_POSITION_H
#define ARB_POSITION_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include "bitboard.h"

typedef struct arb_position {
    arb_bitboard by_color[2];
    arb_bitboard by_kind[6];
    arb_bitboard castling_rooks; /* rooks that still carry a castling right */
    arb_bitboard checkers;       /* pieces giving check to the side to move (derived, kept by make) */
    uint64_t key;
    uint8_t board[64];           /* piece on each square, ARB_NO_PIECE if empty */
    uint8_t side;                /* ARB_WHITE or ARB_BLACK */
    uint8_t ep_square;           /* square passed by the last double step, else ARB_NO_SQUARE */
    uint8_t ep_legal;            /* an en-passant capture onto ep_square is legal now */
    uint8_t chess960;            /* castling is written/parsed the Chess960 way */
    uint16_t halfmove_clock;     /* plies since the last capture or pawn move (9.3) */
    uint16_t fullmove_number;
} arb_position;

/* The standard start position. */
void arb_position_startpos(arb_position *pos);

/* Empty board, white to move, move 1; build with arb_position_put then
 * arb_position_finish. */
void arb_position_clear(arb_position *pos);
void arb_position_put(arb_position *pos, int piece, int sq);
/* recomputes key, checkers and ep_legal after direct edits */
void arb_position_finish(arb_position *pos);

static inline arb_bitboard arb_occupied(const arb_position *pos)
{
    return pos->by_color[0] | pos->by_color[1];
}
static inline arb_bitboard arb_pieces(const arb_position *pos, int color, int kind)
{
    return pos->by_color[color] & pos->by_kind[kind];
}
static inline int arb_king_square(const arb_position *pos, int color)
{
    return __builtin_ctzll(pos->by_color[color] & pos->by_kind[ARB_KING]);
}

/* Pieces of either colour attacking sq, given an occupancy. */
arb_bitboard arb_attackers_to(const arb_position *pos, int sq, arb_bitboard occupied);
/* Pieces giving check to the side to move (cached by make and finish). */
static inline arb_bitboard arb_checkers(const arb_position *pos) { return pos->checkers; }
static inline bool arb_in_check(const arb_position *pos) { return pos->checkers != 0; }

/* Apply a legal move (as produced by the move generator) in place: pieces,
 * key, rights and clocks are updated incrementally, and the checkers from the
 * moved piece and the line it uncovers.  ARB_MOVE_NULL passes the turn. */
void arb_position_play(arb_position *pos, arb_move move);
/* The same into `out`, leaving `pos` as it was; `out` may not alias `pos`. */
void arb_position_make(const arb_position *pos, arb_move move, arb_position *out);
/* The pieces that would give check after a legal move, without playing it
 * (the checkers the made position would hold). */
arb_bitboard arb_move_checkers(const arb_position *pos, arb_move move);

/* Rook square of the castling right for `color` on the king side (h-side) or
 * queen side (a-side), or ARB_NO_SQUARE. */
int arb_castling_rook(const arb_position *pos, int color, bool king_side);

/* True when the move is a capture (including en passant, excluding castling). */
bool arb_move_is_capture(const arb_position *pos, arb_move move);

/* Key recomputed from scratch (tests compare it with the incremental key). */
uint64_t arb_position_compute_key(const arb_position *pos);

#pragma GCC visibility pop
#endif
