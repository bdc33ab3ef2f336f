/* pgnconv — PGN in, canonical PGN (export format) out.
 *
 *   pgnconv [--to san|lan|uci] [--strip-comments] [--strip-variations]
 *           [--strip-nags] [-o FILE] [--rejects FILE] [--max-depth N]
 *           [--null-moves] [--jobs N] [--json] [FILE...]
 *
 * Reading, replaying and writing live in lib/ (pgn_read, pgn_write); this
 * file handles arguments, files, the pass-through of games that cannot be
 * converted, the summary and the exit status:
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
#include "pgn_parallel.h"
#include "pgn_read.h"
#include "pgn_write.h"

#define PROGRAM "pgnconv"

enum { EXIT_OK = 0, EXIT_REJECTED = 1, EXIT_TROUBLE = 2 };

typedef struct options {
    arb_pgn_write_options write;
    arb_pgn_reader_options read;
    const char *output;
    const char *rejects;
    bool json;
    int jobs;
} options;

/* An output file written under a temporary name and renamed when complete. */
typedef struct sink {
    FILE *fp;
    const char *path;    /* final name, NULL for stdout */
    char *temp;
    char *real;          /* the file a symbolic link points to */
    bool direct;         /* not a regular file: written in place */
    bool failed;
} sink;

typedef struct counts {
    unsigned long long read, written, rejected;
} counts;

/* The whole run: options, outputs, totals. */
struct run {
    const options *o;
    sink *out;
    sink *rejects;
    counts n;
};

static void usage(FILE *out)
{
    fprintf(out,
        "usage: " PROGRAM " [OPTIONS] [FILE...]\n"
        "\n"
        "Reads PGN games (plain or gzip; standard input when no FILE or FILE is -),\n"
        "replays every move of every line, and writes them in PGN export format.\n"
        "\n"
        "  --to san|lan|uci     move notation: SAN (default), long algebraic (Ng1-f3),\n"
        "                       or UCI (g1f3)\n"
        "  --strip-comments     leave out comments\n"
        "  --strip-variations   leave out variations\n"
        "  --strip-nags         leave out NAGs and ! ? annotations\n"
        "  -o, --output FILE    write to FILE (replaced only when the run completes)\n"
        "  --rejects FILE       write games that cannot be converted to FILE instead\n"
        "                       of passing them through unchanged\n"
        "  --max-depth N        allow variations nested N deep (default 256)\n"
        "  --null-moves         accept null moves (-- or Z0) in the main line too\n"
        "  -j, --jobs N         convert on N threads (default: one per processor, at\n"
        "                       most 4; 1 = no threads); the output is the same\n"
        "  --json               messages on standard error as JSON Lines\n"
        "  --help, --version\n"
        "\n"
        "Each problem is reported as FILE:LINE:COL: message on standard error, then\n"
        "a summary: games read, written, rejected.\n"
        "Exit status: 0 all games converted, 1 some games rejected,\n"
        "2 usage error or unreadable/unwritable file.\n");
}

static bool sink_open(sink *s, const char *path)
{
    memset(s, 0, sizeof *s);
    if (!path || strcmp(path, "-") == 0) {
        s->fp = stdout;
        return true;
    }
    s->path = path;
    /* Only a regular file is replaced by rename: a device (/dev/null), a
     * FIFO or a terminal is written in place, and a symbolic link keeps
     * pointing where it did. */
    struct stat sb;
    if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) {
        s->fp = fopen(path, "w");
        if (!s->fp) {
            fprintf(stderr, PROGRAM ": cannot write %s: %s\n", path, strerror(errno));
            return false;
        }
        s->direct = true;
        return true;
    }
    char *target = realpath(path, NULL);   /* NULL when it does not exist yet */
    if (target)
        path = s->real = target;
    size_t n = strlen(path) + 16;
    s->temp = malloc(n);
    if (!s->temp) {
        free(s->real);
        return false;
    }
    snprintf(s->temp, n, "%s.tmp.XXXXXX", path);
    int fd = mkstemp(s->temp);
    if (fd < 0) {
        fprintf(stderr, PROGRAM ": cannot create %s: %s\n", s->temp, strerror(errno));
        free(s->temp);
        free(s->real);
        s->temp = s->real = NULL;
        return false;
    }
    /* mkstemp makes the file private; give it the usual permissions */
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
    s->fp = fdopen(fd, "w");
    if (!s->fp) {
        close(fd);
        unlink(s->temp);
        free(s->temp);
        free(s->real);
        s->temp = s->real = NULL;
        return false;
    }
    return true;
}

