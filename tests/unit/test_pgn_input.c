/* test_pgn_input.c — byte streams: plain and gzip by magic bytes (not by
 * name), multi-member gzip, truncated and corrupt gzip, files and stdin, and
 * the reader delivering every complete game before a truncation. */
#include "test_pgn_helpers.h"

#include <fcntl.h>
#include <unistd.h>
#include <zlib.h>

/* gzip-compresses data (one member); returns a malloc'ed buffer. */
static unsigned char *gzip_data(const char *data, size_t len, size_t *out_len)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    cr_assert_eq(deflateInit2(&z, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY), Z_OK);
    size_t cap = deflateBound(&z, (uLong)len) + 64;
    unsigned char *out = malloc(cap);
    z.next_in = (Bytef *)data;
    z.avail_in = (uInt)len;
    z.next_out = out;
    z.avail_out = (uInt)cap;
    cr_assert_eq(deflate(&z, Z_FINISH), Z_STREAM_END);
    *out_len = cap - z.avail_out;
    deflateEnd(&z);
    return out;
}

/* Reads all of an input into a malloc'ed buffer, in small pieces. */
static char *read_everything(arb_input *in, size_t *len, arb_status *st, ssize_t *last)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (cap - n < 1000) {
            cap *= 2;
            buf = realloc(buf, cap);
        }
        ssize_t r = arb_input_read(in, buf + n, 1000, st);
        *last = r;
        if (r <= 0)
            break;
        n += (size_t)r;
    }
    *len = n;
    return buf;
}

Test(pgn_input, plain_memory)
{
    const char *text = "[Event \"x\"]\n\n1. e4 *\n";
    arb_input *in = arb_input_from_memory(text, strlen(text), "a.pgn");
    size_t len;
    arb_status st = {0};
    ssize_t last;
    char *got = read_everything(in, &len, &st, &last);
    cr_assert_eq(last, 0);
    cr_assert_eq(len, strlen(text));
    cr_assert_eq(memcmp(got, text, len), 0);
    cr_assert_not(arb_input_is_gzip(in));
    cr_assert_str_eq(arb_input_name(in), "a.pgn");
    free(got);
    arb_input_close(in);
}

Test(pgn_input, gzip_detected_by_magic_bytes)
{
    const char *text = "1. e4 e5 *\n";
    size_t zlen;
    unsigned char *z = gzip_data(text, strlen(text), &zlen);
    /* the name says nothing about compression */
    arb_input *in = arb_input_from_memory(z, zlen, "games.txt");
    size_t len;
    arb_status st = {0};
    ssize_t last;
    char *got = read_everything(in, &len, &st, &last);
    cr_assert_eq(last, 0);
    cr_assert(arb_input_is_gzip(in));
    cr_assert_eq(len, strlen(text));
    cr_assert_eq(memcmp(got, text, len), 0);
    free(got);
    free(z);
    arb_input_close(in);
}

Test(pgn_input, multi_member_gzip)
{
    const char *a = "[Event \"a\"]\n\n1. e4 *\n\n", *b = "[Event \"b\"]\n\n1. d4 *\n";
    size_t alen, blen;
    unsigned char *za = gzip_data(a, strlen(a), &alen), *zb = gzip_data(b, strlen(b), &blen);
    unsigned char *both = malloc(alen + blen);
    memcpy(both, za, alen);
    memcpy(both + alen, zb, blen);
    arb_pgn_reader *r = arb_pgn_reader_new(arb_input_from_memory(both, alen + blen, "ab.gz"), NULL);
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    arb_status st;
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_GAME);
    cr_assert_str_eq(arb_pgn_game_tag(&g, "Event"), "a");
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_GAME);
    cr_assert_str_eq(arb_pgn_game_tag(&g, "Event"), "b");
    cr_assert_eq(g.line, 5);
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_END);
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
    free(both);
    free(za);
    free(zb);
}

