/* pgn_write.c — games to PGN export format. */
#include "pgn_write.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation.h"
#include "san.h"
#include "spoken.h"

struct arb_pgn_writer {
    arb_pgn_write_options opt;
    char *buf;
    size_t len, cap;
    bool failed;             /* out of memory while formatting */
    /* movetext line filling */
    size_t line_start;       /* offset of the current line's first byte */
    size_t group_start;      /* first byte of the words glued together last */
    bool glue_next;          /* the next word follows without a space ("(" and "{") */
    bool line_empty;
    const arb_pgn_tag **sorted;
    size_t sorted_cap;
    arb_pgn_walker walker;
};

arb_pgn_writer *arb_pgn_writer_new(const arb_pgn_write_options *options)
{
    arb_pgn_writer *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    if (options)
        w->opt = *options;
    if (w->opt.line_width <= 0)
        w->opt.line_width = 79;
    return w;
}

void arb_pgn_writer_free(arb_pgn_writer *w)
{
    if (!w)
        return;
    arb_pgn_walker_free(&w->walker);
    free(w->sorted);
    free(w->buf);
    free(w);
}

static bool grow(arb_pgn_writer *w, size_t extra)
{
    if (w->len + extra <= w->cap)
        return true;
    size_t cap = w->cap ? w->cap : 4096;
    while (cap < w->len + extra)
        cap *= 2;
    char *p = realloc(w->buf, cap);
    if (!p) {
        w->failed = true;
        return false;
    }
    w->buf = p;
    w->cap = cap;
    return true;
}

static void put(arb_pgn_writer *w, const char *s, size_t n)
{
    if (!grow(w, n))
        return;
    memcpy(w->buf + w->len, s, n);
    w->len += n;
}

static void put_char(arb_pgn_writer *w, char c)
{
    if (!grow(w, 1))
        return;
    w->buf[w->len++] = c;
}

size_t arb_pgn_escape_string(const char *value, char *out)
{
    size_t o = 0;
    for (const char *s = value; *s; s++) {
        char c = *s;
        if (c == '"' || c == '\\')
            out[o++] = '\\';
        else if (c == '\n' || c == '\r' || c == '\t')
            c = ' ';   /* a tag pair is one line */
        out[o++] = c;
    }
    out[o] = '\0';
    return o;
}

/* True when a value needs no escaping (the usual case, tested first). */
static bool plain_value(const char *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char c = v[i];
        if (c == '"' || c == '\\' || c == '\n' || c == '\r' || c == '\t')
            return false;
    }
    return true;
}

static void put_tag(arb_pgn_writer *w, const char *name, const char *value)
{
    size_t nlen = strlen(name), vlen = strlen(value);
    if (!grow(w, nlen + 2 * vlen + 8))
        return;
    char *o = w->buf + w->len;
    *o++ = '[';
    memcpy(o, name, nlen);
    o += nlen;
    *o++ = ' ';
    *o++ = '"';
    if (plain_value(value, vlen)) {
        memcpy(o, value, vlen);
        o += vlen;
    } else {
        o += arb_pgn_escape_string(value, o);
    }
    *o++ = '"';
    *o++ = ']';
    *o++ = '\n';
    w->len = (size_t)(o - w->buf);
}

static const char *const roster[7] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
static const char *const roster_default[7] = {"?", "?", "????.??.??", "?", "?", "?", "*"};

/* Index of a Seven Tag Roster name, else -1 (first letter first: this runs
 * for every tag of every game). */
static int roster_index(const char *name)
{
    int i;
    switch (name[0]) {
    case 'E': i = 0; break;
    case 'S': i = 1; break;
    case 'D': i = 2; break;
    case 'R': i = name[1] == 'o' ? 3 : 6; break;
    case 'W': i = 4; break;
    case 'B': i = 5; break;
    default: return -1;
    }
    return strcmp(name, roster[i]) == 0 ? i : -1;
}

static int by_name_then_order(const void *a, const void *b)
{
    const arb_pgn_tag *x = *(const arb_pgn_tag *const *)a, *y = *(const arb_pgn_tag *const *)b;
    int c = strcmp(x->name, y->name);
    return c ? c : (x > y) - (x < y);   /* both point into g->tags */
}

