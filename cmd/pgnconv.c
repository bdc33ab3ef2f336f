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
#include "common/outfile.h"
#include "common/locale_list.h"
#include "common/optable.h"
#include "common/runloop.h"
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
    run_loop loop;
};

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

static bool worker_init(void *state, void *ctx)
{
    worker *w = state;
    const options *o = w->o = ((const struct run *)ctx)->o;
    arb_mainline_init(&w->ml);
    arb_pgn_game_init(&w->fixed);
    return (w->writer = arb_pgn_writer_new(&o->write))
           && (!o->add_tags || (w->computed = arb_computed_tags_new(o->add_tags, o->openings)))
           && (!o->repair || (w->repairer = arb_repairer_new(NULL)));
}

static void worker_free(void *state)
{
    worker *w = state;
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
    const options *o = w->o;
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
    return !outfile_failed(run->out) && !(run->rejects && outfile_failed(run->rejects));
}

/* --json: the run loop's messages on an input as JSON lines. */
static void input_message(void *ctx, const char *file, int line, int col, const char *text)
{
    const struct run *run = ctx;
    arb_strbuf t = {0};
    report(run->o, &t, file, ARB_PGN_ERROR, line, col, text);
    fwrite(t.data, 1, t.len, stderr);
    arb_strbuf_free(&t);
}

/* --to: a move notation, a data format, or a locale (checked once the
 * locales are loaded). */
static int to_notation(void *target, const char *name, const char *value, const char *value2)
{
    options *o = target;
    static const char *const names[] = {"san", "lan", "uci", "fan"};
    static const int notations[] = {ARB_PGN_NOTATION_SAN, ARB_PGN_NOTATION_LAN, ARB_PGN_NOTATION_UCI,
                                    ARB_PGN_NOTATION_FAN};
    static const char *const formats[] = {"json", "csv", "epd"};
    static const int exports[] = {ARB_PGN_EXPORT_JSON, ARB_PGN_EXPORT_CSV, ARB_PGN_EXPORT_EPD};
    (void)value2;
    for (int i = 0; i < 4; i++)
        if (strcmp(value, names[i]) == 0) {
            o->write.notation = notations[i];
            return 0;
        }
    for (int i = 0; i < 3; i++)
        if (strcmp(value, formats[i]) == 0) {
            o->export_format = exports[i];
            return 0;
        }
    if (strcmp(value, "spoken") == 0 || strncmp(value, "spoken:", 7) == 0) {
        o->write.notation = ARB_PGN_NOTATION_SPOKEN;
        o->to_spoken = value[6] ? value + 7 : "";
        return 0;
    }
    if (value[0] == '\0')
        return usage_error(PROGRAM, "%s: expected san, lan, uci, fan or a locale code", name);
    o->write.notation = ARB_PGN_NOTATION_LOCALE;
    o->to_locale = value;
    return 0;
}

static int columns(void *target, const char *name, const char *value, const char *value2)
{
    (void)value2;
    if (value[0] == '\0' || strstr(value, ",,") || value[0] == ',' || value[strlen(value) - 1] == ',')
        return usage_error(PROGRAM, "%s %s: expected column names separated by commas", name, value);
    ((options *)target)->columns = value;
    return 0;
}

static int add_tags(void *target, const char *name, const char *value, const char *value2)
{
    (void)name, (void)value2;
    arb_status st = arb_computed_tags_parse(value, &((options *)target)->add_tags);
    if (st.code)
        fprintf(stderr, PROGRAM ": %s\n", st.message);
    return st.code ? -1 : 0;
}

