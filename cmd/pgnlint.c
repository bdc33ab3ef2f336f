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

#include "common/lint_setup.h"
#include "common/lint_worker.h"
#include "common/optable.h"
#include "common/runloop.h"
#include "common/setup.h"
#include "common/tournament_out.h"
#include "common/usage.h"
#include "arbiter.h"
#include "report.h"
#include "lint.h"
#include "pgn_parallel.h"
#include "pgn_read.h"
#include "profile.h"

#define PROGRAM "pgnlint"

enum { EXIT_CLEAN = 0, EXIT_FINDINGS = 1, EXIT_TROUBLE = 2 };

enum { COLOR_AUTO = 0, COLOR_ALWAYS, COLOR_NEVER };

typedef struct options {
    int format;              /* LINT_FORMAT_* */
    bool json;               /* format is JSON or facts: the summary goes to stderr */
    bool strict;
    int color;               /* COLOR_* */
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
    run_loop loop;           /* inputs, games (loop.games), trouble; loop.stop when standard
                              * output failed: nothing more can be reported */
    unsigned long long clean, with_errors, with_warnings;
    tournament_out tour;     /* --trf, --format html; tour.games_out: where findings go */
} totals;

static int time_control(void *target, const char *name, const char *value, const char *value2)
{
    options *o = target;
    (void)value2;
    if ((o->time_class = arb_time_class_parse(value)) < 0)
        return usage_error(PROGRAM, "%s %s: expected standard, rapid or blitz", name, value);
    return 0;
}

#define AT(field) .offset = offsetof(options, field), .size = sizeof(((options *)0)->field)
static const opt_row rows[] = {
    {"--format", OPT_CHOICE, AT(format), .choices = "text|json|facts|html", .expected = "text, json, facts or html",
     .arg = "text|json",
     .help = "findings as text lines grouped by game (default) or as\n"
             "JSON Lines (one object per finding and one per game)"},
    {"--json", OPT_SET, AT(format), .set = LINT_FORMAT_JSON, .help = "same as --format json"},
    {"", OPT_NOTE, .usage = "--format html",
     .help = "one self-contained HTML page (no scripts, nothing\n"
             "fetched): the summary (with --trf, per round), then\n"
             "every game with findings, each with a diagram of the\n"
             "position; prints well and reads on a phone"},
    {"", OPT_NOTE, .usage = "--format facts",
     .help = "instead of findings, one JSON line per game with the\n"
             "replay's facts (mate, stalemate, insufficient material,\n"
             "first threefold/fivefold/50/75-move ply, claims at the\n"
             "end), whatever the edition: for differential checks"},
    {"--laws", OPT_STRING, AT(laws), .arg = "NAME|auto",
     .help = "edition of the Laws: fide-2023 (default), fide-2018,\n"
             "fide-2017, fide-2014, fide-2005; auto chooses by each\n"
             "game's Date tag"},
    {"--time-control", OPT_CALL_VALUE, .call = time_control, .arg = "standard|rapid|blitz",
     .help = "section of the Laws (default: from the TimeControl tag,\n"
             "else standard)"},
    {"--event", OPT_STRING, AT(event), .arg = "FILE", .help = "event regulations (YAML): draw offers, required tags"},
    {"--trf", OPT_STRING, AT(trf), .arg = "REPORT",
     .help = "also check the games against the event's FIDE tournament\n"
             "report (TRF): every pairing played over the board has\n"
             "one game with the report's players, colours, round and\n"
             "result (trf-* findings), the report agrees with itself,\n"
             "and a summary per round ends the output; checks on one\n"
             "thread"},
    {"--from", OPT_STRING, AT(from), .arg = "san|auto|LANG",
     .help = "notation of the moves: san (default) reads SAN; auto\n"
             "detects it for every game by replaying it under each\n"
             "locale; LANG (ro: R D T N C, de: K D T L S, ...) reads\n"
             "that locale's letters in all FIDE Appendix C forms"},
    {"--prefer", OPT_STRING, AT(prefer), .arg = "LANGS",
     .help = "when several notations replay a game, prefer these"},
    {"--encoding", OPT_STRING, AT(encoding), .arg = "NAME",
     .help = "the input's character encoding (windows-1251, cp866,\n"
             "koi8-r, windows-1250, utf-16, latin2, ...); default:\n"
             "detected from the bytes"},
    {"--lang", OPT_STRING, AT(lang), .arg = "LANG",
     .help = "messages in this language where its locale has them;\n"
             "also preferred (after --prefer) among notations that\n"
             "read a game alike"},
    {"--continue", OPT_TRUE, AT(read.skip_bad_moves),
     .help = "go on after a move that cannot be replayed (the only legal\n"
             "move of that piece to that square, or the move the national\n"
             "notations agree on, replaces it, else the turn passes and\n"
             "later findings are marked as following it)"},
    {"--strict", OPT_TRUE, AT(strict), .help = "warnings also make the exit status 1"},
    {"--dead-by-material", OPT_TRUE, AT(dead_by_material),
     .help = "judge dead positions (5.2.2) and flag falls (6.9) by\n"
             "the material alone, without searching for a mate"},
    OPT_ROW_JOBS(
        .help = "check on N threads (default: one per processor, at\n"
                "most 4); the output is the same as with -j 1"),
    {"--first-game", OPT_INT, AT(first_game), .max = ULLONG_MAX / 2, .expected = "a game number (0 or more)",
     .arg = "N",
     .help = "number the first game of each input N (default 1),\n"
             "e.g. for chunks of a larger file"},
    OPT_ROW_MAX_GAME_BYTES(
        .help = "longest game text kept, in bytes, K, M or G (default\n"
                "16M); a longer game is still checked, but reported on\n"
                "standard error, and its findings lack the moves as\n"
                "written"),
    OPT_ROWS_PROGRESS(
        .help = "show (or never show) a progress line on standard\n"
                "error; by default shown on a terminal for large input"),
    {"--color", OPT_CHOICE, AT(color), .choices = "auto|always|never", .expected = "auto, always or never",
     .arg = "auto|always|never",
     .help = "colour in text output (default: auto, on a terminal)"},
    {"--no-suggest", OPT_TRUE, AT(no_suggest),
     .help = "do not read a move that does not replay in the national\n"
             "notations (R king, C knight, ...) to suggest a move"},
    OPT_ROW_MAX_DEPTH(.help = "allow variations nested N deep (default 256)"),
    {"--list-profiles", OPT_TRUE, AT(list_profiles), .help = "list the editions of the Laws available and exit"},
    {0}};
