/* report_html.c — the report page: head and stylesheet, summary, games. */
#include "report_html.h"

#include <stdio.h>
#include <string.h>

#include "board_svg.h"

/* tags shown at most per game (a hostile game may have thousands) */
#define MAX_TAGS 24

static const char STYLE[] =
    "body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif;margin:0 auto;"
    "max-width:60rem;padding:1rem;line-height:1.4;color:#111;background:#fff}"
    "h1{font-size:1.5rem}h2{font-size:1.25rem;border-bottom:1px solid #ccc}h3{font-size:1.05rem;margin:0}"
    "table{border-collapse:collapse;margin:.5rem 0}th,td{border:1px solid #ccc;padding:.2rem .5rem;"
    "text-align:right}th:first-child,td:first-child{text-align:left}"
    ".scroll{overflow-x:auto}.tags td,.tags th{text-align:left;border:0;padding:0 .5rem 0 0}"
    ".game{border:1px solid #ccc;border-radius:.4rem;padding:.75rem;margin:1rem 0}"
    ".finding{display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-start;border-top:1px solid #eee;"
    "padding-top:.5rem;margin-top:.5rem}.finding .text{flex:1 1 18rem;min-width:0;overflow-wrap:anywhere}"
    ".finding figure{margin:0;flex:0 1 16rem}.board{width:100%;max-width:16rem;height:auto;display:block}"
    ".board .piece{font-size:.82px;text-anchor:middle;dominant-baseline:central;"
    "font-family:'DejaVu Sans','Segoe UI Symbol','Noto Sans Symbols 2',sans-serif}"
    ".board .coord{font-size:.3px;text-anchor:middle;dominant-baseline:central;fill:#555;"
    "font-family:'DejaVu Sans',sans-serif}"
    ".sev{font-weight:bold;text-transform:uppercase;font-size:.8rem;padding:0 .3rem;border-radius:.2rem}"
    ".error .sev{background:#b00020;color:#fff}.warning .sev{background:#f2c200;color:#000}"
    ".info .sev{background:#0b6bcb;color:#fff}code{font-size:.95em}.where{color:#555;font-size:.9rem}"
    ".bad{color:#b00020;font-weight:bold}"
    "@media (max-width:40rem){body{padding:.5rem}.finding figure{flex-basis:100%}"
    ".rounds th,.rounds td{padding:.15rem .25rem;font-size:.8rem}}"
    "@media print{body{max-width:none;font-size:10pt}.game,.finding{break-inside:avoid}"
    ".sev{border:1px solid #000;background:none!important;color:#000!important}a{color:#000}}";

static bool esc(arb_strbuf *out, const char *s)
{
    return arb_html_escape(out, s ? s : "?");
}

bool arb_html_begin(const char *title, arb_strbuf *out)
{
    return arb_strbuf_puts(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                                "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>") &&
           esc(out, title) && arb_strbuf_printf(out, "</title>\n<style>%s</style>\n</head>\n<body>\n<h1>", STYLE) &&
           esc(out, title) && arb_strbuf_puts(out, "</h1>\n");
}

static bool count_cell(arb_strbuf *out, unsigned n, bool bad)
{
    return arb_strbuf_printf(out, "<td%s>%u</td>", bad && n ? " class=\"bad\"" : "", n);
}

