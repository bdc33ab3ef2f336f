/* perft_out.c — see perft_out.h */
#include <inttypes.h>
#include <stdio.h>

#include "perft_out.h"

#define PROGRAM PERFT_PROGRAM

void perft_print_rate(uint64_t nodes, double seconds)
{
    fflush(stdout); /* the counts first, even when stdout is a pipe */
    double mnps = seconds > 0 ? (double)nodes / seconds / 1e6 : 0.0;
    fprintf(stderr, PROGRAM ": %" PRIu64 " nodes in %.3f s, %.1f Mnps\n", nodes, seconds, mnps);
}

/* Writes text as a JSON string literal (the library's escaping: invalid
 * UTF-8 in a suite file becomes U+FFFD, not broken JSON). */
void perft_json_string(const char *text)
{
    arb_strbuf t;
    arb_strbuf_init(&t);
    if (arb_strbuf_json_string(&t, text) && t.len)
        fwrite(t.data, 1, t.len, stdout);
    else
        fputs("null", stdout);
    arb_strbuf_free(&t);
}

/* Prints the FEN with a caret under the column the parser blamed. */
void perft_report_bad_fen(const char *fen, const arb_status *st)
{
    fprintf(stderr, PROGRAM ": invalid FEN: column %d: %s\n", st->col, st->message);
    fprintf(stderr, "  %s\n", fen);
    if (st->col > 0)
        fprintf(stderr, "  %*s^\n", st->col - 1, "");
}

static int fen_error_column(const perft_suite_entry *e)
{
    return e->fen_col + (e->fen_status.col > 0 ? e->fen_status.col - 1 : 0);
}

/* One JSON object per suite line: status pass, mismatch, invalid or skipped. */
static void report_entry_json(const char *name, const perft_options *opt, const perft_suite_entry *e)
{
    printf("{\"file\":");
    perft_json_string(name);
    printf(",\"line\":%ld,\"fen\":", e->line);
    perft_json_string(e->fen);
    if (e->format_error || e->fen_status.code != ARB_FEN_OK) {
        printf(",\"status\":\"invalid\",\"column\":%d,\"error\":",
               e->format_error ? e->format_col : fen_error_column(e));
        perft_json_string(e->format_error ? e->format_error : e->fen_status.message);
    } else if (e->skipped) {
        printf(",\"status\":\"skipped\"");
    } else if (e->bad_depth) {
        printf(",\"status\":\"mismatch\",\"depth\":%d,\"expected\":%" PRIu64 ",\"got\":%" PRIu64,
               e->bad_depth, e->bad_expected, e->bad_got);
    } else {
        printf(",\"status\":\"pass\"");
    }
    printf(",\"nodes\":%" PRIu64, e->nodes);
    if (opt->time)
        printf(",\"seconds\":%.3f", e->seconds);
    printf("}\n");
}

void perft_report_entry(const char *name, const perft_options *opt, const perft_suite_entry *e,
                        perft_tally *t)
{
    if (opt->json)
        report_entry_json(name, opt, e);
    if (e->format_error) {
        fprintf(stderr, "%s:%ld:%d: %s\n", name, e->line, e->format_col, e->format_error);
        t->failed++;
    } else if (e->fen_status.code != ARB_FEN_OK) {
        fprintf(stderr, "%s:%ld:%d: invalid FEN: %s\n", name, e->line, fen_error_column(e),
                e->fen_status.message);
        t->failed++;
    } else if (e->skipped) {
        t->skipped++;
    } else if (e->bad_depth) {
        if (!opt->json)
            printf("%s:%ld: %s ;D%d expected %" PRIu64 " got %" PRIu64 "\n", name, e->line,
                   e->fen, e->bad_depth, e->bad_expected, e->bad_got);
        t->failed++;
    } else {
        t->passed++;
        if (opt->verbose)
            fprintf(stderr, "%s:%ld: ok, %" PRIu64 " nodes in %.2f s\n", name, e->line,
                    e->nodes, e->seconds);
    }
    t->nodes += e->nodes;
    fflush(stdout);
}

void perft_report_tally(const char *name, const perft_options *opt, const perft_tally *t,
                        double seconds)
{
    if (t->skipped)
        fprintf(stderr, PROGRAM ": %s: %ld position%s skipped (no depth up to %d)\n", name,
                t->skipped, t->skipped == 1 ? "" : "s", opt->max_depth);
    if (opt->json)
        printf("{\"passed\":%ld,\"failed\":%ld,\"skipped\":%ld,\"nodes\":%" PRIu64 "}\n",
               t->passed, t->failed, t->skipped, t->nodes);
    else
        printf("%ld passed, %ld failed\n", t->passed, t->failed);
    if (opt->time)
        perft_print_rate(t->nodes, seconds);
}
