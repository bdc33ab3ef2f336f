/* chess960.h — Chess960 start positions (FIDE Guidelines II) by Scharnagl number. */
#ifndef ARB_CHESS960_H
#define ARB_CHESS960_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include "position.h"

/* Sets up start position number n (0..959; 518 is the standard array).
 * Returns false for n out of range. */
bool arb_chess960_position(int n, arb_position *pos);

/* The Scharnagl number of a start array, or -1 when pos is not a valid
 * Chess960 start position (II.2: king between the rooks, bishops on
 * opposite colours, black mirroring white, all pawns on their second rank). */
int arb_chess960_number(const arb_position *pos);

#pragma GCC visibility pop
#endif