static void write_tags(arb_pgn_writer *w, const arb_pgn_game *g, int result)
{
    if (w->sorted_cap < g->tag_count) {
        const arb_pgn_tag **p = realloc(w->sorted, g->tag_count * sizeof *p);
        if (!p) {
            w->failed = true;
            return;
        }
        w->sorted = p;
        w->sorted_cap = g->tag_count;
    }
    const char *values[7] = {NULL};
    size_t n = 0;
    for (size_t i = 0; i < g->tag_count; i++) {
        const arb_pgn_tag *t = &g->tags[i];
        int r = roster_index(t->name);
        /* a repeated roster tag is not lost: it goes with the others */
        if (r >= 0 && !values[r]) {
            values[r] = t->value;
            continue;
        }
        /* insertion sort: a handful of tags, mostly in order already */
        size_t j = n++;
        while (j > 0 && j + 16 >= n && strcmp(w->sorted[j - 1]->name, t->name) > 0) {
            w->sorted[j] = w->sorted[j - 1];
            j--;
        }
        w->sorted[j] = t;
    }
    /* past 16 tags, insertion sort turns quadratic (100,000 tags in reverse
     * order took half a minute): the run above is only partly sorted, qsort
     * finishes it, stable through the tags' order in the game */
    if (n > 16)
        qsort(w->sorted, n, sizeof *w->sorted, by_name_then_order);
    for (int i = 0; i < 6; i++)
        put_tag(w, roster[i], values[i] ? values[i] : roster_default[i]);
    put_tag(w, "Result", arb_pgn_result_text(result));
    for (size_t i = 0; i < n; i++)
        put_tag(w, w->sorted[i]->name, w->sorted[i]->value);
    put_char(w, '\n');
}

/* How a movetext word joins the one before it. */
enum join {
    JOIN_SPACE,   /* a space; a line may break here */
    JOIN_KEEP,    /* a space, but the word stays on the line of the one before
                   * (a move after its number) */
    JOIN_GLUE,    /* no space, same line ("(" + "3.", "word" + "}") */
    JOIN_NOBREAK  /* a space, same line even past the width (a comment word
                   * such as "[Event", which must not begin a line) */
};

/* Appends one movetext word.  When the line would grow past the width, the
 * line breaks before the word, or before the run of words it is kept with. */
static void put_word(arb_pgn_writer *w, const char *s, size_t n, enum join join)
{
    if (!grow(w, n + 1))
        return;
    size_t width = (size_t)w->opt.line_width;
    if (w->glue_next)
        join = JOIN_GLUE;
    w->glue_next = false;
    char *b = w->buf;
    if (join == JOIN_NOBREAK && !w->line_empty) {
        b[w->len++] = ' ';
        memcpy(b + w->len, s, n);
        w->len += n;
        return;
    }
    size_t space = join == JOIN_GLUE ? 0 : 1;
    if (w->line_empty) {
        w->group_start = w->len;
    } else if (w->len - w->line_start + space + n <= width) {
        if (space)
            b[w->len++] = ' ';
        if (join == JOIN_SPACE)
            w->group_start = w->len;
    } else if (join != JOIN_SPACE && w->group_start > w->line_start) {
        /* move the whole run to a new line */
        b[w->group_start - 1] = '\n';
        w->line_start = w->group_start;
        if (space)
            b[w->len++] = ' ';
    } else if (join == JOIN_GLUE) {
        /* a run longer than a line: it cannot be split */
    } else {
        b[w->len++] = '\n';
        w->line_start = w->len;
        w->group_start = w->len;
    }
    memcpy(b + w->len, s, n);
    w->len += n;
    w->line_empty = false;
}

