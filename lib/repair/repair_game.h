/* repair_game.h — a repair made into a game and into words.
 *
 * arb_repair_build_game turns a game that did not replay, its main line as
 * written (mainline.h) and one repair (repair.h) into a game that replays:
 * the original tags plus [Repaired "..."] naming every edit, the repaired
 * main line, the main line's comments and NAGs at the moves they followed,
 * and at each edited move a comment saying what the scoresheet had
 * ({written: Cd5}, {inserted: not on the scoresheet}, {deleted: e4}).
 * Variations of a game that did not replay are not kept (the caller says so).
 *
 * arb_repair_describe says one edit in words, with the move number as a
 * score gives it and the moves in the notation written: "24. Cd5 read
 * 24. Cb5", "30... Nf3 inserted", "31. e4 deleted (written twice)",
 * "40. Nf3 and 41. Bb5 swapped".
 *
 * Ownership and threads: plain functions; `out` is the caller's game
 * (arb_pgn_game_init), reset and filled here.
 */
#ifndef ARB_REPAIR_GAME_H
#define ARB_REPAIR_GAME_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include "mainline.h"
#include "pgn_game.h"
#include "repair.h"
#include "sheets.h"

/* Collects the main line of g (read by the PGN reader, its text in g->raw)
 * into ml and searches its repairs into res, reading the tokens in *n
 * (english: SAN letters, for mix-ups; may be NULL).  When there is no
 * repair in *n and *n is not english, SAN is tried too (detection may take
 * a SAN game with a wrong letter for a national one): *n then says which
 * notation the repairs read.  False when g's text is not all there (longer
 * than the reader keeps) or out of memory. */
bool arb_repair_pgn_game(arb_repairer *r, arb_mainline *ml, const arb_pgn_game *g, const arb_notation **n,
                         const arb_notation *english, arb_repair_result *res);

/* False when out of memory. */
bool arb_repair_build_game(const arb_pgn_game *src, const arb_mainline *ml, const arb_repair *rep,
                           const arb_notation *n, arb_pgn_game *out);

/* Edit e of rep in words into buf; returns the length. */
size_t arb_repair_describe(const arb_position *start, const arb_mainline *ml, const arb_repair *rep, int e,
                           const arb_notation *n, char *buf, size_t size);

/* The texts of edit e, move numbers glued as a score writes them, moves in
 * the notation written: `written` the token as written ("24.Cd5"), `move`
 * the move read or inserted ("24.Cb5"), `other` a swap's second token
 * ("26.Bb5"); each "" when the edit has none.  Each buffer has `size`
 * bytes. */
void arb_repair_edit_texts(const arb_position *start, const arb_mainline *ml, const arb_repair *rep, int e,
                           const arb_notation *n, char *written, char *move, char *other, size_t size);

/* Every edit of rep described, joined by "; ". */
size_t arb_repair_describe_all(const arb_position *start, const arb_mainline *ml, const arb_repair *rep,
                               const arb_notation *n, char *buf, size_t size);

/* Two scoresheets reconciled (sheets.h) made into a game: White's sheet's
 * tags plus [Reconciled "..."] saying how many places the sheets disagreed
 * at, the game's moves, White's sheet's comments and NAGs, and at each
 * disagreement {white sheet: X, black sheet: Y}.  False when out of memory. */
bool arb_sheets_build_game(const arb_pgn_game *src, const arb_mainline *white, const arb_mainline *black,
                           const arb_sheets_result *res, arb_pgn_game *out);

/* What one sheet had at a disagreement, for messages: the token, or "-"
 * (nothing written there). */
void arb_sheets_token_text(const arb_mainline *ml, int32_t token, char *buf, size_t size);

/* The position before ply `ply` (0-based) of the repaired line. */
arb_position arb_repair_position_at(const arb_position *start, const arb_repair *rep, size_t ply);

#pragma GCC visibility pop
#endif