bool arb_html_summary(const arb_html_totals *t, const arb_trf_check *check, arb_strbuf *out)
{
    bool ok = arb_strbuf_printf(out, "<section id=\"summary\">\n<h2>Summary</h2>\n<p>%llu game%s: %llu clean, "
                                     "%llu with errors, %llu with warnings.",
                                t->games, t->games == 1 ? "" : "s", t->clean, t->with_errors, t->with_warnings);
    if (check)
        ok = ok && arb_strbuf_printf(out, " The tournament report: %llu error%s, %llu warning%s.",
                                     t->report_errors, t->report_errors == 1 ? "" : "s", t->report_warnings,
                                     t->report_warnings == 1 ? "" : "s");
    ok = ok && arb_strbuf_puts(out, "</p>\n");
    if (check && ok) {
        int rounds = arb_trf_check_rounds(check);
        arb_trf_round_summary rows[ARB_TRF_MAX_ROUNDS + 2];
        size_t n = arb_trf_check_summary(check, rows, (size_t)rounds + 2);
        ok = arb_strbuf_puts(out, "<div class=\"scroll\"><table class=\"rounds\">\n<thead><tr><th>Round</th>"
                                  "<th>Expec&shy;ted</th><th>Found</th><th>Miss&shy;ing</th><th>Extra</th>"
                                  "<th>Disagree&shy;ing</th></tr></thead>\n<tbody>\n");
        for (size_t i = 1; i < n && ok; i++) {
            if (i + 1 == n && !rows[i].extra)
                break;   /* games of no known round: only when there are some */
            ok = (i + 1 == n ? arb_strbuf_puts(out, "<tr><td>?</td>")
                             : arb_strbuf_printf(out, "<tr><td>%d</td>", rows[i].round)) &&
                 count_cell(out, rows[i].expected, false) && count_cell(out, rows[i].found, false) &&
                 count_cell(out, rows[i].missing, true) && count_cell(out, rows[i].extra, true) &&
                 count_cell(out, rows[i].disagreeing, true) && arb_strbuf_puts(out, "</tr>\n");
        }
        ok = ok && arb_strbuf_puts(out, "</tbody>\n<tfoot><tr><th>Total</th>") &&
             count_cell(out, rows[0].expected, false) && count_cell(out, rows[0].found, false) &&
             count_cell(out, rows[0].missing, true) && count_cell(out, rows[0].extra, true) &&
             count_cell(out, rows[0].disagreeing, true) && arb_strbuf_puts(out, "</tr></tfoot>\n</table></div>\n");
    }
    return ok && arb_strbuf_puts(out, "</section>\n");
}

/* The finding's text: place, severity, code, article, message. */
static bool finding_text(const arb_lint_report *r, const arb_finding *f, const arb_report_style *style,
                         arb_strbuf *out)
{
    char message[1024];
    arb_finding_message(f, style, message, sizeof message);
    bool ok = arb_strbuf_printf(out, "<p class=\"where\">%s", "") && esc(out, r->source ? r->source : "-") &&
              arb_strbuf_printf(out, ":%d:%d</p>\n<p><span class=\"sev\">%s</span> <code>%s</code>", (int)f->line,
                                (int)f->col, arb_severity_name(f->severity), arb_check_code(f->check));
    if (f->article[0])
        ok = ok && arb_strbuf_puts(out, " [") && esc(out, f->article) && arb_strbuf_puts(out, "]");
    ok = ok && arb_strbuf_puts(out, " ") && esc(out, message) && arb_strbuf_puts(out, "</p>\n");
    if (f->move_number[0])
        ok = ok && arb_strbuf_puts(out, "<p>Move: <strong>") && esc(out, f->move_number) && esc(out, f->token) &&
             arb_strbuf_puts(out, "</strong></p>\n");
    return ok;
}

bool arb_html_report_findings(const arb_lint_report *r, const char *heading, const arb_report_style *style,
                              arb_strbuf *out)
{
    if (r->count == 0)
        return true;
    /* the heading as a title: its first letter a capital */
    char first[2] = {heading[0] >= 'a' && heading[0] <= 'z' ? (char)(heading[0] - 'a' + 'A') : heading[0], '\0'};
    bool ok = arb_strbuf_puts(out, "<section class=\"report\">\n<h2>") && esc(out, first) &&
              esc(out, heading[0] ? heading + 1 : "") && arb_strbuf_puts(out, "</h2>\n");
    for (size_t i = 0; i < r->count && ok; i++)
        ok = arb_strbuf_printf(out, "<div class=\"finding %s\"><div class=\"text\">\n",
                               arb_severity_name(r->findings[i].severity)) &&
             finding_text(r, &r->findings[i], style, out) && arb_strbuf_puts(out, "</div></div>\n");
    return ok && arb_strbuf_puts(out, "</section>\n");
}

