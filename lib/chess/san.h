/* san.h — Standard Algebraic Notation (PGN §8.2.3), long algebraic and UCI.
 *
 * The writer is canonical: disambiguation by file, then rank, then square,
 * counting only legal moves (a pinned piece does not count); castling as
 * O-O / O-O-O (also in Chess960); promotions as =Q; + and # computed.
 *
 * The parser is strict about what a move is and tolerant only of what SAN
 * allows: a missing or present 'x', check/mate suffixes (never trusted) and
 * annotation suffixes (! ?) are accepted; anything else is an error kind.
 */
#ifndef ARB_SAN_H
#define ARB_SAN_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include "movegen.h"

/* Longest SAN/LAN/UCI text written, including NUL ("Qa1xh8=Q+" plus room). */
#define ARB_SAN_MAX 16

size_t arb_san_write(const arb_position *pos, arb_move move, char *buf);
/* long algebraic: Ng1-f3, e7xd8=Q, O-O */
size_t arb_lan_write(const arb_position *pos, arb_move move, char *buf);
/* The same, when the caller already made the move: `after` is the position it
 * leads to (saves playing the move again to find + and #). */
size_t arb_san_write_after(const arb_position *pos, arb_move move, const arb_position *after, char *buf);
size_t arb_lan_write_after(const arb_position *pos, arb_move move, const arb_position *after, char *buf);
/* UCI: e2e4, e7e8q; castling as king-to-square in standard chess, king-takes-rook in Chess960 */
size_t arb_uci_write(const arb_position *pos, arb_move move, char *buf);

enum arb_san_error {
    ARB_SAN_OK = 0,
    ARB_SAN_SYNTAX,          /* not shaped like a move at all */
    ARB_SAN_ILLEGAL,         /* shaped like a move, but no legal move matches */
    ARB_SAN_AMBIGUOUS,       /* several legal moves match (FIDE C.10) */
    ARB_SAN_BAD_PROMOTION    /* promotion missing, to a wrong piece, or on a non-promoting move */
};

/* Resolves one SAN token (len bytes, not NUL-terminated) against the legal
 * moves of pos.  On ARB_SAN_OK *move is set.  If candidates is not NULL it
 * receives the matching legal moves for ARB_SAN_AMBIGUOUS, or, for other
 * errors, the legal moves of the same piece kind to the same square or of the
 * same piece kind (so a message can say what was possible).  Also accepts
 * king-takes-own-rook coordinates for castling (e.g. "Kh1", "e1h1" in
 * Chess960) and "0-0" digits. */
int arb_san_parse(const arb_position *pos, const char *token, size_t len,
                  arb_move *move, arb_movelist *candidates);

/* Resolves a UCI/coordinate token (e2e4, e7e8q, e1g1, king-takes-rook e1h1). */
int arb_uci_parse(const arb_position *pos, const char *token, size_t len, arb_move *move);

const char *arb_san_error_text(int code);

#pragma GCC visibility pop
#endif
