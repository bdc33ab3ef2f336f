/* pgnconv — PGN in, canonical PGN (export format) out.
 *
 *   pgnconv [--from auto|san|LANG] [--prefer LANGS] [--mark-detected]
 *           [--to san|lan|uci|fan|LANG] [--list-locales]
 *           [--strip-comments] [--strip-variations]
 *           [--strip-nags] [-o FILE] [--rejects FILE] [--max-depth N]
 *           [--null-moves] [--max-game-bytes N] [--jobs N] [--json] [FILE...]
 *
 * Reading, replaying, notation detection and writing live in lib/
 * (pgn_read, pgn_detect, pgn_write); this file handles arguments, files,
 * the pass-through of games that cannot be converted, the summary and the
 * exit status:
 *   0 every game converted
 *   1 some games could not be converted (passed through or sent to --rejects)
 *   2 usage error, unreadable input or unwritable output
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arbiter.h"
#include "grammar.h"
#include "locales.h"
#include "notation.h"
#include "pgn_detect.h"
#include "pgn_export.h"
#include "pgn_parallel.h"
#include "common/args.h"
#include "common/inputs.h"
#include "common/outfile.h"
#include "common/progress.h"
#include "common/setup.h"
#include "common/size_arg.h"
#include "common/usage.h"
#include "pgn_read.h"
#include "pgn_write.h"
#include "computed_tags.h"
#include "openings.h"
#include "repair.h"
#include "repair_game.h"

#define PROGRAM "pgnconv"

enum { EXIT_OK = 0, EXIT_REJECTED = 1, EXIT_TROUBLE = 2 };

typedef struct options {
    arb_pgn_write_options write;
    arb_pgn_reader_options read;
    const char *output;
    const char *rejects;
    bool json;
    enum progress_mode progress; /* --progress, --no-progress */
    int jobs;
    const char *from;        /* NULL: SAN, detecting games SAN cannot read */
    const char *to_locale;   /* --to LANG */
    const char *to_spoken;   /* --to spoken[:LANG]: "" or the locale code */
    const char *prefer;
    const char *encoding;    /* --encoding: NULL detects it */
    bool list_locales;
    bool fix_results;
    unsigned add_tags;       /* --add-tags: enum arb_computed_tag */
    const arb_openings *openings;   /* loaded for --add-tags ECO,Opening */
    int export_format;       /* --to json|csv|epd (pgn_export.h), 0 for PGN */
    const char *columns;     /* --columns, for csv */
    bool repair;             /* --repair: games that do not replay are repaired (repair.h) */
    const arb_notation *english;   /* SAN letters, for repairing games written in SAN */
    bool strict;             /* --strict: no lenient second reading */
} options;

typedef struct counts {
    unsigned long long read, written, rejected, national, repaired;
    unsigned long long unwritten;  /* converted, but the output failed or was not made */
    unsigned long long fixed;      /* --fix-results: results the board corrected */
    bool output_failed;            /* ... because of a write error */
} counts;

/* The whole run: options, outputs, totals. */
struct run {
    const options *o;
    outfile *out;
    outfile *rejects;        /* NULL without --rejects */
    counts n;
    progress progress;
    uint64_t file_bytes;  /* of the current input, up to the last game emitted */
};

