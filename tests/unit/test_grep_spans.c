/* test_grep_spans.c — the whole-stream spans pgngrep writes games from
 * (pgn_parallel.h, raw_spans): the spans of all games put together are the
 * input byte for byte, with one thread or several, whatever lies between
 * games (byte-order mark, blank lines, escape lines, CRLF, games sharing a
 * line, no final newline); each span after the first starts at its game's
 * first token; a broken gzip stream keeps every complete game; a run
 * stopped by emit says so with status code 0. */
#include "test_pgn_helpers.h"

#include <zlib.h>

#include "pgn_parallel.h"

/* Every game's span, and where the games start. */
static void keep_span(void *state, const arb_pgn_game *g, arb_pgn_output *out)
{
    (void)state;
    out->count[0]++;
    if (!g->raw_complete) {
        out->count[1]++;
        return;
    }
    arb_strbuf_append(&out->text[0], g->raw, g->raw_len);
    /* the span after the first must start with the game's own text */
    arb_strbuf_printf(&out->text[1], "%llu %zu %d:%d\n", (unsigned long long)g->offset, g->raw_len,
                    g->line, g->col);
}

struct joined {
    arb_strbuf text, starts;
    unsigned long long games, lost;
    int emits;
};

static bool join(void *ctx, const arb_pgn_output *out)
{
    struct joined *j = ctx;
    arb_strbuf_append(&j->text, out->text[0].data ? out->text[0].data : "", out->text[0].len);
    arb_strbuf_append(&j->starts, out->text[1].data ? out->text[1].data : "", out->text[1].len);
    j->games += out->count[0];
    j->lost += out->count[1];
    j->emits++;
    return true;
}

static int spans(const void *data, size_t len, int jobs, size_t piece, const arb_pgn_reader_options *ro,
                 struct joined *j, arb_status *st)
{
    memset(j, 0, sizeof *j);
    static const arb_pgn_parallel_ops ops = {NULL, NULL, keep_span, join};
    arb_pgn_parallel_options popt = {.jobs = jobs, .piece_bytes = piece, .raw_spans = true};
    return arb_pgn_read_parallel(arb_input_from_memory(data, len, "s.pgn"), ro, &popt, &ops, j, st);
}

static void joined_free(struct joined *j)
{
    arb_strbuf_free(&j->text);
    arb_strbuf_free(&j->starts);
}

/* The spans put together are `text`, with 1 and 3 threads, and the game
 * starts agree. */
static void expect_whole(const char *text, size_t len, unsigned long long games, size_t piece)
{
    struct joined one, many;
    arb_status st;
    cr_assert_eq(spans(text, len, 1, piece, NULL, &one, &st), ARB_PGN_READ_END, "%s", st.message);
    cr_assert_eq(spans(text, len, 3, piece, NULL, &many, &st), ARB_PGN_READ_END, "%s", st.message);
    cr_assert_eq(one.games, games, "%llu games, expected %llu", one.games, games);
    cr_assert_eq(many.games, games);
    cr_assert_eq(one.lost + many.lost, 0);
    cr_assert_eq(one.text.len, len, "spans hold %zu bytes, expected %zu", one.text.len, len);
    cr_assert_eq(many.text.len, len);
    cr_assert_eq(one.starts.len, many.starts.len);
    if (len > 0) {
        cr_assert_eq(memcmp(one.text.data, text, len), 0, "spans differ from the input (1 thread)");
        cr_assert_eq(memcmp(many.text.data, text, len), 0, "spans differ from the input (3 threads)");
        cr_assert_eq(memcmp(one.starts.data, many.starts.data, one.starts.len), 0);
    }
    joined_free(&one);
    joined_free(&many);
}

static void expect_whole_text(const char *text, unsigned long long games)
{
    expect_whole(text, strlen(text), games, 0);
}

Test(grep_spans, plain_games_with_blank_lines)
{
    expect_whole_text("[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 d5 0-1\n", 2);
}

Test(grep_spans, what_precedes_the_first_game_and_follows_the_last)
{
    expect_whole_text("\xEF\xBB\xBF\n\n% escape line\n[Event \"a\"]\n\n1. e4 1-0\n\n\n  \n", 1);
}

Test(grep_spans, escape_lines_and_white_space_between_games)
{
    expect_whole_text("[Event \"a\"]\n\n1. e4 1-0   \t\n\n%ChessBase export\n\f\n[Event \"b\"]\n\n1. d4 0-1\n", 2);
}

Test(grep_spans, crlf_lines)
{
    expect_whole_text("[Event \"a\"]\r\n\r\n1. e4 e5 1-0\r\n\r\n[Event \"b\"]\r\n\r\n1. d4 *\r\n\r\n", 2);
}

