/* conv_worker.h — pgnconv's work on one game, in a worker thread, and the
 * rest of a run: a game converted (or exported as JSON, CSV or EPD, with
 * --add-tags and --fix-results, or repaired with --repair), or its original
 * bytes passed through or sent to --rejects; the batch's output written in
 * input order and counted; the messages and the summary on stderr, as text
 * or JSON Lines (--json).
 *
 *   conv_run run = {.o = &o, .out = out, .rejects = rejects};
 *   run.loop = (run_loop){..., .worker_size = sizeof(conv_worker),
 *                         .worker_init = conv_worker_init, .worker_free = conv_worker_free,
 *                         .game = conv_worker_game, .emit = conv_emit, .ctx = &run,
 *                         .message = o.json ? conv_input_message : NULL};
 *   run_loop_inputs(&run.loop, ...);
 *   conv_print_summary(PROGRAM, &o, &run.n);
 *
 * Ownership and threads: a conv_run is owned by the main thread, which
 * alone emits into it and its outputs (in input order); every worker reads
 * its options and changes nothing in them while the workers run.  Each
 * worker thread has its own conv_worker (a writer, computed tags, a
 * repairer), made by conv_worker_init and emptied by conv_worker_free.
 */
#ifndef ARB_CMD_CONV_WORKER_H
#define ARB_CMD_CONV_WORKER_H

#include <stdbool.h>

#include "computed_tags.h"
#include "conv_setup.h"
#include "mainline.h"
#include "outfile.h"
#include "pgn_parallel.h"
#include "pgn_write.h"
#include "repair.h"
#include "runloop.h"

typedef struct conv_counts {
    unsigned long long read, written, rejected, national, repaired;
    unsigned long long unwritten;  /* converted, but the output failed or was not made */
    unsigned long long fixed;      /* --fix-results: results the board corrected */
    bool output_failed;            /* ... because of a write error */
} conv_counts;

/* The whole run: options, outputs, totals. */
typedef struct conv_run {
    const conv_options *o;
    outfile *out;
    outfile *rejects;        /* NULL without --rejects */
    conv_counts n;
    run_loop loop;
} conv_run;

/* What a converting thread needs. */
typedef struct conv_worker {
    const conv_options *o;
    arb_pgn_writer *writer;
    arb_computed_tags *computed;   /* --add-tags */
    arb_repairer *repairer;  /* --repair */
    arb_mainline ml;
    arb_pgn_game fixed;
} conv_worker;

/* a run_loop's worker_init, worker_free and game (runloop.h): state is a
 * conv_worker, ctx a conv_run; false when out of memory */
bool conv_worker_init(void *state, void *ctx);
void conv_worker_free(void *state);
/* One game: converted, or its original bytes passed through. */
void conv_worker_game(void *state, const arb_pgn_game *g, arb_pgn_output *out);

/* a run_loop's emit: in input order, in the main thread; ctx is a conv_run */
bool conv_emit(void *ctx, const arb_pgn_output *out);

/* --json: the run loop's messages on an input as JSON lines. */
void conv_input_message(void *ctx, const char *file, int line, int col, const char *text);

/* "N games read, N written, N rejected" on stderr; games converted but lost
 * to a failed output are counted apart, so that the numbers add up. */
void conv_print_summary(const char *program, const conv_options *o, const conv_counts *n);

#endif
