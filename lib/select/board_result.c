/* board_result.c — the result the final position decides (see
 * board_result.h). */
#include "board_result.h"

#include "rules.h"

arb_board_result arb_board_result_of(const arb_pgn_game *g)
{
    arb_board_result r = {ARB_PGN_RESULT_NONE, NULL, NULL};
    if (g->error_count > 0)
        return r;
    switch (arb_board_end(&g->end)) {
    case ARB_BOARD_CHECKMATE:
        r.result = g->end.side == ARB_WHITE ? ARB_PGN_RESULT_BLACK : ARB_PGN_RESULT_WHITE;
        r.why = g->end.side == ARB_WHITE ? "White is checkmated" : "Black is checkmated";
        r.article = "5.1.1";
        break;
    case ARB_BOARD_STALEMATE:
        r.result = ARB_PGN_RESULT_DRAW;
        r.why = g->end.side == ARB_WHITE ? "White is stalemated" : "Black is stalemated";
        r.article = "5.2.1";
        break;
    case ARB_BOARD_DEAD_POSITION:
        r.result = ARB_PGN_RESULT_DRAW;
        r.why = "dead position, neither side can checkmate";
        r.article = "5.2.2";
        break;
    default: break;
    }
    return r;
}
