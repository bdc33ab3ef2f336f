/* repair.h — scoresheet repair: the fewest edits that make a game replay.
 *
 * Most "illegal moves" in submitted games are recording errors: a wrong
 * piece letter, a square one file or rank off, a move left out or written
 * twice, two of one player's moves in swapped order, the wrong castling side.
 * Given a game's written main-line tokens (in the notation they were written
 * in) and its start position, arb_repair_run finds the sets of edits of least
 * cost after which every token replays and, where the board decides it
 * (mate, stalemate), the game ends in its result.
 *
 * Edits: REPLACE a token by a legal move close to what was written (another
 * piece letter, a neighbouring file or rank, a capture mark added or dropped,
 * a disambiguation or promotion piece, the other castling side); INSERT a
 * move that was left out; DELETE a token (cheaper when it repeats the one
 * before it); SWAP two moves of one player (tokens i and i+2).  Edits are
 * tried at every ply before the failure, not only at the failing one, since a
 * wrong but legal move often breaks the game only several moves later.
 *
 * Cost model (repair_cost.c): an edit costs its kind's base, plus how far the
 * move read differs from the token written (a letter that means that piece
 * in English SAN is a small change).  Where the game stops is no evidence
 * of where the error stands (a legal move written wrong breaks it only
 * later): an edit far from the failure costs what one near it does, and of
 * two lines ending in one reading each at equal cost the one that edits
 * farther back comes first.  Marks written that a history contradicts (x,
 * +, #, a from-file or from-rank the board does not need) count against
 * it.  A small chess prior (repair_plausible.c) prices the moves the search
 * supplies: an inserted move by how likely a player made it and how the
 * move written next answers it, a move a token is read as against the move
 * written (or a quiet one), each with what it and the reply written after
 * it pass over (an exchange not taken back, a piece left to be won); a
 * move-frequency prior learned from real games (repair_prior.h) prices an
 * inserted move too and orders repairs of equal cost.  The search is
 * uniform-cost (best first), so repairs come out cheapest first; equal
 * positions reached at the same token are searched once.
 *
 * Bounds: limits.max_edits per repair, limits.max_work position updates and
 * token readings per game, limits.max_nodes search states (memory: about
 * 200 bytes each).  When they run out before any repair is found, the answer
 * is ARB_REPAIR_NO_REPAIR ("no repair within limits"), never a guess.
 *
 * Ownership and threads: an arb_repairer holds the search's memory and is
 * reused game after game; results (arb_repair_result and the moves of each
 * repair) point into it and stay valid until its next run or free.  One
 * repairer per thread; the notations it is given are only read.
 */
#ifndef ARB_REPAIR_H
#define ARB_REPAIR_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include <stddef.h>
#include <stdint.h>

#include "detect.h"
#include "movegen.h"
#include "notation.h"

enum arb_edit_kind { ARB_EDIT_REPLACE = 0, ARB_EDIT_INSERT, ARB_EDIT_DELETE, ARB_EDIT_SWAP };

#define ARB_REPAIR_MAX_EDITS 8

typedef struct arb_repair_edit {
    int kind;          /* enum arb_edit_kind */
    uint32_t token;    /* the written token concerned (SWAP: the first of the two; INSERT: the
                        * token the move goes before, == count at the end) */
    uint32_t ply;      /* 0-based ply of the repaired line where the edit stands (DELETE: the
                        * ply the dropped token would have taken) */
    arb_move move;     /* REPLACE: the move read instead; INSERT: the move inserted */
} arb_repair_edit;

typedef struct arb_repair {
    int cost;
    int edit_count;
    arb_repair_edit edits[ARB_REPAIR_MAX_EDITS];
    const arb_move *moves;   /* the repaired main line, from the start position */
    size_t move_count;
} arb_repair;

enum arb_repair_status {
    ARB_REPAIR_CLEAN = 0,     /* every token reads as written */
    ARB_REPAIR_REPAIRED,      /* repairs[0] is the best repair found */
    ARB_REPAIR_NO_REPAIR      /* no repair within limits */
};

#define ARB_REPAIR_MAX_SUGGESTIONS 16

typedef struct arb_repair_result {
    int status;               /* enum arb_repair_status */
    size_t fail_token;        /* the first token that does not read as written (count if none) */
    size_t count;             /* repairs found, cheapest first */
    arb_repair repairs[ARB_REPAIR_MAX_SUGGESTIONS];
    bool limits_reached;      /* the search stopped at a limit */
    uint64_t work;            /* position updates and readings spent */
} arb_repair_result;