/* Flushes and, for a file, renames it into place (or removes it when the
 * run failed).  Returns false on a write error. */
static bool sink_close(sink *s, bool keep)
{
    if (!s->fp)
        return true;
    bool ok = fflush(s->fp) == 0 && !ferror(s->fp) && !s->failed;
    if (s->direct) {
        ok = (fclose(s->fp) == 0) && ok;
    } else if (s->fp != stdout) {
        ok = (fclose(s->fp) == 0) && ok;
        if (ok && keep) {
            if (rename(s->temp, s->real ? s->real : s->path) != 0) {
                fprintf(stderr, PROGRAM ": cannot rename %s to %s: %s\n", s->temp, s->path,
                        strerror(errno));
                ok = false;
            }
        }
        if (!ok || !keep)
            unlink(s->temp);
        free(s->temp);
        free(s->real);
    } else if (!ok) {
        fprintf(stderr, PROGRAM ": cannot write standard output: %s\n", strerror(errno));
    }
    s->fp = NULL;
    return ok;
}

static void sink_write(sink *s, const char *data, size_t len)
{
    if (s->failed || len == 0)
        return;
    if (fwrite(data, 1, len, s->fp) != len) {
        fprintf(stderr, PROGRAM ": cannot write %s: %s\n", s->path ? s->path : "standard output",
                strerror(errno));
        s->failed = true;
    }
}

static void json_string(arb_text *t, const char *s)
{
    arb_text_append(t, "\"", 1);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            char esc[2] = {'\\', (char)c};
            arb_text_append(t, esc, 2);
        } else if (c < 0x20) {
            arb_text_printf(t, "\\u%04x", c);
        } else {
            arb_text_append(t, s, 1);
        }
    }
    arb_text_append(t, "\"", 1);
}

static void report(const options *o, arb_text *t, const char *file, int severity, int line, int col,
                   const char *message)
{
    static const char *const names[] = {"note", "warning", "error"};
    if (o->json) {
        arb_text_append(t, "{\"file\":", 8);
        json_string(t, file);
        arb_text_printf(t, ",\"line\":%d,\"col\":%d,\"severity\":\"%s\",\"message\":", line, col,
                        names[severity]);
        json_string(t, message);
        arb_text_append(t, "}\n", 2);
    } else {
        arb_text_printf(t, "%s:%d:%d: %s%s\n", file, line, col,
                        severity == ARB_PGN_ERROR ? ""
                        : severity == ARB_PGN_NOTE ? "note: " : "warning: ",
                        message);
    }
}

/* Output texts and counters of a batch of games (see pgn_parallel.h). */
enum { TEXT_OUT = 0, TEXT_ERR = 1, TEXT_REJECTS = 2 };
enum { COUNT_READ = 0, COUNT_WRITTEN = 1, COUNT_REJECTED = 2 };

/* What a converting thread needs. */
typedef struct worker {
    const options *o;
    arb_pgn_writer *writer;
} worker;

static void *worker_start(void *ctx)
{
    const struct run *run = ctx;
    worker *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->o = run->o;
    w->writer = arb_pgn_writer_new(&run->o->write);
    return w;
}

static void worker_stop(void *state)
{
    worker *w = state;
    if (!w)
        return;
    arb_pgn_writer_free(w->writer);
    free(w);
}

/* One game: converted, or its original bytes passed through. */
static void convert_game(void *state, const arb_pgn_game *g, arb_pgn_output *out)
{
    worker *w = state;
    const options *o = w ? w->o : NULL;
    if (!w || !w->writer) {
        out->text[TEXT_OUT].failed = true;   /* out of memory at thread start */
        return;
    }
    out->count[COUNT_READ]++;
    arb_text *err = &out->text[TEXT_ERR];
    for (size_t i = 0; i < g->diag_count; i++)
        report(o, err, g->source, g->diags[i].severity, g->diags[i].line, g->diags[i].col,
               g->diags[i].message);
    if (g->error_count == 0) {
        const char *text;
        size_t len;
        arb_status ws = arb_pgn_write_game(w->writer, g, &text, &len);
        if (ws.code == 0) {
            arb_text_append(&out->text[TEXT_OUT], text, len);
            out->count[COUNT_WRITTEN]++;
            return;
        }
        report(o, err, g->source, ARB_PGN_ERROR, g->line, g->col, ws.message);
    }
    out->count[COUNT_REJECTED]++;
    if (!g->raw || !g->raw_complete) {
        report(o, err, g->source, ARB_PGN_ERROR, g->line, g->col,
               "game too long to pass through, expected a game shorter than the size limit");
        return;
    }
    /* the original bytes, kept apart from the next game by a blank line */
    arb_text *dest = &out->text[o->rejects ? TEXT_REJECTS : TEXT_OUT];
    arb_text_append(dest, g->raw, g->raw_len);
    if (g->raw_len == 0 || g->raw[g->raw_len - 1] != '\n')
        arb_text_append(dest, "\n", 1);
    arb_text_append(dest, "\n", 1);
}

