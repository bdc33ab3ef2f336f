/* pgn_write.h — PGN export format (PGN standard §8).
 *
 * Output of one game:
 *   - the Seven Tag Roster first, in its order (Event Site Date Round White
 *     Black Result), each present even when the game lacks it ("?",
 *     "????.??.??" as the standard asks); Result is the game's result
 *     (arb_pgn_game_result);
 *   - then every other tag in ASCII order of its name, one per line, with "
 *     and \ escaped;
 *   - a blank line; the movetext in lines of at most `line_width` characters
 *     (a single word longer than that stands alone), tokens separated by one
 *     space; white moves numbered "N.", black moves "N..." at the start of
 *     the game or a variation and after a comment, NAG or variation (§8.2.2.2);
 *     NAGs as $n; comments as {text}, or as ;text at the end of a line when
 *     the text itself contains '}'; variations as (…); null moves as "--"
 *     (also in UCI: the protocol's "0000" reads as a move number in PGN);
 *   - the termination marker, equal to the Result tag; a blank line.
 *
 * Reading the output again gives the same game, and writing that gives the
 * same bytes (in FAN and locale notations, when read in that notation).
 *
 * Ownership: the writer owns its output buffer; the text returned by
 * arb_pgn_write_game is valid until the next call or arb_pgn_writer_free.
 * arb_pgn_write_game_to writes into the caller's text instead.
 * One writer per thread.
 */
#ifndef ARB_PGN_WRITE_H
#define ARB_PGN_WRITE_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include "pgn_game.h"
#include "strbuf.h"

enum arb_pgn_notation {
    ARB_PGN_NOTATION_SAN = 0,  /* Nf3, exd8=Q+ */
    ARB_PGN_NOTATION_LAN,      /* Ng1-f3, e7xd8=Q+ */
    ARB_PGN_NOTATION_UCI,      /* g1f3, e7d8q */
    ARB_PGN_NOTATION_FAN,      /* ♘f3, exd8=♕+ (figurines, notation.h arb_fan_write) */
    ARB_PGN_NOTATION_LOCALE,   /* SAN in a locale's letters: Cf3, exd8D+ (options.locale) */
    ARB_PGN_NOTATION_SPOKEN    /* FIDE Appendix D.2.1, one announcement per line:
                                * "1. Springer Felix drei" (options.spoken, spoken.h) */
};

typedef struct arb_pgn_write_options {
    int notation;              /* enum arb_pgn_notation */
    const struct arb_notation *locale;  /* ARB_PGN_NOTATION_LOCALE: its letters (notation.h);
                                         * must outlive the writer */
    const struct arb_locale *spoken;    /* ARB_PGN_NOTATION_SPOKEN: its `spoken:` words
                                         * (spoken.h); must outlive the writer */
    bool strip_comments;
    bool strip_variations;
    bool strip_nags;
    int line_width;            /* 0 means 79, the standard's limit */
} arb_pgn_write_options;

typedef struct arb_pgn_writer arb_pgn_writer;

/* NULL options mean the defaults (SAN, keep everything, 79 columns).
 * Returns NULL when out of memory. */
arb_pgn_writer *arb_pgn_writer_new(const arb_pgn_write_options *options);

/* Formats one game.  The game's moves must be legal (true of every game the
 * reader returns without errors).  On success status.code is 0 and
 * *text and *len hold the game followed by a blank line. */
arb_status arb_pgn_write_game(arb_pgn_writer *w, const arb_pgn_game *g, const char **text,
                              size_t *len);

/* The same, appended to `out` (formatted in its memory: no copy of the
 * text); on failure `out` holds what it held before (and a failed `out` is
 * not written to). */
arb_status arb_pgn_write_game_to(arb_pgn_writer *w, const arb_pgn_game *g, arb_strbuf *out);

void arb_pgn_writer_free(arb_pgn_writer *w);

/* Writes a tag value with quote and backslash escaped into out (2 * strlen + 1 bytes);
 * returns the length. */
size_t arb_pgn_escape_string(const char *value, char *out);

#pragma GCC visibility pop
#endif
