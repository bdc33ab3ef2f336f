/* pgn_text_copy.h — memcpy for the short texts of a game (tag names and
 * values, comments, most under 16 bytes), inline: two overlapping loads and
 * stores instead of a call, which costs more than the copy at these sizes.
 * Internal to the library (not part of arbiter.h).
 *
 * Ownership and threads: a pure function on the caller's memory.
 */
#ifndef ARB_PGN_TEXT_COPY_H
#define ARB_PGN_TEXT_COPY_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

static inline void arb_pgn_copy_text(char *dst, const char *src, size_t n)
{
    if (n >= 8 && n <= 16) {
        uint64_t a, b;
        memcpy(&a, src, 8);
        memcpy(&b, src + n - 8, 8);
        memcpy(dst, &a, 8);
        memcpy(dst + n - 8, &b, 8);
    } else if (n >= 4 && n < 8) {
        uint32_t a, b;
        memcpy(&a, src, 4);
        memcpy(&b, src + n - 4, 4);
        memcpy(dst, &a, 4);
        memcpy(dst + n - 4, &b, 4);
    } else if (n > 0 && n < 4) {
        /* first, middle and last byte: 1, 2 or 3 bytes */
        dst[0] = src[0];
        dst[n / 2] = src[n / 2];
        dst[n - 1] = src[n - 1];
    } else {
        memcpy(dst, src, n);
    }
}

#endif
