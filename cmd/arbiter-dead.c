/* arbiter-dead — can each side still checkmate?  FIDE 5.2.2 (dead position)
 * and 6.9 (flag fall) for the position on the board.
 *
 *   arbiter-dead [--side white|black|both|mover|waiting] [--nodes N] [--json] [--time] FEN
 *   arbiter-dead [options] --file FILE
 *
 * The decision is the library's (unwinnable.h); this file reads arguments
 * and positions and prints.  Exit status:
 *   0 every position was read and answered (whatever the answers)
 *   1 a line of --file could not be read as a FEN (the others were answered)
 *   2 usage error, unreadable file, or an invalid FEN on the command line
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arbiter.h"
#include "common/size_arg.h"
#include "strbuf.h"
#include "common/optable.h"
#include "common/usage.h"

#define PROGRAM "arbiter-dead"

enum { EXIT_OK = 0, EXIT_BAD_LINE = 1, EXIT_USAGE = 2 };
enum { SIDE_BOTH, SIDE_WHITE, SIDE_BLACK, SIDE_MOVER, SIDE_WAITING };

typedef struct options {
    int side;
    unsigned nodes;
    bool json;
    bool time;
    const char *file;
} options;

/* fmt has at most one %s, for value */
static int bad_usage(const char *fmt, const char *value)
{
    usage_error(PROGRAM, fmt, value ? value : "");
    return EXIT_USAGE;
}

/* Processor time, so that the figures of --time do not depend on what else
 * the machine runs. */
static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void json_string(const char *text)
{
    arb_strbuf t;
    arb_strbuf_init(&t);
    if (arb_strbuf_json_string(&t, text))
        fputs(t.data, stdout);
    else
        fputs("null", stdout);
    arb_strbuf_free(&t);
}

/* The mating line in SAN with move numbers: "1...Ka8 2.Rh8#". */
static void write_line(const arb_position *start, const arb_mate_answer *a, char *buf, size_t size)
{
    arb_position pos = *start;
    size_t used = 0;
    buf[0] = '\0';
    int kept = a->line_plies < ARB_MATE_LINE_MAX ? a->line_plies : ARB_MATE_LINE_MAX;
    for (int i = 0; i < kept && used + 40 < size; i++) {
        char san[ARB_SAN_MAX];
        arb_position next;
        arb_position_make(&pos, a->line[i], &next);
        arb_san_write_after(&pos, a->line[i], &next, san);
        if (pos.side == ARB_WHITE || i == 0)
            used += (size_t)snprintf(buf + used, size - used, "%s%u%s%s", i ? " " : "", (unsigned)pos.fullmove_number,
                                     pos.side == ARB_WHITE ? "." : "...", san);
        else
            used += (size_t)snprintf(buf + used, size - used, " %s", san);
        pos = next;
    }
    if (kept < a->line_plies && used + 5 < size)
        snprintf(buf + used, size - used, " ...");
}

static void answer(const options *opt, const char *fen, const arb_position *pos, int color, double *spent)
{
    double start = cpu_seconds();
    arb_mate_answer a = arb_mate_search(pos, color, opt->nodes);
    *spent += cpu_seconds() - start;
    char text[512] = "";
    const char *side = color == ARB_WHITE ? "White" : "Black";
    const char *verdict = a.verdict == ARB_MATE_POSSIBLE ? "can mate"
                          : a.verdict == ARB_MATE_IMPOSSIBLE ? "cannot mate" : "unknown";
    if (a.verdict == ARB_MATE_POSSIBLE)
        write_line(pos, &a, text, sizeof text);
    else if (a.verdict == ARB_MATE_IMPOSSIBLE)
        arb_mate_answer_describe(pos, &a, text, sizeof text);
    else if (a.reason == ARB_MATE_NO_MEMORY)
        snprintf(text, sizeof text, "out of memory after %u positions", (unsigned)a.nodes);
    else
        snprintf(text, sizeof text, "no mate found and no proof that there is none in %u positions",
                 (unsigned)a.nodes);
    if (opt->json) {
        printf("{\"fen\":");
        json_string(fen);
        printf(",\"side\":\"%s\",\"answer\":\"%s\",\"by\":\"%s\",\"nodes\":%u,", color == ARB_WHITE ? "white" : "black",
               a.verdict == ARB_MATE_POSSIBLE ? "possible" : a.verdict == ARB_MATE_IMPOSSIBLE ? "impossible" : "unknown",
               a.reason == ARB_MATE_BY_MATERIAL ? "material" : "search", (unsigned)a.nodes);
        printf(a.verdict == ARB_MATE_POSSIBLE ? "\"line\":" : "\"reason\":");
        json_string(text);
        printf("}\n");
    } else if (a.verdict == ARB_MATE_POSSIBLE) {
        printf("%s can mate%s%s\n", side, text[0] ? ", e.g. " : " (already mated)", text);
    } else {
        printf("%s %s: %s\n", side, verdict, text);
    }
}

