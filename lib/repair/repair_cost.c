/* repair_cost.c — how far a legal move is from a written token: the human
 * recording errors the repair search prices (see repair.h). */
#include <stdlib.h>

#include "repair.h"

/* Extra costs over the REPLACE base, per difference. */
enum {
    COST_OTHER_PIECE = 35,       /* another piece letter */
    COST_LETTER_MIXUP = 12,      /* a letter that means this piece in SAN (N for C, ...) */
    COST_SQUARE_STEP = 30,       /* a file or a rank one off */
    COST_DISAMBIGUATION = 30,    /* a from-file or from-rank written that the move does not come
                                  * from: the writer named where the piece stood (one left out
                                  * costs nothing: the token is then read as ambiguous) */
    COST_PROMOTION = 20,         /* another promotion piece, or one missing */
    COST_CASTLING_SIDE = 25,     /* O-O for O-O-O and back */
    COST_KING_FOR_CASTLING = 15, /* Kg1 written for O-O */
    COST_CAPTURE_MARK = 5        /* x added or dropped */
};

static bool is_castling(arb_move m) { return arb_move_type(m) == ARB_MOVE_CASTLING; }

static int castle_side(arb_move m)
{
    return arb_move_to(m) > arb_move_from(m) ? ARB_CASTLE_SHORT : ARB_CASTLE_LONG;
}

/* Where the king goes when castling (to is the rook's square). */
static int castle_king_to(const arb_position *pos, arb_move m)
{
    int rank = arb_rank_of(arb_move_from(m));
    (void)pos;
    return arb_square(castle_side(m) == ARB_CASTLE_SHORT ? 6 : 2, rank);
}

int arb_repair_distance(const arb_position *pos, const arb_move_spec *spec, const arb_move_spec *english_spec,
                        arb_move m)
{
    int from = arb_move_from(m);
    int kind = arb_piece_kind(pos->board[from]);
    if (spec->castle != ARB_CASTLE_NONE) {
        if (is_castling(m))
            return castle_side(m) == spec->castle ? 0 : COST_CASTLING_SIDE;
        return -1;
    }
    int to = arb_move_to(m);
    if (is_castling(m)) {
        /* "Kg1" written for O-O */
        if (spec->kind == ARB_KING && spec->to == castle_king_to(pos, m))
            return COST_KING_FOR_CASTLING;
        return -1;
    }
    if (spec->to >= 64)
        return -1;
    int cost = 0;
    if (spec->kind == ARB_NO_KIND) {
        /* coordinates: e2e4 — one square of the two may be off by one */
        int written_from = spec->from_file >= 0 && spec->from_rank >= 0
                               ? arb_square(spec->from_file, spec->from_rank) : -1;
        if (written_from >= 0 && written_from != from) {
            if (spec->to != to)
                return -1;
            int df = abs(arb_file_of(written_from) - arb_file_of(from));
            int dr = abs(arb_rank_of(written_from) - arb_rank_of(from));
            if (df > 1 || dr > 1)
                return -1;
            return COST_SQUARE_STEP * (df + dr);
        }
    } else if (spec->kind != kind) {
        if (spec->to != to)
            return -1;
        bool mixup = english_spec && english_spec->kind == kind && english_spec->to == to;
        cost += mixup ? COST_LETTER_MIXUP : COST_OTHER_PIECE;
    }
    int df = abs(arb_file_of(spec->to) - arb_file_of(to));
    int dr = abs(arb_rank_of(spec->to) - arb_rank_of(to));
    if (df > 1 || dr > 1)
        return -1;
    if (df + dr > 0 && cost > 0)
        return -1;   /* two differences at once are no longer a close reading */
    cost += COST_SQUARE_STEP * (df + dr);
    if (spec->kind != ARB_NO_KIND) {
        if (spec->from_file >= 0 && spec->from_file != arb_file_of(from))
            cost += COST_DISAMBIGUATION;
        if (spec->from_rank >= 0 && spec->from_rank != arb_rank_of(from))
            cost += COST_DISAMBIGUATION;
    }
    if (arb_move_type(m) == ARB_MOVE_PROMOTION) {
        if (spec->promotion != arb_move_promotion(m))
            cost += COST_PROMOTION;
    } else if (spec->promotion != ARB_NO_KIND) {
        cost += COST_PROMOTION;
    }
    bool written_capture = (spec->flags & ARB_SPEC_CAPTURE) != 0;
    if (written_capture != arb_move_is_capture(pos, m))
        cost += COST_CAPTURE_MARK;
    return cost;
}
