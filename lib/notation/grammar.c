/* grammar.c — loading and expanding move-token grammar templates. */
#include "grammar.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "datadir.h"
#include "grow.h"

struct arb_grammar {
    char *name;
    char *text;
};

enum placeholder { PH_PIECE, PH_PROMOTION, PH_CAPTURE, PH_CASTLE_SHORT, PH_CASTLE_LONG, PH_EN_PASSANT, PH_COUNT };

static const char *const placeholder_names[PH_COUNT] = {"PIECE", "PROMOTION", "CAPTURE", "CASTLE_SHORT",
                                                        "CASTLE_LONG", "EN_PASSANT"};

int arb_grammar_error_class(int code)
{
    switch (code) {
    case ARB_GRAMMAR_OK: return ARB_ERR_NONE;
    case ARB_GRAMMAR_IO: return ARB_ERR_IO;
    case ARB_GRAMMAR_NO_MEMORY: return ARB_ERR_MEMORY;
    default: return ARB_ERR_DATA;
    }
}

static arb_status status_of(int code, const char *name, int line, int col, const char *fmt, ...)
{
    arb_status st;
    memset(&st, 0, sizeof st);
    if (code == 0)
        return st;
    st.code = code;
    st.error_class = arb_grammar_error_class(code);
    st.line = line;
    st.col = col;
    char what[150];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (line > 0)
        snprintf(st.message, sizeof st.message, "%s:%d:%d: %s", name, line, col, what);
    else
        snprintf(st.message, sizeof st.message, "%s: %s", name, what);
    return st;
}

/* Length of a whole-line comment starting at p (a line whose first
 * non-blank character is '#'), up to but excluding its newline; else 0.
 * Such lines are neither checked nor expanded, so they may talk about
 * placeholders. */
static size_t comment_line_at(const char *text, const char *p)
{
    if (p != text && p[-1] != '\n')
        return 0;
    const char *q = p;
    while (*q == ' ' || *q == '\t')
        q++;
    if (*q != '#')
        return 0;
    while (*q && *q != '\n')
        q++;
    return (size_t)(q - p);
}

/* A placeholder is "{" capitals-and-underscores "}"; PCRE2 counted
 * repetitions such as {1,2} never look like one. */
static int placeholder_at(const char *p, size_t *len)
{
    if (*p != '{')
        return -1;
    size_t n = 1;
    while ((p[n] >= 'A' && p[n] <= 'Z') || p[n] == '_')
        n++;
    if (n == 1 || p[n] != '}')
        return -1;
    *len = n + 1;
    for (int i = 0; i < PH_COUNT; i++)
        if (strlen(placeholder_names[i]) == n - 1 && strncmp(placeholder_names[i], p + 1, n - 1) == 0)
            return i;
    return PH_COUNT;
}

arb_status arb_grammar_from_text(const char *name, const char *text, arb_grammar **out)
{
    *out = NULL;
    int line = 1, col = 1;
    for (const char *p = text; *p; p++) {
        size_t len = comment_line_at(text, p);
        if (len) {
            p += len - 1;
            continue;
        }
        if (placeholder_at(p, &len) == PH_COUNT)
            return status_of(ARB_GRAMMAR_PLACEHOLDER, name, line, col,
                             "unknown placeholder %.*s, expected {PIECE}, {PROMOTION}, {CAPTURE}, "
                             "{CASTLE_SHORT}, {CASTLE_LONG} or {EN_PASSANT}", (int)len, p);
        if (*p == '\n') {
            line++;
            col = 1;
        } else if (((unsigned char)*p & 0xC0) != 0x80) {
            col++;
        }
    }
    arb_grammar *g = calloc(1, sizeof *g);
    if (g) {
        g->name = strdup(name);
        g->text = strdup(text);
    }
    if (!g || !g->name || !g->text) {
        arb_grammar_free(g);
        return status_of(ARB_GRAMMAR_NO_MEMORY, name, 0, 0, "out of memory");
    }
    *out = g;
    return status_of(0, name, 0, 0, "ok");
}

arb_status arb_grammar_load(const char *path, arb_grammar **out)
{
    char found[4096 + 16];
    *out = NULL;
    if (!path) {
        char dir[4096];
        if (!arb_data_find("grammars", dir, sizeof dir))
            return status_of(ARB_GRAMMAR_IO, "grammars", 0, 0,
                             "no grammars directory found (looked in $ARBITER_DATA, beside the program and in "
                             "%s)", ARB_DATA_DIR);
        snprintf(found, sizeof found, "%s/move.pcre", dir);
        path = found;
    }
    FILE *f = fopen(path, "rb");
    if (!f)
        return status_of(ARB_GRAMMAR_IO, path, 0, 0, "cannot open the grammar file");
    /* grammar files are small: read the whole file, but refuse a runaway one */
    char *text = NULL;
    size_t len = 0, cap = 0;
    int c;
    while ((c = fgetc(f)) != EOF) {
        if (len + 2 > cap) {
            if (cap >= (1u << 20)) {
                free(text);
                fclose(f);
                return status_of(ARB_GRAMMAR_IO, path, 0, 0, "file larger than 1 MiB, expected a pattern");
            }
            char *grown = realloc(text, cap = cap ? cap * 2 : 4096);
            if (!grown) {
                free(text);
                fclose(f);
                return status_of(ARB_GRAMMAR_NO_MEMORY, path, 0, 0, "out of memory");
            }
            text = grown;
        }
        text[len++] = (char)c;
    }
    fclose(f);
    if (!text)
        return status_of(ARB_GRAMMAR_IO, path, 0, 0, "empty file, expected a pattern");
    text[len] = '\0';
    if (strlen(text) != len) {
        free(text);
        return status_of(ARB_GRAMMAR_IO, path, 0, 0, "NUL byte in the file, expected pattern text");
    }
    arb_status st = arb_grammar_from_text(path, text, out);
    free(text);
    return st;
}

