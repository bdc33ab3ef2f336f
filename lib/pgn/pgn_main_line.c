/* pgn_main_line.c — the positions after a game's main-line moves (see the header). */
#include "pgn_main_line.h"

#include <stdlib.h>

/* Positions kept per game at most (about 360 KB): a long real game has a few
 * hundred plies; past this the later pass plays the moves itself, so that a
 * game of millions of plies costs no more memory than its items do. */
#define KEPT_MAX 2048

static bool grow(arb_pgn_main_line *m)
{
    size_t cap = m->cap ? m->cap * 2 : 128;
    struct arb_pgn_main_line_move *moves = realloc(m->moves, cap * sizeof *moves);
    if (!moves)
        return false;
    m->moves = moves;
    arb_position *after = realloc(m->after, cap * sizeof *after);
    if (!after)
        return false;
    m->after = after;
    m->cap = cap;
    return true;
}

void arb_pgn_main_line_keep(arb_pgn_game *g, size_t index, const arb_position *before, arb_move move,
                            const arb_position *after)
{
    arb_pgn_main_line *m = g->main_line;
    if (!m && !(m = g->main_line = calloc(1, sizeof *m)))
        return;   /* nothing kept: the list answers NULL */
    if (m->broken || index >= KEPT_MAX)
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

const arb_position *arb_pgn_main_line_after(const arb_pgn_game *g, size_t index, const arb_position *before,
                                            arb_move move)
{
    const arb_pgn_main_line *m = g->main_line;
    if (!m || m->broken || index >= m->count)
        return NULL;
    const struct arb_pgn_main_line_move *k = &m->moves[index];
    if (k->move != move || k->before_key != before->key || k->before_halfmove_clock != before->halfmove_clock ||
        k->before_fullmove_number != before->fullmove_number)
        return NULL;
    return &m->after[index];
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
