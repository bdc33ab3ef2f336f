/* pgn_lex.c — PGN tokens over a caller-owned window, without copying. */
#include "pgn_lex.h"
#include "pgn_boundary.h"
#include "pgn_lex_fast.h"
#include "utf8.h"

#include <string.h>

enum { C_WS = ARB_PGN_C_WS, C_SYM = ARB_PGN_C_SYM, C_DIGIT = ARB_PGN_C_DIGIT, C_LETTER = ARB_PGN_C_LETTER,
       C_EXT = ARB_PGN_C_EXT };

/* White space (not LF, which also counts lines), symbol continuation
 * characters (PGN §7: letters, digits, _ + # = : - and / for results),
 * digits and letters; C_EXT marks what may extend a symbol in national
 * notations ('.', '(' and bytes >= 0x80, see symbol_extension), so that
 * plain SAN is lexed without looking further. */
const unsigned char arb_pgn_char_class[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 1, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    1, 0, 0, 2, 0, 0, 0, 0, 16, 0, 0, 2, 0, 2, 16, 2,
    6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 2, 0, 0, 2, 0, 0,
    0, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10,
    10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 0, 0, 0, 0, 2,
    0, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10,
    10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 0, 0, 0, 0, 0,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
};
#define char_class arb_pgn_char_class


void arb_pgn_lexer_init(arb_pgn_lexer *lx, const char *buf, size_t len, bool eof)
{
    memset(lx, 0, sizeof *lx);
    lx->buf = buf;
    lx->end = len;
    lx->eof = eof;
    lx->line = 1;
}

void arb_pgn_lexer_rebase(arb_pgn_lexer *lx, const char *buf, uint64_t base, size_t len, bool eof)
{
    uint64_t offset = lx->base + lx->pos;
    lx->buf = buf;
    lx->base = base;
    lx->pos = (size_t)(offset - base);
    lx->end = len;
    lx->eof = eof;
}

void arb_pgn_lexer_unread(arb_pgn_lexer *lx, const arb_pgn_token *tok)
{
    /* only blanks precede the token on its line, so its column fixes where
     * the line starts (a byte-order mark before it is folded into that) */
    lx->pos = (size_t)(tok->offset - lx->base);
    lx->line = tok->line;
    lx->line_start = tok->offset - (uint64_t)(tok->col - 1);
    lx->col_adjust = 0;
    lx->line_has_token = false;
}


/* Scratch state of one token being scanned; committed only when complete. */
struct scan {
    int line;
    uint64_t line_start;
    int col_adjust;
    int flags;
};

/* A byte >= 0x80 inside a string or comment at b[q].  Returns its length, or
 * 0 when the window ends where a multi-byte character might continue. */
static size_t scan_non_ascii(const arb_pgn_lexer *lx, const unsigned char *b, size_t q,
                             struct scan *s)
{
    size_t avail = lx->end - q;
    if (avail < 4 && !lx->eof) {
        int n = arb_utf8_sequence_length(b + q, avail);
        if (n == 0)
            return 0;
    }
    int n = arb_utf8_sequence_length(b + q, avail);
    s->flags |= ARB_PGN_TF_NON_ASCII;
    if (n == 0) {
        s->flags |= ARB_PGN_TF_NOT_UTF8;
        return 1;
    }
    s->col_adjust += n - 1;
    return (size_t)n;
}

static int finish(arb_pgn_lexer *lx, arb_pgn_token *tok, int kind, size_t start, size_t end_pos)
{
    tok->kind = kind;
    tok->text = lx->buf + start;
    tok->len = end_pos - start;
    lx->pos = end_pos;
    lx->line_has_token = true;
    tok->end_offset = lx->base + end_pos;
    return kind;
}

static int error(arb_pgn_lexer *lx, arb_pgn_token *tok, size_t start, size_t end_pos,
                 const char *message)
{
    tok->message = message;
    return finish(lx, tok, ARB_PGN_TOK_ERROR, start, end_pos);
}