#define AT(field) .offset = offsetof(options, field), .size = sizeof(((options *)0)->field)
static const opt_row rows[] = {
    OPT_ROW_FROM(.arg = "auto|san|spoken|LANG",
        .help = "notation of the input: auto detects it for every game\n"
                "by replaying it under each locale; san reads SAN only;\n"
                "LANG (ro, de, ru, sr-Cyrl, ...) reads that locale's\n"
                "letters in all FIDE Appendix C forms.  Default: SAN,\n"
                "and auto for a game with a token SAN cannot read;\n"
                "spoken reads the words of FIDE Appendix D.2.1\n"
                "(\"Springer Felix drei\"; a warning per game, refused\n"
                "with --strict)"),
    {"--prefer", OPT_STRING, AT(prefer), .arg = "LANGS",
     .help = "when several notations replay a game, prefer these\n"
             "(comma-separated codes; after the game's own Notation\n"
             "or Language tag)"},
    {"--mark-detected", OPT_TRUE, AT(read.mark_notation),
     .help = "record the notation read in a [Notation \"ro\"] tag"},
    {"--to", OPT_CALL_VALUE, .call = to_notation, .arg = "san|lan|uci|fan|LANG",
     .help = "move notation: SAN (default), long algebraic (Ng1-f3),\n"
             "UCI (g1f3), figurines (\u2658f3), or SAN in a locale's\n"
             "letters (Cf3 in ro)"},
    {"", OPT_NOTE, .usage = "--to descriptive",
     .help = "English descriptive notation (P-K4, N-KB3, PxP; the\n"
             "Spanish one is --to es-x-desc: P4R, C3AR)"},
    {"", OPT_NOTE, .usage = "--to spoken[:LANG]",
     .help = "FIDE Laws Appendix D.2.1, one announcement per line\n"
             "(\"1. Springer Felix drei\"), in the words LANG's Laws\n"
             "text prints (ca, de, ro, sl; default the first)"},
    {"", OPT_NOTE, .usage = "--to json|csv|epd",
     .help = "data instead of PGN: one JSON object per game (tags,\n"
             "moves in SAN and UCI, comments, NAGs, variations,\n"
             "%clk/%emt/%eval, final FEN), one CSV row per game,\n"
             "or one EPD line per position; games that cannot be\n"
             "replayed go to --rejects only"},
    {"--columns", OPT_CALL_VALUE, .call = columns, .arg = "LIST",
     .help = "CSV columns: tag names and game, result, plies, moves,\n"
             "uci, start_fen, final_fen (default: game, the Seven\n"
             "Tag Roster, WhiteElo, BlackElo, ECO, plies, moves)"},
    {"--list-locales", OPT_TRUE, AT(list_locales), .help = "list the locales (codes, piece letters, names) and exit"},
    {"--strip-comments", OPT_TRUE, AT(write.strip_comments), .help = "leave out comments"},
    {"--strip-variations", OPT_TRUE, AT(write.strip_variations), .help = "leave out variations"},
    {"--strip-nags", OPT_TRUE, AT(write.strip_nags), .help = "leave out NAGs and ! ? annotations"},
    {"--add-tags", OPT_CALL_VALUE, .call = add_tags, .arg = "LIST",
     .help = "set tags computed from the moves (comma-separated):\n"
             "ECO and Opening by position (lichess table; left out\n"
             "when no position is in it), PlyCount, FinalFEN"},
    {"--fix-results", OPT_TRUE, AT(fix_results),
     .help = "set the result the final position decides (checkmate,\n"
             "stalemate, dead position) where the game says another;\n"
             "each fix is reported"},
    {"-o|--output", OPT_STRING, AT(output), .arg = "FILE",
     .help = "write to FILE (replaced only when the run completes)"},
    {"--rejects", OPT_STRING, AT(rejects), .arg = "FILE",
     .help = "write games that cannot be converted to FILE instead\n"
             "of passing them through unchanged"},
    OPT_ROW_MAX_DEPTH(.help = "allow variations nested N deep (default 256)"),
    {"--null-moves", OPT_TRUE, AT(read.null_moves_in_main_line),
     .help = "accept null moves (-- or Z0) in the main line too"},
    {"--encoding", OPT_STRING, AT(encoding), .arg = "NAME",
     .help = "the input's character encoding (windows-1251, cp866,\n"
             "koi8-r, windows-1250, utf-16, latin2, ...); default:\n"
             "detected from the bytes; the output is UTF-8"},
    {"--strict", OPT_TRUE, AT(strict),
     .help = "read only PGN as the standard and FIDE Appendix C write\n"
             "it: no second reading of text from books and web pages\n"
             "(prose in brackets, results in words, look-alike\n"
             "letters, spaced moves, several pasted games)"},
    OPT_ROW_MAX_GAME_BYTES(
        .help = "keep at most N bytes of a game's text (K, M, G: KiB,\n"
                "MiB, GiB; default 16M): a longer game is still\n"
                "converted, but if it cannot be, it is reported and\n"
                "counted as rejected without its text"),
    OPT_ROWS_PROGRESS(
        .help = "show (or never show) a progress line on standard\n"
                "error; by default shown on a terminal for large input"),
    OPT_ROW_JOBS(
        .help = "convert on N threads (default: one per processor, at\n"
                "most 4; 1 = no threads); the output is the same"),
    {"--repair", OPT_TRUE, AT(repair),
     .help = "write a game that does not replay with its best repair\n"
             "(the fewest recording errors undone, as pgnrepair does)\n"
             "instead of passing it through"},
    {"--json", OPT_TRUE, AT(json), .help = "messages on standard error as JSON Lines"},
    {0}};
static const char synopsis[] =
    "usage: pgnconv [OPTIONS] [FILE...]\n"
    "\n"
    "Reads PGN games (plain, or gzip, zstd, bzip2, xz or zip by their first\n"
    "bytes; standard input when no FILE or FILE is -), replays every move of\n"
    "every line, and writes them in PGN export format.\n"
    "A FILE that is a folder stands for the PGN files under it (*.pgn, *.pgn.gz,\n"
    "...; recursively, in name order; other files skipped with a note).\n"
    "\n";
static const char epilogue[] =
    "\n"
    "Each problem is reported as FILE:LINE:COL: message on standard error, then\n"
    "a summary: games read, written, rejected.\n"
    "A game whose notation is in doubt (several notations replay it and read it\n"
    "differently, or none replays it) is reported with the move concerned.\n"
    "Exit status: 0 all games converted, 1 some games rejected,\n"
    "2 usage error or unreadable/unwritable file.\n";
static const opt_spec spec = {PROGRAM, rows, false, synopsis, epilogue, 23};

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
        locale_list_print(n->from.locales);
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

int main(int argc, char **argv)
{
    options o;
    memset(&o, 0, sizeof o);
    o.jobs = 0;
    int operands = opt_parse(&spec, argc, argv, &o);
    if (operands < 0)
        return operands == OPT_DONE && fflush(stdout) == 0 ? EXIT_OK : EXIT_TROUBLE;
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
    run.loop = (run_loop){.program = PROGRAM, .read = &o.read, .parallel = {.jobs = o.jobs},
                          .worker_size = sizeof(worker), .worker_init = worker_init,
                          .worker_free = worker_free, .game = convert_game, .emit = emit, .ctx = &run,
                          .progress_mode = o.progress, .message = o.json ? input_message : NULL};
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
    if (!run_loop_inputs(&run.loop, argv + 1, operands)) {
        outfile_close(out, false);
        if (rejects)
            outfile_close(rejects, false);
        notations_free(&nota);
        return EXIT_TROUBLE;
    }
    bool trouble = run.loop.trouble;
    counts n = run.n;
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
