/* trf.c — the TRF-16 reader: records by line, fields by character column. */
#include "trf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "input.h"
#include "pgn_lex.h"
#include "utf8.h"

#define TRF_MAX_FILE (64u << 20)
/* the first round cell starts in column 92 and each takes 10 (TRF-16) */
#define FIRST_CELL_COL 92
#define CELL_WIDTH 10

/* One line in UTF-8 with the byte offset of every character, so that fields
 * are cut by character column whatever the encoding. */
typedef struct trf_line {
    char text[ARB_TRF_MAX_LINE * 3 + 1];
    uint32_t offset[ARB_TRF_MAX_LINE + 1];   /* of character i (0-based); [chars] = length */
    size_t chars;
    int32_t number;
} trf_line;

static void add_diag(arb_trf *t, int32_t line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void add_diag(arb_trf *t, int32_t line, int col, const char *fmt, ...)
{
    if (t->diag_count >= ARB_TRF_MAX_DIAGS || !t->diags) {
        t->diags_dropped++;
        return;
    }
    arb_trf_diag *d = &t->diags[t->diag_count++];
    d->line = line;
    d->col = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->message, sizeof d->message, fmt, ap);
    va_end(ap);
}

/* Characters [col, col + width) (1-based column) with the blanks around
 * them trimmed, copied to dst; columns past the end are blank. */
static void field(const trf_line *l, size_t col, size_t width, char *dst, size_t size)
{
    size_t from = col - 1, to = from + width;
    if (from > l->chars)
        from = l->chars;
    if (to > l->chars)
        to = l->chars;
    const char *a = l->text + l->offset[from], *b = l->text + l->offset[to];
    while (a < b && (*a == ' ' || *a == '\t'))
        a++;
    while (b > a && (b[-1] == ' ' || b[-1] == '\t'))
        b--;
    size_t n = (size_t)(b - a);
    if (n >= size)
        n = size - 1;
    /* never cut a UTF-8 sequence in two */
    while (n > 0 && ((unsigned char)a[n] & 0xC0) == 0x80)
        n--;
    memcpy(dst, a, n);
    dst[n] = '\0';
}

/* A field of digits only (blank: `blank`); -1 when it holds anything else. */
static long number_field(const trf_line *l, size_t col, size_t width, long blank)
{
    char s[32];
    field(l, col, width, s, sizeof s);
    if (!s[0])
        return blank;
    long v = 0;
    for (const char *p = s; *p; p++) {
        if (*p < '0' || *p > '9' || v > 100000000000L)
            return -1;
        v = v * 10 + (*p - '0');
    }
    return v;
}

/* A number field that may be blank (0); anything else is a message naming
 * the field and its columns, and 0. */
static long optional_number(arb_trf *t, const trf_line *l, size_t col, size_t width, const char *what)
{
    long v = number_field(l, col, width, 0);
    if (v < 0) {
        char s[32];
        field(l, col, width, s, sizeof s);
        add_diag(t, l->number, (int)col, "%s \"%s\" is not a number (columns %zu-%zu)", what, s, col,
                 col + width - 1);
        v = 0;
    }
    return v;
}

/* "6.0", "6,5", "6" in tenths; -1 when unreadable or blank. */
static int points_field(const trf_line *l, size_t col, size_t width)
{
    char s[32];
    field(l, col, width, s, sizeof s);
    if (!s[0])
        return -1;
    int whole = 0, tenths = 0, digits = 0;
    const char *p = s;
    for (; *p >= '0' && *p <= '9' && digits < 5; p++, digits++)
        whole = whole * 10 + (*p - '0');
    if (!digits)
        return -2;
    if (*p == '.' || *p == ',') {
        p++;
        if (*p >= '0' && *p <= '9')
            tenths = *p++ - '0';
        while (*p == '0')
            p++;
    }
    return *p ? -2 : whole * 10 + tenths;
}

bool arb_trf_result_played(char result)
{
    return result && strchr("10=WDL", result) != NULL;
}

