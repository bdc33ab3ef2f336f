/* report_json.c — the JSON Lines forms of a game's findings and facts, for
 * programs. */
#include "report.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "decimal.h"
#include "pgn_lex.h"
#include "repair.h"

/* A literal, its length known (every line has a dozen) */
#define PUT(t, literal) arb_strbuf_append(t, literal, sizeof literal - 1)

/* A line being made: its short pieces are gathered here and given to the
 * text in one append (a game line has about twenty), or in a few where a
 * piece must go to the text itself (a string to escape, the game number's
 * mark).  ok turns false with the text's first failed append, after which
 * nothing more is given to it, as a chain of appends joined by && would. */
typedef struct json_line {
    arb_strbuf *out;
    size_t n;
    bool ok;
    char buf[480];
} json_line;

static void line_start(json_line *l, arb_strbuf *out)
{
    l->out = out;
    l->n = 0;
    l->ok = true;
}

/* Gives what is gathered to the text; false once an append failed. */
static bool line_flush(json_line *l)
{
    if (l->n) {
        l->ok = l->ok && arb_strbuf_append(l->out, l->buf, l->n);
        l->n = 0;
    }
    return l->ok;
}

static inline void line_put(json_line *l, const char *s, size_t n)
{
    if (n > sizeof l->buf - l->n) {
        line_flush(l);
        if (n > sizeof l->buf) {
            l->ok = l->ok && arb_strbuf_append(l->out, s, n);
            return;
        }
    }
    memcpy(l->buf + l->n, s, n);
    l->n += n;
}
#define LINE_PUT(l, literal) line_put(l, literal, sizeof literal - 1)

/* Plain printable ASCII without '"' or '\\' (names, files, most messages):
 * a JSON string as it is between quotes; found eight bytes at a time, the
 * last eight (overlapping) for the rest; a short string byte by byte. */
static inline bool word_plain(uint64_t w)
{
    const uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
    uint64_t quote = w ^ (ones * '"'), slash = w ^ (ones * '\\');
    /* a byte below 0x20 or from 0x80, a quote, a backslash (a borrow only
     * starts at such a byte, so the word test is exact) */
    return !((w | (w - ones * 0x20) | ((quote - ones) & ~quote) | ((slash - ones) & ~slash)) & highs);
}

static inline bool json_plain(const char *s, size_t n)
{
    if (n < 8) {
        for (size_t i = 0; i < n; i++) {
            unsigned char c = (unsigned char)s[i];
            if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\')
                return false;
        }
        return true;
    }
    uint64_t w;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        memcpy(&w, s + i, 8);
        if (!word_plain(w))
            return false;
    }
    if (i == n)
        return true;
    memcpy(&w, s + n - 8, 8);
    return word_plain(w);
}

/* A JSON string known to hold plain ASCII (see json_plain), or not known
 * to (then looked at). */
static void line_text_n(json_line *l, const char *s, size_t n, bool plain)
{
    if (plain || json_plain(s, n)) {
        line_put(l, "\"", 1);
        line_put(l, s, n);
        line_put(l, "\"", 1);
    } else if (line_flush(l)) {
        l->ok = arb_strbuf_json_string(l->out, s);
    }
}

/* A JSON string: a plain one between quotes, anything else escaped (and
 * its UTF-8 checked) by arb_strbuf_json_string. */
static void line_text(json_line *l, const char *s)
{
    line_text_n(l, s, strlen(s), false);
}

static bool json_text(arb_strbuf *t, const char *s)
{
    json_line l;
    line_start(&l, t);
    line_text(&l, s);
    return line_flush(&l);
}

static void line_text_or_null(json_line *l, const char *s)
{
    if (s)
        line_text(l, s);
    else
        LINE_PUT(l, "null");
}

