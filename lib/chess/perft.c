/* perft.c — counting move paths, the standard test of a move generator. */
#include "perft.h"

#include <stdlib.h>

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

typedef struct {
    uint64_t key;
    uint64_t count_and_depth; /* count << 8 | depth */
} perft_entry;

struct arb_perft_table {
    size_t mask;
    perft_entry *entries;
};

arb_perft_table *arb_perft_table_new(size_t megabytes)
{
    size_t n = 1;
    while (n * 2 * sizeof(perft_entry) <= (megabytes ? megabytes : 1) * (size_t)1048576)
        n *= 2;
    arb_perft_table *t = malloc(sizeof *t);
    if (!t)
        return NULL;
    t->entries = calloc(n, sizeof *t->entries);
    if (!t->entries) {
        free(t);
        return NULL;
    }
    t->mask = n - 1;
    return t;
}

void arb_perft_table_free(arb_perft_table *table)
{
    if (!table)
        return;
    free(table->entries);
    free(table);
}

uint64_t arb_perft_hashed(const arb_position *pos, int depth, arb_perft_table *table)
{
    if (depth <= 1)
        return arb_perft(pos, depth);
    perft_entry *e = &table->entries[(pos->key ^ (uint64_t)depth * 0x9E3779B97F4A7C15ULL) & table->mask];
    if (e->key == pos->key && (e->count_and_depth & 0xff) == (uint64_t)depth)
        return e->count_and_depth >> 8;
    arb_movelist list;
    arb_generate_legal(pos, &list);
    uint64_t nodes = 0;
    for (int i = 0; i < list.count; i++) {
        arb_position next;
        arb_position_make(pos, list.moves[i], &next);
        nodes += arb_perft_hashed(&next, depth - 1, table);
    }
    e->key = pos->key;
    e->count_and_depth = nodes << 8 | (uint64_t)depth;
    return nodes;
}
