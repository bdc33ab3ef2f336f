/* pgngrep — select games from PGN files and pass them on byte for byte.
 *
 *   pgngrep [PREDICATES] [-v] [-c | --index | -q | --split N PREFIX]
 *           [-m N] [--normalize] [--first-game N] [--max-game-bytes N] [-j N]
 *           [FILE...]
 *
 * The predicates live in lib/grep (grep.h), reading and the whole-stream
 * spans that make the output byte-exact in lib/pgn_parallel; this file
 * handles arguments, the outputs and the exit status, which is grep's:
 *   0 some game was selected
 *   1 no game was selected
 *   2 usage error, unreadable input, or a selected game that could not be
 *     written (with -q a selection still exits 0, as grep does)
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arbiter.h"
#include "common/dup_select.h"
#include "common/game_out.h"
#include "common/grep_worker.h"
#include "common/predicates.h"
#include "common/optable.h"
#include "common/runloop.h"
#include "common/setup.h"
#include "common/size_arg.h"
#include "common/usage.h"
#include "grep.h"
#include "pgn_parallel.h"
#include "pgn_read.h"

#define PROGRAM "pgngrep"

enum { EXIT_MATCH = 0, EXIT_NO_MATCH = 1, EXIT_TROUBLE = 2 };

enum output_mode { OUT_GAMES = 0, OUT_COUNT, OUT_INDEX, OUT_QUIET, OUT_SPLIT, OUT_DUP_INDEX };

typedef struct options {
    int mode;                    /* enum output_mode */
    unsigned long long max_count;   /* -m */
    bool has_max_count;
    unsigned long long split_size;
    const char *split_prefix;
    unsigned long long first_game;
    bool normalize;
    int jobs;
    enum progress_mode progress; /* --progress, --no-progress */
    dup_options dup;             /* --duplicates, --unique, --same-players */
    bool invert;                 /* -v, applied by emit when dup is on */
    bool count, index, quiet, dup_index;   /* -c, --index, -q, --dup-index */
    grep_predicates pred;        /* the predicates (-i, --from, --laws ... among them) */
    bool strict;                 /* --strict: no lenient second reading */
    arb_pgn_reader_options read;
} options;

/* The whole run (main thread). */
struct run {
    const options *o;
    grep_work work;              /* what the workers read */
    run_loop loop;               /* inputs; loop.name: the current one, for messages;
                                  * loop.stop: -q has its answer, or output failed */
    unsigned long long file_games, file_selected;   /* in the current input */
    unsigned long long total_selected, total_games;
    game_out out;                /* the selected games' bytes: stdout or --split files */
    dup_run dups;                /* --duplicates, --unique, --dup-index */
};

/* ---- outputs (main thread, in input order) ------------------------------------ */

/* Writes one selected game's bytes where the mode sends them. */
static void write_game(struct run *run, unsigned long long ordinal, const char *data, size_t len)
{
    game_out_write(&run->out, run->loop.name, ordinal, data, len);
    if (run->out.failed)
        run->loop.trouble = run->loop.stop = true;
}

static void print_line(struct run *run, unsigned long long value)
{
    if (run->loop.input_count > 1)
        printf("%s:%llu\n", run->loop.name, value);
    else
        printf("%llu\n", value);
}

/* --duplicates, --unique: whether the game of m is selected, deciding in
 * input order whether it repeats an earlier game of the run (*repeats: the
 * run's 0-based number of that game).  *line_at walks TEXT_LINES. */
static bool dup_selects(struct run *run, const arb_pgn_output *out, const grep_match *m, size_t *line_at,
                        uint64_t *repeats)
{
    const options *o = run->o;
    arb_status st;
    bool dup = arb_dup_record_check(run->dups.table, o->dup.mode, &out->text[TEXT_LINES], line_at, m->hashes,
                                    run->total_games + m->nth, repeats, &st);
    if (st.code) {
        fprintf(stderr, PROGRAM ": %s\n", st.message);
        run->loop.trouble = run->loop.stop = true;
    }
    bool wanted = m->others && (o->dup.select == DUP_REPEATS ? dup : !dup);
    return wanted != o->invert;
}

