/* movegen.c — strictly legal move generation.
 *
 * Legality is built in rather than tested afterwards: the king never steps
 * onto an attacked square, pinned pieces move only along their pin line, and
 * in check the other pieces may only capture the checker or block.  The two
 * rare cases that need a full test — en passant (which removes two pieces
 * from a rank) and castling — check the king's safety directly.
 *
 * One body serves generation and counting: with `list == NULL` moves are
 * counted by popcount (perft bulk counting) instead of being stored.
 */
#include "movegen.h"

#include "attacked.h"
#include "attacks.h"

static inline int emit_from(arb_movelist *list, int from, arb_bitboard targets)
{
    if (!list)
        return arb_popcount(targets);
    while (targets)
        list->moves[list->count++] = arb_move_make(from, arb_pop_lsb(&targets), ARB_MOVE_NORMAL, 0);
    return 0;
}

/* moves whose origin is a fixed offset from the target (pawn sets) */
static inline int emit_offset(arb_movelist *list, int offset, arb_bitboard targets, int type)
{
    if (!list)
        return arb_popcount(targets);
    while (targets) {
        int to = arb_pop_lsb(&targets);
        list->moves[list->count++] = arb_move_make(to - offset, to, type, 0);
    }
    return 0;
}

static inline int emit_promotions(arb_movelist *list, int from, int to)
{
    if (!list)
        return 4;
    for (int kind = ARB_QUEEN; kind >= ARB_KNIGHT; kind--)
        list->moves[list->count++] = arb_move_make(from, to, ARB_MOVE_PROMOTION, kind);
    return 0;
}

static inline int emit_promotions_offset(arb_movelist *list, int offset, arb_bitboard targets)
{
    if (!list)
        return 4 * arb_popcount(targets);
    while (targets) {
        int to = arb_pop_lsb(&targets);
        emit_promotions(list, to - offset, to);
    }
    return 0;
}

static inline arb_bitboard shift_up(arb_bitboard b, int us) { return us == ARB_WHITE ? b << 8 : b >> 8; }

/* squares attacked by `color`, with the given occupancy (the defending king
 * removed, so it cannot hide behind itself along a line of attack) */
static arb_bitboard attacked_by(const arb_position *pos, int color, arb_bitboard occupied)
{
    arb_bitboard ours = pos->by_color[color];
    arb_bitboard pawns = ours & pos->by_kind[ARB_PAWN];
    arb_bitboard attacked = color == ARB_WHITE
        ? ((pawns & ~arb_file_bb(0)) << 7) | ((pawns & ~arb_file_bb(7)) << 9)
        : ((pawns & ~arb_file_bb(0)) >> 9) | ((pawns & ~arb_file_bb(7)) >> 7);
    arb_bitboard b = ours & pos->by_kind[ARB_KNIGHT];
    while (b)
        attacked |= arb_knight_attacks(arb_pop_lsb(&b));
    b = ours & (pos->by_kind[ARB_BISHOP] | pos->by_kind[ARB_QUEEN]);
    while (b)
        attacked |= arb_bishop_attacks(arb_pop_lsb(&b), occupied);
    b = ours & (pos->by_kind[ARB_ROOK] | pos->by_kind[ARB_QUEEN]);
    while (b)
        attacked |= arb_rook_attacks(arb_pop_lsb(&b), occupied);
    attacked |= arb_king_attacks(arb_king_square(pos, color));
    return attacked;
}

static arb_bitboard pinned_pieces(const arb_position *pos, int us, int ksq, arb_bitboard occupied)
{
    int them = us ^ 1;
    arb_bitboard theirs = pos->by_color[them];
    arb_bitboard snipers =
        (arb_rook_attacks(ksq, 0) & theirs & (pos->by_kind[ARB_ROOK] | pos->by_kind[ARB_QUEEN]))
      | (arb_bishop_attacks(ksq, 0) & theirs & (pos->by_kind[ARB_BISHOP] | pos->by_kind[ARB_QUEEN]));
    arb_bitboard pinned = 0;
    while (snipers) {
        arb_bitboard blockers = arb_between(ksq, arb_pop_lsb(&snipers)) & occupied;
        if (blockers && !arb_more_than_one(blockers))
            pinned |= blockers & pos->by_color[us];
    }
    return pinned;
}