int arb_trf_result_tenths(char result)
{
    switch (result) {
    case '1': case '+': case 'W': case 'F': case 'U': return 10;
    case '=': case 'D': case 'H': return 5;
    default: return 0;
    }
}

/* Reads the round cells of a 001 line.  A cell blank in all its columns is
 * "not paired"; otherwise it must be opponent, colour and result. */
static bool read_cells(arb_trf *t, arb_trf_player *p, const trf_line *l)
{
    p->first_cell = t->cell_count;
    p->cell_count = 0;
    int last = 0;   /* rounds up to the last non-blank cell */
    for (int r = 1; r <= ARB_TRF_MAX_ROUNDS; r++) {
        size_t col = FIRST_CELL_COL + (size_t)(r - 1) * CELL_WIDTH;
        if (col > l->chars)
            break;
        if (!arb_grow(&t->cells, &t->cell_cap, t->cell_count + 1, sizeof *t->cells))
            return false;
        arb_trf_cell *c = &t->cells[t->cell_count++];
        p->cell_count++;
        memset(c, 0, sizeof *c);
        c->col = (uint16_t)col;
        c->colour = '-';
        c->result = ' ';
        char all[16], colour[8], result[8];
        field(l, col - 1, CELL_WIDTH, all, sizeof all);
        if (!all[0])
            continue;
        last = r;
        long opp = number_field(l, col, 4, 0);
        field(l, col + 5, 1, colour, sizeof colour);
        field(l, col + 7, 1, result, sizeof result);
        char rest[16];
        field(l, col + 8, 1, rest, sizeof rest);
        if (opp < 0 || opp > ARB_TRF_MAX_RANK) {
            char s[16];
            field(l, col, 4, s, sizeof s);
            add_diag(t, l->number, (int)col, "round %d: opponent \"%s\" is not a start rank, expected "
                     "a number from 1 to %d or 0000 (columns %zu-%zu)", r, s, ARB_TRF_MAX_RANK,
                     col, col + 3);
            c->result = '?';
            continue;
        }
        /* a bye may leave opponent and colour blank (lichess writes "    H") */
        if (!colour[0] && opp == 0 && result[0] && strchr("+-HFUZ", result[0]))
            colour[0] = '-', colour[1] = '\0';
        if (!colour[0] || !strchr("wb-", colour[0]) || colour[1]) {
            add_diag(t, l->number, (int)col + 5, "round %d: colour \"%s\" is not w, b or - (column %zu)",
                     r, colour, col + 5);
            c->result = '?';
            continue;
        }
        if (!result[0] || !strchr("10=+-HFUZWDL", result[0]) || result[1] || rest[0]) {
            add_diag(t, l->number, (int)col + 7, "round %d: result \"%s\" is not one of 1 0 = + - H F U Z W D L "
                     "(column %zu)", r, result[0] ? result : "", col + 7);
            c->result = '?';
            continue;
        }
        c->opponent = (uint16_t)opp;
        c->colour = colour[0];
        c->result = result[0];
        if (opp == 0 && arb_trf_result_played(c->result)) {
            add_diag(t, l->number, (int)col, "round %d: result %c without an opponent, expected an "
                     "opponent's start rank or a bye (+ - H F U Z)", r, c->result);
            c->result = '?';
        }
    }
    /* trailing blank cells are no rounds */
    t->cell_count -= (size_t)(p->cell_count - last);
    p->cell_count = last;
    return true;
}

