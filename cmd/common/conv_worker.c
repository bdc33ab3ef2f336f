/* conv_worker.c — see conv_worker.h. */
#include "conv_worker.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pgn_export.h"
#include "pgn_read.h"
#include "repair_game.h"

static void report(const conv_options *o, arb_strbuf *t, const char *file, int severity, int line, int col,
                   const char *message)
{
    static const char *const names[] = {"note", "warning", "error"};
    if (o->json) {
        arb_strbuf_append(t, "{\"file\":", 8);
        arb_strbuf_json_string(t, file);
        arb_strbuf_printf(t, ",\"line\":%d,\"col\":%d,\"severity\":\"%s\",\"message\":", line, col,
                        names[severity]);
        arb_strbuf_json_string(t, message);
        arb_strbuf_append(t, "}\n", 2);
    } else {
        arb_strbuf_printf(t, "%s:%d:%d: %s%s\n", file, line, col,
                        severity == ARB_PGN_ERROR ? ""
                        : severity == ARB_PGN_NOTE ? "note: " : "warning: ",
                        message);
    }
}

/* "N games read, N written, N rejected" on stderr; games converted but lost
 * to a failed output are counted apart, so that the numbers add up. */
void conv_print_summary(const char *program, const conv_options *o, const conv_counts *n)
{
    if (o->json) {
        fprintf(stderr, "{\"summary\":{\"read\":%llu,\"written\":%llu,\"rejected\":%llu", n->read,
                n->written, n->rejected);
        if (n->national)
            fprintf(stderr, ",\"national\":%llu", n->national);
        if (n->repaired)
            fprintf(stderr, ",\"repaired\":%llu", n->repaired);
        if (n->unwritten)
            fprintf(stderr, ",\"not_written\":%llu", n->unwritten);
        if (o->fix_results)
            fprintf(stderr, ",\"results_fixed\":%llu", n->fixed);
        fprintf(stderr, "}}\n");
        return;
    }
    fprintf(stderr, "%s: %llu game%s read, %llu written", program, n->read, n->read == 1 ? "" : "s", n->written);
    if (n->national)
        fprintf(stderr, " (%llu from a national notation)", n->national);
    if (n->repaired)
        fprintf(stderr, " (%llu repaired)", n->repaired);
    fprintf(stderr, ", %llu rejected", n->rejected);
    if (o->fix_results)
        fprintf(stderr, ", %llu result%s fixed", n->fixed, n->fixed == 1 ? "" : "s");
    if (n->unwritten)
        fprintf(stderr, ", %llu not written (%s)", n->unwritten,
                n->output_failed ? "output failed" : "the run failed: output file not made");
    fprintf(stderr, "\n");
}

/* Output texts and counters of a batch of games (see pgn_parallel.h). */
enum { TEXT_OUT = 0, TEXT_ERR = 1, TEXT_REJECTS = 2 };
enum { COUNT_READ = 0, COUNT_WRITTEN = 1, COUNT_REJECTED = 2, COUNT_NATIONAL = 3,
       COUNT_FIXED = 5 /* --fix-results */, COUNT_REPAIRED = 6 /* --repair */ };

bool conv_worker_init(void *state, void *ctx)
{
    conv_worker *w = state;
    const conv_options *o = w->o = ((const conv_run *)ctx)->o;
    arb_mainline_init(&w->ml);
    arb_pgn_game_init(&w->fixed);
    return (w->writer = arb_pgn_writer_new(&o->write))
           && (!o->add_tags || (w->computed = arb_computed_tags_new(o->add_tags, o->openings)))
           && (!o->repair || (w->repairer = arb_repairer_new(NULL)));
}

void conv_worker_free(void *state)
{
    conv_worker *w = state;
    arb_pgn_writer_free(w->writer);
    arb_computed_tags_free(w->computed);
    arb_repairer_free(w->repairer);
    arb_mainline_free(&w->ml);
    arb_pgn_game_free(&w->fixed);
}

/* --to json|csv|epd: the game's number goes in where the writer puts it. */
static void mark_number(void *ctx, arb_strbuf *text)
{
    (void)text;
    arb_pgn_output_number(ctx, TEXT_OUT);
}