static const char synopsis[] =
    "usage: pgnlint [OPTIONS] [FILE...]\n"
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
    "\n";
static const char epilogue[] =
    "\n"
    "Text output ends with a summary: games, clean, with errors, with warnings\n"
    "(on standard error with --format json).\n"
    "Exit status: 0 no errors, 1 errors found (with --strict also warnings),\n"
    "2 usage error, unreadable file or a game longer than --max-game-bytes.\n";
static const opt_spec spec = {PROGRAM, rows, false, synopsis, epilogue, 23};

/* ---- worker threads (lint_worker.h) ---------------------------------------------- */

/* What the workers read, and what emit needs. */
typedef struct shared {
    lint_work work;
    const options *o;
    totals *t;               /* emit's, in the calling thread */
} shared;

static bool worker_init(void *state, void *ctx)
{
    return lint_worker_init(state, &((shared *)ctx)->work);
}

/* ---- the calling thread ---------------------------------------------------------- */

static bool emit(void *ctx, const arb_pgn_output *out)
{
    const shared *sh = ctx;
    totals *t = sh->t;
    if (t->loop.stop)
        return false;
    unsigned long long first = sh->o->first_game;
    if (out->text[TEXT_ERR].len)
        arb_pgn_output_write(out, TEXT_ERR, first, stderr);
    if (!arb_pgn_output_write(out, TEXT_OUT, first, t->tour.games_out)) {
        fprintf(stderr, PROGRAM ": cannot write standard output: %s\n", strerror(errno));
        t->loop.trouble = t->loop.stop = true;
        return false;
    }
    if (out->count[COUNT_TROUBLE])
        t->loop.trouble = true;
    t->clean += out->count[COUNT_CLEAN];
    t->with_errors += out->count[COUNT_ERRORS];
    t->with_warnings += out->count[COUNT_WARNINGS];
    return true;
}