static bool read_player(arb_trf *t, const trf_line *l)
{
    long rank = number_field(l, 5, 4, -1);
    if (rank <= 0 || rank > ARB_TRF_MAX_RANK) {
        char s[16];
        field(l, 5, 4, s, sizeof s);
        add_diag(t, l->number, 5, "player line without a start rank (\"%s\"), expected a number from 1 to %d "
                 "in columns 5-8; line ignored", s, ARB_TRF_MAX_RANK);
        return true;
    }
    if (t->by_rank[rank]) {
        add_diag(t, l->number, 5, "start rank %ld given twice (first on line %d); line ignored", rank,
                 (int)t->players[t->by_rank[rank] - 1].line);
        return true;
    }
    if (!arb_grow(&t->players, &t->player_cap, t->player_count + 1, sizeof *t->players))
        return false;
    arb_trf_player *p = &t->players[t->player_count];
    memset(p, 0, sizeof *p);
    p->rank = (int)rank;
    p->line = l->number;
    char s[ARB_TRF_NAME_MAX];
    field(l, 10, 1, s, sizeof s);
    p->sex = s[0] ? s[0] : ' ';
    field(l, 11, 3, p->title, sizeof p->title);
    field(l, 15, 33, p->name, sizeof p->name);
    if (!p->name[0])
        add_diag(t, l->number, 15, "start rank %ld has no name (columns 15-47)", rank);
    p->rating = (int)optional_number(t, l, 49, 4, "rating");
    field(l, 54, 3, p->federation, sizeof p->federation);
    p->fide_id = (uint64_t)optional_number(t, l, 58, 11, "FIDE ID");
    field(l, 70, 10, p->birth, sizeof p->birth);
    p->points_tenths = points_field(l, 81, 4);
    if (p->points_tenths == -2) {
        field(l, 81, 4, s, sizeof s);
        add_diag(t, l->number, 81, "points \"%s\" are not a number such as 4.5 (columns 81-84)", s);
        p->points_tenths = -1;
    }
    long place = number_field(l, 86, 4, 0);
    p->place = place > 0 ? (int)place : 0;
    if (!read_cells(t, p, l))
        return false;
    t->by_rank[rank] = (int32_t)++t->player_count;
    if (p->cell_count > t->rounds)
        t->rounds = p->cell_count;
    return true;
}

/* Converts raw bytes of one line to UTF-8 (Windows-1252 when they are not
 * UTF-8) and indexes its characters. */
static void decode_line(arb_trf *t, const char *raw, size_t len, trf_line *l)
{
    bool utf8 = true;
    for (size_t i = 0; i < len;) {
        int n = arb_utf8_sequence_length((const unsigned char *)raw + i, len - i);
        if (!n) {
            utf8 = false;
            break;
        }
        i += (size_t)n;
    }
    if (!utf8)
        t->converted_encoding = true;
    size_t n = arb_pgn_text_to_utf8(raw, len, false, !utf8, false, l->text);
    l->chars = 0;
    for (size_t i = 0; i < n && l->chars < ARB_TRF_MAX_LINE;) {
        l->offset[l->chars++] = (uint32_t)i;
        int k = arb_utf8_sequence_length((const unsigned char *)l->text + i, n - i);
        i += k ? (size_t)k : 1;
    }
    l->offset[l->chars] = (uint32_t)n;
}

static bool read_line(arb_trf *t, trf_line *l)
{
    if (l->chars < 3)
        return true;
    const char *s = l->text;
    char value[ARB_TRF_NAME_MAX];
    if (strncmp(s, "001", 3) == 0)
        return read_player(t, l);
    if (strncmp(s, "012", 3) == 0) {
        field(l, 5, ARB_TRF_MAX_LINE, t->event, sizeof t->event);
    } else if (strncmp(s, "042", 3) == 0) {
        field(l, 5, ARB_TRF_MAX_LINE, t->start_date, sizeof t->start_date);
    } else if (strncmp(s, "052", 3) == 0) {
        field(l, 5, ARB_TRF_MAX_LINE, t->end_date, sizeof t->end_date);
    } else if (strncmp(s, "XXR", 3) == 0) {
        field(l, 4, ARB_TRF_MAX_LINE, value, sizeof value);
        char *end;
        long r = strtol(value, &end, 10);
        if (!value[0] || *end || r < 1 || r > ARB_TRF_MAX_ROUNDS)
            add_diag(t, l->number, 5, "XXR \"%s\" is not a number of rounds from 1 to %d", value,
                     ARB_TRF_MAX_ROUNDS);
        else
            t->declared_rounds = (int)r;
        if (t->declared_rounds > t->rounds)
            t->rounds = t->declared_rounds;
    }
    return true;
}

