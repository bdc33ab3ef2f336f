/* invariants.h — properties every position and move must keep; shared by the
 * fuzz harnesses (tests/fuzz) and the deterministic property tests
 * (tests/unit/test_properties.c).  Each check aborts on failure so both
 * libFuzzer and Criterion report it with a stack. */
#ifndef ARB_TEST_INVARIANTS_H
#define ARB_TEST_INVARIANTS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"

#define INVARIANT(cond, ...)                                                   \
    do {                                                                       \
        if (!(cond)) {                                                         \
            fprintf(stderr, "invariant failed: %s (%s:%d): ", #cond, __FILE__, \
                    __LINE__);                                                 \
            fprintf(stderr, __VA_ARGS__);                                      \
            fputc('\n', stderr);                                               \
            abort();                                                           \
        }                                                                      \
    } while (0)

static inline bool same_position(const arb_position *a, const arb_position *b)
{
    return memcmp(a->board, b->board, 64) == 0 && a->side == b->side &&
           a->castling_rooks == b->castling_rooks && a->ep_square == b->ep_square &&
           a->halfmove_clock == b->halfmove_clock && a->fullmove_number == b->fullmove_number &&
           a->key == b->key && a->ep_legal == b->ep_legal && a->checkers == b->checkers &&
           memcmp(a->by_color, b->by_color, sizeof a->by_color) == 0 &&
           memcmp(a->by_kind, b->by_kind, sizeof a->by_kind) == 0;
}

/* The position is self-consistent and its FEN reads back to itself. */
static inline void check_position(const arb_position *pos)
{
    char fen[ARB_FEN_MAX];
    arb_fen_write(pos, ARB_FEN_STYLE_SHREDDER, fen);
    INVARIANT(pos->key == arb_position_compute_key(pos), "incremental key differs from computed key in %s", fen);
    for (int sq = 0; sq < 64; sq++) {
        int piece = pos->board[sq];
        bool occupied = (arb_occupied(pos) >> sq) & 1;
        INVARIANT(occupied == (piece != ARB_NO_PIECE), "mailbox and bitboards disagree on square %d in %s", sq, fen);
        if (piece != ARB_NO_PIECE)
            INVARIANT((pos->by_kind[arb_piece_kind(piece)] >> sq) & 1, "kind bitboard misses square %d in %s", sq,
                      fen);
    }
    arb_position back;
    arb_status st = arb_fen_parse_with(fen, &back, ARB_FEN_ALLOW_UNREACHABLE);
    INVARIANT(st.code == 0, "own FEN %s does not parse: %s", fen, st.message);
    back.chess960 = pos->chess960;
    INVARIANT(same_position(pos, &back), "FEN round trip changed the position %s", fen);
}

/* Every legal move: its checkers are known before it is played, SAN, LAN
 * and UCI written by us parse back to the same move; the counting generator
 * agrees with the list. */
static inline void check_moves(const arb_position *pos, const arb_movelist *list)
{
    char fen[ARB_FEN_MAX];
    arb_fen_write(pos, ARB_FEN_STYLE_SHREDDER, fen);
    INVARIANT(arb_count_legal(pos) == list->count, "count_legal %d != generated %d in %s", arb_count_legal(pos),
              list->count, fen);
    for (int i = 0; i < list->count; i++) {
        arb_move m = list->moves[i], back = ARB_MOVE_NONE;
        arb_position after;
        arb_position_make(pos, m, &after);
        INVARIANT(arb_move_checkers(pos, m) == after.checkers, "checkers of move %d differ from the made position's in %s",
                  i, fen);
        char text[ARB_SAN_MAX];
        size_t n = arb_san_write(pos, m, text);
        int rc = arb_san_parse(pos, text, n, &back, NULL);
        INVARIANT(rc == ARB_SAN_OK && back == m, "SAN %s does not parse back (rc %d) in %s", text, rc, fen);
        n = arb_lan_write(pos, m, text);
        back = ARB_MOVE_NONE;
        rc = arb_san_parse(pos, text, n, &back, NULL);
        INVARIANT(rc == ARB_SAN_OK && back == m, "LAN %s does not parse back (rc %d) in %s", text, rc, fen);
        n = arb_uci_write(pos, m, text);
        back = ARB_MOVE_NONE;
        rc = arb_uci_parse(pos, text, n, &back);
        INVARIANT(rc == ARB_SAN_OK && back == m, "UCI %s does not parse back (rc %d) in %s", text, rc, fen);
    }
}

/* Plays a game chosen by `choices` from `start`, checking every position. */
static inline void play_checked(const arb_position *start, const uint8_t *choices, size_t n)
{
    arb_position pos = *start, next;
    arb_movelist list;
    for (size_t i = 0; i < n; i++) {
        check_position(&pos);
        arb_generate_legal(&pos, &list);
        check_moves(&pos, &list);
        if (list.count == 0)
            return;
        arb_position_make(&pos, list.moves[choices[i] % list.count], &next);
        pos = next;
    }
    check_position(&pos);
}

#endif
