/* position_play.h — the body of a move (arb_position_play and make), for
 * position.c and for the SAN parser's parse-and-make (san_make.h), which
 * inlines the plain case where it already knows the move's shape.
 *
 * Internal to the library (not in the public headers).  Ownership and
 * threads: works on a caller's position; see position.h.
 */
#ifndef ARB_POSITION_PLAY_H
#define ARB_POSITION_PLAY_H

#include "attacks.h"
#include "position.h"
#include "zobrist.h"

/* The opponent's king was not in check before the move (FEN and make keep
 * that), so after it the only pieces that can check it are the moved piece
 * (direct check) and a line piece uncovered on the line from the king through
 * the origin (discovered check).  En passant and castling move or remove a
 * second piece: they recompute from scratch. */
static inline __attribute__((always_inline)) arb_bitboard arb_checks_by(const arb_bitboard *k, arb_bitboard ours,
                                                                    arb_bitboard occ, int us, int ksq, int from,
                                                                    int to, int kind)
{
    arb_bitboard checkers = 0;
    /* direct: a leaper by its table; a line piece when aligned with the king
     * in its own directions and nothing stands between */
    if (kind == ARB_PAWN || kind == ARB_KNIGHT) {
        if ((kind == ARB_PAWN ? arb_pawn_attacks(us, to) : arb_knight_attacks(to)) & ARB_BB(ksq))
            checkers = ARB_BB(to);
    } else if (kind != ARB_KING && arb_line(to, ksq)) {
        bool straight = arb_file_of(to) == arb_file_of(ksq) || arb_rank_of(to) == arb_rank_of(ksq);
        if ((kind == ARB_QUEEN || straight == (kind == ARB_ROOK)) && !(arb_between(to, ksq) & occ))
            checkers = ARB_BB(to);
    }
    /* discovered: a line piece of ours behind the origin, on its line to the
     * king (the target square is the moved piece's, counted above) */
    const arb_bitboard line = arb_line(ksq, from) & ~ARB_BB(to);
    if (line) {
        bool straight = arb_file_of(ksq) == arb_file_of(from) || arb_rank_of(ksq) == arb_rank_of(from);
        arb_bitboard sliders = ours & line & (k[ARB_QUEEN] | k[straight ? ARB_ROOK : ARB_BISHOP]);
        if (sliders)
            checkers |= (straight ? arb_rook_attacks(ksq, occ) : arb_bishop_attacks(ksq, occ)) & sliders;
    }
    return checkers;
}

/* The same on the position after the move. */
static inline __attribute__((always_inline)) arb_bitboard arb_checks_after(const arb_position *p, int us, int from,
                                                                       int to, int kind)
{
    return arb_checks_by(p->by_kind, p->by_color[us], arb_occupied(p), us, arb_king_square(p, us ^ 1), from, to, kind);
}

/* Every piece of `us` giving check to the other king (position.c). */
arb_bitboard arb_all_checkers(const arb_position *p, int us);

/* Pieces of colour `color` kind `kind` appear or disappear on `squares`. */
static inline void arb_toggle(arb_position *p, int color, int kind, arb_bitboard squares)
{
    p->by_color[color] ^= squares;
    p->by_kind[kind] ^= squares;
}

/* A move that changes castling rights: it moves or takes a rook that
 * carries one, or moves a king while any right is left.  Such a move, and a
 * double step (its e.p. square), are the special cases of a normal move. */
static inline __attribute__((always_inline)) bool arb_touches_castling(const arb_position *p, unsigned from,
                                                                        unsigned to, unsigned kind)
{
    /* most moves are played after both sides have lost every right */
    const arb_bitboard rooks = p->castling_rooks;
    return rooks && ((rooks & (ARB_BB(from) | ARB_BB(to))) || kind == ARB_KING);
}
static inline __attribute__((always_inline)) bool arb_double_step(unsigned from, unsigned to, unsigned kind)
{
    return kind == ARB_PAWN && (from ^ to) == 16;
}

/* The key the position would have after `move` when it is a normal move
 * that is no double step and changes no castling right (the usual one),
 * without making it: a search that meets most positions again looks the
 * key up first.  False for every other move (make it to know its key). */