arb_status arb_trf_parse(const char *data, size_t len, const char *name, arb_trf **out)
{
    arb_status st = {0};
    *out = NULL;
    arb_trf *t = calloc(1, sizeof *t);
    trf_line *l = malloc(sizeof *l);
    if (t) {
        t->by_rank = calloc(ARB_TRF_MAX_RANK + 1, sizeof *t->by_rank);
        t->diags = calloc(ARB_TRF_MAX_DIAGS, sizeof *t->diags);
    }
    if (!t || !l || !t->by_rank || !t->diags)
        goto oom;
    snprintf(t->source, sizeof t->source, "%s", name ? name : "-");
    size_t start = 0;
    int32_t number = 0;
    /* a UTF-8 byte-order mark is no part of the first record */
    if (len >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0)
        start = 3;
    while (start < len) {
        size_t end = start;
        while (end < len && data[end] != '\n' && data[end] != '\r')
            end++;
        number++;
        size_t n = end - start;
        if (n > ARB_TRF_MAX_LINE) {
            add_diag(t, number, ARB_TRF_MAX_LINE + 1, "line longer than %d bytes; the rest is ignored",
                     ARB_TRF_MAX_LINE);
            n = ARB_TRF_MAX_LINE;
        }
        l->number = number;
        decode_line(t, data + start, n, l);
        if (!read_line(t, l))
            goto oom;
        if (end < len && data[end] == '\r' && end + 1 < len && data[end + 1] == '\n')
            end++;
        start = end + 1;
    }
    if (t->player_count == 0)
        add_diag(t, number ? number : 1, 1, "no player records (001); expected one line per player");
    free(l);
    *out = t;
    return st;
oom:
    free(l);
    arb_trf_free(t);
    st.code = st.error_class = ARB_ERR_MEMORY;
    snprintf(st.message, sizeof st.message, "%s: out of memory reading the tournament report",
             name ? name : "-");
    return st;
}

arb_status arb_trf_load(const char *path, arb_trf **out)
{
    *out = NULL;
    arb_input *in;
    arb_status st = arb_input_open(path, &in);
    if (st.code)
        return st;
    size_t cap = 1 << 16, len = 0;
    char *data = malloc(cap);
    while (data) {
        if (len == cap) {
            if (cap >= TRF_MAX_FILE) {
                st.code = st.error_class = ARB_ERR_LIMIT;
                snprintf(st.message, sizeof st.message, "%s: longer than %u MiB, expected a tournament "
                         "report", arb_input_name(in), TRF_MAX_FILE >> 20);
                break;
            }
            char *grown = realloc(data, cap * 2);
            if (!grown) {
                free(data);
                data = NULL;
                break;
            }
            data = grown;
            cap *= 2;
        }
        ssize_t n = arb_input_read(in, data + len, cap - len, &st);
        if (n < 0)
            break;
        if (n == 0)
            break;
        len += (size_t)n;
    }
    if (!data && !st.code) {
        st.code = st.error_class = ARB_ERR_MEMORY;
        snprintf(st.message, sizeof st.message, "%s: out of memory", arb_input_name(in));
    }
    if (!st.code)
        st = arb_trf_parse(data, len, arb_input_name(in), out);
    free(data);
    arb_input_close(in);
    return st;
}

void arb_trf_free(arb_trf *t)
{
    if (!t)
        return;
    free(t->players);
    free(t->cells);
    free(t->diags);
    free(t->by_rank);
    free(t);
}

const arb_trf_player *arb_trf_player_by_rank(const arb_trf *t, int rank)
{
    if (rank < 1 || rank > ARB_TRF_MAX_RANK || !t->by_rank[rank])
        return NULL;
    return &t->players[t->by_rank[rank] - 1];
}

const arb_trf_cell *arb_trf_cell_of(const arb_trf *t, const arb_trf_player *p, int round)
{
    if (round < 1 || round > p->cell_count)
        return NULL;
    return &t->cells[p->first_cell + (size_t)round - 1];
}
