/* arbiter-perft — count move paths (perft) to check the move generator.
 *
 *   arbiter-perft [--chess960] [--divide] [--strict] [--hash MB] [--json] [--time] FEN DEPTH
 *   arbiter-perft --suite FILE [--max-depth D] [--jobs N] [--strict] [--hash MB]
 *                 [--verbose] [--json] [--time]
 *
 * Everything chess lives in lib/ (fen, perft, san); this file only handles
 * arguments, suite files, threads and exit codes:
 *   0 every count computed (and, with --suite, every count matched)
 *   1 a suite had a mismatch or a line that could not be checked
 *   2 usage error, unreadable file, invalid FEN or depth on the command line
 */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "arbiter.h"
#include "common/size_arg.h"
#include "common/optable.h"
#include "common/usage.h"

#define PROGRAM "arbiter-perft"
#define MAX_DEPTH 64       /* deeper trees never finish; the bound keeps recursion small */
#define MAX_LINE_DEPTHS 32 /* ;Dn fields on one suite line */

enum { EXIT_OK = 0, EXIT_MISMATCH = 1, EXIT_USAGE = 2 };

typedef struct options {
    bool chess960;
    bool divide;
    bool time;
    bool verbose;
    bool strict;
    bool json;
    const char *suite;
    int hash_mb;
    int max_depth;
    int jobs;
} options;

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void print_rate(uint64_t nodes, double seconds)
{
    fflush(stdout); /* the counts first, even when stdout is a pipe */
    double mnps = seconds > 0 ? (double)nodes / seconds / 1e6 : 0.0;
    fprintf(stderr, PROGRAM ": %" PRIu64 " nodes in %.3f s, %.1f Mnps\n", nodes, seconds, mnps);
}

/* Writes text as a JSON string literal (the library's escaping: invalid
 * UTF-8 in a suite file becomes U+FFFD, not broken JSON). */
static void json_string(const char *text)
{
    arb_strbuf t;
    arb_strbuf_init(&t);
    if (arb_strbuf_json_string(&t, text) && t.len)
        fwrite(t.data, 1, t.len, stdout);
    else
        fputs("null", stdout);
    arb_strbuf_free(&t);
}

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

/* Prints the FEN with a caret under the column the parser blamed. */
static void report_bad_fen(const char *fen, const arb_status *st)
{
    fprintf(stderr, PROGRAM ": invalid FEN: column %d: %s\n", st->col, st->message);
    fprintf(stderr, "  %s\n", fen);
    if (st->col > 0)
        fprintf(stderr, "  %*s^\n", st->col - 1, "");
}

/* Perft suites hold artificial positions on purpose (nine queens, two pawns
 * giving check): by default only what the move generator needs is checked. */
static unsigned fen_flags(const options *opt)
{
    return ARB_FEN_IGNORE_EXTRA_FIELDS | (opt->strict ? 0 : ARB_FEN_ALLOW_UNREACHABLE);
}

/* perft through the caller's hash table when there is one */
static uint64_t count_nodes(const arb_position *pos, int depth, arb_perft_table *table)
{
    if (depth == 0)
        return 1; /* the root itself is the only path of length 0 */
    return table ? arb_perft_hashed(pos, depth, table) : arb_perft(pos, depth);
}

static arb_perft_table *new_table(const options *opt)
{
    if (opt->hash_mb == 0)
        return NULL;
    arb_perft_table *table = arb_perft_table_new((size_t)opt->hash_mb);
    if (!table)
        fprintf(stderr, PROGRAM ": no memory for a %d MiB hash table, counting without\n",
                opt->hash_mb);
    return table;
}

static int run_position(const options *opt, const char *fen, int depth)
{
    arb_position pos;
    arb_status st = arb_fen_parse_with(fen, &pos, fen_flags(opt));
    if (st.code != ARB_FEN_OK) {
        report_bad_fen(fen, &st);
        return EXIT_USAGE;
    }
    if (opt->chess960)
        pos.chess960 = 1;

    double start = now_seconds();
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
        arb_perft_table *table = new_table(opt);
        total = count_nodes(&pos, depth, table);
        arb_perft_table_free(table);
    }
    double seconds = now_seconds() - start;
    if (opt->json) {
        printf("{\"fen\":");
        json_string(fen);
        printf(",\"depth\":%d,\"nodes\":%" PRIu64 "}\n", depth, total);
    } else {
        printf("%" PRIu64 "\n", total);
    }
    if (opt->time)
        print_rate(total, seconds);
    return EXIT_OK;
}

