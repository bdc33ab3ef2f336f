/* pgnconv — PGN in, canonical PGN (export format) out.
 *
 *   pgnconv [--from auto|san|LANG] [--prefer LANGS] [--mark-detected]
 *           [--to san|lan|uci|fan|LANG] [--list-locales]
 *           [--strip-comments] [--strip-variations]
 *           [--strip-nags] [-o FILE] [--rejects FILE] [--max-depth N]
 *           [--null-moves] [--max-game-bytes N] [--jobs N] [--json] [FILE...]
 *
 * Reading, replaying, notation detection and writing live in lib/
 * (pgn_read, pgn_detect, pgn_write); the notations of a run are set up in
 * cmd/common/conv_setup, and a game is converted (or passed through when it
 * cannot be) and the summary written in cmd/common/conv_worker; this file
 * handles arguments, the outputs and the exit status:
 *   0 every game converted
 *   1 some games could not be converted (passed through or sent to --rejects)
 *   2 usage error, unreadable input or unwritable output
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"
#include "pgn_export.h"
#include "common/conv_setup.h"
#include "common/conv_worker.h"
#include "common/outfile.h"
#include "common/optable.h"
#include "common/runloop.h"
#include "common/setup.h"
#include "common/size_arg.h"
#include "common/usage.h"
#include "pgn_read.h"
#include "pgn_write.h"
#include "computed_tags.h"
#include "openings.h"

#define PROGRAM "pgnconv"

enum { EXIT_OK = 0, EXIT_REJECTED = 1, EXIT_TROUBLE = 2 };

typedef conv_options options;

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


int main(int argc, char **argv)
{
    options o;
    memset(&o, 0, sizeof o);
    o.jobs = 0;
    int operands = opt_parse(&spec, argc, argv, &o);
    if (operands < 0)
        return operands == OPT_DONE && fflush(stdout) == 0 ? EXIT_OK : EXIT_TROUBLE;
    conv_notations nota;
    int ready = conv_setup_notations(PROGRAM, &o, &nota);
    if (ready <= 0) {
        conv_notations_free(&nota);
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
            conv_notations_free(&nota);
            return EXIT_TROUBLE;
        }
        o.openings = openings;
    }

    /* the games reach standard output a batch at a time, each in one fwrite
     * that is flushed at once (conv_emit): a stdio buffer would only copy
     * every byte once more */
    setvbuf(stdout, NULL, _IONBF, 0);

    /* written under temporary names, renamed only when the run succeeds */
    outfile *out = outfile_open(o.output, PROGRAM);
    outfile *rejects = out && o.rejects ? outfile_open(o.rejects, PROGRAM) : NULL;
    if (!out || (o.rejects && !rejects)) {
        outfile_close(out, false);
        conv_notations_free(&nota);
        arb_openings_free(openings);
        return EXIT_TROUBLE;
    }
    conv_run run = {.o = &o, .out = out, .rejects = rejects};
    run.loop = (run_loop){.program = PROGRAM, .read = &o.read, .parallel = {.jobs = o.jobs},
                          .worker_size = sizeof(conv_worker), .worker_init = conv_worker_init,
                          .worker_free = conv_worker_free, .game = conv_worker_game, .emit = conv_emit,
                          .ctx = &run, .progress_mode = o.progress,
                          .message = o.json ? conv_input_message : NULL};
    if (o.export_format == ARB_PGN_EXPORT_CSV) {
        arb_strbuf header = {0};
        bool ok = arb_pgn_export_csv_header(o.columns, &header) && outfile_write(out, header.data, header.len);
        arb_strbuf_free(&header);
        if (!ok) {
            outfile_close(out, false);
            outfile_close(rejects, false);
            conv_notations_free(&nota);
            return EXIT_TROUBLE;
        }
    }
    if (!run_loop_inputs(&run.loop, argv + 1, operands)) {
        outfile_close(out, false);
        if (rejects)
            outfile_close(rejects, false);
        conv_notations_free(&nota);
        return EXIT_TROUBLE;
    }
    bool trouble = run.loop.trouble;
    conv_counts n = run.n;
    conv_notations_free(&nota);
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

    conv_print_summary(PROGRAM, &o, &n);
    if (trouble)
        return EXIT_TROUBLE;
    return n.rejected ? EXIT_REJECTED : EXIT_OK;
}
