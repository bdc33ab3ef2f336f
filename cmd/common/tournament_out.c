/* tournament_out.c — see tournament_out.h. */
#include "tournament_out.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "findings.h"
#include "report.h"

/* Findings of the tournament report itself (no game): a line naming the
 * report and what they are, then the findings. */
static void write_report_findings(const arb_lint_report *r, const char *what, tournament_out *t)
{
    if (r->count == 0)
        return;
    t->report_errors += r->errors;
    t->report_warnings += r->warnings;
    if (t->format == LINT_FORMAT_HTML) {
        arb_html_report_findings(r, what, t->style, &t->report_html);
        return;
    }
    arb_strbuf text;
    arb_strbuf_init(&text);
    if (t->format == LINT_FORMAT_TEXT)
        arb_strbuf_printf(&text, "%s%s: %s%s\n", t->style->color ? "\033[1m" : "", r->source, what,
                          t->style->color ? "\033[0m" : "");
    for (size_t i = 0; i < r->count; i++)
        if (t->format == LINT_FORMAT_TEXT)
            arb_finding_format_text(r, &r->findings[i], t->style, &text);
        else
            arb_finding_format_json(r, &r->findings[i], t->style, &text);
    if (fwrite(text.data, 1, text.len, stdout) != text.len || text.failed)
        t->trouble = true;
    arb_strbuf_free(&text);
}

/* --trf: reads the report (its problems on standard error: the games are
 * checked against what could be read) and checks it against itself. */
static bool start_trf_check(tournament_out *t, const char *path)
{
    arb_status st = arb_trf_load(path, &t->trf);
    if (st.code) {
        fprintf(stderr, "%s: %s\n", t->program, st.message);
        return false;
    }
    const arb_trf *r = t->trf;
    for (size_t i = 0; i < r->diag_count; i++)
        fprintf(stderr, "%s:%d:%d: %s\n", r->source, (int)r->diags[i].line, (int)r->diags[i].col,
                r->diags[i].message);
    if (r->diags_dropped)
        fprintf(stderr, "%s: %zu more problems not shown\n", r->source, r->diags_dropped);
    if (r->diag_count)
        t->trouble = true;
    if (!(t->check = arb_trf_check_new(r))) {
        fprintf(stderr, "%s: out of memory\n", t->program);
        return false;
    }
    arb_trf_check_report(t->check, &t->scratch);
    write_report_findings(&t->scratch, "the report disagrees with itself", t);
    return true;
}

/* --trf, after the last game: the pairings without a game, then the
 * summary per round. */
static void finish_trf_check(tournament_out *t)
{
    arb_trf_check *c = t->check;
    arb_trf_check_finish(c, &t->scratch);
    write_report_findings(&t->scratch, "pairings without a game", t);
    if (t->format == LINT_FORMAT_HTML)
        return;   /* the page has a summary of its own */
    arb_strbuf text;
    arb_strbuf_init(&text);
    if (t->format == LINT_FORMAT_TEXT)
        arb_trf_summary_format_text(c, &text);
    else
        arb_trf_summary_format_json(c, &text);
    if (fwrite(text.data, 1, text.len, stdout) != text.len || text.failed)
        t->trouble = true;
    arb_strbuf_free(&text);
}

/* --format html: the page, now that the summary is known: its head, the
 * summary, the report's findings, then the games kept aside in t->games_out. */
static void write_html(tournament_out *t, const arb_html_totals *sum)
{
    const arb_trf *trf = t->trf;
    char title[256];
    snprintf(title, sizeof title, "Arbiter's report%s%s", trf && trf->event[0] ? ": " : "",
             trf ? trf->event : "");
    arb_strbuf page;
    arb_strbuf_init(&page);
    bool ok = arb_html_begin(title, &page) && arb_html_summary(sum, t->check, &page) &&
              arb_strbuf_append(&page, t->report_html.data ? t->report_html.data : "", t->report_html.len) &&
              arb_strbuf_puts(&page, "<section id=\"games\">\n<h2>Games with findings</h2>\n");
    ok = ok && fwrite(page.data, 1, page.len, stdout) == page.len;
    char buf[1 << 16];
    size_t n;
    ok = ok && fflush(t->games_out) == 0 && fseek(t->games_out, 0, SEEK_SET) == 0;
    while (ok && (n = fread(buf, 1, sizeof buf, t->games_out)) > 0)
        ok = fwrite(buf, 1, n, stdout) == n;
    arb_strbuf_clear(&page);
    ok = ok && arb_strbuf_puts(&page, "</section>\n") && arb_html_end(&page) &&
         fwrite(page.data, 1, page.len, stdout) == page.len;
    if (!ok || page.failed) {
        fprintf(stderr, "%s: cannot write the HTML report: %s\n", t->program, strerror(errno));
        t->trouble = true;
    }
    arb_strbuf_free(&page);
}

bool tournament_out_start(tournament_out *t, const char *trf_path)
{
    t->games_out = stdout;
    arb_strbuf_init(&t->report_html);
    arb_lint_report_init(&t->scratch);
    if (t->format == LINT_FORMAT_HTML && !(t->games_out = tmpfile())) {
        fprintf(stderr, "%s: cannot make a scratch file for the HTML report: %s\n", t->program, strerror(errno));
        return false;
    }
    return !trf_path || start_trf_check(t, trf_path);
}

void tournament_out_finish(tournament_out *t, unsigned long long games, unsigned long long clean,
                           unsigned long long with_errors, unsigned long long with_warnings)
{
    if (t->check)
        finish_trf_check(t);
    arb_html_totals sum = {games, clean, with_errors, with_warnings, t->report_errors, t->report_warnings};
    if (t->format == LINT_FORMAT_HTML)
        write_html(t, &sum);
}

void tournament_out_free(tournament_out *t)
{
    if (t->games_out && t->games_out != stdout)
        fclose(t->games_out);
    arb_strbuf_free(&t->report_html);
    arb_trf_check_free(t->check);
    arb_trf_free(t->trf);
    arb_lint_report_free(&t->scratch);
}
