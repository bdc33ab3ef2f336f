/* computed_tags.h — tags computed from the game's moves.
 *
 *   ECO, Opening   the opening of the main line (openings.h), by position;
 *                  not set when no position of the game is in the table
 *   PlyCount       main-line half-moves replayed
 *   FinalFEN       the position after the last main-line move
 *   Result         with ARB_TAG_RESULT (asked for on its own): the result
 *                  the final position decides (board_result.h) when it is
 *                  not the game's; arb_computed_tags_fixed says what changed
 *
 * arb_computed_tags_apply gives the game's tags with these set: a tag the
 * game has gets the computed value in its place (the board decides), the
 * others follow the game's tags.
 *
 * Ownership and threads: a set of computed tags belongs to one thread (it
 * holds the buffers the values and the tag array live in, valid until its
 * next apply or free); the opening table is only read.
 */
#ifndef ARB_COMPUTED_TAGS_H
#define ARB_COMPUTED_TAGS_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include <stdbool.h>
#include <stddef.h>

#include "board_result.h"
#include "openings.h"
#include "pgn_game.h"
#include "status.h"

enum arb_computed_tag {
    ARB_TAG_ECO = 1,
    ARB_TAG_OPENING = 2,
    ARB_TAG_PLYCOUNT = 4,
    ARB_TAG_FINALFEN = 8,
    ARB_TAG_RESULT = 16      /* a fix, not an addition: asked for on its own */
};

/* "ECO,Opening,PlyCount,FinalFEN" (any of them, any order, names as
 * written here) into a mask; on error a message naming the list. */
arb_status arb_computed_tags_parse(const char *list, unsigned *mask);

typedef struct arb_computed_tags arb_computed_tags;

/* NULL when out of memory.  `openings` (needed for ECO and Opening) must
 * outlive it. */
arb_computed_tags *arb_computed_tags_new(unsigned mask, const arb_openings *openings);
void arb_computed_tags_free(arb_computed_tags *c);

/* The game's tags with the computed ones set: *tags, *count.  False when
 * out of memory. */
bool arb_computed_tags_apply(arb_computed_tags *c, const arb_pgn_game *g, arb_pgn_tag **tags,
                             size_t *count);

/* After an apply with ARB_TAG_RESULT: whether the Result changed, and if
 * so the game's result before (enum arb_pgn_result) and the board's. */
bool arb_computed_tags_fixed(const arb_computed_tags *c, int *before, arb_board_result *board);

#pragma GCC visibility pop
#endif
