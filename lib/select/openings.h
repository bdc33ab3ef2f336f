/* openings.h — ECO codes and opening names, by position.
 *
 * The table is data (lib/select/openings/ *.tsv files, the lichess opening table:
 * "ECO<tab>name<tab>SAN moves from the start" per line after a header).
 * Loading replays every line and keys it by the position it reaches (its
 * FIDE 9.2.2 repetition key), so classification is by position: a game
 * that reaches a named position by another move order (a transposition)
 * gets that name too.  The game's main line is walked from its start, and
 * the last position of it that the table holds wins (the deepest match).
 * When several lines of the table reach one position, the first one read
 * keeps it (files in name order, lines in file order).
 *
 * Ownership and threads: a loaded table is read-only and may be shared by
 * any number of threads; the openings it returns live as long as it does.
 * Errors are complete messages naming the file, line and column.
 */
#ifndef ARB_OPENINGS_H
#define ARB_OPENINGS_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include <stddef.h>
#include <stdint.h>

#include "pgn_game.h"
#include "status.h"

typedef struct arb_opening {
    char eco[4];            /* "A00" .. "E99" */
    const char *name;       /* "Ruy Lopez: Berlin Defense" */
    unsigned plies;         /* length of the table's line */
    uint64_t key;           /* the position it reaches */
} arb_opening;

typedef struct arb_openings arb_openings;

/* Loads every *.tsv of dir, or with dir NULL of the data directory's
 * lib/select/openings or openings (datadir.h). */
arb_status arb_openings_load(const char *dir, arb_openings **out);
void arb_openings_free(arb_openings *t);

size_t arb_openings_count(const arb_openings *t);

/* The opening of the game's main line (see above), or NULL when no position
 * of it is in the table.  *ply (may be NULL) gets the number of plies played
 * when the game reached it (0: its start position). */
const arb_opening *arb_openings_classify(const arb_openings *t, const arb_pgn_game *g, size_t *ply);

/* "A00-B99", "C4", "E" or "B12": whether eco falls within the range, each
 * end given as a letter and 0 to 2 digits (a shorter end covers every code
 * it starts).  arb_eco_range_parse returns false on a malformed range. */
typedef struct arb_eco_range {
    int from, to;           /* codes as 0 (A00) .. 499 (E99) */
} arb_eco_range;
bool arb_eco_range_parse(const char *text, arb_eco_range *range);
bool arb_eco_in_range(const char *eco, const arb_eco_range *range);

#pragma GCC visibility pop
#endif