static void usage(FILE *out)
{
    fprintf(out,
        "usage: " PROGRAM " [OPTIONS] [FILE...]\n"
        "\n"
        "Reads PGN games (plain, or gzip, zstd, bzip2, xz or zip by their first\n"
        "bytes; standard input when no FILE or FILE is -), replays every move of\n"
        "every line, and writes them in PGN export format.\n"
        "A FILE that is a folder stands for the PGN files under it (*.pgn, *.pgn.gz,\n"
        "...; recursively, in name order; other files skipped with a note).\n"
        "\n"
        "  --from auto|san|spoken|LANG\n"
        "                       notation of the input: auto detects it for every game\n"
        "                       by replaying it under each locale; san reads SAN only;\n"
        "                       LANG (ro, de, ru, sr-Cyrl, ...) reads that locale's\n"
        "                       letters in all FIDE Appendix C forms.  Default: SAN,\n"
        "                       and auto for a game with a token SAN cannot read;\n"
        "                       spoken reads the words of FIDE Appendix D.2.1\n"
        "                       (\"Springer Felix drei\"; a warning per game, refused\n"
        "                       with --strict)\n"
        "  --prefer LANGS       when several notations replay a game, prefer these\n"
        "                       (comma-separated codes; after the game's own Notation\n"
        "                       or Language tag)\n"
        "  --mark-detected      record the notation read in a [Notation \"ro\"] tag\n"
        "  --to san|lan|uci|fan|LANG\n"
        "                       move notation: SAN (default), long algebraic (Ng1-f3),\n"
        "                       UCI (g1f3), figurines (\u2658f3), or SAN in a locale's\n"
        "                       letters (Cf3 in ro)\n"
        "  --to descriptive     English descriptive notation (P-K4, N-KB3, PxP; the\n"
        "                       Spanish one is --to es-x-desc: P4R, C3AR)\n"
        "  --to spoken[:LANG]   FIDE Laws Appendix D.2.1, one announcement per line\n"
        "                       (\"1. Springer Felix drei\"), in the words LANG's Laws\n"
        "                       text prints (ca, de, ro, sl; default the first)\n"
        "  --to json|csv|epd    data instead of PGN: one JSON object per game (tags,\n"
        "                       moves in SAN and UCI, comments, NAGs, variations,\n"
        "                       %%clk/%%emt/%%eval, final FEN), one CSV row per game,\n"
        "                       or one EPD line per position; games that cannot be\n"
        "                       replayed go to --rejects only\n"
        "  --columns LIST       CSV columns: tag names and game, result, plies, moves,\n"
        "                       uci, start_fen, final_fen (default: game, the Seven\n"
        "                       Tag Roster, WhiteElo, BlackElo, ECO, plies, moves)\n"
        "  --list-locales       list the locales (codes, piece letters, names) and exit\n"
        "  --strip-comments     leave out comments\n"
        "  --strip-variations   leave out variations\n"
        "  --strip-nags         leave out NAGs and ! ? annotations\n"
        "  --add-tags LIST      set tags computed from the moves (comma-separated):\n"
        "                       ECO and Opening by position (lichess table; left out\n"
        "                       when no position is in it), PlyCount, FinalFEN\n"
        "  --fix-results        set the result the final position decides (checkmate,\n"
        "                       stalemate, dead position) where the game says another;\n"
        "                       each fix is reported\n"
        "  -o, --output FILE    write to FILE (replaced only when the run completes)\n"
        "  --rejects FILE       write games that cannot be converted to FILE instead\n"
        "                       of passing them through unchanged\n"
        "  --max-depth N        allow variations nested N deep (default 256)\n"
        "  --null-moves         accept null moves (-- or Z0) in the main line too\n"
        "  --encoding NAME      the input's character encoding (windows-1251, cp866,\n"
        "                       koi8-r, windows-1250, utf-16, latin2, ...); default:\n"
        "                       detected from the bytes; the output is UTF-8\n"
        "  --strict             read only PGN as the standard and FIDE Appendix C write\n"
        "                       it: no second reading of text from books and web pages\n"
        "                       (prose in brackets, results in words, look-alike\n"
        "                       letters, spaced moves, several pasted games)\n"
        "  --max-game-bytes N   keep at most N bytes of a game's text (K, M, G: KiB,\n"
        "                       MiB, GiB; default 16M): a longer game is still\n"
        "                       converted, but if it cannot be, it is reported and\n"
        "                       counted as rejected without its text\n"
        "  --progress, --no-progress\n"
        "                       show (or never show) a progress line on standard\n"
        "                       error; by default shown on a terminal for large input\n"
        "  -j, --jobs N         convert on N threads (default: one per processor, at\n"
        "                       most 4; 1 = no threads); the output is the same\n"
        "  --repair             write a game that does not replay with its best repair\n"
        "                       (the fewest recording errors undone, as pgnrepair does)\n"
        "                       instead of passing it through\n"
        "  --json               messages on standard error as JSON Lines\n"
        "  --help, --version\n"
        "\n"
        "Each problem is reported as FILE:LINE:COL: message on standard error, then\n"
        "a summary: games read, written, rejected.\n"
        "A game whose notation is in doubt (several notations replay it and read it\n"
        "differently, or none replays it) is reported with the move concerned.\n"
        "Exit status: 0 all games converted, 1 some games rejected,\n"
        "2 usage error or unreadable/unwritable file.\n");
}

