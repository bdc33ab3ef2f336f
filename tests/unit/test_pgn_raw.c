/* test_pgn_raw.c — a game's raw text (g->raw, what pgnconv passes through
 * byte for byte) does not depend on how the input arrives: where a read
 * block of the reader ends, or how many bytes each read of a pipe returns. */
#include "test_pgn_helpers.h"

#include <pthread.h>
#include <unistd.h>

/* The raw texts of every game of a reader, joined with '|' after each. */
static char *raw_spans(arb_pgn_reader *r, size_t *games)
{
    size_t cap = 1 << 12, len = 0;
    char *out = malloc(cap);
    cr_assert_not_null(out);
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    arb_status st;
    *games = 0;
    while (arb_pgn_read(r, &g, &st) == ARB_PGN_READ_GAME) {
        size_t n = g.raw_complete ? g.raw_len : 0;
        while (len + n + 2 > cap) {
            cap *= 2;
            out = realloc(out, cap);
            cr_assert_not_null(out);
        }
        memcpy(out + len, g.raw_complete ? g.raw : "", n);
        len += n;
        out[len++] = '|';
        ++*games;
    }
    out[len] = '\0';
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
    return out;
}

/* The reader's first block is 1 MiB: a first game of variable length puts
 * that boundary on every byte around the end of the second game, whose
 * line ends in blanks. */
Test(pgn_raw, same_whatever_the_read_block_boundary)
{
    const char *second = "[Event \"b\"]\n\n1. d4 *";
    const char *blanks = " \t   \t          \r\n";
    const char *third = "[Event \"c\"]\n\n1. c4 *\n";
    size_t block = (size_t)1 << 20;
    size_t head_fixed = strlen("[Event \"a\"]\n\n1. e4 {} *\n\n");
    size_t text_cap = block + 4096;
    char *text = malloc(text_cap);
    cr_assert_not_null(text);
    char want[128];
    snprintf(want, sizeof want, "%s%s", second, blanks);
    for (int shift = -4; shift <= (int)strlen(blanks) + 4; shift++) {
        /* the block ends `shift` bytes after the second game's last token */
        size_t comment = block - head_fixed - strlen(second) - (size_t)(shift + 4) + 4;
        size_t len = (size_t)snprintf(text, text_cap, "[Event \"a\"]\n\n1. e4 {");
        memset(text + len, 'x', comment);
        len += comment;
        len += (size_t)snprintf(text + len, text_cap - len, "} *\n\n%s%s%s", second, blanks, third);
        arb_pgn_reader *r = reader_on(text, len, NULL);
        arb_pgn_game g;
        arb_pgn_game_init(&g);
        arb_status st;
        cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_GAME);
        cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_GAME);
        cr_assert(g.raw_complete);
        cr_assert_eq(g.raw_len, strlen(want), "shift %d: raw of %zu bytes, expected %zu", shift, g.raw_len,
                     strlen(want));
        cr_assert_eq(memcmp(g.raw, want, g.raw_len), 0, "shift %d", shift);
        arb_pgn_game_free(&g);
        arb_pgn_reader_free(r);
    }
    free(text);
}

/* Games ending every way a line can end, written into a pipe one byte per
 * write(2): the reader gets them in reads of a byte or a few. */
static const char sample[] =
    "[Event \"a\"]\n\n1. e4 e5 1-0   \n\n"
    "[Event \"b\"]\r\n\r\n1. d4 d5 0-1\t\r\n"
    "[Event \"c\"]\n\n1. c4 Kc7 *  {after}\n"
    "[Event \"d\"]\n\n1. Nf3 {no marker}   \n"
    "[Event \"e\"]\n\n1. e4 {unclosed   \n\n  ";

static void *write_slowly(void *arg)
{
    int fd = *(int *)arg;
    for (size_t i = 0; i + 1 < sizeof sample; i++)
        if (write(fd, sample + i, 1) != 1)
            break;
    close(fd);
    return NULL;
}

Test(pgn_raw, same_from_a_pipe_a_byte_at_a_time)
{
    size_t games_memory, games_pipe;
    char *from_memory = raw_spans(reader_on(sample, sizeof sample - 1, NULL), &games_memory);
    int fds[2];
    cr_assert_eq(pipe(fds), 0);
    pthread_t writer;
    cr_assert_eq(pthread_create(&writer, NULL, write_slowly, &fds[1]), 0);
    arb_input *in = arb_input_from_fd(fds[0], "pipe", true);
    cr_assert_not_null(in);
    arb_pgn_reader *r = arb_pgn_reader_new(in, NULL);
    cr_assert_not_null(r);
    char *from_pipe = raw_spans(r, &games_pipe);
    pthread_join(writer, NULL);
    cr_assert_eq(games_memory, 5);
    cr_assert_eq(games_pipe, games_memory);
    cr_assert_str_eq(from_pipe, from_memory);
    /* the rest of a line of blanks belongs to the game before */
    cr_assert_not_null(strstr(from_memory, "1-0   \n|"), "%s", from_memory);
    cr_assert_not_null(strstr(from_memory, "0-1\t\r\n|"), "%s", from_memory);
    free(from_memory);
    free(from_pipe);
}