static int gen_en_passant(const arb_position *pos, arb_movelist *list, int ksq)
{
    int n = 0, us = pos->side, them = us ^ 1, ep = pos->ep_square;
    int captured = ep + (us == ARB_WHITE ? -8 : 8);
    arb_bitboard capturers = arb_pawn_attacks(them, ep) & arb_pieces(pos, us, ARB_PAWN);
    while (capturers) {
        int from = arb_pop_lsb(&capturers);
        arb_bitboard occ = (arb_occupied(pos) ^ ARB_BB(from) ^ ARB_BB(captured)) | ARB_BB(ep);
        if (arb_attackers_to(pos, ksq, occ) & pos->by_color[them] & ~ARB_BB(captured))
            continue;
        if (list)
            list->moves[list->count++] = arb_move_make(from, ep, ARB_MOVE_EN_PASSANT, 0);
        else
            n++;
    }
    return n;
}

/* FIDE Guidelines II.3 (also the standard rule): every square between the
 * king's and rook's start and destination squares empty but for those two
 * pieces; the king's start, path and destination not attacked. */
static bool castling_with(const arb_position *pos, int ksq, int rook)
{
    int them = pos->side ^ 1, back_rank = arb_rank_of(ksq);
    bool king_side = rook > ksq;
    int king_to = arb_square(king_side ? 6 : 2, back_rank);
    int rook_to = arb_square(king_side ? 5 : 3, back_rank);
    arb_bitboard occ = arb_occupied(pos) ^ ARB_BB(ksq) ^ ARB_BB(rook);
    arb_bitboard must_be_empty = arb_between(ksq, king_to) | ARB_BB(king_to)
                               | arb_between(rook, rook_to) | ARB_BB(rook_to);
    if (must_be_empty & occ)
        return false;
    arb_bitboard king_path = arb_between(ksq, king_to) | ARB_BB(king_to);
    while (king_path) {
        int sq = arb_pop_lsb(&king_path);
        if (arb_attacked_by(pos, sq, occ, pos->by_color[them], them))
            return false;
    }
    return true;
}

bool arb_castling_is_legal(const arb_position *pos, int rook)
{
    int us = pos->side, ksq = arb_king_square(pos, us);
    int back_rank = us == ARB_WHITE ? 0 : 7;
    if (pos->checkers || arb_rank_of(ksq) != back_rank || arb_rank_of(rook) != back_rank ||
        !(pos->castling_rooks & arb_pieces(pos, us, ARB_ROOK) & ARB_BB(rook)))
        return false;
    return castling_with(pos, ksq, rook);
}

static int gen_castling(const arb_position *pos, arb_movelist *list, int ksq)
{
    int n = 0, us = pos->side;
    int back_rank = us == ARB_WHITE ? 0 : 7;
    arb_bitboard rooks = pos->castling_rooks & arb_rank_bb(back_rank) & arb_pieces(pos, us, ARB_ROOK);
    if (arb_rank_of(ksq) != back_rank)
        return 0;
    while (rooks) {
        int rook = arb_pop_lsb(&rooks);
        if (!castling_with(pos, ksq, rook))
            continue;
        if (list)
            list->moves[list->count++] = arb_move_make(ksq, rook, ARB_MOVE_CASTLING, 0);
        else
            n++;
    }
    return n;
}

