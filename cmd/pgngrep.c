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
#include "common/args.h"
#include "common/inputs.h"
#include "common/outfile.h"
#include "common/progress.h"
#include "common/setup.h"
#include "common/size_arg.h"
#include "common/usage.h"
#include "grammar.h"
#include "grep.h"
#include "duplicates.h"
#include "openings.h"
#include "locales.h"
#include "notation.h"
#include "pgn_detect.h"
#include "pgn_parallel.h"
#include "pgn_read.h"
#include "pgn_write.h"
#include "profile.h"

#define PROGRAM "pgngrep"

enum { EXIT_MATCH = 0, EXIT_NO_MATCH = 1, EXIT_TROUBLE = 2 };

enum output_mode { OUT_GAMES = 0, OUT_COUNT, OUT_INDEX, OUT_QUIET, OUT_SPLIT, OUT_DUP_INDEX };

/* --duplicates / --unique: decided in input order by the main thread */
enum dup_select { DUP_OFF = 0, DUP_REPEATS, DUP_FIRSTS };

typedef struct options {
    int mode;                    /* enum output_mode */
    unsigned long long max_count;   /* -m */
    bool has_max_count;
    unsigned long long split_size;
    const char *split_prefix;
    unsigned long long first_game;
    bool normalize;
    bool ignore_case;
    int jobs;
    enum progress_mode progress; /* --progress, --no-progress */
    const char *laws;
    const char *from;            /* NULL: SAN; "auto"; or a locale code */
    const char *prefer;          /* --prefer, with --from auto */
    int dup;                     /* enum dup_select */
    int dup_mode;                /* enum arb_dup_mode */
    size_t dup_min_plies;        /* --duplicates=prefix:N */
    bool same_players;
    bool invert;                 /* -v, applied by emit when dup is on */
    const char *encoding;        /* --encoding: read converted to UTF-8 */
    bool strict;                 /* --strict: no lenient second reading */
    arb_pgn_reader_options read;
} options;

/* Output texts and counters of a batch of games (see pgn_parallel.h). */
enum { TEXT_OUT = 0, TEXT_MATCHES = 1, TEXT_ERR = 2,
       TEXT_LINES = 3 /* --duplicates: main-line hashes (duplicates.h) */ };
enum { COUNT_SELECTED = 0, COUNT_TROUBLE = 1,
       COUNT_END_OFFSET = 2 /* where the batch's last game ends, for the progress line */ };

/* One selected game in a batch: where its bytes end in TEXT_OUT and which
 * game of the batch it was (out->games, see pgn_parallel.h).  With
 * --duplicates every game has one, saying whether the other predicates
 * hold and how many hashes of its main line follow in TEXT_LINES (0: it
 * takes no part). */
typedef struct match {
    uint64_t end;
    uint64_t nth;
    uint32_t written;            /* its bytes are in TEXT_OUT (0: could not keep them) */
    int32_t line, col;
    uint32_t others;             /* --duplicates: the other predicates hold */
    uint64_t hashes;
} match;

/* An input of the run, for naming the game a duplicate repeats. */
typedef struct input_seen {
    char *name;
    unsigned long long first_ordinal;   /* games of the run before it */
} input_seen;

/* The split files: consecutive chunks of split_size games, each written
 * under a temporary name and renamed when complete (common/outfile.h). */
typedef struct splitter {
    outfile *out;
    char *path;
    unsigned long long in_file, files;
} splitter;

/* The whole run (main thread). */
struct run {
    const options *o;
    const arb_grep *selection;
    const char *name;            /* current input, for messages */
    bool many_files;
    unsigned long long file_games, file_selected;   /* in the current input */
    unsigned long long total_selected, total_games;
    uint64_t file_bytes;         /* of the current input, up to the last game emitted */
    progress progress;
    bool stop_all;               /* -q: the answer is known */
    bool trouble;
    /* what was written last, so that games that were not next to each other
     * in the input stay apart */
    unsigned long long last_ordinal;
    const char *last_input;
    bool wrote, ends_in_newline;
    splitter split;
    bool out_failed;
    arb_dup_table *dups;         /* --duplicates, --unique */
    input_seen *inputs;          /* --dup-index: every input so far */
    size_t input_count;
};

