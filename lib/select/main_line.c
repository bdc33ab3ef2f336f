/* main_line.c — walking the main line (see main_line.h). */
#include "main_line.h"

void arb_main_line_start(arb_main_line *w, const arb_pgn_game *g)
{
    w->game = g;
    w->next = 0;
    w->depth = 0;
}

const arb_pgn_item *arb_main_line_next(arb_main_line *w)
{
    const arb_pgn_game *g = w->game;
    while (w->next < g->item_count) {
        const arb_pgn_item *it = &g->items[w->next++];
        if (it->kind == ARB_PGN_ITEM_VARIATION_START)
            w->depth++;
        else if (it->kind == ARB_PGN_ITEM_VARIATION_END)
            w->depth--;
        else if (it->kind == ARB_PGN_ITEM_MOVE && w->depth == 0)
            return it;
    }
    return NULL;
}
