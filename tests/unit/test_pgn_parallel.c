/* test_pgn_parallel.c — reading one stream on several threads gives exactly
 * what one reader gives: same games, positions and messages, in order, also
 * when a boundary falls inside a tag section, when no boundary comes, and
 * when the stream breaks off; plus input push-back and reader origins. */
#include "test_pgn_helpers.h"

#include <zlib.h>

#include "pgn_parallel.h"

/* A summary line per game: where it starts, what it holds, its messages. */
static void describe(void *state, const arb_pgn_game *g, arb_pgn_output *out)
{
    (void)state;
    out->count[0]++;
    arb_strbuf_printf(&out->text[0], "%d:%d tags=%zu items=%zu plies=%zu result=%d end=%d\n", g->line,
                    g->col, g->tag_count, g->item_count, g->main_line_plies, g->result, g->end_reason);
    for (size_t i = 0; i < g->diag_count; i++)
        arb_strbuf_printf(&out->text[1], "%s:%d:%d: %s\n", g->source, g->diags[i].line, g->diags[i].col,
                        g->diags[i].message);
    if (g->error_count && g->raw)
        arb_strbuf_append(&out->text[2], g->raw, g->raw_len);
}

struct collected {
    arb_strbuf text[3];
    unsigned long long games;
    int emits;
};

static bool collect(void *ctx, const arb_pgn_output *out)
{
    struct collected *c = ctx;
    for (int i = 0; i < 3; i++)
        if (out->text[i].len)
            arb_strbuf_append(&c->text[i], out->text[i].data, out->text[i].len);
    c->games += out->count[0];
    c->emits++;
    return true;
}

static int run(const void *data, size_t len, int jobs, size_t piece, size_t limit,
               struct collected *c, arb_status *st)
{
    memset(c, 0, sizeof *c);
    static const arb_pgn_parallel_ops ops = {NULL, NULL, describe, collect};
    arb_pgn_parallel_options popt = {.jobs = jobs, .piece_bytes = piece, .search_limit = limit};
    arb_input *in = arb_input_from_memory(data, len, "many.pgn");
    return arb_pgn_read_parallel(in, NULL, &popt, &ops, c, st);
}

static void collected_free(struct collected *c)
{
    for (int i = 0; i < 3; i++)
        arb_strbuf_free(&c->text[i]);
}

/* Same games and messages with one thread and with several. */
static void expect_same(const char *data, size_t len, size_t piece, size_t limit, int min_emits)
{
    struct collected one, many;
    arb_status st1, st3;
    int rc1 = run(data, len, 1, piece, limit, &one, &st1);
    int rc3 = run(data, len, 3, piece, limit, &many, &st3);
    cr_assert_eq(rc1, rc3);
    cr_assert_eq(one.games, many.games);
    cr_assert_gt(one.games, 0);
    for (int i = 0; i < 3; i++) {
        cr_assert_eq(one.text[i].len, many.text[i].len, "text %d differs in length", i);
        cr_assert(one.text[i].len == 0 || memcmp(one.text[i].data, many.text[i].data, one.text[i].len) == 0,
                  "text %d differs", i);
    }
    cr_assert_geq(many.emits, min_emits, "only %d pieces", many.emits);
    collected_free(&one);
    collected_free(&many);
}

/* Appends `count` copies of the games in `unit` (printf'ed with the copy number). */
static char *repeat(const char *unit, int count, size_t *len)
{
    size_t cap = (strlen(unit) + 32) * (size_t)count + 1, n = 0;
    char *s = malloc(cap);
    for (int i = 0; i < count; i++)
        n += (size_t)snprintf(s + n, cap - n, unit, i, i);
    *len = n;
    return s;
}

Test(pgn_parallel, same_result_as_one_reader)
{
    const char *unit =
        "[Event \"game %d\"]\n[Site \"s\"]\n\n1. e4 e5 2. Nf3 {c} (2. f4 exf4) Nc6 3. Bb5 a6 1-0\n\n"
        "[Event \"bad %d\"]\n\n1. e4 e5 2. Ke3 *\n\n"
        "[Event \"no marker\"]\n\n1. d4 d5\n\n"
        "[Event \"latin1 M\xFCller\"]\n\n1. c4 {caf\xE9} 1/2-1/2\n\n";
    size_t len;
    char *data = repeat(unit, 4000, &len);
    expect_same(data, len, 64 << 10, 1 << 20, 4);
    free(data);
}