Test(grep_spans, games_sharing_a_line_and_no_final_newline)
{
    expect_whole_text("1. e4 e5 1-0 1. d4 d5 0-1 {after} 1. c4 *", 3);
}

Test(grep_spans, games_without_markers_or_tags)
{
    expect_whole_text("[Event \"a\"]\n\n1. e4 e5\n[Event \"b\"]\n\n1. d4 d5 2. c4\n\n1. e4 c5\n", 3);
}

Test(grep_spans, games_with_errors_keep_their_bytes)
{
    expect_whole_text("[Event \"a\"]\n\n1. e4 e5 2. Ke3 Nc6 {x} 1-0\n\n[Event \"b\"\n\n1. d4 )( 0-1\n\n"
                      "[Event \"c\"]\n\n1. Nf3 {never closed\n[Event \"d\"]\n\n1. c4 *\n", 3);
}

Test(grep_spans, empty_input_has_no_game)
{
    expect_whole_text("", 0);
}

/* Many games in small pieces: the spans still add up, across pieces. */
Test(grep_spans, many_pieces)
{
    const char *unit = "[Event \"g%d\"]\r\n[Site \"%d\"]\r\n\r\n"
                       "1. e4 e5 2. Nf3 {c} (2. f4) Nc6 1-0\r\n\r\n"
                       "%%escape\n\n[Event \"bad\"]\n\n1. e4 Ke7 *\n\n\n"
                       "1. d4 d5 1/2-1/2 1. c4 0-1\n\n";
    size_t cap = 20000 * (strlen(unit) + 20), len = 0;
    char *text = malloc(cap);
    for (int i = 0; i < 20000; i++)
        len += (size_t)snprintf(text + len, cap - len, unit, i, i);
    expect_whole(text, len, 4 * 20000, 32 << 10);
    free(text);
}

/* Each span after the first starts where its game does. */
Test(grep_spans, spans_start_at_the_games_first_token)
{
    const char *text = "\n\n[Event \"a\"]\n\n1. e4 1-0\n\n[Event \"b\"]\n\n1. d4 0-1\n";
    struct joined j;
    arb_status st;
    cr_assert_eq(spans(text, strlen(text), 1, 0, NULL, &j, &st), ARB_PGN_READ_END);
    /* game 1 at offset 2 (its span starts at 0: 26 bytes), game 2 at offset 26 */
    cr_assert_str_eq(j.starts.data, "2 26 3:1\n26 23 7:1\n");
    joined_free(&j);
}

Test(grep_spans, broken_gzip_keeps_complete_games)
{
    const char *unit = "[Event \"g%d\"]\n\n1. e4 e5 2. Nf3 Nc6 {%d} 1-0\n\n";
    size_t cap = 20000 * 64, len = 0;
    char *text = malloc(cap);
    for (int i = 0; i < 20000; i++)
        len += (size_t)snprintf(text + len, cap - len, unit, i, i);
    z_stream z;
    memset(&z, 0, sizeof z);
    cr_assert_eq(deflateInit2(&z, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY), Z_OK);
    size_t gzcap = deflateBound(&z, (uLong)len);
    unsigned char *gz = malloc(gzcap);
    z.next_in = (Bytef *)text;
    z.avail_in = (uInt)len;
    z.next_out = gz;
    z.avail_out = (uInt)gzcap;
    cr_assert_eq(deflate(&z, Z_FINISH), Z_STREAM_END);
    size_t gzlen = gzcap - z.avail_out;
    deflateEnd(&z);
    for (int jobs = 1; jobs <= 3; jobs += 2) {
        struct joined j;
        arb_status st;
        cr_assert_eq(spans(gz, gzlen / 2, jobs, 32 << 10, NULL, &j, &st), ARB_PGN_READ_FAILED);
        cr_assert_eq(st.code, ARB_INPUT_GZIP_TRUNCATED);
        cr_assert_gt(j.games, 1000);
        /* the complete games' bytes, each ending with its own text */
        cr_assert_lt(j.text.len, len);
        cr_assert_eq(memcmp(j.text.data, text, j.text.len), 0);
        cr_assert_eq(j.text.data[j.text.len - 1], '\n');
        cr_assert_eq(memcmp(j.text.data + j.text.len - 5, " 1-0\n", 5), 0);
        joined_free(&j);
    }
    free(gz);
    free(text);
}

/* With one reader, a game longer than what the reader keeps cannot keep its
 * span, and says so; the game before it keeps its own text (not the blank
 * line after it, which ends where the long one starts); the games after it
 * keep their spans. */