Test(pgn_input, truncated_gzip_after_the_complete_games)
{
    /* three games; the stream is cut inside the third */
    const char *text = "[Event \"1\"]\n\n1. e4 *\n\n[Event \"2\"]\n\n1. d4 *\n\n[Event \"3\"]\n\n1. c4 c5 2. Nc3 *\n";
    size_t zlen;
    unsigned char *z = gzip_data(text, strlen(text), &zlen);
    /* drop the trailer (8 bytes) and a little of the data */
    size_t cut = zlen - 12;
    arb_pgn_reader *r = arb_pgn_reader_new(arb_input_from_memory(z, cut, "cut.pgn.gz"), NULL);
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    arb_status st = {0};
    int games = 0, rc;
    while ((rc = arb_pgn_read(r, &g, &st)) == ARB_PGN_READ_GAME) {
        games++;
        cr_assert_eq(g.error_count, 0);
    }
    cr_assert_eq(rc, ARB_PGN_READ_FAILED);
    cr_assert_eq(games, 2, "both complete games come first");
    cr_assert_eq(st.code, ARB_INPUT_GZIP_TRUNCATED);
    cr_assert_not_null(strstr(st.message, "gzip stream truncated"), "%s", st.message);
    cr_assert_not_null(strstr(st.message, "expected"));
    cr_assert_geq(st.line, 9, "the break is in the third game, line %d", st.line);
    cr_assert_gt(st.col, 0);
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
    free(z);
}

Test(pgn_input, truncated_gzip_right_after_a_game)
{
    const char *text = "[Event \"1\"]\n\n1. e4 *\n";
    size_t zlen;
    unsigned char *z = gzip_data(text, strlen(text), &zlen);
    /* only the 8-byte trailer is missing: every byte of text is there */
    arb_pgn_reader *r = arb_pgn_reader_new(arb_input_from_memory(z, zlen - 8, "cut.gz"), NULL);
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    arb_status st = {0};
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_GAME);
    cr_assert_eq(g.error_count, 0);
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_FAILED);
    cr_assert_eq(st.code, ARB_INPUT_GZIP_TRUNCATED);
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
    free(z);
}

Test(pgn_input, corrupt_gzip)
{
    const char *text = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n";
    size_t zlen;
    unsigned char *z = gzip_data(text, strlen(text), &zlen);
    z[12] ^= 0xFF;
    z[13] ^= 0x55;
    arb_input *in = arb_input_from_memory(z, zlen, "bad.gz");
    size_t len;
    arb_status st = {0};
    ssize_t last;
    char *got = read_everything(in, &len, &st, &last);
    cr_assert_eq(last, -1);
    cr_assert(st.code == ARB_INPUT_GZIP_DATA || st.code == ARB_INPUT_GZIP_TRUNCATED, "%d %s", st.code,
              st.message);
    cr_assert_not_null(strstr(st.message, "expected"));
    free(got);
    free(z);
    arb_input_close(in);
}

Test(pgn_input, file_by_path_and_missing_file)
{
    char path[] = "/tmp/arb_input_test_XXXXXX";
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    const char *text = "[Event \"f\"]\n\n1. e4 *\n";
    cr_assert_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    arb_pgn_reader *r;
    arb_status st = arb_pgn_reader_open(path, NULL, &r);
    cr_assert_eq(st.code, 0);
    cr_assert_str_eq(arb_pgn_reader_name(r), path);
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_GAME);
    cr_assert_str_eq(g.source, path);
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_END);
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
    unlink(path);

    st = arb_pgn_reader_open("/nonexistent/dir/x.pgn", NULL, &r);
    cr_assert_eq(st.code, ARB_INPUT_OPEN);
    cr_assert_null(r);
    cr_assert_not_null(strstr(st.message, "cannot open /nonexistent/dir/x.pgn"), "%s", st.message);
}

