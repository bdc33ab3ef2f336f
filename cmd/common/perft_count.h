/* perft_count.h — arbiter-perft's options and the counting both of its modes
 * share: the FEN flags a perft position is read with, perft through an
 * optional hash table, and the monotonic clock of --time.
 *
 * Ownership and threads: no state; a hash table made by perft_new_table
 * belongs to its caller (one per thread: tables are not shared).
 */
#ifndef ARB_CMD_PERFT_COUNT_H
#define ARB_CMD_PERFT_COUNT_H

#include <stdbool.h>
#include <stdint.h>

#include "arbiter.h"

#define PERFT_PROGRAM "arbiter-perft"
#define PERFT_MAX_DEPTH 64 /* deeper trees never finish; the bound keeps recursion small */

enum { PERFT_EXIT_OK = 0, PERFT_EXIT_MISMATCH = 1, PERFT_EXIT_USAGE = 2 };

typedef struct perft_options {
    bool chess960;
    bool divide;
    bool time;
    bool verbose;
    bool strict;
    bool json;
    const char *suite;
    int hash_mb;
    int max_depth;
    int jobs;
} perft_options;

double perft_now_seconds(void);

/* Perft suites hold artificial positions on purpose (nine queens, two pawns
 * giving check): by default only what the move generator needs is checked. */
unsigned perft_fen_flags(const perft_options *opt);

/* perft through the caller's hash table when there is one (table may be NULL) */
uint64_t perft_count_nodes(const arb_position *pos, int depth, arb_perft_table *table);

/* NULL without --hash, or (said on stderr) when there is no memory for it */
arb_perft_table *perft_new_table(const perft_options *opt);

#endif
