/* progress.h — the progress line tools show on a terminal for large inputs:
 * "pgnconv: 120,000 games, 84.0 MB, 41.3 MB/s" rewritten in place on stderr.
 *
 * Shown only when stderr is a terminal, stdout is not (results scrolling by
 * on the terminal are progress enough and would garble the line), and the
 * input is large (or of unknown size, such as a pipe), unless forced on or off; redrawn at most 4 times a
 * second, so an update costs one clock read (tens of nanoseconds).
 * Erased before the tool's own summary. */
#ifndef ARB_CMD_PROGRESS_H
#define ARB_CMD_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum progress_mode { PROGRESS_AUTO = 0, PROGRESS_ALWAYS, PROGRESS_NEVER };

/* inputs smaller than this finish before a progress line would help */
#define PROGRESS_MIN_BYTES ((uint64_t)32 << 20)

typedef struct progress {
    const char *tool;
    FILE *out;
    bool enabled;
    bool shown;
    uint64_t base_bytes;  /* bytes of the files already finished */
    double started, last;
} progress;

/* `paths`: the tool's input files (NULL or "-" entries are stdin/pipes). */
void progress_init(progress *p, const char *tool, enum progress_mode mode, char **paths, int count);
/* After each game: games so far, and bytes read of the current file. */
void progress_update(progress *p, uint64_t games, uint64_t file_bytes);
/* Between files: the finished file's size moves into the base. */
void progress_next_file(progress *p, uint64_t finished_file_bytes);
/* Erases the line (call before printing a summary). */
void progress_done(progress *p);

/* The text of the line, for tests: "120,000 games, 84.0 MB, 41.3 MB/s". */
size_t progress_format(char *buf, size_t size, uint64_t games, uint64_t bytes, double seconds);

#endif
