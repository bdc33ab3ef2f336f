/* pgn_main_line.h — the positions after a game's main-line moves, kept by
 * the reader as it replays them (reader option keep_main_line), so that a
 * later pass over the game (the linter) reads each position instead of
 * playing the move a second time.
 *
 * Each kept position is stored with its move and what identifies the
 * position before it (key and clocks); a reader of the list asks for the
 * position after main-line move number `index` (0 = the first) from the
 * position it holds, with the move it expects there, so a list that does not
 * match (a game edited after reading, a reader that kept nothing) answers
 * NULL and the caller plays the move itself: the list can make a pass
 * faster, never different.
 *
 * Ownership and threads: the list belongs to its game (g->main_line, made on
 * first use, emptied by arb_pgn_game_reset, freed by arb_pgn_game_free); like
 * the game, it is not thread-safe.  Memory grows with the game's main line
 * up to a bound (the first 2048 plies; later ones are not kept) and is kept
 * from game to game.
 */
#ifndef ARB_PGN_MAIN_LINE_H
#define ARB_PGN_MAIN_LINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pgn_game.h"
#include "position.h"

struct arb_pgn_main_line_move {
    arb_move move;
    uint16_t before_halfmove_clock, before_fullmove_number;
    uint64_t before_key;
};

typedef struct arb_pgn_main_line {
    struct arb_pgn_main_line_move *moves;
    arb_position *after;   /* after[i]: the position after moves[i] */
    size_t count, cap;
    bool broken;           /* a position could not be stored: the list answers nothing */
} arb_pgn_main_line;

/* Positions kept per game at most (about 360 KB): a long real game has a few
 * hundred plies; past this the later pass plays the moves itself, so that a
 * game of millions of plies costs no more memory than its items do. */
#define ARB_PGN_MAIN_LINE_KEPT_MAX 2048

/* Keeps the position after main-line move `index` (0 = the first), played
 * from `before`; what was kept from `index` on is forgotten (a game read
 * again).  A gap or no memory marks the list broken (the game stays whole:
 * only the shortcut is lost).  Inline: the reader calls it at every ply, and
 * the common case (the next index, room left) is a record and a copy. */
void arb_pgn_main_line_keep_any(arb_pgn_game *g, size_t index, const arb_position *before, arb_move move,
                                const arb_position *after);
static inline void arb_pgn_main_line_keep(arb_pgn_game *g, size_t index, const arb_position *before,
                                          arb_move move, const arb_position *after)
{
    arb_pgn_main_line *m = g->main_line;
    if (!m || index != m->count || index >= m->cap || m->broken) {
        arb_pgn_main_line_keep_any(g, index, before, move, after);
        return;
    }
    m->moves[index] = (struct arb_pgn_main_line_move){move, before->halfmove_clock, before->fullmove_number,
                                                      before->key};
    m->after[index] = *after;
    m->count = index + 1;
}

/* Where the position after main-line move `index` is to be made, when it
 * is the next one and there is room, else NULL (the caller keeps it with
 * arb_pgn_main_line_keep): the caller makes the position there and then
 * records the move with arb_pgn_main_line_made, which saves the copy of
 * arb_pgn_main_line_keep. */
static inline arb_position *arb_pgn_main_line_next(arb_pgn_game *g, size_t index)
{
    arb_pgn_main_line *m = g->main_line;
    if (!m || index != m->count || index >= m->cap || m->broken)
        return NULL;
    return &m->after[index];
}
/* Records the move made into arb_pgn_main_line_next's slot from `before`. */
static inline void arb_pgn_main_line_made(arb_pgn_game *g, size_t index, const arb_position *before, arb_move move)
{
    arb_pgn_main_line *m = g->main_line;
    m->moves[index] = (struct arb_pgn_main_line_move){move, before->halfmove_clock, before->fullmove_number,
                                                      before->key};
    m->count = index + 1;
}

/* The position after main-line move `index` in a list that is not broken
 * and holds `index`, when it was played from `before` (same key and
 * clocks) and is `move`, else NULL.  (A pass over the whole main line
 * checks the list once and then asks it at every ply.) */
static inline const arb_position *arb_pgn_main_line_at(const arb_pgn_main_line *m, size_t index,
                                                       const arb_position *before, arb_move move)
{
    const struct arb_pgn_main_line_move *k = &m->moves[index];
    if (k->move != move || k->before_key != before->key || k->before_halfmove_clock != before->halfmove_clock ||
        k->before_fullmove_number != before->fullmove_number)
        return NULL;
    return &m->after[index];
}

/* The same for a game's list, whatever it holds. */
static inline const arb_position *arb_pgn_main_line_after(const arb_pgn_game *g, size_t index,
                                                          const arb_position *before, arb_move move)
{
    const arb_pgn_main_line *m = g->main_line;
    if (!m || m->broken || index >= m->count)
        return NULL;
    return arb_pgn_main_line_at(m, index, before, move);
}

/* For arb_pgn_game_reset and arb_pgn_game_free. */
void arb_pgn_main_line_clear(arb_pgn_main_line *m);
void arb_pgn_main_line_free(arb_pgn_main_line *m);

#endif