static bool emit(void *ctx, const arb_pgn_output *out)
{
    struct run *run = ctx;
    const options *o = run->o;
    if (out->text[TEXT_ERR].len)
        fwrite(out->text[TEXT_ERR].data, 1, out->text[TEXT_ERR].len, stderr);
    if (out->count[COUNT_TROUBLE])
        run->loop.trouble = true;
    const grep_match *m = (const grep_match *)(const void *)out->text[TEXT_MATCHES].data;
    size_t n = out->text[TEXT_MATCHES].len / sizeof *m;
    uint64_t from = 0;
    size_t line_at = 0;
    bool go_on = true;
    for (size_t i = 0; i < n && go_on && !run->loop.stop; i++) {
        if (o->has_max_count && run->file_selected >= o->max_count) {
            go_on = false;
            break;
        }
        unsigned long long ordinal = o->first_game + out->first + m[i].nth;
        uint64_t repeats = 0;
        if (o->dup.select && !dup_selects(run, out, &m[i], &line_at, &repeats)) {
            from = m[i].end;
            continue;
        }
        run->file_selected++;
        run->total_selected++;
        switch (o->mode) {
        case OUT_GAMES:
        case OUT_SPLIT:
            if (m[i].written) {
                write_game(run, ordinal, out->text[TEXT_OUT].data + from, (size_t)(m[i].end - from));
            } else {
                fprintf(stderr, "%s:%d:%d: game %llu is longer than %zu bytes (--max-game-bytes), "
                        "not written, expected a shorter game or a larger --max-game-bytes\n",
                        run->loop.name, m[i].line, m[i].col, ordinal, run->work.max_game_bytes);
                run->loop.trouble = true;
            }
            break;
        case OUT_INDEX: print_line(run, ordinal); break;
        case OUT_DUP_INDEX:
            if (run->loop.input_count > 1)
                printf("%s:%llu ", run->loop.name, ordinal);
            else
                printf("%llu ", ordinal);
            dup_run_print(&run->dups, repeats, o->first_game, run->loop.input_count > 1);
            break;
        case OUT_QUIET: run->loop.stop = true; break;
        default: break;
        }
        from = m[i].end;
    }
    run->file_games = out->first + out->games;
    run->total_games += out->games;
    if (o->has_max_count && run->file_selected >= o->max_count)
        go_on = false;
    return go_on && !run->loop.stop;
}

/* ---- worker threads (grep_worker.h) --------------------------------------------- */

static bool worker_init(void *state, void *ctx)
{
    return grep_worker_init(state, &((struct run *)ctx)->work);
}

/* ---- files ------------------------------------------------------------------------ */

/* Before an input: its name kept for --dup-index; false to skip it (-m 0). */
static bool file_begin(void *ctx, arb_input *in)
{
    struct run *run = ctx;
    const options *o = run->o;
    (void)in;
    if (o->dup.select && !dup_run_input(&run->dups, run->loop.name, run->total_games)) {
        run->loop.trouble = run->loop.stop = true;
        return false;
    }
    run->file_games = run->file_selected = 0;
    if (o->has_max_count && o->max_count == 0) {
        /* -m 0: nothing to select, nothing to read */
        if (o->mode == OUT_COUNT)
            print_line(run, 0);
        return false;
    }
    return true;
}

static void file_end(void *ctx, int read_status)
{
    struct run *run = ctx;
    const options *o = run->o;
    if (o->mode == OUT_COUNT)
        print_line(run, run->file_selected);
    game_out_end_input(&run->out, run->loop.name, o->first_game + run->file_games,
                       read_status == ARB_PGN_READ_END);
    if (run->out.failed)
        run->loop.trouble = run->loop.stop = true;
}

/* ---- arguments ---------------------------------------------------------------------- */

static int max_count(void *target, const char *name, const char *value, const char *value2)
{
    options *o = target;
    (void)value2;
    if (!count_arg_parse(value, 0, ULLONG_MAX, &o->max_count))
        return usage_error(PROGRAM, "%s %s: expected a number of games", name, value);
    o->has_max_count = true;
    return 0;
}

static int split(void *target, const char *name, const char *value, const char *value2)
{
    options *o = target;
    if (!count_arg_parse(value, 1, ULLONG_MAX, &o->split_size))
        return usage_error(PROGRAM, "%s %s: expected a number of games from 1 up", name, value);
    o->split_prefix = value2;
    return 0;
}

static int no_lines(void *target, const char *name, const char *value, const char *value2)
{
    (void)target, (void)value, (void)value2;
    return usage_error(PROGRAM, "%s: games have numbers, not lines: --index prints them", name);
}

