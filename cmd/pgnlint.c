/* pgnlint — replay every game like an arbiter and report irregularities by
 * FIDE article.
 *
 *   pgnlint [--format text|json|facts] [--laws NAME|auto] [--time-control CLASS]
 *           [--event FILE] [--lang LANG] [--continue] [--strict] [--no-suggest]
 *           [--color WHEN] [FILE...]
 *
 * Everything it reports comes from lib/ (pgn_read replays, lint checks,
 * findings formats); this file handles arguments, files, the summary and
 * the exit status:
 *   0 no errors found (with --strict: no errors and no warnings)
 *   1 errors found (with --strict: errors or warnings)
 *   2 usage error, unreadable input or data files
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/progress.h"
#include "arbiter.h"
#include "findings.h"
#include "lint.h"
#include "grammar.h"
#include "locales.h"
#include "notation.h"
#include "pgn_detect.h"
#include "pgn_read.h"
#include "profile.h"

#define PROGRAM "pgnlint"

enum { EXIT_CLEAN = 0, EXIT_FINDINGS = 1, EXIT_TROUBLE = 2 };

enum { FORMAT_TEXT = 0, FORMAT_JSON, FORMAT_FACTS };

typedef struct options {
    int format;              /* FORMAT_* */
    bool json;               /* format is JSON or facts: the summary goes to stderr */
    bool strict;
    int color;               /* -1 auto, 0 never, 1 always */
    const char *laws;        /* NULL = default edition, "auto" = by Date tag */
    int time_class;          /* -1 = from tags */
    const char *event;
    const char *lang;
    const char *from;        /* --from: "san", "auto", a locale code; NULL: SAN, detecting games SAN cannot read */
    const char *prefer;      /* --prefer: locale codes preferred when several read a game */
    bool list_profiles;
    bool no_suggest;         /* do not read bad moves in national notations */
    enum progress_mode progress; /* --progress, --no-progress */
    arb_pgn_reader_options read;
} options;

typedef struct totals {
    unsigned long long games, clean, with_errors, with_warnings;
    bool trouble;
    progress progress;
} totals;

static void usage(FILE *out)
{
    fprintf(out,
        "usage: " PROGRAM " [OPTIONS] [FILE...]\n"
        "\n"
        "Replays every game of the PGN files (plain or gzip; standard input when no\n"
        "FILE or FILE is -) the way an arbiter would and reports, per game, what is\n"
        "wrong, where, and which article of the FIDE Laws of Chess it concerns:\n"
        "illegal or ambiguous moves, moves after the end of the game, results that\n"
        "contradict the board, draw claims available, draw offers, illegal set-up\n"
        "positions, Chess960 start arrays and castling, missing or malformed tags.\n"
        "\n"
        "  --format text|json   findings as text lines grouped by game (default) or as\n"
        "                       JSON Lines (one object per finding and one per game)\n"
        "  --json               same as --format json\n"
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
        "  --from san|auto|LANG notation of the moves: san (default) reads SAN; auto\n"
        "                       detects it for every game by replaying it under each\n"
        "                       locale; LANG (ro: R D T N C, de: K D T L S, ...) reads\n"
        "                       that locale's letters in all FIDE Appendix C forms\n"
        "  --prefer LANGS       when several notations replay a game, prefer these\n"
        "  --lang LANG          messages in this language where its locale has them\n"
        "  --continue           go on after a move that cannot be replayed (the only legal\n"
        "                       move of that piece to that square replaces it, else the\n"
        "                       turn passes); later findings are marked as following it\n"
        "  --strict             warnings also make the exit status 1\n"
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
        "2 usage error or unreadable file.\n");
}

static int bad_usage(const char *fmt, const char *arg)
{
    fprintf(stderr, PROGRAM ": ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry '" PROGRAM " --help'.\n");
    return -1;
}

/* Returns the index of the first file argument, or -1 on a usage error,
 * or 0 when the run is already over (--help, --version). */