static void usage(FILE *out)
{
    fprintf(out,
        "usage: " PROGRAM " [PREDICATES] [OPTIONS] [FILE...]\n"
        "\n"
        "Writes the games of the PGN input (plain, or gzip, zstd, bzip2, xz or zip;\n"
        "standard input when no FILE or FILE is -) that satisfy every predicate,\n"
        "byte for byte as they were in the input.  With no predicate every game is\n"
        "selected: the output is the input.\n"
        "A FILE that is a folder stands for the PGN files under it (*.pgn, *.pgn.gz,\n"
        "...; recursively, in name order; other files skipped with a note).\n"
        "\n"
        "Predicates (all must hold):\n"
        "  --valid              every move (main line and variations) replays legally\n"
        "  --invalid            some move or tag cannot be read or replayed\n"
        "  --finding CODE       pgnlint reports CODE (illegal-move, result-mismatch,\n"
        "                       draw-claim, tag-missing, ...)\n"
        "  --termination KIND   pgnlint's termination: checkmate, stalemate, agreement,\n"
        "                       resignation, time-forfeit, threefold-claim, ...\n"
        "  --tag NAME=REGEX     a tag NAME whose value the PCRE2 REGEX matches\n"
        "                       (repeatable; NAME= only asks for the tag)\n"
        "  --tag NAME>=N        compare as numbers, or as dates for *Date tags:\n"
        "                       <, <=, >, >=, ==, ==LOW..HIGH (WhiteElo>=2500,\n"
        "                       Date==2019..2020.06; ?? date parts: all days must hold)\n"
        "  -i, --ignore-case    --tag and --opening patterns ignore case\n"
        "  --result R           result 1-0, 0-1, 1/2-1/2 or *\n"
        "  --plies MIN:MAX      main-line half-moves in range (MIN:, :MAX, N)\n"
        "  --chess960           Chess960 games\n"
        "  --position FEN       the main line passes through this position (same\n"
        "                       pieces, side to move, castling and e.p. rights)\n"
        "  --material SPEC      some main-line position has this material: KRPkr\n"
        "                       (exactly), KP+k (one pawn or more), KR*kr (and\n"
        "                       anything else for White)\n"
        "  --material-plies N   ... in N consecutive positions (default 1)\n"
        "  --fen-pattern BOARD  some main-line position fits BOARD: a FEN board where\n"
        "                       ? is any square, ! any man, A/a any white/black man,\n"
        "                       * a whole rank; \" w\" or \" b\" after it: side to move\n"
        "  --eco RANGE          the opening, by position (lichess table, as pgnconv\n"
        "                       --add-tags ECO; not the ECO tag), is in RANGE: B90,\n"
        "                       B9 (B90-B99), B, A00-B99\n"
        "  --opening REGEX      the opening's name matches the PCRE2 REGEX (-i too)\n"
        "  --from san|auto|LANG notation of the moves: SAN (default); auto detects it\n"
        "                       for every game, as pgnconv and pgnlint do; LANG (ro,\n"
        "                       de, ...) reads that locale's letters\n"
        "  --prefer LANGS       with --from auto, prefer these when several replay\n"
        "  --encoding NAME      read the input in this encoding (windows-1251, cp866,\n"
        "                       koi8-r, utf-16, ...), converted to UTF-8; without it\n"
        "                       games are passed on byte for byte\n"
        "  --laws NAME|auto     edition of the Laws for --finding/--termination\n"
        "  --duplicates[=exact|prefix[:N]]\n"
        "                       the main line (from the same start) repeats an earlier\n"
        "                       game's; with prefix also when one of the two lines is\n"
        "                       the other cut short, the shorter having N plies or more\n"
        "                       (default 20); games that cannot be replayed or have no\n"
        "                       move take no part\n"
        "  --unique             the first game of every main line (no duplicate)\n"
        "  --same-players       duplicates also have the same White, Black and Date\n"
        "  -v, --invert-match   select the games that do not satisfy them\n"
        "\n"
        "Output:\n"
        "  -c, --count          print the number of selected games only\n"
        "  --index              print the selected games' numbers, one per line\n"
        "  --dup-index          print \"N M\" for every duplicate: game N repeats game M\n"
        "                       (implies --duplicates)\n"
        "  -q, --quiet          print nothing; stop at the first selected game\n"
        "  -m, --max-count N    stop after N selected games (per input file)\n"
        "  --split N PREFIX     write chunks of N selected games to PREFIX-0001.pgn,\n"
        "                       PREFIX-0002.pgn, ... (a game is never cut)\n"
        "  --normalize          write games in PGN export format (games that cannot\n"
        "                       be replayed stay as they were)\n"
        "  --first-game N       number the first game of each input N (default 1),\n"
        "                       e.g. for chunks of a larger file\n"
        "  -j, --jobs N         read on N threads (default: one per processor, at\n"
        "                       most 4); the output is the same as with -j 1\n"
        "  --max-depth N        allow variations nested N deep (default 256)\n"
        "  --null-moves         accept null moves (-- or Z0) in the main line\n"
        "  --strict             no second reading of games refused as PGN as text\n"
        "                       from books and web pages (see pgnconv)\n"
        "  --max-game-bytes N   keep at most N bytes of a game's text (K, M, G: KiB,\n"
        "                       MiB, GiB; default 16M): a longer selected game is\n"
        "                       reported, not written\n"
        "  --progress, --no-progress\n"
        "                       show (or never show) a progress line on standard\n"
        "                       error (default: when it is a terminal, standard\n"
        "                       output is not, and the input is large)\n"
        "  --help, --version\n"
        "\n"
        "With several FILEs, -c and --index prefix each line with FILE: and -m counts\n"
        "per file.  Exit status: 0 some game selected, 1 none, 2 usage error,\n"
        "unreadable input or a selected game longer than --max-game-bytes.\n");
}

