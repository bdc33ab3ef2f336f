/* pgnrepair — give back the game a scoresheet meant: the fewest edits that
 * make a game replay, or the one game two players' scoresheets agree on.
 *
 *   pgnrepair [--from auto|san|LANG] [--prefer LANGS] [--suggestions N]
 *             [--json] [--max-edits N] [--max-work N] [-o FILE] [-j N]
 *             [--max-game-bytes N] [FILE...]
 *   pgnrepair --sheets WHITE.pgn BLACK.pgn [options]
 *
 * The search lives in lib/repair (repair.h: edits and costs; mainline.h:
 * the tokens as written; repair_game.h: the repaired game; sheets.h: two
 * scoresheets); this file handles arguments, files, output forms, the
 * summary and the exit status:
 *   0 every game replays or was repaired
 *   1 some games could not be repaired within the limits (passed through)
 *   2 usage error, unreadable input or unwritable output, bad --sheets input
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"
#include "common/optable.h"
#include "common/outfile.h"
#include "common/runloop.h"
#include "common/repair_json.h"
#include "common/setup.h"
#include "common/sheets_run.h"
#include "common/size_arg.h"
#include "common/usage.h"
#include "mainline.h"
#include "pgn_parallel.h"
#include "pgn_read.h"
#include "pgn_write.h"
#include "repair.h"
#include "repair_game.h"

#define PROGRAM "pgnrepair"

enum { EXIT_OK = 0, EXIT_UNREPAIRED = 1, EXIT_TROUBLE = 2 };

typedef struct options {
    arb_pgn_reader_options read;
    arb_repair_limits limits;
    const char *output;
    const char *from;
    const char *prefer;
    const char *sheets[2];
    bool json;
    int suggestions;         /* --suggestions N: 0 = only the best, in PGN output */
    int jobs;
    size_t max_work;         /* --max-work, into limits */
    enum progress_mode progress; /* --progress, --no-progress */
    const arb_notation *english;
} options;

typedef struct counts {
    unsigned long long read, clean, repaired, unrepaired;
} counts;

struct run {
    const options *o;
    outfile *out;
    counts n;
    run_loop loop;
};

/* ---- one game --------------------------------------------------------- */

enum { TEXT_OUT = 0, TEXT_ERR = 1 };
enum { COUNT_READ = 0, COUNT_CLEAN = 1, COUNT_REPAIRED = 2, COUNT_UNREPAIRED = 3 };

typedef struct worker {
    const options *o;
    arb_repairer *repairer;
    arb_mainline ml;
    arb_pgn_game fixed;
    arb_pgn_writer *writer;
} worker;

static bool worker_init(void *state, void *ctx)
{
    worker *w = state;
    w->o = ((const struct run *)ctx)->o;
    arb_mainline_init(&w->ml);
    arb_pgn_game_init(&w->fixed);
    return (w->repairer = arb_repairer_new(&w->o->limits)) && (w->writer = arb_pgn_writer_new(NULL));
}

static void worker_free(void *state)
{
    worker *w = state;
    arb_repairer_free(w->repairer);
    arb_pgn_writer_free(w->writer);
    arb_mainline_free(&w->ml);
    arb_pgn_game_free(&w->fixed);
}

static void json_head(arb_strbuf *t, arb_pgn_output *out, const char *status)
{
    arb_strbuf_puts(t, "{\"game\":");
    arb_pgn_output_number(out, TEXT_OUT);
    arb_strbuf_printf(t, ",\"status\":\"%s\",", status);
}

/* The original bytes of a game passed through. */
static void pass_through(const arb_pgn_game *g, arb_strbuf *t)
{
    if (g->raw)
        arb_strbuf_append(t, g->raw, g->raw_len);
}

/* "FILE:LINE:COL: " and the message on the error text. */
static void message(arb_strbuf *err, const arb_pgn_game *g, int line, int col, const char *fmt, const char *text)
{
    arb_strbuf_printf(err, "%s:%d:%d: ", g->source, line, col);
    arb_strbuf_printf(err, fmt, text);
    arb_strbuf_puts(err, "\n");
}

