/* dup_record.h — a game's part in finding duplicates, carried from the
 * thread that replays it to the one that sees the games in input order.
 *
 * A worker appends each game's record to a buffer (arb_dup_record); the
 * thread that takes the buffers in input order reads the records back in
 * the same order and checks each against its table (arb_dup_record_check),
 * so the answers do not depend on how many threads replayed the games.  A
 * record is the main line's hashes (ARB_DUP_EXACT: only the last one), with
 * ARB_DUP_PREFIX followed by the line's moves padded to 8 bytes
 * (duplicates.h); a game that takes no part has no record (count 0).
 *
 * Ownership and threads: no state of its own; the buffer and the table
 * belong to the caller, each used by one thread at a time.
 */
#ifndef ARB_DUP_RECORD_H
#define ARB_DUP_RECORD_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "duplicates.h"
#include "pgn_game.h"
#include "status.h"
#include "strbuf.h"

/* Appends g's record for `mode` (enum arb_dup_mode) to out and sets *count
 * to the number of its hashes (0: g takes no part, nothing appended).
 * False when out of memory. */
bool arb_dup_record(const arb_pgn_game *g, int mode, bool same_players, arb_strbuf *out, uint64_t *count);

/* Checks the record at *at (in 8-byte units from the start of records) of
 * `count` hashes, made for `mode`, against t (arb_dup_check: *repeats,
 * status) and moves *at past it; a count of 0 is a game that takes no part:
 * false, nothing read. */
bool arb_dup_record_check(arb_dup_table *t, int mode, const arb_strbuf *records, size_t *at, uint64_t count,
                          uint64_t ordinal, uint64_t *repeats, arb_status *status);

#pragma GCC visibility pop
#endif
