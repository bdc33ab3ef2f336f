/* input_sniff.h — is the start of an input text, a container we decode, or
 * some other binary data that must not be read as PGN?
 *
 * Containers are known by their magic bytes (never by the file name).
 * Text is anything else that is not plainly binary: UTF-8, Latin-1 and
 * other 8-bit text, UTF-16 and UTF-32 with or without a byte-order mark
 * (their NUL bytes fall in a regular pattern), and text with a few stray
 * control characters (pgn_read.c warns about those).  Binary is a known
 * non-text format by its magic bytes, or a sample where control bytes are
 * common.
 *
 * Ownership and threads: pure functions over caller-owned bytes.
 */
#ifndef ARB_INPUT_SNIFF_H
#define ARB_INPUT_SNIFF_H

#include <stdbool.h>
#include <stddef.h>

enum arb_container {
    ARB_CONTAINER_NONE = 0,    /* not a container we decode */
    ARB_CONTAINER_GZIP,
    ARB_CONTAINER_ZSTD,
    ARB_CONTAINER_BZIP2,
    ARB_CONTAINER_XZ,
    ARB_CONTAINER_ZIP
};

/* Bytes needed to tell every container apart (fewer at the end of input). */
#define ARB_SNIFF_MAGIC_BYTES 8
/* Bytes of the start arb_sniff_binary looks at: the input gathers this many
 * (or all it has) before deciding, so the answer does not depend on how the
 * first bytes arrive (one read of a file, small pieces from a pipe). */
#define ARB_SNIFF_SAMPLE_BYTES 4096

/* The container that `data` (the first `len` bytes of an input) starts. */
enum arb_container arb_sniff_container(const unsigned char *data, size_t len);

/* True when the first `len` bytes of an input (after any container was
 * taken off) are binary data; `what` (cap bytes) then says what it looks
 * like, e.g. "a PDF document" or "binary data (31% control bytes)". */
bool arb_sniff_binary(const unsigned char *data, size_t len, char *what, size_t cap);

#endif
