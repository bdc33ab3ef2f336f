/* pgn_san_record.c — canonical SAN of a move just read (see the header). */
#include "pgn_san_record.h"

#include "attacks.h"
#include "movegen.h"

/* "Nf3", "Qxd7", "R-d1" (suffixes + # ! ? aside): a piece letter and the
 * square only, which arb_san_parse resolves only when one piece of that
 * kind can make the move. */
static bool names_piece_and_square(const char *t, size_t len)
{
    while (len > 0 && (t[len - 1] == '+' || t[len - 1] == '#' || t[len - 1] == '!' || t[len - 1] == '?'))
        len--;
    if (len != 3 && !(len == 4 && (t[1] == 'x' || t[1] == '-')))
        return false;
    return t[0] == 'N' || t[0] == 'B' || t[0] == 'R' || t[0] == 'Q' || t[0] == 'K';
}

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
        if (!(arb_attackers_to(pos, sq, occupied) & pos->by_color[us ^ 1]))
            return true;
    }
    return false;
}

/* The "+" or "#" of a move that gives check, and the end of the text (out
 * of line, so that the common path saves no registers). */
static __attribute__((noinline)) size_t check_suffix(const arb_position *after, char *out, char *p)
{
    *p++ = king_can_step(after) || arb_count_legal(after) ? '+' : '#';
    *p = '\0';
    return (size_t)(p - out);
}

size_t arb_pgn_san_record(const arb_position *before, arb_move move, const arb_position *after,
                          const char *token, size_t len, bool read_as_san, char *out)
{
    static const char letters[] = "PNBRQK";
    /* kind of each board value (piece = kind + 6 * colour), without a division */
    static const unsigned char kind_of[ARB_NO_PIECE + 1] = {0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, ARB_NO_KIND};
    int type = arb_move_type(move);
    if (move == ARB_MOVE_NULL || type == ARB_MOVE_CASTLING)
        return arb_san_write_after(before, move, after, out);
    int from = arb_move_from(move), to = arb_move_to(move);
    int kind = kind_of[before->board[from]];
    bool pawn = kind == ARB_PAWN;
    if (!pawn && !(read_as_san && names_piece_and_square(token, len)))
        return arb_san_write_after(before, move, after, out);   /* disambiguation to look for */
    char *p = out;
    /* (castling and null moves went above) */
    bool capture = type == ARB_MOVE_EN_PASSANT || before->board[to] != ARB_NO_PIECE;
    if (pawn) {
        if (capture)
            *p++ = (char)('a' + arb_file_of(from));
    } else {
        *p++ = letters[kind];
    }
    if (capture)
        *p++ = 'x';
    *p++ = (char)('a' + arb_file_of(to));
    *p++ = (char)('1' + arb_rank_of(to));
    if (type == ARB_MOVE_PROMOTION) {
        *p++ = '=';
        *p++ = letters[arb_move_promotion(move)];
    }
    if (arb_in_check(after))
        return check_suffix(after, out, p);
    *p = '\0';
    return (size_t)(p - out);
}
