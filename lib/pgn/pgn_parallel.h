/* pgn_parallel.h — one PGN stream read by several threads, results in input
 * order.
 *
 * The calling thread reads (and gunzips) the input and cuts it into pieces of
 * a few MiB at game boundaries: a line that starts a tag pair right after a
 * line that ends with a termination marker.  Worker threads read each piece
 * with their own arb_pgn_reader (positions count from the piece's place in
 * the stream, so messages are exactly those of one reader over the whole
 * stream) and call `game` for every game, which formats whatever it wants
 * into the piece's output texts.  The calling thread hands the outputs of
 * the pieces to `emit` in input order.
 *
 * The result is the same as reading the stream with one reader: a piece
 * whose last game was cut inside its tag section (the boundary was not one
 * after all) is read again together with the next piece, and the rest of a
 * stream that breaks off (truncated gzip) is read by one reader, so that the
 * failure is reported where the text ends.  With jobs <= 1 everything is
 * read by one reader in the calling thread (gzip from a file is inflated
 * ahead by a thread of its own, arb_input_read_ahead).
 *
 * Memory stays bounded: at most 2 * jobs pieces are in flight, and no more
 * than 12 MiB of text in all unless a single piece is larger (plus what
 * `game` makes of them); a stream with no boundary for search_limit bytes
 * (by default 4 MiB: a game that long, or padding) is read on by one reader
 * from its last boundary, which keeps only the current game.
 *
 * Game numbers: a worker cannot know how many games the pieces before its
 * own hold, so the library counts them.  While `game` runs, out->games is
 * the game's index among the games of its output (0-based); `emit` gets
 * out->first, the number of games of the stream before the output's first
 * game, so that game k of an output is game out->first + k of the stream
 * (0-based).  Text that needs a game's number marks the place with
 * arb_pgn_output_number in `game`, and `emit` writes the text with
 * arb_pgn_output_write, which puts the numbers in.
 *
 * Spans (option raw_spans, for filters that pass games through byte for
 * byte): each game reaches `game` with raw/raw_len set to its span, the bytes
 * from its first token to the next game's first token (its text and the
 * blank lines, escape lines or other white space after it); the first game's
 * span also holds whatever precedes it.  The spans of all games are then the
 * whole stream, byte for byte, except after an input failure (the last
 * complete game's span ends with its own text) and for a stream without any
 * game.  A game reaches `game` only once the next one has been read, so its
 * span is known.  With one reader, spans are kept up to about max_game_bytes:
 * a game followed by more than 4 MiB of blank padding (white space, NUL) or
 * by a longer game comes with its own text only, and a longer game with raw
 * NULL, raw_complete false.
 *
 * Stopping: when `emit` returns false the run ends soon after (the pieces in
 * flight are dropped; one reader emits at least every MiB of input) and
 * arb_pgn_read_parallel returns ARB_PGN_READ_FAILED with status.code 0.
 *
 * Threads: `start`, `game` and `stop` run in worker threads (each worker has
 * its own state from `start`); `emit` runs in the calling thread.  `game`
 * must not touch shared state except through its own state and the output:
 * a piece may be read twice, and only the output that is emitted counts.
 */
#ifndef ARB_PGN_PARALLEL_H
#define ARB_PGN_PARALLEL_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include <stdio.h>

#include "pgn_read.h"
#include "strbuf.h"

#define ARB_PGN_TEXTS 4     /* e.g. converted games, messages, rejected games */
#define ARB_PGN_COUNTS 8    /* caller-defined counters, e.g. read/written/rejected */

/* What the games of one piece produced. */
typedef struct arb_pgn_output {
    arb_strbuf text[ARB_PGN_TEXTS];
    unsigned long long count[ARB_PGN_COUNTS];
    /* set by the library (see "Game numbers" above) */
    uint64_t games;         /* games handed to `game` for this output so far */
    uint64_t first;         /* games of the stream before this output's first game */
    arb_strbuf numbers;     /* places marked by arb_pgn_output_number */
} arb_pgn_output;

/* In `game`: the current game's number goes here, at the end of
 * out->text[text] so far.  False when out of memory (the output then
 * counts as failed). */
bool arb_pgn_output_number(arb_pgn_output *out, int text);

/* In `emit`: writes out->text[text] to fp with every number marked in it
 * written as first_number + the game's 0-based number in the stream (so
 * first_number 1 counts games from 1).  False on a write error. */
bool arb_pgn_output_write(const arb_pgn_output *out, int text, unsigned long long first_number,
                          FILE *fp);

typedef struct arb_pgn_parallel_ops {
    void *(*start)(void *ctx);          /* per-thread state (may return ctx) */
    void (*stop)(void *state);
    void (*game)(void *state, const arb_pgn_game *g, arb_pgn_output *out);
    bool (*emit)(void *ctx, const arb_pgn_output *out);   /* false stops the run */
} arb_pgn_parallel_ops;

typedef struct arb_pgn_parallel_options {
    int jobs;               /* worker threads; <= 1 reads in the calling thread */
    size_t piece_bytes;     /* aim for pieces of this size; 0 means 4 MiB, less with more
                             * than 2 jobs (12 MiB of pieces in flight at most) */
    size_t search_limit;    /* read on with one reader after this much text without a
                             * boundary; 0 means 4 MiB (at least piece_bytes) */
    bool raw_spans;         /* give every game its whole span as raw (see above) */
} arb_pgn_parallel_options;

/* Reads all of `in` (taken over and closed).  Returns ARB_PGN_READ_END when
 * the stream was read to its end, ARB_PGN_READ_FAILED with *status filled on
 * an input failure (line and col where the readable text ends, after every
 * game before it was emitted), when out of memory, or when emit returned
 * false (status.code 0 then). */
int arb_pgn_read_parallel(arb_input *in, const arb_pgn_reader_options *options,
                          const arb_pgn_parallel_options *parallel, const arb_pgn_parallel_ops *ops,
                          void *ctx, arb_status *status);

#pragma GCC visibility pop
#endif