Test(pgn_parallel, boundary_inside_a_tag_section_is_read_again)
{
    /* every candidate boundary is a tag line after "; ... 1-0" inside a
     * header: each piece ends cut in a tag section and must be joined */
    const char *unit = "[Event \"e%d\"]\n; note 1-0\n[Site \"s%d\"]\n\n1. e4 e5\n\n";
    size_t len;
    char *data = repeat(unit, 3000, &len);
    expect_same(data, len, 8 << 10, 1 << 20, 1);
    free(data);
}

Test(pgn_parallel, no_boundary_is_read_on_by_one_reader)
{
    /* games without tags: no tag line to cut at */
    const char *unit = "1. e4 e5 2. Nf3 Nc6 { %d %d } *\n\n";
    size_t len;
    char *data = repeat(unit, 20000, &len);
    expect_same(data, len, 16 << 10, 64 << 10, 1);
    free(data);
}

Test(pgn_parallel, broken_gzip_stream_fails_at_the_same_place)
{
    const char *unit = "[Event \"g%d\"]\n\n1. e4 e5 2. Nf3 Nc6 {%d} 1-0\n\n";
    size_t len;
    char *data = repeat(unit, 20000, &len);
    z_stream z;
    memset(&z, 0, sizeof z);
    cr_assert_eq(deflateInit2(&z, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY), Z_OK);
    size_t cap = deflateBound(&z, (uLong)len);
    unsigned char *gz = malloc(cap);
    z.next_in = (Bytef *)data;
    z.avail_in = (uInt)len;
    z.next_out = gz;
    z.avail_out = (uInt)cap;
    cr_assert_eq(deflate(&z, Z_FINISH), Z_STREAM_END);
    size_t gzlen = cap - z.avail_out;
    deflateEnd(&z);
    size_t cut = gzlen * 2 / 3;
    struct collected one, many;
    arb_status st1, st3;
    int rc1 = run(gz, cut, 1, 32 << 10, 1 << 20, &one, &st1);
    int rc3 = run(gz, cut, 3, 32 << 10, 1 << 20, &many, &st3);
    cr_assert_eq(rc1, ARB_PGN_READ_FAILED);
    cr_assert_eq(rc3, ARB_PGN_READ_FAILED);
    cr_assert_eq(st1.code, ARB_INPUT_GZIP_TRUNCATED);
    cr_assert_eq(st3.code, st1.code);
    cr_assert_eq(st3.line, st1.line);
    cr_assert_eq(st3.col, st1.col);
    cr_assert_gt(one.games, 1000);
    cr_assert_eq(one.games, many.games);
    cr_assert_eq(one.text[0].len, many.text[0].len);
    cr_assert_eq(memcmp(one.text[0].data, many.text[0].data, one.text[0].len), 0);
    collected_free(&one);
    collected_free(&many);
    free(gz);
    free(data);
}

static bool refuse(void *ctx, const arb_pgn_output *out)
{
    (void)out;
    int *calls = ctx;
    return ++*calls < 2;
}

Test(pgn_parallel, emit_can_stop_the_run)
{
    const char *unit = "[Event \"g%d\"]\n\n1. e4 {%d} *\n\n";
    size_t len;
    char *data = repeat(unit, 20000, &len);
    static const arb_pgn_parallel_ops ops = {NULL, NULL, describe, refuse};
    for (int jobs = 1; jobs <= 2; jobs++) {
        int calls = 0;
        arb_pgn_parallel_options popt = {.jobs = jobs, .piece_bytes = 16 << 10};
        arb_status st;
        int rc = arb_pgn_read_parallel(arb_input_from_memory(data, len, "x"), NULL, &popt, &ops,
                                       &calls, &st);
        cr_assert_eq(rc, ARB_PGN_READ_FAILED);
        cr_assert_eq(calls, 2);
    }
    free(data);
}

/* ---- game numbers ------------------------------------------------------------ */

/* "game N: Event" on text 0 and, for games with an error, "N!" on text 1,
 * the numbers left to emit. */
static void number_games(void *state, const arb_pgn_game *g, arb_pgn_output *out)
{
    (void)state;
    out->count[0] = out->games + 1;      /* (the games so far, as the library counts them) */
    arb_strbuf_puts(&out->text[0], "game ");
    arb_pgn_output_number(out, 0);
    arb_strbuf_printf(&out->text[0], ": %s\n", g->tag_count ? g->tags[0].value : "?");
    if (g->error_count) {
        arb_pgn_output_number(out, 1);
        arb_strbuf_puts(&out->text[1], "!\n");
    }
}

