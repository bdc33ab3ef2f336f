/* test_duplicates.c — main-line hashes and the duplicate table
 * (lib/select/duplicates): what counts as the same line, prefixes in both
 * orders, the minimum length of a prefix, and the first game kept. */
#include "helpers.h"

#include "duplicates.h"
#include "pgn_read.h"

/* The main line's hashes of the first game of text (replayed), and with
 * moves not NULL its moves. */
static size_t line_and_moves(const char *text, bool same_players, uint64_t *out, arb_move *moves,
                             size_t cap, bool *eligible)
{
    arb_input *in = arb_input_from_memory(text, strlen(text), "t.pgn");
    arb_pgn_reader *r = arb_pgn_reader_new(in, NULL);
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    arb_status st;
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_GAME);
    arb_strbuf b;
    arb_strbuf_init(&b);
    size_t n = 0;
    *eligible = arb_dup_eligible(&g);
    cr_assert(arb_dup_line(&g, same_players, false, &b, &n));
    cr_assert_eq(b.len, n * sizeof(uint64_t));
    cr_assert_leq(n, cap);
    if (n)
        memcpy(out, b.data, b.len);
    /* only_last gives the same last hash */
    arb_strbuf_clear(&b);
    size_t n2 = 0;
    cr_assert(arb_dup_line(&g, same_players, true, &b, &n2));
    cr_assert_eq(n2, n);
    if (n)
        cr_assert_eq(memcmp(b.data, &out[n - 1], sizeof(uint64_t)), 0);
    arb_strbuf_clear(&b);
    cr_assert(arb_dup_moves(&g, &b));
    cr_assert_eq(b.len, (n * sizeof(arb_move) + 7) / 8 * 8, "moves padded to 8 bytes");
    if (moves && n)
        memcpy(moves, b.data, n * sizeof(arb_move));
    arb_strbuf_free(&b);
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
    return n;
}

static size_t line_of(const char *text, bool same_players, uint64_t *out, size_t cap, bool *eligible)
{
    return line_and_moves(text, same_players, out, NULL, cap, eligible);
}

static uint64_t last_hash(const char *text, bool same_players)
{
    uint64_t h[64];
    bool eligible;
    size_t n = line_of(text, same_players, h, 64, &eligible);
    cr_assert(n > 0);
    return h[n - 1];
}

Test(duplicates, same_line_whatever_the_text)
{
    uint64_t a = last_hash("[White \"A\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n", false);
    cr_assert_eq(a, last_hash("[White \"B\"]\n[Event \"x\"]\n\n1.e4   e5 {c} 2.Nf3 (2. f4) Nc6 $1 0-1\n", false));
    /* the same position reached by another move order is another line */
    cr_assert_neq(a, last_hash("1. Nf3 Nc6 2. e4 e5 *\n", false));
    /* a FEN of the start with other move counters is the same start */
    cr_assert_eq(a, last_hash("[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 30\"]\n\n"
                              "1. e4 e5 2. Nf3 Nc6 *\n", false));
    /* without castling rights it is another start */
    cr_assert_neq(a, last_hash("[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\"]\n\n"
                               "1. e4 e5 2. Nf3 Nc6 *\n", false));
}

Test(duplicates, same_players_mixes_white_black_date)
{
    const char *a = "[White \"A\"]\n[Black \"B\"]\n[Date \"2020.01.01\"]\n\n1. e4 e5 *\n";
    cr_assert_eq(last_hash(a, true), last_hash("[Event \"other\"]\n[White \"A\"]\n[Black \"B\"]\n"
                                               "[Date \"2020.01.01\"]\n\n1. e4 e5 1-0\n", true));
    cr_assert_neq(last_hash(a, true), last_hash("[White \"A\"]\n[Black \"B\"]\n[Date \"2020.01.02\"]\n\n1. e4 e5 *\n", true));
    cr_assert_neq(last_hash(a, true), last_hash("[White \"AB\"]\n[Black \"\"]\n[Date \"2020.01.01\"]\n\n1. e4 e5 *\n", true));
    cr_assert_eq(last_hash(a, false), last_hash("[White \"C\"]\n\n1. e4 e5 *\n", false));
}

Test(duplicates, broken_and_empty_games_take_no_part)
{
    uint64_t h[8];
    bool eligible;
    line_of("1. e4 e5 2. Ke3 *\n", false, h, 8, &eligible);
    cr_assert_not(eligible);
    cr_assert_eq(line_of("[Event \"x\"]\n\n*\n", false, h, 8, &eligible), 0);
    cr_assert_not(eligible);
    line_of("1. e4 *\n", false, h, 8, &eligible);
    cr_assert(eligible);
}

static const char *const long_game = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *\n";   /* 10 plies */

