/* perft_suite.c — see perft_suite.h */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "perft_out.h"
#include "perft_suite.h"
#include "perft_suite_file.h"

#define PROGRAM PERFT_PROGRAM

typedef struct suite {
    const char *name;
    const perft_options *opt;
    perft_suite_file file;

    pthread_mutex_t lock;    /* guards next_job, next_print, the tallies and stdout */
    size_t next_job, next_print;
    perft_tally tally;
} suite;

static void check_entry(const perft_options *opt, perft_suite_entry *e, arb_perft_table *table)
{
    if (e->format_error)
        return;
    arb_position pos;
    e->fen_status = arb_fen_parse_with(e->fen, &pos, perft_fen_flags(opt));
    if (e->fen_status.code != ARB_FEN_OK)
        return;
    if (opt->chess960 || e->force_chess960)
        pos.chess960 = 1;

    double start = perft_now_seconds();
    bool any = false;
    for (int i = 0; i < e->ndepths; i++) {
        int depth = e->depth[i];
        if (opt->max_depth >= 0 && depth > opt->max_depth)
            break;
        any = true;
        uint64_t got = perft_count_nodes(&pos, depth, table);
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
    e->seconds = perft_now_seconds() - start;
}

static void *suite_worker(void *arg)
{
    suite *s = arg;
    arb_perft_table *table = perft_new_table(s->opt); /* one per thread: tables are not shared */
    for (;;) {
        pthread_mutex_lock(&s->lock);
        size_t i = s->next_job++;
        pthread_mutex_unlock(&s->lock);
        if (i >= s->file.count) {
            arb_perft_table_free(table);
            return NULL;
        }

        check_entry(s->opt, &s->file.entries[i], table);

        pthread_mutex_lock(&s->lock);
        s->file.entries[i].done = true;
        while (s->next_print < s->file.count && s->file.entries[s->next_print].done)
            perft_report_entry(s->name, s->opt, &s->file.entries[s->next_print++], &s->tally);
        pthread_mutex_unlock(&s->lock);
    }
}

int perft_run_suite(const perft_options *opt)
{
    bool is_stdin = strcmp(opt->suite, "-") == 0;
    FILE *in = is_stdin ? stdin : fopen(opt->suite, "r");
    if (!in) {
        fprintf(stderr, PROGRAM ": %s: %s\n", opt->suite, strerror(errno));
        return PERFT_EXIT_USAGE;
    }
    suite s = { .name = is_stdin ? "<stdin>" : opt->suite, .opt = opt };
    bool read_ok = perft_suite_file_read(&s.file, in);
    bool read_error = ferror(in);
    if (!is_stdin)
        fclose(in);
    int status = PERFT_EXIT_USAGE;
    if (!read_ok) {
        fprintf(stderr, PROGRAM ": %s: out of memory\n", s.name);
        goto done;
    }
    if (read_error) {
        fprintf(stderr, PROGRAM ": %s: read error\n", s.name);
        goto done;
    }

    pthread_mutex_init(&s.lock, NULL);
    double start = perft_now_seconds();
    long jobs = opt->jobs;
    if (jobs == 0) {
        jobs = sysconf(_SC_NPROCESSORS_ONLN);
        if (jobs < 1)
            jobs = 1;
    }
    if ((size_t)jobs > s.file.count)
        jobs = s.file.count ? (long)s.file.count : 1;
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
    double seconds = perft_now_seconds() - start;

    perft_report_tally(s.name, opt, &s.tally, seconds);
    status = s.tally.failed ? PERFT_EXIT_MISMATCH : PERFT_EXIT_OK;

done:
    perft_suite_file_free(&s.file);
    return status;
}