#define AT(field) .offset = offsetof(options, field), .size = sizeof(((options *)0)->field)
static const opt_row rows[] = {
    PREDICATE_ROWS,
    DUP_SELECT_ROWS,
    {"-v|--invert-match", OPT_TRUE, AT(invert), .help = "select the games that do not satisfy them"},
    {"", OPT_NOTE,
     .help = "\n"
             "Output:"},
    {"-c|--count", OPT_TRUE, AT(count), .help = "print the number of selected games only"},
    {"--index", OPT_TRUE, AT(index), .help = "print the selected games' numbers, one per line"},
    {"--dup-index", OPT_TRUE, AT(dup_index),
     .help = "print \"N M\" for every duplicate: game N repeats game M\n"
             "(implies --duplicates)"},
    {"-q|--quiet|--silent", OPT_TRUE, AT(quiet), .usage = "-q, --quiet",
     .help = "print nothing; stop at the first selected game"},
    {"-m|--max-count", OPT_CALL_VALUE, .call = max_count, .arg = "N",
     .help = "stop after N selected games (per input file)"},
    {"--split", OPT_CALL_TWO, .call = split, .needs = "a number of games and a file name prefix", .arg = "N PREFIX",
     .help = "write chunks of N selected games to PREFIX-0001.pgn,\n"
             "PREFIX-0002.pgn, ... (a game is never cut)"},
    {"--normalize", OPT_TRUE, AT(normalize),
     .help = "write games in PGN export format (games that cannot\n"
             "be replayed stay as they were)"},
    {"--first-game", OPT_INT, AT(first_game), .max = ULLONG_MAX, .expected = "a game number", .arg = "N",
     .help = "number the first game of each input N (default 1),\n"
             "e.g. for chunks of a larger file"},
    OPT_ROW_JOBS(
        .help = "read on N threads (default: one per processor, at\n"
                "most 4); the output is the same as with -j 1"),
    OPT_ROW_MAX_DEPTH(.help = "allow variations nested N deep (default 256)"),
    {"--null-moves", OPT_TRUE, AT(read.null_moves_in_main_line),
     .help = "accept null moves (-- or Z0) in the main line"},
    {"--strict", OPT_TRUE, AT(strict),
     .help = "no second reading of games refused as PGN as text\n"
             "from books and web pages (see pgnconv)"},
    OPT_ROW_MAX_GAME_BYTES(
        .help = "keep at most N bytes of a game's text (K, M, G: KiB,\n"
                "MiB, GiB; default 16M): a longer selected game is\n"
                "reported, not written"),
    OPT_ROWS_PROGRESS(
        .help = "show (or never show) a progress line on standard\n"
                "error (default: when it is a terminal, standard\n"
                "output is not, and the input is large)"),
    {"-n", OPT_CALL, .call = no_lines},
    {0}};
static const char synopsis[] =
    "usage: pgngrep [PREDICATES] [OPTIONS] [FILE...]\n"
    "\n"
    "Writes the games of the PGN input (plain, or gzip, zstd, bzip2, xz or zip;\n"
    "standard input when no FILE or FILE is -) that satisfy every predicate,\n"
    "byte for byte as they were in the input.  With no predicate every game is\n"
    "selected: the output is the input.\n"
    "A FILE that is a folder stands for the PGN files under it (*.pgn, *.pgn.gz,\n"
    "...; recursively, in name order; other files skipped with a note).\n"
    "\n"
    "Predicates (all must hold):\n";
static const char epilogue[] =
    "\n"
    "With several FILEs, -c and --index prefix each line with FILE: and -m counts\n"
    "per file.  Exit status: 0 some game selected, 1 none, 2 usage error,\n"
    "unreadable input or a selected game longer than --max-game-bytes.\n";
static const opt_spec spec = {PROGRAM, rows, false, synopsis, epilogue, 23};

