/* strbuf.h — a growable text buffer, and JSON string literals.
 *
 * Tools format their output into a buffer and write it in one piece; the
 * library never prints.  Ownership: the caller owns the buffer and frees it
 * with arb_strbuf_free; `data` stays valid until the next append.  An
 * allocation failure sets `failed`, makes every later append return false
 * and leaves the text as it was.  A buffer is not thread-safe; distinct
 * buffers are independent.
 */
#ifndef ARB_STRBUF_H
#define ARB_STRBUF_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include <stdbool.h>
#include <stddef.h>

typedef struct arb_strbuf {
    char *data;               /* NUL-terminated when len > 0 */
    size_t len, cap;
    bool failed;              /* an allocation failed; the text is incomplete */
} arb_strbuf;

void arb_strbuf_init(arb_strbuf *t);
void arb_strbuf_free(arb_strbuf *t);
/* Empties the text, keeping the memory. */
void arb_strbuf_clear(arb_strbuf *t);
bool arb_strbuf_append(arb_strbuf *t, const char *s, size_t len);
bool arb_strbuf_puts(arb_strbuf *t, const char *s);
bool arb_strbuf_printf(arb_strbuf *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Appends s as a JSON string literal (quotes included): " \ and control
 * characters escaped, UTF-8 kept, bytes that are not UTF-8 replaced by
 * U+FFFD. */
bool arb_strbuf_json_string(arb_strbuf *t, const char *s);

#pragma GCC visibility pop
#endif