/* ---- outputs (main thread, in input order) ------------------------------------ */

static size_t max_game_bytes(const options *o)
{
    return o->read.max_game_bytes ? o->read.max_game_bytes : ARB_PGN_DEFAULT_MAX_GAME_BYTES;
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

/* Writes to a split file, or to standard output when `to` is NULL. */
static void write_bytes(struct run *run, outfile *to, const char *data, size_t len)
{
    if (len == 0 || run->out_failed)
        return;
    bool ok = to ? outfile_write(to, data, len) : fwrite(data, 1, len, stdout) == len;
    if (!ok) {
        if (!to)
            fprintf(stderr, PROGRAM ": cannot write standard output: %s\n", strerror(errno));
        run->out_failed = true;
        run->trouble = true;
        run->stop_all = true;
        return;
    }
    run->wrote = true;
    run->ends_in_newline = data[len - 1] == '\n';
}

static bool split_close(struct run *run)
{
    splitter *s = &run->split;
    if (!s->out)
        return true;
    /* a chunk takes its name only when every byte of it was written (the
     * games in it are whole even when the run fails later) */
    bool ok = outfile_close(s->out, true);
    if (!ok) {
        run->out_failed = true;
        run->trouble = true;
        run->stop_all = true;
    }
    s->out = NULL;
    return ok;
}

/* The file the next selected game goes to. */
static outfile *split_file(struct run *run)
{
    splitter *s = &run->split;
    if (s->out && s->in_file < run->o->split_size)
        return s->out;
    if (!split_close(run))
        return NULL;
    s->files++;
    s->in_file = 0;
    free(s->path);
    size_t n = strlen(run->o->split_prefix) + 32;
    s->path = malloc(n);
    if (!s->path) {
        fprintf(stderr, PROGRAM ": out of memory\n");
        run->trouble = run->stop_all = true;
        return NULL;
    }
    snprintf(s->path, n, "%s-%04llu.pgn", run->o->split_prefix, s->files);
    s->out = outfile_open(s->path, PROGRAM);   /* says why when it cannot */
    if (!s->out)
        run->trouble = run->stop_all = true;
    return s->out;
}

/* Writes one selected game's bytes where the mode sends them. */
static void write_game(struct run *run, unsigned long long ordinal, const char *data, size_t len)
{
    outfile *fp = NULL;
    if (run->o->mode == OUT_SPLIT) {
        fp = split_file(run);
        if (!fp)
            return;
        run->split.in_file++;
    }
    /* a game that followed another on the same line keeps it company only
     * when that one is written too */
    bool next_to_last = run->last_input == run->name && ordinal == run->last_ordinal + 1;
    if (run->wrote && !run->ends_in_newline && !next_to_last)
        write_bytes(run, fp, "\n", 1);
    write_bytes(run, fp, data, len);
    run->last_ordinal = ordinal;
    run->last_input = run->name;
}

static void print_line(struct run *run, unsigned long long value)
{
    if (run->many_files)
        printf("%s:%llu\n", run->name, value);
    else
        printf("%llu\n", value);
}

/* The game a duplicate repeats, as "N" or, with several inputs, "FILE:N". */
static void print_repeated(struct run *run, unsigned long long run_ordinal)
{
    size_t k = run->input_count;
    while (k > 1 && run->inputs[k - 1].first_ordinal > run_ordinal)
        k--;
    unsigned long long number = run->o->first_game + run_ordinal - run->inputs[k - 1].first_ordinal;
    if (run->many_files)
        printf("%s:%llu\n", run->inputs[k - 1].name, number);
    else
        printf("%llu\n", number);
}

/* --duplicates, --unique: whether the game of m is selected, deciding in
 * input order whether it repeats an earlier game of the run (*repeats: the
 * run's 0-based number of that game).  *line_at walks TEXT_LINES. */
static bool dup_selects(struct run *run, const arb_pgn_output *out, const match *m, size_t *line_at,
                        uint64_t *repeats)
{
    const options *o = run->o;
    bool dup = false;
    if (m->hashes) {
        const uint64_t *line = (const uint64_t *)(const void *)out->text[TEXT_LINES].data + *line_at;
        size_t n = (size_t)m->hashes;
        /* with prefix, the moves follow the hashes (duplicates.h) */
        bool prefix = o->dup_mode == ARB_DUP_PREFIX;
        const arb_move *moves = prefix ? (const arb_move *)(const void *)(line + n) : NULL;
        arb_status st;
        dup = arb_dup_check(run->dups, line, moves, n, run->total_games + m->nth, repeats, &st);
        if (st.code) {
            fprintf(stderr, PROGRAM ": %s\n", st.message);
            run->trouble = run->stop_all = true;
        }
        *line_at += n + (prefix ? (n * sizeof(arb_move) + 7) / 8 : 0);
    }
    bool wanted = m->others && (o->dup == DUP_REPEATS ? dup : !dup);
    return wanted != o->invert;
}

static bool emit(void *ctx, const arb_pgn_output *out)
{
    struct run *run = ctx;
    const options *o = run->o;
    if (out->text[TEXT_ERR].len)
        fwrite(out->text[TEXT_ERR].data, 1, out->text[TEXT_ERR].len, stderr);
    if (out->count[COUNT_TROUBLE])
        run->trouble = true;
    const match *m = (const match *)(const void *)out->text[TEXT_MATCHES].data;
    size_t n = out->text[TEXT_MATCHES].len / sizeof *m;
    uint64_t from = 0;
    size_t line_at = 0;
    bool go_on = true;
    for (size_t i = 0; i < n && go_on && !run->stop_all; i++) {
        if (o->has_max_count && run->file_selected >= o->max_count) {
            go_on = false;
            break;
        }
        unsigned long long ordinal = o->first_game + out->first + m[i].nth;
        uint64_t repeats = 0;
        if (o->dup && !dup_selects(run, out, &m[i], &line_at, &repeats)) {
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
                        run->name, m[i].line, m[i].col, ordinal, max_game_bytes(o));
                run->trouble = true;
            }
            break;
        case OUT_INDEX: print_line(run, ordinal); break;
        case OUT_DUP_INDEX:
            if (run->many_files)
                printf("%s:%llu ", run->name, ordinal);
            else
                printf("%llu ", ordinal);
            print_repeated(run, repeats);
            break;
        case OUT_QUIET: run->stop_all = true; break;
        default: break;
        }
        from = m[i].end;
    }
    run->file_games = out->first + out->games;
    run->total_games += out->games;
    if (out->count[COUNT_END_OFFSET])
        run->file_bytes = out->count[COUNT_END_OFFSET];
    progress_update(&run->progress, run->total_games, run->file_bytes);
    if (o->has_max_count && run->file_selected >= o->max_count)
        go_on = false;
    return go_on && !run->stop_all;
}