static bool export_game(const conv_options *o, const arb_pgn_game *g, arb_pgn_output *out)
{
    arb_strbuf *t = &out->text[TEXT_OUT];
    switch (o->export_format) {
    case ARB_PGN_EXPORT_JSON: return arb_pgn_export_json(g, t, mark_number, out);
    case ARB_PGN_EXPORT_CSV: return arb_pgn_export_csv(g, o->columns, t, mark_number, out);
    default: return arb_pgn_export_epd(g, t, mark_number, out);
    }
}

/* The output's text with the game numbers put in (counted from 1 in each
 * input). */
static bool write_numbered(outfile *f, const arb_pgn_output *out)
{
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    bool ok = mem && arb_pgn_output_write(out, TEXT_OUT, 1, mem);
    if (mem)
        ok &= fclose(mem) == 0;
    ok = ok && outfile_write(f, text, len);
    free(text);
    return ok;
}

/* --repair: a game that does not replay, repaired and written; false when
 * there is no repair within limits (or no text to repair). */
static bool write_repaired(conv_worker *w, const arb_pgn_game *g, arb_pgn_output *out)
{
    const conv_options *o = w->o;
    const arb_notation *n = g->notation_used ? g->notation_used : o->read.notation ? o->read.notation : o->english;
    arb_repair_result res;
    if (!n || !arb_repair_pgn_game(w->repairer, &w->ml, g, &n, o->english, &res) || res.status != ARB_REPAIR_REPAIRED
        || !arb_repair_build_game(g, &w->ml, &res.repairs[0], n, &w->fixed))
        return false;
    const char *text;
    size_t len;
    if (arb_pgn_write_game(w->writer, &w->fixed, &text, &len).code)
        return false;
    char what[600], msg[700];
    arb_repair_describe_all(&g->start, &w->ml, &res.repairs[0], n, what, sizeof what);
    snprintf(msg, sizeof msg, "repaired: %s", what);
    const arb_repair_edit *first = &res.repairs[0].edits[0];
    size_t tok = first->token < w->ml.count ? first->token : w->ml.count ? w->ml.count - 1 : 0;
    report(o, &out->text[TEXT_ERR], g->source, ARB_PGN_NOTE, w->ml.count ? w->ml.at[tok].line : g->line,
           w->ml.count ? w->ml.at[tok].col : g->col, msg);
    arb_strbuf_append(&out->text[TEXT_OUT], text, len);
    out->count[COUNT_WRITTEN]++;
    out->count[COUNT_REPAIRED]++;
    return true;
}

