/* test_perft.c — perft, perft_all and divide on published counts (small
 * depths; the quick and full suites run through arbiter-perft). */
#include "helpers.h"

#include "perft.h"

typedef struct perft_case {
    const char *fen;
    int depths;
    uint64_t counts[5];
} perft_case;

/* chessprogramming.org "Perft Results" and "Chess960 Perft Results" */
static const perft_case cases[] = {
    { ARB_START_FEN, 4, { 20, 400, 8902, 197281 } },
    { "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, { 48, 2039, 97862 } },
    { "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, { 14, 191, 2812, 43238, 674624 } },
    { "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3, { 6, 264, 9467 } },
    { "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3, { 44, 1486, 62379 } },
    { "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 3, { 46, 2079, 89890 } },
    { "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 3, { 21, 528, 12189 } },
    { "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", 3, { 21, 807, 18002 } },
    { "rkr1bb1n/ppppp1pp/5p2/4n3/3QP3/5P2/RPPP2PP/1KRNBB1N w Cca - 1 9", 3, { 45, 1172, 51766 } },
};

Test(perft, published_counts)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        arb_position pos = fen_ok(cases[i].fen);
        for (int d = 1; d <= cases[i].depths; d++) {
            uint64_t got = arb_perft(&pos, d);
            cr_assert_eq(got, cases[i].counts[d - 1], "%s depth %d: %llu, expected %llu",
                         cases[i].fen, d, (unsigned long long)got,
                         (unsigned long long)cases[i].counts[d - 1]);
        }
    }
}

Test(perft, depth_zero_is_one_node)
{
    arb_position pos = fen_ok(ARB_START_FEN);
    cr_assert_eq(arb_perft(&pos, 0), 1);
    /* a mated position has one node at depth 0 and none below */
    arb_position mated = fen_ok("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    cr_assert_eq(arb_perft(&mated, 1), 0);
    cr_assert_eq(arb_perft(&mated, 3), 0);
}

Test(perft, perft_all_matches_perft)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        arb_position pos = fen_ok(cases[i].fen);
        uint64_t counts[5] = { 0 };
        arb_perft_all(&pos, cases[i].depths, counts);
        for (int d = 1; d <= cases[i].depths; d++)
            cr_assert_eq(counts[d - 1], cases[i].counts[d - 1], "%s depth %d", cases[i].fen, d);
    }
}

typedef struct divide_log {
    const arb_position *root;
    int calls;
    uint64_t sum;
    arb_move moves[ARB_MAX_MOVES];
    uint64_t counts[ARB_MAX_MOVES];
} divide_log;

static void log_divide(arb_move move, uint64_t count, void *ctx)
{
    divide_log *log = ctx;
    cr_assert_lt(log->calls, ARB_MAX_MOVES);
    log->moves[log->calls] = move;
    log->counts[log->calls] = count;
    log->calls++;
    log->sum += count;
}

Test(perft, divide_sums_to_the_total_and_each_subtree)
{
    arb_position pos = fen_ok("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    divide_log log = { .root = &pos };
    uint64_t total = arb_perft_divide(&pos, 3, log_divide, &log);
    cr_assert_eq(total, 97862);
    cr_assert_eq(log.sum, total);
    cr_assert_eq(log.calls, 48, "one call per legal root move");
    arb_movelist list;
    arb_generate_legal(&pos, &list);
    for (int i = 0; i < log.calls; i++) {
        cr_assert(in_list(&list, log.moves[i]));
        arb_position child;
        arb_position_make(&pos, log.moves[i], &child);
        cr_assert_eq(log.counts[i], arb_perft(&child, 2));
    }
}

Test(perft, divide_at_depth_one_counts_one_per_move)
{
    arb_position pos = fen_ok(ARB_START_FEN);
    divide_log log = { .root = &pos };
    cr_assert_eq(arb_perft_divide(&pos, 1, log_divide, &log), 20);
    cr_assert_eq(log.calls, 20);
    for (int i = 0; i < log.calls; i++)
        cr_assert_eq(log.counts[i], 1);
}

Test(perft, hashed_perft_matches_plain_perft)
{
    arb_perft_table *table = arb_perft_table_new(1);
    cr_assert_not_null(table);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        arb_position pos = fen_ok(cases[i].fen);
        int d = cases[i].depths;
        cr_assert_eq(arb_perft_hashed(&pos, d, table), cases[i].counts[d - 1], "%s", cases[i].fen);
    }
    arb_perft_table_free(table);
}