/* The position a finding is about: the one its candidates are legal in,
 * else the one before its move of the main line, else the final one. */
static void finding_position(const arb_pgn_game *g, const arb_finding *f, arb_position *pos, int *from,
                             int *to, char *caption, size_t size)
{
    *from = *to = ARB_NO_SQUARE;
    char move[80];
    snprintf(move, sizeof move, "%s%s", f->move_number, f->token);
    if (f->has_position) {
        *pos = f->position;
        snprintf(caption, size, "Position before %s", move);
        return;
    }
    *pos = g->end;
    snprintf(caption, size, "Final position");
    if (f->ply == 0)
        return;
    if (f->ply == 1) {
        *pos = g->start;
        snprintf(caption, size, "Position before %s", move[0] ? move : "the first move");
    }
    arb_pgn_walker w;
    arb_pgn_walker_init(&w, g);
    uint32_t ply = 0;
    for (const arb_pgn_item *it; (it = arb_pgn_walker_next(&w));) {
        if (it->kind != ARB_PGN_ITEM_MOVE || w.depth != 0)
            continue;
        if (++ply == f->ply) {
            *pos = w.before;
            if (it->move != ARB_MOVE_NULL) {
                *from = arb_move_from(it->move);
                *to = arb_move_to(it->move);
            }
            snprintf(caption, size, "Position before %s", move[0] ? move : "the move");
            break;
        }
    }
    arb_pgn_walker_free(&w);
    if (ply + 1 == f->ply && f->ply > 1) {
        /* the move concerned was not replayed: the position it was written in */
        snprintf(caption, size, "Position before %s", move[0] ? move : "the move");
    }
}

bool arb_html_game(const arb_lint_report *r, const arb_pgn_game *g, const arb_report_style *style,
                   arb_strbuf *out)
{
    if (r->count == 0)
        return true;
    bool ok = arb_strbuf_puts(out, "<article class=\"game\">\n<h3>") && esc(out, r->white) &&
              arb_strbuf_puts(out, " \xE2\x80\x93 ") && esc(out, r->black) && arb_strbuf_puts(out, ", round ") &&
              esc(out, r->round) && arb_strbuf_puts(out, "</h3>\n<p class=\"where\">") &&
              esc(out, r->source ? r->source : "-") && arb_strbuf_printf(out, ":%d</p>\n", (int)r->line) &&
              arb_strbuf_puts(out, "<div class=\"scroll\"><table class=\"tags\">");
    for (size_t i = 0; i < g->tag_count && i < MAX_TAGS && ok; i++)
        ok = arb_strbuf_puts(out, "<tr><th>") && esc(out, g->tags[i].name) && arb_strbuf_puts(out, "</th><td>") &&
             esc(out, g->tags[i].value) && arb_strbuf_puts(out, "</td></tr>");
    if (g->tag_count > MAX_TAGS)
        ok = ok && arb_strbuf_printf(out, "<tr><td colspan=\"2\">and %zu more tags</td></tr>", g->tag_count - MAX_TAGS);
    ok = ok && arb_strbuf_puts(out, "</table></div>\n");
    for (size_t i = 0; i < r->count && ok; i++) {
        const arb_finding *f = &r->findings[i];
        arb_position pos;
        int from, to;
        char caption[128];
        finding_position(g, f, &pos, &from, &to, caption, sizeof caption);
        ok = arb_strbuf_printf(out, "<div class=\"finding %s\"><div class=\"text\">\n", arb_severity_name(f->severity)) &&
             finding_text(r, f, style, out) && arb_strbuf_puts(out, "</div>\n<figure>") &&
             arb_board_svg(&pos, from, to, caption, out) && arb_strbuf_puts(out, "<figcaption>") &&
             esc(out, caption) && arb_strbuf_puts(out, "</figcaption></figure></div>\n");
    }
    return ok && arb_strbuf_puts(out, "</article>\n");
}

bool arb_html_end(arb_strbuf *out)
{
    return arb_strbuf_puts(out, "</body>\n</html>\n");
}
