/* position.c — placing pieces, making moves, and the FIDE 9.2.2 repetition key. */
#include "position.h"

#include <string.h>

#include "position_play.h"

void arb_position_clear(arb_position *pos)
{
    memset(pos, 0, sizeof *pos);
    memset(pos->board, ARB_NO_PIECE, sizeof pos->board);
    pos->ep_square = ARB_NO_SQUARE;
    pos->fullmove_number = 1;
}

void arb_position_put(arb_position *pos, int piece, int sq)
{
    pos->board[sq] = (uint8_t)piece;
    pos->by_color[arb_piece_color(piece)] |= ARB_BB(sq);
    pos->by_kind[arb_piece_kind(piece)] |= ARB_BB(sq);
}

void arb_position_startpos(arb_position *pos)
{
    static const int back[8] = {ARB_ROOK, ARB_KNIGHT, ARB_BISHOP, ARB_QUEEN,
                                ARB_KING, ARB_BISHOP, ARB_KNIGHT, ARB_ROOK};
    arb_position_clear(pos);
    for (int f = 0; f < 8; f++) {
        arb_position_put(pos, arb_piece(ARB_WHITE, back[f]), arb_square(f, 0));
        arb_position_put(pos, arb_piece(ARB_WHITE, ARB_PAWN), arb_square(f, 1));
        arb_position_put(pos, arb_piece(ARB_BLACK, ARB_PAWN), arb_square(f, 6));
        arb_position_put(pos, arb_piece(ARB_BLACK, back[f]), arb_square(f, 7));
    }
    pos->castling_rooks = ARB_BB(0) | ARB_BB(7) | ARB_BB(56) | ARB_BB(63);
    arb_position_finish(pos);
}

arb_bitboard arb_attackers_to(const arb_position *pos, int sq, arb_bitboard occupied)
{
    const arb_bitboard *k = pos->by_kind;
    return (arb_pawn_attacks(ARB_BLACK, sq) & pos->by_color[ARB_WHITE] & k[ARB_PAWN])
         | (arb_pawn_attacks(ARB_WHITE, sq) & pos->by_color[ARB_BLACK] & k[ARB_PAWN])
         | (arb_knight_attacks(sq) & k[ARB_KNIGHT])
         | (arb_king_attacks(sq) & k[ARB_KING])
         | (arb_rook_attacks(sq, occupied) & (k[ARB_ROOK] | k[ARB_QUEEN]))
         | (arb_bishop_attacks(sq, occupied) & (k[ARB_BISHOP] | k[ARB_QUEEN]));
}

static arb_bitboard compute_checkers(const arb_position *pos)
{
    int us = pos->side;
    if (!arb_pieces(pos, us, ARB_KING))
        return 0; /* a board under construction */
    return arb_attackers_to(pos, arb_king_square(pos, us), arb_occupied(pos)) & pos->by_color[us ^ 1];
}

/* 9.2.2: the e.p. square makes positions differ only if the capture is
 * possible, i.e. some capturing pawn does not leave its king in check. */
static bool ep_capture_is_legal(const arb_position *pos)
{
    int ep = pos->ep_square;
    if (ep == ARB_NO_SQUARE)
        return false;
    int us = pos->side, them = us ^ 1;
    int captured = ep + (us == ARB_WHITE ? -8 : 8);
    arb_bitboard capturers = arb_pawn_attacks(them, ep) & arb_pieces(pos, us, ARB_PAWN);
    if (!capturers)
        return false;
    int ksq = arb_king_square(pos, us);
    while (capturers) {
        int from = arb_pop_lsb(&capturers);
        arb_bitboard occ = (arb_occupied(pos) ^ ARB_BB(from) ^ ARB_BB(captured)) | ARB_BB(ep);
        if (!(arb_attackers_to(pos, ksq, occ) & pos->by_color[them] & ~ARB_BB(captured)))
            return true;
    }
    return false;
}

uint64_t arb_position_compute_key(const arb_position *pos)
{
    uint64_t key = 0;
    for (int sq = 0; sq < 64; sq++)
        if (pos->board[sq] != ARB_NO_PIECE)
            key ^= arb_zobrist_piece[pos->board[sq]][sq];
    arb_bitboard rooks = pos->castling_rooks;
    while (rooks)
        key ^= arb_zobrist_castling[arb_pop_lsb(&rooks)];
    if (pos->ep_legal)
        key ^= arb_zobrist_ep_file[arb_file_of(pos->ep_square)];
    if (pos->side == ARB_BLACK)
        key ^= arb_zobrist_black_to_move;
    return key;
}

void arb_position_finish(arb_position *pos)
{
    pos->checkers = compute_checkers(pos);
    pos->ep_legal = ep_capture_is_legal(pos);
    pos->key = arb_position_compute_key(pos);
}

int arb_castling_rook(const arb_position *pos, int color, bool king_side)
{
    arb_bitboard rooks = pos->castling_rooks & arb_rank_bb(color == ARB_WHITE ? 0 : 7);
    if (!rooks)
        return ARB_NO_SQUARE;
    int ksq = arb_king_square(pos, color);
    arb_bitboard side_mask = king_side ? ~((ARB_BB(ksq) << 1) - 1) : (ARB_BB(ksq) - 1);
    rooks &= side_mask;
    if (!rooks)
        return ARB_NO_SQUARE;
    return king_side ? 63 - __builtin_clzll(rooks) : arb_lsb(rooks);
}

