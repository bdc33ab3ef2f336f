/* perft.h — move-path enumeration for testing the move generator. */
#ifndef ARB_PERFT_H
#define ARB_PERFT_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include "position.h"

/* Leaf count at `depth` (bulk-counted at the last ply). */
uint64_t arb_perft(const arb_position *pos, int depth);

/* Leaf counts of every depth 1..max_depth in one walk: counts[d-1]. */
void arb_perft_all(const arb_position *pos, int max_depth, uint64_t *counts);

typedef void (*arb_divide_fn)(arb_move move, uint64_t count, void *ctx);
/* Calls `fn` once per legal root move with its subtree count; returns the total. */
uint64_t arb_perft_divide(const arb_position *pos, int depth, arb_divide_fn fn, void *ctx);

/* A transposition table for perft over large suites: subtrees met again by
 * another move order are counted once.  Owned by the caller; one table per
 * thread.  Keys are the 64-bit position keys, so a wrong count needs a key
 * collision between positions at the same depth. */
typedef struct arb_perft_table arb_perft_table;

/* Allocates about `megabytes` MiB (at least 1); NULL when out of memory. */
arb_perft_table *arb_perft_table_new(size_t megabytes);
void arb_perft_table_free(arb_perft_table *table);
uint64_t arb_perft_hashed(const arb_position *pos, int depth, arb_perft_table *table);

#pragma GCC visibility pop
#endif