static int compare_doubles(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return a < b ? -1 : a > b;
}

typedef struct timing {
    double *seconds;
    size_t count, cap;
} timing;

static void timing_add(timing *t, double s)
{
    if (t->count == t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 1024;
        double *p = realloc(t->seconds, cap * sizeof *p);
        if (!p)
            return;
        t->seconds = p;
        t->cap = cap;
    }
    t->seconds[t->count++] = s;
}

/* Answers for one position; false when the FEN is not usable. */
static bool run_fen(const options *opt, const char *fen, const char *where, timing *t)
{
    arb_position pos;
    arb_status st = arb_fen_parse_with(fen, &pos, ARB_FEN_IGNORE_EXTRA_FIELDS);
    if (st.code) {
        fflush(stdout); /* the answers so far first, when both go to one place */
        if (where)
            fprintf(stderr, "%s:%d: invalid FEN: %s\n", where, st.col, st.message);
        else
            fprintf(stderr, PROGRAM ": invalid FEN: column %d: %s\n", st.col, st.message);
        return false;
    }
    int sides[2], n = 0;
    switch (opt->side) {
    case SIDE_WHITE: sides[n++] = ARB_WHITE; break;
    case SIDE_BLACK: sides[n++] = ARB_BLACK; break;
    case SIDE_MOVER: sides[n++] = pos.side; break;
    case SIDE_WAITING: sides[n++] = pos.side ^ 1; break;
    default: sides[n++] = ARB_WHITE; sides[n++] = ARB_BLACK; break;
    }
    double spent = 0;
    if (opt->file && !opt->json)
        printf("%s\n", fen);
    for (int i = 0; i < n; i++)
        answer(opt, fen, &pos, sides[i], &spent);
    if (t)
        timing_add(t, spent);
    return true;
}

static int run_file(const options *opt, timing *t)
{
    FILE *in = strcmp(opt->file, "-") == 0 ? stdin : fopen(opt->file, "r");
    if (!in) {
        fprintf(stderr, PROGRAM ": %s: cannot open\n", opt->file);
        return EXIT_USAGE;
    }
    char line[1024];
    int status = EXIT_OK;
    unsigned long number = 0;
    while (fgets(line, sizeof line, in)) {
        number++;
        size_t len = strcspn(line, "\r\n");
        if (line[len] == '\0' && !feof(in)) {
            fprintf(stderr, "%s:%lu:1: line longer than %zu bytes, expected a FEN\n", opt->file, number,
                    sizeof line - 2);
            int ch;
            while ((ch = fgetc(in)) != EOF && ch != '\n')
                ;
            status = EXIT_BAD_LINE;
            continue;
        }
        line[len] = '\0';
        const char *p = line;
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p || *p == '#')
            continue;
        char where[600];
        snprintf(where, sizeof where, "%s:%lu", opt->file, number);
        if (!run_fen(opt, p, where, t))
            status = EXIT_BAD_LINE;
    }
    if (in != stdin)
        fclose(in);
    return status;
}

