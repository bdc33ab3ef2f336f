/* position.c — placing pieces, making moves, and the FIDE 9.2.2 repetition key. */
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

/* The opponent's king was not in check before the move (FEN and make keep
 * that), so after it the only pieces that can check it are the moved piece
 * (direct check) and a line piece uncovered on the line from the king through
 * the origin (discovered check).  En passant and castling move or remove a
 * second piece: they recompute from scratch. */
static inline __attribute__((always_inline)) arb_bitboard checks_by(const arb_bitboard *k, arb_bitboard ours,
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
static inline __attribute__((always_inline)) arb_bitboard checks_after(const arb_position *p, int us, int from,
                                                                       int to, int kind)
{
    return checks_by(p->by_kind, p->by_color[us], arb_occupied(p), us, arb_king_square(p, us ^ 1), from, to, kind);
}

static arb_bitboard all_checkers(const arb_position *p, int us)
{
    return arb_attackers_to(p, arb_king_square(p, us ^ 1), arb_occupied(p)) & p->by_color[us];
}

/* Pieces of colour `color` kind `kind` appear or disappear on `squares`. */
static inline void toggle(arb_position *p, int color, int kind, arb_bitboard squares)
{
    p->by_color[color] ^= squares;
    p->by_kind[kind] ^= squares;
}

/* King and rook to their castled squares; returns the change of the key. */
static uint64_t play_castling(arb_position *p, int us, int from, int to)
{
    int back_rank = us == ARB_WHITE ? 0 : 7;
    bool king_side = to > from;
    int king_to = arb_square(king_side ? 6 : 2, back_rank);
    int rook_to = arb_square(king_side ? 5 : 3, back_rank);
    int king = arb_piece(us, ARB_KING), rook = arb_piece(us, ARB_ROOK);
    toggle(p, us, ARB_KING, ARB_BB(from) ^ ARB_BB(king_to));
    toggle(p, us, ARB_ROOK, ARB_BB(to) ^ ARB_BB(rook_to));
    p->board[from] = p->board[to] = ARB_NO_PIECE;
    p->board[king_to] = (uint8_t)king;
    p->board[rook_to] = (uint8_t)rook;
    p->checkers = all_checkers(p, us);
    return arb_zobrist_piece[king][from] ^ arb_zobrist_piece[king][king_to]
         ^ arb_zobrist_piece[rook][to] ^ arb_zobrist_piece[rook][rook_to];
}

/* Takes away the castling rights a move ends (a right goes with its rook, and
 * a side's rights go with its king); returns the change of the key. */
static uint64_t update_castling(arb_position *p, int us, int from, int to, int kind)
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
static uint64_t set_ep_square(arb_position *p, int us, int from, int to)
{
    p->ep_square = (uint8_t)((from + to) / 2);
    if (!(arb_pawn_attacks(us, p->ep_square) & arb_pieces(p, us ^ 1, ARB_PAWN)))
        return 0;
    p->ep_legal = ep_capture_is_legal(p);
    return p->ep_legal ? arb_zobrist_ep_file[arb_file_of(p->ep_square)] : 0;
}

/* The body of a move, inlined three times: for plain moves of each colour
 * (`plain`: a normal move that is no double step and touches no castling
 * right, so the special cases vanish and no call is left; the colour a
 * constant) and once for the rest.  The state
 * lives in locals until the end: the board is bytes, and a store through it
 * would otherwise make the compiler reload every other field. */
static inline __attribute__((always_inline)) void play(arb_position *p, unsigned move, int us, int type, bool plain)
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
    if (!plain && ((p->castling_rooks & (from_bb | to_bb)) || (kind == ARB_KING && p->castling_rooks)))
        key ^= update_castling(p, us, (int)from, (int)to, (int)kind);
    if (type == ARB_MOVE_CASTLING) {
        p->key = key ^ play_castling(p, us, (int)from, (int)to);
        p->halfmove_clock = (uint16_t)clock;
        return;
    }
    const unsigned captured = p->board[to];
    if (captured != ARB_NO_PIECE) {
        toggle(p, them, (int)(captured - 6u * (unsigned)them), to_bb);
        key ^= arb_zobrist_piece[captured][to];
        clock = 0;
    }
    unsigned placed = piece;
    if (type == ARB_MOVE_PROMOTION) {
        placed = (unsigned)arb_piece(us, arb_move_promotion((arb_move)move));
        toggle(p, us, ARB_PAWN, from_bb);
        toggle(p, us, (int)(placed - 6u * (unsigned)us), to_bb);
    } else {
        toggle(p, us, (int)kind, from_bb | to_bb);
    }
    key ^= arb_zobrist_piece[piece][from] ^ arb_zobrist_piece[placed][to];
    p->board[from] = ARB_NO_PIECE;
    p->board[to] = (uint8_t)placed;
    if (type == ARB_MOVE_EN_PASSANT) {
        unsigned victim = to ^ 8; /* beside the origin, behind the target */
        toggle(p, them, ARB_PAWN, ARB_BB(victim));
        p->board[victim] = ARB_NO_PIECE;
        key ^= arb_zobrist_piece[arb_piece(them, ARB_PAWN)][victim];
        p->checkers = all_checkers(p, us);
        p->key = key;
        p->halfmove_clock = 0;
        return;
    }
    if (kind == ARB_PAWN) {
        clock = 0;
        if (!plain && (from ^ to) == 16)
            key ^= set_ep_square(p, us, (int)from, (int)to);
    }
    p->checkers = checks_after(p, us, (int)from, (int)to, (int)(placed - 6u * (unsigned)us));
    p->key = key;
    p->halfmove_clock = (uint16_t)clock;
}

static void play_special(arb_position *p, arb_move move) { play(p, move, p->side, arb_move_type(move), false); }

/* A plain move: normal, not a double step, no castling right touched. */
static inline bool is_plain(const arb_position *p, unsigned move, int us)
{
    const unsigned from = move & 63, to = (move >> 6) & 63;
    const unsigned kind = p->board[from] - 6u * (unsigned)us;
    return move < (1u << 14) && move != ARB_MOVE_NULL && !(p->castling_rooks & (ARB_BB(from) | ARB_BB(to))) &&
           !(kind == ARB_KING && p->castling_rooks) && !(kind == ARB_PAWN && (from ^ to) == 16);
}

/* one copy per colour: the colour a constant, indices fold */
static inline __attribute__((always_inline)) void play_any(arb_position *p, arb_move move)
{
    if (p->side == ARB_WHITE && is_plain(p, move, ARB_WHITE))
        play(p, move, ARB_WHITE, ARB_MOVE_NORMAL, true);
    else if (p->side == ARB_BLACK && is_plain(p, move, ARB_BLACK))
        play(p, move, ARB_BLACK, ARB_MOVE_NORMAL, true);
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
    return checks_by(pos->by_kind, (pos->by_color[us] | moved) ^ ARB_BB(from), (arb_occupied(pos) | moved) ^ ARB_BB(from),
                     us, arb_king_square(pos, us ^ 1), from, to, kind);
}
