/* duplicates.h — finding games whose main line repeats an earlier game's.
 *
 * A game is summed up by the hashes of its main line: line[k] is the hash of
 * the start position (its FIDE 9.2.2 repetition key, so the FEN's move
 * counters do not matter) followed by the first k + 1 moves; with
 * same_players the values of the White, Black and Date tags are mixed into
 * the start.  Two games are exact duplicates when their whole lines have the
 * same hash (64 bits: a false match among a billion games has a chance of
 * about 3 in 100 000 000), so comments, NAGs, variations, tags, spacing and
 * move numbering do not matter.
 *
 * A table answers, for the games of a stream in order, "which earlier game
 * does this one repeat?" and then remembers the game:
 *   ARB_DUP_EXACT   same main line as an earlier game.  One entry per
 *                   distinct line: 16 bytes, in a table kept at most 3/4
 *                   full (16 to 32 MiB per million distinct games; make
 *                   bench measures about 40 MiB of peak memory per million,
 *                   the table's growth included).
 *   ARB_DUP_PREFIX  also when the main line is a proper prefix of an
 *                   earlier game's (a copy cut short) or an earlier game's
 *                   is a proper prefix of it (a copy continued), the
 *                   shorter of the two having at least min_prefix_plies
 *                   plies (short games are prefixes of thousands of others:
 *                   1. e4 resigns says nothing).  A copy may be cut at any
 *                   ply, so the moves of every game are kept (2 bytes a
 *                   ply) with its hash every 16 plies from
 *                   min_prefix_plies on (a list entry of 8 bytes, and a
 *                   table entry per distinct hash): about 200 to 300 bytes
 *                   per game of 80 plies.  A later game is compared with
 *                   the earlier ones that share its hash at the last such
 *                   checkpoint within its length, at most 4096 of them (so
 *                   time stays bounded when thousands of games share a
 *                   line; a copy of a game beyond those is not found).
 * A game that repeats several earlier ones is said to repeat the first of
 * them that is found: the same line first, then a longer game it is a prefix
 * of (the first game seen with that prefix), then the longest earlier game
 * that is a prefix of it.
 *
 * Games that cannot be replayed without error, and games without a move,
 * are left out: they neither repeat nor are repeated (an empty or broken
 * score says nothing about which game it was).
 *
 * Ownership and threads: hashing (arb_dup_seed, arb_dup_step) is pure and
 * may run on any thread; a table belongs to one thread (the one that sees
 * the games in input order, so the answers do not depend on how many
 * threads read the games).
 */
#ifndef ARB_DUPLICATES_H
#define ARB_DUPLICATES_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pgn_game.h"
#include "status.h"
#include "strbuf.h"

enum arb_dup_mode { ARB_DUP_EXACT = 0, ARB_DUP_PREFIX };

/* Whether the game takes part (replayed without error, at least one move). */
bool arb_dup_eligible(const arb_pgn_game *g);
/* The hash of the start (and, with same_players, of White, Black, Date). */
uint64_t arb_dup_seed(const arb_pgn_game *g, bool same_players);
/* The hash after one more move. */
uint64_t arb_dup_step(uint64_t hash, arb_move move);
/* Appends the main line's hashes line[0..n-1] (n = main-line plies, set in
 * *n) to `out` as raw uint64_t values, or with only_last just line[n-1]
 * (all ARB_DUP_EXACT needs).  False when out of memory. */
bool arb_dup_line(const arb_pgn_game *g, bool same_players, bool only_last, arb_strbuf *out,
                  size_t *n);
/* Appends the main line's moves (arb_move values), then zero bytes up to a
 * multiple of 8 bytes (ARB_DUP_PREFIX needs them).  False when out of
 * memory. */
bool arb_dup_moves(const arb_pgn_game *g, arb_strbuf *out);

typedef struct arb_dup_table arb_dup_table;

/* NULL when out of memory.  min_prefix_plies (ARB_DUP_PREFIX; 0 means 1):
 * the shorter line of a prefix duplicate has at least this many plies. */
arb_dup_table *arb_dup_table_new(int mode, size_t min_prefix_plies);
void arb_dup_table_free(arb_dup_table *t);

/* The game numbered `ordinal` (any increasing numbering chosen by the
 * caller) has main-line hashes line[0..n-1] and moves moves[0..n-1], n >= 1
 * (in ARB_DUP_EXACT mode only line[n-1] is read, so n may be 1 with the
 * whole line's hash, and moves may be NULL; without moves no prefix is
 * looked for).  Sets
 * *repeats to the ordinal of the earlier game it repeats and returns true,
 * or returns false; then records the game.  status.code is nonzero when out
 * of memory (the game is then not recorded). */
bool arb_dup_check(arb_dup_table *t, const uint64_t *line, const arb_move *moves, size_t n,
                   uint64_t ordinal, uint64_t *repeats, arb_status *status);

/* Bytes the table holds now (for the memory figures). */
size_t arb_dup_table_bytes(const arb_dup_table *t);

#pragma GCC visibility pop
#endif