/* In input order, in the main thread. */
static bool emit(void *ctx, const arb_pgn_output *out)
{
    struct run *run = ctx;
    sink_write(run->out, out->text[TEXT_OUT].data, out->text[TEXT_OUT].len);
    if (run->rejects)
        sink_write(run->rejects, out->text[TEXT_REJECTS].data, out->text[TEXT_REJECTS].len);
    if (out->text[TEXT_ERR].len)
        fwrite(out->text[TEXT_ERR].data, 1, out->text[TEXT_ERR].len, stderr);
    run->n.read += out->count[COUNT_READ];
    run->n.written += out->count[COUNT_WRITTEN];
    run->n.rejected += out->count[COUNT_REJECTED];
    return !run->out->failed && !(run->rejects && run->rejects->failed);
}

/* Converts one input; returns false on an input failure. */
static bool convert_file(struct run *run, const char *path)
{
    const options *o = run->o;
    arb_input *in;
    arb_status st = arb_input_open(path, &in);
    if (st.code) {
        if (o->json) {
            arb_text t = {0};
            report(o, &t, strcmp(path, "-") == 0 ? "<stdin>" : path, ARB_PGN_ERROR, 0, 0, st.message);
            fwrite(t.data, 1, t.len, stderr);
            arb_text_free(&t);
        } else {
            fprintf(stderr, PROGRAM ": %s\n", st.message);
        }
        return false;
    }
    char name[4096];
    snprintf(name, sizeof name, "%s", arb_input_name(in));
    static const arb_pgn_parallel_ops ops = {worker_start, worker_stop, convert_game, emit};
    arb_pgn_parallel_options parallel = {.jobs = o->jobs};
    int rc = arb_pgn_read_parallel(in, &o->read, &parallel, &ops, run, &st);
    if (rc != ARB_PGN_READ_FAILED)
        return true;
    if (st.code) {
        arb_text t = {0};
        report(o, &t, name, ARB_PGN_ERROR, st.line, st.col, st.message);
        fwrite(t.data, 1, t.len, stderr);
        arb_text_free(&t);
    }
    return false;
}

static bool parse_int(const char *s, int min, int max, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < min || v > max)
        return false;
    *out = (int)v;
    return true;
}

/* Returns the index of the first file argument, or -1 after a usage error,
 * or 0 when the run is already over (--help, --version). */