static void print_timing(timing *t)
{
    if (!t->count) {
        fprintf(stderr, PROGRAM ": no positions\n");
        return;
    }
    qsort(t->seconds, t->count, sizeof *t->seconds, compare_doubles);
    double total = 0;
    for (size_t i = 0; i < t->count; i++)
        total += t->seconds[i];
    fprintf(stderr, PROGRAM ": %zu positions in %.2f s; per position median %.1f us, 99th percentile %.1f us, "
            "max %.1f ms\n", t->count, total, t->seconds[t->count / 2] * 1e6,
            t->seconds[t->count * 99 / 100] * 1e6, t->seconds[t->count - 1] * 1e3);
}

#define AT(field) .offset = offsetof(options, field), .size = sizeof(((options *)0)->field)
static const opt_row rows[] = {
    {"--side", OPT_CHOICE, AT(side), .choices = "both|white|black|mover|waiting",
     .expected = "white, black, both, mover or waiting",
     .arg = "SIDE",
     .help = "white, black, both (default), mover (the side to move) or\n"
             "waiting (the side that just moved: the winner when the\n"
             "side to move lost on time)"},
    {"--nodes", OPT_INT, AT(nodes), .min = 1, .max = 4000000000ULL, .expected = "a number from 1 to 4000000000",
     .arg = "N",
     .help = "positions the search may visit per side (default 1000000)"},
    {"--file", OPT_WORD, AT(file), .needs = "a FILE", .arg = "FILE",
     .help = "one FEN per line (- = standard input); words after the six\n"
             "FEN fields are ignored, blank and '#' lines skipped"},
    {"--json", OPT_TRUE, AT(json), .help = "one JSON object per position and side"},
    {"--time", OPT_TRUE, AT(time),
     .help = "on standard error: positions, and the median and 99th\n"
             "percentile processor time per position"},
    {0}};
static const char synopsis[] =
    "usage: arbiter-dead [--side SIDE] [--nodes N] [--json] [--time] FEN\n"
    "       arbiter-dead [--side SIDE] [--nodes N] [--json] [--time] --file FILE\n"
    "\n"
    "Says whether each side can still checkmate by any series of legal moves\n"
    "(FIDE 5.2.2: a position where neither can is dead and the game is drawn;\n"
    "6.9: a player whose flag falls still draws when the opponent cannot).\n"
    "Answers: 'can mate' with a mating line, 'cannot mate' with the reason, or\n"
    "'unknown' when the search reached its limit.  'cannot mate' is never wrong.\n"
    "\n";
static const char epilogue[] =
    "\n"
    "Exit status: 0 all answered, 1 a line of FILE was not a FEN,\n"
    "2 usage error, unreadable file or invalid FEN.\n";
static const opt_spec spec = {PROGRAM, rows, true, synopsis, epilogue, 16};

int main(int argc, char **argv)
{
    options opt = {.side = SIDE_BOTH};
    int words = opt_parse(&spec, argc, argv, &opt);
    if (words < 0)
        return words == OPT_DONE ? EXIT_OK : EXIT_USAGE;
    /* the FEN may come as several words (unquoted): joined */
    char fen[512] = "";
    size_t fen_len = 0;
    for (int i = 1; i <= words; i++) {
        size_t n = strlen(argv[i]);
        if (fen_len + n + 2 > sizeof fen)
            return bad_usage("FEN too long", NULL);
        if (fen_len)
            fen[fen_len++] = ' ';
        memcpy(fen + fen_len, argv[i], n + 1);
        fen_len += n;
    }
    timing t = {0};
    int status;
    if (opt.file) {
        if (fen_len)
            return bad_usage("give either a FEN or --file, not both: %s", fen);
        status = run_file(&opt, opt.time ? &t : NULL);
    } else {
        if (!fen_len)
            return bad_usage("missing FEN", NULL);
        status = run_fen(&opt, fen, NULL, opt.time ? &t : NULL) ? EXIT_OK : EXIT_USAGE;
    }
    fflush(stdout);
    if (opt.time)
        print_timing(&t);
    free(t.seconds);
    return status;
}
