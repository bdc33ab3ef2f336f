/* grep_worker.h — pgngrep's work on one game, in a worker thread: whether
 * the predicates select it, its duplicate record (dup_record.h) and the
 * bytes to write, left in the batch's output (pgn_parallel.h) for the
 * thread that writes the games in input order.
 *
 * A batch's output holds, per game the writer needs to hear of, one
 * grep_match in TEXT_MATCHES; the bytes of the selected games one after
 * another in TEXT_OUT; the duplicate records in TEXT_LINES; messages in
 * TEXT_ERR; and the counts COUNT_SELECTED and COUNT_TROUBLE.
 *
 * Ownership and threads: a grep_work is read by every worker and changed
 * by none while they run; each worker thread has its own grep_worker (a
 * matcher and, with --normalize, a writer), made by grep_worker_init and
 * emptied by grep_worker_free.
 */
#ifndef ARB_CMD_GREP_WORKER_H
#define ARB_CMD_GREP_WORKER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dup_select.h"
#include "grep.h"
#include "pgn_parallel.h"
#include "pgn_write.h"

/* Output texts and counters of a batch of games. */
enum { TEXT_OUT = 0, TEXT_MATCHES = 1, TEXT_ERR = 2,
       TEXT_LINES = 3 /* --duplicates: the games' records (dup_record.h) */ };
enum { COUNT_SELECTED = 0, COUNT_TROUBLE = 1 };

/* One selected game in a batch: where its bytes end in TEXT_OUT and which
 * game of the batch it was (out->games, see pgn_parallel.h).  With
 * --duplicates every game has one, saying whether the other predicates
 * hold and how many hashes its record in TEXT_LINES has (0: it takes no
 * part). */
typedef struct grep_match {
    uint64_t end;
    uint64_t nth;
    uint32_t written;            /* its bytes are in TEXT_OUT (0: could not keep them) */
    int32_t line, col;
    uint32_t others;             /* --duplicates: the other predicates hold */
    uint64_t hashes;
} grep_match;

/* What every worker reads. */
typedef struct grep_work {
    const arb_grep *selection;
    const dup_options *dup;      /* select DUP_OFF: no duplicates */
    bool invert;                 /* -v: with duplicates, record the games it selects too */
    bool keep_bytes;             /* the selected games are written */
    bool normalize;              /* ... in PGN export format, when they replay */
    size_t max_game_bytes;       /* a longer game's text is not kept */
} grep_work;

typedef struct grep_worker {
    const grep_work *work;
    arb_grep_matcher *matcher;
    arb_pgn_writer *writer;      /* --normalize */
} grep_worker;

/* false when out of memory (grep_worker_free empties it all the same) */
bool grep_worker_init(grep_worker *w, const grep_work *work);
void grep_worker_free(void *state);
/* a run_loop's `game` (runloop.h): state is a grep_worker */
void grep_worker_game(void *state, const arb_pgn_game *g, arb_pgn_output *out);

#endif