static int parse_args(int argc, char **argv, options *o)
{
    int i = 1;
    for (; i < argc; i++) {
        const char *a = argv[i];
        const char *value = NULL;
        if (strcmp(a, "--") == 0)
            return i + 1;
        if (a[0] != '-' || strcmp(a, "-") == 0)
            break;
        /* --opt=value and --opt value */
        const char *eq = strncmp(a, "--", 2) == 0 ? strchr(a, '=') : NULL;
        char name[64];
        if (eq) {
            size_t len = (size_t)(eq - a);
            if (len >= sizeof name)
                len = sizeof name - 1;
            memcpy(name, a, len);
            name[len] = '\0';
            value = eq + 1;
            a = name;
        }
        bool takes_value = strcmp(a, "--to") == 0 || strcmp(a, "-o") == 0
                        || strcmp(a, "--output") == 0 || strcmp(a, "--rejects") == 0
                        || strcmp(a, "--max-depth") == 0 || strcmp(a, "--jobs") == 0
                        || strcmp(a, "-j") == 0;
        if (takes_value && !value) {
            if (i + 1 >= argc) {
                fprintf(stderr, PROGRAM ": option %s needs a value\n", a);
                return -1;
            }
            value = argv[++i];
        } else if (!takes_value && value) {
            fprintf(stderr, PROGRAM ": option %s takes no value\n", a);
            return -1;
        }
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--version") == 0) {
            printf(PROGRAM " " ARB_VERSION "\n");
            return 0;
        } else if (strcmp(a, "--to") == 0) {
            if (strcmp(value, "san") == 0)
                o->write.notation = ARB_PGN_NOTATION_SAN;
            else if (strcmp(value, "lan") == 0)
                o->write.notation = ARB_PGN_NOTATION_LAN;
            else if (strcmp(value, "uci") == 0)
                o->write.notation = ARB_PGN_NOTATION_UCI;
            else {
                fprintf(stderr, PROGRAM ": --to %s: expected san, lan or uci\n", value);
                return -1;
            }
        } else if (strcmp(a, "--strip-comments") == 0) {
            o->write.strip_comments = true;
        } else if (strcmp(a, "--strip-variations") == 0) {
            o->write.strip_variations = true;
        } else if (strcmp(a, "--strip-nags") == 0) {
            o->write.strip_nags = true;
        } else if (strcmp(a, "-o") == 0 || strcmp(a, "--output") == 0) {
            o->output = value;
        } else if (strcmp(a, "--rejects") == 0) {
            o->rejects = value;
        } else if (strcmp(a, "--max-depth") == 0) {
            if (!parse_int(value, 1, 1000000, &o->read.max_depth)) {
                fprintf(stderr, PROGRAM ": --max-depth %s: expected a number from 1 to 1000000\n",
                        value);
                return -1;
            }
        } else if (strcmp(a, "--jobs") == 0 || strcmp(a, "-j") == 0) {
            if (!parse_int(value, 0, 256, &o->jobs)) {
                fprintf(stderr, PROGRAM ": --jobs %s: expected a number from 0 to 256\n", value);
                return -1;
            }
        } else if (strcmp(a, "--null-moves") == 0) {
            o->read.null_moves_in_main_line = true;
        } else if (strcmp(a, "--json") == 0) {
            o->json = true;
        } else {
            fprintf(stderr, PROGRAM ": unknown option %s (see " PROGRAM " --help)\n", a);
            return -1;
        }
    }
    return i;
}

int main(int argc, char **argv)
{
    options o;
    memset(&o, 0, sizeof o);
    o.jobs = 0;
    int first = parse_args(argc, argv, &o);
    if (first < 0)
        return EXIT_TROUBLE;
    if (first == 0)
        return fflush(stdout) == 0 ? EXIT_OK : EXIT_TROUBLE;
    if (o.jobs == 0) {
        /* one thread per processor, up to 4: past that, output dominates */
        long cpus = sysconf(_SC_NPROCESSORS_ONLN);
        o.jobs = cpus < 1 ? 1 : cpus > 4 ? 4 : (int)cpus;
    }
    /* SAN is computed while the reader has the positions at hand */
    o.read.record_san = o.write.notation == ARB_PGN_NOTATION_SAN;
    if (o.output && o.rejects && strcmp(o.output, o.rejects) == 0 && strcmp(o.output, "-") != 0) {
        fprintf(stderr, PROGRAM ": -o and --rejects name the same file\n");
        return EXIT_TROUBLE;
    }

    static char stdout_buffer[1 << 20];
    setvbuf(stdout, stdout_buffer, _IOFBF, sizeof stdout_buffer);

    sink out, rejects;
    memset(&rejects, 0, sizeof rejects);
    if (!sink_open(&out, o.output))
        return EXIT_TROUBLE;
    if (o.rejects && !sink_open(&rejects, o.rejects)) {
        sink_close(&out, false);
        return EXIT_TROUBLE;
    }
    struct run run = {.o = &o, .out = &out, .rejects = o.rejects ? &rejects : NULL};
    bool trouble = false;
    if (first >= argc) {
        trouble |= !convert_file(&run, "-");
    } else {
        for (int i = first; i < argc; i++)
            trouble |= !convert_file(&run, argv[i]);
    }
    counts n = run.n;

    trouble |= out.failed || rejects.failed;
    /* a failed run leaves no half-written output behind */
    trouble |= !sink_close(&out, !trouble);
    trouble |= !sink_close(&rejects, !trouble);

    if (o.json)
        fprintf(stderr, "{\"summary\":{\"read\":%llu,\"written\":%llu,\"rejected\":%llu}}\n",
                n.read, n.written, n.rejected);
    else
        fprintf(stderr, PROGRAM ": %llu game%s read, %llu written, %llu rejected\n", n.read,
                n.read == 1 ? "" : "s", n.written, n.rejected);
    if (trouble)
        return EXIT_TROUBLE;
    return n.rejected ? EXIT_REJECTED : EXIT_OK;
}
