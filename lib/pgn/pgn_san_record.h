/* pgn_san_record.h — the canonical SAN of a move the reader has just read
 * and played (reader option record_san), from what the reading already
 * knows: the position after the move (for + and #) and, when the token was
 * SAN that named the piece and the square only ("Nf3", "Qxd7"), that no
 * other piece of that kind can go there (the reading found exactly one), so
 * no disambiguation is looked for.  Every other move is written by
 * arb_san_write_after.  Same text as arb_san_write, byte for byte.
 *
 * Ownership and threads: a pure function; writes at most ARB_SAN_MAX bytes
 * (NUL included) to `out`.
 */
#ifndef ARB_PGN_SAN_RECORD_H
#define ARB_PGN_SAN_RECORD_H

#include <stdbool.h>
#include <stddef.h>

#include "san.h"

/* `token` (len bytes) is the text the move was read from; `read_as_san`:
 * arb_san_parse resolved it (not a national notation, coordinates or a
 * replacement for a bad token).  Returns the length written. */
size_t arb_pgn_san_record(const arb_position *before, arb_move move, const arb_position *after,
                          const char *token, size_t len, bool read_as_san, char *out);

#endif
