/* pgn_san_record.c — the check suffix of a recorded SAN, out of line (the rest
 * is inline in the header). */
#include "pgn_san_record.h"

#include "attacks.h"
#include "movegen.h"
#include "position.h"

/* In check: whether the king can step to a square no enemy piece attacks,
 * which decides "+" without counting the legal moves (most checks; out of
 * line, as checks are rare).  A square is tested by the attack sets from
 * it (one table look-up a kind), not piece by piece. */
static __attribute__((noinline)) bool king_can_step(const arb_position *pos)
{
    const arb_bitboard *kind = pos->by_kind;
    int us = pos->side, them = us ^ 1, ksq = arb_king_square(pos, us);
    arb_bitboard occupied = arb_occupied(pos) ^ ARB_BB(ksq);   /* sliders see through the king */
    arb_bitboard enemy = pos->by_color[them];
    arb_bitboard diagonal = (kind[ARB_BISHOP] | kind[ARB_QUEEN]) & enemy;
    arb_bitboard straight = (kind[ARB_ROOK] | kind[ARB_QUEEN]) & enemy;
    arb_bitboard targets = arb_king_attacks(ksq) & ~pos->by_color[us];
    while (targets) {
        int sq = arb_pop_lsb(&targets);
        arb_bitboard steppers = (arb_pawn_attacks(us, sq) & kind[ARB_PAWN]) | (arb_knight_attacks(sq) & kind[ARB_KNIGHT])
                              | (arb_king_attacks(sq) & kind[ARB_KING]);
        if (!(steppers & enemy) && !(arb_bishop_attacks(sq, occupied) & diagonal)
            && !(arb_rook_attacks(sq, occupied) & straight))
            return true;
    }
    return false;
}

/* The "+" or "#" of a move that gives check, and the end of the text (out
 * of line, so that the common path saves no registers). */
size_t arb_pgn_san_check_suffix(const arb_position *after, char *out, char *p)
{
    *p++ = king_can_step(after) || arb_count_legal(after) ? '+' : '#';
    *p = '\0';
    return (size_t)(p - out);
}
