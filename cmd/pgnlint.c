/* pgnlint — replay every game like an arbiter and report irregularities by
 * FIDE article.
 *
 *   pgnlint [--format text|json|facts] [--laws NAME|auto] [--time-control CLASS]
 *           [--event FILE] [--lang LANG] [--continue] [--strict] [--no-suggest]
 *           [--color WHEN] [-j N] [--first-game N] [--max-game-bytes N]
 *           [--trf REPORT] [FILE...]
 *
 * Everything it reports comes from lib/ (pgn_read replays, lint checks,
 * findings formats, pgn_parallel threads and game numbers); this file
 * handles arguments, files, the summary and the exit status:
 *   0 no errors found (with --strict: no errors and no warnings)
 *   1 errors found (with --strict: errors or warnings)
 *   2 usage error, unreadable input or data files
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/args.h"
#include "common/inputs.h"
#include "common/progress.h"
#include "common/setup.h"
#include "common/size_arg.h"
#include "common/usage.h"
#include "arbiter.h"
#include "findings.h"
#include "report.h"
#include "lint.h"
#include "grammar.h"
#include "locales.h"
#include "notation.h"
#include "pgn_detect.h"
#include "pgn_parallel.h"
#include "pgn_read.h"
#include "profile.h"
#include "report_html.h"
#include "trf.h"
#include "trf_check.h"

#define PROGRAM "pgnlint"

enum { EXIT_CLEAN = 0, EXIT_FINDINGS = 1, EXIT_TROUBLE = 2 };

enum { FORMAT_TEXT = 0, FORMAT_JSON, FORMAT_FACTS, FORMAT_HTML };

typedef struct options {
    int format;              /* FORMAT_* */
    bool json;               /* format is JSON or facts: the summary goes to stderr */
    bool strict;
    int color;               /* -1 auto, 0 never, 1 always */
    const char *laws;        /* NULL = default edition, "auto" = by Date tag */
    int time_class;          /* -1 = from tags */
    const char *event;
    const char *lang;
    const char *trf;         /* --trf: the event's tournament report */
    const char *from;        /* --from: "san", "auto", a locale code; NULL: SAN, detecting games SAN cannot read */
    const char *prefer;      /* --prefer: locale codes preferred when several read a game */
    const char *encoding;    /* --encoding: NULL detects it */
    bool list_profiles;
    bool no_suggest;         /* do not read bad moves in national notations */
    bool dead_by_material;   /* --dead-by-material: 5.2.2 and 6.9 without the search */
    enum progress_mode progress; /* --progress, --no-progress */
    int jobs;                /* -j: threads; 0 = one per processor, at most 4 */
    unsigned long long first_game;   /* --first-game: number of each input's first game */
    arb_pgn_reader_options read;
} options;

typedef struct totals {
    unsigned long long games, clean, with_errors, with_warnings;
    unsigned long long report_errors, report_warnings;   /* --trf: findings of no game */
    bool trouble;
    bool stop;               /* standard output failed: nothing more can be reported */
    progress progress;
    uint64_t file_bytes;     /* of the current input, up to the last game emitted */
    FILE *games_out;         /* where the games' findings go: stdout, or for HTML a
                              * scratch file until the summary is written */
    arb_strbuf report_html;  /* --format html: the findings of the tournament report */
} totals;

