/* sheets_run.h — pgnrepair --sheets WHITE BLACK: game i of each file is one
 * player's record of the same game; the game that agrees with both except
 * at the fewest places is written (PGN, or JSON with the disagreements),
 * and each disagreement is said on stderr as FILE:LINE:COL.
 *
 * Before anything is written both files are read once for their tags: the
 * same number of games, at least one, game i of each from the same start
 * (FEN tag); else the run fails with a message.  The search is
 * lib/repair/sheets.h.
 *
 * Ownership and threads: one thread; the caller owns every pointer.
 */
#ifndef ARB_CMD_SHEETS_RUN_H
#define ARB_CMD_SHEETS_RUN_H

#include <stdbool.h>

#include "notation.h"
#include "outfile.h"
#include "pgn_read.h"
#include "repair.h"

typedef struct sheets_run {
    const char *program;             /* for messages */
    const char *paths[2];            /* White's sheets, Black's */
    const arb_pgn_reader_options *read;
    const arb_repair_limits *limits;
    const arb_notation *english;     /* SAN letters, for sheets written in SAN */
    bool json;
    outfile *out;
    /* counted as games are reconciled */
    unsigned long long games, clean, repaired, unrepaired;
} sheets_run;

/* False on bad input (said on stderr): unreadable files, an empty file,
 * unequal numbers of games, sheets of one game from different starting
 * positions, or output that could not be written. */
bool sheets_run_files(sheets_run *run);

#endif
