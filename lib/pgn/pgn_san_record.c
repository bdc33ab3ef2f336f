/* pgn_san_record.c — the check suffix of a recorded SAN, out of line (the rest
 * is inline in the header). */
#include "pgn_san_record.h"

#include "attacked.h"
#include "attacks.h"
#include "movegen.h"
#include "position.h"

/* In check: whether the king can step to a square no enemy piece attacks,
 * which decides "+" without counting the legal moves (most checks; out of
 * line, as checks are rare). */
static __attribute__((noinline)) bool king_can_step(const arb_position *pos)
{
    int us = pos->side, ksq = arb_king_square(pos, us);
    arb_bitboard occupied = arb_occupied(pos) ^ ARB_BB(ksq);   /* sliders see through the king */
    arb_bitboard targets = arb_king_attacks(ksq) & ~pos->by_color[us];
    while (targets) {
        int sq = arb_pop_lsb(&targets);
        if (!arb_attacked_by(pos, sq, occupied, pos->by_color[us ^ 1], us ^ 1))
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
