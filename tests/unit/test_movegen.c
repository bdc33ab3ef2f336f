/* test_movegen.c — legal move generation, copy-make, and the FIDE 9.2.2
 * repetition key (e.p. counted only when legal, castling rights, incremental
 * key equal to the key computed from scratch). */
#include "helpers.h"

#include "attacks.h"
#include "bitboard.h"
#include "position_play.h"

/* ---- move counts and game ends ---------------------------------------------- */

Test(movegen, legal_move_counts)
{
    static const struct { const char *fen; int moves; } cases[] = {
        { ARB_START_FEN, 20 },
        { "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 48 },
        { "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 14 },
        { "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 6 },
        { "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 44 },
        { "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 46 },
        /* the most legal moves known in a legal position */
        { "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1", 218 },
        { "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 21 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        arb_position pos = fen_ok(cases[i].fen);
        arb_movelist list;
        int n = arb_generate_legal(&pos, &list);
        cr_assert_eq(n, cases[i].moves, "%s: %d moves, expected %d", cases[i].fen, n, cases[i].moves);
        cr_assert_eq(list.count, n);
        cr_assert_eq(arb_count_legal(&pos), n, "%s: count_legal disagrees", cases[i].fen);
        for (int a = 0; a < n; a++) {
            cr_assert(arb_is_legal(&pos, list.moves[a]));
            for (int b = 0; b < a; b++)
                cr_assert_neq(list.moves[a], list.moves[b], "%s: a move generated twice", cases[i].fen);
        }
    }
}

Test(movegen, checkmate_and_stalemate)
{
    arb_position fools = fen_ok("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    cr_assert(arb_in_check(&fools));
    cr_assert(arb_is_checkmate(&fools));
    cr_assert_not(arb_is_stalemate(&fools));
    cr_assert_eq(arb_count_legal(&fools), 0);

    arb_position stale = fen_ok("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    cr_assert_not(arb_in_check(&stale));
    cr_assert(arb_is_stalemate(&stale));
    cr_assert_not(arb_is_checkmate(&stale));

    arb_position start = fen_ok(ARB_START_FEN);
    cr_assert_not(arb_is_checkmate(&start));
    cr_assert_not(arb_is_stalemate(&start));
}

Test(movegen, double_check_allows_only_king_moves)
{
    /* knight d6 and rook e1 both check e8 */
    arb_position pos = fen_ok("4k3/8/3N4/8/8/8/8/K3R3 b - - 0 1");
    cr_assert_eq(arb_popcount(arb_checkers(&pos)), 2);
    arb_movelist list;
    arb_generate_legal(&pos, &list);
    cr_assert_eq(list.count, 3, "Kd8, Kd7 and Kf8");
    for (int i = 0; i < list.count; i++)
        cr_assert_eq(arb_move_from(list.moves[i]), sq("e8"));
    cr_assert_neq(find_legal(&pos, "e8d8"), ARB_MOVE_NONE);
    cr_assert_neq(find_legal(&pos, "e8d7"), ARB_MOVE_NONE);
    cr_assert_neq(find_legal(&pos, "e8f8"), ARB_MOVE_NONE);
}

Test(movegen, single_check_evasions)
{
    /* bishop b4 checks e1: capture it or block on c3 with the knight, or move the king */
    arb_position pos = fen_ok("4k3/8/8/3N4/1b6/8/8/4K3 w - - 0 1");
    cr_assert_eq(arb_checkers(&pos), ARB_BB(sq("b4")));
    arb_movelist list;
    arb_generate_legal(&pos, &list);
    cr_assert_eq(list.count, 6, "Nxb4, Nc3, Kd1, Ke2, Kf1, Kf2");
    cr_assert_neq(find_legal(&pos, "d5b4"), ARB_MOVE_NONE);
    cr_assert_neq(find_legal(&pos, "d5c3"), ARB_MOVE_NONE);
    cr_assert_eq(find_legal(&pos, "d5f4"), ARB_MOVE_NONE, "a knight move that ignores the check");
    cr_assert_eq(find_legal(&pos, "e1d2"), ARB_MOVE_NONE, "the king stays on the checking line");
    cr_assert_neq(find_legal(&pos, "e1f2"), ARB_MOVE_NONE);
}

Test(movegen, pinned_pieces)
{
    /* bishop e2 pinned by the rook on e8: it has no legal move */
    arb_position pos = fen_ok("4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1");
    cr_assert_eq(find_legal(&pos, "e2d3"), ARB_MOVE_NONE);
    cr_assert_eq(find_legal(&pos, "e2f1"), ARB_MOVE_NONE);
    arb_move illegal = arb_move_make(sq("e2"), sq("d3"), ARB_MOVE_NORMAL, 0);
    cr_assert_not(arb_is_legal(&pos, illegal));
    /* the king may not step along the pin line */
    cr_assert_eq(find_legal(&pos, "e1e2"), ARB_MOVE_NONE);
    cr_assert_not(arb_is_legal(&pos, arb_move_make(sq("e1"), sq("e2"), ARB_MOVE_NORMAL, 0)));
    /* a queen pinned on a diagonal may move along it, up to capturing the pinner */
    pos = fen_ok("6k1/8/8/8/b7/8/2Q5/3K4 w - - 0 1");
    cr_assert_neq(find_legal(&pos, "c2a4"), ARB_MOVE_NONE);
    cr_assert_neq(find_legal(&pos, "c2b3"), ARB_MOVE_NONE);
    cr_assert_eq(find_legal(&pos, "c2c3"), ARB_MOVE_NONE);
}

Test(movegen, king_cannot_step_into_attack)
{
    arb_position pos = fen_ok("4k3/8/8/8/8/8/r7/4K3 w - - 0 1");
    cr_assert_eq(find_legal(&pos, "e1e2"), ARB_MOVE_NONE);
    cr_assert_eq(find_legal(&pos, "e1d2"), ARB_MOVE_NONE);
    cr_assert_neq(find_legal(&pos, "e1f1"), ARB_MOVE_NONE);
    /* nor away from a slider along its own line (the king no longer blocks it) */
    pos = fen_ok("4k3/8/8/8/8/8/8/r3K3 w - - 0 1");
    cr_assert_eq(find_legal(&pos, "e1f1"), ARB_MOVE_NONE);
    cr_assert_neq(find_legal(&pos, "e1e2"), ARB_MOVE_NONE);
}

Test(movegen, en_passant_evades_check_by_a_double_step)
{
    /* d7-d5 gave check to the king on c4: the checker can be taken e.p. */
    arb_position pos = fen_ok("4k3/8/8/3pP3/2K5/8/8/8 w - d6 0 1");
    cr_assert(arb_in_check(&pos));
    cr_assert(pos.ep_legal);
    arb_move ep = must_find(&pos, "e5d6");
    cr_assert_eq(arb_move_type(ep), ARB_MOVE_EN_PASSANT);
}

/* ---- copy-make --------------------------------------------------------------------- */

Test(movegen, make_leaves_the_source_unchanged)
{
    arb_position pos = fen_ok("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    arb_position copy = pos, after;
    arb_movelist list;
    arb_generate_legal(&pos, &list);
    for (int i = 0; i < list.count; i++) {
        arb_position_make(&pos, list.moves[i], &after);
        cr_assert_eq(memcmp(&pos, &copy, sizeof pos), 0);
        cr_assert_neq(after.side, pos.side);
    }
}

/* The make finds checkers from the moved piece and the line it uncovers;
 * castling and e.p. recompute them.  Each case also asks arb_move_checkers
 * before the move and arb_position_play in place. */
Test(movegen, checkers_after_each_kind_of_move)
{
    static const struct { const char *fen, *move, *checkers; } cases[] = {
        { "4k3/8/8/8/8/8/4N3/4R1K1 w - - 0 1", "e2c3", "e1" },          /* discovered by a rook */
        { "4k3/8/8/8/4B3/8/8/4R1K1 w - - 0 1", "e4c6", "e1 c6" },       /* double check */
        { "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "d1d7", "d7" },             /* direct, a line piece */
        { "4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1", "d2a5", "" },              /* off the king's lines */
        { "4k3/3p4/8/1Q6/8/8/8/4K3 w - - 0 1", "b5a4", "" },            /* the line is blocked */
        { "4k3/1P6/8/8/8/8/8/6K1 w - - 0 1", "b7b8q", "b8" },           /* promotion to a checking queen */
        { "4k3/1P6/8/8/8/8/8/6K1 w - - 0 1", "b7b8n", "" },
        { "8/8/8/R2pP2k/8/8/8/6K1 w - d6 0 1", "e5d6", "a5" },          /* e.p. opens the rank */
        { "5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1h1", "f1" },             /* castling: the rook checks */
        { "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", "g1f3", "" },
        { "6k1/8/8/8/8/8/6p1/4K3 b - - 0 1", "g2g1q", "g1" },           /* black promotes along the rank */
        { "4k3/8/8/5N2/8/8/8/4K3 w - - 0 1", "f5d6", "d6" },             /* a knight checks */
        { "3k4/8/8/8/8/8/2P5/4K3 w - - 0 1", "c2c3", "" },
        { "8/8/3k4/8/8/8/2P5/4K3 w - - 0 1", "c2c4", "" },
        { "8/8/8/3k4/8/8/2P5/4K3 w - - 0 1", "c2c4", "c4" },            /* a double step checks */
        { "8/8/8/3k4/8/2P5/8/4K3 w - - 0 1", "c3c4", "c4" },            /* a pawn checks */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        arb_position pos = fen_ok(cases[i].fen), next;
        arb_move m = must_find(&pos, cases[i].move);
        arb_bitboard want = 0;
        for (const char *c = cases[i].checkers; *c; c += c[2] ? 3 : 2)
            want |= ARB_BB(sq(c));
        cr_assert_eq(arb_move_checkers(&pos, m), want, "%s %s: checkers before the move", cases[i].fen,
                     cases[i].move);
        arb_position_make(&pos, m, &next);
        cr_assert_eq(next.checkers, want, "%s %s: checkers after make", cases[i].fen, cases[i].move);
        arb_position_play(&pos, m);
        cr_assert_eq(memcmp(&pos, &next, sizeof pos), 0, "%s %s: play differs from make", cases[i].fen,
                     cases[i].move);
    }
}

Test(movegen, clocks)
{
    arb_position pos = fen_ok("4k3/4p3/8/8/8/8/8/R3K3 w Q - 10 20"), after, after2;
    arb_position_make(&pos, must_find(&pos, "a1a2"), &after);
    cr_assert_eq(after.halfmove_clock, 11);
    cr_assert_eq(after.fullmove_number, 20);
    arb_position_make(&after, must_find(&after, "e7e5"), &after2);
    cr_assert_eq(after2.halfmove_clock, 0, "a pawn move resets the 50-move count");
    cr_assert_eq(after2.fullmove_number, 21);
    arb_position_make(&after2, must_find(&after2, "a2a8"), &after);
    cr_assert_eq(after.halfmove_clock, 1);
    pos = fen_ok("4k3/8/8/8/8/8/r7/R3K3 w Q - 30 40");
    arb_position_make(&pos, must_find(&pos, "a1a2"), &after);
    cr_assert_eq(after.halfmove_clock, 0, "a capture resets the 50-move count");
}

Test(movegen, null_move)
{
    arb_position pos = fen_ok("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"), after;
    arb_position_make(&pos, ARB_MOVE_NULL, &after);
    cr_assert_eq(after.side, ARB_WHITE);
    cr_assert_eq(after.ep_square, ARB_NO_SQUARE);
    cr_assert_eq(memcmp(after.board, pos.board, 64), 0);
    cr_assert_eq(after.key, arb_position_compute_key(&after));
    cr_assert_neq(after.key, pos.key);
}

/* ---- repetition key (FIDE 9.2.2) --------------------------------------------------------- */

static uint64_t key_of(const char *fen)
{
    arb_position pos = fen_ok(fen);
    cr_assert_eq(pos.key, arb_position_compute_key(&pos), "%s: stored key differs", fen);
    return pos.key;
}

Test(repetition_key, ep_square_counts_only_when_a_capture_is_legal)
{
    /* after 1.e4 nothing can take on e3 */
    cr_assert_eq(key_of("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
                 key_of("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
    /* the d4 pawn can take on e3: another position */
    cr_assert_neq(key_of("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3"),
                  key_of("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"));
    /* a capture exists on the board but is illegal (rank pin): the same position */
    cr_assert_eq(key_of("8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1"),
                 key_of("8/8/8/K2pP2r/8/8/8/4k3 w - - 0 1"));
    /* diagonal pin of the only capturer */
    cr_assert_eq(key_of("7b/8/8/3pP3/8/8/1K6/4k3 w - d6 0 1"),
                 key_of("7b/8/8/3pP3/8/8/1K6/4k3 w - - 0 1"));
}

Test(repetition_key, ep_legal_after_a_made_double_step)
{
    arb_position pos = fen_ok("rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3"), after;
    arb_position_make(&pos, must_find(&pos, "e2e4"), &after);
    cr_assert_eq(after.ep_square, sq("e3"));
    cr_assert(after.ep_legal);
    arb_position_make(&pos, must_find(&pos, "a2a4"), &after);
    cr_assert_eq(after.ep_square, sq("a3"));
    cr_assert_not(after.ep_legal);
    cr_assert_eq(after.key, key_of("rnbqkbnr/ppp1pppp/8/8/P2p4/8/1PPPPPPP/RNBQKBNR b KQkq - 0 3"));
}

Test(repetition_key, same_position_by_another_move_order)
{
    /* 1.e4 e5 and 1.e3 e6 2.e4 e5: the double step e7-e5 allows no capture */
    arb_position a = play_line(ARB_START_FEN, "e2e4 e7e5");
    arb_position b = play_line(ARB_START_FEN, "e2e3 e7e6 e3e4 e6e5");
    cr_assert_eq(memcmp(a.board, b.board, 64), 0);
    cr_assert_eq(a.key, b.key);
    /* the knights go out and back: the start position again */
    arb_position c = play_line(ARB_START_FEN, "g1f3 g8f6 f3g1 f6g8");
    cr_assert_eq(c.key, key_of(ARB_START_FEN));
    cr_assert_eq(c.fullmove_number, 3, "the move number is not part of the position");
}

Test(repetition_key, castling_rights_are_part_of_the_position)
{
    /* the h1 rook goes to g1 and back: same board, but white lost O-O */
    arb_position pos = play_line(ARB_START_FEN, "g1f3 g8f6 h1g1 f6g8 g1h1 g8f6 f3g1 f6g8");
    arb_position start = fen_ok(ARB_START_FEN);
    cr_assert_eq(memcmp(pos.board, start.board, 64), 0);
    cr_assert_neq(pos.key, start.key);
    cr_assert_eq(pos.key, key_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Qkq - 8 5"));
    /* Chess960 rights are per rook */
    cr_assert_neq(key_of("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"),
                  key_of("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w Hhf - 2 9"));
}

Test(repetition_key, side_to_move_is_part_of_the_position)
{
    cr_assert_neq(key_of("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), key_of("4k3/8/8/8/8/8/8/4K3 b - - 0 1"));
    /* clocks are not */
    cr_assert_eq(key_of("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), key_of("4k3/8/8/8/8/8/8/4K3 w - - 37 80"));
}

/* Plays `plies` pseudo-random legal moves from fen, checking at every ply
 * that the incremental key equals the recomputed key, that the mover's king
 * is safe, and that the FEN round-trips to the same position. */
static void random_walk(const char *fen, uint64_t seed, int plies)
{
    arb_position pos = fen_ok(fen);
    uint64_t state = seed;
    for (int ply = 0; ply < plies; ply++) {
        arb_movelist list;
        arb_generate_legal(&pos, &list);
        cr_assert_eq(arb_count_legal(&pos), list.count);
        if (list.count == 0)
            break;
        /* the key of every plain move, known without making it, is the made one's */
        for (int k = 0; k < list.count; k++) {
            uint64_t key;
            if (!arb_key_after_plain(&pos, list.moves[k], &key))
                continue;
            arb_position made;
            arb_position_make(&pos, list.moves[k], &made);
            cr_assert_eq(key, made.key, "seed %llu ply %d: key without making differs", (unsigned long long)seed, ply);
        }
        /* half of the time take the first special move (capture, castling,
         * e.p., promotion) from a random start, so that such moves occur often */
        uint32_t start = test_rand(&state) % (uint32_t)list.count;
        arb_move move = list.moves[start];
        if (test_rand(&state) & 1)
            for (int k = 0; k < list.count; k++) {
                arb_move m = list.moves[(start + (uint32_t)k) % (uint32_t)list.count];
                if (arb_move_type(m) != ARB_MOVE_NORMAL || arb_move_is_capture(&pos, m)) {
                    move = m;
                    break;
                }
            }
        arb_position next;
        arb_position_make(&pos, move, &next);
        char buf[ARB_FEN_MAX];
        cr_assert_eq(next.key, arb_position_compute_key(&next),
                     "seed %llu ply %d: incremental key differs after %s", (unsigned long long)seed,
                     ply, fen_of(&next, ARB_FEN_STYLE_SHREDDER, buf));
        int mover = pos.side;
        cr_assert_eq(arb_attackers_to(&next, arb_king_square(&next, mover), arb_occupied(&next))
                         & next.by_color[next.side], 0, "a move left the king in check");
        cr_assert_eq(next.checkers,
                     arb_attackers_to(&next, arb_king_square(&next, next.side), arb_occupied(&next))
                         & next.by_color[mover],
                     "seed %llu ply %d: incremental checkers differ after %s", (unsigned long long)seed, ply,
                     fen_of(&next, ARB_FEN_STYLE_SHREDDER, buf));
        cr_assert_eq(arb_move_checkers(&pos, move), next.checkers, "seed %llu ply %d: checkers before the move differ",
                     (unsigned long long)seed, ply);
        arb_position played = pos;
        arb_position_play(&played, move);
        cr_assert_eq(memcmp(&played, &next, sizeof next), 0, "play in place differs from make");

        arb_position reparsed;
        arb_fen_write(&next, ARB_FEN_STYLE_SHREDDER, buf);
        arb_status st = arb_fen_parse_with(buf, &reparsed, ARB_FEN_ALLOW_UNREACHABLE);
        cr_assert_eq(st.code, ARB_FEN_OK, "own FEN rejected: %s (%s)", buf, st.message);
        cr_assert_eq(reparsed.key, next.key, "FEN round trip changed the key: %s", buf);
        cr_assert_eq(memcmp(reparsed.board, next.board, 64), 0);
        cr_assert_eq(reparsed.castling_rooks, next.castling_rooks, "%s", buf);
        cr_assert_eq(reparsed.ep_legal, next.ep_legal, "%s", buf);
        pos = next;
    }
}

/* The key without making is given for the usual moves only: castling, a
 * double step, e.p., a promotion, a move that changes castling rights and
 * the null move are made to know theirs. */
Test(repetition_key, key_after_plain_declines_the_special_moves)
{
    arb_position pos = fen_ok("r3k2r/1P6/8/3pP3/8/8/6P1/R3K2R w KQkq d6 0 1");
    struct { int from, to, type; bool plain; } cases[] = {
        {arb_square(6, 1), arb_square(6, 2), ARB_MOVE_NORMAL, true},       /* g2-g3 */
        {arb_square(6, 1), arb_square(6, 3), ARB_MOVE_NORMAL, false},      /* g2-g4, a double step */
        {arb_square(4, 4), arb_square(3, 5), ARB_MOVE_EN_PASSANT, false},  /* exd6 e.p. */
        {arb_square(1, 6), arb_square(1, 7), ARB_MOVE_PROMOTION, false},   /* b8=Q */
        {arb_square(4, 0), arb_square(7, 0), ARB_MOVE_CASTLING, false},    /* O-O */
        {arb_square(4, 0), arb_square(3, 0), ARB_MOVE_NORMAL, false},      /* Kd1: rights lost */
        {arb_square(0, 0), arb_square(0, 7), ARB_MOVE_NORMAL, false},      /* Rxa8: both rooks' rights */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        arb_move m = arb_move_make(cases[i].from, cases[i].to, cases[i].type,
                                   cases[i].type == ARB_MOVE_PROMOTION ? ARB_QUEEN : 0);
        cr_assert(arb_is_legal(&pos, m), "case %zu is legal", i);
        uint64_t key;
        cr_assert_eq(arb_key_after_plain(&pos, m, &key), cases[i].plain, "case %zu", i);
        if (cases[i].plain) {
            arb_position made;
            arb_position_make(&pos, m, &made);
            cr_assert_eq(key, made.key);
        }
    }
    uint64_t key;
    cr_assert_not(arb_key_after_plain(&pos, ARB_MOVE_NULL, &key));
    /* a capture that changes no right is plain, and its key drops the victim */
    arb_position quiet = fen_ok("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    arb_move capture = arb_move_make(arb_square(4, 3), arb_square(3, 4), ARB_MOVE_NORMAL, 0);
    arb_position made;
    arb_position_make(&quiet, capture, &made);
    cr_assert(arb_key_after_plain(&quiet, capture, &key));
    cr_assert_eq(key, made.key);
}

Test(repetition_key, incremental_key_equals_computed_key)
{
    static const char *const fens[] = {
        ARB_START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbqkbnr/pp1p1ppp/8/2pPp3/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 0 3",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1",
        "rk3r2/pppppppp/8/8/8/8/PPPPPPPP/RK3R2 w FAfa - 0 1",
    };
    for (size_t f = 0; f < sizeof fens / sizeof fens[0]; f++)
        for (uint64_t seed = 1; seed <= 12; seed++)
            random_walk(fens[f], seed * 7919 + f, 160);
}
