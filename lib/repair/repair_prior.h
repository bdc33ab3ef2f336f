/* repair_prior.h — how often real players make a move: the repair search's
 * move-frequency prior, learned from real games (lib/repair/move_prior.tsv,
 * its source and how it was made in lib/repair/README.md).
 *
 * For each kind of piece, from-square and to-square (seen from White's
 * side: a black a7-a6 is a white a2-a3), the table gives how often the move
 * was played against how often it was legal.  The rarer a move is among
 * the positions where it could be made, the dearer it is as a move the
 * search supplies itself: when several moves fill a gap left in the record
 * and read the same, the one players make more often comes first (a3 and
 * h3 are both legal in nearly every game; one is played far more often).
 *
 * Ownership and threads: the table compiled into the library
 * (arb_repair_prior_builtin) is constant, shared freely; a table read with
 * arb_repair_prior_new is only read after it is made, shared freely too,
 * and freed with arb_repair_prior_free.
 */
#ifndef ARB_REPAIR_PRIOR_H
#define ARB_REPAIR_PRIOR_H

#include <stdint.h>

#include "position.h"
#include "status.h"


/* The game's phase the table tells apart: 0 the opening (the first
 * ARB_REPAIR_OPENING_PLIES plies), 2 the endgame (pieces other than kings
 * and pawns worth ARB_REPAIR_ENDGAME_MATERIAL or less, both sides together,
 * N and B 3, R 5, Q 9), 1 the middlegame between them. */
enum { ARB_REPAIR_PHASES = 3, ARB_REPAIR_OPENING_PLIES = 20, ARB_REPAIR_ENDGAME_MATERIAL = 26 };
int arb_repair_phase(const arb_position *pos, int ply);

/* Rarities by phase, piece kind, from and to (from White's side).  Defined
 * here for the copy generated at build time (lib/gen/gen_move_prior.c). */
typedef struct arb_repair_prior {
    int16_t rarity[ARB_REPAIR_PHASES][6][64][64];
} arb_repair_prior;


/* lib/repair/move_prior.tsv as compiled into the library. */
const arb_repair_prior *arb_repair_prior_builtin(void);

/* Parses a table in the format of move_prior.tsv (text, len bytes; it
 * need not end in NUL).  Errors: a malformed line (its number in the
 * message and in .line), out of memory. */
arb_status arb_repair_prior_new(const char *text, size_t len, arb_repair_prior **out);
void arb_repair_prior_free(arb_repair_prior *p);

/* How rare move m (legal in pos) is, in sixteenths of a bit (-log2 of how
 * often it is played where it is legal), less the average over the moves
 * played in the table's games: negative for a move likelier than the
 * usual one made, positive for a rarer one.  A move the table never saw
 * played counts as the rarest it holds. */
int arb_repair_prior_rarity(const arb_repair_prior *p, const arb_position *pos, int ply, arb_move m);

#endif
