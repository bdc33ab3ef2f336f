/* board_result.h — the result a game's final position decides.
 *
 * Only the board decides here, by the rules of lib/chess/rules.h: the side
 * to move is checkmated (FIDE 5.1.1: the other side wins), stalemated
 * (5.2.1: a draw), or neither side can checkmate any more, judged by
 * material (5.2.2 dead position: a draw).  Any other final position decides
 * nothing (a resignation, a draw by agreement, a flag fall are not on the
 * board), and neither does a game that cannot be replayed to its end.
 *
 * Ownership and threads: pure functions of the game.
 */
#ifndef ARB_BOARD_RESULT_H
#define ARB_BOARD_RESULT_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include "pgn_game.h"

typedef struct arb_board_result {
    int result;              /* enum arb_pgn_result; ARB_PGN_RESULT_NONE: the board decides nothing */
    const char *why;         /* "White is checkmated", "stalemate", "dead position ..." */
    const char *article;     /* "5.1.1", "5.2.1", "5.2.2" */
} arb_board_result;

arb_board_result arb_board_result_of(const arb_pgn_game *g);

#pragma GCC visibility pop
#endif