static int parse_args(int argc, char **argv, options *o)
{
    memset(o, 0, sizeof *o);
    o->color = -1;
    o->time_class = -1;
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
        } else if (strcmp(a, "--list-profiles") == 0) {
            o->list_profiles = true;
        } else if (strcmp(a, "--format") == 0 || strcmp(a, "--laws") == 0 || strcmp(a, "--event") == 0 ||
                   strcmp(a, "--lang") == 0 || strcmp(a, "--color") == 0 || strcmp(a, "--from") == 0 ||
                   strcmp(a, "--prefer") == 0 ||
                   strcmp(a, "--time-control") == 0 || strcmp(a, "--max-depth") == 0) {
            if (!value)
                return bad_usage("%s needs a value", a);
            i++;
            if (strcmp(a, "--format") == 0) {
                if (strcmp(value, "json") == 0)
                    o->format = FORMAT_JSON;
                else if (strcmp(value, "text") == 0)
                    o->format = FORMAT_TEXT;
                else if (strcmp(value, "facts") == 0)
                    o->format = FORMAT_FACTS;
                else
                    return bad_usage("--format %s: expected text, json or facts", value);
                o->json = o->format != FORMAT_TEXT;
            } else if (strcmp(a, "--laws") == 0) {
                o->laws = value;
            } else if (strcmp(a, "--event") == 0) {
                o->event = value;
            } else if (strcmp(a, "--lang") == 0) {
                o->lang = value;
            } else if (strcmp(a, "--from") == 0) {
                o->from = value;
            } else if (strcmp(a, "--prefer") == 0) {
                o->prefer = value;
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
                char *end;
                long n = strtol(value, &end, 10);
                if (*end || n < 1 || n > 1000000)
                    return bad_usage("--max-depth %s: expected a number from 1 to 1000000", value);
                o->read.max_depth = (int)n;
            }
        } else {
            return bad_usage("unknown option %s", a);
        }
    }
    return i;
}

