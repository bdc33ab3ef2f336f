/* encoding.h — which character encoding is a text in, and the text in UTF-8.
 *
 * Chess files come in the encodings of the systems that wrote them: UTF-8,
 * UTF-16 and UTF-32 (with or without a byte-order mark), the Windows code
 * pages 1250 (Central European, Romanian), 1251 (Cyrillic) and 1252
 * (Western), DOS CP866 and KOI8-R (Russian), ISO Latin-1 and Latin-2.
 * arb_encoding_detect tells them apart from the bytes of a sample: byte-order
 * marks, the NUL pattern of UTF-16/32, well-formed UTF-8, and for the single-
 * byte code pages the letters each would give — words in lower case after
 * their first letter, and upper-case piece letters right before a square
 * (Кf3), are what a real text holds.  The conversion itself is iconv(3) of
 * the C library (its tables are the data); bytes that have no character
 * become U+FFFD.
 *
 * arb_decoder reads an arb_input and gives its text in UTF-8: the first
 * block decides the encoding (or a forced one is used); UTF-8 passes
 * through untouched.  Windows-1252 and Latin-1 are left as they are when
 * detected (readers that expect UTF-8 already read such bytes as
 * Windows-1252), unless forced.
 *
 * Ownership and threads: the caller owns a decoder (arb_decoder_free); it
 * does not own the input.  One decoder per stream; no shared state.
 */
#ifndef ARB_ENCODING_H
#define ARB_ENCODING_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "input.h"

enum arb_encoding {
    ARB_ENC_UTF8 = 0,
    ARB_ENC_UTF16LE,
    ARB_ENC_UTF16BE,
    ARB_ENC_UTF32LE,
    ARB_ENC_UTF32BE,
    ARB_ENC_CP1250,
    ARB_ENC_CP1251,
    ARB_ENC_CP1252,
    ARB_ENC_CP866,
    ARB_ENC_KOI8R,
    ARB_ENC_LATIN1,
    ARB_ENC_LATIN2,
    ARB_ENC_COUNT
};

/* The encoding of a text starting with s[0..n); *bom receives the length of
 * a byte-order mark (0 when none). */
int arb_encoding_detect(const unsigned char *s, size_t n, size_t *bom);

/* "windows-1251", "cp1251", "1251", "koi8-r", "utf-16", "latin1", ... (case
 * ignored) -> the encoding, or -1. */
int arb_encoding_from_name(const char *name);
/* "Windows-1251", "KOI8-R", ... for messages. */
const char *arb_encoding_name(int enc);
/* Every name arb_encoding_from_name knows, comma-separated, for messages. */
const char *arb_encoding_names(void);

typedef struct arb_decoder arb_decoder;

/* forced: an encoding, or -1 to detect it from the first block. NULL when
 * out of memory. */
arb_decoder *arb_decoder_new(int forced);
void arb_decoder_free(arb_decoder *d);

/* Reads from `in` and writes UTF-8 into buf (cap >= 16).  Returns the count,
 * 0 at the end, -1 on an input error (status filled) — like arb_input_read. */
ssize_t arb_decoder_read(arb_decoder *d, arb_input *in, char *buf, size_t cap, arb_status *status);

/* The encoding decided (-1 before the first read); whether the text is being
 * converted; whether it was detected or forced. */
int arb_decoder_encoding(const arb_decoder *d);
bool arb_decoder_converts(const arb_decoder *d);
bool arb_decoder_forced(const arb_decoder *d);

#pragma GCC visibility pop
#endif
