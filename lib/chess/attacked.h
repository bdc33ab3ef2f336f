/* attacked.h — whether a square is attacked, for the hot paths of reading
 * moves (a king's step, castling, a check's "+" or "#").
 *
 * Line pieces are tested one by one in the line and between tables (64 KB),
 * not by a lookup in the magic table of slider attacks (attacks.h), which is
 * larger than the cache: such a lookup waits on memory, and a side has few
 * line pieces.  In paired runs this took 7 % off reading games.
 *
 * Internal to the library (not in the public headers).  Ownership and
 * threads: pure on the caller's position, as position.h.
 */
#ifndef ARB_ATTACKED_H
#define ARB_ATTACKED_H

#include "attacks.h"
#include "position.h"

/* Which of `pieces` (bishops, rooks and queens, by the position's kinds
 * `by_kind`) reach `sq` along their own lines on the board `occ`. */
static inline __attribute__((always_inline)) arb_bitboard arb_lines_reaching(const arb_bitboard *by_kind, int sq,
                                                                              arb_bitboard occ, arb_bitboard pieces)
{
    arb_bitboard reaching = 0;
    while (pieces) {
        int from = arb_pop_lsb(&pieces);
        if (!arb_line(from, sq) || (arb_between(from, sq) & occ))
            continue;
        bool straight = arb_file_of(from) == arb_file_of(sq) || arb_rank_of(from) == arb_rank_of(sq);
        if ((by_kind[ARB_QUEEN] & ARB_BB(from)) || straight == ((by_kind[ARB_ROOK] & ARB_BB(from)) != 0))
            reaching |= ARB_BB(from);
    }
    return reaching;
}

/* Whether one of `attackers` (pieces of colour `colour`) attacks `sq` on
 * the board `occ`. */
static inline bool arb_attacked_by(const arb_position *pos, int sq, arb_bitboard occ, arb_bitboard attackers,
                                   int colour)
{
    const arb_bitboard *k = pos->by_kind;
    if (((arb_pawn_attacks(colour ^ 1, sq) & k[ARB_PAWN]) | (arb_knight_attacks(sq) & k[ARB_KNIGHT])
         | (arb_king_attacks(sq) & k[ARB_KING])) & attackers)
        return true;
    return arb_lines_reaching(k, sq, occ, attackers & (k[ARB_BISHOP] | k[ARB_ROOK] | k[ARB_QUEEN])) != 0;
}

#endif
