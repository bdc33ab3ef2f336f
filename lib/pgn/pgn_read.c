/* pgn_read.c — games from a byte stream: tags, movetext, replay, recovery. */
#include "pgn_read.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "encoding.h"
#include "fen.h"
#include "notation.h"
#include "pgn_detect.h"
#include "pgn_lenient.h"
#include "san.h"

/* Input is read in blocks of this size; the buffer holds the current game
 * and the block after it. */
#define READ_BLOCK ((size_t)1 << 20)

/* Positions of one line of play: the current one and the one before the last
 * move (where a variation opened here starts), used alternately so that
 * playing a move copies nothing. */
struct frame {
    arb_position pos[2];
    int cur;
    bool has_move;
    int line, col;           /* of the '(' that opened the line */
};

struct arb_pgn_reader {
    arb_input *in;
    arb_pgn_reader_options opt;
    char *buf;               /* cap + 1 bytes: the last one holds the lexer's NUL sentinel */
    size_t cap, len;
    uint64_t base;           /* stream offset of buf[0] */
    bool eof;
    bool failed;             /* input error: reported after the games before it */
    arb_status fail_status;
    arb_pgn_lexer lx;
    uint64_t keep_from;      /* stream offset of the current game's first byte */
    bool raw_dropped;        /* the game outgrew max_game_bytes: raw is not kept */
    bool in_game;            /* the current game's first token was read */
    struct frame *frames;
    size_t frame_cap;
    char *scratch;
    size_t scratch_cap;
    /* notation detection (pgn_detect.h): the main line's move tokens of the
     * game being detected, where they stand, and the moves read */
    arb_detector *detector;
    arb_token *tokens;
    arb_pgn_token_at *token_at;
    uint64_t *token_offset;
    arb_move *token_moves;
    size_t token_count, token_cap;
    arb_pgn_lenient *lenient;   /* second reading of refused games (options.lenient) */
    arb_decoder *decoder;       /* options.decode: the text converted to UTF-8 */
    bool encoding_noted;
    uint64_t encoding_note_at;  /* the first game's offset: the note is its own */
};

/* State of the game being read. */
struct parse {
    arb_pgn_reader *r;
    arb_pgn_game *g;
    int depth;
    bool in_moves;
    bool replay;             /* false after an error, or in tags-only mode */
    bool noted_encoding;
    uint64_t last_end;       /* end of the last token that belongs to the game */
    int marker_line, marker_col;
    bool oom;
    uint64_t nul_runs;       /* the lexer's count of NUL runs when last looked at */
    /* national notations (notation.h, pgn_detect.h) */
    const struct arb_notation *notation;  /* moves are read in it; NULL: SAN */
    bool detect_on_failure;  /* a token SAN cannot read ends this pass and asks for detection */
    bool needs_detection;    /* ... and one did */
    bool collect;            /* collect the main line's move tokens instead of replaying */
    size_t main_index;       /* main-line move tokens seen so far */
    const arb_move *premoves;/* main-line moves the detection resolved already */
    size_t premove_count;
};

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

/* ---- input window ---------------------------------------------------- */

static void input_failed(arb_pgn_reader *r, const arb_status *st)
{
    r->failed = true;
    r->fail_status = *st;
    r->eof = true;
}

/* Moves the bytes still needed to the front of the buffer and reads more.
 * Returns false only when nothing can be added because one token fills the
 * whole allowed window. */
static bool refill(arb_pgn_reader *r)
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
            input_failed(r, &st);
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
            input_failed(r, &st);
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
        if (!refill(r))
            return cut_long_token(r, tok);
    }
}

/* ---- messages ---------------------------------------------------------- */

