/* pgn_export.h — games as data: JSON (one object per game, for JSON Lines),
 * CSV (chosen columns), EPD (one position per ply).
 *
 * JSON (corpora/schema/game.schema.json is the contract): the tags in
 * their order (the later values of a repeated tag in "repeated_tags" as
 * [name, value] pairs), the result, the start position when the game has its own,
 * the main line as an array of moves, each with its SAN and UCI, its NAGs,
 * its comments (and "comments_before" for comments that open a line), the
 * clock and engine commands of its comments parsed ([%clk 1:02:03] as
 * "clk": 3723 seconds, %emt likewise, [%eval 0.17] as "eval": 0.17,
 * [%eval #-3] as "mate": -3), and its variations as arrays of moves of the
 * same form, nested to any depth; then the number of main-line plies and
 * the final position as FEN.
 *
 * CSV (RFC 4180): one row per game, the columns named in a comma-separated
 * list: tag names (as written, e.g. WhiteElo), or "game" (its number),
 * "result", "plies", "moves" (main line in SAN, space-separated), "uci",
 * "start_fen", "final_fen".  A missing tag gives an empty field.
 *
 * EPD: one line per position of the main line, the start included (ply 0):
 * the four EPD fields, then the operations hmvc, fmvn, game N and ply N.
 *
 * Game numbers are the caller's: where one belongs the writer calls
 * `number`, which appends it to the buffer (a caller writing in parallel
 * marks the place for arb_pgn_output_number); with NULL, 0 is written.
 *
 * Ownership and threads: the functions only append to the caller's buffer;
 * the game must have been read without errors (its moves legal).  No state
 * is kept: any number of threads may export distinct games at once.
 */
#ifndef ARB_PGN_EXPORT_H
#define ARB_PGN_EXPORT_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include "pgn_game.h"
#include "strbuf.h"

enum arb_pgn_export_format { ARB_PGN_EXPORT_JSON = 1, ARB_PGN_EXPORT_CSV, ARB_PGN_EXPORT_EPD };

typedef void (*arb_pgn_export_number)(void *ctx, arb_strbuf *out);

/* The columns when none are asked for. */
#define ARB_PGN_CSV_DEFAULT_COLUMNS "game,Event,Site,Date,Round,White,Black,Result,WhiteElo,BlackElo,ECO,plies,moves"

/* Appends the game as one JSON object and a newline.  False when out of
 * memory. */
bool arb_pgn_export_json(const arb_pgn_game *g, arb_strbuf *out, arb_pgn_export_number number, void *ctx);

/* Appends the header row for `columns` (NULL: the default ones). */
bool arb_pgn_export_csv_header(const char *columns, arb_strbuf *out);
/* Appends the game's row. */
bool arb_pgn_export_csv(const arb_pgn_game *g, const char *columns, arb_strbuf *out,
                        arb_pgn_export_number number, void *ctx);

/* Appends one EPD line per main-line position. */
bool arb_pgn_export_epd(const arb_pgn_game *g, arb_strbuf *out, arb_pgn_export_number number, void *ctx);

/* SAN and UCI of a move (null moves "--" and "0000"); buffers of 16 bytes. */
void arb_pgn_export_move_text(const arb_position *before, arb_move move, const arb_position *after, char *san,
                              char *uci);

#pragma GCC visibility pop
#endif