Test(grep_spans, game_too_long_to_keep)
{
    size_t big = 9u << 20;
    const char *head = "[Event \"a\"]\n\n1. e4 1-0\n\n[Event \"big\"]\n\n1. e4 {";
    const char *tail = "} e5 1-0\n\n[Event \"c\"]\n\n1. d4 0-1\n\n[Event \"d\"]\n\n1. c4 *\n";
    size_t len = strlen(head) + big + strlen(tail);
    char *text = malloc(len + 1);
    strcpy(text, head);
    memset(text + strlen(head), 'x', big);
    strcpy(text + strlen(head) + big, tail);
    arb_pgn_reader_options ro = {.max_game_bytes = 1 << 20};
    struct joined j;
    arb_status st;
    cr_assert_eq(spans(text, len, 1, 0, &ro, &j, &st), ARB_PGN_READ_END, "%s", st.message);
    cr_assert_eq(j.games, 4);
    cr_assert_eq(j.lost, 1);
    const char *kept = "[Event \"a\"]\n\n1. e4 1-0\n"
                       "[Event \"c\"]\n\n1. d4 0-1\n\n[Event \"d\"]\n\n1. c4 *\n";
    cr_assert_eq(j.text.len, strlen(kept));
    cr_assert_eq(memcmp(j.text.data, kept, j.text.len), 0);
    joined_free(&j);
    free(text);
}

/* A long run of padding after a game (a gzip bomb of blank lines): the
 * game is passed on with its own text, and memory stays bounded. */
Test(grep_spans, long_padding_after_a_game)
{
    size_t pad = 12u << 20;
    const char *head = "[Event \"a\"]\n\n1. e4 1-0\n";
    const char *tail = "[Event \"b\"]\n\n1. d4 0-1\n";
    size_t len = strlen(head) + pad + strlen(tail);
    char *text = malloc(len + 1);
    strcpy(text, head);
    memset(text + strlen(head), '\n', pad);
    strcpy(text + strlen(head) + pad, tail);
    arb_pgn_reader_options ro = {.max_game_bytes = 1 << 20};
    struct joined j;
    arb_status st;
    cr_assert_eq(spans(text, len, 1, 0, &ro, &j, &st), ARB_PGN_READ_END, "%s", st.message);
    cr_assert_eq(j.games, 2);
    cr_assert_eq(j.lost, 0);
    const char *kept = "[Event \"a\"]\n\n1. e4 1-0\n[Event \"b\"]\n\n1. d4 0-1\n";
    cr_assert_eq(j.text.len, strlen(kept));
    cr_assert_eq(memcmp(j.text.data, kept, j.text.len), 0);
    joined_free(&j);
    free(text);
}

static bool stop_at_second(void *ctx, const arb_pgn_output *out)
{
    (void)out;
    int *calls = ctx;
    return ++*calls < 2;
}

Test(grep_spans, stopping_is_not_a_failure)
{
    const char *unit = "[Event \"g%d\"]\n\n1. e4 {%d} *\n\n";
    size_t cap = 200000 * 40, len = 0;
    char *text = malloc(cap);
    for (int i = 0; i < 200000; i++)
        len += (size_t)snprintf(text + len, cap - len, unit, i, i);
    static const arb_pgn_parallel_ops ops = {NULL, NULL, keep_span, stop_at_second};
    for (int jobs = 1; jobs <= 3; jobs += 2) {
        int calls = 0;
        arb_pgn_parallel_options popt = {.jobs = jobs, .piece_bytes = 64 << 10, .raw_spans = true};
        arb_status st;
        int rc = arb_pgn_read_parallel(arb_input_from_memory(text, len, "x"), NULL, &popt, &ops,
                                       &calls, &st);
        cr_assert_eq(rc, ARB_PGN_READ_FAILED);
        cr_assert_eq(st.code, 0, "jobs %d: %s", jobs, st.message);
        cr_assert_eq(calls, 2, "jobs %d: emit called %d times", jobs, calls);
    }
    free(text);
}

struct seen {
    char bytes[64];
    size_t n;
};

static void record(void *ctx, const void *data, size_t len)
{
    struct seen *s = ctx;
    cr_assert_leq(s->n + len, sizeof s->bytes);
    memcpy(s->bytes + s->n, data, len);
    s->n += len;
}

Test(grep_spans, input_tap_sees_every_byte_read)
{
    struct seen seen = {{0}, 0};
    arb_input *in = arb_input_from_memory("hello world", 11, "x");
    char buf[8];
    arb_status st;
    cr_assert_eq(arb_input_read(in, buf, 3, &st), 3);      /* before the tap: not seen */
    arb_input_set_tap(in, record, &seen);
    cr_assert(arb_input_unread(in, "<", 1));
    while (arb_input_read(in, buf, sizeof buf, &st) > 0)
        ;
    cr_assert_eq(seen.n, 9);
    cr_assert_eq(memcmp(seen.bytes, "<lo world", 9), 0);
    arb_input_set_tap(in, NULL, NULL);
    arb_input_close(in);
}
