/* resolve.c — matching a token's constraints against the legal moves.
 *
 * Every legal move is tested against the constraints; over-specified tokens
 * (Cg1f3 where Cf3 would do) are fine, two fits are ambiguous (FIDE C.10),
 * none is illegal.  A capture mark does not choose between moves, except that
 * a pawn written without its file moves straight ahead unless a capture mark
 * says otherwise (SAN's reading of "d5").
 */
#include "notation.h"

#include "movegen.h"

/* Castling is stored as king-takes-own-rook.  A token names it by side
 * (0-0), by the rook square (Kh1, e1h1: Chess960 habit) or, in standard
 * chess only, by the king's destination when the king's square is written
 * (e1g1, Ke1-g1: UCI and long algebraic). */
static bool castling_fits(const arb_position *pos, const arb_move_spec *spec, arb_move m)
{
    int from = arb_move_from(m), rook = arb_move_to(m);
    bool king_side = rook > from;
    if (spec->castle != ARB_CASTLE_NONE)
        return king_side == (spec->castle == ARB_CASTLE_SHORT);
    if (spec->kind != ARB_NO_KIND && spec->kind != ARB_KING)
        return false;
    if (spec->to == rook)
        return true;
    if (pos->chess960 || spec->from_file < 0)
        return false;
    return spec->to == arb_square(king_side ? 6 : 2, arb_rank_of(from));
}

static bool fits(const arb_position *pos, const arb_move_spec *spec, arb_move m)
{
    int from = arb_move_from(m), to = arb_move_to(m);
    if (spec->from_file >= 0 && arb_file_of(from) != spec->from_file)
        return false;
    if (spec->from_rank >= 0 && arb_rank_of(from) != spec->from_rank)
        return false;
    if (arb_move_type(m) == ARB_MOVE_CASTLING)
        return castling_fits(pos, spec, m);
    if (spec->castle != ARB_CASTLE_NONE || to != spec->to)
        return false;
    int kind = arb_piece_kind(pos->board[from]);
    if (spec->kind != ARB_NO_KIND && spec->kind != kind)
        return false;
    if (kind == ARB_PAWN && spec->kind == ARB_PAWN && spec->from_file < 0) {
        bool straight = arb_file_of(from) == arb_file_of(to);
        return (spec->flags & ARB_SPEC_CAPTURE) ? !straight : straight;
    }
    return true;
}

/* What a reader might have meant, for an illegal token. */
static void suggest(const arb_position *pos, const arb_move_spec *spec, const arb_movelist *legal,
                    arb_movelist *out)
{
    out->count = 0;
    for (int pass = 0; pass < 4 && out->count == 0; pass++)
        for (int i = 0; i < legal->count; i++) {
            arb_move m = legal->moves[i];
            int from = arb_move_from(m), kind = arb_piece_kind(pos->board[from]);
            bool castling = arb_move_type(m) == ARB_MOVE_CASTLING;
            bool take;
            switch (pass) {
            case 0: /* same kind onto the same square */
                take = spec->kind != ARB_NO_KIND && kind == spec->kind && !castling && arb_move_to(m) == spec->to;
                break;
            case 1: /* same kind (castling counts as a king move) */
                take = spec->kind != ARB_NO_KIND && kind == spec->kind;
                break;
            case 2: /* from the square written */
                take = spec->from_file >= 0 && spec->from_rank >= 0 &&
                       from == arb_square(spec->from_file, spec->from_rank);
                break;
            default:
                take = true;
            }
            if (take)
                out->moves[out->count++] = m;
        }
}

int arb_notation_resolve(const arb_position *pos, const arb_move_spec *spec, arb_move *move,
                         arb_movelist *candidates)
{
    arb_movelist legal, found;
    arb_generate_legal(pos, &legal);
    found.count = 0;
    for (int i = 0; i < legal.count; i++)
        if (fits(pos, spec, legal.moves[i]))
            found.moves[found.count++] = legal.moves[i];

    if (found.count > 0) {
        int promoting = 0, kept = 0;
        for (int i = 0; i < found.count; i++) {
            arb_move m = found.moves[i];
            if (arb_move_type(m) != ARB_MOVE_PROMOTION)
                continue;
            promoting++;
            if (spec->promotion == ARB_NO_KIND || arb_move_promotion(m) == spec->promotion)
                found.moves[kept++] = m;
        }
        if (promoting == 0 && spec->promotion != ARB_NO_KIND) {
            /* d5D: a promotion letter on a move that does not promote */
            if (candidates)
                *candidates = found;
            return ARB_SAN_BAD_PROMOTION;
        }
        if (promoting > 0) {
            found.count = kept;
            if (spec->promotion == ARB_NO_KIND) {
                /* the pawn reaches the last rank but the token does not say what it becomes */
                if (candidates)
                    *candidates = found;
                return ARB_SAN_BAD_PROMOTION;
            }
        }
    }
    if (found.count == 1) {
        *move = found.moves[0];
        if (candidates)
            candidates->count = 0;
        return ARB_SAN_OK;
    }
    if (found.count > 1) {
        if (candidates)
            *candidates = found;
        return ARB_SAN_AMBIGUOUS;
    }
    if (candidates)
        suggest(pos, spec, &legal, candidates);
    return ARB_SAN_ILLEGAL;
}

unsigned arb_notation_wrong_marks(const arb_position *pos, const arb_move_spec *spec, arb_move move)
{
    unsigned wrong = 0;
    if ((spec->flags & ARB_SPEC_CAPTURE) && !arb_move_is_capture(pos, move))
        wrong |= ARB_SPEC_CAPTURE;
    if ((spec->flags & ARB_SPEC_EN_PASSANT) && arb_move_type(move) != ARB_MOVE_EN_PASSANT)
        wrong |= ARB_SPEC_EN_PASSANT;
    if (spec->flags & (ARB_SPEC_CHECK | ARB_SPEC_MATE)) {
        arb_position next;
        arb_position_make(pos, move, &next);
        bool check = arb_in_check(&next);
        if ((spec->flags & ARB_SPEC_CHECK) && !check)
            wrong |= ARB_SPEC_CHECK;
        if ((spec->flags & ARB_SPEC_MATE) && !(check && arb_count_legal(&next) == 0))
            wrong |= ARB_SPEC_MATE;
    }
    return wrong;
}