void arb_grammar_free(arb_grammar *g)
{
    if (!g)
        return;
    free(g->name);
    free(g->text);
    free(g);
}

const char *arb_grammar_name(const arb_grammar *g) { return g->name; }

/* ---- expansion -------------------------------------------------------------- */

typedef struct buffer {
    char *data;
    size_t len, cap;
    bool failed;
} buffer;

static void put(buffer *b, const char *s, size_t n)
{
    if (b->failed)
        return;
    if (!arb_grow(&b->data, &b->cap, b->len + n + 1, 1)) {
        b->failed = true;
        return;
    }
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

static void puts_(buffer *b, const char *s) { put(b, s, strlen(s)); }

/* One spelling, each byte literal.  Letters, digits and UTF-8 bytes stand for
 * themselves; other ASCII is backslash-escaped or written in hex (white space
 * would be ignored in extended mode). */
static void put_literal(buffer *b, const char *s, bool dash_is_any)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        char tmp[8];
        if (*p == '-' && dash_is_any) {
            puts_(b, "(?&dash)");
        } else if (*p >= 0x80 || (*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'z') ||
                   (*p >= 'A' && *p <= 'Z')) {
            put(b, (const char *)p, 1);
        } else if (*p <= ' ' || *p == 0x7F) {
            snprintf(tmp, sizeof tmp, "\\x{%02x}", *p);
            puts_(b, tmp);
        } else {
            tmp[0] = '\\';
            tmp[1] = (char)*p;
            put(b, tmp, 2);
        }
    }
}

typedef struct spelling_ref {
    const char *text;
} spelling_ref;

static int longer_first(const void *a, const void *b)
{
    const char *x = ((const spelling_ref *)a)->text, *y = ((const spelling_ref *)b)->text;
    size_t lx = strlen(x), ly = strlen(y);
    if (lx != ly)
        return lx > ly ? -1 : 1;
    return strcmp(x, y);
}

/* (?:a|b|c) with the longest spelling first, so a prefix never wins early. */
static void put_alternation(buffer *b, const char **items, size_t n, bool dash_is_any)
{
    if (n == 0) {
        puts_(b, "(?!)");
        return;
    }
    spelling_ref *sorted = malloc(n * sizeof *sorted);
    if (!sorted) {
        b->failed = true;
        return;
    }
    for (size_t i = 0; i < n; i++)
        sorted[i].text = items[i];
    qsort(sorted, n, sizeof *sorted, longer_first);
    puts_(b, "(?:");
    for (size_t i = 0; i < n; i++) {
        if (i)
            puts_(b, "|");
        put_literal(b, sorted[i].text, dash_is_any);
    }
    puts_(b, ")");
    free(sorted);
}

static void put_placeholder(buffer *b, int ph, const arb_locale *loc)
{
    const char *items[64];
    size_t n = 0;
    int list = -1, first_kind = ARB_PAWN;
    switch (ph) {
    case PH_PIECE: first_kind = ARB_PAWN; break;
    case PH_PROMOTION: first_kind = ARB_KNIGHT; break;
    case PH_CAPTURE: list = ARB_LOCALE_CAPTURE; break;
    case PH_CASTLE_SHORT: list = ARB_LOCALE_CASTLE_SHORT; break;
    case PH_CASTLE_LONG: list = ARB_LOCALE_CASTLE_LONG; break;
    default: list = ARB_LOCALE_EN_PASSANT; break;
    }
    if (list >= 0) {
        for (size_t i = 0; i < arb_locale_list_count(loc, list) && n < 64; i++)
            items[n++] = arb_locale_list_item(loc, list, i);
    } else {
        int last_kind = ph == PH_PIECE ? ARB_KING : ARB_QUEEN;
        for (int k = first_kind; k <= last_kind; k++)
            for (size_t i = 0; i < arb_locale_piece_count(loc, k) && n < 64; i++)
                items[n++] = arb_locale_piece(loc, k, i);
    }
    put_alternation(b, items, n, ph == PH_CASTLE_SHORT || ph == PH_CASTLE_LONG);
}

arb_status arb_grammar_expand(const arb_grammar *g, const arb_locale *loc, char **out)
{
    buffer b = {0};
    const char *p = g->text, *run = p;
    while (*p) {
        size_t len = comment_line_at(g->text, p);
        if (len) {
            p += len;
            continue;
        }
        int ph = placeholder_at(p, &len);
        if (ph >= 0 && ph < PH_COUNT) {
            put(&b, run, (size_t)(p - run));
            put_placeholder(&b, ph, loc);
            p += len;
            run = p;
        } else {
            p++;
        }
    }
    put(&b, run, (size_t)(p - run));
    if (b.failed || !b.data) {
        free(b.data);
        *out = NULL;
        return status_of(ARB_GRAMMAR_NO_MEMORY, g->name, 0, 0, "out of memory");
    }
    *out = b.data;
    return status_of(0, g->name, 0, 0, "ok");
}
