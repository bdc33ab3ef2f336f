/* pgn_lex_fast.h — the lexer's shortcut for the reader's common path: plain
 * SAN moves and the move numbers between them, found in the window without
 * building token records.
 *
 * arb_pgn_lex (pgn_lex.h) stays the one definition of the tokens: the
 * shortcut takes only what it reads exactly alike (ASCII symbols that start
 * with a letter and end at a blank, move numbers "12." and "12...", plain
 * tag pairs, comments of printable ASCII on one line, blanks other than
 * line breaks between moves) and leaves everything else, and every movetext
 * token that opens a line, to it.
 *
 * Ownership and threads: works on a caller's lexer value; see pgn_lex.h.
 */
#ifndef ARB_PGN_LEX_FAST_H
#define ARB_PGN_LEX_FAST_H

#include "pgn_lex.h"

/* The lexer's byte classes (pgn_lex.c): white space other than LF, symbol
 * continuation, digit, letter, and what may extend a symbol in national
 * notations. */
enum { ARB_PGN_C_WS = 1, ARB_PGN_C_SYM = 2, ARB_PGN_C_DIGIT = 4, ARB_PGN_C_LETTER = 8, ARB_PGN_C_EXT = 16 };
extern const unsigned char arb_pgn_char_class[256];

/* Just past a comment at buf[p] of printable ASCII closed on its line, or 0. */
size_t arb_pgn_lex_plain_comment_end(const arb_pgn_lexer *lx, size_t p);

/* Passes over blanks and move numbers (when a token was read on the current
 * line already), and with `pass_comments` over comments of printable ASCII
 * closed on their line, and finds the next token when it is a plain symbol:
 * returns its length, with lx->pos at its first byte (not consumed: the
 * caller takes it with arb_pgn_lex_take, or leaves it to arb_pgn_lex).
 * Returns 0 when the next token is anything else.  *passed_end is set to
 * the stream offset after the last token passed over, if any.  A line break
 * is passed over (and counted as arb_pgn_lex counts it) only when the next
 * line starts with a letter or a digit: a move or a move number right after
 * a line of moves ends no game, whereas a blank line, a tag, an escape or a
 * game's first token is arb_pgn_lex's to judge.  (Inline: it runs once per
 * move.) */
static inline __attribute__((always_inline)) size_t arb_pgn_lex_plain_symbol(arb_pgn_lexer *lx, bool pass_comments, uint64_t *passed_end)
{
    const unsigned char *cls = arb_pgn_char_class;
    if (!lx->line_has_token)
        return 0;   /* a line's first token may end a game: arb_pgn_lex judges it */
    const unsigned char *b = (const unsigned char *)lx->buf;
    size_t p = lx->pos;
    for (;;) {
        while (cls[b[p]] & ARB_PGN_C_WS)   /* blanks, not LF or NUL */
            p++;
        unsigned c = b[p];
        if (c == '\n') {
            size_t q = p + 1;
            while (cls[b[q]] & ARB_PGN_C_WS)
                q++;
            if (!(cls[b[q]] & (ARB_PGN_C_LETTER | ARB_PGN_C_DIGIT)) || q + 2 >= lx->end)
                break;
            lx->line++;
            lx->line_start = lx->base + p + 1;
            lx->col_adjust = 0;
            lx->line_has_token = false;
            p = q;
            c = b[p];
        }
        if (cls[c] & ARB_PGN_C_LETTER) {
            size_t q = p + 1;
            while (cls[b[q]] & ARB_PGN_C_SYM)
                q++;
            /* the window may cut it; national extensions; annotations (N,
             * RR, inf) */
            size_t n = q - p;
            static const unsigned char annotation_first[4] = {0, 'N', 'R', 'i'};   /* N, RR, inf by length */
            if (q >= lx->end || (cls[b[q]] & ARB_PGN_C_EXT)
                || (n <= 3 && c == annotation_first[n] && (n != 2 || b[p + 1] == 'R')))
                break;
            lx->pos = p;
            return n;
        }
        if (c == '{' && pass_comments) {
            size_t q = arb_pgn_lex_plain_comment_end(lx, p);
            if (q == 0)
                break;
            p = q;
            *passed_end = lx->base + p;
            lx->line_has_token = true;   /* (after a line break passed over) */
            continue;
        }
        if (!(cls[c] & ARB_PGN_C_DIGIT))
            break;
        /* "12." or "12...": digits and periods (results, "12e4" and the
         * ellipsis go the long way) */
        size_t q = p + 1;
        while (cls[b[q]] & ARB_PGN_C_DIGIT)
            q++;
        if (b[q] != '.')
            break;
        while (b[q] == '.')
            q++;
        if (b[q] >= 0x80 || q + 2 >= lx->end)
            break;
        p = q;
        *passed_end = lx->base + q;
        lx->line_has_token = true;
    }
    lx->pos = p;
    return 0;
}

/* A tag pair written plainly after its '[': a name, blanks, a value of
 * printable ASCII without escapes, blanks, ']', all on one line. */
typedef struct arb_pgn_plain_tag {
    const char *name, *value;     /* in the window */
    size_t name_len, value_len;
    int line, value_col;          /* where the value's opening quote stands */
} arb_pgn_plain_tag;

/* Right after a '[': when the rest of the tag pair is plain, fills *t and
 * consumes it through the ']' (the tokens arb_pgn_lex would have returned:
 * a symbol, a string, ']').  Otherwise false, nothing consumed. */
bool arb_pgn_lex_plain_tag(arb_pgn_lexer *lx, arb_pgn_plain_tag *t);

/* The next tag pair, when it is written plainly (with its '[', after
 * blanks and line breaks): fills *t and consumes it through the ']', as
 * arb_pgn_lex would have read its tokens.  Otherwise false, nothing
 * consumed. */
bool arb_pgn_lex_plain_tag_line(arb_pgn_lexer *lx, arb_pgn_plain_tag *t);

/* Consumes the symbol of `len` bytes at lx->pos that arb_pgn_lex_plain_symbol
 * found. */
static inline void arb_pgn_lex_take(arb_pgn_lexer *lx, size_t len)
{
    lx->pos += len;
    lx->line_has_token = true;
}

/* Column (in characters) of the byte at lx->pos, as a token there would have. */
static inline int arb_pgn_lex_col(const arb_pgn_lexer *lx)
{
    return (int)(lx->base + lx->pos - lx->line_start) - lx->col_adjust + 1;
}

#endif