static int lex_string(arb_pgn_lexer *lx, arb_pgn_token *tok, size_t p)
{
    const unsigned char *b = (const unsigned char *)lx->buf;
    struct scan s = {lx->line, lx->line_start, lx->col_adjust, 0};
    size_t q = p + 1;
    for (;;) {
        unsigned c = b[q];
        if (c == '"')
            break;
        if (c == '\\') {
            s.flags |= ARB_PGN_TF_ESCAPES;
            if (q + 1 >= lx->end && !lx->eof)
                return ARB_PGN_TOK_MORE;
            q += (b[q + 1] == '"' || b[q + 1] == '\\') ? 2 : 1;
            continue;
        }
        if (c == '\n' || (c == 0 && q >= lx->end)) {
            if (c == 0 && !lx->eof)
                return ARB_PGN_TOK_MORE;
            size_t e = q;
            if (e > p + 1 && b[e - 1] == '\r')
                e--;
            if (s.flags & ARB_PGN_TF_ESCAPES) {
                /* "C:\dir\" — a backslash meant literally swallowed the
                 * closing quote: read the backslashes as themselves */
                const char *close = memchr(lx->buf + p + 1, '"', e - p - 1);
                if (close) {
                    size_t qe = (size_t)(close - lx->buf);
                    tok->flags |= ARB_PGN_TF_LITERAL_BACKSLASH
                                | (s.flags & ~ARB_PGN_TF_ESCAPES);
                    lx->col_adjust = s.col_adjust;
                    finish(lx, tok, ARB_PGN_TOK_STRING, p + 1, qe);
                    lx->pos = qe + 1;
                    tok->end_offset = lx->base + qe + 1;
                    return ARB_PGN_TOK_STRING;
                }
            }
            tok->flags |= ARB_PGN_TF_UNTERMINATED | s.flags;
            lx->col_adjust = s.col_adjust;
            return error(lx, tok, p, e, "unterminated string, expected '\"' before the end of the line");
        }
        if (c >= 0x80) {
            size_t n = scan_non_ascii(lx, b, q, &s);
            if (n == 0)
                return ARB_PGN_TOK_MORE;
            q += n;
            continue;
        }
        q++;
    }
    tok->flags |= s.flags;
    lx->col_adjust = s.col_adjust;
    finish(lx, tok, ARB_PGN_TOK_STRING, p + 1, q);
    lx->pos = q + 1;
    tok->end_offset = lx->base + q + 1;
    return ARB_PGN_TOK_STRING;
}

/* Whether the 8 bytes at s are all printable ASCII other than '}' (bit
 * tricks on one 64-bit word: a byte below 0x20, at or above 0x7F, or equal
 * to '}' sets the top bit of its byte in one of the three masks). */
static inline bool plain_comment_bytes(const unsigned char *s)
{
    const uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
    uint64_t x;
    memcpy(&x, s, sizeof x);
    uint64_t below_space = (x - ones * 0x20) & ~x;
    uint64_t del_or_high = ((x & ~highs) + ones * 0x01) | x;   /* 0x7F + 1 or >= 0x80 */
    uint64_t brace = x ^ (ones * '}');
    uint64_t is_brace = (brace - ones) & ~brace;
    return !((below_space | del_or_high | is_brace) & highs);
}

static int lex_comment(arb_pgn_lexer *lx, arb_pgn_token *tok, size_t p)
{
    const unsigned char *b = (const unsigned char *)lx->buf;
    struct scan s = {lx->line, lx->line_start, lx->col_adjust, 0};
    size_t q = p + 1;
    for (;;) {
        /* printable ASCII other than '}' needs no attention: skip it in one
         * go, eight bytes at a time while the window holds them */
        while (q + 8 <= lx->end && plain_comment_bytes(b + q))
            q += 8;
        while (b[q] >= 0x20 && b[q] < 0x7F && b[q] != '}')
            q++;
        unsigned c = b[q];
        if (c == '}')
            break;
        if (c == '\n') {
            int tag = arb_pgn_tag_pair_at(lx->buf, lx->end, q + 1, !lx->eof);
            if (tag < 0)
                return ARB_PGN_TOK_MORE;
            if (tag) {
                /* a comment never closed runs into the next game's tags:
                 * stop before that line so the game after it survives */
                size_t e = q;
                if (e > p + 1 && b[e - 1] == '\r')
                    e--;
                tok->flags |= ARB_PGN_TF_UNTERMINATED | s.flags;
                lx->line = s.line;
                lx->line_start = s.line_start;
                lx->col_adjust = s.col_adjust;
                return error(lx, tok, p, e,
                             "unterminated comment, expected '}' before the tag pair on the next line");
            }
            q++;
            s.line++;
            s.line_start = lx->base + q;
            s.col_adjust = 0;
            continue;
        }
        if (c == 0 && q >= lx->end) {
            if (!lx->eof)
                return ARB_PGN_TOK_MORE;
            tok->flags |= ARB_PGN_TF_UNTERMINATED | s.flags;
            lx->line = s.line;
            lx->line_start = s.line_start;
            lx->col_adjust = s.col_adjust;
            return error(lx, tok, p, q, "unterminated comment, expected '}' before the end of the input");
        }
        if (c >= 0x80) {
            size_t n = scan_non_ascii(lx, b, q, &s);
            if (n == 0)
                return ARB_PGN_TOK_MORE;
            q += n;
            continue;
        }
        q++;
    }
    tok->flags |= s.flags;
    lx->line = s.line;
    lx->line_start = s.line_start;
    lx->col_adjust = s.col_adjust;
    finish(lx, tok, ARB_PGN_TOK_COMMENT, p + 1, q);
    lx->pos = q + 1;
    tok->end_offset = lx->base + q + 1;
    return ARB_PGN_TOK_COMMENT;
}

