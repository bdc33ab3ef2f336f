/* test_rules.c — lib/chess/rules.h: how positions end a game (5.1.1, 5.2.1,
 * 5.2.2), repetition counting by FIDE 9.2.2/9.2.3 (e.p. rights, castling
 * rights, transpositions), the 2014 "consecutive" fivefold count, and the
 * draw claims available (9.2, 9.3). */
#include "helpers.h"

#include "attacks.h"
#include "movegen.h"
#include "rules.h"

/* Plays squares-notation moves, recording every position in h. */
static arb_position play_into(arb_history *h, const char *fen, const char *line)
{
    arb_position pos = fen_ok(fen);
    cr_assert(arb_history_reset(h, &pos));
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", line);
    for (char *save = NULL, *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        arb_position next;
        arb_position_make(&pos, must_find(&pos, tok), &next);
        pos = next;
        cr_assert(arb_history_push(h, &pos));
    }
    return pos;
}

static int last_occurrences(const arb_history *h)
{
    return arb_history_occurrences(h, h->count - 1);
}

/* ---- positions that end the game ---------------------------------------- */

Test(rules, checkmate_ends_the_game)
{
    arb_position pos = play_line(ARB_START_FEN, "f2f3 e7e5 g2g4 d8h4");
    cr_assert_eq(arb_board_end(&pos), ARB_BOARD_CHECKMATE);
}