static inline __attribute__((always_inline)) int generate(const arb_position *pos, arb_movelist *list)
{
    const int us = pos->side, them = us ^ 1;
    const arb_bitboard occ = arb_occupied(pos);
    const arb_bitboard ours = pos->by_color[us], theirs = pos->by_color[them];
    const int ksq = arb_king_square(pos, us);
    const arb_bitboard checkers = pos->checkers;
    int n = 0;

    arb_bitboard danger = attacked_by(pos, them, occ ^ ARB_BB(ksq));
    n += emit_from(list, ksq, arb_king_attacks(ksq) & ~ours & ~danger);
    if (arb_more_than_one(checkers))
        return n;

    const arb_bitboard target = checkers ? arb_between(ksq, arb_lsb(checkers)) | checkers : ~ours;
    const arb_bitboard pinned = pinned_pieces(pos, us, ksq, occ);
    const arb_bitboard *k = pos->by_kind;

    arb_bitboard b = ours & k[ARB_KNIGHT] & ~pinned;
    while (b) {
        int sq = arb_pop_lsb(&b);
        n += emit_from(list, sq, arb_knight_attacks(sq) & target);
    }
    b = ours & (k[ARB_BISHOP] | k[ARB_QUEEN]);
    while (b) {
        int sq = arb_pop_lsb(&b);
        arb_bitboard t = arb_bishop_attacks(sq, occ) & target;
        if (pinned & ARB_BB(sq))
            t &= arb_line(ksq, sq);
        n += emit_from(list, sq, t);
    }
    b = ours & (k[ARB_ROOK] | k[ARB_QUEEN]);
    while (b) {
        int sq = arb_pop_lsb(&b);
        arb_bitboard t = arb_rook_attacks(sq, occ) & target;
        if (pinned & ARB_BB(sq))
            t &= arb_line(ksq, sq);
        n += emit_from(list, sq, t);
    }

    /* pawns not pinned, as sets */
    const arb_bitboard empty = ~occ;
    const arb_bitboard last_rank_from = arb_rank_bb(us == ARB_WHITE ? 6 : 1);
    const arb_bitboard double_rank = arb_rank_bb(us == ARB_WHITE ? 2 : 5);
    const int up = us == ARB_WHITE ? 8 : -8;
    const int up_left = us == ARB_WHITE ? 7 : -9, up_right = us == ARB_WHITE ? 9 : -7;
    arb_bitboard pawns = ours & k[ARB_PAWN] & ~pinned;
    arb_bitboard plain = pawns & ~last_rank_from, promoting = pawns & last_rank_from;

    arb_bitboard single = shift_up(plain, us) & empty;
    arb_bitboard twice = shift_up(single & double_rank, us) & empty & target;
    n += emit_offset(list, up, single & target, ARB_MOVE_NORMAL);
    n += emit_offset(list, 2 * up, twice, ARB_MOVE_NORMAL);
    arb_bitboard left_from = plain & ~arb_file_bb(0), right_from = plain & ~arb_file_bb(7);
    arb_bitboard left = (us == ARB_WHITE ? left_from << 7 : left_from >> 9) & theirs & target;
    arb_bitboard right = (us == ARB_WHITE ? right_from << 9 : right_from >> 7) & theirs & target;
    n += emit_offset(list, up_left, left, ARB_MOVE_NORMAL);
    n += emit_offset(list, up_right, right, ARB_MOVE_NORMAL);
    if (promoting) {
        arb_bitboard pl = promoting & ~arb_file_bb(0), pr = promoting & ~arb_file_bb(7);
        n += emit_promotions_offset(list, up, shift_up(promoting, us) & empty & target);
        n += emit_promotions_offset(list, up_left,
                                    (us == ARB_WHITE ? pl << 7 : pl >> 9) & theirs & target);
        n += emit_promotions_offset(list, up_right,
                                    (us == ARB_WHITE ? pr << 9 : pr >> 7) & theirs & target);
    }

    /* pinned pawns, one at a time: they may move only along the pin line */
    arb_bitboard pinned_pawns = ours & k[ARB_PAWN] & pinned;
    while (pinned_pawns) {
        int sq = arb_pop_lsb(&pinned_pawns);
        arb_bitboard one = shift_up(ARB_BB(sq), us) & empty;
        arb_bitboard dests = one | (shift_up(one & double_rank, us) & empty)
                           | (arb_pawn_attacks(us, sq) & theirs);
        dests &= target & arb_line(ksq, sq);
        if (ARB_BB(sq) & last_rank_from) {
            while (dests)
                n += emit_promotions(list, sq, arb_pop_lsb(&dests));
        } else {
            n += emit_from(list, sq, dests);
        }
    }

    if (pos->ep_legal)
        n += gen_en_passant(pos, list, ksq);
    if (!checkers && (pos->castling_rooks & ours))
        n += gen_castling(pos, list, ksq);
    return n;
}

int arb_generate_legal(const arb_position *pos, arb_movelist *list)
{
    list->count = 0;
    generate(pos, list);
    return list->count;
}

int arb_count_legal(const arb_position *pos) { return generate(pos, NULL); }

bool arb_is_legal(const arb_position *pos, arb_move move)
{
    arb_movelist list;
    arb_generate_legal(pos, &list);
    for (int i = 0; i < list.count; i++)
        if (list.moves[i] == move)
            return true;
    return false;
}

bool arb_is_checkmate(const arb_position *pos)
{
    return arb_in_check(pos) && arb_count_legal(pos) == 0;
}

bool arb_is_stalemate(const arb_position *pos)
{
    return !arb_in_check(pos) && arb_count_legal(pos) == 0;
}
