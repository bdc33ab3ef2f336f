/* descriptive.h — descriptive notation of older English and Spanish books:
 * P-K4, N-KB3, PxP, QxQch, B-N5, KR-Q1, R1-Q1, P-K8=Q, O-O (English);
 * P4R, C3AR, PxP (Spanish).
 *
 * The spellings are locale data (a locale file with a `descriptive:`
 * section: the names of the files a..h, check and mate words, the order of
 * a square's parts; the pieces, castling, capture and e.p. marks as in any
 * locale).  A square's rank counts from the mover's side (K4 is e4 for
 * White, e5 for Black); a name may stand for two files (R: QR or KR), and a
 * capture may name only the pieces (NxP).  A move is the one legal move that
 * fits everything written: none is ILLEGAL, several AMBIGUOUS with the
 * candidates listed, never a guess.  Before a piece letter, a file name
 * names the wing of the piece that moves or is taken (KR: the rook on the
 * king's side, files e-h) and, for a pawn, its file (KBP); a digit after it
 * the rank it stands on (R1-Q1).
 *
 * Writing gives the shortest of those forms that reads back as the move
 * (N-B3, then N-KB3; PxP, PxQP, NxKB3; QN-Q2, N1-Q2, N/QR1-QN3 as needed), with the check and
 * mate words computed.
 *
 * Ownership and threads: no state; the locale must outlive the calls.
 */
#ifndef ARB_DESCRIPTIVE_H
#define ARB_DESCRIPTIVE_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include <stdbool.h>
#include <stddef.h>

#include "locales.h"
#include "movegen.h"
#include "notation.h"

/* Whether the locale is a descriptive notation (has its file names). */
bool arb_descriptive_locale(const arb_locale *loc);

/* Whether a token has the shape of a descriptive move, without a position
 * (for telling moves from prose; "mate" stays a word of the result). */
bool arb_descriptive_shape(const arb_locale *loc, const char *token, size_t len);

/* Reads one token (len bytes) in pos; result codes of san.h.  spec (may be
 * NULL) receives the piece kind, destination (when written) and marks;
 * candidates (may be NULL) the moves that fit when AMBIGUOUS, or for
 * ILLEGAL the legal moves of that piece kind. */
int arb_descriptive_read(const arb_locale *loc, const arb_position *pos, const char *token, size_t len,
                         arb_move *move, arb_move_spec *spec, arb_movelist *candidates);

/* The move (legal in pos) in the locale's descriptive spelling; returns the
 * length (< ARB_NOTATION_MAX). */
size_t arb_descriptive_write(const arb_locale *loc, const arb_position *pos, arb_move move, char *buf);

#pragma GCC visibility pop
#endif
