/* spoken.h — spoken notation, FIDE Laws Appendix D.2.1: moves announced to
 * and by blind and visually impaired players ("Springer Felix drei",
 * "Bauer Eva schlägt David fünf", "Kurze Rochade").
 *
 * The words are locale data (the `spoken:` section of the locale files: the
 * files Anna ... Hector, the ranks eins ... acht, the pieces König ... Bauer,
 * the castlings, as each Laws text prints them; capture, check and mate
 * words, which the Laws do not name, in German).  Reading turns one spoken
 * announcement into algebraic text with the English letters (SAN, or the
 * long form Ng1f3 when the announcement names the square left), which the
 * PGN reader then replays like any move: nothing here knows the position.
 * Writing spells the SAN of a move word by word.
 *
 * Ownership and threads: no state; the locales must outlive the calls.
 */
#ifndef ARB_SPOKEN_H
#define ARB_SPOKEN_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include <stdbool.h>
#include <stddef.h>

#include "locales.h"
#include "position.h"

/* Longest announcement arb_spoken_write produces, including the NUL. */
#define ARB_SPOKEN_MAX 600
/* Longest algebraic text arb_spoken_read produces, including the NUL. */
#define ARB_SPOKEN_SAN_MAX 16

/* Whether the locale has every word a move needs (pieces, files, ranks,
 * castlings), so that moves can be written in it. */
bool arb_spoken_locale_complete(const arb_locale *loc);

/* The locale `code` (arb_locale_find) when it is complete; with code NULL
 * the first complete locale in code order; NULL when none. */
const arb_locale *arb_spoken_locale(const arb_locale_set *set, const char *code);

/* Reads one announcement at the start of s[0..n) with the spoken words of
 * every locale of the set (letter case of ASCII letters ignored; words
 * separated by blanks; a check word only on the same line).  On success returns the
 * bytes it takes (a ',' ';' or '.' right after the last word included) and
 * writes the algebraic text, NUL-terminated, into san[ARB_SPOKEN_SAN_MAX];
 * 0 when s does not start with an announcement.  Two squares after a
 * piece word (not Bauer) are one move when the piece can go between them ("Springer
 * Gustav eins Felix drei" is Ng1f3; "Läufer Eva drei Eva sechs" is Be3 e6),
 * or, with short_form, never: only the position can tell "Turm Anna eins
 * Anna vier" apart, so a reader tries both (pgn_lenient.c). */
size_t arb_spoken_read(const arb_locale_set *set, const char *s, size_t n, bool short_form, char *san);

/* The move (legal in pos) announced in the locale's first spellings:
 * "Springer Bella David zwei", "Bauer Eva acht Dame Schach".  Returns the
 * length (< ARB_SPOKEN_MAX). */
size_t arb_spoken_write(const arb_locale *loc, const arb_position *pos, arb_move move, char *buf);

#pragma GCC visibility pop
#endif