static void error_at(struct parse *p, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void error_at(struct parse *p, int line, int col, const char *fmt, ...)
{
    char msg[480];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (!arb_pgn_game_add_diag(p->g, ARB_PGN_ERROR, line, col, "%s", msg))
        p->oom = true;
    p->replay = false;
}

/* Token text for messages: at most 40 bytes, no line breaks. */
static void quote(const arb_pgn_token *tok, char *out, size_t cap)
{
    size_t n = tok->len < 40 ? tok->len : 40;
    size_t o = 0;
    for (size_t i = 0; i < n && o + 4 < cap; i++) {
        char c = tok->text[i];
        out[o++] = (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
    }
    if (tok->len > n && o + 4 < cap) {
        memcpy(out + o, "...", 3);
        o += 3;
    }
    out[o] = '\0';
}

static const char *side_name(const arb_position *pos)
{
    return pos->side == ARB_WHITE ? "White" : "Black";
}

/* Appends up to 16 moves, written in SAN, to msg. */
static void list_moves(const arb_position *pos, const arb_movelist *list, char *msg, size_t cap)
{
    size_t o = strlen(msg);
    for (int i = 0; i < list->count && i < 16; i++) {
        char san[ARB_SAN_MAX];
        arb_san_write(pos, list->moves[i], san);
        int n = snprintf(msg + o, cap - o, "%s%s", i ? ", " : "", san);
        if (n < 0 || (size_t)n >= cap - o)
            return;
        o += (size_t)n;
    }
    if (list->count > 16)
        snprintf(msg + o, cap - o, ", ...");
}

static void move_error(struct parse *p, const arb_pgn_token *tok, const arb_position *pos, int code)
{
    char text[64], expected[320] = "";
    quote(tok, text, sizeof text);
    arb_move m;
    arb_movelist cand;
    cand.count = 0;
    arb_san_parse(pos, tok->text, tok->len, &m, &cand);
    if (cand.count == 0 && code != ARB_SAN_SYNTAX)
        arb_generate_legal(pos, &cand);
    unsigned number = pos->fullmove_number;
    switch (code) {
    case ARB_SAN_SYNTAX:
        error_at(p, tok->line, tok->col,
                 "\"%s\" is not a move (%s's move %u), expected a move in SAN such as Nf3, "
                 "exd5, O-O or e8=Q", text, side_name(pos), number);
        return;
    case ARB_SAN_AMBIGUOUS:
        list_moves(pos, &cand, expected, sizeof expected);
        error_at(p, tok->line, tok->col, "ambiguous move \"%s\" (%s's move %u), expected one of %s",
                 text, side_name(pos), number, expected);
        return;
    case ARB_SAN_BAD_PROMOTION:
        list_moves(pos, &cand, expected, sizeof expected);
        error_at(p, tok->line, tok->col,
                 "bad promotion \"%s\" (%s's move %u), expected one of %s", text,
                 side_name(pos), number, expected);
        return;
    default:
        if (cand.count == 0) {
            error_at(p, tok->line, tok->col,
                     "move \"%s\" (%s's move %u) after the game ended in %s, "
                     "expected a termination marker", text, side_name(pos), number,
                     arb_in_check(pos) ? "checkmate" : "stalemate");
            return;
        }
        list_moves(pos, &cand, expected, sizeof expected);
        error_at(p, tok->line, tok->col, "illegal move \"%s\" (%s's move %u), expected one of %s",
                 text, side_name(pos), number, expected);
        return;
    }
}

/* Appends up to 16 moves, written in a notation, to msg. */
static void list_moves_in(const arb_notation *n, const arb_position *pos, const arb_movelist *list, char *msg,
                          size_t cap)
{
    size_t o = strlen(msg);
    for (int i = 0; i < list->count && i < 16; i++) {
        char text[ARB_NOTATION_MAX];
        arb_notation_write(n, pos, list->moves[i], text);
        int w = snprintf(msg + o, cap - o, "%s%s", i ? ", " : "", text);
        if (w < 0 || (size_t)w >= cap - o)
            return;
        o += (size_t)w;
    }
    if (list->count > 16)
        snprintf(msg + o, cap - o, ", ...");
}

/* A move that does not read in a national notation: the move number as a
 * game score writes it (23...), the token as written, and the legal moves
 * in the same notation. */
static void notation_error(struct parse *p, const arb_pgn_token *tok, const arb_position *pos,
                           const arb_notation *n, int code)
{
    char text[64], number[16], expected[400] = "";
    quote(tok, text, sizeof text);
    arb_pgn_move_number(pos, number);
    const arb_locale *loc = arb_notation_locale(n);
    const char *name = arb_locale_code(loc);
    arb_move m;
    arb_movelist cand;
    cand.count = 0;
    arb_notation_read(n, pos, tok->text, tok->len, &m, NULL, &cand);
    if (cand.count == 0 && code != ARB_SAN_SYNTAX)
        arb_generate_legal(pos, &cand);
    switch (code) {
    case ARB_SAN_SYNTAX: {
        static const char *const kinds[] = {"", "knight", "bishop", "rook", "queen", "king"};
        size_t o = 0;
        for (int k = ARB_KING; k >= ARB_KNIGHT && o < sizeof expected; k--) {
            int w = snprintf(expected + o, sizeof expected - o, "%s%s %s", o ? ", " : "", kinds[k],
                             arb_locale_piece(loc, k, 0));
            if (w < 0)
                break;
            o += (size_t)w;
        }
        error_at(p, tok->line, tok->col, "%s %s is not a move in %s notation, expected a move written with its "
                 "letters (%s)", number, text, name, expected);
        return;
    }
    case ARB_SAN_AMBIGUOUS:
        list_moves_in(n, pos, &cand, expected, sizeof expected);
        error_at(p, tok->line, tok->col, "%s %s is ambiguous in %s notation, expected one of %s", number, text,
                 name, expected);
        return;
    case ARB_SAN_BAD_PROMOTION:
        list_moves_in(n, pos, &cand, expected, sizeof expected);
        error_at(p, tok->line, tok->col, "%s %s is a bad or missing promotion in %s notation, expected one of %s",
                 number, text, name, expected);
        return;
    default:
        if (cand.count == 0) {
            error_at(p, tok->line, tok->col, "%s %s is played after the game ended in %s, expected a termination "
                     "marker", number, text, arb_in_check(pos) ? "checkmate" : "stalemate");
            return;
        }
        list_moves_in(n, pos, &cand, expected, sizeof expected);
        error_at(p, tok->line, tok->col, "%s %s is an illegal move in %s notation, expected one of %s", number,
                 text, name, expected);
        return;
    }
}

/* ---- text ---------------------------------------------------------------- */

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
    size_t need = 3 * tok->len + 1;
    if (need > r->scratch_cap) {
        size_t cap = r->scratch_cap ? r->scratch_cap : 4096;
        while (cap < need)
            cap *= 2;
        char *s = realloc(r->scratch, cap);
        if (!s) {
            p->oom = true;
            return NULL;
        }
        r->scratch = s;
        r->scratch_cap = cap;
    }
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
    if (p->r->opt.tags_only || p->r->opt.skip_comments || p->collect)
        return;
    size_t len;
    const char *text = token_text(p, tok, true, &len);
    if (text && !arb_pgn_game_add_comment(p->g, text, len, tok->line, tok->col))
        p->oom = true;
}

/* ---- start position ---------------------------------------------------- */


static bool ensure_frames(arb_pgn_reader *r, size_t n)
{
    if (n <= r->frame_cap)
        return true;
    size_t cap = r->frame_cap ? r->frame_cap : 4;
    while (cap < n)
        cap *= 2;
    struct frame *f = realloc(r->frames, cap * sizeof *f);
    if (!f)
        return false;
    r->frames = f;
    r->frame_cap = cap;
    return true;
}

/* Many puzzle files write FENs with a fullmove number of 0: read it as 1,
 * with a note. */
static bool fen_with_move_one(struct parse *p, const arb_pgn_tag *fen, arb_position *pos, unsigned flags)
{
    size_t n = strlen(fen->value);
    if (n < 2 || n > ARB_FEN_MAX || fen->value[n - 1] != '0' || fen->value[n - 2] != ' ')
        return false;
    char copy[ARB_FEN_MAX + 1];
    memcpy(copy, fen->value, n + 1);
    copy[n - 1] = '1';
    if (arb_fen_parse_with(copy, pos, flags).code)
        return false;
    if (!arb_pgn_game_add_diag(p->g, ARB_PGN_NOTE, fen->line, fen->col + (int)n,
                               "fullmove number 0 in the FEN read as 1"))
        p->oom = true;
    return true;
}

/* Sets g->start from the FEN and Variant tags, and the main line's frame. */
static void setup_start(struct parse *p)
{
    arb_pgn_game *g = p->g;
    const arb_pgn_tag *variant = arb_pgn_game_tag_entry(g, "Variant");
    const arb_pgn_tag *fen = arb_pgn_game_tag_entry(g, "FEN");
    bool c960 = false;
    if (variant) {
        int kind = arb_pgn_variant_parse(variant->value);
        if (kind == ARB_PGN_VARIANT_CHESS960) {
            c960 = true;
        } else if (kind != ARB_PGN_VARIANT_STANDARD) {
            error_at(p, variant->line, variant->col,
                     "variant \"%s\" is not supported, expected Standard or Chess960",
                     variant->value);
            return;
        }
    }
    if (fen) {
        /* without a Chess960 variant, castling rights are standard chess's;
         * the moves replay whatever the counters say (pgnlint reports them) */
        unsigned flags = ARB_FEN_LENIENT_COUNTERS | (c960 ? 0 : ARB_FEN_STANDARD);
        arb_status st = arb_fen_parse_with(fen->value, &g->start, flags);
        if (st.code == ARB_FEN_FULLMOVE && fen_with_move_one(p, fen, &g->start, flags))
            st.code = st.error_class = 0;
        if (st.code) {
            error_at(p, fen->line, fen->col + (st.col > 0 ? st.col : 1), "bad FEN tag: %s",
                     st.message);
            arb_position_startpos(&g->start);
            return;
        }
        g->custom_start = true;
    }
    if (c960)
        g->start.chess960 = 1;
    g->end = g->start;
    if (p->r->opt.tags_only)
        return;
    if (!ensure_frames(p->r, 1)) {
        p->oom = true;
        p->replay = false;
        return;
    }
    struct frame *f = &p->r->frames[0];
    f->pos[0] = g->start;
    f->cur = 0;
    f->has_move = false;
}

/* ---- movetext -------------------------------------------------------- */

static bool is_null_move(const arb_pgn_token *tok)
{
    return (tok->len == 2 && tok->text[0] == '-' && tok->text[1] == '-')
        || (tok->len == 2 && tok->text[0] == 'Z' && tok->text[1] == '0');
}

static bool looks_like_coordinates(const arb_pgn_token *tok)
{
    const char *t = tok->text;
    return (tok->len == 4 || tok->len == 5) && t[0] >= 'a' && t[0] <= 'h' && t[1] >= '1'
        && t[1] <= '8' && t[2] >= 'a' && t[2] <= 'h' && t[3] >= '1' && t[3] <= '8';
}

/* A scoresheet mark standing after a move ("e.p.", "a.p.", "(=)"), which the
 * lexer cuts into pieces ("e" "." "p" "."): the whole word from the token to
 * the next white space is asked of the notation, and consumed when it is a
 * mark.  Returns the ARB_SPEC_* mark, or 0. */
static unsigned notation_mark(struct parse *p, const arb_pgn_token *tok)
{
    arb_pgn_reader *r = p->r;
    size_t start = (size_t)(tok->offset - r->lx.base), end = start + tok->len;
    for (;;) {
        while (end < r->lx.end && (unsigned char)r->lx.buf[end] > ' ' && !strchr("{}()[];\"", r->lx.buf[end]))
            end++;
        if (end < r->lx.end || r->lx.eof || end - start > 16)
            break;
        if (!refill(r))   /* the word reaches the end of the window: read on */
            break;
        start = (size_t)(tok->offset - r->lx.base);
    }
    if (end - start > 16)
        return 0;
    unsigned mark = arb_notation_extra(p->notation, r->lx.buf + start, end - start);
    if (mark && r->lx.pos < end) {
        r->lx.pos = end;
        p->last_end = r->lx.base + end;
    }
    return mark;
}

/* The last square named in a token, or -1. */
static int token_square(const arb_pgn_token *tok)
{
    int sq = -1;
    for (size_t i = 0; i + 1 < tok->len; i++)
        if (tok->text[i] >= 'a' && tok->text[i] <= 'h' && tok->text[i + 1] >= '1' && tok->text[i + 1] <= '8')
            sq = arb_square(tok->text[i] - 'a', tok->text[i + 1] - '1');
    return sq;
}

/* The one legal move every suggestion notation that reads the token finds,
 * else ARB_MOVE_NONE (none reads it, or two read it differently). */
static arb_move agreed_reading(const arb_pgn_reader_options *opt, const arb_position *pos,
                               const arb_pgn_token *tok)
{
    arb_move found = ARB_MOVE_NONE;
    for (size_t i = 0; i < opt->suggest_count; i++) {
        arb_move m;
        if (arb_notation_read(opt->suggest[i], pos, tok->text, tok->len, &m, NULL, NULL) != ARB_SAN_OK)
            continue;
        if (found != ARB_MOVE_NONE && m != found)
            return ARB_MOVE_NONE;
        found = m;
    }
    return found;
}

/* What stands in for a main-line move that cannot be replayed when the
 * caller asked to go on (skip_bad_moves): the only legal move of the piece
 * written to the square written (a wrong disambiguation), else the move the
 * suggestion notations agree on (a national letter), else a null move so
 * that the turn passes, or ARB_MOVE_NONE (drop the token) when the side to
 * move is in check and may not pass. */
static arb_move replacement(const arb_pgn_reader_options *opt, const arb_position *pos, const arb_pgn_token *tok,
                            int code)
{
    arb_move m;
    arb_movelist cand;
    cand.count = 0;
    arb_san_parse(pos, tok->text, tok->len, &m, &cand);
    int to = token_square(tok);
    if (code == ARB_SAN_ILLEGAL && cand.count == 1 && arb_move_to(cand.moves[0]) == to)
        return cand.moves[0];
    arb_move read = agreed_reading(opt, pos, tok);
    if (read != ARB_MOVE_NONE)
        return read;
    return arb_in_check(pos) ? ARB_MOVE_NONE : ARB_MOVE_NULL;
}

static void play_move(struct parse *p, const arb_pgn_token *tok)
{
    struct frame *f = &p->r->frames[p->depth];
    const arb_position *pos = &f->pos[f->cur];
    arb_move m;
    bool draw_offer = false;   /* "Tb1=": an offer glued to the move */
    size_t main_index = 0;     /* 1 + which of the detection's moves this token is */
    if (p->premove_count && p->depth == 0)
        main_index = ++p->main_index;
    if (is_null_move(tok)) {
        if (p->depth == 0 && !p->r->opt.null_moves_in_main_line) {
            error_at(p, tok->line, tok->col,
                     "null move in the main line, expected a real move (null moves are allowed "
                     "only in variations unless enabled)");
            return;
        }
        if (arb_in_check(pos)) {
            error_at(p, tok->line, tok->col,
                     "null move while %s is in check, expected a move that answers the check",
                     side_name(pos));
            return;
        }
        m = ARB_MOVE_NULL;
    } else if (main_index > 0 && main_index <= p->premove_count) {
        /* already read by the notation detection */
        m = p->premoves[main_index - 1];
        if (m == ARB_MOVE_NONE) {
            /* a mark of the move before: "e.p.", or a draw offer, which is kept */
            if (p->notation && (arb_notation_extra(p->notation, tok->text, tok->len) & ARB_SPEC_DRAW_OFFER)
                && !arb_pgn_game_add_comment(p->g, "(=)", 3, tok->line, tok->col))
                p->oom = true;
            return;
        }
        draw_offer = tok->len > 1 && tok->text[tok->len - 1] == '=';
    } else {
        const arb_notation *n = p->notation;
        int code;
        if (n) {
            unsigned mark = notation_mark(p, tok);
            if (mark) {
                /* "exd6 e.p.": the mark belongs to the move before; an offer is kept */
                if ((mark & ARB_SPEC_DRAW_OFFER) && !arb_pgn_game_add_comment(p->g, "(=)", 3, tok->line, tok->col))
                    p->oom = true;
                return;
            }
            arb_move_spec spec;
            code = arb_notation_read(n, pos, tok->text, tok->len, &m, &spec, NULL);
            draw_offer = code == ARB_SAN_OK && (spec.flags & ARB_SPEC_DRAW_OFFER);
        } else {
            code = arb_san_parse(pos, tok->text, tok->len, &m, NULL);
        }
        if (code != ARB_SAN_OK) {
            /* coordinate notation (e2e4) shows up in engine output */
            if (!looks_like_coordinates(tok) || arb_uci_parse(pos, tok->text, tok->len, &m) != 0) {
                if (p->detect_on_failure) {
                    /* not SAN: the game's notation is to be detected */
                    p->needs_detection = true;
                    p->replay = false;
                    return;
                }
                if (n)
                    notation_error(p, tok, pos, n, code);
                else
                    move_error(p, tok, pos, code);
                if (p->depth == 0 && p->r->opt.skip_bad_moves && !p->replay && !p->oom &&
                    arb_count_legal(pos) > 0) {
                    p->replay = true;
                    p->g->skipped_moves++;
                    m = replacement(&p->r->opt, pos, tok, code);
                    if (m == ARB_MOVE_NONE)
                        return; /* dropped: the side to move is in check */
                } else {
                    return;
                }
            }
        }
    }
    arb_position_make(pos, m, &f->pos[f->cur ^ 1]);
    f->cur ^= 1;
    f->has_move = true;
    if (p->depth == 0)
        p->g->main_line_plies++;
    if (!arb_pgn_game_add_move(p->g, pos, m, tok->line, tok->col)) {
        p->oom = true;
        return;
    }
    if (p->g->san_recorded) {
        char san[ARB_SAN_MAX > 8 ? ARB_SAN_MAX : 8];
        size_t n = arb_san_write(pos, m, san);
        arb_pgn_item *it = &p->g->items[p->g->item_count - 1];
        if (n < sizeof it->san) {
            memcpy(it->san, san, sizeof it->san);   /* fixed size: one store */
            it->len = (uint32_t)n;
        } else {
            p->g->san_recorded = false;
        }
    }
    if (draw_offer && !arb_pgn_game_add_comment(p->g, "(=)", 3, tok->line, tok->col))
        p->oom = true;
}

static void open_variation(struct parse *p, const arb_pgn_token *tok)
{
    arb_pgn_reader *r = p->r;
    if (p->depth + 1 > r->opt.max_depth) {
        error_at(p, tok->line, tok->col,
                 "variations nested more than %d deep, expected at most %d levels of '('",
                 r->opt.max_depth, r->opt.max_depth);
        return;
    }
    struct frame *f = &r->frames[p->depth];
    if (!f->has_move) {
        error_at(p, tok->line, tok->col,
                 "'(' before any move, expected a move for the variation to replace");
        return;
    }
    if (!ensure_frames(r, (size_t)p->depth + 2)) {
        p->oom = true;
        return;
    }
    f = &r->frames[p->depth];
    struct frame *nf = &r->frames[p->depth + 1];
    nf->pos[0] = f->pos[f->cur ^ 1];
    nf->cur = 0;
    nf->has_move = false;
    nf->line = tok->line;
    nf->col = tok->col;
    p->depth++;
    if (!arb_pgn_game_begin_variation(p->g, tok->line, tok->col))
        p->oom = true;
}

static void close_variation(struct parse *p, const arb_pgn_token *tok)
{
    if (p->depth == 0) {
        error_at(p, tok->line, tok->col,
                 "')' without a matching '(', expected a move, comment or termination marker");
        return;
    }
    p->depth--;
    if (!arb_pgn_game_end_variation(p->g, tok->line, tok->col))
        p->oom = true;
}

static void unexpected(struct parse *p, const arb_pgn_token *tok, const char *where,
                       const char *expected)
{
    char text[64];
    quote(tok, text, sizeof text);
    if (tok->kind == ARB_PGN_TOK_ERROR)
        error_at(p, tok->line, tok->col, "%s: \"%s\"", tok->message, text);
    else
        error_at(p, tok->line, tok->col, "unexpected %s \"%s\" %s, expected %s",
                 arb_pgn_token_kind_name(tok->kind), text, where, expected);
}

/* "(=)": a draw offer (FIDE Laws 8.1.5, C.12), not a variation.  Called
 * right after the '(' was lexed; makes sure the two bytes after it are in
 * the window. */
static bool draw_offer_follows(struct parse *p)
{
    arb_pgn_reader *r = p->r;
    while (r->lx.pos + 2 > r->lx.end && !r->lx.eof)
        if (!refill(r))
            break;
    return r->lx.pos + 2 <= r->lx.end && r->lx.buf[r->lx.pos] == '=' && r->lx.buf[r->lx.pos + 1] == ')';
}

/* Consumes "=)" and records the offer as the comment "(=)", which is how
 * pgnconv writes it back ({(=)} after the move). */
static void add_draw_offer(struct parse *p, const arb_pgn_token *tok)
{
    p->r->lx.pos += 2;
    p->last_end = tok->end_offset + 2;
    if (!arb_pgn_game_add_comment(p->g, "(=)", 3, tok->line, tok->col))
        p->oom = true;
}

/* One movetext token while replaying. */
static void movetext_token(struct parse *p, const arb_pgn_token *tok)
{
    switch (tok->kind) {
    case ARB_PGN_TOK_SYMBOL: play_move(p, tok); break;
    case ARB_PGN_TOK_MOVE_NUMBER:
    case ARB_PGN_TOK_DOTS: break;
    case ARB_PGN_TOK_NAG:
        if (!arb_pgn_game_add_nag(p->g, tok->value, tok->line, tok->col))
            p->oom = true;
        break;
    case ARB_PGN_TOK_RAV_OPEN:
        if (draw_offer_follows(p))
            add_draw_offer(p, tok);
        else
            open_variation(p, tok);
        break;
    case ARB_PGN_TOK_RAV_CLOSE: close_variation(p, tok); break;
    case ARB_PGN_TOK_TAG_OPEN:
        unexpected(p, tok, "inside movetext (a tag line must start a line)",
                   "a move, comment, variation or termination marker");
        break;
    default:
        unexpected(p, tok, "in movetext", "a move, comment, variation or termination marker");
        break;
    }
}

/* ---- tags ---------------------------------------------------------------- */

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
    quote(tok, text, sizeof text);
    if (tok->kind == ARB_PGN_TOK_ERROR)
        error_at(p, tok->line, tok->col, "%s: \"%s\"", tok->message, text);
    else if (tok->kind == ARB_PGN_TOK_EOF)
        error_at(p, tok->line, tok->col, "end of input in a tag pair, %s", expected);
    else
        error_at(p, tok->line, tok->col, "unexpected %s \"%s\" in a tag pair, %s",
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

/* Reads `Name "value" ]` after a '['. */
static void read_tag(struct parse *p)
{
    arb_pgn_reader *r = p->r;
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
    if (!arb_pgn_game_add_tag(p->g, name, name_len, value, value_len, tok.line, tok.col)) {
        p->oom = true;
        return;
    }
    p->last_end = tok.end_offset;

    next_token(r, &tok);
    if (tok.kind != ARB_PGN_TOK_TAG_CLOSE) {
        char expected[320];
        snprintf(expected, sizeof expected, "expected ']' after the value of tag %s", name);
        p->g->tag_count--;   /* a tag pair that did not close is not a tag */
        bad_tag(p, &tok, expected);
        return;
    }
    p->last_end = tok.end_offset;
}

/* ---- games --------------------------------------------------------------- */

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
        if (k == ARB_PGN_TOK_TAG_OPEN && (tok.flags & ARB_PGN_TF_LINE_FIRST)) {
            arb_pgn_lexer_unread(&r->lx, &tok);
            p->g->end_reason = ARB_PGN_END_TAG_LINE;
            return true;
        }
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
        if (r->eof || !refill(r))
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
    if (!p->in_moves)
        setup_start(p);
    if (p->depth > 0 && g->error_count == 0 && !p->collect) {
        struct frame *f = &p->r->frames[p->depth];
        if (end_tok->kind == ARB_PGN_TOK_RESULT)
            error_at(p, end_tok->line, end_tok->col,
                     "termination marker inside the variation opened at %d:%d, expected ')'",
                     f->line, f->col);
        else
            error_at(p, end_tok->line, end_tok->col,
                     "end of the game inside the variation opened at %d:%d, expected ')'",
                     f->line, f->col);
    }
    if (g->error_count == 0 && !p->r->opt.tags_only && p->r->frame_cap > 0) {
        struct frame *f = &p->r->frames[0];
        g->end = f->pos[f->cur];
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
    if (g->tag_count == 0 && g->result == ARB_PGN_RESULT_NONE && g->main_line_plies == 0
        && g->error_count == 0) {
        bool only_comments = true;
        for (size_t i = 0; i < g->item_count; i++)
            only_comments &= g->items[i].kind == ARB_PGN_ITEM_COMMENT;
        if (only_comments)
            error_at(p, g->line, g->col,
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
    const struct frame *f = &p->r->frames[0];
    return f->pos[f->cur].fullmove_number > 1;
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

/* ---- notation detection ------------------------------------------------ */

/* How one pass over a game reads it (see arb_pgn_read). */
struct pass {
    const struct arb_notation *notation;
    bool detect_on_failure;
    bool collect;
    const arb_move *premoves;
    size_t premove_count;
    bool needs_detection;    /* out */
    bool first_line_first;   /* out: the game's first token opened its line */
};

static bool add_collected(arb_pgn_reader *r, const arb_pgn_token *tok)
{
    if (r->token_count == r->token_cap) {
        size_t cap = r->token_cap ? 2 * r->token_cap : 256;
        arb_token *t = realloc(r->tokens, cap * sizeof *t);
        if (t)
            r->tokens = t;
        arb_pgn_token_at *at = realloc(r->token_at, cap * sizeof *at);
        if (at)
            r->token_at = at;
        uint64_t *off = realloc(r->token_offset, cap * sizeof *off);
        if (off)
            r->token_offset = off;
        arb_move *mv = realloc(r->token_moves, cap * sizeof *mv);
        if (mv)
            r->token_moves = mv;
        if (!t || !at || !off || !mv)
            return false;
        r->token_cap = cap;
    }
    size_t i = r->token_count++;
    r->tokens[i].len = tok->len;
    r->token_offset[i] = tok->offset;   /* the text may move until the game is read */
    r->token_at[i].line = tok->line;
    r->token_at[i].col = tok->col;
    return true;
}

/* Collecting: the main line's move tokens, as the replay would meet them. */
static void collect_token(struct parse *p, const arb_pgn_token *tok)
{
    switch (tok->kind) {
    case ARB_PGN_TOK_SYMBOL:
        if (p->depth == 0) {
            p->main_index++;
            if (!add_collected(p->r, tok))
                p->oom = true;
        }
        break;
    case ARB_PGN_TOK_RAV_OPEN:
        if (draw_offer_follows(p)) {
            p->r->lx.pos += 2;
            p->last_end = tok->end_offset + 2;
        } else {
            p->depth++;
        }
        break;
    case ARB_PGN_TOK_RAV_CLOSE:
        if (p->depth > 0)
            p->depth--;
        break;
    default: break;
    }
}

static int read_pass(arb_pgn_reader *r, arb_pgn_game *g, arb_status *status, struct pass *plan);
static bool note_encoding(arb_pgn_reader *r, arb_pgn_game *g);

/* Back to the first token of the game just read, for another pass; false
 * when its text is no longer in the buffer (longer than max_game_bytes). */
static bool rewind_game(arb_pgn_reader *r, const arb_pgn_game *g, bool line_first)
{
    if (r->raw_dropped || g->offset < r->base || g->line <= 0)
        return false;
    r->lx.pos = (size_t)(g->offset - r->base);
    r->lx.line = g->line;
    r->lx.line_start = g->offset - (uint64_t)(g->col - 1);
    r->lx.col_adjust = 0;
    r->lx.line_has_token = !line_first;
    return true;
}

/* Puts the game's last diag first (the detection's verdict comes before the
 * messages of the replay it led to). */
static void diag_to_front(arb_pgn_game *g)
{
    if (g->diag_count < 2)
        return;
    arb_pgn_diag last = g->diags[g->diag_count - 1];
    memmove(g->diags + 1, g->diags, (g->diag_count - 1) * sizeof *g->diags);
    g->diags[0] = last;
}

/* A game that needs its notation detected: collect its main line, detect,
 * read it again in the notation found. */
static int read_detected(arb_pgn_reader *r, arb_pgn_game *g, arb_status *status, bool line_first, bool collected)
{
    arb_pgn_autodetect *a = r->opt.autodetect;
    struct pass plain = {0};
    if (!collected) {
        struct pass collect = {.collect = true};
        r->token_count = 0;
        if (!rewind_game(r, g, line_first)) {
            arb_pgn_game_add_diag(g, ARB_PGN_ERROR, g->line, g->col,
                                  "game longer than %zu bytes, expected a shorter one to detect its notation",
                                  r->opt.max_game_bytes);
            return ARB_PGN_READ_GAME;
        }
        int rc = read_pass(r, g, status, &collect);
        if (rc != ARB_PGN_READ_GAME)
            return rc;
        line_first = collect.first_line_first;
    }
    bool resolvable = r->token_count > 0 && g->error_count == 0 && !r->raw_dropped;
    if (resolvable && !r->detector && !(r->detector = arb_pgn_autodetect_acquire(a))) {
        arb_status st = {.code = ARB_INPUT_NO_MEMORY, .error_class = ARB_ERR_MEMORY, .line = g->line, .col = g->col, .message = "out of memory"};
        input_failed(r, &st);
        *status = st;
        return ARB_PGN_READ_FAILED;
    }
    arb_pgn_detected det;
    memset(&det, 0, sizeof det);
    det.severity = -1;
    if (resolvable) {
        for (size_t i = 0; i < r->token_count; i++)
            r->tokens[i].text = r->buf + (r->token_offset[i] - r->base);
        arb_pgn_autodetect_game(a, r->detector, g, &g->start, r->tokens, r->token_at, r->token_count,
                                r->token_moves, &det);
        plain.notation = det.notation;
        plain.premoves = r->token_moves;
        plain.premove_count = det.resolved;
    }
    if (!rewind_game(r, g, line_first)) {
        arb_pgn_game_add_diag(g, ARB_PGN_ERROR, g->line, g->col,
                              "game longer than %zu bytes, expected a shorter one to detect its notation",
                              r->opt.max_game_bytes);
        return ARB_PGN_READ_GAME;
    }
    int rc = read_pass(r, g, status, &plain);
    if (rc != ARB_PGN_READ_GAME)
        return rc;
    if (g->error_count > 0 && det.alike_count > 1) {
        /* the main line reads alike in several notations, a variation does
         * not: keep the notations that read the whole game */
        bool ok[40] = {false};
        bool any = false;
        for (size_t i = 1; i < det.alike_count; i++) {
            plain.notation = det.alike[i];
            if (!rewind_game(r, g, line_first) || (rc = read_pass(r, g, status, &plain)) != ARB_PGN_READ_GAME)
                return rc;
            any |= ok[i] = g->error_count == 0;
        }
        if (any)
            arb_pgn_detected_narrow(&det, ok);
        plain.notation = det.notation;
        if (!rewind_game(r, g, line_first) || (rc = read_pass(r, g, status, &plain)) != ARB_PGN_READ_GAME)
            return rc;
    }
    g->notation_used = det.notation;
    if (det.label[0] && !(g->notation = arb_pgn_game_strdup(g, det.label, strlen(det.label))))
        goto oom;
    if (det.severity >= 0) {
        if (!arb_pgn_game_add_diag(g, det.severity, det.line, det.col, "%s", det.message))
            goto oom;
        diag_to_front(g);
    }
    if (r->opt.mark_notation && g->notation && !arb_pgn_game_set_tag(g, "Notation", g->notation))
        goto oom;
    return rc;
oom:;
    arb_status st = {.code = ARB_INPUT_NO_MEMORY, .error_class = ARB_ERR_MEMORY, .line = g->line, .col = g->col, .message = "out of memory"};
    input_failed(r, &st);
    *status = st;
    return ARB_PGN_READ_FAILED;
}

/* Pass 1 reads as the options say; with auto-detection it collects the main
 * line (every game) or stops at a token SAN cannot read (only such games),
 * and read_detected does the rest. */
static int read_strict(arb_pgn_reader *r, arb_pgn_game *g, arb_status *status)
{
    struct pass plan = {.notation = r->opt.notation};
    arb_pgn_autodetect *a = r->opt.autodetect;
    if (!a || r->opt.notation || r->opt.tags_only) {
        int rc = read_pass(r, g, status, &plan);
        if (rc == ARB_PGN_READ_GAME && r->opt.notation && !r->opt.tags_only) {
            g->notation = arb_locale_code(arb_notation_locale(r->opt.notation));
            g->notation_used = r->opt.notation;
            if (r->opt.mark_notation && g->movetext_started && !arb_pgn_game_set_tag(g, "Notation", g->notation)) {
                arb_status st = {.code = ARB_INPUT_NO_MEMORY, .error_class = ARB_ERR_MEMORY, .line = g->line, .col = g->col, .message = "out of memory"};
                input_failed(r, &st);
                *status = st;
                return ARB_PGN_READ_FAILED;
            }
        }
        return rc;
    }
    bool every = arb_pgn_autodetect_when(a) == ARB_PGN_DETECT_EVERY_GAME;
    plan.collect = every;
    plan.detect_on_failure = !every;
    r->token_count = 0;
    int rc = read_pass(r, g, status, &plan);
    if (rc != ARB_PGN_READ_GAME || !(every || plan.needs_detection))
        return rc;
    if (every && (r->token_count == 0 || g->error_count > 0)) {
        /* nothing to detect: read the game as SAN */
        if (!rewind_game(r, g, plan.first_line_first))
            return rc;
        struct pass san = {0};
        return read_pass(r, g, status, &san);
    }
    return read_detected(r, g, status, plan.first_line_first, every);
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
    int rc = read_strict(r, g, status);
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
    diag_to_front(g);
    return ok;
}

/* NUL bytes inside a game are passed over like blanks: nothing is altered
 * silently, so the game says where they were. */
static void nul_dropped(struct parse *p)
{
    const arb_pgn_lexer *lx = &p->r->lx;
    if (!arb_pgn_game_add_diag(p->g, ARB_PGN_WARNING, lx->nul_line, lx->nul_col,
                               "NUL byte passed over as a blank, expected text without NUL bytes"))
        p->oom = true;
}

/* One pass over one game. */
static int read_pass(arb_pgn_reader *r, arb_pgn_game *g, arb_status *status, struct pass *plan)
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
    g->san_recorded = r->opt.record_san && !r->opt.tags_only;
    bool started = false;
    arb_pgn_token tok;
    for (;;) {
        if (p.oom) {
            arb_status st = {.code = ARB_INPUT_NO_MEMORY, .error_class = ARB_ERR_MEMORY, .line = tok.line, .col = tok.col, .message = "out of memory"};
            input_failed(r, &st);
            *status = st;
            return ARB_PGN_READ_FAILED;
        }
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
        if (r->lx.nul_runs != p.nul_runs) {
            p.nul_runs = r->lx.nul_runs;
            if (started && !new_game_tags(&p, &tok, k))
                nul_dropped(&p);
        }
        if (!started) {
            if (k == ARB_PGN_TOK_ESCAPE)
                continue;
            started = true;
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
                if (tok.flags & ARB_PGN_TF_LINE_FIRST) {
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
            setup_start(&p);
        }
        if (p.replay)
            movetext_token(&p, &tok);
        else if (p.collect)
            collect_token(&p, &tok);
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
    }
}
