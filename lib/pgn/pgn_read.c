/* pgn_read.c — games from a byte stream: the input window, the token loop,
 * tags, where games end (replay: pgn_replay.c; messages:
 * pgn_read_messages.c; detection: pgn_read_detect.c). */
#include "pgn_read_internal.h"
#include "pgn_lex_fast.h"
#include "pgn_boundary.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
arb_pgn_reader *arb_pgn_reader_new(arb_input *in, const arb_pgn_reader_options *options)
{
    arb_pgn_reader *r = calloc(1, sizeof *r);
    if (!r) {
        arb_input_close(in);
        return NULL;
    }
    r->in = in;
    if (options)
        r->opt = *options;
    if (r->opt.max_depth <= 0)
        r->opt.max_depth = ARB_PGN_DEFAULT_MAX_DEPTH;
    if (r->opt.max_game_bytes == 0)
        r->opt.max_game_bytes = ARB_PGN_DEFAULT_MAX_GAME_BYTES;
    r->cap = READ_BLOCK;
    r->buf = malloc(r->cap + 1);
    if (!r->buf) {
        arb_pgn_reader_free(r);
        return NULL;
    }
    r->buf[0] = '\0';
    arb_pgn_lexer_init(&r->lx, r->buf, 0, false);
    if (r->opt.decode
        && !(r->decoder = arb_decoder_new(r->opt.encoding ? arb_encoding_from_name(r->opt.encoding) : -1))) {
        arb_pgn_reader_free(r);
        return NULL;
    }
    return r;
}

arb_status arb_pgn_reader_open(const char *path, const arb_pgn_reader_options *options,
                               arb_pgn_reader **out)
{
    arb_input *in;
    arb_status st = arb_input_open(path, &in);
    *out = NULL;
    if (st.code)
        return st;
    *out = arb_pgn_reader_new(in, options);
    if (!*out) {
        st = arb_status_error(ARB_ERR_MEMORY, ARB_INPUT_NO_MEMORY, 0, 0, "out of memory reading %s", path);
    }
    return st;
}

void arb_pgn_reader_set_origin(arb_pgn_reader *r, int line, uint64_t offset)
{
    r->base = offset;
    r->lx.base = offset;
    r->lx.line_start = offset;
    r->lx.line = line;
    r->keep_from = offset;
}

void arb_pgn_reader_set_max_depth(arb_pgn_reader *r, int n)
{
    r->opt.max_depth = n >= 1 ? n : 1;
}

const char *arb_pgn_reader_name(const arb_pgn_reader *r)
{
    return arb_input_name(r->in);
}

void arb_pgn_reader_free(arb_pgn_reader *r)
{
    if (!r)
        return;
    arb_input_close(r->in);
    if (r->detector)
        arb_pgn_autodetect_release(r->opt.autodetect, r->detector);
    free(r->buf);
    free(r->frames);
    free(r->scratch);
    free(r->tokens);
    free(r->token_at);
    free(r->token_offset);
    free(r->token_moves);
    arb_pgn_lenient_free(r->lenient);
    arb_decoder_free(r->decoder);
    free(r);
}

/* ---- input window ---------------------------------------------------------- */

void pgn_reader_input_failed(arb_pgn_reader *r, const arb_status *st)
{
    r->failed = true;
    r->fail_status = *st;
    r->eof = true;
}

/* Moves the bytes still needed to the front of the buffer and reads more.
 * Returns false only when nothing can be added because one token fills the
 * whole allowed window. */
bool pgn_reader_refill(arb_pgn_reader *r)
{
    if (r->eof)
        return true;
    uint64_t lex_at = arb_pgn_lexer_offset(&r->lx);
    /* blank lines and padding between games are not kept: memory is bounded
     * by the largest game, not by the gaps (a gzip bomb of zeros) */
    if (r->keep_from > lex_at || !r->in_game)
        r->keep_from = lex_at;
    if (r->len - (r->keep_from - r->base) >= r->opt.max_game_bytes && r->keep_from < lex_at) {
        /* the game is too long to keep for pass-through: keep reading it */
        r->raw_dropped = true;
        r->keep_from = lex_at;
    }
    size_t shift = (size_t)(r->keep_from - r->base);
    if (shift > 0) {
        memmove(r->buf, r->buf + shift, r->len - shift);
        r->len -= shift;
        r->base += shift;
    }
    if (r->cap - r->len < READ_BLOCK / 2) {
        size_t cap = r->cap * 2;
        if (r->len >= r->opt.max_game_bytes + READ_BLOCK)
            return false;
        char *p = realloc(r->buf, cap + 1);
        if (!p) {
            arb_status st = {.code = ARB_INPUT_NO_MEMORY, .error_class = ARB_ERR_MEMORY, .line = 0, .col = 0, .message = "out of memory for the input buffer"};
            pgn_reader_input_failed(r, &st);
        } else {
            r->buf = p;
            r->cap = cap;
        }
    }
    if (!r->eof) {
        arb_status st = {0};
        ssize_t n = r->decoder ? arb_decoder_read(r->decoder, r->in, r->buf + r->len, r->cap - r->len, &st)
                               : arb_input_read(r->in, r->buf + r->len, r->cap - r->len, &st);
        if (n < 0)
            pgn_reader_input_failed(r, &st);
        else if (n == 0)
            r->eof = true;
        else
            r->len += (size_t)n;
    }
    r->buf[r->len] = '\0';
    arb_pgn_lexer_rebase(&r->lx, r->buf, r->base, r->len, r->eof);
    return true;
}

