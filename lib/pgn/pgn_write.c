/* pgn_write.c — games to PGN export format. */
#include "pgn_write.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decimal.h"
#include "grow.h"
#include "notation.h"
#include "pgn_text_copy.h"
#include "san.h"
#include "spoken.h"

/* Move numbers whose text is kept ready (past them, it is formatted). */
enum { WHITE_NUMBERS = 1000 };

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
    struct sorted_tag {
        uint64_t key;            /* name_key of the name */
        const arb_pgn_tag *tag;
        size_t name_len;
    } *sorted;                   /* the tags other than the roster's, in order */
    size_t sorted_cap;
    arb_pgn_walker walker;
    /* "N. " for White's move N + 1 (N < WHITE_NUMBERS), copied as eight
     * bytes: the text and, past it, its length */
    struct white_number {
        char text[7];
        uint8_t len;
    } white_numbers[WHITE_NUMBERS];
};

/* "N. " or "N... " (N the move number of `ply`) at out; returns its length
 * (at most 14 bytes). */
static size_t format_move_number(unsigned ply, char *out)
{
    char digits[ARB_DECIMAL_MAX];
    char *end = digits + sizeof digits, *d = arb_decimal_before(ply / 2 + 1, end);
    size_t n = (size_t)(end - d);
    memcpy(out, d, n);
    if ((ply & 1) == ARB_WHITE) {
        memcpy(out + n, ". ", 2);
        return n + 2;
    }
    memcpy(out + n, "... ", 4);
    return n + 4;
}