bool arb_move_is_capture(const arb_position *pos, arb_move move)
{
    int type = arb_move_type(move);
    if (type == ARB_MOVE_EN_PASSANT)
        return true;
    if (type == ARB_MOVE_CASTLING || move == ARB_MOVE_NULL)
        return false;
    return pos->board[arb_move_to(move)] != ARB_NO_PIECE;
}

arb_bitboard arb_all_checkers(const arb_position *p, int us)
{
    return arb_attackers_to(p, arb_king_square(p, us ^ 1), arb_occupied(p)) & p->by_color[us];
}

/* King and rook to their castled squares; returns the change of the key. */
uint64_t arb_play_castling(arb_position *p, int us, int from, int to)
{
    int back_rank = us == ARB_WHITE ? 0 : 7;
    bool king_side = to > from;
    int king_to = arb_square(king_side ? 6 : 2, back_rank);
    int rook_to = arb_square(king_side ? 5 : 3, back_rank);
    int king = arb_piece(us, ARB_KING), rook = arb_piece(us, ARB_ROOK);
    arb_toggle(p, us, ARB_KING, ARB_BB(from) ^ ARB_BB(king_to));
    arb_toggle(p, us, ARB_ROOK, ARB_BB(to) ^ ARB_BB(rook_to));
    p->board[from] = p->board[to] = ARB_NO_PIECE;
    p->board[king_to] = (uint8_t)king;
    p->board[rook_to] = (uint8_t)rook;
    p->checkers = arb_all_checkers(p, us);
    return arb_zobrist_piece[king][from] ^ arb_zobrist_piece[king][king_to]
         ^ arb_zobrist_piece[rook][to] ^ arb_zobrist_piece[rook][rook_to];
}

/* Takes away the castling rights a move ends (a right goes with its rook, and
 * a side's rights go with its king); returns the change of the key. */
uint64_t arb_update_castling(arb_position *p, int us, int from, int to, int kind)
{
    arb_bitboard lost = p->castling_rooks & (ARB_BB(from) | ARB_BB(to));
    if (kind == ARB_KING)
        lost |= p->castling_rooks & arb_rank_bb(us == ARB_WHITE ? 0 : 7);
    p->castling_rooks ^= lost;
    uint64_t change = 0;
    while (lost)
        change ^= arb_zobrist_castling[arb_pop_lsb(&lost)];
    return change;
}

/* After a double step: the e.p. square, which counts in the key only when an
 * e.p. capture is legal (9.2.2). */
uint64_t arb_set_ep_square(arb_position *p, int us, int from, int to)
{
    p->ep_square = (uint8_t)((from + to) / 2);
    if (!(arb_pawn_attacks(us, p->ep_square) & arb_pieces(p, us ^ 1, ARB_PAWN)))
        return 0;
    p->ep_legal = ep_capture_is_legal(p);
    return p->ep_legal ? arb_zobrist_ep_file[arb_file_of(p->ep_square)] : 0;
}

static void play_special(arb_position *p, arb_move move) { arb_play(p, move, p->side, arb_move_type(move), false); }

/* A plain move: normal, not a double step, no castling right touched. */
static inline bool is_plain(const arb_position *p, unsigned move, int us)
{
    const unsigned from = move & 63, to = (move >> 6) & 63;
    const unsigned kind = p->board[from] - 6u * (unsigned)us;
    return move < (1u << 14) && move != ARB_MOVE_NULL && !arb_touches_castling(p, from, to, kind) &&
           !arb_double_step(from, to, kind);
}

/* one copy per colour: the colour a constant, indices fold */
static inline __attribute__((always_inline)) void play_any(arb_position *p, arb_move move)
{
    if (p->side == ARB_WHITE && is_plain(p, move, ARB_WHITE))
        arb_play(p, move, ARB_WHITE, ARB_MOVE_NORMAL, true);
    else if (p->side == ARB_BLACK && is_plain(p, move, ARB_BLACK))
        arb_play(p, move, ARB_BLACK, ARB_MOVE_NORMAL, true);
    else
        play_special(p, move);
}

void arb_position_play(arb_position *p, arb_move move)
{
    play_any(p, move);
}

/* (its own copy of the body: the replay's one call per move) */
void arb_position_make(const arb_position *pos, arb_move move, arb_position *out)
{
    *out = *pos;
    play_any(out, move);
}

/* Moves that move or remove a second piece: played on a copy. */
static __attribute__((noinline)) arb_bitboard checkers_by_playing(const arb_position *pos, arb_move move)
{
    arb_position after;
    arb_position_make(pos, move, &after);
    return after.checkers;
}

arb_bitboard arb_move_checkers(const arb_position *pos, arb_move move)
{
    const int us = pos->side, type = arb_move_type(move);
    if (move == ARB_MOVE_NULL || type == ARB_MOVE_CASTLING || type == ARB_MOVE_EN_PASSANT)
        return checkers_by_playing(pos, move);
    const int from = arb_move_from(move), to = arb_move_to(move);
    const int kind = type == ARB_MOVE_PROMOTION ? arb_move_promotion(move) : pos->board[from] - 6 * us;
    const arb_bitboard moved = ARB_BB(from) | ARB_BB(to);
    return arb_checks_by(pos->by_kind, (pos->by_color[us] | moved) ^ ARB_BB(from), (arb_occupied(pos) | moved) ^ ARB_BB(from),
                     us, arb_king_square(pos, us ^ 1), from, to, kind);
}