static void usage(FILE *out)
{
    fprintf(out,
        "usage: " PROGRAM " [OPTIONS] [FILE...]\n"
        "\n"
        "Replays every game of the PGN files (plain, or gzip, zstd, bzip2, xz or zip;\n"
        "standard input when no FILE or FILE is -) the way an arbiter would and\n"
        "reports, per game, what is wrong, where, and which article of the FIDE Laws\n"
        "of Chess it concerns: illegal or ambiguous moves, moves after the end of the\n"
        "game, results that contradict the board, draw claims available, draw offers,\n"
        "illegal set-up positions, Chess960 start arrays and castling, missing or\n"
        "malformed tags.\n"
        "A FILE that is a folder stands for the PGN files under it (*.pgn, *.pgn.gz,\n"
        "...; recursively, in name order; other files skipped with a note).\n"
        "\n"
        "  --format text|json   findings as text lines grouped by game (default) or as\n"
        "                       JSON Lines (one object per finding and one per game)\n"
        "  --json               same as --format json\n"
        "  --format html        one self-contained HTML page (no scripts, nothing\n"
        "                       fetched): the summary (with --trf, per round), then\n"
        "                       every game with findings, each with a diagram of the\n"
        "                       position; prints well and reads on a phone\n"
        "  --format facts       instead of findings, one JSON line per game with the\n"
        "                       replay's facts (mate, stalemate, insufficient material,\n"
        "                       first threefold/fivefold/50/75-move ply, claims at the\n"
        "                       end), whatever the edition: for differential checks\n"
        "  --laws NAME|auto     edition of the Laws: fide-2023 (default), fide-2018,\n"
        "                       fide-2017, fide-2014, fide-2005; auto chooses by each\n"
        "                       game's Date tag\n"
        "  --time-control standard|rapid|blitz\n"
        "                       section of the Laws (default: from the TimeControl tag,\n"
        "                       else standard)\n"
        "  --event FILE         event regulations (YAML): draw offers, required tags\n"
        "  --trf REPORT         also check the games against the event's FIDE tournament\n"
        "                       report (TRF): every pairing played over the board has\n"
        "                       one game with the report's players, colours, round and\n"
        "                       result (trf-* findings), the report agrees with itself,\n"
        "                       and a summary per round ends the output; checks on one\n"
        "                       thread\n"
        "  --from san|auto|LANG notation of the moves: san (default) reads SAN; auto\n"
        "                       detects it for every game by replaying it under each\n"
        "                       locale; LANG (ro: R D T N C, de: K D T L S, ...) reads\n"
        "                       that locale's letters in all FIDE Appendix C forms\n"
        "  --prefer LANGS       when several notations replay a game, prefer these\n"
        "  --encoding NAME      the input's character encoding (windows-1251, cp866,\n"
        "                       koi8-r, windows-1250, utf-16, latin2, ...); default:\n"
        "                       detected from the bytes\n"
        "  --lang LANG          messages in this language where its locale has them;\n"
        "                       also preferred (after --prefer) among notations that\n"
        "                       read a game alike\n"
        "  --continue           go on after a move that cannot be replayed (the only legal\n"
        "                       move of that piece to that square, or the move the national\n"
        "                       notations agree on, replaces it, else the turn passes and\n"
        "                       later findings are marked as following it)\n"
        "  --strict             warnings also make the exit status 1\n"
        "  --dead-by-material   judge dead positions (5.2.2) and flag falls (6.9) by\n"
        "                       the material alone, without searching for a mate\n"
        "  -j, --jobs N         check on N threads (default: one per processor, at\n"
        "                       most 4); the output is the same as with -j 1\n"
        "  --first-game N       number the first game of each input N (default 1),\n"
        "                       e.g. for chunks of a larger file\n"
        "  --max-game-bytes N   longest game text kept, in bytes, K, M or G (default\n"
        "                       16M); a longer game is still checked, but reported on\n"
        "                       standard error, and its findings lack the moves as\n"
        "                       written\n"
        "  --progress, --no-progress\n"
        "                       show (or never show) a progress line on standard\n"
        "                       error; by default shown on a terminal for large input\n"
        "  --color auto|always|never\n"
        "                       colour in text output (default: auto, on a terminal)\n"
        "  --no-suggest         do not read a move that does not replay in the national\n"
        "                       notations (R king, C knight, ...) to suggest a move\n"
        "  --max-depth N        allow variations nested N deep (default 256)\n"
        "  --list-profiles      list the editions of the Laws available and exit\n"
        "  --help, --version\n"
        "\n"
        "Text output ends with a summary: games, clean, with errors, with warnings\n"
        "(on standard error with --format json).\n"
        "Exit status: 0 no errors, 1 errors found (with --strict also warnings),\n"
        "2 usage error, unreadable file or a game longer than --max-game-bytes.\n");
}

static int bad_usage(const char *fmt, const char *arg)
{
    return usage_error(PROGRAM, fmt, arg);
}