/* ---- worker threads ------------------------------------------------------------ */

typedef struct worker {
    const options *o;
    arb_grep_matcher *matcher;
    arb_pgn_writer *writer;      /* --normalize */
} worker;

/* Workers read only the run's options and selection, which no one changes
 * while they run. */
static void *worker_start(void *ctx)
{
    const struct run *run = ctx;
    worker *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->o = run->o;
    w->matcher = arb_grep_matcher_new(run->selection);
    if (run->o->normalize)
        w->writer = arb_pgn_writer_new(NULL);
    return w;
}

static void worker_stop(void *state)
{
    worker *w = state;
    if (!w)
        return;
    arb_grep_matcher_free(w->matcher);
    arb_pgn_writer_free(w->writer);
    free(w);
}

static void select_game(void *state, const arb_pgn_game *g, arb_pgn_output *out)
{
    worker *w = state;
    uint64_t nth = out->games;
    out->count[COUNT_END_OFFSET] = g->offset + g->raw_len;
    if (!w || !w->matcher || (w->o->normalize && !w->writer)) {
        out->text[TEXT_ERR].failed = true;   /* out of memory at thread start */
        return;
    }
    arb_status st;
    /* (the linter's report numbers the game; pgngrep uses only its codes,
     * and a piece's worker does not know the game's number in the input) */
    bool selected = arb_grep_match(w->matcher, g, 1, &st);
    if (st.code) {
        arb_strbuf_printf(&out->text[TEXT_ERR], "%s:%d:%d: %s\n", g->source, g->line, g->col, st.message);
        out->count[COUNT_TROUBLE]++;
    }
    match m = {.nth = nth, .line = g->line, .col = g->col, .others = selected};
    if (w->o->dup) {
        /* every game is recorded; emit decides (with -v: also those whose
         * other predicates fail) */
        size_t plies = 0;
        bool exact = w->o->dup_mode == ARB_DUP_EXACT;
        if (arb_dup_eligible(g)
            && (!arb_dup_line(g, w->o->same_players, exact, &out->text[TEXT_LINES], &plies)
                || (!exact && !arb_dup_moves(g, &out->text[TEXT_LINES]))))
            return;   /* out of memory: the output counts as failed */
        m.hashes = exact ? plies > 0 : plies;
        selected = selected || w->o->invert;
    }
    if (!selected) {
        if (w->o->dup) {
            m.end = out->text[TEXT_OUT].len;
            arb_strbuf_append(&out->text[TEXT_MATCHES], (const char *)&m, sizeof m);
        }
        return;
    }
    out->count[COUNT_SELECTED]++;
    int mode = w->o->mode;
    if (mode == OUT_GAMES || mode == OUT_SPLIT) {
        arb_strbuf *t = &out->text[TEXT_OUT];
        const char *text = NULL;
        size_t len = 0;
        if (w->o->normalize && g->error_count == 0
            && arb_pgn_write_game(w->writer, g, &text, &len).code == 0) {
            arb_strbuf_append(t, text, len);
            m.written = 1;
        } else if (g->raw_complete && own_length(g->raw, g->raw_len) <= max_game_bytes(w->o)) {
            arb_strbuf_append(t, g->raw, g->raw_len);
            m.written = 1;
        }
        m.end = t->len;
    }
    arb_strbuf_append(&out->text[TEXT_MATCHES], (const char *)&m, sizeof m);
}