/* ; comments and % escape lines: text up to (not including) CR LF / LF. */
static int lex_rest_of_line(arb_pgn_lexer *lx, arb_pgn_token *tok, size_t p, int kind)
{
    const unsigned char *b = (const unsigned char *)lx->buf;
    struct scan s = {lx->line, lx->line_start, lx->col_adjust, 0};
    size_t q = p + 1;
    for (;;) {
        unsigned c = b[q];
        if (c == '\n')
            break;
        if (c == 0 && q >= lx->end) {
            if (!lx->eof)
                return ARB_PGN_TOK_MORE;
            break;
        }
        if (c >= 0x80) {
            size_t n = scan_non_ascii(lx, b, q, &s);
            if (n == 0)
                return ARB_PGN_TOK_MORE;
            q += n;
            continue;
        }
        q++;
    }
    size_t e = q;
    if (e > p + 1 && b[e - 1] == '\r')
        e--;
    tok->flags |= s.flags;
    lx->col_adjust = s.col_adjust;
    finish(lx, tok, kind, p + 1, e);
    lx->pos = q;
    tok->end_offset = lx->base + q;
    return kind;
}

/* ---- symbols in national notations -------------------------------------- */

/* Code point of the valid UTF-8 sequence at s (avail bytes), its length in
 * *n; 0 when it is not one. */
static unsigned utf8_code_point(const unsigned char *s, size_t avail, int *n)
{
    *n = arb_utf8_sequence_length(s, avail);
    if (*n <= 1)
        return 0;
    unsigned cp = s[0] & (0x7Fu >> *n);
    for (int i = 1; i < *n; i++)
        cp = (cp << 6) | (s[i] & 0x3F);
    return cp;
}

/* Letters of the alphabets the locales use (Latin with diacritics, Greek,
 * Cyrillic) and the chess figurines: what a move token may start with in a
 * national notation (Кf3, ♘f3, Ĉc3). */
static bool symbol_letter(unsigned cp)
{
    return (cp >= 0xC0 && cp <= 0x24F && cp != 0xD7 && cp != 0xF7) || (cp >= 0x370 && cp <= 0x52F)
        || (cp >= 0x2654 && cp <= 0x265F);
}

/* Hyphen, non-breaking hyphen, figure dash, en dash, em dash, horizontal
 * bar and minus sign: what scoresheets typed in word processors put for '-'. */
static bool typographic_dash(unsigned cp)
{
    return (cp >= 0x2010 && cp <= 0x2015) || cp == 0x2212;
}

/* Inside a token also: the typographic dashes of 0–0 and e2–e4, and the
 * multiplication sign some scoresheets use as a capture mark. */
static bool symbol_inner(unsigned cp)
{
    return symbol_letter(cp) || cp == 0xD7 || typographic_dash(cp);
}

static bool lower(unsigned c) { return c >= 'a' && c <= 'z'; }

/* What may continue a symbol at b[q] beyond PGN's symbol characters: a
 * non-ASCII letter, figurine or dash; "e.p." / "a.p." right after a square
 * or standing alone ("exd6 e.p.", "exd6e.p."); a promotion in parentheses
 * glued to a last-rank square ("d8(D)", FIDE C.11).  Returns the bytes it
 * takes, 0 when the symbol ends here, or -1 when the window ends first.
 * *adjust receives the bytes that start no character. */
static long symbol_extension(const arb_pgn_lexer *lx, size_t p, size_t q, int *adjust)
{
    const unsigned char *b = (const unsigned char *)lx->buf;
    size_t avail = lx->end - q;
    unsigned c = b[q];
    *adjust = 0;
    if (c >= 0x80) {
        if (avail < 4 && !lx->eof && arb_utf8_sequence_length(b + q, avail) == 0)
            return -1;
        int n;
        if (!symbol_inner(utf8_code_point(b + q, avail, &n)))
            return 0;
        *adjust = n - 1;
        return n;
    }
    if (c == '.') {
        if (avail < 3 && !lx->eof)
            return -1;
        bool after_square_or_alone = q - 1 == p || (b[q - 2] >= '1' && b[q - 2] <= '8');
        if (lower(b[q - 1]) && after_square_or_alone && lower(b[q + 1]) && b[q + 2] == '.')
            return 3;
        return 0;
    }
    if (c == '(') {
        if (q < p + 2 || (b[q - 1] != '1' && b[q - 1] != '8') || b[q - 2] < 'a' || b[q - 2] > 'h')
            return 0;
        /* one or two letters (ASCII, national or figurine), then ')' */
        size_t r = q + 1;
        for (int letters = 0; letters < 3; letters++) {
            if (lx->end - r < 4 && !lx->eof)
                return -1;
            if (b[r] == ')')
                return letters > 0 ? (long)(r + 1 - q) : 0;
            if (letters == 2)
                return 0;
            if ((b[r] >= 'A' && b[r] <= 'Z') || lower(b[r])) {
                r++;
                continue;
            }
            int n;
            if (b[r] < 0x80 || !symbol_letter(utf8_code_point(b + r, lx->end - r, &n)))
                return 0;
            *adjust += n - 1;
            r += (size_t)n;
        }
        return 0;
    }
    return 0;
}