/* Options that take a value (the others take none). */
static const char *const one_value[] = {"--format", "--laws", "--event", "--trf", "--lang", "--color", "--from",
                                        "--prefer", "--encoding", "--time-control", "--max-depth", "-j", "--jobs",
                                        "--first-game", "--max-game-bytes", NULL};
static const args_spec lint_args = {one_value, NULL, NULL};

static bool takes_value(const char *a)
{
    return args_values(&lint_args, a) == 1;
}

/* Returns the index of the first file argument, or -1 on a usage error,
 * or 0 when the run is already over (--help, --version).  argv has one
 * option per word (args_expand). */
static int parse_args(int argc, char **argv, options *o)
{
    memset(o, 0, sizeof *o);
    o->color = -1;
    o->time_class = -1;
    o->first_game = 1;
    int i = 1;
    for (; i < argc; i++) {
        const char *a = argv[i];
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--") == 0) {
            i++;
            break;
        }
        if (a[0] != '-' || strcmp(a, "-") == 0)
            break;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--version") == 0) {
            printf(PROGRAM " " ARB_VERSION "\n");
            return 0;
        } else if (strcmp(a, "--json") == 0) {
            o->format = FORMAT_JSON;
            o->json = true;
        } else if (strcmp(a, "--progress") == 0) {
            o->progress = PROGRESS_ALWAYS;
        } else if (strcmp(a, "--no-progress") == 0) {
            o->progress = PROGRESS_NEVER;
        } else if (strcmp(a, "--strict") == 0) {
            o->strict = true;
        } else if (strcmp(a, "--continue") == 0) {
            o->read.skip_bad_moves = true;
        } else if (strcmp(a, "--no-suggest") == 0) {
            o->no_suggest = true;
        } else if (strcmp(a, "--dead-by-material") == 0) {
            o->dead_by_material = true;
        } else if (strcmp(a, "--list-profiles") == 0) {
            o->list_profiles = true;
        } else if (takes_value(a)) {
            if (!value)
                return bad_usage("%s needs a value", a);
            i++;
            unsigned long long n;
            if (strcmp(a, "-j") == 0 || strcmp(a, "--jobs") == 0) {
                if (!count_arg_parse(value, 0, 256, &n))
                    return bad_usage(strcmp(a, "-j") == 0 ? "-j %s: expected a number from 0 to 256"
                                                          : "--jobs %s: expected a number from 0 to 256",
                                     value);
                o->jobs = (int)n;
            } else if (strcmp(a, "--first-game") == 0) {
                if (!count_arg_parse(value, 0, ULLONG_MAX / 2, &o->first_game))
                    return bad_usage("--first-game %s: expected a game number (0 or more)", value);
            } else if (strcmp(a, "--max-game-bytes") == 0) {
                if (!size_arg_parse(value, &o->read.max_game_bytes))
                    return bad_usage("--max-game-bytes %s: expected a number of bytes from 1 up, "
                                     "optionally followed by K, M or G (such as 512K or 64M)", value);
            } else if (strcmp(a, "--format") == 0) {
                if (strcmp(value, "json") == 0)
                    o->format = FORMAT_JSON;
                else if (strcmp(value, "text") == 0)
                    o->format = FORMAT_TEXT;
                else if (strcmp(value, "facts") == 0)
                    o->format = FORMAT_FACTS;
                else if (strcmp(value, "html") == 0)
                    o->format = FORMAT_HTML;
                else
                    return bad_usage("--format %s: expected text, json, facts or html", value);
                o->json = o->format != FORMAT_TEXT;
            } else if (strcmp(a, "--laws") == 0) {
                o->laws = value;
            } else if (strcmp(a, "--event") == 0) {
                o->event = value;
            } else if (strcmp(a, "--trf") == 0) {
                o->trf = value;
            } else if (strcmp(a, "--lang") == 0) {
                o->lang = value;
            } else if (strcmp(a, "--from") == 0) {
                o->from = value;
            } else if (strcmp(a, "--prefer") == 0) {
                o->prefer = value;
            } else if (strcmp(a, "--encoding") == 0) {
                o->encoding = value;
            } else if (strcmp(a, "--color") == 0) {
                if (strcmp(value, "auto") == 0)
                    o->color = -1;
                else if (strcmp(value, "always") == 0)
                    o->color = 1;
                else if (strcmp(value, "never") == 0)
                    o->color = 0;
                else
                    return bad_usage("--color %s: expected auto, always or never", value);
            } else if (strcmp(a, "--time-control") == 0) {
                o->time_class = arb_time_class_parse(value);
                if (o->time_class < 0)
                    return bad_usage("--time-control %s: expected standard, rapid or blitz", value);
            } else {
                if (!count_arg_parse(value, 1, 1000000, &n))
                    return bad_usage("--max-depth %s: expected a number from 1 to 1000000", value);
                o->read.max_depth = (int)n;
            }
        } else {
            return bad_usage("unknown option %s", a);
        }
    }
    return i;
}

