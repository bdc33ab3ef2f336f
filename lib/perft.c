/* perft.c — counting move paths, the standard test of a move generator. */
#include "perft.h"

#include "movegen.h"

uint64_t arb_perft(const arb_position *pos, int depth)
{
    if (depth <= 0)
        return 1;
    if (depth == 1)
        return (uint64_t)arb_count_legal(pos);
    arb_movelist list;
    arb_generate_legal(pos, &list);
    uint64_t nodes = 0;
    for (int i = 0; i < list.count; i++) {
        arb_position next;
        arb_position_make(pos, list.moves[i], &next);
        nodes += arb_perft(&next, depth - 1);
    }
    return nodes;
}

static void perft_all(const arb_position *pos, int depth, int max_depth, uint64_t *counts)
{
    if (depth == max_depth - 1) {
        counts[depth] += (uint64_t)arb_count_legal(pos);
        return;
    }
    arb_movelist list;
    arb_generate_legal(pos, &list);
    counts[depth] += (uint64_t)list.count;
    for (int i = 0; i < list.count; i++) {
        arb_position next;
        arb_position_make(pos, list.moves[i], &next);
        perft_all(&next, depth + 1, max_depth, counts);
    }
}

void arb_perft_all(const arb_position *pos, int max_depth, uint64_t *counts)
{
    for (int d = 0; d < max_depth; d++)
        counts[d] = 0;
    if (max_depth > 0)
        perft_all(pos, 0, max_depth, counts);
}

uint64_t arb_perft_divide(const arb_position *pos, int depth, arb_divide_fn fn, void *ctx)
{
    arb_movelist list;
    arb_generate_legal(pos, &list);
    uint64_t total = 0;
    for (int i = 0; i < list.count; i++) {
        arb_position next;
        arb_position_make(pos, list.moves[i], &next);
        uint64_t count = arb_perft(&next, depth - 1);
        if (fn)
            fn(list.moves[i], count, ctx);
        total += count;
    }
    return total;
}
