/* pgn_lenient.h — the PGN reader's second chance for real-world text.
 *
 * Used by pgn_read.c only (not a public interface).  When a game's strict
 * reading ends in an error and options.lenient is set, its original bytes
 * are rewritten (lenient.h) and read again by a reader of their own, with
 * the same options; when that reading replays, its games replace the
 * strict one (a pasted text may hold several), each rewrite reported as a
 * warning at its place, and each game's raw text is its original bytes.
 * Several rewrites are tried (generic, then with each locale's typeset
 * letters); when two of them replay the first game with different moves,
 * the doubt is an error and the game is not converted.  When none replays,
 * the reading that got furthest is kept, so the error names the move where
 * the text really fails.
 *
 * Ownership and threads: one arb_pgn_lenient per reader, owned by it; the
 * games it hands out point into it and into the reader's buffer, so both
 * stay valid until the next arb_pgn_read.
 */
#ifndef ARB_PGN_LENIENT_H
#define ARB_PGN_LENIENT_H

#include "pgn_read.h"

/* Texts longer than this are not read again (pasted games are short; the
 * rewrite's memory grows with the text). */
#define ARB_PGN_LENIENT_MAX_BYTES ((size_t)256 << 10)

typedef struct arb_pgn_lenient arb_pgn_lenient;

arb_pgn_lenient *arb_pgn_lenient_new(void);
void arb_pgn_lenient_free(arb_pgn_lenient *l);

/* g was read strictly with errors (g->raw complete).  Replaces it with the
 * lenient reading when that is better.  Returns ARB_PGN_READ_GAME, or
 * ARB_PGN_READ_FAILED when out of memory. */
int arb_pgn_lenient_retry(arb_pgn_lenient *l, const arb_pgn_reader_options *opt, const char *name, arb_pgn_game *g,
                          arb_status *status);

/* More games of the last rewritten text wait: the next one into g. */
bool arb_pgn_lenient_pending(arb_pgn_lenient *l);
int arb_pgn_lenient_next(arb_pgn_lenient *l, arb_pgn_game *g, arb_status *status);

#endif