static void report(const options *o, arb_strbuf *t, const char *file, int severity, int line, int col,
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
static void print_summary(const options *o, const counts *n)
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
    fprintf(stderr, PROGRAM ": %llu game%s read, %llu written", n->read, n->read == 1 ? "" : "s", n->written);
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
       COUNT_END_OFFSET = 4 /* where the batch's last game ends, for the progress line */,
       COUNT_FIXED = 5 /* --fix-results */, COUNT_REPAIRED = 6 /* --repair */ };

/* What a converting thread needs. */
typedef struct worker {
    const options *o;
    arb_pgn_writer *writer;
    arb_computed_tags *computed;   /* --add-tags */
    arb_repairer *repairer;  /* --repair */
    arb_mainline ml;
    arb_pgn_game fixed;
} worker;

static void *worker_start(void *ctx)
{
    const struct run *run = ctx;
    worker *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->o = run->o;
    w->writer = arb_pgn_writer_new(&run->o->write);
    arb_mainline_init(&w->ml);
    arb_pgn_game_init(&w->fixed);
    if ((run->o->add_tags && !(w->computed = arb_computed_tags_new(run->o->add_tags, run->o->openings)))
        || (run->o->repair && !(w->repairer = arb_repairer_new(NULL)))) {
        arb_pgn_writer_free(w->writer);
        w->writer = NULL;   /* reported as out of memory by convert_game */
    }
    return w;
}

static void worker_stop(void *state)
{
    worker *w = state;
    if (!w)
        return;
    arb_pgn_writer_free(w->writer);
    arb_computed_tags_free(w->computed);
    arb_repairer_free(w->repairer);
    arb_mainline_free(&w->ml);
    arb_pgn_game_free(&w->fixed);
    free(w);
}

/* --to json|csv|epd: the game's number goes in where the writer puts it. */
static void mark_number(void *ctx, arb_strbuf *text)
{
    (void)text;
    arb_pgn_output_number(ctx, TEXT_OUT);
}

