/* report_json.c — the JSON Lines forms of a game's findings and facts, for
 * programs. */
#include "report.h"

#include <stdio.h>
#include <string.h>

#include "pgn_lex.h"

/* ,"game":N */
/* ,"game":N */
static bool json_game(arb_strbuf *t, const arb_lint_report *r, const arb_report_style *style)
{
    if (!arb_strbuf_puts(t, ",\"game\":"))
        return false;
    if (r->no_game)
        return arb_strbuf_puts(t, "null");
    if (style && style->write_game)
        return style->write_game(style, r, t);
    return arb_strbuf_printf(t, "%llu", (unsigned long long)r->game);
}

static bool json_string_or_null(arb_strbuf *t, const char *s)
{
    return s ? arb_strbuf_json_string(t, s) : arb_strbuf_puts(t, "null");
}

static bool json_result(arb_strbuf *t, int result)
{
    if (result == ARB_PGN_RESULT_NONE)
        return arb_strbuf_puts(t, "null");
    return arb_strbuf_json_string(t, arb_pgn_result_text(result));
}

/* ,"pairing":{...} of a tournament report's finding */
static bool json_pairing(arb_strbuf *t, const arb_finding *f)
{
    const struct arb_finding_pairing *p = &f->pairing;
    if (!p->report[0])
        return true;
    bool ok = arb_strbuf_printf(t, ",\"pairing\":{\"round\":");
    ok = ok && (p->round ? arb_strbuf_printf(t, "%d", p->round) : arb_strbuf_puts(t, "null"));
    const int ranks[2] = {p->white_rank, p->black_rank};
    const char *names[2] = {p->white, p->black}, *keys[2] = {",\"white\":", ",\"black\":"};
    for (int i = 0; i < 2; i++)
        ok = ok && arb_strbuf_puts(t, keys[i]) &&
             (ranks[i] ? arb_strbuf_printf(t, "{\"rank\":%d,\"name\":", ranks[i]) &&
                             arb_strbuf_json_string(t, names[i]) && arb_strbuf_puts(t, "}")
                       : arb_strbuf_puts(t, "null"));
    return ok && arb_strbuf_puts(t, ",\"report\":") && arb_strbuf_json_string(t, p->report) &&
           (p->report_line ? arb_strbuf_printf(t, ",\"report_line\":%d}", (int)p->report_line)
                           : arb_strbuf_puts(t, ",\"report_line\":null}"));
}

bool arb_finding_format_json(const arb_lint_report *r, const arb_finding *f, const arb_report_style *style,
                             arb_strbuf *out)
{
    const char *src = r->source ? r->source : "-";
    char message[1024], move[96];
    arb_finding_message(f, style, message, sizeof message);
    bool ok = arb_strbuf_puts(out, "{\"file\":") && arb_strbuf_json_string(out, src) &&
             json_game(out, r, style) &&
             arb_strbuf_printf(out, ",\"line\":%d,\"col\":%d,\"ply\":%u,\"move\":",
                             (int)f->line, (int)f->col, (unsigned)f->ply);
    if (f->move_number[0]) {
        snprintf(move, sizeof move, "%s%s", f->move_number, f->token);
        ok = ok && arb_strbuf_json_string(out, move);
    } else {
        ok = ok && arb_strbuf_puts(out, "null");
    }
    ok = ok && arb_strbuf_puts(out, ",\"token\":") &&
         json_string_or_null(out, f->token[0] ? f->token : NULL) &&
         arb_strbuf_puts(out, ",\"code\":") && arb_strbuf_json_string(out, arb_check_code(f->check)) &&
         arb_strbuf_puts(out, ",\"article\":") &&
         json_string_or_null(out, f->article[0] ? f->article : NULL) &&
         arb_strbuf_puts(out, ",\"severity\":") &&
         arb_strbuf_json_string(out, arb_severity_name(f->severity)) &&
         arb_strbuf_puts(out, ",\"message\":") && arb_strbuf_json_string(out, message) &&
         arb_strbuf_puts(out, ",\"candidates\":[");
    for (int c = 0; c < f->candidate_count && ok; c++)
        ok = (c == 0 || arb_strbuf_puts(out, ",")) && arb_strbuf_json_string(out, f->candidates[c]);
    ok = ok && arb_strbuf_puts(out, "]") &&
         (!f->read_as[0] || (arb_strbuf_puts(out, ",\"read_as\":") &&
                             arb_strbuf_json_string(out, f->read_as))) &&
         (!f->repair_followed || arb_strbuf_puts(out, ",\"repair_followed\":true")) &&
         (!f->after_error || arb_strbuf_puts(out, ",\"after_error\":true")) &&
         json_pairing(out, f) && arb_strbuf_puts(out, "}\n");
    return ok;
}

bool arb_report_format_json(const arb_lint_report *r, const arb_report_style *style, arb_strbuf *out)
{
    const char *src = r->source ? r->source : "-";
    bool ok = true;
    for (size_t i = 0; i < r->count && ok; i++)
        ok = arb_finding_format_json(r, &r->findings[i], style, out);
    ok = ok && arb_strbuf_puts(out, "{\"type\":\"game\",\"file\":") && arb_strbuf_json_string(out, src) &&
         json_game(out, r, style) && arb_strbuf_puts(out, ",\"white\":") &&
         json_string_or_null(out, r->white) && arb_strbuf_puts(out, ",\"black\":") &&
         json_string_or_null(out, r->black) && arb_strbuf_puts(out, ",\"round\":") &&
         json_string_or_null(out, r->round) && arb_strbuf_puts(out, ",\"result_tag\":") &&
         json_result(out, r->result_tag) && arb_strbuf_puts(out, ",\"result_board\":") &&
         json_result(out, r->result_board) && arb_strbuf_puts(out, ",\"termination\":") &&
         arb_strbuf_json_string(out, arb_termination_name(r->termination)) &&
         (!r->notation || (arb_strbuf_puts(out, ",\"notation\":") && arb_strbuf_json_string(out, r->notation))) &&
         arb_strbuf_printf(out, ",\"findings\":%zu}\n", r->count);
    return ok;
}

static bool json_ply(arb_strbuf *t, const char *name, uint32_t ply)
{
    return ply ? arb_strbuf_printf(t, ",\"%s\":%u", name, (unsigned)ply) : arb_strbuf_printf(t, ",\"%s\":null", name);
}

bool arb_report_format_facts(const arb_lint_report *r, const arb_report_style *style, arb_strbuf *out)
{
    const arb_game_facts *f = &r->facts;
    return arb_strbuf_puts(out, "{\"type\":\"facts\",\"file\":") &&
           arb_strbuf_json_string(out, r->source ? r->source : "-") &&
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
                                   : arb_strbuf_puts(out, ",\"first_dead_ply\":null")) &&
           arb_strbuf_printf(out, ",\"white_cannot_mate\":%s,\"black_cannot_mate\":%s}\n",
                           f->cannot_mate[ARB_WHITE] ? "true" : "false", f->cannot_mate[ARB_BLACK] ? "true" : "false");
}