/* ---- files ------------------------------------------------------------------------ */

static void grep_file(struct run *run, const char *path)
{
    const options *o = run->o;
    arb_input *in;
    arb_status st = arb_input_open(path, &in);
    if (st.code) {
        fprintf(stderr, PROGRAM ": %s\n", st.message);
        run->trouble = true;
        return;
    }
    char name[4096];
    snprintf(name, sizeof name, "%s", arb_input_name(in));
    run->name = name;
    if (o->dup) {
        input_seen *more = realloc(run->inputs, (run->input_count + 1) * sizeof *more);
        char *copy = strdup(name);
        if (more)
            run->inputs = more;
        if (!more || !copy) {
            free(copy);
            fprintf(stderr, PROGRAM ": out of memory\n");
            run->trouble = run->stop_all = true;
            arb_input_close(in);
            return;
        }
        run->inputs[run->input_count++] = (input_seen){copy, run->total_games};
    }
    run->file_games = run->file_selected = 0;
    if (o->has_max_count && o->max_count == 0) {
        /* -m 0: nothing to select, nothing to read */
        arb_input_close(in);
        if (o->mode == OUT_COUNT)
            print_line(run, 0);
        return;
    }
    static const arb_pgn_parallel_ops ops = {worker_start, worker_stop, select_game, emit};
    /* spans (and the copy of the text they take) only when games are written */
    arb_pgn_parallel_options parallel = {.jobs = o->jobs,
                                         .raw_spans = o->mode == OUT_GAMES || o->mode == OUT_SPLIT};
    int rc = arb_pgn_read_parallel(in, &o->read, &parallel, &ops, run, &st);
    if (rc == ARB_PGN_READ_FAILED && st.code) {
        fprintf(stderr, "%s:%d:%d: %s\n", name, st.line, st.col, st.message);
        run->trouble = true;
    }
    progress_next_file(&run->progress, run->file_bytes);
    run->file_bytes = 0;
    if (o->mode == OUT_COUNT)
        print_line(run, run->file_selected);
    if (run->last_input == name) {
        /* a game that shared its last line with a game left out ends its line */
        bool last_of_input = run->last_ordinal + 1 == o->first_game + run->file_games;
        bool has_output = o->mode != OUT_SPLIT || run->split.out;
        if (has_output && !run->ends_in_newline && !(last_of_input && rc == ARB_PGN_READ_END))
            write_bytes(run, o->mode == OUT_SPLIT ? run->split.out : NULL, "\n", 1);
        run->last_input = NULL;   /* the name buffer is reused for the next file */
    }
}

/* ---- arguments ---------------------------------------------------------------------- */

static int bad_usage(const char *fmt, const char *arg, const char *arg2)
{
    return usage_error(PROGRAM, fmt, arg, arg2);
}

/* Options that take values (the others take none). */
static const char *const one_value[] = {
    "--finding", "--termination", "--tag", "--result", "--plies", "--position", "--from", "--eco", "--opening",
    "--material", "--material-plies", "--fen-pattern",
    "--prefer", "--encoding", "--laws", "-m", "--max-count", "--first-game", "-j", "--jobs", "--max-depth",
    "--max-game-bytes", NULL};
static const char *const two_values[] = {"--split", NULL};
static const char *const optional_value[] = {"--duplicates", NULL};
static const args_spec grep_args = {one_value, two_values, optional_value};