/* ,"game":N */
static void line_game(json_line *l, const arb_lint_report *r, const arb_report_style *style)
{
    LINE_PUT(l, ",\"game\":");
    if (r->no_game) {
        LINE_PUT(l, "null");
    } else if (style && style->write_game) {
        /* (the number's mark is the text's length: all before it given first) */
        if (line_flush(l))
            l->ok = style->write_game(style, r, l->out);
    } else {
        char digits[ARB_DECIMAL_MAX], *end = digits + sizeof digits;
        const char *d = arb_decimal_before(r->game, end);
        line_put(l, d, (size_t)(end - d));
    }
}

/* the results, quoted (plain ASCII: nothing to escape); every game line has two */
static void line_result(json_line *l, int result)
{
    switch (result) {
    case ARB_PGN_RESULT_NONE: LINE_PUT(l, "null"); break;
    case ARB_PGN_RESULT_WHITE: LINE_PUT(l, "\"1-0\""); break;
    case ARB_PGN_RESULT_BLACK: LINE_PUT(l, "\"0-1\""); break;
    case ARB_PGN_RESULT_DRAW: LINE_PUT(l, "\"1/2-1/2\""); break;
    default: line_text(l, arb_pgn_result_text(result)); break;
    }
}

/* The number in decimal (no printf: every game line and every finding has
 * some) */
static void line_number(json_line *l, long long n)
{
    char digits[ARB_DECIMAL_MAX + 1], *end = digits + sizeof digits;
    char *d = arb_decimal_before(n < 0 ? 0ULL - (unsigned long long)n : (unsigned long long)n, end);
    if (n < 0)
        *--d = '-';
    line_put(l, d, (size_t)(end - d));
}

/* ,"pairing":{...} of a tournament report's finding */
static bool json_pairing(arb_strbuf *t, const arb_finding *f)
{
    const struct arb_finding_pairing *p = &f->pairing;
    if (!p->report[0])
        return true;
    bool ok = arb_strbuf_printf(t, ",\"pairing\":{\"round\":");
    ok = ok && (p->round ? arb_strbuf_printf(t, "%d", p->round) : PUT(t, "null"));
    const int ranks[2] = {p->white_rank, p->black_rank};
    const char *names[2] = {p->white, p->black}, *keys[2] = {",\"white\":", ",\"black\":"};
    for (int i = 0; i < 2; i++)
        ok = ok && arb_strbuf_puts(t, keys[i]) &&
             (ranks[i] ? arb_strbuf_printf(t, "{\"rank\":%d,\"name\":", ranks[i]) &&
                             json_text(t, names[i]) && PUT(t, "}")
                       : PUT(t, "null"));
    return ok && PUT(t, ",\"report\":") && json_text(t, p->report) &&
           (p->report_line ? arb_strbuf_printf(t, ",\"report_line\":%d}", (int)p->report_line)
                           : PUT(t, ",\"report_line\":null}"));
}

/* A repair text without its move number ("24.Cd5" -> "Cd5", "3...0-0" ->
 * "0-0"), as pgnrepair's JSON gives the written and supplied moves. */
static const char *without_number(const char *s)
{
    const char *p = s;
    while (*p >= '0' && *p <= '9')
        p++;
    if (p == s || *p != '.')
        return s;
    while (*p == '.')
        p++;
    return p;
}

/* ,"repair":[...]: the finding's repair, each edit as pgnrepair's JSON
 * writes it (ply, then written/replaced_by, inserted, deleted or
 * swapped_with), with the line and column of its token. */
static bool json_repair(arb_strbuf *t, const arb_finding *f)
{
    if (f->repair_count <= 0)
        return true;
    bool ok = PUT(t, ",\"repair\":[");
    for (int e = 0; e < f->repair_count && e < ARB_FINDING_MAX_REPAIR_EDITS && ok; e++) {
        const struct arb_finding_edit *ed = &f->repair[e];
        ok = arb_strbuf_printf(t, "%s{\"ply\":%u", e ? "," : "", (unsigned)ed->ply);
        if (ok && ed->line > 0)
            ok = arb_strbuf_printf(t, ",\"line\":%d,\"col\":%d", (int)ed->line, (int)ed->col);
        switch (ed->kind) {
        case ARB_EDIT_REPLACE:
            ok = ok && PUT(t, ",\"written\":") && json_text(t, without_number(ed->written)) &&
                 PUT(t, ",\"replaced_by\":") && json_text(t, without_number(ed->move));
            break;
        case ARB_EDIT_INSERT:
            ok = ok && PUT(t, ",\"inserted\":") && json_text(t, without_number(ed->move));
            break;
        case ARB_EDIT_DELETE:
            ok = ok && PUT(t, ",\"deleted\":") && json_text(t, without_number(ed->written));
            break;
        default:
            ok = ok && arb_strbuf_printf(t, ",\"swapped_with\":%u", (unsigned)ed->ply + 2);
            break;
        }
        ok = ok && PUT(t, "}");
    }
    return ok && PUT(t, "]");
}

