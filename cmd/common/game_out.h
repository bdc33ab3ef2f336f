/* game_out.h — selected games' bytes, written as they were in the input
 * (pgngrep): to standard output, or with a split size to PREFIX-0001.pgn,
 * PREFIX-0002.pgn, ... chunks of that many games, each written under a
 * temporary name and renamed when complete (outfile.h).
 *
 * A game that followed another on the same line of its input stays on that
 * line only when that game is written too; otherwise a line break keeps the
 * two apart, and an input whose last written game shared its line with a
 * game left out gets one at its end.
 *
 * Errors (a write, out of memory, a chunk that cannot be made) are said on
 * stderr once and set `failed`: the caller stops the run.
 *
 * Ownership and threads: one thread (a tool's emit); `input` names are
 * compared as pointers, so one input keeps one name pointer throughout.
 */
#ifndef ARB_CMD_GAME_OUT_H
#define ARB_CMD_GAME_OUT_H

#include <stdbool.h>
#include <stddef.h>

#include "outfile.h"

typedef struct game_out {
    const char *program;             /* for messages */
    unsigned long long split_size;   /* games per chunk; 0: standard output */
    const char *split_prefix;
    bool failed;
    /* kept by the calls */
    outfile *split_out;
    char *split_path;
    unsigned long long in_file, files;
    unsigned long long last_ordinal;   /* the game written last, and its input */
    const char *last_input;
    bool wrote, ends_in_newline;
} game_out;

/* Writes game `ordinal` of `input` (len bytes of data). */
void game_out_write(game_out *g, const char *input, unsigned long long ordinal, const char *data, size_t len);

/* After `input` (next_ordinal: the number its next game would have had;
 * read_to_end: it was read to its end): ends its last line where needed. */
void game_out_end_input(game_out *g, const char *input, unsigned long long next_ordinal, bool read_to_end);

/* Closes the last chunk (it takes its name); false when that failed. */
bool game_out_close(game_out *g);

#endif
