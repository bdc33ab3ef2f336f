/* pgn_game_store.h — what a game owns besides its public arrays (the
 * text arena and the arrays' capacities), for the library's own files: the
 * reader adds a move without a call (arb_pgn_game_add_move_fast).
 *
 * Internal to the library (not in the public headers); pgn_game.c owns
 * the store and its memory.  Ownership and threads: as the game's.
 */
#ifndef ARB_PGN_GAME_STORE_H
#define ARB_PGN_GAME_STORE_H

#include "pgn_game.h"

struct arena_block;

/* Kept from game to game. */
struct arb_pgn_game_store {
    struct arena_block *first, *current;   /* the text arena */
    size_t tag_cap, item_cap, diag_cap;    /* of g->tags, g->items, g->diags */
    arb_position standard_start;           /* computed once, copied by every reset */
};

/* arb_pgn_game_add_move when the items have room; false, nothing added,
 * when they have not (then arb_pgn_game_add_move grows them). */
static inline bool arb_pgn_game_add_move_fast(arb_pgn_game *g, const arb_position *before, arb_move move,
                                              int line, int col)
{
    if (!(g->store && g->item_count < g->store->item_cap))
        return false;
    unsigned number = before->fullmove_number ? before->fullmove_number : 1;
    g->items[g->item_count++] = (arb_pgn_item){.kind = ARB_PGN_ITEM_MOVE, .move = move, .line = line,
                                               .col = col, .ply = (uint32_t)(number - 1) * 2 + before->side};
    return true;
}

#endif