/* The source's name, and whether it is plain (every line of a game has it:
 * looked at once per game). */
typedef struct json_source {
    const char *name;
    size_t len;
    bool plain;
} json_source;

static json_source source_of(const arb_lint_report *r)
{
    json_source s = {r->source ? r->source : "-", 0, false};
    s.len = strlen(s.name);
    s.plain = json_plain(s.name, s.len);
    return s;
}

/* A name the library itself gives (check codes, severities, terminations):
 * plain ASCII, nothing to escape. */
static void line_own_name(json_line *l, const char *name)
{
    line_text_n(l, name, strlen(name), true);
}

static bool finding_line(const arb_lint_report *r, const arb_finding *f, const arb_report_style *style,
                         const json_source *src, arb_strbuf *out)
{
    char message[1024], move[96];
    arb_finding_message(f, style, message, sizeof message);
    json_line l;
    line_start(&l, out);
    LINE_PUT(&l, "{\"file\":");
    line_text_n(&l, src->name, src->len, src->plain);
    line_game(&l, r, style);
    LINE_PUT(&l, ",\"line\":");
    line_number(&l, (int)f->line);
    LINE_PUT(&l, ",\"col\":");
    line_number(&l, (int)f->col);
    LINE_PUT(&l, ",\"ply\":");
    line_number(&l, (unsigned)f->ply);
    LINE_PUT(&l, ",\"move\":");
    if (f->move_number[0]) {
        /* the number and the token as written, cut as snprintf would */
        size_t a = strlen(f->move_number), b = strlen(f->token);
        if (a > sizeof move - 1)
            a = sizeof move - 1;
        if (b > sizeof move - 1 - a)
            b = sizeof move - 1 - a;
        memcpy(move, f->move_number, a);
        memcpy(move + a, f->token, b);
        move[a + b] = '\0';
        line_text(&l, move);
    } else {
        LINE_PUT(&l, "null");
    }
    LINE_PUT(&l, ",\"token\":");
    line_text_or_null(&l, f->token[0] ? f->token : NULL);
    LINE_PUT(&l, ",\"code\":");
    line_own_name(&l, arb_check_code(f->check));
    LINE_PUT(&l, ",\"article\":");
    line_text_or_null(&l, f->article[0] ? f->article : NULL);
    LINE_PUT(&l, ",\"severity\":");
    line_own_name(&l, arb_severity_name(f->severity));
    LINE_PUT(&l, ",\"message\":");
    line_text(&l, message);
    LINE_PUT(&l, ",\"candidates\":[");
    for (int c = 0; c < f->candidate_count; c++) {
        if (c)
            LINE_PUT(&l, ",");
        line_text(&l, f->candidates[c]);
    }
    LINE_PUT(&l, "]");
    if (f->read_as[0]) {
        LINE_PUT(&l, ",\"read_as\":");
        line_text(&l, f->read_as);
    }
    /* (the rare parts below write to the text itself) */
    bool ok = line_flush(&l) && json_repair(out, f);
    line_start(&l, out);
    l.ok = ok;
    if (f->repair_followed)
        LINE_PUT(&l, ",\"repair_followed\":true");
    if (f->after_error)
        LINE_PUT(&l, ",\"after_error\":true");
    l.ok = line_flush(&l) && json_pairing(out, f);
    LINE_PUT(&l, "}\n");
    return line_flush(&l);
}