arb_pgn_writer *arb_pgn_writer_new(const arb_pgn_write_options *options)
{
    arb_pgn_writer *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    if (options)
        w->opt = *options;
    if (w->opt.line_width <= 0)
        w->opt.line_width = 79;
    for (unsigned i = 0; i < WHITE_NUMBERS; i++) {
        char text[16];
        w->white_numbers[i].len = (uint8_t)format_move_number(2 * i, text);
        memcpy(w->white_numbers[i].text, text, sizeof w->white_numbers[i].text);
    }
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

static __attribute__((noinline)) bool grow_slow(arb_pgn_writer *w, size_t extra)
{
    if (!arb_grow(&w->buf, &w->cap, w->len + extra, 1)) {
        w->failed = true;
        return false;
    }
    return true;
}

/* Room for `extra` more bytes (the test inline, the growth out of line). */
static inline bool grow(arb_pgn_writer *w, size_t extra)
{
    return w->len + extra <= w->cap || grow_slow(w, extra);
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

/* Byte tests on eight bytes at once (exact as to whether any byte matches,
 * which is all that is asked of them). */
#define ONES UINT64_C(0x0101010101010101)
#define HIGHS UINT64_C(0x8080808080808080)
static inline uint64_t any_zero_byte(uint64_t x) { return (x - ONES) & ~x & HIGHS; }
static inline uint64_t any_byte_below(uint64_t x, unsigned n) { return (x - ONES * n) & ~x & HIGHS; }

/* Whether any of eight bytes needs escaping: a quote, a backslash or a
 * control character (the tab and line breaks among them, which escaping
 * turns into spaces). */
static inline bool any_to_escape(uint64_t x)
{
    return (any_byte_below(x, 0x20) | any_zero_byte(x ^ (ONES * '"')) | any_zero_byte(x ^ (ONES * '\\'))) != 0;
}

/* True when a value needs no escaping (the usual case, tested first).  The
 * bytes are tested eight at a time, the last eight (or, below eight, two
 * overlapping fours, or the first, middle and last byte) in one more test,
 * so that a short value takes one test instead of one per byte. */
static bool plain_value(const char *v, size_t n)
{
    uint64_t x;
    if (n >= 8) {
        for (size_t i = 0; i + 8 < n; i += 8) {
            memcpy(&x, v + i, sizeof x);
            if (any_to_escape(x))
                return false;
        }
        memcpy(&x, v + n - 8, sizeof x);
    } else if (n >= 4) {
        uint32_t first, last;
        memcpy(&first, v, sizeof first);
        memcpy(&last, v + n - 4, sizeof last);
        x = (uint64_t)first << 32 | last;
    } else if (n > 0) {
        /* the first byte in six places, the middle and the last in one each */
        x = (ONES * (unsigned char)v[0]) << 16 | (uint64_t)(unsigned char)v[n / 2] << 8 | (unsigned char)v[n - 1];
    } else {
        return true;
    }
    return !any_to_escape(x);
}

static void put_tag(arb_pgn_writer *w, const char *name, size_t nlen, const char *value)
{
    size_t vlen = strlen(value);
    if (!grow(w, nlen + 2 * vlen + 8))
        return;
    char *o = w->buf + w->len;
    *o++ = '[';
    arb_pgn_copy_text(o, name, nlen);
    o += nlen;
    *o++ = ' ';
    *o++ = '"';
    if (plain_value(value, vlen)) {
        arb_pgn_copy_text(o, value, vlen);
        o += vlen;
    } else {
        o += arb_pgn_escape_string(value, o);
    }
    *o++ = '"';
    *o++ = ']';
    *o++ = '\n';
    w->len = (size_t)(o - w->buf);
}

/* A tag name's first eight bytes, big-endian, NUL-padded: names compare as
 * their keys do (strcmp's unsigned order) unless the keys are equal, and a
 * name shorter than eight bytes is its key. */
static inline uint64_t name_key(const char *name, size_t len)
{
    unsigned char b[8] = {0};
    arb_pgn_copy_text((char *)b, name, len < 8 ? len : 8);
    return (uint64_t)b[0] << 56 | (uint64_t)b[1] << 48 | (uint64_t)b[2] << 40 | (uint64_t)b[3] << 32
         | (uint64_t)b[4] << 24 | (uint64_t)b[5] << 16 | (uint64_t)b[6] << 8 | b[7];
}

#define KEY6(a, b, c, d, e, f) \
    ((uint64_t)(a) << 56 | (uint64_t)(b) << 48 | (uint64_t)(c) << 40 | (uint64_t)(d) << 32 \
     | (uint64_t)(e) << 24 | (uint64_t)(f) << 16)

static const struct {
    const char *name;
    size_t len;
    uint64_t key;
    const char *absent;      /* the value the standard asks for when the tag is missing */
} roster[7] = {
    {"Event", 5, KEY6('E', 'v', 'e', 'n', 't', 0), "?"},
    {"Site", 4, KEY6('S', 'i', 't', 'e', 0, 0), "?"},
    {"Date", 4, KEY6('D', 'a', 't', 'e', 0, 0), "????.??.??"},
    {"Round", 5, KEY6('R', 'o', 'u', 'n', 'd', 0), "?"},
    {"White", 5, KEY6('W', 'h', 'i', 't', 'e', 0), "?"},
    {"Black", 5, KEY6('B', 'l', 'a', 'c', 'k', 0), "?"},
    {"Result", 6, KEY6('R', 'e', 's', 'u', 'l', 't'), "*"},
};

/* Index of a Seven Tag Roster name by its key, else -1. */
static int roster_index(uint64_t key)
{
    int i;
    switch (key >> 56) {
    case 'E': i = 0; break;
    case 'S': i = 1; break;
    case 'D': i = 2; break;
    case 'R': i = (key >> 48 & 0xFF) == 'o' ? 3 : 6; break;
    case 'W': i = 4; break;
    case 'B': i = 5; break;
    default: return -1;
    }
    return key == roster[i].key ? i : -1;
}

/* Tag order: by name, then by place in the game (a stable sort). */
static int tag_order(const struct sorted_tag *x, const struct sorted_tag *y)
{
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    int c = (x->key & 0xFF) ? strcmp(x->tag->name, y->tag->name) : 0;
    return c ? c : (x->tag > y->tag) - (x->tag < y->tag);   /* both point into g->tags */
}

static int by_name_then_order(const void *a, const void *b)
{
    return tag_order(a, b);
}

/* Writes the tags; returns the game's result as arb_pgn_game_result gives
 * it (the first Result tag is found here anyway). */
static int write_tags(arb_pgn_writer *w, const arb_pgn_game *g)
{
    if (w->sorted_cap < g->tag_count) {
        struct sorted_tag *p = realloc(w->sorted, g->tag_count * sizeof *p);
        if (!p) {
            w->failed = true;
            return arb_pgn_game_result(g);
        }
        w->sorted = p;
        w->sorted_cap = g->tag_count;
    }
    const char *values[7] = {NULL};
    size_t n = 0;
    struct sorted_tag *sorted = w->sorted;
    for (size_t i = 0; i < g->tag_count; i++) {
        const arb_pgn_tag *t = &g->tags[i];
        size_t len = strlen(t->name);
        struct sorted_tag s = {name_key(t->name, len), t, len};
        int r = roster_index(s.key);
        /* a repeated roster tag is not lost: it goes with the others */
        if (r >= 0 && !values[r]) {
            values[r] = t->value;
            continue;
        }
        /* insertion sort: a handful of tags, mostly in order already */
        size_t j = n++;
        while (j > 0 && j + 16 >= n && tag_order(&sorted[j - 1], &s) > 0) {
            sorted[j] = sorted[j - 1];
            j--;
        }
        sorted[j] = s;
    }
    /* past 16 tags, insertion sort turns quadratic (100,000 tags in reverse
     * order took half a minute): the run above is only partly sorted, qsort
     * finishes it, stable through the tags' order in the game */
    if (n > 16)
        qsort(sorted, n, sizeof *sorted, by_name_then_order);
    for (int i = 0; i < 6; i++)
        put_tag(w, roster[i].name, roster[i].len, values[i] ? values[i] : roster[i].absent);
    int result = values[6] ? arb_pgn_result_parse(values[6], strlen(values[6])) : ARB_PGN_RESULT_NONE;
    if (result == ARB_PGN_RESULT_NONE)
        result = g->result;
    if (result == ARB_PGN_RESULT_NONE)
        result = ARB_PGN_RESULT_UNKNOWN;
    put_tag(w, "Result", 6, arb_pgn_result_text(result));
    for (size_t i = 0; i < n; i++)
        put_tag(w, sorted[i].tag->name, sorted[i].name_len, sorted[i].tag->value);
    put_char(w, '\n');
    return result;
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

/* The line state of put_word, as a value (kept in registers where a
 * sequence of words is placed). */
struct line {
    size_t len, line_start, group_start;
    bool line_empty;
};

/* put_word on a line state, the room already made (n + 1 bytes). */
static inline void place_word(struct line *s, char *b, const char *word, size_t n, enum join join,
                              size_t width)
{
    if (join == JOIN_NOBREAK && !s->line_empty) {
        b[s->len++] = ' ';
        memcpy(b + s->len, word, n);
        s->len += n;
        return;
    }
    size_t space = join == JOIN_GLUE ? 0 : 1;
    if (s->line_empty) {
        s->group_start = s->len;
    } else if (s->len - s->line_start + space + n <= width) {
        if (space)
            b[s->len++] = ' ';
        if (join == JOIN_SPACE)
            s->group_start = s->len;
    } else if (join != JOIN_SPACE && s->group_start > s->line_start) {
        /* move the whole run to a new line */
        b[s->group_start - 1] = '\n';
        s->line_start = s->group_start;
        if (space)
            b[s->len++] = ' ';
    } else if (join == JOIN_GLUE) {
        /* a run longer than a line: it cannot be split */
    } else {
        b[s->len++] = '\n';
        s->line_start = s->len;
        s->group_start = s->len;
    }
    memcpy(b + s->len, word, n);
    s->len += n;
    s->line_empty = false;
}

/* Appends one movetext word.  When the line would grow past the width, the
 * line breaks before the word, or before the run of words it is kept with. */
static void put_word(arb_pgn_writer *w, const char *s, size_t n, enum join join)
{
    if (!grow(w, n + 1))
        return;
    if (w->glue_next)
        join = JOIN_GLUE;
    w->glue_next = false;
    struct line l = {w->len, w->line_start, w->group_start, w->line_empty};
    place_word(&l, w->buf, s, n, join, (size_t)w->opt.line_width);
    w->len = l.len;
    w->line_start = l.line_start;
    w->group_start = l.group_start;
    w->line_empty = l.line_empty;
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

/* The common case of put_comment: a comment whose words are separated by
 * single spaces (as the reader leaves them) and that fits on the current
 * line after a space, written in one piece.  Leaves the writer as the
 * word-by-word path would, the start of its last run of words included;
 * false, with nothing written, when the comment is not such a one. */
static bool put_comment_on_line(arb_pgn_writer *w, const char *t, size_t n)
{
    if (w->line_empty || w->glue_next || w->len - w->line_start + 3 + n > (size_t)w->opt.line_width
        || (n > 0 && (t[0] == ' ' || t[n - 1] == ' ')))
        return false;
    /* where the last word that may begin a line starts: not the first word,
     * which is glued to the '{', nor one that must not begin a line */
    size_t group = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)t[i];
        if (c > ' ')
            continue;
        if (c != ' ' || t[i + 1] == ' ')
            return false;   /* other blanks, runs of them, control characters: word by word */
        if (!could_open_tag_pair(t + i + 1, n - i - 1))
            group = i + 1;
    }
    if (!grow(w, n + 3))
        return false;
    char *b = w->buf + w->len;
    b[0] = ' ';
    b[1] = '{';
    memcpy(b + 2, t, n);
    b[n + 2] = '}';
    w->group_start = w->len + (group ? group + 2 : 1);
    w->len += n + 3;
    return true;
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
    if (put_comment_on_line(w, t, n))
        return;
    /* word by word, the line state in a local copy (put_word's rules) */
    if (!grow(w, 2 * n + 4))
        return;
    struct line s = {w->len, w->line_start, w->group_start, w->line_empty};
    char *b = w->buf;
    place_word(&s, b, "{", 1, w->glue_next ? JOIN_GLUE : JOIN_SPACE, (size_t)w->opt.line_width);
    bool first = true;   /* the first word is glued to the brace */
    size_t i = 0;
    while (i < n) {
        while (i < n && is_blank(t[i]))
            i++;
        size_t j = i;
        while (j < n && !is_blank(t[j]))
            j++;
        /* a line inside a comment must not start with "[Name": the reader
         * takes a tag pair there for the next game after an unclosed comment */
        if (j > i) {
            enum join join = could_open_tag_pair(t + i, j - i) ? JOIN_NOBREAK : JOIN_SPACE;
            place_word(&s, b, t + i, j - i, first ? JOIN_GLUE : join, (size_t)w->opt.line_width);
            first = false;
        }
        i = j;
    }
    place_word(&s, b, "}", 1, JOIN_GLUE, (size_t)w->opt.line_width);
    w->len = s.len;
    w->line_start = s.line_start;
    w->group_start = s.group_start;
    w->line_empty = s.line_empty;
    w->glue_next = false;
}

/* The common case of recorded SAN moves: a run of move items, each written
 * in one piece with its number (when it has one) after a space, or at the
 * start of a new line when it does not fit, as the word-by-word path would
 * (a number stays with its move).  Returns how many items it wrote (0 when
 * the first is not such a one); the state is kept in locals (stores through
 * the buffer could alias the writer).  Room is made once for a block of
 * moves (MOVE_ROOM bytes each at most: " 1000... " and eight of SAN), not
 * tested at every move. */
enum { MOVE_ROOM = 24, MOVE_BLOCK = 64 };
static size_t put_moves_on_line(arb_pgn_writer *w, const arb_pgn_item *it, size_t count, bool black_number)
{
    if (w->line_empty || w->glue_next)
        return 0;
    size_t len = w->len, line_start = w->line_start, group = w->group_start;
    size_t width = (size_t)w->opt.line_width;
    const struct white_number *white_numbers = w->white_numbers;
    size_t k = 0;
    while (k < count) {
        size_t end = count - k < MOVE_BLOCK ? count : k + MOVE_BLOCK;
        w->len = len;
        if (!grow(w, MOVE_ROOM * (end - k)))
            break;
        char *buf = w->buf;
        for (; k < end; k++, black_number = false) {
            const arb_pgn_item *m = &it[k];
            if (m->kind != ARB_PGN_ITEM_MOVE)
                goto done;
            size_t san_len = m->len;
            unsigned ply = m->ply;
            char *b = buf + len;
            size_t lead;   /* the space and the number before the SAN */
            bool numbered = (ply & 1) == ARB_WHITE || black_number;
            if (numbered && ply / 2 < WHITE_NUMBERS) {
                /* "N. " of the table, eight bytes at once (the SAN goes over
                 * the rest: the shortest "N. " is three bytes); for Black,
                 * "N... " over its ". " */
                const struct white_number *number = &white_numbers[ply / 2];
                memcpy(b + 1, number, sizeof *number);
                lead = 1 + number->len;
                if (ply & 1) {
                    memcpy(b + lead - 2, "... ", 4);
                    lead += 2;
                }
            } else if (numbered) {
                lead = 1 + format_move_number(ply, b + 1);
            } else {
                lead = 1;
            }
            b[0] = ' ';
            if (len - line_start + lead + san_len > width) {
                /* the number and its move together on the next line, unless
                 * even a line of their own is too short */
                if (lead > 1 && lead - 1 + san_len > width)
                    goto done;
                b[0] = '\n';
                line_start = len + 1;
            }
            memcpy(b + lead, m->san, sizeof m->san);   /* fixed size: NUL and all */
            group = len + 1;
            len += lead + san_len;
        }
    }
done:
    w->len = len;
    w->line_start = line_start;
    w->group_start = group;
    return k;
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
    if (replay)
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
            size_t done = replay ? 0 : put_moves_on_line(w, it, g->item_count - i, black_number);
            if (done > 0) {
                i += done - 1;
                black_number = false;
                break;
            }
            char num[16];
            char *end = num + sizeof num;
            enum join join = JOIN_SPACE;
            unsigned side = it->ply & 1;
            if (side == ARB_WHITE) {
                *--end = '.';
                char *start = arb_decimal_before(it->ply / 2 + 1, end);
                put_word(w, start, (size_t)(num + sizeof num - start), JOIN_SPACE);
                join = JOIN_KEEP;
            } else if (black_number) {
                end -= 3;
                memcpy(end, "...", 3);
                char *start = arb_decimal_before(it->ply / 2 + 1, end);
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
                char *start = arb_decimal_before(it->nag, nag + sizeof nag);
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

/* Formats the game after the w->len bytes already in w->buf; false when
 * out of memory or the items are not well nested. */
static bool write_game(arb_pgn_writer *w, const arb_pgn_game *g)
{
    w->failed = false;
    int result = write_tags(w, g);
    write_movetext(w, g, result);
    return !w->failed;
}

static arb_status write_failed(void)
{
    return arb_status_error(ARB_ERR_MEMORY, ARB_ERR_MEMORY, 0, 0,
                            "cannot write the game (out of memory or badly nested variations)");
}

arb_status arb_pgn_write_game(arb_pgn_writer *w, const arb_pgn_game *g, const char **text,
                              size_t *len)
{
    w->len = 0;
    if (!write_game(w, g)) {
        *text = NULL;
        *len = 0;
        return write_failed();
    }
    *text = w->buf;
    *len = w->len;
    return (arb_status){0};
}

arb_status arb_pgn_write_game_to(arb_pgn_writer *w, const arb_pgn_game *g, arb_strbuf *out)
{
    if (out->failed)
        return write_failed();
    /* the writer fills the text's own memory (both grow by realloc), so the
     * game is not copied once more */
    char *own = w->buf;
    size_t own_cap = w->cap, start = out->len;
    w->buf = out->data;
    w->cap = out->cap;
    w->len = start;
    bool ok = write_game(w, g) && grow(w, 1);
    out->data = w->buf;
    out->cap = w->cap;
    out->len = ok ? w->len : start;
    if (out->data && out->len < out->cap)
        out->data[out->len] = '\0';   /* the text stays NUL-terminated */
    w->buf = own;
    w->cap = own_cap;
    w->len = 0;
    return ok ? (arb_status){0} : write_failed();
}
