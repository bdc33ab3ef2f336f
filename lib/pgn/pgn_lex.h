/* pgn_lex.h — zero-copy tokenizer for PGN import format (PGN standard §7–8).
 *
 * The lexer reads a window of bytes owned by the caller and returns tokens
 * whose text points into that window: nothing is copied or allocated.  Every
 * token carries its 1-based line and column; columns count characters (a
 * UTF-8 sequence is one character, a byte that is not valid UTF-8 is one
 * character, a tab is one character, a byte-order mark is none).
 *
 * Streaming: the window need not hold the whole input.  The byte at
 * buf[end] must be NUL (a sentinel that lets the scanners run without bounds
 * checks).  When a token might continue past `end` and `eof` is false, the
 * lexer returns ARB_PGN_TOK_MORE without consuming it; the caller appends
 * data (moving the window with arb_pgn_lexer_rebase if it compacts) and calls
 * again.  Whitespace before the token is consumed in any case.
 *
 * What is recognised (import format, plus what real files contain):
 *   [ ] tag brackets; "strings" with \" and \\ escapes (several tags per line)
 *   symbols: tag names and moves, including null moves "--" and "Z0"; for
 *   national notations (notation.h) a symbol may also hold letters of other
 *   alphabets and figurines (Кf3, ♘f3, Ĉc3, starting one too), typographic
 *   dashes (0–0, e2–e4; 1–0 is a result) and ×, the en-passant marks "e.p."
 *   and "a.p." standing alone or glued to a square (exd6e.p.), and a
 *   promotion in parentheses glued to a first- or last-rank square (d8(D));
 *   elsewhere '(' opens a variation as always
 *   move numbers "12", with attached periods "12." "12..." or the ellipsis
 *   "12…"; a separate period run "." / "..." / "…" is ARB_PGN_TOK_DOTS;
 *   digits glued to a move ("12e4") end the number before the move
 *   NAGs "$0".."$255" and suffix annotations ! ? !! ?? !? ?! (NAG 1..6);
 *   annotation symbols = += =+ +/= =/+ +/- -/+ +- -+ +-- --+ inf ~ =/~ RR N
 *   (NAG 10..21, 13, 44, 145, 146) as written by ChessBase and others
 *   {comments} over several lines, ;comments to the end of the line,
 *   % escape lines (a '%' in column 1)
 *   ( ) variations; termination markers 1-0 0-1 1/2-1/2 1/2 ½-½ and *
 *   UTF-8 byte-order marks anywhere between tokens; CR, LF, tab, FF, VT and
 *   NUL (padding some databases leave between games) as white space.
 * Tolerated: a string whose closing quote follows a backslash on the same
 * line with no other closing quote ("C:\dir\") reads the backslashes
 * literally (flag ARB_PGN_TF_LITERAL_BACKSLASH); a comment that is still
 * open when a line starting with a tag pair comes ends there, as an
 * unterminated-comment error, so that the next game is not swallowed.
 * Anything else yields ARB_PGN_TOK_ERROR with a message and the offending
 * character as text; the lexer has consumed it, so lexing may go on.
 *
 * Thread-safety: a lexer is a plain value; distinct lexers are independent.
 */
#ifndef ARB_PGN_LEX_H
#define ARB_PGN_LEX_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "utf8.h"

enum arb_pgn_token_kind {
    ARB_PGN_TOK_EOF = 0,      /* no more input */
    ARB_PGN_TOK_MORE,         /* the window ends inside a token: supply more data */
    ARB_PGN_TOK_TAG_OPEN,     /* [ */
    ARB_PGN_TOK_TAG_CLOSE,    /* ] */
    ARB_PGN_TOK_STRING,       /* text between the quotes, escapes still in place */
    ARB_PGN_TOK_SYMBOL,       /* tag name or move text (no trailing ! or ?) */
    ARB_PGN_TOK_MOVE_NUMBER,  /* value = the number, dots = periods attached (… counts 3) */
    ARB_PGN_TOK_DOTS,         /* periods standing alone; dots = how many */
    ARB_PGN_TOK_NAG,          /* value = NAG number (suffix annotations mapped to 1..6) */
    ARB_PGN_TOK_COMMENT,      /* text between { and } */
    ARB_PGN_TOK_LINE_COMMENT, /* text after ; up to the end of the line (no CR/LF) */
    ARB_PGN_TOK_ESCAPE,       /* text after % in column 1, up to the end of the line */
    ARB_PGN_TOK_RAV_OPEN,     /* ( */
    ARB_PGN_TOK_RAV_CLOSE,    /* ) */
    ARB_PGN_TOK_RESULT,       /* value = enum arb_pgn_result */
    ARB_PGN_TOK_ERROR         /* message says what; text is the offending bytes */
};

/* Game results as termination markers and Result tags. */
enum arb_pgn_result {
    ARB_PGN_RESULT_NONE = 0,  /* no marker (missing) */
    ARB_PGN_RESULT_WHITE,     /* 1-0 */
    ARB_PGN_RESULT_BLACK,     /* 0-1 */
    ARB_PGN_RESULT_DRAW,      /* 1/2-1/2 (also read from "1/2" and "½-½") */
    ARB_PGN_RESULT_UNKNOWN    /* * */
};

