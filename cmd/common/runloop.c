/* runloop.c — see runloop.h. */
#include "runloop.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inputs.h"

static void say(run_loop *loop, bool opening, const char *file, int line, int col, const char *text)
{
    if (loop->message)
        loop->message(loop->ctx, file, line, col, text);
    else if (opening)
        fprintf(stderr, "%s: %s\n", loop->program, text);
    else
        fprintf(stderr, "%s:%d:%d: %s\n", file, line, col, text);
    loop->trouble = true;
}

/* ---- the tool's ops, wrapped ------------------------------------------------- */

/* A worker's state: the loop, then the tool's. */
typedef struct wrapped {
    const run_loop *loop;
    max_align_t state[];
} wrapped;

static void *start(void *ctx)
{
    const run_loop *loop = ctx;
    wrapped *w = calloc(1, sizeof *w + loop->worker_size);
    if (!w)
        return NULL;
    w->loop = loop;
    if (loop->worker_init && !loop->worker_init(w->state, loop->ctx)) {
        if (loop->worker_free)
            loop->worker_free(w->state);
        free(w);
        return NULL;
    }
    return w;
}

static void stop(void *state)
{
    wrapped *w = state;
    if (w && w->loop->worker_free)
        w->loop->worker_free(w->state);
    free(w);
}

static void game(void *state, const arb_pgn_game *g, arb_pgn_output *out)
{
    wrapped *w = state;
    out->count[RUN_COUNT_END] = g->offset + g->raw_len;
    if (!w) {
        out->text[0].failed = true;   /* out of memory at thread start: the output fails */
        return;
    }
    w->loop->game(w->state, g, out);
}

static bool emit(void *ctx, const arb_pgn_output *out)
{
    run_loop *loop = ctx;
    bool go_on = loop->emit(loop->ctx, out);
    loop->games += out->games;
    if (out->count[RUN_COUNT_END])
        loop->file_bytes = out->count[RUN_COUNT_END];
    progress_update(&loop->progress, loop->games, loop->file_bytes);
    return go_on;
}

/* ---- inputs ------------------------------------------------------------------- */

static void run_file(run_loop *loop, const char *path)
{
    arb_input *in;
    arb_status st = arb_input_open(path, &in);
    if (st.code) {
        say(loop, true, strcmp(path, "-") == 0 ? "<stdin>" : path, 0, 0, st.message);
        return;
    }
    snprintf(loop->name_buf, sizeof loop->name_buf, "%s", arb_input_name(in));
    loop->name = loop->name_buf;
    loop->file_bytes = 0;
    if (loop->file_begin && !loop->file_begin(loop->ctx, in)) {
        arb_input_close(in);
        return;
    }
    static const arb_pgn_parallel_ops ops = {start, stop, game, emit};
    int rc = arb_pgn_read_parallel(in, loop->read, &loop->parallel, &ops, loop, &st);
    if (rc == ARB_PGN_READ_FAILED && st.code)
        say(loop, false, loop->name, st.line, st.col, st.message);
    progress_next_file(&loop->progress, loop->file_bytes);
    loop->file_bytes = 0;
    if (loop->file_end)
        loop->file_end(loop->ctx, rc);
}

bool run_loop_inputs(run_loop *loop, char **args, int count)
{
    input_list inputs;
    if (!inputs_expand(loop->program, args, count, &inputs))
        return false;
    loop->trouble |= inputs.trouble;
    loop->input_count = inputs.count;
    progress_init(&loop->progress, loop->program, loop->progress_mode, inputs.paths, inputs.count);
    if (count == 0)
        run_file(loop, "-");
    for (int i = 0; i < inputs.count && !loop->stop; i++)
        run_file(loop, inputs.paths[i]);
    progress_done(&loop->progress);
    inputs_free(&inputs);
    return true;
}
