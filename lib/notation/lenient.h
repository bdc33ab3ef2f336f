/* lenient.h — movetext as books, blogs and OCR print it, rewritten into PGN.
 *
 * The PGN reader takes this path only for a game its strict reading refused
 * (pgn_read.c), so plain PGN is read at full speed.  The rewrite is purely
 * textual and each change is recorded as a note with its place, so that the
 * reader can report it as a warning (and a caller reading strictly can
 * refuse it):
 *
 *   prose          prose in round brackets that does not read as a variation,
 *                  and prose before, between and after the moves, becomes a
 *                  {comment} holding its bytes unchanged;
 *   result-words   a result in words at the end ("aufgegeben", "Белые
 *                  сдались", "les blancs abandonnent"; the words are locale
 *                  data, `text:` in the locale files) is kept as a comment and
 *                  followed by its termination marker; words that only say
 *                  "resigns"/"mate" give the win to the side that moved last,
 *                  counted from the move numbers;
 *   look-alike     Cyrillic а с е (and ç) used as the files a c e of a square;
 *   lowercase      a lower-case piece letter (кf6, nf3) made upper case;
 *   spaced         a move split by spaces ("D x d3", "Db1 +", "К f3");
 *   captured       the captured piece named after the capture mark (Sd7xSe5);
 *   number         "1)" as a move number;
 *   marks          "???" and "!!!";
 *   result-form    results written 0.5-0.5, ½-½, 1:0 (tag or movetext);
 *   split          a new game where move numbering restarts at 1;
 *   typeset        (with a typeset locale) Latin letters that books typeset for
 *                  that locale's pieces, e.g. Russian Kp K C for Кр К С;
 *   spoken         moves announced in the words of FIDE Laws Appendix D.2.1
 *                  ("Springer Felix drei", spoken.h), from every locale's
 *                  `spoken:` words, written as algebraic (Nf3);
 *   shorthand      a capture without its square after a move or move number
 *                  ("ed", "exd", "TxT"): marked "e_d", "T_xT" for
 *                  arb_notation_read, which takes it only when one legal
 *                  move fits (shorthand.h);
 *   punctuation    a comma, full stop or footnote marks after a move
 *                  ("e5,", "Sc6.", "P—K4.", "c4**"), left out;
 *   mate-sign      '×' after a move as Russian books print mate (Кd5×);
 *   typography     a descriptive move as books set it: long dashes, '×',
 *                  the rank or promotion in brackets (P—K4, Kt×P, R(1)-Q1,
 *                  P-K8(Q), Q×R(ch.)) read as P-K4, KtxP, R1-Q1, P-K8=Q, QxRch;
 *   brackets       a book's square brackets around a variation ([4.Lc4 e6])
 *                  read as round ones (with prose inside they are a comment).
 *
 * Nothing here decides that a reading is right: the rewritten text is
 * replayed like any other, and a move that does not replay is refused.
 * Newlines are never added or removed, so line numbers stay those of the
 * original; arb_lenient_original_offset maps a byte offset of the rewritten
 * text back to the original one (to give back a game's original bytes).
 *
 * Ownership and threads: the caller owns an arb_lenient_text (init, free);
 * arb_lenient_rewrite reuses its memory.  No state is shared: threads may
 * rewrite at once with their own texts.  Memory is proportional to the text.
 */
#ifndef ARB_LENIENT_H
#define ARB_LENIENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "locales.h"

enum arb_lenient_kind {
    ARB_LENIENT_PROSE = 0,
    ARB_LENIENT_RESULT_WORDS,
    ARB_LENIENT_LOOK_ALIKE,
    ARB_LENIENT_LOWERCASE,
    ARB_LENIENT_SPACED,
    ARB_LENIENT_CAPTURED,
    ARB_LENIENT_NUMBER,
    ARB_LENIENT_MARKS,
    ARB_LENIENT_RESULT_FORM,
    ARB_LENIENT_SPLIT,
    ARB_LENIENT_TYPESET,
    ARB_LENIENT_SPOKEN,
    ARB_LENIENT_SHORTHAND,
    ARB_LENIENT_PUNCTUATION,
    ARB_LENIENT_MATE_SIGN,
    ARB_LENIENT_TYPOGRAPHY,
    ARB_LENIENT_BRACKETS,
    ARB_LENIENT_KIND_COUNT
};

typedef struct arb_lenient_note {
    int32_t line, col;   /* in the original text (col in characters) */
    int kind;            /* enum arb_lenient_kind */
    size_t offset;       /* byte offset in the rewritten text */
} arb_lenient_note;

typedef struct arb_lenient_text {
    char *text;                 /* the rewritten text, NUL-terminated */
    size_t len, cap;
    size_t *norm_at, *orig_at;  /* offset map: breakpoints, ascending */
    size_t map_count, map_cap;
    arb_lenient_note *notes;
    size_t note_count, note_cap;
} arb_lenient_text;

void arb_lenient_text_init(arb_lenient_text *t);
void arb_lenient_text_free(arb_lenient_text *t);

/* Rewrites src[0..len) (one game's text, or several pasted one after the
 * other) whose first byte stands at line/col.  `set` supplies the result
 * words of every locale; `typeset` (may be NULL) is a locale whose
 * typeset-* spellings are to be read as its own piece letters.  Returns
 * the number of notes (0: the text is unchanged), or -1 when out of memory. */
int arb_lenient_rewrite(const arb_locale_set *set, const arb_locale *typeset, const char *src, size_t len,
                        int32_t line, int32_t col, arb_lenient_text *out);

/* The same, reading spoken announcements the short way when spoken_short
 * (arb_spoken_read). */
int arb_lenient_rewrite_spoken(const arb_locale_set *set, const arb_locale *typeset, bool spoken_short,
                               const char *src, size_t len, int32_t line, int32_t col, arb_lenient_text *out);

/* The original offset of byte `at` of the rewritten text. */
size_t arb_lenient_original_offset(const arb_lenient_text *t, size_t at);

/* "prose in round brackets read as a comment" ...: what a note means, as
 * the first half of a "what, expected what" message. */
const char *arb_lenient_describe(int kind);
/* Whether a message is one of those descriptions (a reader's warning about
 * a lenient reading). */
bool arb_lenient_describes(const char *message);
/* Its name in golden tests and JSON: "prose", "result-words", ... */
const char *arb_lenient_name(int kind);

#endif
