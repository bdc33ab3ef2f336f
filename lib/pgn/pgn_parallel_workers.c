/* pgn_parallel_workers.c — pieces of the stream, the queue, and the worker
 * threads that read them, each with its own reader. */
#include "pgn_parallel_internal.h"

#include <stdlib.h>
#include <string.h>

#include "grow.h"
void pgn_piece_free(struct piece *pc)
{
    if (!pc)
        return;
    free(pc->data);
    pgn_output_free(&pc->out);
    free(pc);
}

/* A piece able to hold `len` bytes (+ the NUL of arb_input_from_memory's
 * caller convention), reused when one is spare.  NULL when out of memory. */
struct piece *pgn_piece_new(struct run *run, size_t len)
{
    struct piece *pc = run->spares ? run->spare[--run->spares] : calloc(1, sizeof *pc);
    if (!pc)
        return NULL;
    if (pc->cap < len + 1) {
        char *d = realloc(pc->data, len + 1);
        if (!d) {
            pgn_piece_free(pc);
            return NULL;
        }
        pc->data = d;
        pc->cap = len + 1;
    }
    pc->len = len;
    return pc;
}

/* Done with a piece: keeps it for reuse (a few, of the usual size), else
 * frees it: an unusually large piece (a long game, pieces joined) or its
 * output must not stay allocated for the rest of the run. */
void pgn_piece_recycle(struct run *run, struct piece *pc)
{
    if (!pc)
        return;
    size_t most = 2 * run->piece_size + 1;
    bool large = pc->cap > most || pc->out.numbers.cap > most;
    for (int i = 0; i < ARB_PGN_TEXTS; i++)
        large = large || pc->out.text[i].cap > 2 * most;
    if (run->spares == run->spare_cap || large) {
        pgn_piece_free(pc);
        return;
    }
    arb_pgn_output out = pc->out;
    pgn_output_clear(&out);
    char *data = pc->data;
    size_t cap = pc->cap;
    memset(pc, 0, sizeof *pc);
    pc->data = data;
    pc->cap = cap;
    pc->out = out;
    run->spare[run->spares++] = pc;
}

/* Reads one piece with its own reader, as a reader of the whole stream
 * would have read that part. */
void pgn_read_piece(struct run *run, void *state, struct piece *pc, arb_pgn_game *g)
{
    arb_input *in = arb_input_from_memory(pc->data, pc->len, run->name);
    arb_pgn_reader *r = in ? arb_pgn_reader_new(in, run->options) : NULL;
    if (!r) {
        pc->failed = true;
        return;
    }
    arb_pgn_reader_set_origin(r, pc->line, pc->offset);
    arb_status st;
    int rc;
    bool any = false, cut_in_tags = false;
    if (run->spans) {
        struct keep k = {.data = pc->data, .len = pc->len, .base = pc->offset};
        struct spanner sp;
        pgn_spanner_init(&sp, pc->offset);
        while ((rc = arb_pgn_read(r, &sp.games[sp.cur], &st)) == ARB_PGN_READ_GAME) {
            any = true;
            const arb_pgn_game *cur = &sp.games[sp.cur];
            cut_in_tags = cur->end_reason == ARB_PGN_END_INPUT && !cur->movetext_started;
            pgn_spanner_next(&sp, &k, run->ops, state, &pc->out);
        }
        pgn_spanner_deliver(&sp, &k, pc->offset + pc->len, run->ops, state, &pc->out);
        pgn_spanner_free(&sp);
    } else {
        while ((rc = arb_pgn_read(r, g, &st)) == ARB_PGN_READ_GAME) {
            any = true;
            cut_in_tags = g->end_reason == ARB_PGN_END_INPUT && !g->movetext_started;
            pgn_call_game(run->ops, state, g, &pc->out);
        }
    }
    if (rc == ARB_PGN_READ_FAILED || pgn_output_failed(&pc->out))
        pc->failed = true;
    pc->unsafe_end = !pc->last && any && cut_in_tags;
    arb_pgn_reader_free(r);
}

void *pgn_worker(void *arg)
{
    struct run *run = arg;
    void *state = run->ops->start ? run->ops->start(run->ctx) : run->ctx;
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    pthread_mutex_lock(&run->mu);
    for (;;) {
        while (run->queued == 0 && !run->stopping)
            pthread_cond_wait(&run->work, &run->mu);
        if (run->queued == 0)
            break;
        struct piece *pc = run->queue[0];
        memmove(run->queue, run->queue + 1, --run->queued * sizeof *run->queue);
        pthread_mutex_unlock(&run->mu);
        pgn_read_piece(run, state, pc, &g);
        pthread_mutex_lock(&run->mu);
        pc->done = true;
        pthread_cond_broadcast(&run->done);
    }
    pthread_mutex_unlock(&run->mu);
    arb_pgn_game_free(&g);
    if (run->ops->stop)
        run->ops->stop(state);
    return NULL;
}

bool pgn_submit(struct run *run, struct flight *f, struct piece *pc)
{
    if (!arb_grow(&f->p, &f->cap, f->n + 1, sizeof *f->p))
        return false;
    pthread_mutex_lock(&run->mu);
    if (!arb_grow(&run->queue, &run->queue_cap, run->queued + 1, sizeof *run->queue)) {
        pthread_mutex_unlock(&run->mu);
        return false;
    }
    run->queue[run->queued++] = pc;
    f->p[f->n++] = pc;
    pthread_cond_signal(&run->work);
    pthread_mutex_unlock(&run->mu);
    return true;
}
