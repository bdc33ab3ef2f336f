/* report_html.h — the arbiter's report page: one self-contained HTML file.
 *
 * The page has no scripts and fetches nothing: a summary (games, clean,
 * with errors and warnings; with a tournament report, a table per round of
 * games expected, found, missing, extra and disagreeing), the findings of
 * the tournament report itself, then every game with findings: its tags,
 * and each finding with its place, code, article and message, the move it
 * concerns and a diagram of the position (board_svg.h): the position before
 * that move, or the final one.  A print stylesheet keeps a finding and its
 * diagram on one page; the layout narrows to one column on a phone.
 *
 * The parts are written in this order by the caller: begin, summary,
 * report findings, games, end (a tool that learns the summary last keeps
 * the games aside meanwhile).
 *
 * Ownership and threads: functions append to the caller's buffer and keep
 * nothing; the game and report are read only.
 */
#ifndef ARB_REPORT_HTML_H
#define ARB_REPORT_HTML_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include <stdbool.h>

#include "report.h"
#include "pgn_game.h"
#include "strbuf.h"
#include "trf_check.h"

typedef struct arb_html_totals {
    unsigned long long games, clean, with_errors, with_warnings;
    unsigned long long report_errors, report_warnings;   /* findings of no game */
} arb_html_totals;

/* <!DOCTYPE html> ... <body> with the page's title (escaped here). */
bool arb_html_begin(const char *title, arb_strbuf *out);

/* The summary section; `check` may be NULL (no tournament report). */
bool arb_html_summary(const arb_html_totals *totals, const arb_trf_check *check, arb_strbuf *out);

/* A section of findings that belong to no game (r->no_game), under a
 * heading; nothing when r has none. */
bool arb_html_report_findings(const arb_lint_report *r, const char *heading, const arb_report_style *style,
                              arb_strbuf *out);

/* One game with findings (nothing for a clean game): r is its report, g the
 * game it was made from. */
bool arb_html_game(const arb_lint_report *r, const arb_pgn_game *g, const arb_report_style *style,
                   arb_strbuf *out);

/* </body></html> */
bool arb_html_end(arb_strbuf *out);

#pragma GCC visibility pop
#endif