/* A symbol from b[p], whose first character (first_len bytes) is known to
 * start one.  `digit_start` symbols (0–0, 1–0) that spell a result with
 * typographic dashes are results. */
static int lex_symbol(arb_pgn_lexer *lx, arb_pgn_token *tok, size_t p, size_t first_len, bool digit_start)
{
    const unsigned char *b = (const unsigned char *)lx->buf;
    size_t q = p + first_len;
    int adjust = (int)first_len - 1;
    for (;;) {
        while (char_class[b[q]] & C_SYM)
            q++;
        unsigned c = b[q];
        if (c < 0x80 && c != '.' && c != '(')
            break;
        int extra_adjust;
        long n = symbol_extension(lx, p, q, &extra_adjust);
        if (n < 0)
            return ARB_PGN_TOK_MORE;
        if (n == 0)
            break;
        q += (size_t)n;
        adjust += extra_adjust;
    }
    if (q >= lx->end && !lx->eof)
        return ARB_PGN_TOK_MORE;
    if (adjust > 0)
        tok->flags |= ARB_PGN_TF_NON_ASCII;
    lx->col_adjust += adjust;
    if (digit_start && adjust > 0 && q - p < 24) {
        /* 1–0, 0–1, ½–½ written with an en dash */
        char plain[24];
        size_t n = 0;
        for (size_t i = p; i < q; i++) {
            int len;
            unsigned cp = b[i] < 0x80 ? b[i] : utf8_code_point(b + i, q - i, &len);
            if (b[i] >= 0x80)
                i += (size_t)len - 1;
            plain[n++] = (char)(cp >= 0x2010 ? '-' : cp);
        }
        int result = arb_pgn_result_parse(plain, n);
        if (result != ARB_PGN_RESULT_NONE) {
            tok->value = result;
            return finish(lx, tok, ARB_PGN_TOK_RESULT, p, q);
        }
    }
    return finish(lx, tok, ARB_PGN_TOK_SYMBOL, p, q);
}

static int lex_number(arb_pgn_lexer *lx, arb_pgn_token *tok, size_t p)
{
    const unsigned char *b = (const unsigned char *)lx->buf;
    size_t q = p;
    long value = 0;
    while (char_class[b[q]] & C_DIGIT) {
        if (value < 100000000)
            value = value * 10 + (b[q] - '0');
        q++;
    }
    if (q >= lx->end && !lx->eof)
        return ARB_PGN_TOK_MORE;
    unsigned c = b[q];
    if (c >= 0x80) {
        /* 0–0 and 1–0 with a typographic dash */
        if (q + 4 > lx->end && !lx->eof)
            return ARB_PGN_TOK_MORE;
        int n;
        unsigned cp = utf8_code_point(b + q, lx->end - q, &n);
        if (typographic_dash(cp))
            return lex_symbol(lx, tok, p, 1, true);
    }
    if ((char_class[c] & C_SYM) && !(char_class[c] & C_LETTER)) {
        /* 1-0, 0-1, 1/2-1/2, 1/2, or castling with zeros (0-0): one symbol */
        int kind = lex_symbol(lx, tok, p, 1, true);
        if (kind != ARB_PGN_TOK_SYMBOL)
            return kind;
        int result = arb_pgn_result_parse(tok->text, tok->len);
        if (tok->len == 3 && memcmp(tok->text, "1/2", 3) == 0)
            result = ARB_PGN_RESULT_DRAW;
        if (result != ARB_PGN_RESULT_NONE && result != ARB_PGN_RESULT_UNKNOWN) {
            tok->value = result;
            tok->kind = ARB_PGN_TOK_RESULT;
        }
        return tok->kind;
    }
    size_t digits_end = q;
    int dots = 0;
    int adjust = 0;
    for (;;) {
        if (b[q] == '.') {
            dots++;
            q++;
        } else if (b[q] == 0xE2 && b[q + 1] == 0x80 && b[q + 2] == 0xA6) {
            dots += 3;
            adjust += 2;
            q += 3;
        } else {
            break;
        }
    }
    if (q + 2 >= lx->end && !lx->eof)
        return ARB_PGN_TOK_MORE;
    tok->value = (int)value;
    tok->dots = dots;
    lx->col_adjust += adjust;
    finish(lx, tok, ARB_PGN_TOK_MOVE_NUMBER, p, digits_end);
    lx->pos = q;
    tok->end_offset = lx->base + q;
    return ARB_PGN_TOK_MOVE_NUMBER;
}