int main(int argc, char **argv)
{
    options o = {.time_class = -1, .first_game = 1};
    int operands = opt_parse(&spec, argc, argv, &o);
    if (operands < 0)
        return operands == OPT_DONE ? EXIT_CLEAN : EXIT_TROUBLE;
    o.json = o.format != LINT_FORMAT_TEXT;

    int status = EXIT_CLEAN;
    lint_setup ls = {0};             /* rule editions, event, notations */
    arb_report_style style = {0};
    totals t = {0};
    arb_lint_options lo = {.time_class_fixed = o.time_class >= 0, .time_class = o.time_class,
                           .dead_by_material_only = o.dead_by_material};
    if (!lint_setup_profiles(PROGRAM, &ls, &lo))
        return EXIT_TROUBLE;
    if (o.list_profiles) {
        lint_setup_list_profiles(&ls);
        goto done;
    }
    /* SAN unless asked: an arbiter checks the record as written, and a slip
     * of a national letter in a SAN game is reported (with the reading it
     * has in that notation, see suggestions) rather than read away */
    /* --strict: warnings (each lenient reading is one) make the exit status 1 */
    /* in a tie of alike notations: --prefer, then the language of --lang */
    char prefer[256];
    snprintf(prefer, sizeof prefer, "%s%s%s", o.prefer ? o.prefer : "", o.prefer && o.lang ? "," : "",
             o.lang ? o.lang : "");
    if (!lint_setup_laws(PROGRAM, o.event, o.laws, &ls, &lo) || !lint_setup_lang(PROGRAM, o.lang, &ls, &style)
        || !setup_from_notation(PROGRAM, o.from, prefer[0] ? prefer : NULL, false, &ls.from, &o.read)
        || !setup_lenient(PROGRAM, false, &ls.from, &o.read) || !setup_encoding(PROGRAM, o.encoding, true, &o.read)) {
        status = EXIT_TROUBLE;
        goto done;
    }
    lo.notation = ls.from.notation;
    /* national letters for suggestions on moves that do not replay */
    if (!o.no_suggest)
        lint_setup_suggestions(&ls, &lo, &o.read);
    o.read.keep_main_line = true;   /* the linter reads the reader's positions, not its own replay */
    style.color = !o.json && (o.color == COLOR_ALWAYS || (o.color == COLOR_AUTO && isatty(STDOUT_FILENO) && !getenv("NO_COLOR")));
    if (o.jobs == 0)
        o.jobs = setup_default_jobs();

    t.tour = (tournament_out){.program = PROGRAM, .format = o.format, .style = &style};
    if (!tournament_out_start(&t.tour, o.trf)) {
        status = EXIT_TROUBLE;
        goto done;
    }
    if (o.trf)
        o.jobs = 1;   /* the check takes the games in input order */
    size_t max_bytes = o.read.max_game_bytes ? o.read.max_game_bytes : ARB_PGN_DEFAULT_MAX_GAME_BYTES;
    shared sh = {.work = {.format = o.format, .max_game_bytes = max_bytes, .lo = &lo, .style = &style,
                          .trf = t.tour.check},
                 .o = &o, .t = &t};
    t.loop = (run_loop){.program = PROGRAM, .read = &o.read, .parallel = {.jobs = o.jobs},
                        .worker_size = sizeof(lint_worker), .worker_init = worker_init, .worker_free = lint_worker_free,
                        .game = lint_worker_game, .emit = emit, .ctx = &sh, .progress_mode = o.progress,
                        .trouble = t.tour.trouble};   /* (the report's problems, --trf) */
    if (!run_loop_inputs(&t.loop, argv + 1, operands)) {
        status = EXIT_TROUBLE;
        goto done;
    }
    if (!t.loop.stop)
        tournament_out_finish(&t.tour, t.loop.games, t.clean, t.with_errors, t.with_warnings);
    t.loop.trouble |= t.tour.trouble;
    FILE *summary = o.json ? stderr : stdout;
    arb_strbuf line;
    arb_strbuf_init(&line);
    if (!arb_report_format_summary(&style, t.loop.games, t.clean, t.with_errors, t.with_warnings, &line))
        t.loop.trouble = true;
    fprintf(summary, "%s%s\n", o.json ? PROGRAM ": " : "", line.len ? line.data : "");
    arb_strbuf_free(&line);
    if (fflush(stdout) != 0)
        t.loop.trouble = true;
    if (t.loop.trouble)
        status = EXIT_TROUBLE;
    else if (t.with_errors || t.tour.report_errors || (o.strict && (t.with_warnings || t.tour.report_warnings)))
        status = EXIT_FINDINGS;

done:
    tournament_out_free(&t.tour);
    lint_setup_free(&ls);
    return status;
}