typedef struct arb_repair_limits {
    int max_edits;            /* edits per repair; 0 means 3 */
    uint64_t max_work;        /* 0 means 4,000,000 (about a quarter of a second) */
    size_t max_nodes;         /* 0 means 40,000 */
    int suggestions;          /* repairs wanted, 1..ARB_REPAIR_MAX_SUGGESTIONS; 0 means 3 */
} arb_repair_limits;

#define ARB_REPAIR_DEFAULT_MAX_EDITS 3
#define ARB_REPAIR_DEFAULT_MAX_WORK 4000000u
#define ARB_REPAIR_DEFAULT_MAX_NODES 40000u

/* What the game says of its end, for checking a repaired line: the result
 * (enum arb_pgn_result values: 0 none, 1 white wins, 2 black wins, 3 draw,
 * 4 unknown). */
typedef struct arb_repair_game {
    const arb_position *start;
    const arb_token *tokens;  /* the main line's move tokens as written */
    size_t count;
    int result;
    const arb_notation *notation;   /* the notation they were written in (required) */
    const arb_notation *english;    /* SAN letters, to price letter mix-ups (may be NULL) */
} arb_repair_game;

typedef struct arb_repairer arb_repairer;

/* NULL limits mean the defaults.  NULL when out of memory. */
arb_repairer *arb_repairer_new(const arb_repair_limits *limits);
void arb_repairer_free(arb_repairer *r);

/* Searches repairs of one game.  status.code is non-zero only when out of
 * memory (or for more than 2^31 tokens). */
arb_status arb_repair_run(arb_repairer *r, const arb_repair_game *game, arb_repair_result *out);

/* ---- the cost model (repair_cost.c) ------------------------------------ */

/* Base costs of the edit kinds, in the units of arb_repair.cost. */
enum {
    ARB_REPAIR_COST_REPLACE = 100,
    ARB_REPAIR_COST_INSERT = 140,
    ARB_REPAIR_COST_DELETE = 150,
    ARB_REPAIR_COST_DELETE_REPEAT = 80,   /* the token repeats the one before it or the
                                           * player's previous one */
    ARB_REPAIR_COST_SWAP = 110
};

/* How far move m (legal in pos) is from what spec says, in cost units (0:
 * it fits every constraint written), or -1 when it is not a close reading of
 * the token at all.  english_spec (may be NULL) is the token read with the
 * SAN letters: a piece letter that means m's piece there costs less than
 * another piece letter. */
int arb_repair_distance(const arb_position *pos, const arb_move_spec *spec, const arb_move_spec *english_spec,
                        arb_move m);

/* How surprising move m (legal in `before`, giving `after`; prev the move
 * before it or ARB_MOVE_NONE) is as a move a player made, in cost units
 * (repair_plausible.c): 0 for a recapture, small for a capture, a check or
 * an attacked piece taken to safety, more for a quiet move, more again for
 * a piece left where it is lost for less.  Prices inserted moves. */
enum { ARB_REPAIR_SURPRISE_QUIET = 6 };   /* a quiet move */
int arb_repair_surprise(const arb_position *before, arb_move prev, arb_move m, const arb_position *after);

/* What more than arb_repair_surprise tells of move m (legal in `before`,
 * giving `after`) as a move left out of the record, given `reply`, the move
 * the next token reads as after it (ARB_MOVE_NONE at the end): cheaper for
 * a reply that answers m (takes back on its square, takes away a piece m
 * attacks), dearer for a capture the reply does not take back though it
 * could (how often players make m at all is repair_prior.h's).  Cost units, added to the surprise; may be
 * negative.  Prices inserted moves: the one the next move answers is
 * likelier the one left out. */
int arb_repair_left_out(const arb_position *before, arb_move m, const arb_position *after, arb_move reply);

/* What move m (legal in `before`, whose legal moves are `legal`; prev the
 * move before it, prev_took whether prev captured) passes over, in cost
 * units (repair_plausible.c): an exchange not taken back at once, a piece
 * that could be won for nothing left standing; 0 when in check.  Prices a
 * move a token is read as and the legal move written there alike, and the
 * reply written after each: the line in which the players took what was
 * offered is the likelier. */
enum { ARB_REPAIR_FORGONE_RECAPTURE = 6, ARB_REPAIR_FORGONE_MATERIAL = 6 };
int arb_repair_forgone(const arb_position *before, arb_move prev, bool prev_took, arb_move m,
                       const arb_movelist *legal);

#pragma GCC visibility pop
#endif