static int lex_annotation(arb_pgn_lexer *lx, arb_pgn_token *tok, size_t p)
{
    const unsigned char *b = (const unsigned char *)lx->buf;
    size_t q = p;
    while (b[q] == '!' || b[q] == '?')
        q++;
    if (q >= lx->end && !lx->eof)
        return ARB_PGN_TOK_MORE;
    static const char *const suffix[] = {"!", "?", "!!", "??", "!?", "?!"};
    size_t n = q - p;
    for (int i = 0; i < 6; i++) {
        if (strlen(suffix[i]) == n && memcmp(b + p, suffix[i], n) == 0) {
            tok->value = i + 1;
            return finish(lx, tok, ARB_PGN_TOK_NAG, p, q);
        }
    }
    return error(lx, tok, p, q, "unknown annotation, expected one of ! ? !! ?? !? ?! or a NAG such as $1");
}

/* Annotation symbols some programs write instead of NAGs (ChessBase and
 * its followers): evaluation signs, novelty, editorial comment. */
static const struct { const char *text; int nag; } symbolic_nags[] = {
    {"=", 10},    {"inf", 13},  {"~", 13},    {"+=", 14},   {"+/=", 14},  {"=+", 15},
    {"=/+", 15},  {"+/-", 16},  {"-/+", 17},  {"+-", 18},   {"-+", 19},   {"+--", 20},
    {"--+", 21},  {"=/~", 44},  {"RR", 145},  {"N", 146},
};

/* NAG number of an annotation symbol, or -1. */
static int symbolic_nag(const char *t, size_t n)
{
    for (size_t i = 0; i < sizeof symbolic_nags / sizeof symbolic_nags[0]; i++)
        if (strlen(symbolic_nags[i].text) == n && memcmp(symbolic_nags[i].text, t, n) == 0)
            return symbolic_nags[i].nag;
    return -1;
}

static int lex_symbolic(arb_pgn_lexer *lx, arb_pgn_token *tok, size_t p)
{
    const unsigned char *b = (const unsigned char *)lx->buf;
    size_t q = p;
    while (b[q] == '+' || b[q] == '-' || b[q] == '/' || b[q] == '=' || b[q] == '~')
        q++;
    if (q >= lx->end && !lx->eof)
        return ARB_PGN_TOK_MORE;
    int nag = symbolic_nag(lx->buf + p, q - p);
    if (nag < 0)
        return error(lx, tok, p, q,
                     "unknown annotation symbol, expected a NAG such as $14 or a symbol such as +/= or +-");
    tok->value = nag;
    return finish(lx, tok, ARB_PGN_TOK_NAG, p, q);
}

static int lex_nag(arb_pgn_lexer *lx, arb_pgn_token *tok, size_t p)
{
    const unsigned char *b = (const unsigned char *)lx->buf;
    size_t q = p + 1;
    long value = 0;
    while (char_class[b[q]] & C_DIGIT) {
        if (value < 100000)
            value = value * 10 + (b[q] - '0');
        q++;
    }
    if (q >= lx->end && !lx->eof)
        return ARB_PGN_TOK_MORE;
    if (q == p + 1)
        return error(lx, tok, p, q, "'$' without a number, expected a NAG from $0 to $255");
    if (value > 255)
        return error(lx, tok, p, q, "NAG out of range, expected $0 to $255");
    tok->value = (int)value;
    return finish(lx, tok, ARB_PGN_TOK_NAG, p, q);
}

/* Bytes that are none of the above: UTF-8 punctuation some files use, a BOM,
 * or an error. */
static int lex_other(arb_pgn_lexer *lx, arb_pgn_token *tok, size_t p)
{
    const unsigned char *b = (const unsigned char *)lx->buf;
    unsigned c = b[p];
    if (c >= 0x80 && p + 5 > lx->end && !lx->eof)
        return ARB_PGN_TOK_MORE;
    if (c == 0xE2 && b[p + 1] == 0x80 && b[p + 2] == 0xA6) {
        size_t q = p;
        int dots = 0;
        while (b[q] == 0xE2 && b[q + 1] == 0x80 && b[q + 2] == 0xA6) {
            q += 3;
            dots += 3;
        }
        tok->dots = dots;
        finish(lx, tok, ARB_PGN_TOK_DOTS, p, q);
        lx->col_adjust += 2 * dots / 3;
        return ARB_PGN_TOK_DOTS;
    }
    if (c == 0xC2 && b[p + 1] == 0xBD) {
        /* ½-½, also with a typographic dash (½–½) */
        if (p + 9 > lx->end && !lx->eof)
            return ARB_PGN_TOK_MORE;
        int dash = 0;
        if (b[p + 2] == '-') {
            dash = 1;
        } else {
            unsigned cp = utf8_code_point(b + p + 2, lx->end - (p + 2), &dash);
            if (!typographic_dash(cp))
                dash = 0;
        }
        size_t q = p + 2 + (size_t)dash;
        if (dash && b[q] == 0xC2 && b[q + 1] == 0xBD) {
            tok->value = ARB_PGN_RESULT_DRAW;
            finish(lx, tok, ARB_PGN_TOK_RESULT, p, q + 2);
            lx->col_adjust += 2 + dash - 1;
            return ARB_PGN_TOK_RESULT;
        }
    }
    if (c >= 0x80) {
        /* a move in a national notation or in figurines: Кf3, ♘f3 */
        int len;
        if (symbol_letter(utf8_code_point(b + p, lx->end - p, &len)))
            return lex_symbol(lx, tok, p, (size_t)len, false);
    }
    int n = c >= 0x80 ? arb_utf8_sequence_length(b + p, lx->end - p) : 1;
    if (n == 0) {
        n = 1;
        tok->flags |= ARB_PGN_TF_NOT_UTF8;
    }
    lx->col_adjust += n - 1;
    return error(lx, tok, p, p + (size_t)n,
                 "unexpected character, expected a move, move number, comment, variation or result");
}

