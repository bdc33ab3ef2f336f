/* repair_plausible.c — how surprising a move is as the one a player made,
 * for the moves the repair search supplies itself (an inserted move left
 * out of the record): a small chess prior, not an engine.  The moves of a
 * real game recapture, capture, check, take an attacked piece to safety;
 * they seldom leave the piece just moved where it is lost for less.  When
 * several moves fill a gap equally well in the text, the likelier one
 * comes first.  What a move passes over (an exchange not taken back, a
 * piece left to be won for nothing) weighs a legal written move against
 * the one it is read as. */
#include "repair.h"

#include "position.h"

static int value(int kind)
{
    static const int values[6] = {1, 3, 3, 5, 9, 100};
    return kind >= 0 && kind < 6 ? values[kind] : 0;
}

/* The least value of the pieces of `color` attacking sq (0 when none). */
static int least_attacker(const arb_position *pos, int color, int sq)
{
    arb_bitboard att = arb_attackers_to(pos, sq, arb_occupied(pos)) & pos->by_color[color];
    int least = 0;
    while (att) {
        int from = __builtin_ctzll(att);
        att &= att - 1;
        int v = value(arb_piece_kind(pos->board[from]));
        if (least == 0 || v < least)
            least = v;
    }
    return least;
}

/* A piece of value v standing on sq, with `color` to take it: lost for less
 * (attacked by a cheaper piece, or attacked and not defended). */
static bool lost_for_less(const arb_position *pos, int sq, int v, int taker)
{
    int attacker = least_attacker(pos, taker, sq);
    if (attacker == 0)
        return false;
    return attacker < v || least_attacker(pos, !taker, sq) == 0;
}

int arb_repair_surprise(const arb_position *before, arb_move prev, arb_move m, const arb_position *after)
{
    enum { RECAPTURE = 0, CAPTURE = 1, CHECK = 2, ESCAPE = 2, QUIET = ARB_REPAIR_SURPRISE_QUIET, LEFT_EN_PRISE = 4, KING_WALK = 2 };
    int from = arb_move_from(m), to = arb_move_to(m);
    int side = before->side;
    int moved = arb_piece_kind(before->board[from]);
    if (arb_move_type(m) == ARB_MOVE_CASTLING)
        return arb_in_check(after) ? CHECK : QUIET;
    int taken = arb_move_type(m) == ARB_MOVE_EN_PASSANT ? 1
                : before->board[to] != ARB_NO_PIECE ? value(arb_piece_kind(before->board[to])) : 0;
    int kind = arb_move_type(m) == ARB_MOVE_PROMOTION ? arb_move_promotion(m) : moved;
    bool en_prise = moved != ARB_KING && taken < value(kind) && lost_for_less(after, to, value(kind), !side);
    int cost;
    if (prev != ARB_MOVE_NONE && arb_move_to(prev) == to && taken)
        cost = RECAPTURE;
    else if (taken)
        cost = CAPTURE;
    else if (arb_in_check(after))
        cost = CHECK;
    else if (moved != ARB_KING && moved != ARB_PAWN && lost_for_less(before, from, value(moved), !side))
        cost = ESCAPE;
    else
        cost = QUIET;
    /* a king walks while queens are on the board seldom: it is the
     * endgame's move */
    if (moved == ARB_KING && !taken && !arb_in_check(before) && arb_pieces(before, !side, ARB_QUEEN))
        cost += KING_WALK;
    return cost + (en_prise ? LEFT_EN_PRISE : 0);
}

int arb_repair_left_out(const arb_position *before, arb_move m, const arb_position *after, arb_move reply)
{
    enum { ANSWERED = -1, NOT_RECAPTURED = 5, ESCAPED = -3 };
    /* how often players make such a move at all (quiet pawn moves far more
     * often than their share among the legal ones) is the prior's
     * (repair_prior.h); this prices only how the reply answers it */
    if (reply == ARB_MOVE_NONE)
        return 0;
    int to = arb_move_to(m);
    bool castles = arb_move_type(reply) == ARB_MOVE_CASTLING;
    /* recaptured, or the piece moved taken: the reply is about m */
    if (!castles && arb_move_to(reply) == to)
        return ANSWERED;
    if (arb_in_check(after))
        return 0;   /* the reply was forced, whatever m was */
    /* a capture the opponent could have taken back and did not: most
     * exchanges are taken back at once */
    if (arb_move_is_capture(before, m))
        return least_attacker(after, after->side, to) ? NOT_RECAPTURED : 0;
    /* the reply takes away a piece the moved one attacks */
    if (!castles && (arb_attackers_to(after, arb_move_from(reply), arb_occupied(after)) & ((arb_bitboard)1 << to)))
        return ESCAPED;
    return 0;
}

/* What capture c (legal in pos) wins, in pawns: the piece taken when it is
 * not defended, else what it is worth over the taker (0 when the trade does
 * not pay).  One exchange deep, as a player sees at a glance. */
static int capture_gain(const arb_position *pos, arb_move c)
{
    int to = arb_move_to(c);
    int victim = arb_move_type(c) == ARB_MOVE_EN_PASSANT ? 1 : value(arb_piece_kind(pos->board[to]));
    int taker = value(arb_piece_kind(pos->board[arb_move_from(c)]));
    if (least_attacker(pos, !pos->side, to) == 0)
        return victim;
    return victim > taker ? victim - taker : 0;
}

int arb_repair_forgone(const arb_position *before, arb_move prev, bool prev_took, arb_move m,
                       const arb_movelist *legal)
{
    if (arb_in_check(before))
        return 0;   /* the move was forced to answer the check */
    int taken_back = prev != ARB_MOVE_NONE && prev_took ? arb_move_to(prev) : -1;
    bool recapture_open = false;
    int best = 0;
    for (int i = 0; i < legal->count; i++) {
        arb_move c = legal->moves[i];
        if (!arb_move_is_capture(before, c))
            continue;
        int gain = capture_gain(before, c);
        /* the piece that just took, taken back without losing on the trade */
        if (arb_move_to(c) == taken_back
            && (gain > 0 || value(arb_piece_kind(before->board[arb_move_from(c)]))
                                <= value(arb_piece_kind(before->board[taken_back]))))
            recapture_open = true;
        if (gain > best)
            best = gain;
    }
    bool took = arb_move_is_capture(before, m);
    int mine = took ? capture_gain(before, m) : 0;
    int cost = 0;
    /* most exchanges are taken back at once */
    if (recapture_open && !(took && (arb_move_to(m) == taken_back || mine >= best)))
        cost = ARB_REPAIR_FORGONE_RECAPTURE;
    /* a piece that can be won for nothing is seldom left standing */
    if (best >= 2 && mine < best && cost < ARB_REPAIR_FORGONE_MATERIAL)
        cost = ARB_REPAIR_FORGONE_MATERIAL;
    return cost;
}
