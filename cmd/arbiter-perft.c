/* arbiter-perft — count move paths (perft) to check the move generator.
 *
 *   arbiter-perft [--chess960] [--divide] [--strict] [--hash MB] [--json] [--time] FEN DEPTH
 *   arbiter-perft --suite FILE [--max-depth D] [--jobs N] [--strict] [--hash MB]
 *                 [--verbose] [--json] [--time]
 *
 * Everything chess lives in lib/ (fen, perft, san); this file only handles
 * arguments, the single position and exit codes (suite files, their threads
 * and output: cmd/common/perft_suite.h, perft_suite_file.h, perft_out.h):
 *   0 every count computed (and, with --suite, every count matched)
 *   1 a suite had a mismatch or a line that could not be checked
 *   2 usage error, unreadable file, invalid FEN or depth on the command line
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"
#include "common/perft_count.h"
#include "common/perft_out.h"
#include "common/perft_suite.h"
#include "common/size_arg.h"
#include "common/optable.h"
#include "common/usage.h"

#define PROGRAM PERFT_PROGRAM
#define MAX_DEPTH PERFT_MAX_DEPTH

enum { EXIT_OK = PERFT_EXIT_OK, EXIT_USAGE = PERFT_EXIT_USAGE };

typedef perft_options options;

/* ---- single position ---------------------------------------------------- */

typedef struct divide_row {
    char uci[ARB_SAN_MAX];
    uint64_t count;
} divide_row;

typedef struct divide_table {
    const arb_position *root;
    int count;
    divide_row rows[ARB_MAX_MOVES];
} divide_table;

static void collect_divide_row(arb_move move, uint64_t count, void *ctx)
{
    divide_table *table = ctx;
    if (table->count >= ARB_MAX_MOVES)
        return;
    divide_row *row = &table->rows[table->count++];
    arb_uci_write(table->root, move, row->uci);
    row->count = count;
}

static int compare_rows(const void *a, const void *b)
{
    return strcmp(((const divide_row *)a)->uci, ((const divide_row *)b)->uci);
}

static int run_position(const options *opt, const char *fen, int depth)
{
    arb_position pos;
    arb_status st = arb_fen_parse_with(fen, &pos, perft_fen_flags(opt));
    if (st.code != ARB_FEN_OK) {
        perft_report_bad_fen(fen, &st);
        return EXIT_USAGE;
    }
    if (opt->chess960)
        pos.chess960 = 1;

    double start = perft_now_seconds();
    uint64_t total;
    if (depth == 0) {
        total = 1;
    } else if (opt->divide) {
        divide_table *table = malloc(sizeof *table);
        if (!table) {
            fprintf(stderr, PROGRAM ": out of memory\n");
            return EXIT_USAGE;
        }
        table->root = &pos;
        table->count = 0;
        total = arb_perft_divide(&pos, depth, collect_divide_row, table);
        qsort(table->rows, (size_t)table->count, sizeof table->rows[0], compare_rows);
        for (int i = 0; i < table->count; i++)
            if (opt->json)
                printf("{\"move\":\"%s\",\"nodes\":%" PRIu64 "}\n", table->rows[i].uci,
                       table->rows[i].count);
            else
                printf("%s %" PRIu64 "\n", table->rows[i].uci, table->rows[i].count);
        free(table);
    } else {
        arb_perft_table *table = perft_new_table(opt);
        total = perft_count_nodes(&pos, depth, table);
        arb_perft_table_free(table);
    }
    double seconds = perft_now_seconds() - start;
    if (opt->json) {
        printf("{\"fen\":");
        perft_json_string(fen);
        printf(",\"depth\":%d,\"nodes\":%" PRIu64 "}\n", depth, total);
    } else {
        printf("%" PRIu64 "\n", total);
    }
    if (opt->time)
        perft_print_rate(total, seconds);
    return EXIT_OK;
}

/* ---- arguments ------------------------------------------------------------ */

/* fmt has at most one %s, for arg */
static int bad_usage(const char *fmt, const char *arg)
{
    usage_error(PROGRAM, fmt, arg ? arg : "");
    return EXIT_USAGE;
}