/* A single token longer than the window: cut it where the window ends, and
 * say why (the lexer, told the input ends there, would blame the text). */
static int cut_long_token(arb_pgn_reader *r, arb_pgn_token *tok)
{
    r->lx.eof = true;
    int k = arb_pgn_lex(&r->lx, tok);
    r->lx.eof = false;
    if (k == ARB_PGN_TOK_ERROR || k == ARB_PGN_TOK_COMMENT || k == ARB_PGN_TOK_STRING
        || k == ARB_PGN_TOK_SYMBOL || k == ARB_PGN_TOK_LINE_COMMENT) {
        tok->kind = k = ARB_PGN_TOK_ERROR;
        tok->message = "token longer than the --max-game-bytes limit, cut there; expected "
                       "a shorter comment or string, or a larger --max-game-bytes";
    }
    return k;
}

static inline int next_token(arb_pgn_reader *r, arb_pgn_token *tok)
{
    for (;;) {
        int k = arb_pgn_lex(&r->lx, tok);
        if (k != ARB_PGN_TOK_MORE)
            return k;
        if (!pgn_reader_refill(r))
            return cut_long_token(r, tok);
    }
}

/* ---- text ------------------------------------------------------------------ */

/* A byte that arb_pgn_text_to_utf8 replaces by U+FFFD: a control character
 * (NUL above all) other than tab, and in comments other than line breaks
 * and blanks, which become a space. */
static inline bool replaced_control(unsigned c, bool comment)
{
    return (c < 0x20 && c != '\t' && !(comment && (c == '\n' || c == '\r' || c == '\f' || c == '\v')))
        || c == 0x7F;
}

/* Nothing is altered silently: the first replaced control character of a
 * token is reported where it stands.  One branch-free pass finds whether
 * there is one; only then are lines and columns counted. */
static void report_controls(struct parse *p, const arb_pgn_token *tok, bool comment)
{
    const unsigned char *s = (const unsigned char *)tok->text;
    bool any = false;
    for (size_t i = 0; i < tok->len; i++)
        any |= replaced_control(s[i], comment);
    if (!any)
        return;
    int line = tok->line, col = tok->col + 1;   /* the text starts after '{', '"' or ';' */
    for (size_t i = 0; i < tok->len; i++) {
        unsigned c = s[i];
        if (replaced_control(c, comment)) {
            bool ok = c == 0
                ? arb_pgn_game_add_diag(p->g, ARB_PGN_WARNING, line, col,
                                        "NUL byte replaced by U+FFFD, expected text without control characters")
                : arb_pgn_game_add_diag(p->g, ARB_PGN_WARNING, line, col,
                                        "control character U+%04X replaced by U+FFFD, expected text without "
                                        "control characters", c);
            if (!ok)
                p->oom = true;
            return;
        }
        if (c == '\n') {
            line++;
            col = 1;
        } else if ((c & 0xC0) != 0x80) {
            col++;
        }
    }
}

/* The reader's scratch space, at least `need` bytes (NULL when out of
 * memory). */
static char *scratch(struct parse *p, size_t need)
{
    arb_pgn_reader *r = p->r;
    if (!arb_grow(&r->scratch, &r->scratch_cap, need, 1)) {
        p->oom = true;
        return NULL;
    }
    return r->scratch;
}

/* Clean UTF-8 for a string or comment token, in the reader's scratch space
 * (NULL when out of memory). */