/* Compiles every locale for suggestions (the one the moves are read in,
 * `own`, "en" for SAN, is skipped where suggestions are made, and gives the
 * repair hint its letters); false (and nothing kept) when the data cannot be
 * loaded: suggestions are a help, not a need. */
static bool load_suggestions(const char *own, arb_locale_set **locales, arb_grammar **grammar,
                             arb_notation ***out, size_t *count)
{
    if (!*locales && arb_locales_load(NULL, locales).code)
        return false;
    if (!*grammar && arb_grammar_load(NULL, grammar).code)
        return false;
    size_t n = arb_locales_count(*locales);
    arb_notation **list = calloc(n ? n : 1, sizeof *list);
    if (!list)
        return false;
    size_t used = 0;
    for (size_t i = 0; i < n; i++) {
        const arb_locale *loc = arb_locales_at(*locales, i);
        (void)own;   /* kept too: the repair hint reads the game in its own letters */
        if (arb_notation_new(*grammar, loc, &list[used]).code == 0)
            used++;
    }
    *out = list;
    *count = used;
    return used > 0;
}

/* ---- worker threads (pgn_parallel.h) ------------------------------------------ */

/* Output texts and counters of a batch of games. */
enum { TEXT_OUT = 0, TEXT_ERR = 1 };
enum { COUNT_CLEAN = 0, COUNT_ERRORS = 1, COUNT_WARNINGS = 2, COUNT_TROUBLE = 3,
       COUNT_END_OFFSET = 4 /* where the batch's last game ends, for the progress line */ };

/* What every worker shares, read only while they run. */
typedef struct shared {
    const options *o;
    const arb_lint_options *lo;
    const arb_report_style *style;
    totals *t;               /* emit's, in the calling thread */
    arb_trf_check *trf;      /* --trf: with one job only (games in input order) */
} shared;

/* One worker's own state: the linter (position history for repetitions),
 * the report and a style whose game numbers go to the current output. */
typedef struct worker {
    const shared *sh;
    arb_linter *linter;
    arb_lint_report report;
    arb_report_style style;
    arb_pgn_output *out;     /* the output of the game being formatted */
} worker;

/* The game's number is known only when the games before it are counted:
 * its place is marked, and emit writes it (pgn_parallel.h). */
static bool write_game_number(const arb_report_style *style, const arb_lint_report *r, arb_strbuf *text)
{
    (void)r;
    worker *w = style->write_game_ctx;
    return arb_pgn_output_number(w->out, (int)(text - w->out->text));
}

static void *worker_start(void *ctx)
{
    const shared *sh = ctx;
    worker *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->sh = sh;
    w->linter = arb_linter_new();
    arb_lint_report_init(&w->report);
    w->style = *sh->style;
    w->style.write_game = write_game_number;
    w->style.write_game_ctx = w;
    return w;
}

static void worker_stop(void *state)
{
    worker *w = state;
    if (!w)
        return;
    arb_lint_report_free(&w->report);
    arb_linter_free(w->linter);
    free(w);
}

