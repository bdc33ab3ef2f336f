/* outfile.h — an output file that appears complete or not at all.
 *
 * Every tool writing `-o FILE` (or a second output such as --rejects) uses
 * this, so that no run — failed, interrupted or killed by a signal it can
 * catch — leaves a half-written file:
 *
 *   outfile *out = outfile_open(path, PROGRAM);   // NULL or "-": standard output
 *   if (!out) return 2;                            // the message is printed
 *   outfile_write(out, text, len);                 // or fprintf(outfile_stream(out), ...)
 *   ...
 *   bool ok = outfile_close(out, run_succeeded);   // false: a write error, printed
 *
 * A regular file, or a name that does not exist yet, is written under a
 * temporary name beside it (NAME.tmp.XXXXXX, same directory, so the rename is
 * atomic) and renamed over NAME by outfile_close(out, true).  With keep false
 * the temporary file is removed and an existing NAME is left as it was.  A
 * symbolic link keeps pointing where it did: its target is replaced.  A
 * device (/dev/null, /dev/full), a FIFO or a terminal is written in place.
 *
 * Signals: the first outfile_open installs handlers for SIGINT, SIGTERM,
 * SIGHUP, SIGPIPE and SIGXFSZ (except those the process was started with
 * ignored, as under nohup) that remove every temporary file still open and
 * then let the signal take its default action, so the exit status still says
 * which signal ended the run.  SIGKILL cannot be caught: a NAME.tmp.XXXXXX may
 * then remain, but NAME itself is never half-written.
 *
 * Errors are printed once per file on stderr as "PROGRAM: cannot write NAME:
 * reason" (or cannot create/rename).  Not thread-safe: open, write and close
 * from one thread (tools do it in the main thread); the signal handlers are
 * safe wherever a signal lands.
 */
#ifndef ARB_CMD_OUTFILE_H
#define ARB_CMD_OUTFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct outfile outfile;

/* Opens `path` for writing ("-" or NULL: standard output).  `program` prefixes
 * messages.  Returns NULL, after printing why, when the file cannot be made. */
outfile *outfile_open(const char *path, const char *program);

/* The stream to write to.  Write errors on it are found by outfile_close. */
FILE *outfile_stream(outfile *f);

/* The name used in messages: the path, or "standard output". */
const char *outfile_name(const outfile *f);

/* Writes len bytes; false once a write has failed (reported the first time). */
bool outfile_write(outfile *f, const void *data, size_t len);

/* True once a write error happened. */
bool outfile_failed(const outfile *f);

/* Pushes what was written so far out of the stream's buffer; false once a
 * write error happened (reported the first time).  A tool that counts what
 * reached an output written in place flushes before counting. */
bool outfile_flush(outfile *f);

/* True for standard output, a device, a FIFO or a terminal: what was written
 * stays there even when the run fails (a regular file is then removed). */
bool outfile_in_place(const outfile *f);

/* Flushes and finishes: with keep (and no write error) the file takes its
 * name, else the temporary file is removed.  Frees f (NULL is allowed).
 * Returns false when something could not be written, flushed or renamed. */
bool outfile_close(outfile *f, bool keep);

#endif
