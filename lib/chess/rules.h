/* rules.h — how a game can end under the FIDE Laws, as facts about positions
 * and about the sequence of positions of a game.
 *
 * Articles: 5.1.1 checkmate; 5.2.1 stalemate; 5.2.2 dead position (here: by
 * material, see arb_dead_by_material); 9.2 threefold repetition (claim);
 * 9.3 fifty moves (claim); 9.6.1 fivefold repetition and 9.6.2 seventy-five
 * moves (automatic, from 1 July 2014).  Which edition applies is the caller's
 * choice (rule profiles); this module only counts.
 */
#ifndef ARB_RULES_H
#define ARB_RULES_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include "movegen.h"

enum arb_board_end {
    ARB_BOARD_PLAYING = 0,
    ARB_BOARD_CHECKMATE,     /* 5.1.1: the side to move is mated */
    ARB_BOARD_STALEMATE,     /* 5.2.1 */
    ARB_BOARD_DEAD_POSITION  /* 5.2.2, by material: neither side can mate */
};

/* How the position itself ends the game, if it does. */
int arb_board_end(const arb_position *pos);

/* True when `color` cannot checkmate by any series of legal moves, judged by
 * material: a lone king; king and one knight when the opponent has nothing
 * but king and at most two queens; king and bishops all on one square colour
 * when the opponent has no pawn, no knight and no bishop of the other colour
 * (rooks and queens can always parry a bishop's check: K+B v K+R, K+B v K+Q).
 * K+N v K+R can mate.  (Used for 6.9: a flag fall is a draw if the opponent
 * cannot mate.) */
bool arb_cannot_mate(const arb_position *pos, int color);

/* 5.2.2 by material: neither side can checkmate. */
bool arb_dead_by_material(const arb_position *pos);

/* The positions of one line of play, for repetition and move-count rules.
 * Owns its arrays; memory grows with the length of the line only. */
typedef struct arb_history {
    uint64_t *keys;      /* key of the position after each ply; [0] = start */
    uint16_t *clocks;    /* halfmove clock of the same positions */
    size_t count;
    size_t capacity;
    /* internal, for arb_history_push_occurrences: the positions since the
     * last capture or pawn move (an era) stamped by their key's top byte,
     * so that a position met for the first time in its era (most) is known
     * without comparing; era_whole is false where a pop may have left the
     * era unstamped (then every count compares) */
    uint16_t era;
    bool era_whole;
    uint16_t stamp[256];
} arb_history;

void arb_history_init(arb_history *h);
void arb_history_free(arb_history *h);
/* Forgets every position and records `start` as the first; false if out of memory. */
bool arb_history_reset(arb_history *h, const arb_position *start);
/* Records the position after a ply; false if out of memory. */
bool arb_history_push(arb_history *h, const arb_position *pos);
/* Drops the last `plies` positions (backing out of a variation). */
void arb_history_pop(arb_history *h, size_t plies);
/* How many times the position at index i has occurred up to and including i
 * (9.2.2: same player to move, same pieces, same castling and e.p. rights). */
int arb_history_occurrences(const arb_history *h, size_t i);

/* The count itself: positions before the last capture or pawn move cannot
 * recur, so only the last `clock` plies before i are compared (a FEN's
 * clock may claim more plies than the history holds; its start bounds the
 * search).  Inline for the replay loops below. */
static inline int arb_history_occurrences_of(const arb_history *h, size_t i, uint64_t key, unsigned clock)
{
    int n = 1;
    size_t stop = clock >= i ? 0 : i - clock;
    for (size_t j = i; j >= stop + 2; j -= 2)
        n += h->keys[j - 2] == key;
    return n;
}

/* Opens an era: a capture or pawn move (clock 0), or the start. */
void arb_history_stamps_clear(arb_history *h);
static inline void arb_history_new_era(arb_history *h)
{
    if (++h->era == 0)   /* wrapped: the stamps of 65,535 eras ago would look new */
        arb_history_stamps_clear(h);
    h->era_whole = true;
}

/* Stamps a position pushed; true when no position of its era had a key
 * with its top byte before (then it is there for the first time). */
static inline bool arb_history_stamp(arb_history *h, uint64_t key, unsigned clock)
{
    if (clock == 0)
        arb_history_new_era(h);
    uint16_t *stamp = &h->stamp[key >> 56];
    bool first = *stamp != h->era && h->era_whole;
    *stamp = h->era;
    return first;
}

/* arb_history_push, then arb_history_occurrences of the position pushed, in
 * one step for a replay loop that does both at every ply; 0 when out of
 * memory. */
static inline int arb_history_push_occurrences(arb_history *h, const arb_position *pos)
{
    if (h->count < h->capacity) {
        h->keys[h->count] = pos->key;
        h->clocks[h->count] = pos->halfmove_clock;
        h->count++;
        if (arb_history_stamp(h, pos->key, pos->halfmove_clock))
            return 1;
    } else if (!arb_history_push(h, pos)) {
        return 0;
    }
    return arb_history_occurrences_of(h, h->count - 1, pos->key, pos->halfmove_clock);
}

/* How many times the position at index i has occurred in an unbroken cycle
 * of both players moving back and forth (every position equal to the one
 * four plies before it): the 2014 Laws' fivefold repetition "for at least
 * five consecutive alternate moves by each player". */
int arb_history_cycle_occurrences(const arb_history *h, size_t i);

typedef struct arb_claims {
    bool threefold_now;       /* 9.2.1.2: the last position has occurred 3 times */
    bool threefold_by_move;   /* 9.2.1.1: a legal move would make it occur 3 times */
    bool fifty_now;           /* 9.3.2: the last 50 moves of each player had no pawn move or capture */
    bool fifty_by_move;       /* 9.3.1: a legal move would complete such 50 moves */
    arb_move threefold_move;  /* a move for threefold_by_move, else ARB_MOVE_NONE */
    arb_move fifty_move;      /* a move for fifty_by_move, else ARB_MOVE_NONE */
} arb_claims;

/* The draw claims the side to move could make in pos, the last position of h. */
arb_claims arb_claims_available(const arb_history *h, const arb_position *pos);

#pragma GCC visibility pop
#endif