static bool takes_value(const char *a)
{
    return args_values(&grep_args, a) == 1;
}

/* Returns the index of the first file argument, or -1 on a usage error, or
 * 0 when the run is already over (--help, --version).  Predicates go to
 * `sel` as they come, so that their errors name the option. */
static int parse_args(int argc, char **argv, options *o, arb_grep *sel)
{
    bool invert = false, count = false, index = false, quiet = false, split = false;
    bool dup_index = false;
    /* -i applies to every --tag, wherever it stands: tags are compiled last */
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--") == 0)
            break;
        if (strcmp(argv[i], "-i") == 0 || strcmp(argv[i], "--ignore-case") == 0)
            o->ignore_case = true;
        else if (takes_value(argv[i]))
            i++;
    }
    int i = 1;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0) {
            i++;
            break;
        }
        if (a[0] != '-' || strcmp(a, "-") == 0)
            break;
        const char *value = NULL;
        if (takes_value(a)) {
            if (i + 1 >= argc)
                return bad_usage("option %s needs a value%s", a, "");
            value = argv[++i];
        }
        arb_status st = {0};
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--version") == 0) {
            printf(PROGRAM " " ARB_VERSION "\n");
            return 0;
        } else if (strcmp(a, "--valid") == 0) {
            st = arb_grep_add_valid(sel, true);
        } else if (strcmp(a, "--invalid") == 0) {
            st = arb_grep_add_valid(sel, false);
        } else if (strcmp(a, "--finding") == 0) {
            st = arb_grep_add_finding(sel, value);
        } else if (strcmp(a, "--termination") == 0) {
            st = arb_grep_add_termination(sel, value);
        } else if (strcmp(a, "--tag") == 0) {
            st = arb_grep_add_tag(sel, value, o->ignore_case);
        } else if (strcmp(a, "--result") == 0) {
            st = arb_grep_add_result(sel, value);
        } else if (strcmp(a, "--plies") == 0) {
            st = arb_grep_add_plies(sel, value);
        } else if (strcmp(a, "--chess960") == 0) {
            st = arb_grep_add_chess960(sel);
        } else if (strcmp(a, "--position") == 0) {
            st = arb_grep_add_position(sel, value);
        } else if (strcmp(a, "--material") == 0) {
            st = arb_grep_add_material(sel, value);
        } else if (strcmp(a, "--material-plies") == 0) {
            st = arb_grep_set_material_plies(sel, value);
        } else if (strcmp(a, "--fen-pattern") == 0) {
            st = arb_grep_add_fen_pattern(sel, value);
        } else if (strcmp(a, "--eco") == 0) {
            st = arb_grep_add_eco(sel, value);
        } else if (strcmp(a, "--opening") == 0) {
            st = arb_grep_add_opening(sel, value, o->ignore_case);
        } else if (strcmp(a, "--from") == 0) {
            o->from = strcmp(value, "san") == 0 ? NULL : value;
        } else if (strcmp(a, "--prefer") == 0) {
            o->prefer = value;
        } else if (strcmp(a, "--encoding") == 0) {
            o->encoding = value;
        } else if (strcmp(a, "--laws") == 0) {
            o->laws = value;
        } else if (strncmp(a, "--duplicates", 12) == 0 && (a[12] == '\0' || a[12] == '=')) {
            if (o->dup == DUP_FIRSTS)
                return bad_usage("--duplicates and --unique do not go together: choose one%s%s", "", "");
            unsigned long long min = 20;
            if (a[12] == '\0' || strcmp(a + 13, "exact") == 0)
                o->dup_mode = ARB_DUP_EXACT;
            else if (strcmp(a + 13, "prefix") == 0
                     || (strncmp(a + 13, "prefix:", 7) == 0 && count_arg_parse(a + 20, 1, 100000, &min)))
                o->dup_mode = ARB_DUP_PREFIX;
            else
                return bad_usage("%s: expected --duplicates, --duplicates=exact, --duplicates=prefix "
                                 "or --duplicates=prefix:N (N from 1 to 100000 plies)%s", a, "");
            o->dup_min_plies = (size_t)min;
            o->dup = DUP_REPEATS;
        } else if (strcmp(a, "--unique") == 0) {
            if (o->dup == DUP_REPEATS)
                return bad_usage("--duplicates and --unique do not go together: choose one%s%s", "", "");
            o->dup = DUP_FIRSTS;
        } else if (strcmp(a, "--same-players") == 0) {
            o->same_players = true;
        } else if (strcmp(a, "--dup-index") == 0) {
            dup_index = true;
        } else if (strcmp(a, "-i") == 0 || strcmp(a, "--ignore-case") == 0) {
            /* done above */
        } else if (strcmp(a, "-v") == 0 || strcmp(a, "--invert-match") == 0) {
            invert = true;
        } else if (strcmp(a, "-c") == 0 || strcmp(a, "--count") == 0) {
            count = true;
        } else if (strcmp(a, "--index") == 0) {
            index = true;
        } else if (strcmp(a, "-q") == 0 || strcmp(a, "--quiet") == 0 || strcmp(a, "--silent") == 0) {
            quiet = true;
        } else if (strcmp(a, "-m") == 0 || strcmp(a, "--max-count") == 0) {
            if (!count_arg_parse(value, 0, ULLONG_MAX, &o->max_count))
                return bad_usage("%s %s: expected a number of games", a, value);
            o->has_max_count = true;
        } else if (strcmp(a, "--split") == 0) {
            if (i + 2 >= argc)
                return bad_usage("--split needs a number of games and a file name prefix%s%s", "", "");
            if (!count_arg_parse(argv[i + 1], 1, ULLONG_MAX, &o->split_size))
                return bad_usage("--split %s: expected a number of games from 1 up%s", argv[i + 1], "");
            o->split_prefix = argv[i + 2];
            i += 2;
            split = true;
        } else if (strcmp(a, "--normalize") == 0) {
            o->normalize = true;
        } else if (strcmp(a, "--first-game") == 0) {
            if (!count_arg_parse(value, 0, ULLONG_MAX, &o->first_game))
                return bad_usage("--first-game %s: expected a game number%s", value, "");
        } else if (strcmp(a, "-j") == 0 || strcmp(a, "--jobs") == 0) {
            unsigned long long n;
            if (!count_arg_parse(value, 0, 256, &n))
                return bad_usage("%s %s: expected a number from 0 to 256", a, value);
            o->jobs = (int)n;
        } else if (strcmp(a, "--max-depth") == 0) {
            unsigned long long n;
            if (!count_arg_parse(value, 1, 1000000, &n))
                return bad_usage("--max-depth %s: expected a number from 1 to 1000000%s", value, "");
            o->read.max_depth = (int)n;
        } else if (strcmp(a, "--max-game-bytes") == 0) {
            if (!size_arg_parse(value, &o->read.max_game_bytes))
                return bad_usage("--max-game-bytes %s: expected a number of bytes from 1 up, optionally "
                                 "followed by K, M or G (such as 512K or 64M)%s", value, "");
        } else if (strcmp(a, "--progress") == 0) {
            o->progress = PROGRESS_ALWAYS;
        } else if (strcmp(a, "--no-progress") == 0) {
            o->progress = PROGRESS_NEVER;
        } else if (strcmp(a, "--strict") == 0) {
            o->strict = true;
        } else if (strcmp(a, "--null-moves") == 0) {
            o->read.null_moves_in_main_line = true;
        } else if (strcmp(a, "-n") == 0) {
            return bad_usage("-n: games have numbers, not lines: --index prints them%s%s", "", "");
        } else {
            return bad_usage("unknown option %s%s", a, "");
        }
        if (st.code) {
            fprintf(stderr, PROGRAM ": %s\n", st.message);
            return -1;
        }
    }
    if (count + index + quiet + split + dup_index > 1)
        return bad_usage("-c, --index, --dup-index, -q and --split do not go together: choose one%s%s",
                         "", "");
    if (dup_index && (o->dup == DUP_FIRSTS || invert))
        return bad_usage("--dup-index lists duplicates: it does not go with --unique or -v%s%s", "", "");
    if (dup_index && o->dup == DUP_OFF)
        o->dup = DUP_REPEATS;
    if (o->same_players && o->dup == DUP_OFF)
        return bad_usage("--same-players qualifies --duplicates, --unique or --dup-index: give one "
                         "of them%s%s", "", "");
    o->mode = count ? OUT_COUNT : index ? OUT_INDEX : quiet ? OUT_QUIET : split ? OUT_SPLIT
            : dup_index ? OUT_DUP_INDEX : OUT_GAMES;
    /* with duplicates, -v applies to the whole decision, made by emit */
    o->invert = invert;
    arb_grep_set_invert(sel, invert && o->dup == DUP_OFF);
    return i;
}

