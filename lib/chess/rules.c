/* rules.c — game-ending positions, repetitions and claims. */
#include "rules.h"

#include <stdlib.h>
#include <string.h>

#include "grow.h"
#define DARK_SQUARES 0xAA55AA55AA55AA55ULL

int arb_board_end(const arb_position *pos)
{
    if (arb_count_legal(pos) == 0)
        return arb_in_check(pos) ? ARB_BOARD_CHECKMATE : ARB_BOARD_STALEMATE;
    if (arb_dead_by_material(pos))
        return ARB_BOARD_DEAD_POSITION;
    return ARB_BOARD_PLAYING;
}

bool arb_cannot_mate(const arb_position *pos, int color)
{
    const arb_bitboard *k = pos->by_kind;
    arb_bitboard ours = pos->by_color[color], theirs = pos->by_color[color ^ 1];
    if (ours & (k[ARB_PAWN] | k[ARB_ROOK] | k[ARB_QUEEN]))
        return false;
    arb_bitboard knights = ours & k[ARB_KNIGHT], bishops = ours & k[ARB_BISHOP];
    if (!knights && !bishops)
        return true;
    arb_bitboard blockers = theirs & ~k[ARB_KING];
    /* A lone knight mates only where an enemy piece takes a flight square
     * of its king and cannot take the knight.  Queens always can: an
     * enumeration of every position of K+N against K+Q and K+Q+Q finds no
     * mate (it finds some against a rook, a bishop or a knight). */
    if (!bishops && !arb_more_than_one(knights))
        return !(blockers & ~k[ARB_QUEEN]) && arb_popcount(blockers) <= 2;
    if (knights)
        return false;
    /* Bishops of one square colour attack only that colour, which is the
     * colour of the king they check; its orthogonal neighbours, of the
     * other colour, must be taken by the mating king (at most one of them,
     * not being next to the mated king) or by enemy pieces.  The check
     * comes through the diagonal neighbour D between two of those
     * neighbours, so one of them holds an enemy piece; a rook or queen
     * there steps to D (it cannot be pinned: no enemy line piece runs along
     * ranks or files) and parries the check, which pawnless bishops never
     * double.  So mate needs an enemy pawn, knight or bishop of the other
     * colour to fill that square; enemy bishops of the bishops' colour
     * cannot stand there. */
    bool all_dark = !(bishops & ~DARK_SQUARES), all_light = !(bishops & DARK_SQUARES);
    if (!all_dark && !all_light)
        return false;
    arb_bitboard other_colour = all_dark ? ~DARK_SQUARES : DARK_SQUARES;
    return !(blockers & (k[ARB_PAWN] | k[ARB_KNIGHT])) && !(blockers & k[ARB_BISHOP] & other_colour);
}

bool arb_dead_by_material(const arb_position *pos)
{
    const arb_bitboard *k = pos->by_kind;
    if (k[ARB_PAWN] | k[ARB_ROOK] | k[ARB_QUEEN])
        return false;
    arb_bitboard minors = k[ARB_KNIGHT] | k[ARB_BISHOP];
    if (arb_popcount(minors) <= 1)
        return true;
    /* only bishops, all on one square colour, on both sides: no mate is possible */
    if (k[ARB_KNIGHT])
        return false;
    return !(k[ARB_BISHOP] & DARK_SQUARES) || !(k[ARB_BISHOP] & ~DARK_SQUARES);
}

void arb_history_init(arb_history *h)
{
    memset(h, 0, sizeof *h);
}

void arb_history_stamps_clear(arb_history *h)
{
    memset(h->stamp, 0, sizeof h->stamp);
    h->era = 1;
}

void arb_history_free(arb_history *h)
{
    free(h->keys);
    free(h->clocks);
    arb_history_init(h);
}

bool arb_history_reset(arb_history *h, const arb_position *start)
{
    h->count = 0;
    arb_history_new_era(h);   /* whatever the start's clock says, nothing came before it */
    return arb_history_push(h, start);
}

bool arb_history_push(arb_history *h, const arb_position *pos)
{
    if (h->count == h->capacity) {   /* two lists side by side */
        size_t cap = arb_grown_capacity(h->capacity, h->count + 1);
        if (cap == 0 || !arb_resize(&h->keys, cap, sizeof *h->keys) || !arb_resize(&h->clocks, cap, sizeof *h->clocks))
            return false;
        h->capacity = cap;
    }
    h->keys[h->count] = pos->key;
    h->clocks[h->count] = pos->halfmove_clock;
    h->count++;
    arb_history_stamp(h, pos->key, pos->halfmove_clock);
    return true;
}

void arb_history_pop(arb_history *h, size_t plies)
{
    h->count = plies > h->count ? 0 : h->count - plies;
    h->era_whole = false;   /* the era's start may be gone: counts compare until the next one */
}

int arb_history_occurrences(const arb_history *h, size_t i)
{
    if (i >= h->count)
        return 0;
    return arb_history_occurrences_of(h, i, h->keys[i], h->clocks[i]);
}

int arb_history_cycle_occurrences(const arb_history *h, size_t i)
{
    if (i >= h->count)
        return 0;
    /* walk back while every position equals the one four plies earlier: each
     * player is moving back and forth; the run covers (run + 3) / 4 earlier
     * occurrences of position i */
    size_t stop = h->clocks[i] >= i ? 0 : i - h->clocks[i];
    size_t j = i;
    while (j >= stop + 4 && h->keys[j] == h->keys[j - 4])
        j--;
    return 1 + (int)((i - j + 3) / 4);
}

arb_claims arb_claims_available(const arb_history *h, const arb_position *pos)
{
    arb_claims c = {0};
    size_t last = h->count ? h->count - 1 : 0;
    c.threefold_now = h->count && arb_history_occurrences(h, last) >= 3;
    c.fifty_now = pos->halfmove_clock >= 100;

    arb_movelist list;
    arb_generate_legal(pos, &list);
    for (int m = 0; m < list.count; m++) {
        /* a capture or a pawn move sets the clock to 0: it makes no claim */
        arb_move move = list.moves[m];
        if (arb_move_type(move) != ARB_MOVE_CASTLING &&
            (arb_piece_kind(pos->board[arb_move_from(move)]) == ARB_PAWN || pos->board[arb_move_to(move)] != ARB_NO_PIECE))
            continue;
        arb_position next;
        arb_position_make(pos, list.moves[m], &next);
        if (!c.fifty_by_move && next.halfmove_clock >= 100) {
            c.fifty_by_move = true;
            c.fifty_move = list.moves[m];
        }
        /* `next` would stand at index h->count: a third occurrence? */
        if (!c.threefold_by_move && next.halfmove_clock > 0 && h->count &&
            arb_history_occurrences_of(h, h->count, next.key, next.halfmove_clock) >= 3) {
            c.threefold_by_move = true;
            c.threefold_move = list.moves[m];
        }
    }
    return c;
}
