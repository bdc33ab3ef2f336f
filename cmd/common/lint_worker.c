/* lint_worker.c — see lint_worker.h. */
#include "lint_worker.h"

#include "report_html.h"
#include "tournament_out.h"

/* The game's number is known only when the games before it are counted:
 * its place is marked, and emit writes it (pgn_parallel.h). */
static bool write_game_number(const arb_report_style *style, const arb_lint_report *r, arb_strbuf *text)
{
    (void)r;
    lint_worker *w = style->write_game_ctx;
    return arb_pgn_output_number(w->out, (int)(text - w->out->text));
}

bool lint_worker_init(lint_worker *w, const lint_work *work)
{
    w->work = work;
    arb_lint_report_init(&w->report);
    w->style = *work->style;
    w->style.write_game = write_game_number;
    w->style.write_game_ctx = w;
    return (w->linter = arb_linter_new()) != NULL;
}

void lint_worker_free(void *state)
{
    lint_worker *w = state;
    arb_lint_report_free(&w->report);
    arb_linter_free(w->linter);
}

void lint_worker_game(void *state, const arb_pgn_game *g, arb_pgn_output *out)
{
    lint_worker *w = state;
    const lint_work *work = w->work;
    arb_strbuf *err = &out->text[TEXT_ERR];
    w->out = out;
    size_t limit = work->max_game_bytes;
    if (!g->raw_complete || g->raw_len > limit) {
        /* the reader read it on (it may have dropped its text: findings
         * then cannot quote the moves as written); its own text's length,
         * not where the reader happened to refill, decides, so that the
         * report is the same with any -j */
        arb_strbuf_printf(err, "%s:%d:%d: game ", g->source, (int)g->line, (int)g->col);
        arb_pgn_output_number(out, TEXT_ERR);
        arb_strbuf_printf(err, " is longer than %zu bytes, expected a shorter game (--max-game-bytes); "
                          "checked all the same\n", limit);
        out->count[COUNT_TROUBLE]++;
    }
    /* (the index is the game's place in this batch: the report's number is
     * written by write_game_number) */
    arb_status ls = arb_lint_game(w->linter, g, out->games + 1, work->lo, &w->report);
    if (ls.code) {
        arb_strbuf_printf(err, "%s:%d:%d: %s\n", g->source, (int)g->line, (int)g->col, ls.message);
        out->count[COUNT_TROUBLE]++;
    }
    if (work->trf)
        arb_trf_check_game(work->trf, g, &w->report);
    const arb_lint_report *r = &w->report;
    out->count[r->errors ? COUNT_ERRORS : r->warnings ? COUNT_WARNINGS : COUNT_CLEAN]++;
    arb_strbuf *text = &out->text[TEXT_OUT];
    if (work->format == LINT_FORMAT_JSON)
        arb_report_format_json(r, &w->style, text);
    else if (work->format == LINT_FORMAT_FACTS)
        arb_report_format_facts(r, &w->style, text);
    else if (work->format == LINT_FORMAT_HTML)
        arb_html_game(r, g, &w->style, text);
    else
        arb_report_format_text(r, &w->style, text);
}
