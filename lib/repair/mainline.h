/* mainline.h — a game's main-line move tokens as written, from its text.
 *
 * The PGN reader stops replaying at the first move it cannot read; a repair
 * needs every token of the main line after it too.  arb_mainline_collect
 * lexes a game's text (g->raw) again and keeps, in order, the move tokens
 * outside variations (draw-offer marks "(=)" and "e.p." stay as tokens: the
 * repair search knows them for marks), the comments and NAGs that follow
 * each, and whether any variation was there.
 *
 * Ownership and threads: an arb_mainline owns a copy of the text; tokens
 * and comments point into it and stay valid until the next collect or free.
 * One per thread.
 */
#ifndef ARB_MAINLINE_H
#define ARB_MAINLINE_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include "detect.h"
#include "pgn_detect.h"

typedef struct arb_mainline_note {
    size_t after;            /* tokens before it (0: before the first move) */
    bool is_nag;
    int nag;
    const char *text;        /* comment text, NUL-terminated, white space collapsed */
} arb_mainline_note;

typedef struct arb_mainline {
    arb_token *tokens;
    arb_pgn_token_at *at;    /* line and column of each token */
    size_t count;
    arb_mainline_note *notes;
    size_t note_count;
    bool has_variations;
    /* internal */
    char *buf;
    size_t buf_cap, token_cap, note_cap;
    char *texts;
    size_t texts_len, texts_cap;
} arb_mainline;

void arb_mainline_init(arb_mainline *ml);
void arb_mainline_free(arb_mainline *ml);

/* Collects the main line of the game text raw[0..len), whose first byte is
 * at `line` (1-based) of its input.  False when out of memory. */
bool arb_mainline_collect(arb_mainline *ml, const char *raw, size_t len, int line);

#pragma GCC visibility pop
#endif
