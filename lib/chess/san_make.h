/* san_make.h — a SAN token resolved and its move made in one step, for the
 * PGN reader's loop over plain moves: the move's shape, known from the
 * parse, is not looked at again by the make.
 *
 * Internal to the library (not in the public headers).  Ownership and
 * threads: pure on the caller's values, as san.h and position.h.
 */
#ifndef ARB_SAN_MAKE_H
#define ARB_SAN_MAKE_H

#include "position.h"

/* arb_san_parse (no candidates), then on ARB_SAN_OK the move made from pos
 * into out as arb_position_make makes it; out (which may not alias pos) is
 * untouched on any other result. */
int arb_san_parse_make(const arb_position *pos, const char *token, size_t len, arb_move *move,
                       arb_position *out);

#endif