Test(pgn_input, descriptor_and_stdin_name)
{
    int fds[2];
    cr_assert_eq(pipe(fds), 0);
    const char *text = "1. e4 *\n";
    cr_assert_eq(write(fds[1], text, strlen(text)), (ssize_t)strlen(text));
    close(fds[1]);
    arb_input *in = arb_input_from_fd(fds[0], "-", true);
    cr_assert_str_eq(arb_input_name(in), "<stdin>");
    char buf[64];
    arb_status st;
    cr_assert_eq(arb_input_read(in, buf, sizeof buf, &st), (ssize_t)strlen(text));
    cr_assert_eq(arb_input_read(in, buf, sizeof buf, &st), 0);
    arb_input_close(in);
}

/* ---- read-ahead (arb_input_read_ahead) ----------------------------------------- */

/* Writes len bytes to a new temporary file; returns its path (static buffer
 * of the caller). */
static void temp_file(char *path, const void *data, size_t len)
{
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    cr_assert_eq(write(fd, data, len), (ssize_t)len);
    close(fd);
}

/* Text of several MiB (more than the read-ahead ring holds), as games. */
static char *many_games(size_t *len)
{
    size_t cap = 12u << 20, n = 0;
    char *text = malloc(cap);
    for (int i = 0; n + 200 < cap; i++)
        n += (size_t)snprintf(text + n, cap - n, "[Event \"%d\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {%d} 1-0\n\n", i, i * 7);
    *len = n;
    return text;
}

Test(pgn_input, read_ahead_gives_the_same_bytes_as_reading_in_line)
{
    size_t len, zlen;
    char *text = many_games(&len);
    unsigned char *z = gzip_data(text, len, &zlen);
    char path[] = "/tmp/arb_ahead_test_XXXXXX";
    temp_file(path, z, zlen);
    arb_input *in;
    cr_assert_eq(arb_input_open(path, &in).code, 0);
    cr_assert(arb_input_read_ahead(in));
    cr_assert(arb_input_read_ahead(in), "asking twice is harmless");
    cr_assert(arb_input_is_gzip(in));
    size_t got_len;
    arb_status st = {0};
    ssize_t last;
    char *got = read_everything(in, &got_len, &st, &last);
    cr_assert_eq(last, 0);
    cr_assert_eq(got_len, len);
    cr_assert_eq(memcmp(got, text, len), 0);
    /* the end stays the end */
    char c;
    cr_assert_eq(arb_input_read(in, &c, 1, &st), 0);
    arb_input_close(in);
    unlink(path);
    free(got);
    free(z);
    free(text);
}

Test(pgn_input, read_ahead_reports_truncation_after_every_byte_before_it)
{
    size_t len, zlen;
    char *text = many_games(&len);
    unsigned char *z = gzip_data(text, len, &zlen);
    char path[] = "/tmp/arb_ahead_test_XXXXXX";
    temp_file(path, z, zlen - 12);
    size_t plain_len, ahead_len;
    arb_status plain_st = {0}, ahead_st = {0};
    ssize_t plain_last, ahead_last;
    arb_input *in;
    cr_assert_eq(arb_input_open(path, &in).code, 0);
    char *plain = read_everything(in, &plain_len, &plain_st, &plain_last);
    arb_input_close(in);
    cr_assert_eq(arb_input_open(path, &in).code, 0);
    cr_assert(arb_input_read_ahead(in));
    char *ahead = read_everything(in, &ahead_len, &ahead_st, &ahead_last);
    cr_assert_eq(plain_last, -1);
    cr_assert_eq(ahead_last, -1);
    cr_assert_eq(ahead_st.code, ARB_INPUT_GZIP_TRUNCATED);
    cr_assert_str_eq(ahead_st.message, plain_st.message);
    cr_assert_eq(ahead_len, plain_len);
    cr_assert_gt(ahead_len, len / 2);
    cr_assert_eq(memcmp(ahead, plain, plain_len), 0);
    /* a failure is reported for ever */
    char c;
    cr_assert_eq(arb_input_read(in, &c, 1, &ahead_st), -1);
    arb_input_close(in);
    unlink(path);
    free(plain);
    free(ahead);
    free(z);
    free(text);
}

