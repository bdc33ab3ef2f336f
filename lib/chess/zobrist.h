/* zobrist.h — constant random keys for position hashing (built at compile time). */
#ifndef ARB_ZOBRIST_H
#define ARB_ZOBRIST_H

#include <stdint.h>

extern const uint64_t arb_zobrist_piece[12][64];
/* one key per castling rook square: rights are stored per rook, so Chess960 works */
extern const uint64_t arb_zobrist_castling[64];
extern const uint64_t arb_zobrist_ep_file[8];
extern const uint64_t arb_zobrist_black_to_move;

#endif
