/* pgn_parallel.c — pieces of a PGN stream read on worker threads: the
 * calling thread cuts the stream (pgn_parallel_split.c), hands the pieces to
 * the workers (pgn_parallel_workers.c) and emits their outputs in order
 * (pgn_parallel_delivery.c); one reader does the rest where it must
 * (pgn_parallel_sequential.c). */
#include "pgn_parallel_internal.h"

#include <stdlib.h>
#include <string.h>

#define PIECE_SIZE ((size_t)4 << 20)          /* default piece size, at most */
#define IN_FLIGHT ((size_t)12 << 20)          /* default: text of the pieces in flight, at most */
#define NO_BOUNDARY_LIMIT ((size_t)4 << 20)   /* default: give up looking for a boundary */

/* The piece size and the boundary search limit the options ask for. */
static void piece_sizes(const arb_pgn_parallel_options *parallel, int jobs, size_t *piece_size,
                        size_t *search_limit)
{
    /* 2 * jobs pieces are in flight: smaller pieces for more threads keep
     * memory the same */
    size_t size = PIECE_SIZE;
    if (jobs > 1 && IN_FLIGHT / (2 * (size_t)jobs) < size)
        size = IN_FLIGHT / (2 * (size_t)jobs);
    if (size < READ_SIZE / 4)
        size = READ_SIZE / 4;
    if (parallel && parallel->piece_bytes)
        size = parallel->piece_bytes;
    size_t limit = parallel && parallel->search_limit ? parallel->search_limit : NO_BOUNDARY_LIMIT;
    *piece_size = size;
    *search_limit = limit < size ? size : limit;
}

/* Starts up to `jobs` workers; returns how many started. */
static int start_workers(struct run *run, int jobs, pthread_t **threads)
{
    run->spare = calloc(2 * (size_t)jobs + 2, sizeof *run->spare);
    run->spare_cap = run->spare ? 2 * (size_t)jobs + 2 : 0;
    pthread_mutex_init(&run->mu, NULL);
    pthread_cond_init(&run->work, NULL);
    pthread_cond_init(&run->done, NULL);
    *threads = calloc((size_t)jobs, sizeof **threads);
    int started = 0;
    while (*threads && started < jobs && pthread_create(&(*threads)[started], NULL, pgn_worker, run) == 0)
        started++;
    return started;
}

