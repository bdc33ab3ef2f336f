/* perft_suite_file.c — see perft_suite_file.h */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "perft_count.h"
#include "perft_suite_file.h"
#include "size_arg.h"

static char *copy_text(const char *text, size_t len)
{
    char *s = malloc(len + 1);
    if (s) {
        memcpy(s, text, len);
        s[len] = '\0';
    }
    return s;
}

/* The message of a malformed suite line; records its column in e. */
static char *format_message(perft_suite_entry *e, int col, const char *fmt, const char *arg)
{
    char buf[300];
    snprintf(buf, sizeof buf, fmt, arg);
    e->format_col = col;
    return copy_text(buf, strlen(buf));
}

static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/* Parses one ';'-separated field (without the ';') at column col.  Returns an
 * allocated error message, or NULL when the field was understood. */
static char *parse_field(perft_suite_entry *e, const char *field, size_t len, int col)
{
    while (len && is_blank(*field)) {
        field++, len--, col++;
    }
    while (len && is_blank(field[len - 1]))
        len--;
    if (len == 0)
        return NULL; /* an empty field, e.g. after a trailing ';' */

    char text[64];
    if (len >= sizeof text)
        return format_message(e, col, "field too long%s, expected 'Dn count' or 'chess960 true|false'", "");
    memcpy(text, field, len);
    text[len] = '\0';

    if (strcmp(text, "chess960 true") == 0) {
        e->force_chess960 = true;
        return NULL;
    }
    if (strcmp(text, "chess960 false") == 0)
        return NULL;

    char *space = strchr(text, ' ');
    int depth;
    if (text[0] != 'D' || !space)
        return format_message(e, col, "unknown field '%s', expected 'Dn count' or 'chess960 true|false'", text);
    *space = '\0';
    const char *count_text = space + 1;
    while (*count_text == ' ')
        count_text++;
    if (!int_arg_parse(text + 1, 0, PERFT_MAX_DEPTH, &depth))
        return format_message(e, col, "bad depth '%s', expected D0 to D64", text);
    for (const char *p = count_text; *p; p++)
        if (*p < '0' || *p > '9' || p - count_text > 19)
            return format_message(e, col, "bad node count '%s', expected a decimal number", count_text);
    errno = 0;
    unsigned long long count = strtoull(count_text, NULL, 10);
    if (errno || !*count_text)
        return format_message(e, col, "bad node count '%s', expected a decimal number", count_text);
    for (int i = 0; i < e->ndepths; i++)
        if (e->depth[i] == depth)
            return format_message(e, col, "depth %s given twice", text);
    if (e->ndepths == PERFT_MAX_LINE_DEPTHS)
        return format_message(e, col, "too many depths on one line%s", "");
    e->depth[e->ndepths] = (int)depth;
    e->expected[e->ndepths] = count;
    e->ndepths++;
    return NULL;
}

/* Splits a suite line into FEN and fields.  Returns false when out of memory;
 * a malformed line is still returned (with format_error set) so it is counted. */
static bool parse_suite_line(const char *line, long line_no, perft_suite_entry *e)
{
    memset(e, 0, sizeof *e);
    e->line = line_no;
    size_t start = 0;
    while (is_blank(line[start]))
        start++;
    const char *semi = strchr(line + start, ';');
    size_t fen_end = semi ? (size_t)(semi - line) : strlen(line);
    size_t fen_len = fen_end - start;
    while (fen_len && is_blank(line[start + fen_len - 1]))
        fen_len--;
    e->fen_col = (int)start + 1;
    e->fen = copy_text(line + start, fen_len);
    if (!e->fen)
        return false;

    while (semi && !e->format_error) {
        const char *field = semi + 1;
        semi = strchr(field, ';');
        size_t len = semi ? (size_t)(semi - field) : strlen(field);
        e->format_error = parse_field(e, field, len, (int)(field - line) + 1);
    }
    if (!e->format_error && e->ndepths == 0)
        e->format_error = format_message(e, (int)fen_end + 1, "no ';Dn count' field after the FEN%s", "");
    /* the depths are checked in increasing order, so the cheap ones fail first */
    for (int i = 1; i < e->ndepths; i++)
        for (int j = i; j > 0 && e->depth[j] < e->depth[j - 1]; j--) {
            int d = e->depth[j];
            e->depth[j] = e->depth[j - 1];
            e->depth[j - 1] = d;
            uint64_t c = e->expected[j];
            e->expected[j] = e->expected[j - 1];
            e->expected[j - 1] = c;
        }
    return true;
}

bool perft_suite_file_read(perft_suite_file *f, FILE *in)
{
    char *line = NULL;
    size_t cap = 0;
    long line_no = 0;
    bool ok = true;
    while (getline(&line, &cap, in) >= 0) {
        line_no++;
        const char *p = line;
        while (is_blank(*p))
            p++;
        if (*p == '\0' || *p == '#')
            continue;
        if (f->count == f->capacity) {
            size_t cap2 = f->capacity ? 2 * f->capacity : 256;
            perft_suite_entry *grown = realloc(f->entries, cap2 * sizeof *grown);
            if (!grown) {
                ok = false;
                break;
            }
            f->entries = grown;
            f->capacity = cap2;
        }
        if (!parse_suite_line(line, line_no, &f->entries[f->count])) {
            ok = false;
            break;
        }
        f->count++;
    }
    free(line);
    return ok;
}

void perft_suite_file_free(perft_suite_file *f)
{
    for (size_t i = 0; i < f->count; i++) {
        free(f->entries[i].fen);
        free(f->entries[i].format_error);
    }
    free(f->entries);
}