#define AT(field) .offset = offsetof(options, field), .size = sizeof(((options *)0)->field)
static const opt_row rows[] = {
    {"--chess960", OPT_TRUE, AT(chess960),
     .help = "treat the position as Chess960 (castling moves are then\n"
             "written king-takes-rook, e.g. e1h1); automatic when the\n"
             "castling field or the king/rook squares say so"},
    {"--divide", OPT_TRUE, AT(divide),
     .help = "print 'move count' for each root move (UCI, sorted), then\n"
             "the total"},
    {"--strict", OPT_TRUE, AT(strict),
     .help = "reject positions that cannot arise in a game (too many\n"
             "pieces, impossible checks); by default only what the\n"
             "move generator needs is checked, as perft suites hold\n"
             "such positions on purpose"},
    {"--hash", OPT_INT, AT(hash_mb), .max = 1 << 20, .expected = "a size in MiB from 0 to 1048576", .arg = "MB",
     .help = "count repeated subtrees once, with a table of MB MiB\n"
             "(per thread); faster on deep trees"},
    {"--suite", OPT_WORD, AT(suite), .needs = "a FILE", .arg = "FILE",
     .help = "check every line 'FEN ;D1 n ;D2 n ...' of FILE (- = stdin);\n"
             "'#' lines and blank lines are skipped, a ';chess960 true'\n"
             "field forces Chess960; prints one line per mismatch and\n"
             "'N passed, M failed'"},
    {"--max-depth", OPT_INT, AT(max_depth), .max = MAX_DEPTH, .expected = "a number from 0 to 64", .arg = "D",
     .help = "with --suite, check only depths up to D"},
    OPT_ROW_JOBS(.usage = "--jobs N", .help = "with --suite, check N lines at once (0 = one per CPU)"),
    {"-v|--verbose", OPT_TRUE, AT(verbose), .usage = "--verbose",
     .help = "with --suite, report every line checked on stderr"},
    {"--json", OPT_TRUE, AT(json),
     .help = "write JSON Lines: one object per root move (--divide) or\n"
             "per suite line, then one with the total or the tally"},
    {"--time", OPT_TRUE, AT(time), .help = "print nodes, seconds and million nodes/s on stderr"},
    {0}};
static const char synopsis[] =
    "usage: arbiter-perft [--chess960] [--divide] [--strict] [--hash MB] [--json] [--time]\n"
    "                     FEN DEPTH\n"
    "       arbiter-perft --suite FILE [--max-depth D] [--jobs N] [--strict] [--hash MB]\n"
    "                     [--verbose] [--json] [--time]\n"
    "\n"
    "Counts the leaf nodes of the legal move tree of FEN to DEPTH plies (perft).\n"
    "FEN is one argument (quote it) or the word startpos; standard FEN, X-FEN and\n"
    "Shredder-FEN castling fields are accepted.\n"
    "\n";
static const char epilogue[] =
    "\n"
    "Exit status: 0 success, 1 suite mismatch or unusable suite line,\n"
    "2 usage error, unreadable file or invalid FEN/DEPTH.\n";
static const opt_spec spec = {PROGRAM, rows, true, synopsis, epilogue, 20};

int main(int argc, char **argv)
{
    options opt = { .max_depth = -1, .jobs = 1 };
    int npositional = opt_parse(&spec, argc, argv, &opt);
    if (npositional < 0)
        return npositional == OPT_DONE ? EXIT_OK : EXIT_USAGE;
    char **positional = argv + 1;

    if (opt.suite) {
        if (npositional)
            return bad_usage("--suite takes no FEN or DEPTH: %s", positional[0]);
        if (opt.divide)
            return bad_usage("--divide cannot be used with --suite", NULL);
        return perft_run_suite(&opt);
    }
    if (opt.max_depth >= 0 || opt.jobs != 1 || opt.verbose)
        return bad_usage("--max-depth, --jobs and --verbose need --suite", NULL);
    if (npositional < 2)
        return bad_usage(npositional ? "missing DEPTH" : "missing FEN and DEPTH", NULL);

    int depth;
    if (!int_arg_parse(positional[npositional - 1], 0, MAX_DEPTH, &depth))
        return bad_usage("DEPTH %s: expected a number from 0 to 64", positional[npositional - 1]);

    /* The FEN may also come as several words (unquoted): join them. */
    char fen[512] = "";
    size_t len = 0;
    for (int i = 0; i < npositional - 1; i++) {
        const char *word = strcmp(positional[i], "startpos") == 0 && npositional == 2
                               ? ARB_START_FEN : positional[i];
        size_t n = strlen(word);
        if (len + n + 2 > sizeof fen)
            return bad_usage("FEN too long", NULL);
        if (i)
            fen[len++] = ' ';
        memcpy(fen + len, word, n + 1);
        len += n;
    }
    return run_position(&opt, fen, (int)depth);
}
