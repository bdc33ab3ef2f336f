/* shorthand.h — captures written without their square, as books print them:
 * a pawn capture by its files only ("ed", "exd", "e:d") and a capture naming
 * only the two pieces ("TxT", "RxR", "LxS").
 *
 * They need the position, so the text alone cannot turn them into moves:
 * the lenient reader (lenient.h) marks such a word with a '_' after its
 * first letter ("e_d", "T_xT", a form no text has), with a warning, and
 * arb_notation_read hands marked tokens here.  A form is read only when one
 * legal move fits it; several are AMBIGUOUS with the candidates, none
 * ILLEGAL.  Unmarked, these words stay unread (a strict reading refuses them).
 *
 * Ownership and threads: no state.
 */
#ifndef ARB_SHORTHAND_H
#define ARB_SHORTHAND_H

#include <stdbool.h>
#include <stddef.h>

#include "locales.h"
#include "movegen.h"
#include "notation.h"

/* Whether the token carries the lenient reader's mark. */
bool arb_shorthand_marked(const char *token, size_t len);

/* The token without the mark, into out (size bytes, not NUL-terminated);
 * returns its length (at most size). */
size_t arb_shorthand_unmark(const char *token, size_t len, char *out, size_t size);

/* The verdict on `found` legal moves fitting a written move (the first in
 * `first`): one is ARB_SAN_OK (*move set, candidates emptied), several
 * ARB_SAN_AMBIGUOUS; none gives -1, for the caller to say why. */
int arb_fitting_verdict(int found, arb_move first, arb_move *move, arb_movelist *candidates);

/* Reads a marked token with the locale's piece spellings and capture marks;
 * result codes of san.h; spec and candidates as for arb_notation_read. */
int arb_shorthand_read(const arb_locale *loc, const arb_position *pos, const char *token, size_t len,
                       arb_move *move, arb_move_spec *spec, arb_movelist *candidates);

#endif