/* ---- suites --------------------------------------------------------------- */

typedef struct suite_entry {
    long line;
    int fen_col;             /* 1-based column of the FEN in its line */
    char *fen;
    bool force_chess960;
    int ndepths;
    int depth[MAX_LINE_DEPTHS];
    uint64_t expected[MAX_LINE_DEPTHS];
    char *format_error;      /* message about a malformed line, else NULL */
    int format_col;          /* and the column it points at */

    /* results, written by the worker that checked the entry */
    bool done;
    bool skipped;            /* no depth within --max-depth */
    arb_status fen_status;
    int bad_depth;           /* first mismatching depth, 0 if none */
    uint64_t bad_expected, bad_got;
    uint64_t nodes;
    double seconds;
} suite_entry;

typedef struct suite {
    const char *name;
    const options *opt;
    suite_entry *entries;
    size_t count, capacity;

    pthread_mutex_t lock;    /* guards next_job, next_print, the tallies and stdout */
    size_t next_job, next_print;
    long passed, failed, skipped;
    uint64_t nodes;
} suite;

static char *copy_text(const char *text, size_t len)
{
    char *s = malloc(len + 1);
    if (s) {
        memcpy(s, text, len);
        s[len] = '\0';
    }
    return s;
}

/* The message of a malformed suite line; records its column in e. */
static char *format_message(suite_entry *e, int col, const char *fmt, const char *arg)
{
    char buf[300];
    snprintf(buf, sizeof buf, fmt, arg);
    e->format_col = col;
    return copy_text(buf, strlen(buf));
}

static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/* Parses one ';'-separated field (without the ';') at column col.  Returns an
 * allocated error message, or NULL when the field was understood. */
static char *parse_field(suite_entry *e, const char *field, size_t len, int col)
{
    while (len && is_blank(*field)) {
        field++, len--, col++;
    }
    while (len && is_blank(field[len - 1]))
        len--;
    if (len == 0)
        return NULL; /* an empty field, e.g. after a trailing ';' */

    char text[64];
    if (len >= sizeof text)
        return format_message(e, col, "field too long%s, expected 'Dn count' or 'chess960 true|false'", "");
    memcpy(text, field, len);
    text[len] = '\0';

    if (strcmp(text, "chess960 true") == 0) {
        e->force_chess960 = true;
        return NULL;
    }
    if (strcmp(text, "chess960 false") == 0)
        return NULL;

    char *space = strchr(text, ' ');
    int depth;
    if (text[0] != 'D' || !space)
        return format_message(e, col, "unknown field '%s', expected 'Dn count' or 'chess960 true|false'", text);
    *space = '\0';
    const char *count_text = space + 1;
    while (*count_text == ' ')
        count_text++;
    if (!int_arg_parse(text + 1, 0, MAX_DEPTH, &depth))
        return format_message(e, col, "bad depth '%s', expected D0 to D64", text);
    for (const char *p = count_text; *p; p++)
        if (*p < '0' || *p > '9' || p - count_text > 19)
            return format_message(e, col, "bad node count '%s', expected a decimal number", count_text);
    errno = 0;
    unsigned long long count = strtoull(count_text, NULL, 10);
    if (errno || !*count_text)
        return format_message(e, col, "bad node count '%s', expected a decimal number", count_text);
    for (int i = 0; i < e->ndepths; i++)
        if (e->depth[i] == depth)
            return format_message(e, col, "depth %s given twice", text);
    if (e->ndepths == MAX_LINE_DEPTHS)
        return format_message(e, col, "too many depths on one line%s", "");
    e->depth[e->ndepths] = (int)depth;
    e->expected[e->ndepths] = count;
    e->ndepths++;
    return NULL;
}

/* Splits a suite line into FEN and fields.  Returns false when out of memory;
 * a malformed line is still returned (with format_error set) so it is counted. */