/* What the run loaded: rule editions, locales, notations. */
typedef struct data {
    arb_profile_set *profiles;
    arb_openings *openings;      /* --eco, --opening */
    arb_lint_options lint;
    setup_from from;
} data;

static void data_free(data *d)
{
    setup_from_free(&d->from);
    arb_profiles_free(d->profiles);
    arb_openings_free(d->openings);
}

/* Loads what --finding/--termination (the rule editions) and --from (the
 * notations) need, and sets the reader's and linter's options; false after
 * a message. */
static bool load_data(options *o, data *d, bool lint, bool openings)
{
    memset(d, 0, sizeof *d);
    if (openings) {
        arb_status st = arb_openings_load(NULL, &d->openings);
        if (st.code) {
            fprintf(stderr, PROGRAM ": %s\n", st.message);
            return false;
        }
    }
    if (lint) {
        arb_status st = arb_profiles_load(NULL, &d->profiles);
        if (st.code) {
            fprintf(stderr, PROGRAM ": %s\n", st.message);
            return false;
        }
        d->lint.profiles = d->profiles;
        if (!setup_laws(PROGRAM, d->profiles, o->laws, &d->lint))
            return false;
    }
    if (!setup_from_notation(PROGRAM, o->from, o->prefer, false, &d->from, &o->read)
        || !setup_lenient(PROGRAM, o->strict, &d->from, &o->read)
        || !setup_encoding(PROGRAM, o->encoding, false, &o->read))
        return false;
    d->lint.notation = d->from.notation;
    return true;
}

