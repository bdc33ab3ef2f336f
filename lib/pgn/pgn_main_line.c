/* pgn_main_line.c — the positions after a game's main-line moves (see the header). */
#include "pgn_main_line.h"

#include <stdlib.h>

#include "grow.h"
/* Room for one more move in the two lists kept side by side. */
static bool grow(arb_pgn_main_line *m)
{
    size_t cap = arb_grown_capacity(m->cap, m->cap + 1);
    if (cap == 0 || !arb_resize(&m->moves, cap, sizeof *m->moves) || !arb_resize(&m->after, cap, sizeof *m->after))
        return false;
    m->cap = cap;
    return true;
}

void arb_pgn_main_line_keep_any(arb_pgn_game *g, size_t index, const arb_position *before, arb_move move,
                                const arb_position *after)
{
    arb_pgn_main_line *m = g->main_line;
    if (!m && !(m = g->main_line = calloc(1, sizeof *m)))
        return;   /* nothing kept: the list answers NULL */
    if (m->broken || index >= ARB_PGN_MAIN_LINE_KEPT_MAX)
        return;
    if (index > m->count || (index == m->cap && !grow(m))) {
        m->broken = true;
        return;
    }
    m->moves[index] = (struct arb_pgn_main_line_move){move, before->halfmove_clock, before->fullmove_number,
                                                      before->key};
    m->after[index] = *after;
    m->count = index + 1;
}

void arb_pgn_main_line_clear(arb_pgn_main_line *m)
{
    if (m) {
        m->count = 0;
        m->broken = false;
    }
}

void arb_pgn_main_line_free(arb_pgn_main_line *m)
{
    if (!m)
        return;
    free(m->moves);
    free(m->after);
    free(m);
}
