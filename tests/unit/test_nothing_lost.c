/* test_nothing_lost.c — over every PGN file in corpora/ (golden cases, demo,
 * fuzz seeds and regressions): each game read without errors survives
 * writing and reading again with its moves, comments, NAGs, variations, tags
 * and result (compared as game trees, tests/fuzz/pgn_props.h), in SAN, LAN
 * and UCI; writing it again is byte-identical; and reading a file in two
 * pieces gives the games of one read.  The same properties the fuzz_pgn
 * harness checks on random input, here on every run of `make test`. */
#define _XOPEN_SOURCE 700   /* nftw */
#include <criterion/criterion.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../fuzz/pgn_props.h"
#include "datadir.h"

#define MAX_FILES 4096

static char *files[MAX_FILES];
static size_t file_count;

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

static int collect(const char *path, const struct stat *sb, int type, struct FTW *ftw)
{
    (void)sb;
    (void)ftw;
    if (type == FTW_F && (ends_with(path, ".pgn") || ends_with(path, ".pgn.gz")) && file_count < MAX_FILES)
        files[file_count++] = strdup(path);
    return 0;
}

static void free_files(void)
{
    for (size_t i = 0; i < file_count; i++)
        free(files[i]);
    file_count = 0;
}

/* Every PGN file under corpora/ of the tree. */
static void find_corpus_files(void)
{
    char root[4096];
    cr_assert(arb_data_find("corpora", root, sizeof root), "corpora/ not found (set ARBITER_DATA)");
    cr_assert_eq(nftw(root, collect, 16, FTW_PHYS), 0);
    cr_assert_gt(file_count, 20, "only %zu PGN files under %s", file_count, root);
}

TestSuite(nothing_lost, .fini = free_files);

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "%s", path);
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    for (size_t got; (got = fread(buf + n, 1, cap - n, f)) > 0;) {
        n += got;
        if (n == cap)
            buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    *len = n;
    return buf;
}

static void read_games(const char *path, const char *data, size_t len, size_t cut, pgn_games *out)
{
    arb_input *in;
    if (data) {
        in = arb_input_from_memory(data + cut, len - cut, path);
        if (cut)
            cr_assert(arb_input_unread(in, data, cut));
        arb_pgn_reader *r = arb_pgn_reader_new(in, NULL);
        pgn_games_read(r, out, 100000);
        arb_pgn_reader_free(r);
        return;
    }
    arb_pgn_reader *r;
    arb_status st = arb_pgn_reader_open(path, NULL, &r);
    cr_assert_eq(st.code, 0, "%s: %s", path, st.message);
    pgn_games_read(r, out, 100000);
    arb_pgn_reader_free(r);
}

Test(nothing_lost, every_corpus_game_survives_writing_and_reading_again)
{
    find_corpus_files();
    static const int notations[] = {ARB_PGN_NOTATION_SAN, ARB_PGN_NOTATION_LAN, ARB_PGN_NOTATION_UCI};
    size_t games = 0, checked = 0;
    for (size_t i = 0; i < file_count; i++) {
        pgn_games set;
        read_games(files[i], NULL, 0, 0, &set);
        games += set.count;
        for (size_t n = 0; n < sizeof notations / sizeof *notations; n++) {
            arb_pgn_write_options wopt = {.notation = notations[n]};
            arb_pgn_writer *w = arb_pgn_writer_new(&wopt);
            for (size_t g = 0; g < set.count; g++) {
                if (set.games[g].error_count)
                    continue;   /* (null moves too: UCI writes them "--", not "0000") */
                pgn_why why;
                const char *fail = pgn_check_round_trip(&set.games[g], NULL, w, &why);
                cr_expect_null(fail, "%s, game %zu (notation %d): %s", files[i], g + 1, notations[n], fail);
                checked++;
            }
            arb_pgn_writer_free(w);
        }
        pgn_games_free(&set);
    }
    cr_assert_gt(checked, 100, "%zu games checked of %zu read", checked, games);
}

Test(nothing_lost, a_file_read_in_two_pieces_gives_the_same_games)
{
    find_corpus_files();
    size_t compared = 0;
    for (size_t i = 0; i < file_count; i++) {
        if (ends_with(files[i], ".gz"))
            continue;   /* the pieces would not be gzip */
        size_t len;
        char *data = slurp(files[i], &len);
        pgn_games whole;
        read_games(files[i], data, len, 0, &whole);
        /* cuts at a few places, including inside the first token */
        size_t cuts[] = {1, len / 3, len / 2, len - 1};
        for (size_t c = 0; c < sizeof cuts / sizeof *cuts; c++) {
            if (cuts[c] == 0 || cuts[c] >= len || (len >= 2 && (unsigned char)data[cuts[c]] == 0x1f))
                continue;
            pgn_games split;
            read_games(files[i], data, len, cuts[c], &split);
            pgn_why why;
            const char *fail = pgn_same_games(&whole, &split, &why);
            cr_expect_null(fail, "%s cut at byte %zu: %s", files[i], cuts[c], fail);
            pgn_games_free(&split);
            compared++;
        }
        pgn_games_free(&whole);
        free(data);
    }
    cr_assert_gt(compared, 20);
}