static void lint_one(void *state, const arb_pgn_game *g, arb_pgn_output *out)
{
    worker *w = state;
    out->count[COUNT_END_OFFSET] = g->offset + g->raw_len;
    if (!w || !w->linter) {
        out->text[TEXT_ERR].failed = true;   /* out of memory at thread start */
        return;
    }
    const options *o = w->sh->o;
    arb_strbuf *err = &out->text[TEXT_ERR];
    w->out = out;
    size_t limit = o->read.max_game_bytes ? o->read.max_game_bytes : ARB_PGN_DEFAULT_MAX_GAME_BYTES;
    if (!g->raw_complete || g->raw_len > limit) {
        /* the reader read it on (it may have dropped its text: findings
         * then cannot quote the moves as written); its own text's length,
         * not where the reader happened to refill, decides, so that the
         * report is the same with any -j */
        arb_strbuf_printf(err, "%s:%d:%d: game ", g->source, (int)g->line, (int)g->col);
        arb_pgn_output_number(out, TEXT_ERR);
        arb_strbuf_printf(err, " is longer than %zu bytes, expected a shorter game (--max-game-bytes); "
                          "checked all the same\n", limit);
        out->count[COUNT_TROUBLE]++;
    }
    /* (the index is the game's place in this batch: the report's number is
     * written by write_game_number) */
    arb_status ls = arb_lint_game(w->linter, g, out->games + 1, w->sh->lo, &w->report);
    if (ls.code) {
        arb_strbuf_printf(err, "%s:%d:%d: %s\n", g->source, (int)g->line, (int)g->col, ls.message);
        out->count[COUNT_TROUBLE]++;
    }
    if (w->sh->trf)
        arb_trf_check_game(w->sh->trf, g, &w->report);
    const arb_lint_report *r = &w->report;
    out->count[r->errors ? COUNT_ERRORS : r->warnings ? COUNT_WARNINGS : COUNT_CLEAN]++;
    arb_strbuf *text = &out->text[TEXT_OUT];
    if (o->format == FORMAT_JSON)
        arb_report_format_json(r, &w->style, text);
    else if (o->format == FORMAT_FACTS)
        arb_report_format_facts(r, &w->style, text);
    else if (o->format == FORMAT_HTML)
        arb_html_game(r, g, &w->style, text);
    else
        arb_report_format_text(r, &w->style, text);
}

/* ---- the calling thread ---------------------------------------------------------- */

static bool emit(void *ctx, const arb_pgn_output *out)
{
    const shared *sh = ctx;
    totals *t = sh->t;
    if (t->stop)
        return false;
    unsigned long long first = sh->o->first_game;
    if (out->text[TEXT_ERR].len)
        arb_pgn_output_write(out, TEXT_ERR, first, stderr);
    if (!arb_pgn_output_write(out, TEXT_OUT, first, t->games_out)) {
        fprintf(stderr, PROGRAM ": cannot write standard output: %s\n", strerror(errno));
        t->trouble = t->stop = true;
        return false;
    }
    if (out->count[COUNT_TROUBLE])
        t->trouble = true;
    t->games += out->games;
    t->clean += out->count[COUNT_CLEAN];
    t->with_errors += out->count[COUNT_ERRORS];
    t->with_warnings += out->count[COUNT_WARNINGS];
    if (out->count[COUNT_END_OFFSET])
        t->file_bytes = out->count[COUNT_END_OFFSET];
    progress_update(&t->progress, t->games, t->file_bytes);
    return true;
}

static void lint_file(const char *path, const options *o, shared *sh, totals *t)
{
    arb_input *in;
    arb_status st = arb_input_open(path, &in);
    if (st.code) {
        fprintf(stderr, PROGRAM ": %s\n", st.message);
        t->trouble = true;
        return;
    }
    char name[4096];
    snprintf(name, sizeof name, "%s", arb_input_name(in));
    static const arb_pgn_parallel_ops ops = {worker_start, worker_stop, lint_one, emit};
    arb_pgn_parallel_options parallel = {.jobs = o->jobs};
    int rc = arb_pgn_read_parallel(in, &o->read, &parallel, &ops, sh, &st);
    if (rc == ARB_PGN_READ_FAILED && st.code) {
        fprintf(stderr, "%s:%d:%d: %s\n", name, st.line, st.col, st.message);
        t->trouble = true;
    }
    progress_next_file(&t->progress, t->file_bytes);
    t->file_bytes = 0;
}

/* Findings of the tournament report itself (no game): a line naming the
 * report and what they are, then the findings. */
