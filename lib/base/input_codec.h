/* input_codec.h — the container decoders behind arb_input (gzip, zstd,
 * bzip2, xz, zip), one per file (input_gzip.c, ...); input.c picks one by
 * the magic bytes and reads through it.
 *
 * A decoder pulls compressed bytes from the input with arb_input_raw_peek /
 * arb_input_raw_consume and writes decompressed bytes into the caller's
 * buffer.  It keeps a break (corrupt data, a stream cut short) in *pending
 * and returns the bytes made before it first: input.c reports the break only
 * once those were read.  Messages name the byte offset of the break in the
 * compressed input (arb_input_raw_offset).
 *
 * Ownership and threads: a decoder's state belongs to its arb_input and is
 * used by one thread at a time (the read-ahead thread, when there is one);
 * open allocates it, close frees it.  Nothing is shared between inputs.
 */
#ifndef ARB_INPUT_CODEC_H
#define ARB_INPUT_CODEC_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "input.h"

typedef struct arb_input_codec {
    const char *name;                      /* "zstd": in messages and arb_input_format */
    /* Returns the state, or NULL with *st filled. */
    void *(*open)(arb_input *in, arb_status *st);
    /* Up to cap bytes into dst: the count (0 at the clean end, or when a
     * break was kept in *pending with nothing made before it). */
    size_t (*read)(void *state, arb_input *in, unsigned char *dst, size_t cap, arb_status *pending);
    void (*close)(void *state);
} arb_input_codec;

extern const arb_input_codec arb_input_codec_gzip;
extern const arb_input_codec arb_input_codec_zstd;
extern const arb_input_codec arb_input_codec_bzip2;
extern const arb_input_codec arb_input_codec_xz;
extern const arb_input_codec arb_input_codec_zip;

/* The compressed bytes not yet consumed: *data and the count, reading more
 * when none are left.  0 at the end of the input; -1 on a read error, with
 * *st filled. */
ssize_t arb_input_raw_peek(arb_input *in, const unsigned char **data, arb_status *st);
void arb_input_raw_consume(arb_input *in, size_t n);
/* Offset in the compressed input of the next byte arb_input_raw_peek gives. */
unsigned long long arb_input_raw_offset(const arb_input *in);

/* Fills a status (line and col 0) from a printf format. */
void arb_input_fail(arb_status *st, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* "out of memory decompressing NAME" */
void arb_input_fail_no_memory(arb_status *st, const arb_input *in);

/* The messages every decoder gives for the same situations, so that they
 * read alike: the stream cut short, corrupt data (`why` from the library),
 * at byte `at` of the compressed input, in archive member `member` (or
 * NULL). */
void arb_input_fail_truncated(arb_status *st, const char *format, unsigned long long at, const char *member);
void arb_input_fail_corrupt(arb_status *st, const char *format, unsigned long long at, const char *member,
                            const char *why);

#endif