static const char *token_text(struct parse *p, const arb_pgn_token *tok, bool comment, size_t *len)
{
    arb_pgn_reader *r = p->r;
    if (!comment && !(tok->flags & (ARB_PGN_TF_ESCAPES | ARB_PGN_TF_NON_ASCII
                                    | ARB_PGN_TF_LITERAL_BACKSLASH))) {
        bool plain = true;
        for (size_t i = 0; i < tok->len && plain; i++)
            plain = (unsigned char)tok->text[i] >= 0x20 && tok->text[i] != 0x7F;
        if (plain) {
            *len = tok->len;
            return tok->text;
        }
    }
    if (!scratch(p, 3 * tok->len + 1))
        return NULL;
    bool not_utf8 = tok->flags & ARB_PGN_TF_NOT_UTF8;
    if (not_utf8 && !p->noted_encoding) {
        p->noted_encoding = true;
        p->g->converted_encoding = true;
        if (!arb_pgn_game_add_diag(p->g, ARB_PGN_NOTE, tok->line, tok->col,
                                   "text is not UTF-8, read it as Windows-1252 and converted it "
                                   "to UTF-8"))
            p->oom = true;
    }
    report_controls(p, tok, comment);
    bool literal = tok->flags & ARB_PGN_TF_LITERAL_BACKSLASH;
    if (literal && !arb_pgn_game_add_diag(p->g, ARB_PGN_NOTE, tok->line, tok->col,
                                          "backslash before the closing quote read as a "
                                          "backslash, not as an escape"))
        p->oom = true;
    *len = arb_pgn_text_to_utf8(tok->text, tok->len, !comment && !literal, not_utf8, comment,
                                r->scratch);
    return r->scratch;
}

static void add_comment(struct parse *p, const arb_pgn_token *tok)
{
    /* when collecting for detection, the pass that follows keeps them */
    if (p->r->opt.tags_only || p->r->opt.skip_comments || p->r->opt.skip_items || p->collect)
        return;
    size_t len;
    const char *text = token_text(p, tok, true, &len);
    if (text && !arb_pgn_game_add_comment(p->g, text, len, tok->line, tok->col))
        p->oom = true;
}

/* Longest comment read without a token (the search for its end is bounded,
 * so that text with many '{' and no '}' costs no more than the lexer). */
#define PLAIN_COMMENT_MAX 512

/* Whether the n bytes at t (followed by a readable '}') are printable ASCII,
 * as arb_pgn_lex_plain_comment_end asks; *space_run tells whether two spaces
 * follow each other.  Eight bytes at a time (the last word overlapping the
 * one before): a byte below 0x20 or at or above 0x7F sets the top bit of
 * its byte in one mask, two spaces in a row in the other. */
static bool plain_comment_text(const char *t, size_t n, bool *space_run)
{
    const uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL, spaces = ones * ' ';
    uint64_t bad = 0, pairs = 0;
    if (n >= 8) {
        for (size_t i = 0;; i += 8) {
            if (i + 8 > n)
                i = n - 8;
            uint64_t x, y;
            memcpy(&x, t + i, sizeof x);
            memcpy(&y, t + i + 1, sizeof y);   /* (t[n] is the '}') */
            bad |= ((x - ones * 0x20) & ~x) | (((x & ~highs) + ones) | x);
            uint64_t both = (x ^ spaces) | (y ^ spaces);
            pairs |= (both - ones) & ~both;
            if (i + 8 == n)
                break;
        }
    } else {
        for (size_t i = 0; i < n; i++) {
            unsigned char c = (unsigned char)t[i];
            if (c < 0x20 || c >= 0x7F)
                return false;
            if (c == ' ' && t[i + 1] == ' ')
                pairs = highs;
        }
    }
    *space_run = (pairs & highs) != 0;
    return !(bad & highs);
}

/* The common comment, a clock or an evaluation after each move: printable
 * ASCII closed on its line, next after blanks and line breaks.  Kept
 * without a token, as arb_pgn_lex and add_comment would have kept it (runs
 * of spaces collapsed, the ends trimmed).  False, nothing consumed, for
 * anything else. */
static bool read_plain_comment(struct parse *p, size_t at, int lines, size_t line_start)
{
    arb_pgn_lexer *lx = &p->r->lx;
    /* the closing brace near (a comment longer than this, or one not closed,
     * goes the long way), and only printable ASCII before it */
    size_t avail = lx->end - (at + 1);
    const char *close = memchr(lx->buf + at + 1, '}', avail < PLAIN_COMMENT_MAX ? avail : PLAIN_COMMENT_MAX);
    if (!close)
        return false;
    const char *t = lx->buf + at + 1;
    size_t n = (size_t)(close - t);
    bool space_run;
    if (!plain_comment_text(t, n, &space_run))
        return false;
    size_t end = (size_t)(close - lx->buf) + 1;
    while (n > 0 && t[0] == ' ') {
        t++;
        n--;
    }
    while (n > 0 && t[n - 1] == ' ')
        n--;
    /* runs of spaces inside are rare: the text is kept as it stands unless
     * it has one */
    char *out = NULL;
    if (space_run && !(out = scratch(p, n + 1)))
        return true;   /* (p->oom ends the game) */
    if (lines > 0) {
        lx->line += lines;
        lx->line_start = lx->base + line_start;
        lx->col_adjust = 0;
    }
    int line = lx->line, col = (int)(lx->base + at - lx->line_start) - lx->col_adjust + 1;
    lx->pos = end;
    lx->line_has_token = true;
    p->last_end = lx->base + end;
    if (out) {
        size_t o = 0;
        for (size_t i = 0; i < n; i++)
            if (t[i] != ' ' || t[i + 1] != ' ')   /* (t[n - 1] is no space) */
                out[o++] = t[i];
        t = out;
        n = o;
    }
    if (!arb_pgn_game_add_comment(p->g, t, n, line, col))
        p->oom = true;
    return true;
}

