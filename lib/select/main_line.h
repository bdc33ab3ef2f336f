/* main_line.h — the moves of a game's main line in order, variations
 * skipped (what duplicates, openings and the position patterns walk).
 *
 *   arb_main_line w;
 *   arb_main_line_start(&w, g);
 *   for (const arb_pgn_item *it; (it = arb_main_line_next(&w)); )
 *       use(it->move);
 *
 * Ownership and threads: the walk only reads the game, which must outlive
 * it; one walk per thread.
 */
#ifndef ARB_MAIN_LINE_H
#define ARB_MAIN_LINE_H

#include "pgn_game.h"

typedef struct arb_main_line {
    const arb_pgn_game *game;
    size_t next;            /* item to look at next */
    int depth;              /* 0 on the main line */
} arb_main_line;

void arb_main_line_start(arb_main_line *w, const arb_pgn_game *g);
/* The next MOVE item of the main line, or NULL after the last. */
const arb_pgn_item *arb_main_line_next(arb_main_line *w);

#endif
