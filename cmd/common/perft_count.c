/* perft_count.c — see perft_count.h */
#include <time.h>
#include <stdio.h>

#include "perft_count.h"

#define PROGRAM PERFT_PROGRAM

double perft_now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

unsigned perft_fen_flags(const perft_options *opt)
{
    return ARB_FEN_IGNORE_EXTRA_FIELDS | (opt->strict ? 0 : ARB_FEN_ALLOW_UNREACHABLE);
}

uint64_t perft_count_nodes(const arb_position *pos, int depth, arb_perft_table *table)
{
    if (depth == 0)
        return 1; /* the root itself is the only path of length 0 */
    return table ? arb_perft_hashed(pos, depth, table) : arb_perft(pos, depth);
}

arb_perft_table *perft_new_table(const perft_options *opt)
{
    if (opt->hash_mb == 0)
        return NULL;
    arb_perft_table *table = arb_perft_table_new((size_t)opt->hash_mb);
    if (!table)
        fprintf(stderr, PROGRAM ": no memory for a %d MiB hash table, counting without\n",
                opt->hash_mb);
    return table;
}