static const arb_notation *game_notation(const worker *w, const arb_pgn_game *g)
{
    if (g->notation_used)
        return g->notation_used;
    if (w->o->read.notation)
        return w->o->read.notation;
    return w->o->english;
}

static void repair_game(void *state, const arb_pgn_game *g, arb_pgn_output *out)
{
    worker *w = state;
    const options *o = w->o;
    arb_strbuf *t = &out->text[TEXT_OUT], *err = &out->text[TEXT_ERR];
    out->count[COUNT_READ]++;
    if (g->error_count == 0) {
        out->count[COUNT_CLEAN]++;
        if (o->json) {
            json_head(t, out, "clean");
            arb_strbuf_puts(t, "\"suggestions\":[]}\n");
        } else {
            pass_through(g, t);
        }
        return;
    }
    const arb_notation *n = game_notation(w, g);
    arb_repair_result res;
    memset(&res, 0, sizeof res);
    bool searched = arb_repair_pgn_game(w->repairer, &w->ml, g, &n, o->english, &res);
    bool repaired = searched && res.status == ARB_REPAIR_REPAIRED
                    && arb_repair_build_game(g, &w->ml, &res.repairs[0], n, &w->fixed);
    const char *text = NULL;
    size_t len = 0;
    if (repaired && !o->json)
        repaired = arb_pgn_write_game(w->writer, &w->fixed, &text, &len).code == 0;
    if (repaired) {
        out->count[COUNT_REPAIRED]++;
        for (size_t i = 0; i < res.count && i < (size_t)(o->suggestions > 0 ? o->suggestions : 1); i++) {
            char what[1024];
            arb_repair_describe_all(&g->start, &w->ml, &res.repairs[i], n, what, sizeof what);
            const arb_repair_edit *first = &res.repairs[i].edits[0];
            size_t tok = first->token < w->ml.count ? first->token : w->ml.count ? w->ml.count - 1 : 0;
            int line = w->ml.count ? w->ml.at[tok].line : g->line, col = w->ml.count ? w->ml.at[tok].col : g->col;
            char fmt[64];
            snprintf(fmt, sizeof fmt, "%s%%s (cost %d)", i == 0 ? "repaired: " : "or: ", res.repairs[i].cost);
            message(err, g, line, col, fmt, what);
        }
        if (w->ml.has_variations)
            message(err, g, g->line, g->col, "%s", "note: the variations of the game are not kept in its repair");
        if (o->json) {
            json_head(t, out, "repaired");
            repair_json_suggestions(t, &g->start, &w->ml, &res, (size_t)(o->suggestions > 0 ? o->suggestions : 1), n);
            arb_strbuf_puts(t, "}\n");
        } else {
            arb_strbuf_append(t, text, len);
        }
        return;
    }
    out->count[COUNT_UNREPAIRED]++;
    for (size_t i = 0; i < g->diag_count; i++)
        if (g->diags[i].severity == ARB_PGN_ERROR)
            message(err, g, g->diags[i].line, g->diags[i].col, "%s", g->diags[i].message);
    if (searched && res.status == ARB_REPAIR_CLEAN)
        message(err, g, g->line, g->col, "%s",
                "not repaired: its main line replays, expected the errors above to be mended by hand");
    else if (!g->raw || !g->raw_complete)
        message(err, g, g->line, g->col, "%s",
                "not repaired: game longer than --max-game-bytes, expected a shorter game");
    else
        message(err, g, g->line, g->col, "no repair within limits (%s), game passed through unchanged",
                res.limits_reached ? "search limits reached" : "no set of edits makes it replay");
    if (o->json) {
        json_head(t, out, "unrepairable");
        arb_strbuf_puts(t, "\"suggestions\":[]}\n");
    } else {
        pass_through(g, t);
    }
}