/* The next movetext token when it is a plain comment (above), read without
 * a token; then the plain moves after it.  False, nothing consumed, for any
 * other.  (A move number opening the next line is the plain moves' own:
 * pgn_lex_fast.h passes that line break.) */
static bool read_plain_token(struct parse *p)
{
    arb_pgn_reader *r = p->r;
    size_t line_start = 0;
    int lines;
    size_t at = arb_pgn_lexer_blanks_end(&r->lx, &lines, &line_start);
    if (r->lx.buf[at] != '{' || p->collect || r->opt.tags_only || r->opt.skip_comments || r->opt.skip_items
        || !read_plain_comment(p, at, lines, line_start))
        return false;
    if (p->replay && !p->notation && p->premove_count == 0)
        pgn_replay_plain_moves(p);
    return true;
}

/* ---- tags ------------------------------------------------------------------ */

/* After a bad tag pair: skip to a line that starts a tag or a termination
 * marker, or to the first line after a blank line (the movetext). */
static void skip_tag_lines(struct parse *p)
{
    arb_pgn_reader *r = p->r;
    int last_line = r->lx.line;
    for (;;) {
        arb_pgn_token tok;
        next_token(r, &tok);
        if (tok.kind == ARB_PGN_TOK_EOF)
            return;
        if ((tok.flags & ARB_PGN_TF_LINE_FIRST)
            && (tok.kind == ARB_PGN_TOK_TAG_OPEN || tok.kind == ARB_PGN_TOK_RESULT
                || tok.line > last_line + 1)) {
            arb_pgn_lexer_unread(&r->lx, &tok);
            return;
        }
        p->last_end = tok.end_offset;
        last_line = r->lx.line;
    }
}

static void bad_tag(struct parse *p, const arb_pgn_token *tok, const char *expected)
{
    char text[64];
    pgn_read_quote(tok, text, sizeof text);
    if (tok->kind == ARB_PGN_TOK_ERROR)
        pgn_read_error(p, tok->line, tok->col, "%s: \"%s\"", tok->message, text);
    else if (tok->kind == ARB_PGN_TOK_EOF)
        pgn_read_error(p, tok->line, tok->col, "end of input in a tag pair, %s", expected);
    else
        pgn_read_error(p, tok->line, tok->col, "unexpected %s \"%s\" in a tag pair, %s",
                 arb_pgn_token_kind_name(tok->kind), text, expected);
    if ((tok->flags & ARB_PGN_TF_LINE_FIRST) && tok->kind != ARB_PGN_TOK_ERROR)
        arb_pgn_lexer_unread(&p->r->lx, tok);   /* the next line is not ours to judge */
    else if (tok->kind != ARB_PGN_TOK_EOF)
        p->last_end = tok->end_offset;
    skip_tag_lines(p);
}

