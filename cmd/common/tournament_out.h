/* tournament_out.h — pgnlint's output around the games' findings: the
 * tournament report's own findings and its summary per round (--trf), and
 * the HTML page (--format html) that holds the games' findings, kept aside
 * in a scratch file until the summary that heads the page is known.
 *
 *   tournament_out t = {.program = PROGRAM, .format = LINT_FORMAT_TEXT, .style = &style};
 *   if (!tournament_out_start(&t, trf_path)) ...   // said; t.trouble: the report's problems
 *   ... the games' findings to t.games_out, checked against t.check (NULL without --trf)
 *   tournament_out_finish(&t, games, clean, with_errors, with_warnings);
 *   tournament_out_free(&t);
 *
 * Ownership and threads: one thread; t owns the report, the check and the
 * scratch file.
 */
#ifndef ARB_CMD_TOURNAMENT_OUT_H
#define ARB_CMD_TOURNAMENT_OUT_H

#include <stdbool.h>
#include <stdio.h>

#include "findings.h"
#include "report.h"
#include "report_html.h"
#include "strbuf.h"
#include "trf.h"
#include "trf_check.h"

enum lint_format { LINT_FORMAT_TEXT = 0, LINT_FORMAT_JSON, LINT_FORMAT_FACTS, LINT_FORMAT_HTML };

typedef struct tournament_out {
    const char *program;
    int format;                  /* enum lint_format */
    const arb_report_style *style;
    FILE *games_out;             /* where the games' findings go: stdout, or the HTML page's scratch file */
    arb_trf *trf;                /* --trf: the report */
    arb_trf_check *check;        /* ... and its check, which the games go through */
    unsigned long long report_errors, report_warnings;   /* findings of no game */
    bool trouble;                /* the report had problems, or output failed (said) */
    arb_strbuf report_html;      /* --format html: the report's findings */
    arb_lint_report scratch;
} tournament_out;

/* Makes the scratch file (--format html) and reads and checks the report
 * (trf_path, may be NULL); false after a message. */
bool tournament_out_start(tournament_out *t, const char *trf_path);

/* After the last game: the pairings without a game and the summary per
 * round (--trf), then the page (--format html) with the totals given. */
void tournament_out_finish(tournament_out *t, unsigned long long games, unsigned long long clean,
                           unsigned long long with_errors, unsigned long long with_warnings);

void tournament_out_free(tournament_out *t);

#endif
