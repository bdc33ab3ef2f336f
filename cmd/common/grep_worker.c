/* grep_worker.c — see grep_worker.h. */
#include "grep_worker.h"

#include "dup_record.h"

bool grep_worker_init(grep_worker *w, const grep_work *work)
{
    w->work = work;
    return (w->matcher = arb_grep_matcher_new(work->selection))
        && (!work->normalize || (w->writer = arb_pgn_writer_new(NULL)));
}

void grep_worker_free(void *state)
{
    grep_worker *w = state;
    arb_grep_matcher_free(w->matcher);
    arb_pgn_writer_free(w->writer);
}

/* A span's game text without the white space after it: what the size
 * limit applies to, whether the span came from memory or from a reader. */
static size_t own_length(const char *raw, size_t len)
{
    while (len > 0 && (raw[len - 1] == '\n' || raw[len - 1] == '\r' || raw[len - 1] == ' '
                       || raw[len - 1] == '\t'))
        len--;
    return len;
}

void grep_worker_game(void *state, const arb_pgn_game *g, arb_pgn_output *out)
{
    grep_worker *w = state;
    const grep_work *work = w->work;
    uint64_t nth = out->games;
    arb_status st;
    /* (the linter's report numbers the game; pgngrep uses only its codes,
     * and a piece's worker does not know the game's number in the input) */
    bool selected = arb_grep_match(w->matcher, g, 1, &st);
    if (st.code) {
        arb_strbuf_printf(&out->text[TEXT_ERR], "%s:%d:%d: %s\n", g->source, g->line, g->col, st.message);
        out->count[COUNT_TROUBLE]++;
    }
    grep_match m = {.nth = nth, .line = g->line, .col = g->col, .others = selected};
    if (work->dup->select) {
        /* every game is recorded; emit decides (with -v: also those whose
         * other predicates fail) */
        if (!arb_dup_record(g, work->dup->mode, work->dup->same_players, &out->text[TEXT_LINES], &m.hashes))
            return;   /* out of memory: the output counts as failed */
        selected = selected || work->invert;
    }
    if (!selected) {
        if (work->dup->select) {
            m.end = out->text[TEXT_OUT].len;
            arb_strbuf_append(&out->text[TEXT_MATCHES], (const char *)&m, sizeof m);
        }
        return;
    }
    out->count[COUNT_SELECTED]++;
    if (work->keep_bytes) {
        arb_strbuf *t = &out->text[TEXT_OUT];
        const char *text = NULL;
        size_t len = 0;
        if (work->normalize && g->error_count == 0
            && arb_pgn_write_game(w->writer, g, &text, &len).code == 0) {
            arb_strbuf_append(t, text, len);
            m.written = 1;
        } else if (g->raw_complete && own_length(g->raw, g->raw_len) <= work->max_game_bytes) {
            arb_strbuf_append(t, g->raw, g->raw_len);
            m.written = 1;
        }
        m.end = t->len;
    }
    arb_strbuf_append(&out->text[TEXT_MATCHES], (const char *)&m, sizeof m);
}
