/* strbuf.c — growable text buffer and JSON string literals (see strbuf.h). */
#include "strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "utf8.h"

void arb_strbuf_init(arb_strbuf *t)
{
    t->data = NULL;
    t->len = t->cap = 0;
    t->failed = false;
}

void arb_strbuf_free(arb_strbuf *t)
{
    free(t->data);
    arb_strbuf_init(t);
}

void arb_strbuf_clear(arb_strbuf *t)
{
    t->len = 0;
    t->failed = false;
    if (t->data)
        t->data[0] = '\0';
}

static bool reserve(arb_strbuf *t, size_t extra)
{
    if (t->failed)
        return false;
    if (t->len + extra + 1 <= t->cap)
        return true;
    size_t cap = t->cap ? t->cap : 1024;
    while (cap < t->len + extra + 1)
        cap *= 2;
    char *grown = realloc(t->data, cap);
    if (!grown) {
        t->failed = true;
        return false;
    }
    t->data = grown;
    t->cap = cap;
    return true;
}

bool arb_strbuf_append(arb_strbuf *t, const char *s, size_t len)
{
    if (!reserve(t, len))
        return false;
    memcpy(t->data + t->len, s, len);
    t->len += len;
    t->data[t->len] = '\0';
    return true;
}

bool arb_strbuf_puts(arb_strbuf *t, const char *s)
{
    return arb_strbuf_append(t, s, strlen(s));
}

bool arb_strbuf_printf(arb_strbuf *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char small[256];
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        return false;
    if ((size_t)n < sizeof small)
        return arb_strbuf_append(t, small, (size_t)n);
    if (!reserve(t, (size_t)n))
        return false;
    va_start(ap, fmt);
    vsnprintf(t->data + t->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    t->len += (size_t)n;
    return true;
}

bool arb_strbuf_json_string(arb_strbuf *t, const char *s)
{
    static const char hex[] = "0123456789abcdef";
    bool ok = arb_strbuf_append(t, "\"", 1);
    const unsigned char *p = (const unsigned char *)s;
    size_t n = strlen(s);
    while (n && ok) {
        /* copy a run of plain characters at once */
        size_t run = 0;
        while (run < n && p[run] >= 0x20 && p[run] < 0x80 && p[run] != '"' && p[run] != '\\')
            run++;
        if (run) {
            ok = arb_strbuf_append(t, (const char *)p, run);
            p += run;
            n -= run;
            continue;
        }
        unsigned char c = *p;
        if (c >= 0x80) {
            int len = arb_utf8_sequence_length(p, n);
            if (len > 0) {
                ok = arb_strbuf_append(t, (const char *)p, (size_t)len);
                p += len;
                n -= (size_t)len;
            } else {
                ok = arb_strbuf_puts(t, "\xEF\xBF\xBD");
                p++;
                n--;
            }
            continue;
        }
        char esc[7] = {'\\', 0};
        switch (c) {
        case '"': esc[1] = '"'; break;
        case '\\': esc[1] = '\\'; break;
        case '\n': esc[1] = 'n'; break;
        case '\r': esc[1] = 'r'; break;
        case '\t': esc[1] = 't'; break;
        case '\b': esc[1] = 'b'; break;
        case '\f': esc[1] = 'f'; break;
        default:
            memcpy(esc, "\\u00", 4);
            esc[4] = hex[c >> 4];
            esc[5] = hex[c & 15];
            break;
        }
        ok = arb_strbuf_puts(t, esc);
        p++;
        n--;
    }
    return ok && arb_strbuf_append(t, "\"", 1);
}