static bool export_game(const options *o, const arb_pgn_game *g, arb_pgn_output *out)
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
static bool write_repaired(worker *w, const arb_pgn_game *g, arb_pgn_output *out)
{
    const options *o = w->o;
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
static void convert_game(void *state, const arb_pgn_game *g, arb_pgn_output *out)
{
    worker *w = state;
    const options *o = w ? w->o : NULL;
    if (!w || !w->writer) {
        out->text[TEXT_OUT].failed = true;   /* out of memory at thread start */
        return;
    }
    out->count[COUNT_READ]++;
    out->count[COUNT_END_OFFSET] = g->offset + g->raw_len;
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
        const char *text;
        size_t len;
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
        arb_status ws = arb_pgn_write_game(w->writer, g, &text, &len);
        if (ws.code == 0) {
            arb_strbuf_append(&out->text[TEXT_OUT], text, len);
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
static bool emit(void *ctx, const arb_pgn_output *out)
{
    struct run *run = ctx;
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
    if (out->count[COUNT_END_OFFSET])
        run->file_bytes = out->count[COUNT_END_OFFSET];
    progress_update(&run->progress, run->n.read, run->file_bytes);
    return !outfile_failed(run->out) && !(run->rejects && outfile_failed(run->rejects));
}

/* Converts one input; returns false on an input failure. */
static bool convert_file(struct run *run, const char *path)
{
    const options *o = run->o;
    arb_input *in;
    arb_status st = arb_input_open(path, &in);
    if (st.code) {
        if (o->json) {
            arb_strbuf t = {0};
            report(o, &t, strcmp(path, "-") == 0 ? "<stdin>" : path, ARB_PGN_ERROR, 0, 0, st.message);
            fwrite(t.data, 1, t.len, stderr);
            arb_strbuf_free(&t);
        } else {
            fprintf(stderr, PROGRAM ": %s\n", st.message);
        }
        return false;
    }
    char name[4096];
    snprintf(name, sizeof name, "%s", arb_input_name(in));
    static const arb_pgn_parallel_ops ops = {worker_start, worker_stop, convert_game, emit};
    arb_pgn_parallel_options parallel = {.jobs = o->jobs};
    run->file_bytes = 0;
    int rc = arb_pgn_read_parallel(in, &o->read, &parallel, &ops, run, &st);
    progress_next_file(&run->progress, run->file_bytes);
    if (rc != ARB_PGN_READ_FAILED)
        return true;
    if (st.code) {
        arb_strbuf t = {0};
        report(o, &t, name, ARB_PGN_ERROR, st.line, st.col, st.message);
        fwrite(t.data, 1, t.len, stderr);
        arb_strbuf_free(&t);
    }
    return false;
}

/* Options that take a value (the others take none). */
static const char *const one_value[] = {"--to", "--columns", "-o", "--output", "--rejects", "--from", "--prefer",
                                        "--encoding", "--max-depth", "-j", "--jobs", "--max-game-bytes", "--add-tags",
                                        NULL};
static const args_spec conv_args = {one_value, NULL, NULL};

/* Returns the index of the first file argument, or -1 after a usage error,
 * or 0 when the run is already over (--help, --version).  argv has one
 * option per word (args_expand). */
static int parse_args(int argc, char **argv, options *o)
{
    int i = 1;
    for (; i < argc; i++) {
        const char *a = argv[i];
        const char *value = NULL;
        if (strcmp(a, "--") == 0)
            return i + 1;
        if (a[0] != '-' || strcmp(a, "-") == 0)
            break;
        if (args_values(&conv_args, a)) {
            if (i + 1 >= argc) {
                return usage_error(PROGRAM, "option %s needs a value", a);
            }
            value = argv[++i];
        }
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--version") == 0) {
            printf(PROGRAM " " ARB_VERSION "\n");
            return 0;
        } else if (strcmp(a, "--to") == 0) {
            if (strcmp(value, "san") == 0)
                o->write.notation = ARB_PGN_NOTATION_SAN;
            else if (strcmp(value, "lan") == 0)
                o->write.notation = ARB_PGN_NOTATION_LAN;
            else if (strcmp(value, "uci") == 0)
                o->write.notation = ARB_PGN_NOTATION_UCI;
            else if (strcmp(value, "fan") == 0)
                o->write.notation = ARB_PGN_NOTATION_FAN;
            else if (strcmp(value, "spoken") == 0 || strncmp(value, "spoken:", 7) == 0) {
                o->write.notation = ARB_PGN_NOTATION_SPOKEN;
                o->to_spoken = value[6] ? value + 7 : "";
            } else if (strcmp(value, "json") == 0)
                o->export_format = ARB_PGN_EXPORT_JSON;
            else if (strcmp(value, "csv") == 0)
                o->export_format = ARB_PGN_EXPORT_CSV;
            else if (strcmp(value, "epd") == 0)
                o->export_format = ARB_PGN_EXPORT_EPD;
            else if (value[0] == '\0') {
                return usage_error(PROGRAM, "--to: expected san, lan, uci, fan or a locale code");
            } else {
                o->write.notation = ARB_PGN_NOTATION_LOCALE;   /* checked once the locales are loaded */
                o->to_locale = value;
            }
        } else if (strcmp(a, "--columns") == 0) {
            if (value[0] == '\0' || strstr(value, ",,") || value[0] == ',' || value[strlen(value) - 1] == ',') {
                return usage_error(PROGRAM, "--columns %s: expected column names separated by commas", value);
            }
            o->columns = value;
        } else if (strcmp(a, "--from") == 0) {
            if (value[0] == '\0') {
                return usage_error(PROGRAM, "--from: expected auto, san or a locale code such as ro");
            }
            o->from = value;
        } else if (strcmp(a, "--prefer") == 0) {
            o->prefer = value;
        } else if (strcmp(a, "--encoding") == 0) {
            o->encoding = value;
        } else if (strcmp(a, "--mark-detected") == 0) {
            o->read.mark_notation = true;
        } else if (strcmp(a, "--list-locales") == 0) {
            o->list_locales = true;
        } else if (strcmp(a, "--strip-comments") == 0) {
            o->write.strip_comments = true;
        } else if (strcmp(a, "--strip-variations") == 0) {
            o->write.strip_variations = true;
        } else if (strcmp(a, "--strip-nags") == 0) {
            o->write.strip_nags = true;
        } else if (strcmp(a, "--fix-results") == 0) {
            o->fix_results = true;
        } else if (strcmp(a, "--add-tags") == 0) {
            arb_status st = arb_computed_tags_parse(value, &o->add_tags);
            if (st.code) {
                fprintf(stderr, PROGRAM ": %s\n", st.message);
                return -1;
            }
        } else if (strcmp(a, "-o") == 0 || strcmp(a, "--output") == 0) {
            o->output = value;
        } else if (strcmp(a, "--rejects") == 0) {
            o->rejects = value;
        } else if (strcmp(a, "--max-depth") == 0) {
            if (!int_arg_parse(value, 1, 1000000, &o->read.max_depth)) {
                return usage_error(PROGRAM, "--max-depth %s: expected a number from 1 to 1000000",
                        value);
            }
        } else if (strcmp(a, "--max-game-bytes") == 0) {
            if (!size_arg_parse(value, &o->read.max_game_bytes)) {
                return usage_error(PROGRAM, "--max-game-bytes %s: expected a number of bytes from 1 up, "
                        "optionally followed by K, M or G (such as 512K or 64M)", value);
            }
        } else if (strcmp(a, "--jobs") == 0 || strcmp(a, "-j") == 0) {
            if (!int_arg_parse(value, 0, 256, &o->jobs)) {
                return usage_error(PROGRAM, "--jobs %s: expected a number from 0 to 256", value);
            }
        } else if (strcmp(a, "--null-moves") == 0) {
            o->read.null_moves_in_main_line = true;
        } else if (strcmp(a, "--strict") == 0) {
            o->strict = true;
        } else if (strcmp(a, "--progress") == 0) {
            o->progress = PROGRESS_ALWAYS;
        } else if (strcmp(a, "--no-progress") == 0) {
            o->progress = PROGRESS_NEVER;
        } else if (strcmp(a, "--json") == 0) {
            o->json = true;
        } else if (strcmp(a, "--repair") == 0) {
            o->repair = true;
        } else {
            return usage_error(PROGRAM, "unknown option %s", a);
        }
    }
    return i;
}

/* Display width of UTF-8 text (characters, not bytes). */
static size_t text_width(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

static void print_padded(const char *s, size_t width)
{
    fputs(s, stdout);
    for (size_t w = text_width(s); w < width; w++)
        putchar(' ');
}

/* --list-locales: code, piece letters in the order K Q R B N, names. */
static void list_locales(const arb_locale_set *set)
{
    print_padded("code", 11);
    print_padded("K Q R B N", 18);
    printf("name\n");
    for (size_t i = 0; i < arb_locales_count(set); i++) {
        const arb_locale *loc = arb_locales_at(set, i);
        char letters[128] = "";
        size_t o = 0;
        for (int k = ARB_KING; k >= ARB_KNIGHT; k--)
            o += (size_t)snprintf(letters + o, sizeof letters - o, "%s%s", o ? " " : "",
                                  arb_locale_piece(loc, k, 0));
        print_padded(arb_locale_code(loc), 11);
        print_padded(letters, 18);
        const char *english = arb_locale_english_name(loc);
        if (english[0] && strcmp(english, arb_locale_name(loc)) != 0)
            printf("%s (%s)\n", arb_locale_name(loc), english);
        else
            printf("%s\n", arb_locale_name(loc));
    }
}

/* What the notations of a run need: the locales, the grammar, and the
 * notation objects made from them. */
typedef struct notations {
    setup_from from;
    arb_notation *to;
    arb_notation *english;   /* --repair */
} notations;

static void notations_free(notations *n)
{
    arb_notation_free(n->to);
    arb_notation_free(n->english);
    setup_from_free(&n->from);
}

/* Sets up --from, --to LANG and --list-locales.  Returns -1 on trouble
 * (reported), 0 when the run is over (--list-locales), 1 to go on. */
static int setup_notations(options *o, notations *n)
{
    memset(n, 0, sizeof *n);
    bool from_san = o->from && strcmp(o->from, "san") == 0;
    bool required = o->list_locales || o->to_locale || o->to_spoken || (o->from && !from_san) || o->repair;
    if (!required && from_san)
        return 1;
    arb_status st = arb_locales_load(NULL, &n->from.locales);
    if (st.code == 0)
        st = arb_grammar_load(NULL, &n->from.grammar);
    if (st.code) {
        if (required) {
            fprintf(stderr, PROGRAM ": %s\n", st.message);
            return -1;
        }
        /* the default still converts SAN without the data files */
        fprintf(stderr, PROGRAM ": warning: national notations unavailable (%s); reading SAN only\n",
                st.message);
        return 1;
    }
    if (o->list_locales) {
        list_locales(n->from.locales);
        return 0;
    }
    if (o->to_locale) {
        /* --to descriptive: the first descriptive locale (en-x-desc) */
        for (size_t i = 0; strcmp(o->to_locale, "descriptive") == 0 && i < arb_locales_count(n->from.locales); i++)
            if (arb_descriptive_locale(arb_locales_at(n->from.locales, i)))
                o->to_locale = arb_locale_code(arb_locales_at(n->from.locales, i));
        const arb_locale *loc = setup_find_locale(PROGRAM, n->from.locales, "--to", o->to_locale,
                                                  "san, lan, uci, fan, spoken, descriptive");
        if (!loc)
            return -1;
        if ((st = arb_notation_new(n->from.grammar, loc, &n->to)).code) {
            fprintf(stderr, PROGRAM ": %s\n", st.message);
            return -1;
        }
        o->write.locale = n->to;
    }
    if (o->to_spoken && !(o->write.spoken = arb_spoken_locale(n->from.locales, *o->to_spoken ? o->to_spoken : NULL))) {
        fprintf(stderr, PROGRAM ": --to spoken:%s: no locale with the words of FIDE Appendix D.2.1, expected "
                        "spoken, or spoken:LANG with a locale whose file has a spoken: section\n", o->to_spoken);
        return -1;
    }
    if (o->repair) {
        const arb_locale *en = setup_find_locale(PROGRAM, n->from.locales, "--repair", "en", "");
        if (!en || (st = arb_notation_new(n->from.grammar, en, &n->english)).code) {
            if (en)
                fprintf(stderr, PROGRAM ": %s\n", st.message);
            return -1;
        }
        o->english = n->english;
    }
    /* without --from: SAN, and games SAN cannot read are detected */
    return setup_from_notation(PROGRAM, o->from, o->prefer, true, &n->from, &o->read)
           && setup_lenient(PROGRAM, o->strict, &n->from, &o->read)
           && setup_encoding(PROGRAM, o->encoding, true, &o->read) ? 1 : -1;
}

static int convert_all(int argc, char **argv)
{
    options o;
    memset(&o, 0, sizeof o);
    o.jobs = 0;
    int first = parse_args(argc, argv, &o);
    if (first < 0)
        return EXIT_TROUBLE;
    if (first == 0)
        return fflush(stdout) == 0 ? EXIT_OK : EXIT_TROUBLE;
    notations nota;
    int ready = setup_notations(&o, &nota);
    if (ready <= 0) {
        notations_free(&nota);
        if (ready < 0)
            return EXIT_TROUBLE;
        return fflush(stdout) == 0 ? EXIT_OK : EXIT_TROUBLE;
    }
    if (o.jobs == 0)
        o.jobs = setup_default_jobs();   /* past 4 threads, output dominates */
    /* SAN is computed while the reader has the positions at hand */
    o.read.record_san = o.write.notation == ARB_PGN_NOTATION_SAN;
    if (o.output && o.rejects && strcmp(o.output, o.rejects) == 0 && strcmp(o.output, "-") != 0) {
        usage_error(PROGRAM, "-o and --rejects name the same file");
        return EXIT_TROUBLE;
    }
    arb_openings *openings = NULL;
    if (o.fix_results)
        o.add_tags |= ARB_TAG_RESULT;
    if (o.add_tags & (ARB_TAG_ECO | ARB_TAG_OPENING)) {
        arb_status st = arb_openings_load(NULL, &openings);
        if (st.code) {
            fprintf(stderr, PROGRAM ": %s\n", st.message);
            notations_free(&nota);
            return EXIT_TROUBLE;
        }
        o.openings = openings;
    }

    static char stdout_buffer[1 << 20];
    setvbuf(stdout, stdout_buffer, _IOFBF, sizeof stdout_buffer);

    /* written under temporary names, renamed only when the run succeeds */
    outfile *out = outfile_open(o.output, PROGRAM);
    outfile *rejects = out && o.rejects ? outfile_open(o.rejects, PROGRAM) : NULL;
    if (!out || (o.rejects && !rejects)) {
        outfile_close(out, false);
        notations_free(&nota);
        arb_openings_free(openings);
        return EXIT_TROUBLE;
    }
    struct run run = {.o = &o, .out = out, .rejects = rejects};
    if (o.export_format == ARB_PGN_EXPORT_CSV) {
        arb_strbuf header = {0};
        bool ok = arb_pgn_export_csv_header(o.columns, &header) && outfile_write(out, header.data, header.len);
        arb_strbuf_free(&header);
        if (!ok) {
            outfile_close(out, false);
            outfile_close(rejects, false);
            notations_free(&nota);
            return EXIT_TROUBLE;
        }
    }
    /* folders stand for the PGN files under them */
    input_list inputs;
    if (!inputs_expand(PROGRAM, argv + first, argc - first, &inputs)) {
        outfile_close(out, false);
        if (rejects)
            outfile_close(rejects, false);
        notations_free(&nota);
        return EXIT_TROUBLE;
    }
    progress_init(&run.progress, PROGRAM, o.progress, inputs.paths, inputs.count);
    bool trouble = inputs.trouble;
    if (first >= argc) {
        trouble |= !convert_file(&run, "-");
    } else {
        for (int i = 0; i < inputs.count; i++)
            trouble |= !convert_file(&run, inputs.paths[i]);
    }
    inputs_free(&inputs);
    counts n = run.n;
    progress_done(&run.progress);
    notations_free(&nota);
    arb_openings_free(openings);

    trouble |= outfile_failed(out) || (rejects && outfile_failed(rejects));
    n.output_failed = outfile_failed(out);
    /* a failed run leaves no half-written output behind */
    bool in_place = outfile_in_place(out);
    bool out_kept = outfile_close(out, !trouble) && !trouble;
    n.output_failed |= !out_kept && !trouble;   /* the close or the rename failed */
    trouble |= !out_kept;
    if (rejects)
        trouble |= !outfile_close(rejects, !trouble);
    if (!in_place && !out_kept) {
        /* the file was not made: nothing reached it */
        n.unwritten += n.written;
        n.written = n.national = 0;
    }

    print_summary(&o, &n);
    if (trouble)
        return EXIT_TROUBLE;
    return n.rejected ? EXIT_REJECTED : EXIT_OK;
}

int main(int argc, char **argv)
{
    char error[128], *pool = NULL;
    char **args = args_expand(argc, argv, &conv_args, &argc, &pool, error, sizeof error);
    if (!args) {
        fprintf(stderr, PROGRAM ": %s\n", error[0] ? error : "out of memory");
        return EXIT_TROUBLE;
    }
    int status = convert_all(argc, args);
    free(args);
    free(pool);
    return status;
}
