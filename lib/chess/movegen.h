/* movegen.h — legal move generation (pins, check evasions, en passant,
 * promotions, standard and Chess960 castling per FIDE Guidelines II.3). */
#ifndef ARB_MOVEGEN_H
#define ARB_MOVEGEN_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include "position.h"

/* A reachable position has at most 218 legal moves; artificial positions
 * admitted by ARB_FEN_ALLOW_UNREACHABLE are bounded by the FEN parser so
 * that their moves fit too. */
#define ARB_MAX_MOVES 1024

typedef struct arb_movelist {
    int count;
    arb_move moves[ARB_MAX_MOVES];
} arb_movelist;

/* Every legal move of the side to move; returns the count. */
int arb_generate_legal(const arb_position *pos, arb_movelist *list);
/* Number of legal moves, faster than generating them (perft leaves). */
int arb_count_legal(const arb_position *pos);
bool arb_is_legal(const arb_position *pos, arb_move move);
/* Castling with the rook on `rook` (a square holding a castling right) is legal now. */
bool arb_castling_is_legal(const arb_position *pos, int rook);
bool arb_is_checkmate(const arb_position *pos);
bool arb_is_stalemate(const arb_position *pos);

#pragma GCC visibility pop
#endif
