/* test_pgn_helpers.h — helpers shared by the PGN unit tests (lexer, game,
 * reader, writer, input).  Everything is static inline so each test file can
 * include it without unused-function warnings. */
#ifndef ARB_TEST_PGN_HELPERS_H
#define ARB_TEST_PGN_HELPERS_H

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fen.h"
#include "pgn_lex.h"
#include "pgn_read.h"
#include "pgn_write.h"

/* ---- lexer ------------------------------------------------------------- */

#define MAX_TOKENS 256

typedef struct lexed {
    int count;
    arb_pgn_token tok[MAX_TOKENS];
    char text[MAX_TOKENS][128];   /* token text copied out, NUL-terminated */
    char *buf;                    /* the input, kept alive for tok[].text */
} lexed;

/* Lexes all of `text` (up to EOF, which is not stored). */
static inline lexed *lex_all(const char *text)
{
    lexed *l = calloc(1, sizeof *l);
    size_t n = strlen(text);
    l->buf = malloc(n + 1);
    memcpy(l->buf, text, n + 1);
    arb_pgn_lexer lx;
    arb_pgn_lexer_init(&lx, l->buf, n, true);
    for (;;) {
        arb_pgn_token t;
        int k = arb_pgn_lex(&lx, &t);
        cr_assert_neq(k, ARB_PGN_TOK_MORE, "MORE with eof set");
        if (k == ARB_PGN_TOK_EOF)
            break;
        cr_assert_lt(l->count, MAX_TOKENS);
        l->tok[l->count] = t;
        size_t len = t.len < 127 ? t.len : 127;
        memcpy(l->text[l->count], t.text, len);
        l->text[l->count][len] = '\0';
        l->count++;
    }
    return l;
}

static inline void lexed_free(lexed *l)
{
    free(l->buf);
    free(l);
}

/* Asserts token i's kind and text. */
static inline void expect_token(const lexed *l, int i, int kind, const char *text)
{
    cr_assert_lt(i, l->count, "only %d tokens, wanted #%d (%s)", l->count, i, text);
    cr_assert_eq(l->tok[i].kind, kind, "token %d \"%s\": kind %s, expected %s", i, l->text[i],
                 arb_pgn_token_kind_name(l->tok[i].kind), arb_pgn_token_kind_name(kind));
    cr_assert_str_eq(l->text[i], text, "token %d text", i);
}

static inline void expect_position(const lexed *l, int i, int line, int col)
{
    cr_assert_lt(i, l->count);
    cr_assert_eq(l->tok[i].line, line, "token %d \"%s\" line %d, expected %d", i, l->text[i],
                 l->tok[i].line, line);
    cr_assert_eq(l->tok[i].col, col, "token %d \"%s\" col %d, expected %d", i, l->text[i],
                 l->tok[i].col, col);
}

/* ---- reader ------------------------------------------------------------- */

/* Opens a reader on a copy-free memory input. */
static inline arb_pgn_reader *reader_on(const char *text, size_t len,
                                        const arb_pgn_reader_options *opt)
{
    arb_input *in = arb_input_from_memory(text, len, "test.pgn");
    cr_assert_not_null(in);
    arb_pgn_reader *r = arb_pgn_reader_new(in, opt);
    cr_assert_not_null(r);
    return r;
}

/* Reads the single (first) game of text into g; returns the read status. */
static inline int read_first(const char *text, const arb_pgn_reader_options *opt, arb_pgn_game *g)
{
    arb_pgn_reader *r = reader_on(text, strlen(text), opt);
    arb_status st;
    arb_pgn_game_init(g);
    int rc = arb_pgn_read(r, g, &st);
    /* raw and source point into the reader: the tests do not use them after this */
    g->raw = NULL;
    g->raw_len = 0;
    g->source = NULL;
    arb_pgn_reader_free(r);
    return rc;
}

/* Reads one game that must have no errors. */
static inline void read_ok(const char *text, arb_pgn_game *g)
{
    int rc = read_first(text, NULL, g);
    cr_assert_eq(rc, ARB_PGN_READ_GAME, "no game read from: %s", text);
    cr_assert_eq(g->error_count, 0, "unexpected error %d:%d: %s", g->diags[0].line,
                 g->diags[0].col, g->diags[0].message);
}

/* The first diagnostic with the given severity, or NULL. */
static inline const arb_pgn_diag *first_diag(const arb_pgn_game *g, int severity)
{
    for (size_t i = 0; i < g->diag_count; i++)
        if (g->diags[i].severity == severity)
            return &g->diags[i];
    return NULL;
}

/* Reads one game that must have an error at line:col whose message contains
 * every string in `parts` (NULL-terminated). */
static inline void expect_error_parts(const char *text, const arb_pgn_reader_options *opt,
                                      int line, int col, const char *const *parts)
{
    arb_pgn_game g;
    int rc = read_first(text, opt, &g);
    cr_assert_eq(rc, ARB_PGN_READ_GAME);
    const arb_pgn_diag *d = first_diag(&g, ARB_PGN_ERROR);
    cr_assert_not_null(d, "no error for: %s", text);
    cr_assert_eq(d->line, line, "error line %d, expected %d: %s", d->line, line, d->message);
    cr_assert_eq(d->col, col, "error col %d, expected %d: %s", d->col, col, d->message);
    for (int i = 0; parts[i]; i++)
        cr_assert_not_null(strstr(d->message, parts[i]), "message \"%s\" lacks \"%s\"",
                           d->message, parts[i]);
    cr_assert_not_null(strstr(d->message, "expected"), "message \"%s\" does not say what was expected",
                       d->message);
    arb_pgn_game_free(&g);
}

#define expect_error(text, opt, line, col, ...)                                   \
    do {                                                                          \
        const char *const parts_[] = {__VA_ARGS__, NULL};                        \
        expect_error_parts((text), (opt), (line), (col), parts_);                 \
    } while (0)

/* FEN of a position (standard style). */
static inline const char *fen_str(const arb_position *pos, char buf[ARB_FEN_MAX])
{
    arb_fen_write(pos, ARB_FEN_STYLE_AUTO, buf);
    return buf;
}

/* ---- writer ------------------------------------------------------------- */

/* Writes the game with the given options; returns a malloc'ed string. */
static inline char *write_with(const arb_pgn_game *g, const arb_pgn_write_options *opt)
{
    arb_pgn_writer *w = arb_pgn_writer_new(opt);
    cr_assert_not_null(w);
    const char *text;
    size_t len;
    arb_status st = arb_pgn_write_game(w, g, &text, &len);
    cr_assert_eq(st.code, 0, "write failed: %s", st.message);
    char *out = malloc(len + 1);
    memcpy(out, text, len);
    out[len] = '\0';
    arb_pgn_writer_free(w);
    return out;
}

/* Reads `text` (one game, no errors) and writes it back with `opt`. */
static inline char *convert(const char *text, const arb_pgn_write_options *opt)
{
    arb_pgn_game g;
    read_ok(text, &g);
    char *out = write_with(&g, opt);
    arb_pgn_game_free(&g);
    return out;
}

/* The movetext part of a written game (after the blank line that ends the
 * tags), as a pointer into it. */
static inline const char *movetext_of(const char *written)
{
    const char *p = strstr(written, "\n\n");
    cr_assert_not_null(p);
    return p + 2;
}

#endif