Test(rules, stalemate_ends_the_game)
{
    arb_position pos = fen_ok("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    cr_assert_eq(arb_board_end(&pos), ARB_BOARD_STALEMATE);
}

Test(rules, check_with_an_escape_is_playing)
{
    arb_position pos = fen_ok("7k/8/6K1/8/8/8/8/R7 b - - 0 1");
    cr_assert_eq(arb_board_end(&pos), ARB_BOARD_PLAYING);
}

Test(rules, dead_positions_by_material)
{
    static const char *const dead[] = {
        "8/8/4k3/8/8/4K3/8/8 w - - 0 1",         /* K v K */
        "8/8/4k3/8/8/4K3/8/5B2 w - - 0 1",       /* K+B v K */
        "8/8/4k3/8/8/4K3/8/5N2 b - - 0 1",       /* K+N v K */
        "8/8/4k3/8/2b5/4K3/8/5B2 w - - 0 1",     /* bishops on the same colour (f1, c4 both light) */
    };
    for (size_t i = 0; i < sizeof dead / sizeof dead[0]; i++) {
        arb_position pos = fen_ok(dead[i]);
        cr_assert(arb_dead_by_material(&pos), "%s should be dead", dead[i]);
        cr_assert_eq(arb_board_end(&pos), ARB_BOARD_DEAD_POSITION, "%s", dead[i]);
    }
    static const char *const alive[] = {
        "8/8/4k3/2b5/8/4K3/8/5B2 w - - 0 1",     /* bishops on opposite colours (c5 is dark) */
        "8/8/4k3/8/8/4K3/8/4NN2 w - - 0 1",      /* two knights: a helpmate exists */
        "8/8/4k3/8/8/4K3/4P3/8 w - - 0 1",       /* a pawn */
        "8/8/4k3/8/8/4K3/8/5R2 w - - 0 1",       /* a rook */
        "8/8/4k3/3n4/8/4K3/8/5B2 w - - 0 1",     /* knight against bishop */
    };
    for (size_t i = 0; i < sizeof alive / sizeof alive[0]; i++) {
        arb_position pos = fen_ok(alive[i]);
        cr_assert(!arb_dead_by_material(&pos), "%s is not dead", alive[i]);
    }
}

Test(rules, cannot_mate_by_side)
{
    /* White has a knight, Black a pawn: White's knight can mate with help of
     * Black's pieces; Black's king and pawn could promote */
    arb_position pos = fen_ok("8/8/4k3/8/8/4K3/4p3/5N2 w - - 0 1");
    cr_assert(!arb_cannot_mate(&pos, ARB_WHITE));
    cr_assert(!arb_cannot_mate(&pos, ARB_BLACK));
    arb_position lone = fen_ok("8/8/4k3/8/8/4K3/8/5Q2 w - - 0 1");
    cr_assert(arb_cannot_mate(&lone, ARB_BLACK), "a lone king cannot mate");
    cr_assert(!arb_cannot_mate(&lone, ARB_WHITE));
    arb_position bare_knight = fen_ok("8/8/4k3/8/8/4K3/8/5N2 w - - 0 1");
    cr_assert(arb_cannot_mate(&bare_knight, ARB_WHITE), "K+N cannot mate a bare king");
}

/* Issue 13, point 1 (6.9): a lone bishop cannot mate a king that keeps a
 * rook or a queen, a lone knight cannot mate a king that keeps a queen;
 * K+N v K+R can.  Lost on time there, the game is drawn. */
Test(rules, lone_minor_against_rook_or_queen)
{
    static const char *const cannot[] = {
        "8/8/4k3/3r4/8/4K3/8/5B2 w - - 0 1",     /* K+B v K+R */
        "8/8/4k3/3q4/8/4K3/8/5B2 w - - 0 1",     /* K+B v K+Q */
        "8/8/4k3/3q4/8/4K3/8/5N2 w - - 0 1",     /* K+N v K+Q */
        "8/8/4k3/2qq4/8/4K3/8/5N2 w - - 0 1",    /* K+N v K+Q+Q */
        "8/8/4k3/2rq4/8/4K3/8/5B2 w - - 0 1",    /* K+B v K+R+Q */
        "8/8/4k3/2rb4/8/4K3/8/5B2 w - - 0 1",    /* K+B (light) v K+R+B (light d5) */
        "8/8/4k3/2r5/8/4K3/8/3B1B2 w - - 0 1",   /* two light bishops v K+R */
    };
    for (size_t i = 0; i < sizeof cannot / sizeof cannot[0]; i++) {
        arb_position pos = fen_ok(cannot[i]);
        cr_assert(arb_cannot_mate(&pos, ARB_WHITE), "%s: White cannot mate", cannot[i]);
        cr_assert(!arb_cannot_mate(&pos, ARB_BLACK), "%s: Black can", cannot[i]);
    }
    static const char *const can[] = {
        "8/8/4k3/3r4/8/4K3/8/5N2 w - - 0 1",     /* K+N v K+R: Ka1 Ra2, Kc1 Nb3 mates */
        "8/8/4k3/2qb4/8/4K3/8/5N2 w - - 0 1",    /* K+N v K+Q+B */
        "8/8/4k3/2rb4/8/4K3/8/4B3 w - - 0 1",    /* K+B (dark e1) v K+R+B (light d5) */
        "8/8/4k3/2rn4/8/4K3/8/5B2 w - - 0 1",    /* K+B v K+R+N */
        "8/8/4k3/2r5/4p3/4K3/8/5B2 w - - 0 1",   /* K+B v K+R+P */
        "qqq5/8/4k3/8/8/4K3/8/5N2 w - - 0 1",     /* K+N v three queens: not enumerated, not claimed */
    };
    for (size_t i = 0; i < sizeof can / sizeof can[0]; i++) {
        arb_position pos = fen_ok(can[i]);
        cr_assert(!arb_cannot_mate(&pos, ARB_WHITE), "%s: White may mate", can[i]);
    }
}

/* Every checkmate of Black by White's king and `attacker` against Black's
 * king and `defender`: arb_cannot_mate(White) must be false in each (the
 * rule never calls a won position unwinnable).  Returns the mates found. */
static long enumerate_mates(int attacker, int defender)
{
    long mates = 0;
    for (int bk = 0; bk < 64; bk++)
        for (int wk = 0; wk < 64; wk++) {
            if (wk == bk || (arb_king_attacks(bk) & ARB_BB(wk)))
                continue;
            for (int a = 0; a < 64; a++)
                for (int d = 0; d < 64; d++) {
                    arb_bitboard used = ARB_BB(wk) | ARB_BB(bk);
                    if ((used & ARB_BB(a)) || (used & ARB_BB(d)) || a == d)
                        continue;
                    if (!(arb_attacks_of(attacker, ARB_WHITE, a, used | ARB_BB(a) | ARB_BB(d)) & ARB_BB(bk)))
                        continue;
                    arb_position pos;
                    arb_position_clear(&pos);
                    arb_position_put(&pos, arb_piece(ARB_WHITE, ARB_KING), wk);
                    arb_position_put(&pos, arb_piece(ARB_BLACK, ARB_KING), bk);
                    arb_position_put(&pos, arb_piece(ARB_WHITE, attacker), a);
                    arb_position_put(&pos, arb_piece(ARB_BLACK, defender), d);
                    pos.side = ARB_BLACK;
                    arb_position_finish(&pos);
                    if (arb_count_legal(&pos) == 0 && arb_in_check(&pos)) {
                        mates++;
                        cr_assert(!arb_cannot_mate(&pos, ARB_WHITE), "a mate with kinds %d v %d: wk %d, bk %d, %d, %d",
                                  attacker, defender, wk, bk, a, d);
                    }
                }
        }
    return mates;
}

Test(rules, lone_minor_mates_by_enumeration)
{
    cr_assert_eq(enumerate_mates(ARB_BISHOP, ARB_ROOK), 0, "K+B v K+R has no mate");
    cr_assert_eq(enumerate_mates(ARB_BISHOP, ARB_QUEEN), 0, "K+B v K+Q has no mate");
    cr_assert_eq(enumerate_mates(ARB_KNIGHT, ARB_QUEEN), 0, "K+N v K+Q has no mate");
    cr_assert_gt(enumerate_mates(ARB_KNIGHT, ARB_ROOK), 0, "K+N v K+R has mates (Ka1 Ra2, Nb3+)");
    cr_assert_gt(enumerate_mates(ARB_KNIGHT, ARB_KNIGHT), 0, "K+N v K+N has mates");
    cr_assert_gt(enumerate_mates(ARB_BISHOP, ARB_KNIGHT), 0, "K+B v K+N has mates");
}

/* ---- repetitions ----------------------------------------------------------- */

Test(rules, knight_shuffle_counts_occurrences)
{
    arb_history h;
    arb_history_init(&h);
    play_into(&h, ARB_START_FEN, "g1f3 g8f6 f3g1 f6g8");
    cr_assert_eq(last_occurrences(&h), 2, "start position seen twice");
    play_into(&h, ARB_START_FEN, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
    cr_assert_eq(last_occurrences(&h), 3);
    cr_assert_eq(arb_history_occurrences(&h, 0), 1, "counts only up to the index");
    cr_assert_eq(arb_history_occurrences(&h, 4), 2);
    arb_history_free(&h);
}

/* arb_history_push_occurrences (which knows most first occurrences from
 * stamps, without comparing) against arb_history_occurrences, on random
 * walks of few positions (many repetitions, keys sharing their top byte),
 * with captures opening eras, pops and resets. */
Test(rules, push_occurrences_agrees_with_occurrences)
{
    arb_history fast, plain;
    arb_history_init(&fast);
    arb_history_init(&plain);
    uint64_t seed = 20261127;
    arb_position pos = fen_ok(ARB_START_FEN);
    int firsts = 0, repeats = 0;
    for (int round = 0; round < 200; round++) {
        pos.halfmove_clock = (uint16_t)(test_rand(&seed) % 3);
        cr_assert(arb_history_reset(&fast, &pos) && arb_history_reset(&plain, &pos));
        for (int ply = 0; ply < 300; ply++) {
            uint64_t r = test_rand(&seed);
            if (r % 50 == 0 && fast.count > 3) {   /* back out of a variation */
                size_t back = 1 + (size_t)(r / 50 % 3);
                arb_history_pop(&fast, back);
                arb_history_pop(&plain, back);
                continue;
            }
            /* 24 keys in all, two top bytes: repetitions and look-alikes */
            pos.key = ((r >> 8) % 2) << 56 | ((r >> 16) % 12);
            pos.halfmove_clock = r % 9 == 0 ? 0 : (uint16_t)(plain.clocks[plain.count - 1] + 1);
            int n = arb_history_push_occurrences(&fast, &pos);
            cr_assert(arb_history_push(&plain, &pos));
            cr_assert_eq(n, arb_history_occurrences(&plain, plain.count - 1), "round %d ply %d", round, ply);
            cr_assert_eq(fast.count, plain.count);
            firsts += n == 1;
            repeats += n > 1;
        }
    }
    cr_assert(firsts > 1000 && repeats > 1000, "%d first occurrences, %d repetitions", firsts, repeats);
    arb_history_free(&fast);
    arb_history_free(&plain);
}

Test(rules, same_position_by_different_move_orders)
{
    arb_history h;
    arb_history_init(&h);
    /* the position after 2.Nc3 Nc6 is reached again through 4.Nf3 Nf6 in another order */
    play_into(&h, ARB_START_FEN, "g1f3 g8f6 b1c3 b8c6 c3b1 c6b8 f3g1 f6g8 b1c3 b8c6 g1f3 g8f6");
    cr_assert_eq(last_occurrences(&h), 2, "transposition counts as the same position");
    arb_history_free(&h);
}

Test(rules, en_passant_right_only_at_the_first_occurrence)
{
    arb_history h;
    arb_history_init(&h);
    /* after ...d7-d5 White could take e.p. on d6: that position differs from
     * the same placement later, when the right has gone (9.2.3.1) */
    const char *fen = "4k3/3p4/8/4P3/8/8/8/4K1N1 b - - 0 1";
    play_into(&h, fen, "d7d5 g1f3 e8d8 f3g1 d8e8 g1f3 e8d8 f3g1 d8e8");
    /* index 1: after d5 (e.p. possible); 5 and 9: same placement, no e.p. */
    cr_assert_neq(h.keys[1], h.keys[5], "e.p. right makes the first occurrence different");
    cr_assert_eq(h.keys[5], h.keys[9]);
    cr_assert_eq(arb_history_occurrences(&h, 9), 2, "the e.p. occurrence does not count");
    arb_history_free(&h);
}

Test(rules, en_passant_square_without_a_capture_does_not_matter)
{
    arb_history h;
    arb_history_init(&h);
    /* d7-d5 with no white pawn beside it: nothing can take e.p., so the
     * position is the same as later ones with the same placement */
    const char *fen = "4k3/3p4/8/8/8/8/8/4K1N1 b - - 0 1";
    play_into(&h, fen, "d7d5 g1f3 e8d8 f3g1 d8e8");
    cr_assert_eq(h.keys[1], h.keys[5]);
    cr_assert_eq(arb_history_occurrences(&h, 5), 2);
    arb_history_free(&h);
}

Test(rules, castling_right_lost_between_occurrences)
{
    arb_history h;
    arb_history_init(&h);
    /* knights shuffle (rights kept), then the rook goes h1-h2-h1: the
     * placement returns but the right to castle king-side is gone, so the
     * positions differ (9.2.3.2) */
    const char *fen = "rn2k2r/8/8/8/8/8/8/R3K1NR w KQkq - 0 1";
    play_into(&h, fen, "g1f3 b8c6 f3g1 c6b8 h1h2 b8c6 h2h1 c6b8");
    cr_assert_eq(arb_history_occurrences(&h, 4), 2, "the knights' return repeats the start");
    cr_assert_eq(h.keys[8] == h.keys[0], false, "after Rh1-h2-h1 the king-side right is gone");
    cr_assert_eq(last_occurrences(&h), 1);
    arb_history_free(&h);
}

Test(rules, consecutive_cycle_count_for_2014)
{
    arb_history h;
    arb_history_init(&h);
    /* 16 plies of shuffling: the start position at 0, 4, 8, 12, 16 */
    play_into(&h, ARB_START_FEN,
              "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
    cr_assert_eq(arb_history_cycle_occurrences(&h, 16), 5);
    cr_assert_eq(last_occurrences(&h), 5);
    /* break the cycle in the middle: five occurrences, but not consecutive */
    play_into(&h, ARB_START_FEN,
              "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 b1c3 b8c6 c3b1 c6b8 "
              "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
    cr_assert_eq(last_occurrences(&h), 6, "plies 0, 4, 8, 12, 16, 20");
    cr_assert_eq(arb_history_cycle_occurrences(&h, h.count - 1), 3, "only 12, 16, 20 are in the cycle");
    arb_history_free(&h);
}

Test(rules, pop_backs_out_of_a_variation)
{
    arb_history h;
    arb_history_init(&h);
    play_into(&h, ARB_START_FEN, "g1f3 g8f6 f3g1 f6g8");
    arb_history_pop(&h, 2);
    cr_assert_eq(h.count, 3);
    arb_history_pop(&h, 10);
    cr_assert_eq(h.count, 0);
    arb_history_free(&h);
}

/* ---- claims ------------------------------------------------------------------ */

Test(rules, threefold_claim_now)
{
    arb_history h;
    arb_history_init(&h);
    arb_position pos = play_into(&h, ARB_START_FEN, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
    arb_claims c = arb_claims_available(&h, &pos);
    cr_assert(c.threefold_now, "9.2.2: the position has just appeared a third time");
    cr_assert(!c.fifty_now && !c.fifty_by_move);
    arb_history_free(&h);
}

Test(rules, threefold_claim_by_move)
{
    arb_history h;
    arb_history_init(&h);
    /* one ply short: White's Ng1 would repeat the position after 3...Ng8's
     * predecessor for the third time */
    arb_position pos = play_into(&h, ARB_START_FEN, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
    arb_claims c = arb_claims_available(&h, &pos);
    cr_assert(!c.threefold_now);
    cr_assert(c.threefold_by_move, "9.2.1: Black's ...Ng8 repeats the start position a third time");
    cr_assert_eq(c.threefold_move, must_find(&pos, "f6g8"));
    arb_history_free(&h);
}

Test(rules, fifty_move_claims)
{
    arb_history h;
    arb_history_init(&h);
    arb_position pos = play_into(&h, "4k3/8/8/8/8/8/8/R3K3 w - - 99 80", "a1a2");
    arb_claims c = arb_claims_available(&h, &pos);
    cr_assert(c.fifty_now, "9.3.2: 100 plies without pawn move or capture");
    arb_position before = play_into(&h, "4k3/8/8/8/8/8/8/R3K3 w - - 99 80", "");
    c = arb_claims_available(&h, &before);
    cr_assert(!c.fifty_now);
    cr_assert(c.fifty_by_move, "9.3.1: a quiet move completes the fifty moves");
    cr_assert_neq(c.fifty_move, ARB_MOVE_NONE);
    arb_history_free(&h);
}

Test(rules, no_claims_in_a_fresh_game)
{
    arb_history h;
    arb_history_init(&h);
    arb_position pos = play_into(&h, ARB_START_FEN, "e2e4 e7e5");
    arb_claims c = arb_claims_available(&h, &pos);
    cr_assert(!c.threefold_now && !c.threefold_by_move && !c.fifty_now && !c.fifty_by_move);
    arb_history_free(&h);
}
