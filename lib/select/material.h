/* material.h — which men are on the board: a pattern of material.
 *
 * A material pattern lists White's men in capitals and Black's in small
 * letters (K Q R B N P, k q r b n p), e.g. "KRPkr": White has king, rook
 * and pawn, Black king and rook, and nothing else.  The kings may be left
 * out ("RPr" is the same); a side not given has its king alone ("KQ" is
 * queen against bare king).  A letter followed by '+' means that many or
 * more of that man ("KP+k": one pawn or more); '*' after a side's letters
 * means "and anything else" for that side, so the letters given become
 * minimums ("KR*kr": at least a rook for White, exactly a rook for Black).
 *
 * Ownership and threads: a pattern is a plain value, read-only once parsed.
 */
#ifndef ARB_MATERIAL_H
#define ARB_MATERIAL_H

#include <stdbool.h>

#include "position.h"
#include "status.h"

typedef struct arb_material {
    unsigned char min[2][6], max[2][6];   /* by colour and kind (max 255: any number) */
} arb_material;

/* On error a message "--material SPEC: ..., expected ..." and the column. */
arb_status arb_material_parse(const char *spec, arb_material *m);
bool arb_material_match(const arb_material *m, const arb_position *pos);

#endif