int main(int argc, char **argv)
{
    options o;
    memset(&o, 0, sizeof o);
    o.first_game = 1;
    arb_grep *sel = arb_grep_new();
    if (!sel) {
        fprintf(stderr, PROGRAM ": out of memory\n");
        return EXIT_TROUBLE;
    }
    char *pool = NULL;
    char error[128];
    char **args = args_expand(argc, argv, &grep_args, &argc, &pool, error, sizeof error);
    if (!args) {
        arb_grep_free(sel);
        if (error[0])
            bad_usage("%s%s", error, "");
        else
            fprintf(stderr, PROGRAM ": out of memory\n");
        return EXIT_TROUBLE;
    }
    argv = args;
    int first = parse_args(argc, argv, &o, sel);
    if (first <= 0) {
        free(args);
        free(pool);
        arb_grep_free(sel);
        if (first < 0)
            return EXIT_TROUBLE;
        return fflush(stdout) == 0 ? EXIT_MATCH : EXIT_TROUBLE;
    }
    if (o.jobs == 0)
        o.jobs = setup_default_jobs();

    data d;
    int status = EXIT_TROUBLE;
    if (!load_data(&o, &d, arb_grep_needs_lint(sel), arb_grep_needs_openings(sel)))
        goto done;
    arb_grep_set_openings(sel, d.openings);
    if (d.profiles)
        arb_grep_set_lint_options(sel, &d.lint);
    /* replay only when a predicate or the output needs the moves */
    o.read.tags_only = !arb_grep_needs_replay(sel) && !o.normalize && o.dup == DUP_OFF;
    o.read.record_san = o.normalize;
    /* games pass on as written: what no predicate reads need not be kept */
    o.read.skip_items = !arb_grep_needs_moves(sel) && !o.normalize && o.dup == DUP_OFF;
    o.read.skip_tags = !arb_grep_needs_tags(sel) && !o.normalize && o.dup == DUP_OFF;
    /* games pass on as written: only pgnlint's checks read comments (draw offers) */
    o.read.skip_comments = !o.normalize && !arb_grep_needs_lint(sel);

    static char stdout_buffer[1 << 20];
    setvbuf(stdout, stdout_buffer, _IOFBF, sizeof stdout_buffer);

    /* folders stand for the PGN files under them */
    input_list inputs;
    if (!inputs_expand(PROGRAM, argv + first, argc - first, &inputs))
        goto done;
    struct run run = {.o = &o, .selection = sel, .many_files = inputs.count > 1, .trouble = inputs.trouble};
    if (o.dup && !(run.dups = arb_dup_table_new(o.dup_mode, o.dup_min_plies))) {
        fprintf(stderr, PROGRAM ": out of memory\n");
        goto done;
    }
    progress_init(&run.progress, PROGRAM, o.progress, inputs.paths, inputs.count);
    if (first >= argc) {
        grep_file(&run, "-");
    } else {
        for (int i = 0; i < inputs.count && !run.stop_all; i++)
            grep_file(&run, inputs.paths[i]);
    }
    inputs_free(&inputs);
    progress_done(&run.progress);
    split_close(&run);
    free(run.split.path);
    arb_dup_table_free(run.dups);
    for (size_t k = 0; k < run.input_count; k++)
        free(run.inputs[k].name);
    free(run.inputs);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        if (!run.out_failed)
            fprintf(stderr, PROGRAM ": cannot write standard output: %s\n", strerror(errno));
        run.trouble = true;
    }
    if (o.mode == OUT_QUIET && run.total_selected)
        status = EXIT_MATCH;
    else if (run.trouble)
        status = EXIT_TROUBLE;
    else
        status = run.total_selected ? EXIT_MATCH : EXIT_NO_MATCH;
done:
    data_free(&d);
    arb_grep_free(sel);
    free(args);
    free(pool);
    return status;
}