bool arb_finding_format_json(const arb_lint_report *r, const arb_finding *f, const arb_report_style *style,
                             arb_strbuf *out)
{
    json_source src = source_of(r);
    return finding_line(r, f, style, &src, out);
}

bool arb_report_format_json(const arb_lint_report *r, const arb_report_style *style, arb_strbuf *out)
{
    json_source src = source_of(r);
    bool ok = true;
    for (size_t i = 0; i < r->count && ok; i++)
        ok = finding_line(r, &r->findings[i], style, &src, out);
    if (!ok)
        return false;
    json_line l;
    line_start(&l, out);
    LINE_PUT(&l, "{\"type\":\"game\",\"file\":");
    line_text_n(&l, src.name, src.len, src.plain);
    line_game(&l, r, style);
    LINE_PUT(&l, ",\"white\":");
    line_text_or_null(&l, r->white);
    LINE_PUT(&l, ",\"black\":");
    line_text_or_null(&l, r->black);
    LINE_PUT(&l, ",\"round\":");
    line_text_or_null(&l, r->round);
    LINE_PUT(&l, ",\"result_tag\":");
    line_result(&l, r->result_tag);
    LINE_PUT(&l, ",\"result_board\":");
    line_result(&l, r->result_board);
    LINE_PUT(&l, ",\"termination\":");
    line_own_name(&l, arb_termination_name(r->termination));
    if (r->notation) {
        LINE_PUT(&l, ",\"notation\":");
        line_text(&l, r->notation);
    }
    LINE_PUT(&l, ",\"findings\":");
    line_number(&l, (long long)r->count);
    LINE_PUT(&l, "}\n");
    return line_flush(&l);
}

static bool json_game(arb_strbuf *t, const arb_lint_report *r, const arb_report_style *style)
{
    json_line l;
    line_start(&l, t);
    line_game(&l, r, style);
    return line_flush(&l);
}

static bool json_ply(arb_strbuf *t, const char *name, uint32_t ply)
{
    return ply ? arb_strbuf_printf(t, ",\"%s\":%u", name, (unsigned)ply) : arb_strbuf_printf(t, ",\"%s\":null", name);
}

bool arb_report_format_facts(const arb_lint_report *r, const arb_report_style *style, arb_strbuf *out)
{
    const arb_game_facts *f = &r->facts;
    return PUT(out, "{\"type\":\"facts\",\"file\":") &&
           json_text(out, r->source ? r->source : "-") &&
           json_game(out, r, style) &&
           arb_strbuf_printf(out, ",\"plies\":%u,\"ok\":%s,\"checkmate\":%s,\"stalemate\":%s,"
                                "\"insufficient_material\":%s", (unsigned)r->plies,
                           f->replayed ? "true" : "false", f->checkmate ? "true" : "false",
                           f->stalemate ? "true" : "false", f->insufficient_material ? "true" : "false") &&
           json_ply(out, "first_threefold_ply", f->first_threefold_ply) &&
           json_ply(out, "first_fivefold_ply", f->first_fivefold_ply) &&
           json_ply(out, "first_fifty_ply", f->first_fifty_ply) &&
           json_ply(out, "first_seventyfive_ply", f->first_seventyfive_ply) &&
           arb_strbuf_printf(out, ",\"claim_threefold_final\":%s,\"claim_fifty_final\":%s",
                           f->claim_threefold ? "true" : "false", f->claim_fifty ? "true" : "false") &&
           (f->first_dead_ply >= 0 ? arb_strbuf_printf(out, ",\"first_dead_ply\":%d", (int)f->first_dead_ply)
                                   : PUT(out, ",\"first_dead_ply\":null")) &&
           arb_strbuf_printf(out, ",\"white_cannot_mate\":%s,\"black_cannot_mate\":%s}\n",
                           f->cannot_mate[ARB_WHITE] ? "true" : "false", f->cannot_mate[ARB_BLACK] ? "true" : "false");
}