struct numbered {
    FILE *fp[2];
    char *text[2];
    size_t len[2];
    unsigned long long next_first;       /* what out->first must be */
    bool counts_agree;
};

static bool write_numbered(void *ctx, const arb_pgn_output *out)
{
    struct numbered *n = ctx;
    if (out->first != n->next_first || (out->games && out->count[0] != out->games))
        n->counts_agree = false;
    n->next_first = out->first + out->games;
    /* games counted from 101, as with --first-game 101 */
    return arb_pgn_output_write(out, 0, 101, n->fp[0]) && arb_pgn_output_write(out, 1, 101, n->fp[1]);
}

static void run_numbered(const char *data, size_t len, int jobs, struct numbered *n)
{
    memset(n, 0, sizeof *n);
    n->counts_agree = true;
    for (int i = 0; i < 2; i++)
        n->fp[i] = open_memstream(&n->text[i], &n->len[i]);
    static const arb_pgn_parallel_ops ops = {NULL, NULL, number_games, write_numbered};
    arb_pgn_parallel_options popt = {.jobs = jobs, .piece_bytes = 16 << 10};
    arb_status st;
    int rc = arb_pgn_read_parallel(arb_input_from_memory(data, len, "n.pgn"), NULL, &popt, &ops, n, &st);
    cr_assert_eq(rc, ARB_PGN_READ_END);
    for (int i = 0; i < 2; i++)
        fclose(n->fp[i]);
}

Test(pgn_parallel, game_numbers_count_from_the_start_of_the_stream)
{
    const char *unit = "[Event \"g%d\"]\n\n1. e4 e5 {%d} *\n\n[Event \"bad\"]\n\n1. e4 e4 *\n\n";
    size_t len;
    char *data = repeat(unit, 3000, &len);
    struct numbered one, many;
    run_numbered(data, len, 1, &one);
    run_numbered(data, len, 3, &many);
    cr_assert(one.counts_agree && many.counts_agree, "out->first and out->games disagree");
    cr_assert_eq(one.next_first, 6000);
    cr_assert_eq(many.next_first, 6000);
    for (int i = 0; i < 2; i++) {
        cr_assert_eq(one.len[i], many.len[i], "text %d differs", i);
        cr_assert(memcmp(one.text[i], many.text[i], one.len[i]) == 0, "text %d differs", i);
    }
    /* every game has its number, every bad one too */
    cr_assert(strncmp(one.text[0], "game 101: g0\ngame 102: bad\ngame 103: g1\n", 39) == 0);
    cr_assert(strstr(one.text[0], "\ngame 6100: bad\n"));
    cr_assert(strncmp(one.text[1], "102!\n104!\n", 10) == 0);
    cr_assert(strstr(one.text[1], "\n6100!\n"));
    for (int i = 0; i < 2; i++) {
        free(one.text[i]);
        free(many.text[i]);
    }
    free(data);
}

Test(pgn_parallel, a_number_mark_outside_the_texts_is_refused)
{
    arb_pgn_output out;
    memset(&out, 0, sizeof out);
    cr_assert_not(arb_pgn_output_number(&out, -1));
    cr_assert_not(arb_pgn_output_number(&out, ARB_PGN_TEXTS));
    cr_assert_not(arb_pgn_output_write(&out, ARB_PGN_TEXTS, 1, stdout));
    /* no mark: the text as it is */
    arb_strbuf_puts(&out.text[2], "plain");
    char *buf = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&buf, &len);
    cr_assert(arb_pgn_output_write(&out, 2, 1, fp));
    fclose(fp);
    cr_assert_eq(len, 5);
    cr_assert(memcmp(buf, "plain", 5) == 0);
    free(buf);
    arb_strbuf_free(&out.text[2]);
}

/* Each game's raw bytes on text 0, a line "--" after each. */
static void spans_of(void *state, const arb_pgn_game *g, arb_pgn_output *out)
{
    (void)state;
    if (g->raw)
        arb_strbuf_append(&out->text[0], g->raw, g->raw_len);
    arb_strbuf_puts(&out->text[0], "--");
}

static bool keep_text(void *ctx, const arb_pgn_output *out)
{
    arb_strbuf_append(ctx, out->text[0].data, out->text[0].len);
    return true;
}

/* Two games with `padding` blank lines between them, read with spans by one
 * reader; the spans, each followed by "--". */