int arb_pgn_lex(arb_pgn_lexer *lx, arb_pgn_token *tok)
{
    const unsigned char *b = (const unsigned char *)lx->buf;
    size_t p = lx->pos;
again:
    for (;;) {
        unsigned c = b[p];
        if (char_class[c] & C_WS) {
            p++;
        } else if (c == '\n') {
            p++;
            lx->line++;
            lx->line_start = lx->base + p;
            lx->col_adjust = 0;
            lx->line_has_token = false;
        } else if (c == 0 && p < lx->end) {
            /* NUL padding, as some databases leave between games; counted,
             * for readers to judge where it stood */
            if (lx->base + p != lx->nul_run_end && !lx->nul_pending) {
                lx->nul_pending = true;
                lx->nul_offset = lx->base + p;
                lx->nul_line = lx->line;
                lx->nul_col = (int)(lx->base + p - lx->line_start) - lx->col_adjust + 1;
            }
            p++;
            lx->nul_run_end = lx->base + p;
        } else {
            break;
        }
    }
    lx->pos = p;
    if (p >= lx->end) {
        tok->kind = lx->eof ? ARB_PGN_TOK_EOF : ARB_PGN_TOK_MORE;
        tok->line = lx->line;
        tok->col = (int)(lx->base + p - lx->line_start) - lx->col_adjust + 1;
        tok->offset = tok->end_offset = lx->base + p;
        tok->text = lx->buf + p;
        tok->len = 0;
        return tok->kind;
    }
    unsigned c = b[p];
    /* a byte-order mark (files concatenated with cat keep theirs) is invisible */
    if (c == 0xEF) {
        if (p + 3 > lx->end && !lx->eof)
            return tok->kind = ARB_PGN_TOK_MORE;
        if (b[p + 1] == 0xBB && b[p + 2] == 0xBF) {
            p += 3;
            lx->col_adjust += 3;
            goto again;
        }
    }
    tok->line = lx->line;
    tok->col = (int)(lx->base + p - lx->line_start) - lx->col_adjust + 1;
    tok->offset = lx->base + p;
    tok->flags = lx->line_has_token ? 0 : ARB_PGN_TF_LINE_FIRST;
    tok->value = 0;
    tok->dots = 0;
    tok->message = NULL;

    int kind;
    if (char_class[c] & C_LETTER || c == '-') {
        size_t q = p + 1;
        while (char_class[b[q]] & C_SYM)
            q++;
        if (char_class[b[q]] & C_EXT)
            kind = lex_symbol(lx, tok, p, 1, false);   /* e.p., d8(D), Кр, 0–0, ... */
        else if (q >= lx->end && !lx->eof)
            kind = ARB_PGN_TOK_MORE;
        else
            kind = finish(lx, tok, ARB_PGN_TOK_SYMBOL, p, q);
        if (kind == ARB_PGN_TOK_SYMBOL) {
            /* "N", "RR", "inf", "-+", "-/+", "--+" are annotations; the
             * test up front keeps moves (Nf3, Re1) off the slow path */
            size_t n = tok->len;
            if ((n == 1 && c == 'N') || (n == 2 && c == 'R' && b[p + 1] == 'R')
                || (n == 3 && c == 'i') || (c == '-' && n >= 2 && b[p + n - 1] == '+')) {
                int nag = symbolic_nag(tok->text, tok->len);
                if (nag >= 0) {
                    tok->value = nag;
                    kind = tok->kind = ARB_PGN_TOK_NAG;
                }
            }
        }
    } else if (char_class[c] & C_DIGIT) {
        kind = lex_number(lx, tok, p);
    } else {
        switch (c) {
        case '[': kind = finish(lx, tok, ARB_PGN_TOK_TAG_OPEN, p, p + 1); break;
        case ']': kind = finish(lx, tok, ARB_PGN_TOK_TAG_CLOSE, p, p + 1); break;
        case '(': kind = finish(lx, tok, ARB_PGN_TOK_RAV_OPEN, p, p + 1); break;
        case ')': kind = finish(lx, tok, ARB_PGN_TOK_RAV_CLOSE, p, p + 1); break;
        case '"': kind = lex_string(lx, tok, p); break;
        case '{': kind = lex_comment(lx, tok, p); break;
        case ';': kind = lex_rest_of_line(lx, tok, p, ARB_PGN_TOK_LINE_COMMENT); break;
        case '$': kind = lex_nag(lx, tok, p); break;
        case '!':
        case '?': kind = lex_annotation(lx, tok, p); break;
        case '+':
        case '=':
        case '~': kind = lex_symbolic(lx, tok, p); break;
        case '*': {
            /* "**", "***": a book's footnote marks, no two results (a symbol
             * the replay refuses, so that the lenient reading sees them) */
            size_t q = p;
            while (q < lx->end && b[q] == '*')
                q++;
            if (q >= lx->end && !lx->eof) {
                kind = ARB_PGN_TOK_MORE;
            } else if (q - p >= 2) {
                kind = finish(lx, tok, ARB_PGN_TOK_SYMBOL, p, q);
            } else {
                tok->value = ARB_PGN_RESULT_UNKNOWN;
                kind = finish(lx, tok, ARB_PGN_TOK_RESULT, p, p + 1);
            }
            break;
        }
        case '.': {
            size_t q = p;
            while (b[q] == '.')
                q++;
            if (q >= lx->end && !lx->eof) {
                kind = ARB_PGN_TOK_MORE;
            } else {
                tok->dots = (int)(q - p);
                kind = finish(lx, tok, ARB_PGN_TOK_DOTS, p, q);
            }
            break;
        }
        case '%':
            if (lx->base + p == lx->line_start) {
                kind = lex_rest_of_line(lx, tok, p, ARB_PGN_TOK_ESCAPE);
                break;
            }
            kind = error(lx, tok, p, p + 1, "'%' escape not in column 1, expected a move or comment");
            break;
        default: kind = lex_other(lx, tok, p); break;
        }
    }
    if (kind == ARB_PGN_TOK_MORE)
        tok->kind = kind;
    return kind;
}