static void write_report_findings(const arb_lint_report *r, const char *what, const options *o,
                                  const arb_report_style *style, totals *t)
{
    if (r->count == 0)
        return;
    t->report_errors += r->errors;
    t->report_warnings += r->warnings;
    if (o->format == FORMAT_HTML) {
        arb_html_report_findings(r, what, style, &t->report_html);
        return;
    }
    arb_strbuf text;
    arb_strbuf_init(&text);
    if (o->format == FORMAT_TEXT)
        arb_strbuf_printf(&text, "%s%s: %s%s\n", style->color ? "\033[1m" : "", r->source, what,
                          style->color ? "\033[0m" : "");
    for (size_t i = 0; i < r->count; i++)
        if (o->format == FORMAT_TEXT)
            arb_finding_format_text(r, &r->findings[i], style, &text);
        else
            arb_finding_format_json(r, &r->findings[i], style, &text);
    if (fwrite(text.data, 1, text.len, stdout) != text.len || text.failed)
        t->trouble = true;
    arb_strbuf_free(&text);
}

/* --trf: reads the report (its problems on standard error: the games are
 * checked against what could be read) and checks it against itself. */
static arb_trf_check *start_trf_check(const options *o, const arb_report_style *style, totals *t,
                                      arb_trf **trf, arb_lint_report *scratch)
{
    arb_status st = arb_trf_load(o->trf, trf);
    if (st.code) {
        fprintf(stderr, PROGRAM ": %s\n", st.message);
        return NULL;
    }
    const arb_trf *r = *trf;
    for (size_t i = 0; i < r->diag_count; i++)
        fprintf(stderr, "%s:%d:%d: %s\n", r->source, (int)r->diags[i].line, (int)r->diags[i].col,
                r->diags[i].message);
    if (r->diags_dropped)
        fprintf(stderr, "%s: %zu more problems not shown\n", r->source, r->diags_dropped);
    if (r->diag_count)
        t->trouble = true;
    arb_trf_check *c = arb_trf_check_new(r);
    if (!c) {
        fprintf(stderr, PROGRAM ": out of memory\n");
        return NULL;
    }
    arb_trf_check_report(c, scratch);
    write_report_findings(scratch, "the report disagrees with itself", o, style, t);
    return c;
}

/* --trf, after the last game: the pairings without a game, then the
 * summary per round. */
static void finish_trf_check(arb_trf_check *c, const options *o, const arb_report_style *style, totals *t,
                             arb_lint_report *scratch)
{
    arb_trf_check_finish(c, scratch);
    write_report_findings(scratch, "pairings without a game", o, style, t);
    if (o->format == FORMAT_HTML)
        return;   /* the page has a summary of its own */
    arb_strbuf text;
    arb_strbuf_init(&text);
    if (o->format == FORMAT_TEXT)
        arb_trf_summary_format_text(c, &text);
    else
        arb_trf_summary_format_json(c, &text);
    if (fwrite(text.data, 1, text.len, stdout) != text.len || text.failed)
        t->trouble = true;
    arb_strbuf_free(&text);
}

/* --format html: the page, now that the summary is known: its head, the
 * summary, the report's findings, then the games kept aside in t->games_out. */
static void write_html(const options *o, const arb_trf *trf, const arb_trf_check *check, totals *t)
{
    char title[256];
    snprintf(title, sizeof title, "Arbiter's report%s%s", trf && trf->event[0] ? ": " : "",
             trf ? trf->event : "");
    arb_html_totals sum = {t->games, t->clean, t->with_errors, t->with_warnings, t->report_errors,
                           t->report_warnings};
    arb_strbuf page;
    arb_strbuf_init(&page);
    bool ok = arb_html_begin(title, &page) && arb_html_summary(&sum, check, &page) &&
              arb_strbuf_append(&page, t->report_html.data ? t->report_html.data : "", t->report_html.len) &&
              arb_strbuf_puts(&page, "<section id=\"games\">\n<h2>Games with findings</h2>\n");
    ok = ok && fwrite(page.data, 1, page.len, stdout) == page.len;
    char buf[1 << 16];
    size_t n;
    ok = ok && fflush(t->games_out) == 0 && fseek(t->games_out, 0, SEEK_SET) == 0;
    while (ok && (n = fread(buf, 1, sizeof buf, t->games_out)) > 0)
        ok = fwrite(buf, 1, n, stdout) == n;
    arb_strbuf_clear(&page);
    ok = ok && arb_strbuf_puts(&page, "</section>\n") && arb_html_end(&page) &&
         fwrite(page.data, 1, page.len, stdout) == page.len;
    if (!ok || page.failed) {
        fprintf(stderr, PROGRAM ": cannot write the HTML report: %s\n", strerror(errno));
        t->trouble = true;
    }
    arb_strbuf_free(&page);
    (void)o;
}