static bool emit(void *ctx, const arb_pgn_output *out)
{
    struct run *run = ctx;
    bool ok = true;
    if (out->numbers.len) {
        FILE *fp = outfile_stream(run->out);
        ok = arb_pgn_output_write(out, TEXT_OUT, run->n.read + 1, fp);
    } else {
        ok = outfile_write(run->out, out->text[TEXT_OUT].data, out->text[TEXT_OUT].len);
    }
    if (out->text[TEXT_ERR].len)
        fwrite(out->text[TEXT_ERR].data, 1, out->text[TEXT_ERR].len, stderr);
    run->n.read += out->count[COUNT_READ];
    run->n.clean += out->count[COUNT_CLEAN];
    run->n.repaired += out->count[COUNT_REPAIRED];
    run->n.unrepaired += out->count[COUNT_UNREPAIRED];
    if (!ok || outfile_failed(run->out))
        run->loop.trouble = true;
    return !run->loop.trouble;
}

/* ---- arguments -------------------------------------------------------- */

static int sheets(void *target, const char *name, const char *white, const char *black)
{
    options *o = target;
    (void)name;
    o->sheets[0] = white;
    o->sheets[1] = black;
    return 0;
}

#define STR(n) #n
#define NUMBER_TO(n) "a number from 1 to " STR(n)
#define AT(field) .offset = offsetof(options, field), .size = sizeof(((options *)0)->field)
static const opt_row rows[] = {
    OPT_ROW_FROM(.arg = "auto|san|LANG",
        .help = "notation of the input (default: SAN, and auto for a\n"
                "game with a token SAN cannot read); the repair reads\n"
                "letters in the game's own notation"),
    {"--prefer", OPT_STRING, AT(prefer), .arg = "LANGS",
     .help = "when several notations replay a game, prefer these"},
    {"--suggestions", OPT_INT, AT(suggestions), .min = 1, .max = ARB_REPAIR_MAX_SUGGESTIONS,
     .expected = NUMBER_TO(ARB_REPAIR_MAX_SUGGESTIONS),
     .arg = "N",
     .help = "list up to N ranked repairs per game (1 to 16)"},
    {"--json", OPT_TRUE, AT(json),
     .help = "one JSON object per game on standard output instead\n"
             "of PGN: game, status, suggestions (rank, cost, edits,\n"
             "san)"},
    {"--sheets", OPT_CALL_TWO, .call = sheets, .arg = "WHITE BLACK",
     .help = "game i of each file is one player's record of the\n"
             "same game: give back the game that agrees with both\n"
             "except at the fewest places"},
    {"--max-edits", OPT_INT, AT(limits.max_edits), .min = 1, .max = ARB_REPAIR_MAX_EDITS,
     .expected = NUMBER_TO(ARB_REPAIR_MAX_EDITS),
     .arg = "N",
     .help = "edits per repair (1 to 8, default 3)"},
    {"--max-work", OPT_SIZE, AT(max_work),
     .expected = "a number from 1 up, optionally followed by K, M or G (such as 500K or 16M)",
     .arg = "N",
     .help = "position updates spent per game before giving up\n"
             "(K, M, G suffixes; default 4M, about 0.25 s)"},
    {"-o|--output", OPT_STRING, AT(output), .arg = "FILE",
     .help = "write to FILE (replaced only when the run completes)"},
    OPT_ROW_MAX_GAME_BYTES(.help = "keep at most N bytes of a game's text (default 16M)"),
    OPT_ROW_JOBS(
        .help = "repair on N threads (default: one per processor, at\n"
                "most 4); the output is the same"),
    OPT_ROWS_PROGRESS(
        .help = "show (or never show) a progress line on standard\n"
                "error; by default shown on a terminal for large input"),
    {0}};
