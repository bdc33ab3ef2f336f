/* figurine.h — the Unicode chess symbols U+2654..U+265F (♔♕♖♗♘♙ ♚♛♜♝♞♟),
 * the one piece notation shared by every language. */
#ifndef ARB_FIGURINE_H
#define ARB_FIGURINE_H

#include "types.h"

/* Kind of the figurine spelled by exactly the `len` bytes at s (either
 * colour), or ARB_NO_KIND. */
int arb_figurine_kind(const char *s, size_t len);

/* UTF-8 text of the figurine of a kind in a colour (3 bytes, NUL-terminated). */
const char *arb_figurine(int color, int kind);

#endif