int main(int argc, char **argv)
{
    options o;
    char error[128], *pool = NULL;
    char **args = args_expand(argc, argv, &lint_args, &argc, &pool, error, sizeof error);
    if (!args) {
        if (error[0])
            bad_usage("%s", error);
        else
            fprintf(stderr, PROGRAM ": out of memory\n");
        return EXIT_TROUBLE;
    }
    argv = args;
    int first = parse_args(argc, argv, &o);
    if (first <= 0) {
        free(args);
        free(pool);
        return first == 0 ? EXIT_CLEAN : EXIT_TROUBLE;
    }

    arb_profile_set *profiles = NULL;
    arb_status st = arb_profiles_load(NULL, &profiles);
    if (st.code) {
        fprintf(stderr, PROGRAM ": %s\n", st.message);
        free(args);
        free(pool);
        return EXIT_TROUBLE;
    }
    int status = EXIT_CLEAN;
    setup_from sf = {0};             /* locales, grammar; --from: moves in the input */
    arb_notation *notation = NULL;   /* --lang: moves in messages */
    arb_notation **suggest = NULL;
    size_t suggest_count = 0;
    arb_event event;
    arb_report_style style = {0};
    arb_trf *trf = NULL;
    arb_trf_check *trf_check = NULL;
    arb_lint_report scratch;
    arb_lint_report_init(&scratch);
    input_list inputs = {0};
    totals t = {0};
    t.games_out = stdout;
    arb_strbuf_init(&t.report_html);
    arb_lint_options lo = {.profiles = profiles, .time_class_fixed = o.time_class >= 0, .time_class = o.time_class,
                           .dead_by_material_only = o.dead_by_material};

    if (o.list_profiles) {
        for (size_t i = 0; i < arb_profiles_count(profiles); i++) {
            const arb_profile *p = arb_profiles_at(profiles, i);
            printf("%-10s from %s  %s\n", p->name, p->effective, p->title);
        }
        goto done;
    }
    if (o.event) {
        st = arb_event_load(o.event, &event);
        if (st.code) {
            fprintf(stderr, PROGRAM ": %s\n", st.message);
            status = EXIT_TROUBLE;
            goto done;
        }
        lo.event = &event;
    }
    const char *laws = o.laws;
    if (!laws && lo.event && event.laws[0])
        laws = event.laws;
    if (!setup_laws(PROGRAM, profiles, laws, &lo)) {
        status = EXIT_TROUBLE;
        goto done;
    }
    if (o.lang) {
        st = arb_locales_load(NULL, &sf.locales);
        if (st.code) {
            fprintf(stderr, PROGRAM ": %s\n", st.message);
            status = EXIT_TROUBLE;
            goto done;
        }
        style.locales = sf.locales;
        style.locale = arb_locale_find(sf.locales, o.lang);
        if (!style.locale) {
            fprintf(stderr, PROGRAM ": --lang %s: no such locale, expected a code such as en, ro, ca, sl, sr-Latn\n",
                    o.lang);
            status = EXIT_TROUBLE;
            goto done;
        }
        /* moves in the locale's letters; without the grammar, messages keep SAN */
        if (arb_grammar_load(NULL, &sf.grammar).code == 0 &&
            arb_notation_new(sf.grammar, style.locale, &notation).code == 0)
            style.notation = notation;
    }
    /* SAN unless asked: an arbiter checks the record as written, and a slip
     * of a national letter in a SAN game is reported (with the reading it
     * has in that notation, see suggestions) rather than read away */
    /* --strict: warnings (each lenient reading is one) make the exit status 1 */
    /* in a tie of alike notations: --prefer, then the language of --lang */
    char prefer[256];
    snprintf(prefer, sizeof prefer, "%s%s%s", o.prefer ? o.prefer : "", o.prefer && o.lang ? "," : "",
             o.lang ? o.lang : "");
    if (!setup_from_notation(PROGRAM, o.from, prefer[0] ? prefer : NULL, false, &sf, &o.read)
        || !setup_lenient(PROGRAM, false, &sf, &o.read) || !setup_encoding(PROGRAM, o.encoding, true, &o.read)) {
        status = EXIT_TROUBLE;
        goto done;
    }
    lo.notation = sf.notation;
    /* national letters for suggestions on moves that do not replay */
    const char *own = sf.notation ? arb_locale_code(arb_notation_locale(sf.notation)) : "";
    if (!o.no_suggest && load_suggestions(own, &sf.locales, &sf.grammar, &suggest, &suggest_count)) {
        lo.suggest = (const arb_notation *const *)suggest;
        lo.suggest_count = suggest_count;
        /* --continue follows a move these notations agree on */
        o.read.suggest = lo.suggest;
        o.read.suggest_count = suggest_count;
    }
    style.color = !o.json && (o.color == 1 || (o.color < 0 && isatty(STDOUT_FILENO) && !getenv("NO_COLOR")));
    if (o.jobs == 0)
        o.jobs = setup_default_jobs();

    if (o.format == FORMAT_HTML && !(t.games_out = tmpfile())) {
        fprintf(stderr, PROGRAM ": cannot make a scratch file for the HTML report: %s\n", strerror(errno));
        status = EXIT_TROUBLE;
        goto done;
    }
    if (o.trf) {
        if (!(trf_check = start_trf_check(&o, &style, &t, &trf, &scratch))) {
            status = EXIT_TROUBLE;
            goto done;
        }
        o.jobs = 1;   /* the check takes the games in input order */
    }
    shared sh = {.o = &o, .lo = &lo, .style = &style, .t = &t, .trf = trf_check};
    /* folders stand for the PGN files under them */
    if (!inputs_expand(PROGRAM, argv + first, argc - first, &inputs)) {
        status = EXIT_TROUBLE;
        goto done;
    }
    t.trouble |= inputs.trouble;
    progress_init(&t.progress, PROGRAM, o.progress, inputs.paths, inputs.count);
    if (first >= argc)
        lint_file("-", &o, &sh, &t);
    for (int i = 0; i < inputs.count && !t.stop; i++)
        lint_file(inputs.paths[i], &o, &sh, &t);

    progress_done(&t.progress);
    if (trf_check && !t.stop)
        finish_trf_check(trf_check, &o, &style, &t, &scratch);
    if (o.format == FORMAT_HTML && !t.stop)
        write_html(&o, trf, trf_check, &t);
    FILE *summary = o.json ? stderr : stdout;
    arb_strbuf line;
    arb_strbuf_init(&line);
    if (!arb_report_format_summary(&style, t.games, t.clean, t.with_errors, t.with_warnings, &line))
        t.trouble = true;
    fprintf(summary, "%s%s\n", o.json ? PROGRAM ": " : "", line.len ? line.data : "");
    arb_strbuf_free(&line);
    if (fflush(stdout) != 0)
        t.trouble = true;
    if (t.trouble)
        status = EXIT_TROUBLE;
    else if (t.with_errors || t.report_errors || (o.strict && (t.with_warnings || t.report_warnings)))
        status = EXIT_FINDINGS;

done:
    if (t.games_out && t.games_out != stdout)
        fclose(t.games_out);
    arb_strbuf_free(&t.report_html);
    inputs_free(&inputs);
    arb_trf_check_free(trf_check);
    arb_trf_free(trf);
    arb_lint_report_free(&scratch);
    for (size_t i = 0; i < suggest_count; i++)
        arb_notation_free(suggest[i]);
    free(suggest);
    arb_notation_free(notation);
    setup_from_free(&sf);
    arb_profiles_free(profiles);
    free(args);
    free(pool);
    return status;
}