Test(duplicates, exact_table_keeps_the_first)
{
    uint64_t h[16];
    bool eligible;
    size_t n = line_of(long_game, false, h, 16, &eligible);
    cr_assert_eq(n, 10);
    arb_dup_table *t = arb_dup_table_new(ARB_DUP_EXACT, 0);
    cr_assert_not_null(t);
    arb_status st;
    uint64_t rep = 99;
    cr_assert_not(arb_dup_check(t, h, NULL, n, 0, &rep, &st));
    cr_assert_eq(st.code, 0);
    cr_assert_not(arb_dup_check(t, h, NULL, 6, 1, &rep, &st));        /* a prefix: not exact */
    cr_assert(arb_dup_check(t, &h[n - 1], NULL, 1, 2, &rep, &st));    /* only the last hash is read */
    cr_assert_eq(rep, 0);
    cr_assert(arb_dup_check(t, h, NULL, 6, 3, &rep, &st));
    cr_assert_eq(rep, 1);
    /* thousands of games make the table grow; every one is still found */
    for (uint64_t i = 0; i < 5000; i++) {
        uint64_t k = arb_dup_step(i * 7919u, 1);
        cr_assert_not(arb_dup_check(t, &k, NULL, 1, 100 + i, &rep, &st));
    }
    for (uint64_t i = 0; i < 5000; i++) {
        uint64_t k = arb_dup_step(i * 7919u, 1);
        cr_assert(arb_dup_check(t, &k, NULL, 1, 10000 + i, &rep, &st));
        cr_assert_eq(rep, 100 + i);
    }
    cr_assert_geq(arb_dup_table_bytes(t), 5000 * 16);
    arb_dup_table_free(t);
}

Test(duplicates, prefix_in_both_orders_with_a_minimum)
{
    uint64_t h[16];
    arb_move mv[16];
    bool eligible;
    size_t n = line_and_moves(long_game, false, h, mv, 16, &eligible);
    arb_dup_table *t = arb_dup_table_new(ARB_DUP_PREFIX, 4);
    arb_status st;
    uint64_t rep = 99;
    cr_assert_not(arb_dup_check(t, h, mv, 6, 0, &rep, &st));     /* 6 plies */
    cr_assert(arb_dup_check(t, h, mv, n, 1, &rep, &st));         /* continues game 0 */
    cr_assert_eq(rep, 0);
    cr_assert(arb_dup_check(t, h, mv, 8, 2, &rep, &st));         /* cut short: game 1 holds it */
    cr_assert_eq(rep, 1);
    cr_assert(arb_dup_check(t, h, mv, 4, 3, &rep, &st));         /* 4 plies: the minimum */
    cr_assert_not(arb_dup_check(t, h, mv, 3, 4, &rep, &st));     /* 3 plies: too short */
    arb_dup_table_free(t);
    /* exact mode: no prefixes */
    t = arb_dup_table_new(ARB_DUP_EXACT, 4);
    cr_assert_not(arb_dup_check(t, h, NULL, 6, 0, &rep, &st));
    cr_assert_not(arb_dup_check(t, h, NULL, n, 1, &rep, &st));
    cr_assert_not(arb_dup_check(t, h, NULL, 8, 2, &rep, &st));
    arb_dup_table_free(t);
}

/* A game longer than the checkpoint step: copies cut at every length are
 * found, whichever side of a checkpoint they stop on, and so are longer
 * games continuing a short one; a game that differs after a checkpoint is
 * not taken for a copy. */
static const char *const long_line =
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O "
    "9. h3 Nb8 10. d4 Nbd7 11. Nbd2 Bb7 12. Bc2 Re8 13. Nf1 Bf8 14. Ng3 g6 15. a4 c5 "
    "16. d5 c4 17. Bg5 h6 18. Be3 Nc5 19. Qd2 h5 20. Bg5 Be7 *\n";   /* 40 plies */

Test(duplicates, cut_at_every_length_across_checkpoints)
{
    uint64_t h[64];
    arb_move mv[64];
    bool eligible;
    size_t n = line_and_moves(long_line, false, h, mv, 64, &eligible);
    cr_assert_eq(n, 40);
    for (size_t min = 1; min <= 12; min += 11) {
        arb_dup_table *t = arb_dup_table_new(ARB_DUP_PREFIX, min);
        arb_status st;
        uint64_t rep;
        cr_assert_not(arb_dup_check(t, h, mv, n, 7, &rep, &st));
        for (size_t cut = min; cut < n; cut++) {
            cr_assert(arb_dup_check(t, h, mv, cut, 100 + cut, &rep, &st), "cut at %zu (min %zu)", cut, min);
            cr_assert_eq(rep, 7, "cut at %zu repeats %llu", cut, (unsigned long long)rep);
        }
        /* another move at ply 30: not a copy of anything longer than 29 plies */
        arb_move other[64];
        uint64_t oh[64];
        memcpy(other, mv, sizeof other);
        memcpy(oh, h, sizeof oh);
        other[29] = mv[31];
        oh[29] = arb_dup_step(h[28], other[29]);
        for (size_t k = 30; k < 35; k++)
            oh[k] = arb_dup_step(oh[k - 1], other[k]);
        /* it is no copy of game 7 or of any cut longer than 29 plies; the
         * cut of 29 plies is the longest earlier line it continues */
        cr_assert(arb_dup_check(t, oh, other, 35, 500, &rep, &st));
        cr_assert_eq(rep, 100 + 29, "repeats %llu", (unsigned long long)rep);
        /* its first 32 plies: a copy of it cut short (that is looked for
         * before earlier lines it continues) */
        cr_assert(arb_dup_check(t, oh, other, 32, 501, &rep, &st));
        cr_assert_eq(rep, 500, "repeats %llu", (unsigned long long)rep);
        arb_dup_table_free(t);
        /* the short one first: the long one continues it */
        t = arb_dup_table_new(ARB_DUP_PREFIX, min);
        cr_assert_not(arb_dup_check(t, h, mv, 25, 1, &rep, &st));
        cr_assert(arb_dup_check(t, h, mv, n, 2, &rep, &st));
        cr_assert_eq(rep, 1);
        arb_dup_table_free(t);
    }
}