/* Compiles every locale but the one the moves are read in (`own`: "en"
 * for SAN) for suggestions; false (and nothing kept) when the data cannot be
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
        if (strcmp(arb_locale_code(loc), own) == 0)
            continue;
        if (arb_notation_new(*grammar, loc, &list[used]).code == 0)
            used++;
    }
    *out = list;
    *count = used;
    return used > 0;
}

static void tally(totals *t, const arb_lint_report *r)
{
    t->games++;
    if (r->errors)
        t->with_errors++;
    else if (r->warnings)
        t->with_warnings++;
    else
        t->clean++;
}

static void lint_file(const char *path, const options *o, arb_linter *linter, const arb_lint_options *lo,
                      const arb_report_style *style, totals *t)
{
    arb_pgn_reader *reader;
    arb_status st = arb_pgn_reader_open(path, &o->read, &reader);
    if (st.code) {
        fprintf(stderr, PROGRAM ": %s\n", st.message);
        t->trouble = true;
        return;
    }
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    arb_lint_report report;
    arb_lint_report_init(&report);
    arb_strbuf out;
    arb_strbuf_init(&out);
    uint64_t index = 0;
    int rc;
    while ((rc = arb_pgn_read(reader, &g, &st)) == ARB_PGN_READ_GAME) {
        index++;
        arb_status ls = arb_lint_game(linter, &g, index, lo, &report);
        if (ls.code) {
            fprintf(stderr, "%s:%d:%d: %s\n", arb_pgn_reader_name(reader), (int)g.line, (int)g.col, ls.message);
            t->trouble = true;
        }
        tally(t, &report);
        arb_strbuf_clear(&out);
        bool ok = o->format == FORMAT_JSON    ? arb_report_format_json(&report, style, &out)
                  : o->format == FORMAT_FACTS ? arb_report_format_facts(&report, &out)
                                              : arb_report_format_text(&report, style, &out);
        if (!ok) {
            fprintf(stderr, PROGRAM ": out of memory\n");
            t->trouble = true;
            break;
        }
        if (out.len && fwrite(out.data, 1, out.len, stdout) != out.len)
            t->trouble = true;
        progress_update(&t->progress, t->games, g.offset + g.raw_len);
    }
    progress_next_file(&t->progress, g.offset + g.raw_len);
    if (rc == ARB_PGN_READ_FAILED) {
        fprintf(stderr, "%s:%d:%d: %s\n", arb_pgn_reader_name(reader), st.line, st.col, st.message);
        t->trouble = true;
    }
    arb_strbuf_free(&out);
    arb_lint_report_free(&report);
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(reader);
}

int main(int argc, char **argv)
{
    options o;
    int first = parse_args(argc, argv, &o);
    if (first <= 0)
        return first == 0 ? EXIT_CLEAN : EXIT_TROUBLE;

    arb_profile_set *profiles = NULL;
    arb_status st = arb_profiles_load(NULL, &profiles);
    if (st.code) {
        fprintf(stderr, PROGRAM ": %s\n", st.message);
        return EXIT_TROUBLE;
    }
    int status = EXIT_CLEAN;
    arb_locale_set *locales = NULL;
    arb_grammar *grammar = NULL;
    arb_notation *notation = NULL;   /* --lang: moves in messages */
    arb_notation *from = NULL;       /* --from LANG: moves in the input */
    arb_pgn_autodetect *autodetect = NULL;
    arb_notation **suggest = NULL;
    size_t suggest_count = 0;
    arb_linter *linter = NULL;
    arb_event event;
    arb_report_style style = {0};
    arb_lint_options lo = {.profiles = profiles, .time_class = o.time_class};

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
    if (laws && strcmp(laws, "auto") == 0) {
        lo.auto_edition = true;
        lo.profile = arb_profiles_find(profiles, "fide-2023");
    } else {
        lo.profile = arb_profiles_find(profiles, laws ? laws : "fide-2023");
        if (!lo.profile) {
            fprintf(stderr, PROGRAM ": --laws %s: no such edition, expected auto or one of:", laws ? laws : "");
            for (size_t i = 0; i < arb_profiles_count(profiles); i++)
                fprintf(stderr, " %s", arb_profiles_at(profiles, i)->name);
            fprintf(stderr, "\n");
            status = EXIT_TROUBLE;
            goto done;
        }
    }
    if (o.lang) {
        st = arb_locales_load(NULL, &locales);
        if (st.code) {
            fprintf(stderr, PROGRAM ": %s\n", st.message);
            status = EXIT_TROUBLE;
            goto done;
        }
        style.locales = locales;
        style.locale = arb_locale_find(locales, o.lang);
        if (!style.locale) {
            fprintf(stderr, PROGRAM ": --lang %s: no such locale, expected a code such as en, ro, ca, sl, sr-Latn\n",
                    o.lang);
            status = EXIT_TROUBLE;
            goto done;
        }
        /* moves in the locale's letters; without the grammar, messages keep SAN */
        if (arb_grammar_load(NULL, &grammar).code == 0 &&
            arb_notation_new(grammar, style.locale, &notation).code == 0)
            style.notation = notation;
    }
    /* SAN unless asked: an arbiter checks the record as written, and a slip
     * of a national letter in a SAN game is reported (with the reading it
     * has in that notation, see suggestions) rather than read away */
    bool from_san = !o.from || strcmp(o.from, "san") == 0, from_auto = o.from && strcmp(o.from, "auto") == 0;
    if (!from_san) {
        if ((!locales && (st = arb_locales_load(NULL, &locales)).code) ||
            (!grammar && (st = arb_grammar_load(NULL, &grammar)).code)) {
            fprintf(stderr, PROGRAM ": %s\n", st.message);
            status = EXIT_TROUBLE;
            goto done;
        }
    }
    if (from_auto) {
        arb_pgn_autodetect_options ao = {
            .when = ARB_PGN_DETECT_EVERY_GAME,
            .prefer = o.prefer,
        };
        if ((st = arb_pgn_autodetect_new(grammar, locales, &ao, &autodetect)).code) {
            fprintf(stderr, PROGRAM ": %s\n", st.message);
            status = EXIT_TROUBLE;
            goto done;
        }
        o.read.autodetect = autodetect;
    } else if (!from_san) {
        const arb_locale *loc = arb_locale_find(locales, o.from);
        if (!loc) {
            fprintf(stderr, PROGRAM ": --from %s: no such locale, expected san or a code such as ro, de, sl\n",
                    o.from);
            status = EXIT_TROUBLE;
            goto done;
        }
        st = arb_notation_new(grammar, loc, &from);
        if (st.code) {
            fprintf(stderr, PROGRAM ": %s\n", st.message);
            status = EXIT_TROUBLE;
            goto done;
        }
        o.read.notation = from;
        lo.notation = from;
    }
    /* national letters for suggestions on moves that do not replay */
    const char *own = from ? arb_locale_code(arb_notation_locale(from)) : "";
    if (!o.no_suggest && load_suggestions(own, &locales, &grammar, &suggest, &suggest_count)) {
        lo.suggest = (const arb_notation *const *)suggest;
        lo.suggest_count = suggest_count;
    }
    style.color = !o.json && (o.color == 1 || (o.color < 0 && isatty(STDOUT_FILENO) && !getenv("NO_COLOR")));
    linter = arb_linter_new();
    if (!linter) {
        fprintf(stderr, PROGRAM ": out of memory\n");
        status = EXIT_TROUBLE;
        goto done;
    }

    totals t = {0};
    progress_init(&t.progress, PROGRAM, o.progress, argv + first, argc - first);
    if (first >= argc)
        lint_file("-", &o, linter, &lo, &style, &t);
    for (int i = first; i < argc; i++)
        lint_file(argv[i], &o, linter, &lo, &style, &t);

    progress_done(&t.progress);
    FILE *summary = o.json ? stderr : stdout;
    fprintf(summary, "%s%llu game%s, %llu clean, %llu with errors, %llu with warnings\n",
            o.json ? PROGRAM ": " : "", t.games, t.games == 1 ? "" : "s", t.clean, t.with_errors,
            t.with_warnings);
    if (fflush(stdout) != 0)
        t.trouble = true;
    if (t.trouble)
        status = EXIT_TROUBLE;
    else if (t.with_errors || (o.strict && t.with_warnings))
        status = EXIT_FINDINGS;

done:
    arb_linter_free(linter);
    for (size_t i = 0; i < suggest_count; i++)
        arb_notation_free(suggest[i]);
    free(suggest);
    arb_notation_free(notation);
    arb_notation_free(from);
    arb_pgn_autodetect_free(autodetect);
    arb_grammar_free(grammar);
    arb_locales_free(locales);
    arb_profiles_free(profiles);
    return status;
}