static inline bool arb_key_after_plain(const arb_position *p, arb_move move, uint64_t *key)
{
    const unsigned from = arb_move_from(move), to = arb_move_to(move), us = p->side;
    const unsigned piece = p->board[from], kind = piece - 6u * us;
    if (arb_move_type(move) != ARB_MOVE_NORMAL || move == ARB_MOVE_NULL || arb_double_step(from, to, kind)
        || arb_touches_castling(p, from, to, kind))
        return false;
    uint64_t k = p->key ^ arb_zobrist_black_to_move ^ arb_zobrist_piece[piece][from] ^ arb_zobrist_piece[piece][to];
    if (p->ep_legal)
        k ^= arb_zobrist_ep_file[arb_file_of(p->ep_square)];
    if (p->board[to] != ARB_NO_PIECE)
        k ^= arb_zobrist_piece[p->board[to]][to];
    *key = k;
    return true;
}

/* The special cases, out of line in position.c: each returns the change
 * of the key. */
uint64_t arb_play_castling(arb_position *p, int us, int from, int to);
uint64_t arb_update_castling(arb_position *p, int us, int from, int to, int kind);
uint64_t arb_set_ep_square(arb_position *p, int us, int from, int to);

/* The body of a move, inlined three times: for plain moves of each colour
 * (`plain`: a normal move that is no double step and touches no castling
 * right, so the special cases vanish and no call is left; the colour a
 * constant) and once for the rest.  The state
 * lives in locals until the end: the board is bytes, and a store through it
 * would otherwise make the compiler reload every other field. */
static inline __attribute__((always_inline)) void arb_play(arb_position *p, unsigned move, int us, int type, bool plain)
{
    const int them = us ^ 1;
    uint64_t key = p->key ^ arb_zobrist_black_to_move;
    if (p->ep_legal)
        key ^= arb_zobrist_ep_file[arb_file_of(p->ep_square)];
    p->ep_square = ARB_NO_SQUARE;
    p->ep_legal = 0;
    p->side = (uint8_t)them;
    p->fullmove_number = (uint16_t)(p->fullmove_number + us); /* after Black's move */
    unsigned clock = p->halfmove_clock + 1u;
    if (!plain && move == ARB_MOVE_NULL) {
        p->checkers = 0; /* a null move is only allowed when not in check */
        p->key = key;
        p->halfmove_clock = (uint16_t)clock;
        return;
    }

    const unsigned from = move & 63, to = (move >> 6) & 63;
    const arb_bitboard from_bb = ARB_BB(from), to_bb = ARB_BB(to);
    const unsigned piece = p->board[from], kind = piece - 6u * (unsigned)us; /* the mover's: no division */
    if (!plain && arb_touches_castling(p, from, to, kind))
        key ^= arb_update_castling(p, us, (int)from, (int)to, (int)kind);
    if (type == ARB_MOVE_CASTLING) {
        p->key = key ^ arb_play_castling(p, us, (int)from, (int)to);
        p->halfmove_clock = (uint16_t)clock;
        return;
    }
    const unsigned captured = p->board[to];
    if (captured != ARB_NO_PIECE) {
        arb_toggle(p, them, (int)(captured - 6u * (unsigned)them), to_bb);
        key ^= arb_zobrist_piece[captured][to];
        clock = 0;
    }
    unsigned placed = piece;
    if (type == ARB_MOVE_PROMOTION) {
        placed = (unsigned)arb_piece(us, arb_move_promotion((arb_move)move));
        arb_toggle(p, us, ARB_PAWN, from_bb);
        arb_toggle(p, us, (int)(placed - 6u * (unsigned)us), to_bb);
    } else {
        arb_toggle(p, us, (int)kind, from_bb | to_bb);
    }
    key ^= arb_zobrist_piece[piece][from] ^ arb_zobrist_piece[placed][to];
    p->board[from] = ARB_NO_PIECE;
    p->board[to] = (uint8_t)placed;
    if (type == ARB_MOVE_EN_PASSANT) {
        unsigned victim = to ^ 8; /* beside the origin, behind the target */
        arb_toggle(p, them, ARB_PAWN, ARB_BB(victim));
        p->board[victim] = ARB_NO_PIECE;
        key ^= arb_zobrist_piece[arb_piece(them, ARB_PAWN)][victim];
        p->checkers = arb_all_checkers(p, us);
        p->key = key;
        p->halfmove_clock = 0;
        return;
    }
    if (kind == ARB_PAWN) {
        clock = 0;
        if (!plain && arb_double_step(from, to, kind))
            key ^= arb_set_ep_square(p, us, (int)from, (int)to);
    }
    p->checkers = arb_checks_after(p, us, (int)from, (int)to, (int)(placed - 6u * (unsigned)us));
    p->key = key;
    p->halfmove_clock = (uint16_t)clock;
}

#endif
