/* report_json.c — the JSON Lines forms of a game's findings and facts, for
 * programs. */
#include "report.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "pgn_lex.h"
#include "repair.h"

/* A literal, its length known (every line has a dozen) */
#define PUT(t, literal) arb_strbuf_append(t, literal, sizeof literal - 1)

/* ,"game":N */
static bool json_game(arb_strbuf *t, const arb_lint_report *r, const arb_report_style *style)
{
    if (!PUT(t, ",\"game\":"))
        return false;
    if (r->no_game)
        return PUT(t, "null");
    if (style && style->write_game)
        return style->write_game(style, r, t);
    return arb_strbuf_printf(t, "%llu", (unsigned long long)r->game);
}

/* A JSON string: plain printable ASCII without '"' or '\\' (names, files,
 * most messages) is what it is between quotes, found eight bytes at a time;
 * anything else is escaped (and its UTF-8 checked) by arb_strbuf_json_string. */
static bool json_text(arb_strbuf *t, const char *s)
{
    const uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
    size_t n = strlen(s), i = 0;
    for (uint64_t w; i + 8 <= n; i += 8) {
        memcpy(&w, s + i, 8);
        uint64_t quote = w ^ (ones * '"'), slash = w ^ (ones * '\\');
        /* a byte below 0x20 or from 0x80, a quote, a backslash */
        if ((w | (w - ones * 0x20) | ((quote - ones) & ~quote) | ((slash - ones) & ~slash)) & highs)
            return arb_strbuf_json_string(t, s);
    }
    for (; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\')
            return arb_strbuf_json_string(t, s);
    }
    char quoted[256];   /* (one append for the usual short one) */
    if (n + 2 > sizeof quoted)
        return arb_strbuf_append(t, "\"", 1) && arb_strbuf_append(t, s, n) && arb_strbuf_append(t, "\"", 1);
    quoted[0] = '"';
    memcpy(quoted + 1, s, n);
    quoted[n + 1] = '"';
    return arb_strbuf_append(t, quoted, n + 2);
}

static bool json_string_or_null(arb_strbuf *t, const char *s)
{
    return s ? json_text(t, s) : PUT(t, "null");
}

/* the results, quoted (plain ASCII: nothing to escape); every game line has two */
static bool json_result(arb_strbuf *t, int result)
{
    switch (result) {
    case ARB_PGN_RESULT_NONE: return arb_strbuf_append(t, "null", 4);
    case ARB_PGN_RESULT_WHITE: return arb_strbuf_append(t, "\"1-0\"", 5);
    case ARB_PGN_RESULT_BLACK: return arb_strbuf_append(t, "\"0-1\"", 5);
    case ARB_PGN_RESULT_DRAW: return arb_strbuf_append(t, "\"1/2-1/2\"", 9);
    default: return json_text(t, arb_pgn_result_text(result));
    }
}

/* `prefix`, the number, `suffix` (no printf: every game line and every
 * finding has some) */
static bool json_number(arb_strbuf *t, const char *prefix, long long n, const char *suffix)
{
    char digits[24];
    size_t at = sizeof digits;
    unsigned long long v = n < 0 ? 0ULL - (unsigned long long)n : (unsigned long long)n;
    do {
        digits[--at] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    if (n < 0)
        digits[--at] = '-';
    return arb_strbuf_puts(t, prefix) && arb_strbuf_append(t, digits + at, sizeof digits - at) &&
           arb_strbuf_puts(t, suffix);
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

bool arb_finding_format_json(const arb_lint_report *r, const arb_finding *f, const arb_report_style *style,
                             arb_strbuf *out)
{
    const char *src = r->source ? r->source : "-";
    char message[1024], move[96];
    arb_finding_message(f, style, message, sizeof message);
    bool ok = PUT(out, "{\"file\":") && json_text(out, src) &&
             json_game(out, r, style) && json_number(out, ",\"line\":", (int)f->line, "") &&
             json_number(out, ",\"col\":", (int)f->col, "") &&
             json_number(out, ",\"ply\":", (unsigned)f->ply, ",\"move\":");
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
        ok = ok && json_text(out, move);
    } else {
        ok = ok && PUT(out, "null");
    }
    ok = ok && PUT(out, ",\"token\":") &&
         json_string_or_null(out, f->token[0] ? f->token : NULL) &&
         PUT(out, ",\"code\":") && json_text(out, arb_check_code(f->check)) &&
         PUT(out, ",\"article\":") &&
         json_string_or_null(out, f->article[0] ? f->article : NULL) &&
         PUT(out, ",\"severity\":") &&
         json_text(out, arb_severity_name(f->severity)) &&
         PUT(out, ",\"message\":") && json_text(out, message) &&
         PUT(out, ",\"candidates\":[");
    for (int c = 0; c < f->candidate_count && ok; c++)
        ok = (c == 0 || PUT(out, ",")) && json_text(out, f->candidates[c]);
    ok = ok && PUT(out, "]") &&
         (!f->read_as[0] || (PUT(out, ",\"read_as\":") &&
                             json_text(out, f->read_as))) &&
         json_repair(out, f) &&
         (!f->repair_followed || PUT(out, ",\"repair_followed\":true")) &&
         (!f->after_error || PUT(out, ",\"after_error\":true")) &&
         json_pairing(out, f) && PUT(out, "}\n");
    return ok;
}

bool arb_report_format_json(const arb_lint_report *r, const arb_report_style *style, arb_strbuf *out)
{
    const char *src = r->source ? r->source : "-";
    bool ok = true;
    for (size_t i = 0; i < r->count && ok; i++)
        ok = arb_finding_format_json(r, &r->findings[i], style, out);
    ok = ok && PUT(out, "{\"type\":\"game\",\"file\":") && json_text(out, src) &&
         json_game(out, r, style) && PUT(out, ",\"white\":") &&
         json_string_or_null(out, r->white) && PUT(out, ",\"black\":") &&
         json_string_or_null(out, r->black) && PUT(out, ",\"round\":") &&
         json_string_or_null(out, r->round) && PUT(out, ",\"result_tag\":") &&
         json_result(out, r->result_tag) && PUT(out, ",\"result_board\":") &&
         json_result(out, r->result_board) && PUT(out, ",\"termination\":\"") &&
         arb_strbuf_puts(out, arb_termination_name(r->termination)) &&   /* plain names: nothing to escape */
         PUT(out, "\"") &&
         (!r->notation || (PUT(out, ",\"notation\":") && json_text(out, r->notation))) &&
         json_number(out, ",\"findings\":", (long long)r->count, "}\n");
    return ok;
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