bool arb_pgn_lexer_skip_line(arb_pgn_lexer *lx)
{
    const char *nl = memchr(lx->buf + lx->pos, '\n', lx->end - lx->pos);
    if (!nl) {
        if (!lx->eof)
            return false;
        lx->pos = lx->end;
        return true;
    }
    lx->pos = (size_t)(nl - lx->buf) + 1;
    lx->line++;
    lx->line_start = lx->base + lx->pos;
    lx->col_adjust = 0;
    lx->line_has_token = false;
    return true;
}

/* Windows-1252 0x80..0x9F; the five unassigned bytes become U+FFFD. */
static const uint16_t cp1252_high[32] = {
    0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD,
    0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178,
};

static size_t put_code_point(char *out, unsigned cp)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    out[0] = (char)(0xE0 | (cp >> 12));
    out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[2] = (char)(0x80 | (cp & 0x3F));
    return 3;
}

size_t arb_pgn_text_to_utf8(const char *text, size_t len, bool unescape, bool not_utf8,
                            bool collapse_space, char *out)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t o = 0;
    bool pending_space = false;
    /* bytes copied as they are: printable ASCII but the backslash (and the
     * space when runs of blanks collapse) — nearly all of a comment or tag */
    const unsigned plain_from = collapse_space ? 0x21 : 0x20;
    for (size_t i = 0; i < len; i++) {
        size_t run = i;
        while (run < len && s[run] >= plain_from && s[run] < 0x7F && s[run] != '\\')
            run++;
        if (run > i) {
            if (pending_space) {
                out[o++] = ' ';
                pending_space = false;
            }
            memcpy(out + o, s + i, run - i);
            o += run - i;
            i = run;
            if (i == len)
                break;
        }
        unsigned c = s[i];
        if (collapse_space && (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
                               || c == '\v')) {
            pending_space = o > 0;
            continue;
        }
        if (pending_space) {
            out[o++] = ' ';
            pending_space = false;
        }
        if (unescape && c == '\\' && i + 1 < len && (s[i + 1] == '"' || s[i + 1] == '\\')) {
            out[o++] = (char)s[++i];
        } else if (c < 0x80) {
            if ((c < 0x20 && c != '\t') || c == 0x7F)
                o += put_code_point(out + o, 0xFFFD);
            else
                out[o++] = (char)c;
        } else {
            int n = not_utf8 ? 0 : arb_utf8_sequence_length(s + i, len - i);
            if (n > 0) {
                memcpy(out + o, s + i, (size_t)n);
                o += (size_t)n;
                i += (size_t)n - 1;
            } else {
                unsigned cp = c < 0xA0 ? cp1252_high[c - 0x80] : c;
                o += put_code_point(out + o, cp);
            }
        }
    }
    out[o] = '\0';
    return o;
}

