/* lint_worker.h — pgnlint's work on one game, in a worker thread: the
 * linter's findings (and, with --trf, the game checked against the
 * tournament report) formatted into the batch's output (pgn_parallel.h) for
 * the thread that writes them in input order.
 *
 * A batch's output holds the findings in TEXT_OUT, messages in TEXT_ERR
 * (a game longer than --max-game-bytes, a game the linter could not
 * check), and per game one of COUNT_CLEAN, COUNT_ERRORS, COUNT_WARNINGS,
 * plus COUNT_TROUBLE per message.  Game numbers are marked where they go
 * and written by arb_pgn_output_write, once the games before are counted.
 *
 * Ownership and threads: a lint_work is read by every worker and changed
 * by none while they run (the TRF check takes games in input order, so it
 * runs with one worker only); each worker thread has its own lint_worker
 * (a linter, a report and a copy of the style), made by lint_worker_init
 * and emptied by lint_worker_free.
 */
#ifndef ARB_CMD_LINT_WORKER_H
#define ARB_CMD_LINT_WORKER_H

#include <stdbool.h>
#include <stddef.h>

#include "findings.h"
#include "lint.h"
#include "pgn_parallel.h"
#include "report.h"
#include "trf_check.h"

/* Output texts and counters of a batch of games. */
enum { TEXT_OUT = 0, TEXT_ERR = 1 };
enum { COUNT_CLEAN = 0, COUNT_ERRORS = 1, COUNT_WARNINGS = 2, COUNT_TROUBLE = 3 };

/* What every worker reads. */
typedef struct lint_work {
    int format;                  /* enum lint_format (tournament_out.h) */
    size_t max_game_bytes;       /* a longer game is said on TEXT_ERR, and checked */
    const arb_lint_options *lo;
    const arb_report_style *style;
    arb_trf_check *trf;          /* --trf: with one worker only */
} lint_work;

typedef struct lint_worker {
    const lint_work *work;
    arb_linter *linter;          /* position history for repetitions */
    arb_lint_report report;
    arb_report_style style;      /* game numbers go to the current output */
    arb_pgn_output *out;         /* the output of the game being formatted */
} lint_worker;

/* false when out of memory (lint_worker_free empties it all the same) */
bool lint_worker_init(lint_worker *w, const lint_work *work);
void lint_worker_free(void *state);
/* a run_loop's `game` (runloop.h): state is a lint_worker */
void lint_worker_game(void *state, const arb_pgn_game *g, arb_pgn_output *out);

#endif
