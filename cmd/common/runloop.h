/* runloop.h — the filters' one run: every input (files, folders, standard
 * input) read by arb_pgn_read_parallel, the tool's own work on each game in
 * worker threads, its output in input order, and the progress line.
 *
 *   run_loop loop = {.program = PROGRAM, .read = &o.read, .parallel = {.jobs = o.jobs},
 *                    .worker_size = sizeof(worker), .worker_init = worker_init,
 *                    .worker_free = worker_free, .game = one_game, .emit = emit,
 *                    .ctx = &tool_run, .progress_mode = o.progress};
 *   if (!run_loop_inputs(&loop, argv + 1, operands)) ...   // out of memory: said
 *   ... loop.trouble: an input could not be opened or read (said on stderr)
 *
 * `game` and `emit` are those of pgn_parallel.h.  Each worker thread's state
 * is worker_size bytes, zeroed, that the loop allocates, worker_init fills
 * from ctx (false: out of memory) and worker_free empties (also after a
 * failed init); a worker without its state fails its outputs (out of memory)
 * without calling `game`.  The loop also keeps out->count[RUN_COUNT_END]
 * (the offset where a batch's last game ends) and, after the tool's emit,
 * the games and bytes of the progress line.  A tool sets loop->stop (from
 * emit, say) to read no further input, and may look at loop->name (the
 * current input's name, as messages give it) and loop->input_count (the
 * inputs after folders were expanded).  file_begin and file_end, when given,
 * run before and after each input (pgngrep: -m 0, per-file counts).
 *
 * Messages: an input that cannot be opened is "PROGRAM: reason", one that
 * breaks off "NAME:LINE:COL: reason", unless the tool gives `message` (for
 * JSON); either way loop->trouble is set.
 *
 * Ownership and threads: everything runs in the calling thread except
 * worker_init, game and worker_free, which run in the worker threads with
 * their own state (pgn_parallel.h).
 */
#ifndef ARB_CMD_RUNLOOP_H
#define ARB_CMD_RUNLOOP_H

#include <stdbool.h>
#include <stdint.h>

#include "pgn_parallel.h"
#include "pgn_read.h"
#include "progress.h"

/* the count the loop keeps in every output: tools use the ones below it */
#define RUN_COUNT_END (ARB_PGN_COUNTS - 1)

typedef struct run_loop {
    /* set by the tool */
    const char *program;
    const arb_pgn_reader_options *read;
    arb_pgn_parallel_options parallel;
    size_t worker_size;
    bool (*worker_init)(void *state, void *ctx);    /* may be NULL */
    void (*worker_free)(void *state);               /* may be NULL */
    void (*game)(void *state, const arb_pgn_game *g, arb_pgn_output *out);
    bool (*emit)(void *ctx, const arb_pgn_output *out);
    void *ctx;                          /* the context of worker_init and emit */
    enum progress_mode progress_mode;
    /* a message on an input: NULL prints the plain forms above */
    void (*message)(void *ctx, const char *file, int line, int col, const char *text);
    /* before and after each input (may be NULL); begin returns false to skip it */
    bool (*file_begin)(void *ctx, arb_input *in);
    void (*file_end)(void *ctx, int read_status);
    /* the run's, read by the tool */
    bool trouble;
    bool stop;                          /* set by the tool: no more input */
    const char *name;                   /* the current input's name */
    int input_count;
    uint64_t games;                     /* emitted so far, all inputs */
    uint64_t file_bytes;                /* of the current input, up to the last game emitted */
    progress progress;
    char name_buf[4096];
} run_loop;

/* Reads args[0..count) (none: standard input), folders expanded; false
 * only when out of memory (said). */
bool run_loop_inputs(run_loop *loop, char **args, int count);

#endif