/* What the options say together: the output mode, and whether they go together. */
static int check_modes(options *o)
{
    if (o->count + o->index + o->quiet + (o->split_prefix != NULL) + o->dup_index > 1)
        return usage_error(PROGRAM, "-c, --index, --dup-index, -q and --split do not go together: choose one");
    if (o->dup_index && (o->dup.select == DUP_FIRSTS || o->invert))
        return usage_error(PROGRAM, "--dup-index lists duplicates: it does not go with --unique or -v");
    if (o->dup_index && o->dup.select == DUP_OFF)
        o->dup.select = DUP_REPEATS;
    if (o->dup.same_players && o->dup.select == DUP_OFF)
        return usage_error(PROGRAM, "--same-players qualifies --duplicates, --unique or --dup-index: give one "
                           "of them");
    o->mode = o->count ? OUT_COUNT : o->index ? OUT_INDEX : o->quiet ? OUT_QUIET : o->split_prefix ? OUT_SPLIT
            : o->dup_index ? OUT_DUP_INDEX : OUT_GAMES;
    /* with duplicates, -v applies to the whole decision, made by emit */
    arb_grep_set_invert(o->pred.sel, o->invert && o->dup.select == DUP_OFF);
    return 0;
}

int main(int argc, char **argv)
{
    options o = {.first_game = 1, .dup.program = PROGRAM};
    if (!grep_predicates_new(PROGRAM, &o.pred))
        return EXIT_TROUBLE;
    const arb_grep *sel = o.pred.sel;
    int operands = opt_parse(&spec, argc, argv, &o);
    if (operands >= 0 && check_modes(&o) < 0)
        operands = OPT_ERROR;
    if (operands < 0) {
        grep_predicates_free(&o.pred);
        return operands == OPT_DONE && fflush(stdout) == 0 ? EXIT_MATCH : EXIT_TROUBLE;
    }
    if (o.jobs == 0)
        o.jobs = setup_default_jobs();

    int status = EXIT_TROUBLE;
    if (!grep_predicates_load(&o.pred, o.strict, &o.read))
        goto done;
    /* replay only when a predicate or the output needs the moves */
    o.read.tags_only = !arb_grep_needs_replay(sel) && !o.normalize && o.dup.select == DUP_OFF;
    o.read.record_san = o.normalize;
    /* games pass on as written: what no predicate reads need not be kept */
    o.read.skip_items = !arb_grep_needs_moves(sel) && !o.normalize && o.dup.select == DUP_OFF;
    o.read.skip_tags = !arb_grep_needs_tags(sel) && !o.normalize && o.dup.select == DUP_OFF;
    /* games pass on as written: only pgnlint's checks read comments (draw offers) */
    o.read.skip_comments = !o.normalize && !arb_grep_needs_lint(sel);

    static char stdout_buffer[1 << 20];
    setvbuf(stdout, stdout_buffer, _IOFBF, sizeof stdout_buffer);

    bool keep_bytes = o.mode == OUT_GAMES || o.mode == OUT_SPLIT;
    size_t max_bytes = o.read.max_game_bytes ? o.read.max_game_bytes : ARB_PGN_DEFAULT_MAX_GAME_BYTES;
    struct run run = {.o = &o, .work = {.selection = sel, .dup = &o.dup, .invert = o.invert, .keep_bytes = keep_bytes,
                                        .normalize = o.normalize, .max_game_bytes = max_bytes},
                      .out = {.program = PROGRAM, .split_size = o.mode == OUT_SPLIT ? o.split_size : 0,
                              .split_prefix = o.split_prefix}};
    if (!dup_run_start(&run.dups, &o.dup))
        goto done;
    /* spans (and the copy of the text they take) only when games are written */
    run.loop = (run_loop){.program = PROGRAM, .read = &o.read,
                          .parallel = {.jobs = o.jobs, .raw_spans = keep_bytes},
                          .worker_size = sizeof(grep_worker), .worker_init = worker_init,
                          .worker_free = grep_worker_free, .game = grep_worker_game, .emit = emit, .ctx = &run,
                          .progress_mode = o.progress, .file_begin = file_begin, .file_end = file_end};
    if (!run_loop_inputs(&run.loop, argv + 1, operands))
        run.loop.trouble = true;
    if (!game_out_close(&run.out))
        run.loop.trouble = true;
    dup_run_free(&run.dups);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        if (!run.out.failed)
            fprintf(stderr, PROGRAM ": cannot write standard output: %s\n", strerror(errno));
        run.loop.trouble = true;
    }
    if (o.mode == OUT_QUIET && run.total_selected)
        status = EXIT_MATCH;
    else if (run.loop.trouble)
        status = EXIT_TROUBLE;
    else
        status = run.total_selected ? EXIT_MATCH : EXIT_NO_MATCH;
done:
    grep_predicates_free(&o.pred);
    return status;
}