static const char synopsis[] =
    "usage: pgnrepair [OPTIONS] [FILE...]\n"
    "       pgnrepair --sheets WHITE.pgn BLACK.pgn [OPTIONS]\n"
    "\n"
    "Reads PGN games (plain or gzip; standard input when no FILE or FILE is -)\n"
    "and gives back, for each game that does not replay, the game with the\n"
    "fewest recording errors undone: a move read as a close legal one (another\n"
    "piece letter, a neighbouring file or rank, the capture mark, the\n"
    "disambiguation or promotion piece, the other castling side), a missing\n"
    "move inserted, a move written twice deleted, two moves of one player\n"
    "swapped.  Games that replay are written unchanged, byte for byte.\n"
    "A FILE that is a folder stands for the PGN files under it (*.pgn, *.pgn.gz,\n"
    "...; recursively, in name order; other files skipped with a note).\n"
    "\n";
static const char epilogue[] =
    "\n"
    "A repaired game gets a [Repaired \"...\"] tag and a {written: ...} comment\n"
    "at each edited move; a game with no repair within the limits is passed\n"
    "through and reported as FILE:LINE:COL: message on standard error.\n"
    "Exit status: 0 every game replays or was repaired, 1 some game could not\n"
    "be repaired, 2 usage error, unreadable or bad input, unwritable output.\n";
static const opt_spec spec = {PROGRAM, rows, false, synopsis, epilogue, 23};

static void print_summary(const counts *n)
{
    fprintf(stderr, PROGRAM ": %llu game%s read, %llu replay%s as written, %llu repaired, %llu not repaired\n",
            n->read, n->read == 1 ? "" : "s", n->clean, n->clean == 1 ? "s" : "", n->repaired, n->unrepaired);
}

int main(int argc, char **argv)
{
    options o = {0};
    int operands = opt_parse(&spec, argc, argv, &o);
    if (operands < 0)
        return operands == OPT_DONE && fflush(stdout) == 0 ? EXIT_OK : EXIT_TROUBLE;
    o.limits.max_work = o.max_work;
    if (o.sheets[0] && operands > 0) {
        usage_error(PROGRAM, "--sheets takes its two files and no other, expected no FILE after the options");
        return EXIT_TROUBLE;
    }
    setup_from from;
    memset(&from, 0, sizeof from);
    arb_notation *english = NULL;
    int status = EXIT_TROUBLE;
    if (!setup_load_notations(PROGRAM, &from))
        goto done;
    const arb_locale *en = arb_locale_find(from.locales, "en");
    arb_status st = en ? arb_notation_new(from.grammar, en, &english)
                       : arb_status_error(ARB_ERR_DATA, ARB_ERR_DATA, 0, 0, "locale en not found among the data files");
    if (st.code) {
        fprintf(stderr, PROGRAM ": %s\n", st.message);
        goto done;
    }
    o.english = english;
    if (!setup_from_notation(PROGRAM, o.from, o.prefer, true, &from, &o.read))
        goto done;
    if (o.jobs == 0)
        o.jobs = setup_default_jobs();
    outfile *out = outfile_open(o.output, PROGRAM);
    if (!out)
        goto done;
    struct run run = {.o = &o, .out = out};
    sheets_run sheets = {.program = PROGRAM, .paths = {o.sheets[0], o.sheets[1]}, .read = &o.read,
                         .limits = &o.limits, .english = o.english, .json = o.json, .out = out};
    run.loop = (run_loop){.program = PROGRAM, .read = &o.read, .parallel = {.jobs = o.jobs, .raw_spans = true},
                          .worker_size = sizeof(worker), .worker_init = worker_init,
                          .worker_free = worker_free, .game = repair_game, .emit = emit, .ctx = &run,
                          .progress_mode = o.progress};
    bool trouble;
    if (o.sheets[0])
        trouble = !sheets_run_files(&sheets);
    else
        trouble = !run_loop_inputs(&run.loop, argv + 1, operands) || run.loop.trouble;
    trouble |= outfile_failed(out);
    trouble |= !outfile_close(out, !trouble);
    if (o.sheets[0])
        run.n = (counts){sheets.games, sheets.clean, sheets.repaired, sheets.unrepaired};
    print_summary(&run.n);
    status = trouble ? EXIT_TROUBLE : run.n.unrepaired ? EXIT_UNREPAIRED : EXIT_OK;
done:
    arb_notation_free(english);
    setup_from_free(&from);
    return status;
}