const char *arb_pgn_result_text(int result)
{
    switch (result) {
    case ARB_PGN_RESULT_WHITE: return "1-0";
    case ARB_PGN_RESULT_BLACK: return "0-1";
    case ARB_PGN_RESULT_DRAW: return "1/2-1/2";
    case ARB_PGN_RESULT_UNKNOWN: return "*";
    default: return "";
    }
}

int arb_pgn_result_parse(const char *t, size_t n)
{
    if (n == 3 && memcmp(t, "1-0", 3) == 0)
        return ARB_PGN_RESULT_WHITE;
    if (n == 3 && memcmp(t, "0-1", 3) == 0)
        return ARB_PGN_RESULT_BLACK;
    if (n == 7 && memcmp(t, "1/2-1/2", 7) == 0)
        return ARB_PGN_RESULT_DRAW;
    if (n == 1 && t[0] == '*')
        return ARB_PGN_RESULT_UNKNOWN;
    return ARB_PGN_RESULT_NONE;
}

const char *arb_pgn_token_kind_name(int kind)
{
    static const char *const names[] = {
        "end of input", "more input", "'['", "']'", "string", "symbol", "move number",
        "periods", "NAG", "comment", "comment", "escape line", "'('", "')'",
        "termination marker", "error",
    };
    if (kind < 0 || kind > ARB_PGN_TOK_ERROR)
        return "token";
    return names[kind];
}

/* ---- the reader's common path (pgn_lex_fast.h) ---------------------------- */

size_t arb_pgn_lex_plain_comment_end(const arb_pgn_lexer *lx, size_t p)
{
    const unsigned char *b = (const unsigned char *)lx->buf;
    size_t q = p + 1;
    while (q + 8 <= lx->end && plain_comment_bytes(b + q))
        q += 8;
    while (b[q] >= 0x20 && b[q] < 0x7F && b[q] != '}')
        q++;
    return b[q] == '}' ? q + 1 : 0;
}

/* The bytes a plain tag value is made of: printable ASCII but '"' and '\\'
 * (one lookup a byte in the scan of every tag value). */
static const unsigned char plain_value_byte[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
};

/* The tag pair after a '[' when it is plain, the '[' standing on the line
 * `line` that starts at stream offset `line_start` (with `col_adjust` as
 * the lexer counts it): fills *t and returns the window position after its
 * ']', or 0; the lexer is not touched. */
static inline __attribute__((always_inline)) size_t
plain_tag_at(const arb_pgn_lexer *lx, size_t p, arb_pgn_plain_tag *t, int line, uint64_t line_start, int col_adjust)
{
    const unsigned char *b = (const unsigned char *)lx->buf;
    while (char_class[b[p]] & C_WS)
        p++;
    unsigned c = b[p];
    if (!(char_class[c] & C_LETTER))
        return 0;
    size_t q = p + 1;
    while (char_class[b[q]] & C_SYM)
        q++;
    size_t n = q - p;
    if ((char_class[b[q]] & C_EXT) || n > 255 || (n == 1 && c == 'N')
        || (n == 2 && c == 'R' && b[p + 1] == 'R') || (n == 3 && c == 'i'))
        return 0;
    size_t open = q;
    while (char_class[b[open]] & C_WS)
        open++;
    if (b[open] != '"')
        return 0;
    size_t close = open + 1;
    while (plain_value_byte[b[close]])
        close++;
    if (b[close] != '"')
        return 0;
    size_t end = close + 1;
    while (char_class[b[end]] & C_WS)
        end++;
    if (b[end] != ']')   /* (the NUL at the window's end stops every scan above) */
        return 0;
    t->name = lx->buf + p;
    t->name_len = n;
    t->value = lx->buf + open + 1;
    t->value_len = close - open - 1;
    t->line = line;
    t->value_col = (int)(lx->base + open - line_start) - col_adjust + 1;
    return end + 1;
}

bool arb_pgn_lex_plain_tag(arb_pgn_lexer *lx, arb_pgn_plain_tag *t)
{
    size_t after = plain_tag_at(lx, lx->pos, t, lx->line, lx->line_start, lx->col_adjust);
    if (after == 0)
        return false;
    lx->pos = after;
    lx->line_has_token = true;
    return true;
}

bool arb_pgn_lex_plain_tag_line(arb_pgn_lexer *lx, arb_pgn_plain_tag *t)
{
    size_t line_start = 0;
    int lines;
    size_t p = arb_pgn_lexer_blanks_end(lx, &lines, &line_start);
    if (lx->buf[p] != '[')
        return false;
    int line = lx->line + lines, col_adjust = lines > 0 ? 0 : lx->col_adjust;
    uint64_t start = lines > 0 ? lx->base + line_start : lx->line_start;
    size_t after = plain_tag_at(lx, p + 1, t, line, start, col_adjust);
    if (after == 0)
        return false;
    lx->pos = after;
    lx->line = line;
    lx->line_start = start;
    lx->col_adjust = col_adjust;
    lx->line_has_token = true;
    return true;
}