Test(pgn_input, read_ahead_closed_early_stops_its_thread)
{
    size_t len, zlen;
    char *text = many_games(&len);
    unsigned char *z = gzip_data(text, len, &zlen);
    char path[] = "/tmp/arb_ahead_test_XXXXXX";
    temp_file(path, z, zlen);
    for (size_t want = 0; want <= 3000; want += 3000) {
        arb_input *in;
        cr_assert_eq(arb_input_open(path, &in).code, 0);
        cr_assert(arb_input_read_ahead(in));
        char buf[3000];
        arb_status st = {0};
        if (want)
            cr_assert_eq(arb_input_read(in, buf, want, &st), (ssize_t)want);
        cr_assert_eq(memcmp(buf, text, want), 0);
        arb_input_close(in);   /* with the ring full and the producer waiting */
    }
    unlink(path);
    free(z);
    free(text);
}

Test(pgn_input, read_ahead_declined_for_plain_text_memory_and_pipes)
{
    const char *text = "[Event \"x\"]\n\n1. e4 *\n";
    char path[] = "/tmp/arb_ahead_test_XXXXXX";
    temp_file(path, text, strlen(text));
    arb_input *in;
    cr_assert_eq(arb_input_open(path, &in).code, 0);
    cr_assert_not(arb_input_read_ahead(in), "plain text is read straight into the caller's buffer");
    size_t len;
    arb_status st = {0};
    ssize_t last;
    char *got = read_everything(in, &len, &st, &last);
    cr_assert_eq(len, strlen(text));
    free(got);
    arb_input_close(in);
    unlink(path);

    size_t zlen;
    unsigned char *z = gzip_data(text, strlen(text), &zlen);
    in = arb_input_from_memory(z, zlen, "m.gz");
    cr_assert_not(arb_input_read_ahead(in));
    arb_input_close(in);

    int fds[2];
    cr_assert_eq(pipe(fds), 0);
    cr_assert_eq(write(fds[1], z, zlen), (ssize_t)zlen);
    close(fds[1]);
    in = arb_input_from_fd(fds[0], "pipe", true);
    cr_assert_not(arb_input_read_ahead(in), "closing early must not wait on a pipe");
    got = read_everything(in, &len, &st, &last);
    cr_assert_eq(len, strlen(text));
    free(got);
    arb_input_close(in);
    free(z);
}

/* fuzz_pgn found it: the binary-input test looked only at the bytes after
 * those given back before the first read (a run of NULs there), so one read
 * gave one answer and two reads another */
Test(pgn_input, binary_test_sees_bytes_given_back_before_the_first_read)
{
    static const char text[] = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n"
                               "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\n";
    size_t len = sizeof text - 1, cut = 44;
    char buf[256];
    for (int split = 0; split < 2; split++) {
        arb_input *in = split ? arb_input_from_memory(text + cut, len - cut, "a.pgn")
                              : arb_input_from_memory(text, len, "a.pgn");
        cr_assert_not_null(in);
        if (split)
            cr_assert(arb_input_unread(in, text, cut));
        arb_status st = {0};
        size_t got = 0;
        ssize_t n;
        while ((n = arb_input_read(in, buf, sizeof buf, &st)) > 0)
            got += (size_t)n;
        /* one read or two: refused at once, nothing read */
        cr_assert_eq(n, -1, "split %d read %zu bytes", split, got);
        cr_assert_eq(st.code, ARB_INPUT_BINARY, "split %d: %s", split, st.message);
        cr_assert_eq(got, 0, "split %d", split);
        arb_input_close(in);
    }
}
