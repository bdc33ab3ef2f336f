/* input.h — a byte stream from a file, a file descriptor, stdin or memory,
 * transparently decompressed: gzip, zstd, bzip2, xz, and zip archives.
 *
 * The container is detected by its magic bytes, never by the file name
 * (input_sniff.h).  Multi-member gzip, multi-frame zstd and concatenated
 * bzip2 and xz files decompress to the concatenation of their parts; a zip
 * archive reads as its ".pgn" members in order (input_zip.c).  A stream that
 * is cut short or corrupt is reported, with the byte offset of the break in
 * the compressed input, only after every byte decompressed before the break
 * has been returned, so callers can deliver every complete game first.
 * Input that is neither text nor one of these containers (random bytes, a
 * PDF, a 7-Zip archive) is refused at the first read (ARB_INPUT_BINARY)
 * rather than read as PGN; UTF-16 and UTF-32 text is text.
 *
 * Memory is constant: one compressed-read buffer per input and the
 * decoder's state (at most 128 MiB for the largest zstd and xz windows;
 * a few MB for what common tools write); plain input is read straight into
 * the caller's buffer.
 *
 * Ownership: an arb_input owns its descriptor when opened by path (or when
 * asked to), and its copy of the name; arb_input_close releases both.
 * One arb_input must not be used by two threads at once (its read-ahead
 * thread, if asked for, is its own business).
 */
#ifndef ARB_INPUT_H
#define ARB_INPUT_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "status.h"

typedef struct arb_input arb_input;

enum arb_input_error {
    ARB_INPUT_OK = 0,
    ARB_INPUT_OPEN,       /* the file cannot be opened */
    ARB_INPUT_READ,       /* read(2) failed */
    ARB_INPUT_GZIP_DATA,  /* the compressed data is corrupt (any container) */
    ARB_INPUT_GZIP_TRUNCATED, /* the input ends inside a compressed stream */
    ARB_INPUT_NO_MEMORY,
    ARB_INPUT_BINARY,     /* neither text nor a known container */
    ARB_INPUT_CORRUPT = ARB_INPUT_GZIP_DATA,
    ARB_INPUT_TRUNCATED = ARB_INPUT_GZIP_TRUNCATED
};

/* Opens `path`; "-" means standard input.  On failure *out is NULL and the
 * status explains why (code is an arb_input_error). */
arb_status arb_input_open(const char *path, arb_input **out);

/* Wraps an open descriptor; `name` is used in messages.  With `owns_fd` the
 * descriptor is closed by arb_input_close.  Returns NULL when out of memory. */
arb_input *arb_input_from_fd(int fd, const char *name, bool owns_fd);

/* Reads from caller-owned memory, which must outlive the input (tests, and
 * text already in memory).  Gzip is detected here too. */
arb_input *arb_input_from_memory(const void *data, size_t len, const char *name);

/* Reads up to `cap` (> 0) decompressed bytes into buf.  Returns the count, 0 at
 * the clean end of the stream, or -1 on error with *status filled (line and
 * col are 0: the caller knows where in the text the break falls).  Once an
 * error was reported, every later read reports it again. */
ssize_t arb_input_read(arb_input *in, void *buf, size_t cap, arb_status *status);

/* Puts decompressed bytes back: the next reads return a copy of them before
 * anything else (a caller that looked ahead hands the rest of the stream to
 * a reader).  Bytes put back before the first read are the stream's text:
 * the binary-input test judges them together with what follows, and no
 * container is looked for in them.  Returns false when out of memory. */
bool arb_input_unread(arb_input *in, const void *data, size_t len);

/* Watches the stream: from now on `tap` receives every byte range that
 * arb_input_read returns (including bytes given back with arb_input_unread,
 * when read again), after it was copied out; NULL removes the tap.  A caller
 * that hands the input to a reader uses it to keep its own copy of the text
 * the reader consumed (pgn_parallel.h, whole-stream spans). */
typedef void (*arb_input_tap)(void *ctx, const void *data, size_t len);
void arb_input_set_tap(arb_input *in, arb_input_tap tap, void *ctx);

/* Decompresses ahead in a thread of its own (compressed input from a
 * regular file; 4 MiB of blocks), so that a single-threaded caller gets its text at
 * the speed of whichever is slower, inflate or its own work, instead of
 * their sum.  Call before the first read; reads then copy out of the blocks,
 * with the same results, errors included.  Returns false, and the input
 * reads as before, when it is not such an input or a thread cannot be had. */
bool arb_input_read_ahead(arb_input *in);

/* The name given at opening ("-" shows as "<stdin>"). */
const char *arb_input_name(const arb_input *in);

/* True once the first bytes showed gzip magic. */
bool arb_input_is_gzip(const arb_input *in);

/* Once read from: "text", "gzip", "zstd", "bzip2", "xz" or "zip" ("unknown"
 * before the first read). */
const char *arb_input_format(const arb_input *in);

void arb_input_close(arb_input *in);

#pragma GCC visibility pop
#endif
