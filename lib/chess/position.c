/* position.c — placing pieces, copy-make, and the FIDE 9.2.2 repetition key. */
#include "position.h"

#include <string.h>

#include "attacks.h"
#include "zobrist.h"

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

static inline void remove_piece(arb_position *p, int sq)
{
    int piece = p->board[sq];
    p->by_color[arb_piece_color(piece)] ^= ARB_BB(sq);
    p->by_kind[arb_piece_kind(piece)] ^= ARB_BB(sq);
    p->board[sq] = ARB_NO_PIECE;
    p->key ^= arb_zobrist_piece[piece][sq];
}

static inline void add_piece(arb_position *p, int piece, int sq)
{
    p->by_color[arb_piece_color(piece)] |= ARB_BB(sq);
    p->by_kind[arb_piece_kind(piece)] |= ARB_BB(sq);
    p->board[sq] = (uint8_t)piece;
    p->key ^= arb_zobrist_piece[piece][sq];
}

void arb_position_make(const arb_position *pos, arb_move move, arb_position *out)
{
    *out = *pos;
    int us = pos->side;
    if (pos->ep_legal)
        out->key ^= arb_zobrist_ep_file[arb_file_of(pos->ep_square)];
    out->ep_square = ARB_NO_SQUARE;
    out->ep_legal = 0;
    out->key ^= arb_zobrist_black_to_move;
    out->side = (uint8_t)(us ^ 1);
    out->fullmove_number += us == ARB_BLACK;
    out->halfmove_clock++;
    out->checkers = 0; /* a null move is only allowed when not in check */
    if (move == ARB_MOVE_NULL)
        return;

    int from = arb_move_from(move), to = arb_move_to(move), type = arb_move_type(move);
    int piece = pos->board[from];
    int back_rank = us == ARB_WHITE ? 0 : 7;
    arb_bitboard lost_rights = out->castling_rooks & (ARB_BB(from) | ARB_BB(to));

    if (type == ARB_MOVE_CASTLING) {
        bool king_side = to > from;
        int king_to = arb_square(king_side ? 6 : 2, back_rank);
        int rook_to = arb_square(king_side ? 5 : 3, back_rank);
        int rook = pos->board[to];
        remove_piece(out, from);
        remove_piece(out, to);
        add_piece(out, piece, king_to);
        add_piece(out, rook, rook_to);
        lost_rights |= out->castling_rooks & arb_rank_bb(back_rank);
    } else {
        if (type == ARB_MOVE_EN_PASSANT) {
            remove_piece(out, to + (us == ARB_WHITE ? -8 : 8));
            out->halfmove_clock = 0;
        } else if (pos->board[to] != ARB_NO_PIECE) {
            remove_piece(out, to);
            out->halfmove_clock = 0;
        }
        remove_piece(out, from);
        int kind = arb_piece_kind(piece);
        add_piece(out, type == ARB_MOVE_PROMOTION ? arb_piece(us, arb_move_promotion(move)) : piece, to);
        if (kind == ARB_PAWN) {
            out->halfmove_clock = 0;
            if ((from ^ to) == 16) {
                out->ep_square = (uint8_t)((from + to) / 2);
                if (arb_pawn_attacks(us, out->ep_square) & arb_pieces(out, us ^ 1, ARB_PAWN)) {
                    out->ep_legal = ep_capture_is_legal(out);
                    if (out->ep_legal)
                        out->key ^= arb_zobrist_ep_file[arb_file_of(out->ep_square)];
                }
            }
        } else if (kind == ARB_KING) {
            lost_rights |= out->castling_rooks & arb_rank_bb(back_rank);
        }
    }
    while (lost_rights) {
        int sq = arb_pop_lsb(&lost_rights);
        out->castling_rooks ^= ARB_BB(sq);
        out->key ^= arb_zobrist_castling[sq];
    }
    out->checkers = arb_attackers_to(out, arb_king_square(out, us ^ 1), arb_occupied(out)) & out->by_color[us];
}