static void spans_around_padding(size_t padding, arb_strbuf *spans)
{
    const char *a = "[Event \"a\"]\n\n1. e4 *\n", *b = "[Event \"b\"]\n\n1. d4 *\n";
    size_t len = strlen(a) + padding + strlen(b);
    char *data = malloc(len);
    memcpy(data, a, strlen(a));
    memset(data + strlen(a), '\n', padding);
    memcpy(data + strlen(a) + padding, b, strlen(b));
    static const arb_pgn_parallel_ops ops = {NULL, NULL, spans_of, keep_text};
    arb_pgn_parallel_options popt = {.jobs = 1, .raw_spans = true};
    arb_status st;
    arb_strbuf_init(spans);
    int rc = arb_pgn_read_parallel(arb_input_from_memory(data, len, "p.pgn"), NULL, &popt, &ops, spans, &st);
    cr_assert_eq(rc, ARB_PGN_READ_END);
    free(data);
}

Test(pgn_parallel, long_padding_after_a_game_is_not_kept_for_its_span)
{
    arb_strbuf spans;
    /* 1 MiB of blank lines: part of the first game's span */
    spans_around_padding((size_t)1 << 20, &spans);
    cr_assert_eq(spans.len, strlen("[Event \"a\"]\n\n1. e4 *\n") + ((size_t)1 << 20) + 2
                                + strlen("[Event \"b\"]\n\n1. d4 *\n") + 2);
    arb_strbuf_free(&spans);
    /* 8 MiB: dropped, so that memory stays bounded; the game keeps its text */
    spans_around_padding((size_t)8 << 20, &spans);
    const char *expected = "[Event \"a\"]\n\n1. e4 *\n--[Event \"b\"]\n\n1. d4 *\n--";
    cr_assert_eq(spans.len, strlen(expected));
    cr_assert(memcmp(spans.data, expected, spans.len) == 0);
    arb_strbuf_free(&spans);
}

/* ---- the pieces this is built on ------------------------------------------ */

Test(pgn_parallel, input_push_back)
{
    const char *text = "world";
    arb_input *in = arb_input_from_memory(text, 5, "x");
    char buf[16];
    arb_status st;
    cr_assert_eq(arb_input_read(in, buf, 2, &st), 2);
    cr_assert(arb_input_unread(in, "hello ", 6));
    cr_assert(arb_input_unread(in, ">", 1));
    size_t n = 0;
    ssize_t r;
    while ((r = arb_input_read(in, buf + n, sizeof buf - 1 - n, &st)) > 0)
        n += (size_t)r;
    buf[n] = '\0';
    cr_assert_str_eq(buf, ">hello rld");
    arb_input_close(in);
}

Test(pgn_parallel, reader_origin_shifts_positions)
{
    const char *text = "[Event \"x\"]\n\n1. e4 Ke3 *\n";
    arb_pgn_reader *r = reader_on(text, strlen(text), NULL);
    arb_pgn_reader_set_origin(r, 1001, 50000);
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    arb_status st;
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_GAME);
    cr_assert_eq(g.line, 1001);
    cr_assert_eq(g.offset, 50000);
    cr_assert_eq(g.diags[0].line, 1003);
    cr_assert_eq(g.diags[0].col, 7);
    cr_assert_eq(g.raw_len, strlen(text));
    cr_assert_eq(memcmp(g.raw, text, g.raw_len), 0);
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
}

Test(pgn_parallel, how_games_end)
{
    const char *text = "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4\n\n[Event \"c\"]\n\n1. c4 c5 2. Nf3\n\n"
                       "1. e4 e5\n\n[Event \"d\"]\n";
    arb_pgn_reader *r = reader_on(text, strlen(text), NULL);
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    arb_status st;
    static const int reasons[] = {ARB_PGN_END_MARKER, ARB_PGN_END_TAG_LINE, ARB_PGN_END_NEW_GAME,
                                  ARB_PGN_END_TAG_LINE, ARB_PGN_END_INPUT};
    static const bool movetext[] = {true, true, true, true, false};
    for (int i = 0; i < 5; i++) {
        cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_GAME, "game %d", i);
        cr_assert_eq(g.end_reason, reasons[i], "game %d ends by %d", i, g.end_reason);
        cr_assert_eq(g.movetext_started, movetext[i], "game %d", i);
    }
    cr_assert_eq(arb_pgn_read(r, &g, &st), ARB_PGN_READ_END);
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
}
