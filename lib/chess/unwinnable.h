/* unwinnable.h — can a side still checkmate by any series of legal moves?
 *
 * FIDE 5.2.2 (a dead position: neither player can checkmate by any series of
 * legal moves) and 6.9 (a flag fall is a draw when the opponent cannot
 * checkmate by any series of legal moves) both ask whether a helpmate exists:
 * a sequence where both players cooperate so that `color` mates.  The answer
 * comes in three kinds, after the method of the Chess Unwinnability Analyzer
 * (Ambrona 2022), our own code:
 *   - material: a lone king, a lone knight against a lone king, bishops of one
 *     square colour against nothing that could block on the other colour;
 *   - search: a best-first walk through every position reachable from this
 *     one (both sides cooperating), with a table of the positions seen.  It
 *     stops with "possible" and the mating line as soon as one is mated,
 *     with "impossible" when no position is left to visit (blocked pawn
 *     chains, bishops that never reach the king, forced lines that lose the
 *     mating material or stalemate), and with "unknown" at the node limit.
 * A branch is cut where the mating side is left without mating material (the
 * material rule), or is itself mated or stalemated: no mate by `color` lies
 * beyond.  "Impossible" is therefore never wrong; "unknown" must be taken as
 * "possible" by callers that turn wins into draws.
 *
 * Positions reached are told apart by their repetition key (side to move,
 * pieces, castling and en-passant rights); the move counters are ignored,
 * which only admits more sequences (the answer "impossible" stays sound).
 *
 * Ownership and threads: pure functions of their arguments.  A search
 * allocates its tables on the heap, bounded by the node limit (about 60
 * bytes per position seen), and frees them before returning.  Thread safe.
 */
#ifndef ARB_UNWINNABLE_H
#define ARB_UNWINNABLE_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include "position.h"

enum arb_mate_verdict {
    ARB_MATE_UNKNOWN = 0,   /* the search hit its limit (or memory ran out) */
    ARB_MATE_POSSIBLE,      /* a helpmate exists; `line` holds one */
    ARB_MATE_IMPOSSIBLE     /* no series of legal moves ends in mate by this side */
};

enum arb_mate_reason {
    ARB_MATE_BY_SEARCH = 0, /* decided (or left unknown) by the search */
    ARB_MATE_BY_MATERIAL,   /* impossible by the material on the board alone */
    ARB_MATE_NO_MEMORY      /* unknown: the tables could not be allocated */
};

/* Positions a search may visit unless told otherwise: enough for locked pawn
 * chains with bishops on both sides behind them (about 60 MB at most).  A
 * position that looks open (the side has a queen or rook, or more than one
 * pawn moved in the first 4096 positions) gets no more: a mate there is
 * near or out of reach of any limit. */
#define ARB_MATE_DEFAULT_NODES 1000000u
/* Longest mating line kept in an answer (plies). */
#define ARB_MATE_LINE_MAX 64

typedef struct arb_mate_answer {
    int verdict;                    /* enum arb_mate_verdict */
    int reason;                     /* enum arb_mate_reason */
    int color;                      /* the side asked about */
    uint32_t nodes;                 /* positions visited */
    int line_plies;                 /* length of the mating line (may exceed what is kept) */
    arb_move line[ARB_MATE_LINE_MAX]; /* a helpmate from the position, when possible */
    /* pawns that stood on the same square in every position the search
     * visited: the blocked structure behind an "impossible" by search */
    arb_bitboard fixed_pawns;
} arb_mate_answer;

/* Can `color` checkmate by some series of legal moves from pos?  node_limit
 * 0 means ARB_MATE_DEFAULT_NODES. */
arb_mate_answer arb_mate_search(const arb_position *pos, int color, uint32_t node_limit);

/* A cheap test that arb_mate_search(pos, color, any limit) will not answer
 * ARB_MATE_IMPOSSIBLE (it answers "possible" or "unknown"): true only when
 * that is certain (the search stops early in positions this open, and at
 * least that many positions are reachable), false when it cannot tell.  For
 * callers that act only on "impossible" (6.9), it spares the search. */
bool arb_mate_search_not_impossible(const arb_position *pos, int color);

/* A cheap test for the every-ply check of 5.2.2: false when the position is
 * certainly not dead for a reason a search could find within a small limit
 * (some pawn can move or capture now and no side lacks mating material);
 * true when arb_mate_search is worth asking for both sides. */
bool arb_dead_candidate(const arb_position *pos);
/* The same test for one side: it lacks mating material, or has pawns and
 * none of them can move now. */
bool arb_side_may_be_shut_out(const arb_position *pos, int color);

/* The material rule alone (the first step of arb_mate_search): true when
 * `color` cannot mate with what is on the board, whatever the moves. */
bool arb_mate_impossible_by_material(const arb_position *pos, int color);

/* Why `color` cannot mate, in words an arbiter reads ("White has a king
 * and a bishop against a king and a rook, which cannot give mate"; "...,
 * and the locked pawns on a4, a5 never move (1,152 positions examined)"),
 * for an answer of ARB_MATE_IMPOSSIBLE about pos. */
void arb_mate_answer_describe(const arb_position *pos, const arb_mate_answer *a, char *buf, size_t size);

/* The position is dead (5.2.2): neither side can mate, as far as searches of
 * node_limit positions (0: default) can show.  False when unknown. */
bool arb_position_is_dead(const arb_position *pos, uint32_t node_limit);

#pragma GCC visibility pop
#endif
