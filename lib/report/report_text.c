/* report_text.c — the text form of a game's findings, for people. */
#include "report.h"

#include <stdio.h>
#include <string.h>

static const char *severity_color(int severity)
{
    switch (severity) {
    case ARB_SEVERITY_ERROR: return "\033[1;31m";
    case ARB_SEVERITY_WARNING: return "\033[1;33m";
    default: return "\033[1;36m";
    }
}

bool arb_report_format_text(const arb_lint_report *r, const arb_report_style *style, arb_strbuf *out)
{
    if (r->count == 0)
        return true;
    bool color = style && style->color;
    const char *src = r->source ? r->source : "-";
    bool ok = arb_strbuf_printf(out, "%s%s \xE2\x80\x93 %s, %s, %s:%d%s\n", color ? "\033[1m" : "",
                              r->white ? r->white : "?", r->black ? r->black : "?",
                              r->round ? r->round : "?", src, (int)r->line, color ? "\033[0m" : "");
    for (size_t i = 0; i < r->count && ok; i++)
        ok = arb_finding_format_text(r, &r->findings[i], style, out);
    return ok;
}

bool arb_finding_format_text(const arb_lint_report *r, const arb_finding *f, const arb_report_style *style,
                             arb_strbuf *out)
{
    bool color = style && style->color;
    char message[1024];
    arb_finding_message(f, style, message, sizeof message);
    return arb_strbuf_printf(out, "%s:%d:%d: %s%s%s [%s%s%s] %s%s\n", r->source ? r->source : "-",
                             (int)f->line, (int)f->col,
                             color ? severity_color(f->severity) : "", arb_severity_name(f->severity),
                             color ? "\033[0m" : "", f->article, f->article[0] ? " " : "",
                             arb_check_code(f->check), f->after_error ? "(after an error) " : "",
                             message);
}