/* Decimal digits of v at the end of buf[12]; returns where they start. */
static char *format_unsigned(unsigned v, char *end)
{
    do {
        *--end = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    return end;
}

static void end_line(arb_pgn_writer *w)
{
    put_char(w, '\n');
    w->line_start = w->len;
    w->group_start = w->len;
    w->line_empty = true;
    w->glue_next = false;
}

static bool is_blank(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\v';
}

/* "[Name": what the reader takes for a tag pair at the start of a line */
static bool could_open_tag_pair(const char *word, size_t n)
{
    return n >= 2 && word[0] == '[' && ((word[1] >= 'A' && word[1] <= 'Z') || (word[1] >= 'a' && word[1] <= 'z'));
}

/* A comment's words, wrapped like the rest; the reader collapses white space
 * in comments, so reading this back gives the text again. */
static void put_comment(arb_pgn_writer *w, const arb_pgn_item *it)
{
    const char *t = it->text;
    size_t n = it->len;
    if (memchr(t, '}', n)) {
        /* cannot be a brace comment: a rest-of-line comment keeps it intact */
        if (!w->line_empty)
            put_char(w, ' ');
        put_char(w, ';');
        for (size_t i = 0; i < n; i++)
            put_char(w, is_blank(t[i]) ? ' ' : t[i]);
        end_line(w);
        return;
    }
    put_word(w, "{", 1, JOIN_SPACE);
    w->glue_next = true;
    size_t i = 0;
    while (i < n) {
        while (i < n && is_blank(t[i]))
            i++;
        size_t j = i;
        while (j < n && !is_blank(t[j]))
            j++;
        /* a line inside a comment must not start with "[Name": the reader
         * takes a tag pair there for the next game after an unclosed comment */
        if (j > i)
            put_word(w, t + i, j - i, could_open_tag_pair(t + i, j - i) ? JOIN_NOBREAK : JOIN_SPACE);
        i = j;
    }
    put_word(w, "}", 1, JOIN_GLUE);
}

static size_t move_text(const arb_pgn_writer *w, const arb_position *before, arb_move move,
                        char *buf)
{
    if (move == ARB_MOVE_NULL) {
        /* "--" in UCI too: UCI's "0000" would read back as a move number */
        memcpy(buf, "--", 3);
        return 2;
    }
    switch (w->opt.notation) {
    case ARB_PGN_NOTATION_LAN: return arb_lan_write(before, move, buf);
    case ARB_PGN_NOTATION_UCI: return arb_uci_write(before, move, buf);
    case ARB_PGN_NOTATION_FAN: return arb_fan_write(before, move, ARB_FAN_WHITE, buf);
    case ARB_PGN_NOTATION_SPOKEN:
        if (w->opt.spoken)
            return arb_spoken_write(w->opt.spoken, before, move, buf);
        return arb_san_write(before, move, buf);
    case ARB_PGN_NOTATION_LOCALE:
        if (w->opt.locale)
            return arb_notation_write(w->opt.locale, before, move, buf);
        return arb_san_write(before, move, buf);
    default: return arb_san_write(before, move, buf);
    }
}

static void write_movetext(arb_pgn_writer *w, const arb_pgn_game *g, int result)
{
    w->line_start = w->group_start = w->len;
    w->line_empty = true;
    w->glue_next = false;
    bool black_number = true;   /* a black move here needs "N..." */
    int skip_depth = 0;         /* > 0 while inside a stripped variation */
    /* SAN recorded by the reader needs no replay */
    bool replay = !(g->san_recorded && w->opt.notation == ARB_PGN_NOTATION_SAN);
    arb_pgn_walker *wk = &w->walker;
    arb_pgn_walker_restart(wk, g);
    for (size_t i = 0; i < g->item_count; i++) {
        const arb_pgn_item *it = &g->items[i];
        if (replay && !arb_pgn_walker_next(wk))
            break;
        if (skip_depth > 0) {
            if (it->kind == ARB_PGN_ITEM_VARIATION_START)
                skip_depth++;
            else if (it->kind == ARB_PGN_ITEM_VARIATION_END)
                skip_depth--;
            continue;
        }
        switch (it->kind) {
        case ARB_PGN_ITEM_MOVE: {
            char num[16];
            char *end = num + sizeof num;
            enum join join = JOIN_SPACE;
            unsigned side = it->ply & 1;
            if (side == ARB_WHITE) {
                *--end = '.';
                char *start = format_unsigned(it->ply / 2 + 1, end);
                put_word(w, start, (size_t)(num + sizeof num - start), JOIN_SPACE);
                join = JOIN_KEEP;
            } else if (black_number) {
                end -= 3;
                memcpy(end, "...", 3);
                char *start = format_unsigned(it->ply / 2 + 1, end);
                put_word(w, start, (size_t)(num + sizeof num - start), JOIN_SPACE);
                join = JOIN_KEEP;
            }
            if (replay) {
                char text[ARB_SPOKEN_MAX];
                size_t n = move_text(w, &wk->before, it->move, text);
                put_word(w, text, n, join);
                if (w->opt.notation == ARB_PGN_NOTATION_SPOKEN) {
                    /* one announcement per line, each with its number */
                    end_line(w);
                    black_number = true;
                    break;
                }
            } else {
                put_word(w, it->san, it->len, join);
            }
            black_number = false;
            break;
        }
        case ARB_PGN_ITEM_NAG:
            if (!w->opt.strip_nags) {
                char nag[8];
                char *start = format_unsigned(it->nag, nag + sizeof nag);
                *--start = '$';
                put_word(w, start, (size_t)(nag + sizeof nag - start), JOIN_SPACE);
                black_number = true;
            }
            break;
        case ARB_PGN_ITEM_COMMENT:
            if (!w->opt.strip_comments) {
                put_comment(w, it);
                black_number = true;
            }
            break;
        case ARB_PGN_ITEM_VARIATION_START:
            if (w->opt.strip_variations) {
                skip_depth = 1;
                break;
            }
            put_word(w, "(", 1, JOIN_SPACE);
            w->glue_next = true;
            black_number = true;
            break;
        case ARB_PGN_ITEM_VARIATION_END:
            put_word(w, ")", 1, JOIN_GLUE);
            black_number = true;
            break;
        default: break;
        }
    }
    if (replay && wk->failed)
        w->failed = true;
    const char *marker = arb_pgn_result_text(result);
    put_word(w, marker, strlen(marker), JOIN_SPACE);
    put(w, "\n\n", 2);
}

arb_status arb_pgn_write_game(arb_pgn_writer *w, const arb_pgn_game *g, const char **text,
                              size_t *len)
{
    arb_status st = {0};
    w->len = 0;
    w->failed = false;
    int result = arb_pgn_game_result(g);
    write_tags(w, g, result);
    write_movetext(w, g, result);
    if (w->failed) {
        st = arb_status_error(ARB_ERR_MEMORY, ARB_ERR_MEMORY, 0, 0,
                              "cannot write the game (out of memory or badly nested variations)");
        *text = NULL;
        *len = 0;
        return st;
    }
    *text = w->buf;
    *len = w->len;
    return st;
}
