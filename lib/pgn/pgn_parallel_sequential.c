/* pgn_parallel_sequential.c — one reader in the calling thread (jobs <= 1,
 * and the rest of a stream without boundaries), emitting in batches. */
#include "pgn_parallel_internal.h"

#include <stdlib.h>
#include <string.h>

/* One reader emits at least this often (in input bytes), so that a caller
 * that stops early (emit returns false) does not wait for the whole input. */
#define EMIT_EVERY ((uint64_t)1 << 20)

/* Reads the rest of `in` with one reader in this thread, emitting as it goes. */
int pgn_read_sequential(arb_input *in, const arb_pgn_reader_options *options,
                           const arb_pgn_parallel_ops *ops, void *ctx, bool spans, int line,
                           uint64_t offset, uint64_t games_before, arb_status *status)
{
    /* spans: a copy of what the reader consumes, through an input tap */
    struct keep k = {.base = offset, .owned = true, .drop_to = offset};
    size_t max_game = options && options->max_game_bytes ? options->max_game_bytes
                                                          : ARB_PGN_DEFAULT_MAX_GAME_BYTES;
    k.limit = max_game + 4 * READ_SIZE;
    if (spans)
        arb_input_set_tap(in, pgn_keep_tap, &k);
    arb_pgn_reader *r = arb_pgn_reader_new(in, options);
    if (!r) {
        *status = arb_status_error(ARB_ERR_MEMORY, ARB_ERR_MEMORY, 0, 0, "out of memory");
        return ARB_PGN_READ_FAILED;
    }
    arb_pgn_reader_set_origin(r, line, offset);
    void *state = ops->start ? ops->start(ctx) : ctx;
    struct spanner sp;
    pgn_spanner_init(&sp, offset);
    arb_pgn_output out;
    memset(&out, 0, sizeof out);
    int rc;
    bool stopped = false;
    uint64_t emitted_at = offset;
    while ((rc = arb_pgn_read(r, &sp.games[sp.cur], status)) == ARB_PGN_READ_GAME) {
        uint64_t at = sp.games[sp.cur].offset;
        if (spans) {
            pgn_spanner_next(&sp, &k, ops, state, &out);
            k.drop_to = sp.start;
            const arb_pgn_game *h = &sp.games[sp.cur ^ 1];
            pgn_keep_pending(&k, sp.start, h->raw_complete ? h->offset + h->raw_len : sp.start);
        } else {
            pgn_call_game(ops, state, &sp.games[sp.cur], &out);
        }
        /* emit in batches: a game's output is usually far smaller than this */
        if (out.text[0].len + out.text[1].len + out.text[2].len >= (256u << 10)
            || at - emitted_at >= EMIT_EVERY) {
            emitted_at = at;
            out.first = games_before;
            if (pgn_output_failed(&out) || !ops->emit(ctx, &out)) {
                stopped = true;
                break;
            }
            games_before += out.games;
            pgn_output_clear(&out);           /* keeps the memory for the next batch */
        }
    }
    if (spans && !stopped) {
        /* the last game's span runs to the end of the stream, or after an
         * input failure to the end of its own text */
        const arb_pgn_game *h = &sp.games[sp.cur ^ 1];
        uint64_t end = rc == ARB_PGN_READ_END ? k.base + k.len : h->offset + h->raw_len;
        pgn_spanner_deliver(&sp, &k, end, ops, state, &out);
    }
    out.first = games_before;
    if (!stopped && !pgn_output_failed(&out) && !ops->emit(ctx, &out))
        stopped = true;
    bool oom = pgn_output_failed(&out);
    pgn_output_free(&out);
    pgn_spanner_free(&sp);
    if (ops->stop)
        ops->stop(state);
    arb_pgn_reader_free(r);
    free(k.data);
    free(k.held);
    if (oom) {
        *status = arb_status_error(ARB_ERR_MEMORY, ARB_ERR_MEMORY, 0, 0, "out of memory");
        return ARB_PGN_READ_FAILED;
    }
    if (stopped) {
        status->code = status->error_class = 0;
        status->message[0] = '\0';
        return ARB_PGN_READ_FAILED;
    }
    return rc;
}
