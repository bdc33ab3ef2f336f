/* bitboard.h — bit tricks on 64-bit square sets. */
#ifndef ARB_BITBOARD_H
#define ARB_BITBOARD_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include "types.h"

#define ARB_BB(sq) ((arb_bitboard)1 << (sq))
#define ARB_FILE_A 0x0101010101010101ULL
#define ARB_RANK_1 0xFFULL

static inline int arb_popcount(arb_bitboard b) { return __builtin_popcountll(b); }
static inline int arb_lsb(arb_bitboard b) { return __builtin_ctzll(b); }
static inline int arb_pop_lsb(arb_bitboard *b)
{
    int sq = __builtin_ctzll(*b);
    *b &= *b - 1;
    return sq;
}
static inline bool arb_more_than_one(arb_bitboard b) { return (b & (b - 1)) != 0; }
static inline arb_bitboard arb_file_bb(int file) { return ARB_FILE_A << file; }
static inline arb_bitboard arb_rank_bb(int rank) { return ARB_RANK_1 << (8 * rank); }

#pragma GCC visibility pop
#endif