static bool is_tag_name(const arb_pgn_token *tok)
{
    if (tok->kind != ARB_PGN_TOK_SYMBOL || tok->len > 255)
        return false;
    char c = tok->text[0];
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

/* Whether a tag is kept: every tag, or with options.skip_tags only those
 * the reader reads itself (setup_start, finish_game). */
static bool keeps_tag(const arb_pgn_reader_options *opt, const char *name, size_t len)
{
    if (!opt->skip_tags || opt->autodetect)
        return true;
    switch (len) {
    case 3: return memcmp(name, "FEN", 3) == 0;
    case 5: return memcmp(name, "SetUp", 5) == 0;
    case 6: return memcmp(name, "Result", 6) == 0;
    case 7: return memcmp(name, "Variant", 7) == 0;
    default: return false;
    }
}

/* A tag pair the lexer read plainly (pgn_lex_fast.h), just consumed. */
static void add_plain_tag(struct parse *p, const arb_pgn_plain_tag *t)
{
    if (!keeps_tag(&p->r->opt, t->name, t->name_len))
        p->dropped_tags++;
    else if (!arb_pgn_game_add_tag(p->g, t->name, t->name_len, t->value, t->value_len, t->line, t->value_col))
        p->oom = true;
    p->last_end = arb_pgn_lexer_offset(&p->r->lx);
}

/* Reads `Name "value" ]` after a '['. */
static void read_tag(struct parse *p)
{
    arb_pgn_reader *r = p->r;
    arb_pgn_plain_tag plain;
    if (arb_pgn_lex_plain_tag(&r->lx, &plain)) {   /* the common case, without tokens */
        add_plain_tag(p, &plain);
        return;
    }
    arb_pgn_token tok;
    next_token(r, &tok);
    if (!is_tag_name(&tok)) {
        bad_tag(p, &tok, "expected a tag name (letters, digits, _) after '['");
        return;
    }
    char name[256];
    size_t name_len = tok.len;
    memcpy(name, tok.text, name_len);
    name[name_len] = '\0';
    p->last_end = tok.end_offset;

    next_token(r, &tok);
    if (tok.kind != ARB_PGN_TOK_STRING) {
        char expected[320];
        snprintf(expected, sizeof expected, "expected a quoted value after the tag name %s", name);
        bad_tag(p, &tok, expected);
        return;
    }
    size_t value_len;
    const char *value = token_text(p, &tok, false, &value_len);
    if (!value)
        return;
    /* the token text may move at the next read: keep the value first */
    bool keep = keeps_tag(&r->opt, name, name_len);
    if (keep && !arb_pgn_game_add_tag(p->g, name, name_len, value, value_len, tok.line, tok.col)) {
        p->oom = true;
        return;
    }
    p->last_end = tok.end_offset;

    next_token(r, &tok);
    if (tok.kind != ARB_PGN_TOK_TAG_CLOSE) {
        char expected[320];
        snprintf(expected, sizeof expected, "expected ']' after the value of tag %s", name);
        if (keep)
            p->g->tag_count--;   /* a tag pair that did not close is not a tag */
        bad_tag(p, &tok, expected);
        return;
    }
    if (!keep)
        p->dropped_tags++;
    p->last_end = tok.end_offset;
}

/* The tag pairs after one, while they are written plainly: read without
 * tokens. */
static void read_plain_tags(struct parse *p)
{
    arb_pgn_reader *r = p->r;
    arb_pgn_plain_tag plain;
    while (!p->oom && arb_pgn_lex_plain_tag_line(&r->lx, &plain))
        add_plain_tag(p, &plain);
}

/* ---- games ----------------------------------------------------------------- */

/* A '[' at the start of a line after moves begins the next game only when
 * a tag pair follows; "[ Besser ist 3...Lf5 ]" is a book's bracket in the
 * moves (an error here, read by the lenient reading).  A pair the window's
 * end cuts is read on before the answer, so that where the input was cut
 * into reads changes nothing (the token's bytes stay in the window; its text
 * pointer is set again).  When no more can be read, the line-first '[' is a
 * tag, as it always was. */
static bool tag_line_follows(arb_pgn_reader *r, arb_pgn_token *tok)
{
    if (tok->kind != ARB_PGN_TOK_TAG_OPEN || !(tok->flags & ARB_PGN_TF_LINE_FIRST))
        return false;
    for (;;) {
        if (tok->offset < r->base)
            return true;
        int pair = arb_pgn_tag_pair_at(r->buf, r->len, (size_t)(tok->offset - r->base), !r->eof);
        if (pair >= 0)
            return pair != 0;
        if (!pgn_reader_refill(r) || r->failed || tok->offset < r->base)
            return true;
        tok->text = r->buf + (tok->offset - r->base);
    }
}

/* NUL bytes inside a game are passed over like blanks: nothing is altered
 * silently, so the game says where its first ones were (once: how many runs
 * a reader sees between two looks depends on where the input was cut).
 * Called with the lexer's pending run when a token of the game has been
 * read after it, or when the game ends (`at_end`): then only a run before
 * the game's last token is the game's; one after it is padding between
 * games, as some databases leave. */
static void note_nul(struct parse *p, bool at_end)
{
    arb_pgn_lexer *lx = &p->r->lx;
    if (!lx->nul_pending)
        return;
    lx->nul_pending = false;
    if (p->nul_reported || (at_end && lx->nul_offset >= p->last_end))
        return;
    p->nul_reported = true;
    arb_pgn_game *g = p->g;
    if (!arb_pgn_game_add_diag(g, ARB_PGN_WARNING, lx->nul_line, lx->nul_col,
                               "NUL byte passed over as a blank, expected text without NUL bytes")) {
        p->oom = true;
        return;
    }
    /* in its place among messages of tokens read before this look */
    for (size_t i = g->diag_count - 1; i > 0; i--) {
        const arb_pgn_diag *before = &g->diags[i - 1];
        if (before->line < lx->nul_line || (before->line == lx->nul_line && before->col <= lx->nul_col))
            break;
        arb_pgn_diag d = g->diags[i];
        g->diags[i] = g->diags[i - 1];
        g->diags[i - 1] = d;
    }
}

/* Skips the rest of a game after an error in its movetext: up to and
 * including a termination marker, or up to a tag line.  Returns false when
 * the input ended. */
static bool skip_game(struct parse *p)
{
    arb_pgn_reader *r = p->r;
    for (;;) {
        arb_pgn_token tok;
        int k = next_token(r, &tok);
        if (k == ARB_PGN_TOK_EOF) {
            p->g->end_reason = ARB_PGN_END_INPUT;
            return false;
        }
        if (tag_line_follows(r, &tok)) {
            arb_pgn_lexer_unread(&r->lx, &tok);
            p->g->end_reason = ARB_PGN_END_TAG_LINE;
            return true;
        }
        note_nul(p, false);
        p->last_end = tok.end_offset;
        if (k == ARB_PGN_TOK_RESULT) {
            p->g->result = tok.value;
            p->marker_line = tok.line;   /* for a Result tag contradiction */
            p->marker_col = tok.col;
            return true;
        }
    }
}

/* The game's original bytes, through the end of the line of its last token
 * when only blanks follow it there.  The blanks are read on when the buffer
 * ends among them, so that raw does not depend on where a read block ended
 * (up to RAW_BLANKS of them: a longer run is not the game's). */
#define RAW_BLANKS ((uint64_t)64 << 10)

static void set_raw(struct parse *p)
{
    arb_pgn_reader *r = p->r;
    arb_pgn_game *g = p->g;
    uint64_t end = p->last_end, at = p->last_end;
    while (!r->raw_dropped && g->offset >= r->base && at - p->last_end <= RAW_BLANKS) {
        size_t i = (size_t)(at - r->base);
        while (i < r->len && (r->buf[i] == ' ' || r->buf[i] == '\t' || r->buf[i] == '\r'))
            i++;
        at = r->base + i;
        if (i < r->len) {
            if (r->buf[i] == '\n' && at - p->last_end <= RAW_BLANKS)
                end = at + 1;
            break;
        }
        if (r->eof || !pgn_reader_refill(r))
            break;
    }
    /* The limit holds whatever the buffer happens to hold: a game longer
     * than it has no raw text even when it fit in one block, so the result
     * does not depend on block boundaries. */
    if (r->raw_dropped || g->offset < r->base || p->last_end - g->offset > r->opt.max_game_bytes) {
        g->raw = NULL;
        g->raw_len = 0;
        g->raw_complete = false;
        return;
    }
    g->raw = r->buf + (g->offset - r->base);
    g->raw_len = (size_t)(end - g->offset);
    g->raw_complete = true;
}

static void finish_game(struct parse *p, const arb_pgn_token *end_tok)
{
    arb_pgn_game *g = p->g;
    note_nul(p, true);
    if (!p->in_moves)
        pgn_replay_start(p);
    if (p->depth > 0 && g->error_count == 0 && !p->collect) {
        struct frame *f = &p->r->frames[p->depth];
        if (end_tok->kind == ARB_PGN_TOK_RESULT)
            pgn_read_error(p, end_tok->line, end_tok->col,
                     "termination marker inside the variation opened at %d:%d, expected ')'",
                     f->line, f->col);
        else
            pgn_read_error(p, end_tok->line, end_tok->col,
                     "end of the game inside the variation opened at %d:%d, expected ')'",
                     f->line, f->col);
    }
    if (g->error_count == 0 && !p->r->opt.tags_only && p->r->frame_cap > 0) {
        g->end = *frame_now(&p->r->frames[0]);
    }
    if (g->result != ARB_PGN_RESULT_NONE) {
        const char *tag = arb_pgn_game_tag(g, "Result");
        int tag_result = tag ? arb_pgn_result_parse(tag, strlen(tag)) : ARB_PGN_RESULT_NONE;
        if (tag_result != ARB_PGN_RESULT_NONE && tag_result != g->result)
            arb_pgn_game_add_diag(g, ARB_PGN_WARNING, p->marker_line, p->marker_col,
                                  "termination marker %s contradicts the Result tag \"%s\", "
                                  "expected them to agree (the Result tag is kept)",
                                  arb_pgn_result_text(g->result), tag);
    }
    /* (a collecting pass replays nothing: its moves are not plies yet) */
    if (g->tag_count == 0 && p->dropped_tags == 0 && g->result == ARB_PGN_RESULT_NONE && g->main_line_plies == 0
        && g->error_count == 0 && !p->collect) {
        bool only_comments = !p->dropped_nag;   /* (options.skip_items) */
        for (size_t i = 0; i < g->item_count; i++)
            only_comments &= g->items[i].kind == ARB_PGN_ITEM_COMMENT;
        if (only_comments)
            pgn_read_error(p, g->line, g->col,
                     "comment outside any game, expected tags, moves or a termination marker");
    }
    set_raw(p);
}

/* "1." at the start of a line after a blank line, when the main line is
 * past move 1: a game without tags follows a game without a termination
 * marker. */
static bool starts_new_game(const struct parse *p, const arb_pgn_token *tok, int line_before)
{
    if (tok->value != 1 || tok->dots > 1 || !(tok->flags & ARB_PGN_TF_LINE_FIRST)
        || tok->line <= line_before + 1 || p->depth != 0 || !p->in_moves)
        return false;
    if (p->collect)   /* no positions: past the first move pair */
        return p->main_index >= 2;
    if (!p->replay || p->g->main_line_plies == 0)
        return false;
    return frame_now(&p->r->frames[0])->fullmove_number > 1;
}

/* The input broke off: the unfinished game is not a game.  The failure is
 * placed where the readable text ends. */
static int input_failure(arb_pgn_reader *r, arb_status *status)
{
    *status = r->fail_status;
    arb_pgn_token tok;
    next_token(r, &tok);   /* end of input again: its position */
    status->line = tok.line;
    status->col = tok.col;
    return ARB_PGN_READ_FAILED;
}

/* Whether tok opens the next game's tag section (the padding before it lies
 * between games). */
static inline bool new_game_tags(const struct parse *p, const arb_pgn_token *tok, int k)
{
    return k == ARB_PGN_TOK_TAG_OPEN && p->in_moves && (tok->flags & ARB_PGN_TF_LINE_FIRST);
}

/* The first game says which encoding the text was read in (once). */
static bool note_encoding(arb_pgn_reader *r, arb_pgn_game *g)
{
    for (size_t i = 0; i < g->diag_count; i++)
        if (strncmp(g->diags[i].message, "text in ", 8) == 0)
            return true;
    bool ok = arb_pgn_game_add_diag(g, ARB_PGN_NOTE, g->line, g->col, "text in %s (%s), read converted to UTF-8",
                                    arb_encoding_name(arb_decoder_encoding(r->decoder)),
                                    arb_decoder_forced(r->decoder) ? "as --encoding says" : "detected from its bytes");
    pgn_diag_to_front(g);
    return ok;
}


/* One pass over one game. */
int pgn_read_pass(arb_pgn_reader *r, arb_pgn_game *g, arb_status *status, struct pass *plan)
{
    arb_pgn_game_reset(g);
    g->source = arb_input_name(r->in);
    r->keep_from = arb_pgn_lexer_offset(&r->lx);
    r->raw_dropped = false;
    r->in_game = false;
    struct parse p = {.r = r, .g = g, .replay = !r->opt.tags_only && !plan->collect,
                      .notation = plan->notation, .detect_on_failure = plan->detect_on_failure,
                      .collect = plan->collect, .premoves = plan->premoves,
                      .premove_count = plan->premove_count};
    g->san_recorded = r->opt.record_san && !r->opt.tags_only && !r->opt.skip_items;
    bool started = false;
    arb_pgn_token tok;
    for (;;) {
        if (p.oom) {
            arb_status st = {.code = ARB_INPUT_NO_MEMORY, .error_class = ARB_ERR_MEMORY, .line = tok.line, .col = tok.col, .message = "out of memory"};
            pgn_reader_input_failed(r, &st);
            *status = st;
            return ARB_PGN_READ_FAILED;
        }
        if (p.in_moves && read_plain_token(&p))
            continue;
        int line_before = r->lx.line;
        int k = next_token(r, &tok);
        if (k == ARB_PGN_TOK_EOF) {
            if (r->failed)
                return input_failure(r, status);
            if (!started)
                return ARB_PGN_READ_END;
            g->end_reason = ARB_PGN_END_INPUT;
            finish_game(&p, &tok);
            return ARB_PGN_READ_GAME;
        }
        if (started && !new_game_tags(&p, &tok, k))
            note_nul(&p, false);
        if (!started) {
            if (k == ARB_PGN_TOK_ESCAPE)
                continue;
            started = true;
            r->lx.nul_pending = false;   /* padding before the game */
            r->in_game = true;
            g->line = tok.line;
            g->col = tok.col;
            g->offset = tok.offset;
            r->keep_from = tok.offset;
            plan->first_line_first = tok.flags & ARB_PGN_TF_LINE_FIRST;
            if (r->decoder && arb_decoder_converts(r->decoder) && !r->encoding_noted) {
                r->encoding_noted = true;
                r->encoding_note_at = tok.offset;
            }
            if (r->encoding_noted && tok.offset == r->encoding_note_at && !note_encoding(r, g))
                p.oom = true;
        }
        switch (k) {
        case ARB_PGN_TOK_ESCAPE: break;
        case ARB_PGN_TOK_COMMENT:
        case ARB_PGN_TOK_LINE_COMMENT: add_comment(&p, &tok); break;
        case ARB_PGN_TOK_RESULT:
            p.last_end = tok.end_offset;
            g->result = tok.value;
            p.marker_line = tok.line;
            p.marker_col = tok.col;
            finish_game(&p, &tok);
            return ARB_PGN_READ_GAME;
        case ARB_PGN_TOK_TAG_OPEN:
            if (p.in_moves) {
                if (tag_line_follows(r, &tok)) {
                    /* the next game begins: this one had no termination marker */
                    arb_pgn_lexer_unread(&r->lx, &tok);
                    g->end_reason = ARB_PGN_END_TAG_LINE;
                    finish_game(&p, &tok);
                    return ARB_PGN_READ_GAME;
                }
                break;   /* movetext_token reports it */
            }
            p.last_end = tok.end_offset;
            read_tag(&p);
            read_plain_tags(&p);
            continue;
        default:
            break;
        }
        if (k == ARB_PGN_TOK_ESCAPE || k == ARB_PGN_TOK_COMMENT || k == ARB_PGN_TOK_LINE_COMMENT) {
            p.last_end = tok.end_offset;
            continue;
        }
        /* a movetext token */
        if (k == ARB_PGN_TOK_MOVE_NUMBER && starts_new_game(&p, &tok, line_before)) {
            arb_pgn_lexer_unread(&r->lx, &tok);
            g->end_reason = ARB_PGN_END_NEW_GAME;
            finish_game(&p, &tok);
            return ARB_PGN_READ_GAME;
        }
        if (!p.in_moves) {
            p.in_moves = true;
            g->movetext_started = true;
            pgn_replay_start(&p);
        }
        if (p.replay)
            pgn_replay_token(&p, &tok);
        else if (p.collect)
            pgn_collect_token(&p, &tok);
        if (p.last_end < tok.end_offset)   /* "(=)" already took the bytes after '(' */
            p.last_end = tok.end_offset;
        if (p.needs_detection) {
            /* read_detected goes back to the game's start from here */
            plan->needs_detection = true;
            return ARB_PGN_READ_GAME;
        }
        /* moves passed over on request (skip_bad_moves) do not end the game */
        if (g->error_count > g->skipped_moves) {
            if (!skip_game(&p) && r->failed)
                return input_failure(r, status);
            finish_game(&p, &tok);
            return ARB_PGN_READ_GAME;
        }
        if (p.replay && !p.notation && p.premove_count == 0)
            pgn_replay_plain_moves(&p);
    }
}

/* A game the strict reading refuses is read again as real-world text
 * (pgn_lenient.h), which may hold several games: they come first. */
int arb_pgn_read(arb_pgn_reader *r, arb_pgn_game *g, arb_status *status)
{
    if (arb_pgn_lenient_pending(r->lenient)) {
        int rc = arb_pgn_lenient_next(r->lenient, g, status);
        if (rc != ARB_PGN_READ_END)
            return rc;
    }
    int rc = pgn_read_strict(r, g, status);
    if (rc != ARB_PGN_READ_GAME || !r->opt.lenient || g->error_count == 0 || !g->raw || !g->raw_complete
        || r->opt.tags_only || r->opt.skip_bad_moves || g->raw_len > ARB_PGN_LENIENT_MAX_BYTES)
        return rc;
    if (!r->lenient && !(r->lenient = arb_pgn_lenient_new())) {
        arb_status st = {.code = ARB_INPUT_NO_MEMORY, .error_class = ARB_ERR_MEMORY, .line = g->line, .col = g->col, .message = "out of memory"};
        *status = st;
        return ARB_PGN_READ_FAILED;
    }
    rc = arb_pgn_lenient_retry(r->lenient, &r->opt, arb_input_name(r->in), g, status);
    if (rc == ARB_PGN_READ_GAME && r->encoding_noted && g->offset == r->encoding_note_at)
        note_encoding(r, g);
    return rc;
}