/* Stops the workers and frees what the run holds. */
static void stop_workers(struct run *run, pthread_t *threads, int started, struct flight *f)
{
    pthread_mutex_lock(&run->mu);
    run->stopping = true;
    pthread_cond_broadcast(&run->work);
    pthread_mutex_unlock(&run->mu);
    for (int i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    for (size_t i = 0; i < f->n; i++)
        pgn_piece_free(f->p[i]);
    for (size_t i = 0; i < run->spares; i++)
        pgn_piece_free(run->spare[i]);
    free(run->spare);
    free(f->p);
    free(run->queue);
    free(threads);
    pthread_mutex_destroy(&run->mu);
    pthread_cond_destroy(&run->work);
    pthread_cond_destroy(&run->done);
}

/* Enough in flight (pieces, or text: long games make large pieces): waits
 * until the front can be emitted.  False when there is room. */
static bool wait_for_room(struct run *run, const struct flight *f, int started, size_t flight_limit)
{
    size_t flight_bytes = 0;
    for (size_t i = 0; i < f->n; i++)
        flight_bytes += f->p[i]->len;
    if (f->n < (size_t)(2 * started) && !(f->n > 0 && flight_bytes >= flight_limit))
        return false;
    pthread_mutex_lock(&run->mu);
    if (!pgn_front_ready(f))
        pthread_cond_wait(&run->done, &run->mu);
    pthread_mutex_unlock(&run->mu);
    return true;
}

int arb_pgn_read_parallel(arb_input *in, const arb_pgn_reader_options *options,
                          const arb_pgn_parallel_options *parallel, const arb_pgn_parallel_ops *ops,
                          void *ctx, arb_status *status)
{
    memset(status, 0, sizeof *status);
    int jobs = parallel ? parallel->jobs : 1;
    size_t piece_size, search_limit;
    piece_sizes(parallel, jobs, &piece_size, &search_limit);
    size_t flight_limit = IN_FLIGHT > 2 * piece_size ? IN_FLIGHT : 2 * piece_size;
    bool spans = parallel && parallel->raw_spans;
    if (jobs <= 1) {
        /* one reader; gzip from a file still inflates on a second core */
        arb_input_read_ahead(in);
        return pgn_read_sequential(in, options, ops, ctx, spans, 1, 0, 0, status);
    }

    struct run run = {.ops = ops, .ctx = ctx, .options = options, .name = arb_input_name(in),
                      .spans = spans, .piece_size = piece_size};
    pthread_t *threads;
    int started = start_workers(&run, jobs, &threads);

    struct flight f = {0};
    void *main_state = NULL;
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    struct splitter sp = {.line = 1, .piece_size = piece_size, .search_limit = search_limit};
    bool sequential_rest = false, ok = started > 0;

    while (ok) {
        if (!pgn_drain(&run, &f, false, &main_state, &g)) {
            ok = false;
            break;
        }
        if (wait_for_room(&run, &f, started, flight_limit))
            continue;
        size_t b = 0;
        enum pgn_split_step step = pgn_split_next(&sp, in, status, &b);
        if (step == PGN_SPLIT_READ)
            continue;
        if (step == PGN_SPLIT_NO_BOUNDARY)
            sequential_rest = true;
        if (step == PGN_SPLIT_NO_MEMORY)
            ok = false;
        if (step != PGN_SPLIT_PIECE)
            break;
        struct piece *pc = pgn_piece_new(&run, b);
        if (!pc) {
            ok = false;
            break;
        }
        memcpy(pc->data, sp.buf, b);
        pc->line = sp.line;
        pc->offset = sp.offset;
        pc->last = sp.at_end && b == sp.len;
        if (!pgn_submit(&run, &f, pc)) {
            pgn_piece_free(pc);
            ok = false;
            break;
        }
        pgn_split_cut(&sp, b);
        if (pc->last)
            break;
    }
    if (ok && !pgn_drain(&run, &f, true, &main_state, &g))
        ok = false;
    if (ok && f.n == 1 && f.p[0]->unsafe_end) {
        /* cut in a tag section just before the rest that one reader reads:
         * that reader starts at this piece instead */
        if (pgn_split_put_back(&sp, f.p[0])) {
            pgn_piece_free(f.p[0]);
            f.n = 0;
            if (!sp.input_failed)
                sequential_rest = true;
        } else {
            ok = false;
        }
    }

    stop_workers(&run, threads, started, &f);
    arb_pgn_game_free(&g);
    if (main_state && ops->stop)
        ops->stop(main_state);

    int rc = ARB_PGN_READ_END;
    if (!ok && run.refused) {
        status->code = status->error_class = 0;             /* emit asked to stop */
        status->message[0] = '\0';
        rc = ARB_PGN_READ_FAILED;
    } else if (!ok) {
        *status = arb_status_error(ARB_ERR_MEMORY, ARB_ERR_MEMORY, 0, 0,
                                   started ? "out of memory or output refused" : "cannot start threads");
        rc = ARB_PGN_READ_FAILED;
    } else if (sp.input_failed || sequential_rest) {
        /* the rest of the stream, from the last boundary, by one reader */
        if (sp.len > 0 && !arb_input_unread(in, sp.buf, sp.len)) {
            *status = arb_status_error(ARB_ERR_MEMORY, ARB_ERR_MEMORY, 0, 0, "out of memory");
            rc = ARB_PGN_READ_FAILED;
        } else {
            free(sp.buf);
            return pgn_read_sequential(in, options, ops, ctx, spans, sp.line, sp.offset, run.games_emitted,
                                       status);
        }
    }
    free(sp.buf);
    arb_input_close(in);
    return rc;
}
