/* pgn_parallel_delivery.c — outputs handed to `emit` in input order; a
 * piece whose last game was cut in its tag section is read again joined
 * with the next one. */
#include "pgn_parallel_internal.h"

#include <string.h>

/* The front piece can be emitted, or joined with the next (call locked). */
bool pgn_front_ready(const struct flight *f)
{
    return f->n > 0 && f->p[0]->done && (!f->p[0]->unsafe_end || (f->n > 1 && f->p[1]->done));
}

/* A piece whose last game was cut in its tag section is read again joined
 * with the next one (in this thread; it is rare). */
static struct piece *join_pieces(struct run *run, struct piece *a, struct piece *b, void **state,
                                 arb_pgn_game *g)
{
    struct piece *m = pgn_piece_new(run, a->len + b->len);
    if (!m)
        return NULL;
    memcpy(m->data, a->data, a->len);
    memcpy(m->data + a->len, b->data, b->len);
    m->line = a->line;
    m->offset = a->offset;
    m->last = b->last;
    if (!*state)
        *state = run->ops->start ? run->ops->start(run->ctx) : run->ctx;
    pgn_read_piece(run, *state, m, g);
    m->done = true;
    return m;
}

/* Emits finished pieces from the front.  With `all`, waits for every piece.
 * Returns false when emitting must stop (emit refused, out of memory). */
bool pgn_drain(struct run *run, struct flight *f, bool all, void **main_state, arb_pgn_game *g)
{
    for (;;) {
        pthread_mutex_lock(&run->mu);
        /* (an unsafe last piece has nothing to join yet: the caller handles it) */
        while (all && f->n > 0 && !pgn_front_ready(f) && !(f->n == 1 && f->p[0]->done))
            pthread_cond_wait(&run->done, &run->mu);
        bool ready = pgn_front_ready(f);
        pthread_mutex_unlock(&run->mu);
        if (!ready)
            return true;
        struct piece *pc = f->p[0];
        if (pc->unsafe_end) {
            struct piece *m = join_pieces(run, pc, f->p[1], main_state, g);
            if (!m)
                return false;
            pgn_piece_recycle(run, pc);
            pgn_piece_recycle(run, f->p[1]);
            memmove(f->p + 1, f->p + 2, (f->n - 2) * sizeof *f->p);
            f->n--;
            f->p[0] = m;
            continue;
        }
        bool ok = !pc->failed;
        pc->out.first = run->games_emitted;
        if (ok && !run->ops->emit(run->ctx, &pc->out))
            ok = false, run->refused = true;
        run->games_emitted += pc->out.games;
        pgn_piece_recycle(run, pc);
        memmove(f->p, f->p + 1, --f->n * sizeof *f->p);
        if (!ok)
            return false;
    }
}
