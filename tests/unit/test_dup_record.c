/* test_dup_record.c — a game's duplicate record carried from a worker to
 * the table in input order (lib/select/dup_record): records read back in
 * order in both modes, a game that takes no part has none, and a record
 * checked twice finds the first game. */
#include "helpers.h"

#include "dup_record.h"
#include "pgn_read.h"

/* Appends the record of every game of text to b; counts[] per game. */
static size_t record_all(const char *text, int mode, arb_strbuf *b, uint64_t *counts, size_t cap)
{
    arb_input *in = arb_input_from_memory(text, strlen(text), "t.pgn");
    arb_pgn_reader *r = arb_pgn_reader_new(in, NULL);
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    arb_status st;
    size_t n = 0;
    while (n < cap && arb_pgn_read(r, &g, &st) == ARB_PGN_READ_GAME) {
        cr_assert(arb_dup_record(&g, mode, false, b, &counts[n]));
        n++;
    }
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
    return n;
}

static const char games[] =
    "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n"
    "[Event \"b\"]\n\n*\n\n"                              /* no move: no record */
    "[Event \"c\"]\n\n1. e4 e5 2. Nf3 {a comment} Nc6 *\n\n"   /* repeats a */
    "[Event \"d\"]\n\n1. e4 e5 *\n\n"                     /* a cut short */
    "[Event \"e\"]\n\n1. d4 d5 *\n\n";

static void check_in_order(int mode, size_t min_plies, const bool *expect_dup, const uint64_t *expect_repeats)
{
    arb_strbuf b;
    arb_strbuf_init(&b);
    uint64_t counts[8];
    size_t n = record_all(games, mode, &b, counts, 8);
    cr_assert_eq(n, 5);
    cr_assert_eq(counts[1], 0, "a game without a move takes no part");
    arb_dup_table *t = arb_dup_table_new(mode, min_plies);
    cr_assert_not_null(t);
    size_t at = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t repeats = 99;
        arb_status st;
        bool dup = arb_dup_record_check(t, mode, &b, &at, counts[i], i, &repeats, &st);
        cr_assert_eq(st.code, 0);
        cr_assert_eq(dup, expect_dup[i], "game %zu", i);
        if (dup)
            cr_assert_eq(repeats, expect_repeats[i], "game %zu", i);
    }
    cr_assert_eq(at * 8, b.len, "every record read, none past the end");
    arb_dup_table_free(t);
    arb_strbuf_free(&b);
}

Test(dup_record, exact_records_read_back_in_order)
{
    const bool dup[5] = {false, false, true, false, false};
    const uint64_t rep[5] = {0, 0, 0, 0, 0};
    check_in_order(ARB_DUP_EXACT, 0, dup, rep);
}

Test(dup_record, prefix_records_carry_the_moves)
{
    const bool dup[5] = {false, false, true, true, false};
    const uint64_t rep[5] = {0, 0, 0, 0, 0};
    check_in_order(ARB_DUP_PREFIX, 2, dup, rep);
}