static bool parse_suite_line(const char *line, long line_no, suite_entry *e)
{
    memset(e, 0, sizeof *e);
    e->line = line_no;
    size_t start = 0;
    while (is_blank(line[start]))
        start++;
    const char *semi = strchr(line + start, ';');
    size_t fen_end = semi ? (size_t)(semi - line) : strlen(line);
    size_t fen_len = fen_end - start;
    while (fen_len && is_blank(line[start + fen_len - 1]))
        fen_len--;
    e->fen_col = (int)start + 1;
    e->fen = copy_text(line + start, fen_len);
    if (!e->fen)
        return false;

    while (semi && !e->format_error) {
        const char *field = semi + 1;
        semi = strchr(field, ';');
        size_t len = semi ? (size_t)(semi - field) : strlen(field);
        e->format_error = parse_field(e, field, len, (int)(field - line) + 1);
    }
    if (!e->format_error && e->ndepths == 0)
        e->format_error = format_message(e, (int)fen_end + 1, "no ';Dn count' field after the FEN%s", "");
    /* the depths are checked in increasing order, so the cheap ones fail first */
    for (int i = 1; i < e->ndepths; i++)
        for (int j = i; j > 0 && e->depth[j] < e->depth[j - 1]; j--) {
            int d = e->depth[j];
            e->depth[j] = e->depth[j - 1];
            e->depth[j - 1] = d;
            uint64_t c = e->expected[j];
            e->expected[j] = e->expected[j - 1];
            e->expected[j - 1] = c;
        }
    return true;
}

static bool read_suite(suite *s, FILE *in)
{
    char *line = NULL;
    size_t cap = 0;
    long line_no = 0;
    bool ok = true;
    while (getline(&line, &cap, in) >= 0) {
        line_no++;
        const char *p = line;
        while (is_blank(*p))
            p++;
        if (*p == '\0' || *p == '#')
            continue;
        if (s->count == s->capacity) {
            size_t cap2 = s->capacity ? 2 * s->capacity : 256;
            suite_entry *grown = realloc(s->entries, cap2 * sizeof *grown);
            if (!grown) {
                ok = false;
                break;
            }
            s->entries = grown;
            s->capacity = cap2;
        }
        if (!parse_suite_line(line, line_no, &s->entries[s->count])) {
            ok = false;
            break;
        }
        s->count++;
    }
    free(line);
    return ok;
}

static void check_entry(const options *opt, suite_entry *e, arb_perft_table *table)
{
    if (e->format_error)
        return;
    arb_position pos;
    e->fen_status = arb_fen_parse_with(e->fen, &pos, fen_flags(opt));
    if (e->fen_status.code != ARB_FEN_OK)
        return;
    if (opt->chess960 || e->force_chess960)
        pos.chess960 = 1;

    double start = now_seconds();
    bool any = false;
    for (int i = 0; i < e->ndepths; i++) {
        int depth = e->depth[i];
        if (opt->max_depth >= 0 && depth > opt->max_depth)
            break;
        any = true;
        uint64_t got = count_nodes(&pos, depth, table);
        e->nodes += got;
        if (got != e->expected[i]) {
            /* deeper depths would differ too and cost the most: stop here */
            e->bad_depth = depth;
            e->bad_expected = e->expected[i];
            e->bad_got = got;
            break;
        }
    }
    e->skipped = !any;
    e->seconds = now_seconds() - start;
}

/* One JSON object per suite line: status pass, mismatch, invalid or skipped. */
static int fen_error_column(const suite_entry *e)
{
    return e->fen_col + (e->fen_status.col > 0 ? e->fen_status.col - 1 : 0);
}

static void report_entry_json(const suite *s, const suite_entry *e)
{
    printf("{\"file\":");
    json_string(s->name);
    printf(",\"line\":%ld,\"fen\":", e->line);
    json_string(e->fen);
    if (e->format_error || e->fen_status.code != ARB_FEN_OK) {
        printf(",\"status\":\"invalid\",\"column\":%d,\"error\":",
               e->format_error ? e->format_col : fen_error_column(e));
        json_string(e->format_error ? e->format_error : e->fen_status.message);
    } else if (e->skipped) {
        printf(",\"status\":\"skipped\"");
    } else if (e->bad_depth) {
        printf(",\"status\":\"mismatch\",\"depth\":%d,\"expected\":%" PRIu64 ",\"got\":%" PRIu64,
               e->bad_depth, e->bad_expected, e->bad_got);
    } else {
        printf(",\"status\":\"pass\"");
    }
    printf(",\"nodes\":%" PRIu64, e->nodes);
    if (s->opt->time)
        printf(",\"seconds\":%.3f", e->seconds);
    printf("}\n");
}