/* One game: converted, or its original bytes passed through. */
void conv_worker_game(void *state, const arb_pgn_game *g, arb_pgn_output *out)
{
    conv_worker *w = state;
    const conv_options *o = w->o;
    out->count[COUNT_READ]++;
    arb_strbuf *err = &out->text[TEXT_ERR];
    for (size_t i = 0; i < g->diag_count; i++)
        report(o, err, g->source, g->diags[i].severity, g->diags[i].line, g->diags[i].col,
               g->diags[i].message);
    if (g->error_count == 0 && o->export_format) {
        if (!export_game(o, g, out))
            out->text[TEXT_OUT].failed = true;
        out->count[COUNT_WRITTEN]++;
        return;
    }
    if (g->error_count == 0) {
        arb_pgn_game with_tags;
        if (w->computed) {
            /* the same game with the computed tags: a copy of the struct
             * that shares everything but the tag array */
            with_tags = *g;
            if (!arb_computed_tags_apply(w->computed, g, &with_tags.tags, &with_tags.tag_count)) {
                out->text[TEXT_OUT].failed = true;
                return;
            }
            int before;
            arb_board_result board;
            if (arb_computed_tags_fixed(w->computed, &before, &board)) {
                char msg[200];
                snprintf(msg, sizeof msg, "result %s corrected to %s: %s (FIDE %s)",
                         arb_pgn_result_text(before), arb_pgn_result_text(board.result), board.why,
                         board.article);
                /* at the Result tag when there is one, else at the game */
                int line = g->line, col = g->col;
                for (size_t i = 0; i < g->tag_count; i++)
                    if (strcmp(g->tags[i].name, "Result") == 0) {
                        line = g->tags[i].line;
                        col = g->tags[i].col;
                        break;
                    }
                report(o, err, g->source, ARB_PGN_NOTE, line, col, msg);
                with_tags.result = board.result;
                out->count[COUNT_FIXED]++;
            }
            g = &with_tags;
        }
        arb_status ws = arb_pgn_write_game_to(w->writer, g, &out->text[TEXT_OUT]);
        if (ws.code == 0) {
            out->count[COUNT_WRITTEN]++;
            if (g->notation)
                out->count[COUNT_NATIONAL]++;
            return;
        }
        report(o, err, g->source, ARB_PGN_ERROR, g->line, g->col, ws.message);
    } else if (o->repair && write_repaired(w, g, out)) {
        return;
    }
    out->count[COUNT_REJECTED]++;
    if (!g->raw || !g->raw_complete) {
        char msg[200];
        snprintf(msg, sizeof msg, "game longer than %zu bytes (--max-game-bytes) left out of the %s, "
                 "expected a shorter game or a larger --max-game-bytes",
                 o->read.max_game_bytes ? o->read.max_game_bytes : ARB_PGN_DEFAULT_MAX_GAME_BYTES,
                 o->rejects ? "rejects" : "output");
        report(o, err, g->source, ARB_PGN_ERROR, g->line, g->col, msg);
        return;
    }
    /* The original bytes, ending like a converted game: one line break and
     * one blank line.  Trailing white space (an unclosed comment can hold
     * the blank lines after it) is cut first, so that converting the output
     * again gives the same bytes. */
    size_t len = g->raw_len;
    while (len > 0 && (g->raw[len - 1] == '\n' || g->raw[len - 1] == '\r'
                       || g->raw[len - 1] == ' ' || g->raw[len - 1] == '\t'))
        len--;
    if (o->export_format && !o->rejects)
        return;                 /* PGN has no place among data: reported and counted only */
    arb_strbuf *dest = &out->text[o->rejects ? TEXT_REJECTS : TEXT_OUT];
    arb_strbuf_append(dest, g->raw, len);
    arb_strbuf_append(dest, "\n\n", 2);
}

/* In input order, in the main thread. */
bool conv_emit(void *ctx, const arb_pgn_output *out)
{
    conv_run *run = ctx;
    /* A game counts as written only once its bytes are out: on an output
     * written in place that takes a flush (a failed one stops the run);
     * a regular file is written only if the whole run succeeds (main). */
    bool out_ok = run->o->export_format ? write_numbered(run->out, out)
                                        : outfile_write(run->out, out->text[TEXT_OUT].data, out->text[TEXT_OUT].len);
    if (out_ok && outfile_in_place(run->out) && out->count[COUNT_WRITTEN])
        out_ok = outfile_flush(run->out);
    if (run->rejects)
        outfile_write(run->rejects, out->text[TEXT_REJECTS].data, out->text[TEXT_REJECTS].len);
    if (out->text[TEXT_ERR].len)
        fwrite(out->text[TEXT_ERR].data, 1, out->text[TEXT_ERR].len, stderr);
    run->n.read += out->count[COUNT_READ];
    if (out_ok) {
        run->n.written += out->count[COUNT_WRITTEN];
        run->n.national += out->count[COUNT_NATIONAL];
        run->n.fixed += out->count[COUNT_FIXED];
        run->n.repaired += out->count[COUNT_REPAIRED];
    } else {
        run->n.unwritten += out->count[COUNT_WRITTEN];
    }
    run->n.rejected += out->count[COUNT_REJECTED];
    return !outfile_failed(run->out) && !(run->rejects && outfile_failed(run->rejects));
}

/* --json: the run loop's messages on an input as JSON lines. */
void conv_input_message(void *ctx, const char *file, int line, int col, const char *text)
{
    const conv_run *run = ctx;
    arb_strbuf t = {0};
    report(run->o, &t, file, ARB_PGN_ERROR, line, col, text);
    fwrite(t.data, 1, t.len, stderr);
    arb_strbuf_free(&t);
}