/* Token flags. */
enum {
    ARB_PGN_TF_LINE_FIRST = 1,  /* first token on its line (only blanks before it) */
    ARB_PGN_TF_ESCAPES = 2,     /* STRING contains backslash escapes */
    ARB_PGN_TF_NON_ASCII = 4,   /* text holds bytes >= 0x80 */
    ARB_PGN_TF_NOT_UTF8 = 8,    /* text is not valid UTF-8: read it as Windows-1252 */
    ARB_PGN_TF_UNTERMINATED = 16, /* ERROR: a string or comment that never closed */
    ARB_PGN_TF_LITERAL_BACKSLASH = 32 /* STRING: backslashes are meant literally */
};

typedef struct arb_pgn_token {
    int kind;                /* enum arb_pgn_token_kind */
    int flags;               /* ARB_PGN_TF_* */
    const char *text;        /* points into the lexer window; valid until the window moves */
    size_t len;
    int line, col;           /* 1-based; col in characters */
    int value;               /* see kind */
    int dots;                /* MOVE_NUMBER / DOTS */
    uint64_t offset;         /* stream offset of the token's first byte */
    uint64_t end_offset;     /* stream offset just past the token */
    const char *message;     /* ERROR: "what, expected what" (static text) */
} arb_pgn_token;

typedef struct arb_pgn_lexer {
    const char *buf;         /* window; buf[end] == '\0' */
    size_t pos, end;
    bool eof;                /* nothing follows buf[end] */
    uint64_t base;           /* stream offset of buf[0] */
    uint64_t line_start;     /* stream offset of the current line's first byte */
    int line;
    int col_adjust;          /* bytes on this line before pos that start no character */
    bool line_has_token;
    /* NUL bytes passed over as blanks (padding): where the first run since
     * the reader last cleared nul_pending starts.  The first, not the last,
     * so that what a reader learns does not depend on how often it looks
     * (which differs with where the input was cut into reads). */
    bool nul_pending;
    uint64_t nul_offset, nul_run_end;
    int nul_line, nul_col;
} arb_pgn_lexer;

/* Starts lexing `len` bytes at buf (buf[len] must be '\0') at line 1. */
void arb_pgn_lexer_init(arb_pgn_lexer *lx, const char *buf, size_t len, bool eof);

/* Window management for streaming callers: the window now starts at `buf`
 * (whose first byte has stream offset `base`) and holds `len` bytes; the
 * lexer's position keeps its stream offset. */
void arb_pgn_lexer_rebase(arb_pgn_lexer *lx, const char *buf, uint64_t base, size_t len, bool eof);

/* Next token.  Never fails: bad input becomes ARB_PGN_TOK_ERROR. */
int arb_pgn_lex(arb_pgn_lexer *lx, arb_pgn_token *tok);

/* Puts back a token that was the first on its line (ARB_PGN_TF_LINE_FIRST),
 * so that the next call returns it again; its bytes must still be in the
 * window.  Readers use it to leave a game's last line to the next game. */
void arb_pgn_lexer_unread(arb_pgn_lexer *lx, const arb_pgn_token *tok);

/* Stream offset of the lexer's position. */
static inline uint64_t arb_pgn_lexer_offset(const arb_pgn_lexer *lx)
{
    return lx->base + lx->pos;
}

/* Where the next token starts: past the blanks (space, tab, CR, VT, FF) and
 * line breaks at the lexer's position (not past a NUL or a byte-order
 * mark), nothing consumed.  Returns that window position; *lines receives
 * the line breaks passed, and *line_start the window position after the
 * last of them (when any).  (Inline: readers try it before every token.) */
static inline size_t arb_pgn_lexer_blanks_end(const arb_pgn_lexer *lx, int *lines, size_t *line_start)
{
    const char *b = lx->buf;
    size_t p = lx->pos;
    int n = 0;
    for (;; p++) {
        char c = b[p];
        if (c == '\n') {
            n++;
            *line_start = p + 1;
        } else if (c != ' ' && c != '\t' && (c < '\v' || c > '\r')) {
            break;
        }
    }
    *lines = n;
    return p;
}

/* Consumes the rest of the current line (used to resynchronise after an
 * error); returns false when the window ends first and more data may come. */
bool arb_pgn_lexer_skip_line(arb_pgn_lexer *lx);

/* Converts token text to clean UTF-8 in `out`, which needs 3 * len + 1
 * bytes: with `unescape`, \" and \\ lose their backslash; with `not_utf8`
 * the bytes are read as Windows-1252; with `collapse_space`, runs of white
 * space become one space and the ends are trimmed (comments).  Control
 * characters other than white space become U+FFFD.  Returns the length
 * written (out is NUL-terminated). */
size_t arb_pgn_text_to_utf8(const char *text, size_t len, bool unescape, bool not_utf8,
                            bool collapse_space, char *out);

/* The marker text for a result ("1-0", "0-1", "1/2-1/2", "*"), or "" for NONE. */
const char *arb_pgn_result_text(int result);
/* Parses a Result tag value; ARB_PGN_RESULT_NONE when it is none of the four. */
int arb_pgn_result_parse(const char *text, size_t len);

const char *arb_pgn_token_kind_name(int kind);

#pragma GCC visibility pop
#endif