/* Reports entry e and updates the tallies; called in file order, lock held. */
static void report_entry(suite *s, const suite_entry *e)
{
    if (s->opt->json)
        report_entry_json(s, e);
    if (e->format_error) {
        fprintf(stderr, "%s:%ld:%d: %s\n", s->name, e->line, e->format_col, e->format_error);
        s->failed++;
    } else if (e->fen_status.code != ARB_FEN_OK) {
        fprintf(stderr, "%s:%ld:%d: invalid FEN: %s\n", s->name, e->line, fen_error_column(e),
                e->fen_status.message);
        s->failed++;
    } else if (e->skipped) {
        s->skipped++;
    } else if (e->bad_depth) {
        if (!s->opt->json)
            printf("%s:%ld: %s ;D%d expected %" PRIu64 " got %" PRIu64 "\n", s->name, e->line,
                   e->fen, e->bad_depth, e->bad_expected, e->bad_got);
        s->failed++;
    } else {
        s->passed++;
        if (s->opt->verbose)
            fprintf(stderr, "%s:%ld: ok, %" PRIu64 " nodes in %.2f s\n", s->name, e->line,
                    e->nodes, e->seconds);
    }
    s->nodes += e->nodes;
    fflush(stdout);
}

static void *suite_worker(void *arg)
{
    suite *s = arg;
    arb_perft_table *table = new_table(s->opt); /* one per thread: tables are not shared */
    for (;;) {
        pthread_mutex_lock(&s->lock);
        size_t i = s->next_job++;
        pthread_mutex_unlock(&s->lock);
        if (i >= s->count) {
            arb_perft_table_free(table);
            return NULL;
        }

        check_entry(s->opt, &s->entries[i], table);

        pthread_mutex_lock(&s->lock);
        s->entries[i].done = true;
        while (s->next_print < s->count && s->entries[s->next_print].done)
            report_entry(s, &s->entries[s->next_print++]);
        pthread_mutex_unlock(&s->lock);
    }
}

static int run_suite(const options *opt)
{
    bool is_stdin = strcmp(opt->suite, "-") == 0;
    FILE *in = is_stdin ? stdin : fopen(opt->suite, "r");
    if (!in) {
        fprintf(stderr, PROGRAM ": %s: %s\n", opt->suite, strerror(errno));
        return EXIT_USAGE;
    }
    suite s = { .name = is_stdin ? "<stdin>" : opt->suite, .opt = opt };
    bool read_ok = read_suite(&s, in);
    bool read_error = ferror(in);
    if (!is_stdin)
        fclose(in);
    int status = EXIT_USAGE;
    if (!read_ok) {
        fprintf(stderr, PROGRAM ": %s: out of memory\n", s.name);
        goto done;
    }
    if (read_error) {
        fprintf(stderr, PROGRAM ": %s: read error\n", s.name);
        goto done;
    }

    pthread_mutex_init(&s.lock, NULL);
    double start = now_seconds();
    long jobs = opt->jobs;
    if (jobs == 0) {
        jobs = sysconf(_SC_NPROCESSORS_ONLN);
        if (jobs < 1)
            jobs = 1;
    }
    if ((size_t)jobs > s.count)
        jobs = s.count ? (long)s.count : 1;
    pthread_t threads[256];
    int started = 0;
    for (long j = 1; j < jobs && j < 256; j++) {
        if (pthread_create(&threads[started], NULL, suite_worker, &s) != 0)
            break; /* fewer threads is still correct */
        started++;
    }
    suite_worker(&s);
    for (int j = 0; j < started; j++)
        pthread_join(threads[j], NULL);
    pthread_mutex_destroy(&s.lock);
    double seconds = now_seconds() - start;

    if (s.skipped)
        fprintf(stderr, PROGRAM ": %s: %ld position%s skipped (no depth up to %d)\n", s.name,
                s.skipped, s.skipped == 1 ? "" : "s", opt->max_depth);
    if (opt->json)
        printf("{\"passed\":%ld,\"failed\":%ld,\"skipped\":%ld,\"nodes\":%" PRIu64 "}\n",
               s.passed, s.failed, s.skipped, s.nodes);
    else
        printf("%ld passed, %ld failed\n", s.passed, s.failed);
    if (opt->time)
        print_rate(s.nodes, seconds);
    status = s.failed ? EXIT_MISMATCH : EXIT_OK;

done:
    for (size_t i = 0; i < s.count; i++) {
        free(s.entries[i].fen);
        free(s.entries[i].format_error);
    }
    free(s.entries);
    return status;
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
        return run_suite(&opt);
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
