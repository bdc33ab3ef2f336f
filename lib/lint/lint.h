/* lint.h — checking one game the way an arbiter would.
 *
 * Input: a game as the PGN reader returns it (tags, replayed main line and
 * variations, the reader's diagnostics) and the rules in force.  Output: an
 * arb_lint_report (findings.h) with one finding per irregularity, the
 * result the final position implies and how the game ended.
 *
 * What is checked (codes in findings.h):
 *   - the Seven Tag Roster and tag syntax (tag-missing, tag-format), plus
 *     the event's required tags;
 *   - the start position: FEN legality (fen-invalid), Chess960 start arrays
 *     (chess960-start) and castling notation in Chess960 (castling-960);
 *   - the moves: the reader's first bad move becomes illegal-move,
 *     ambiguous-move or bad-token with the legal candidates; moves recorded
 *     after checkmate, stalemate, a dead position, fivefold repetition or 75
 *     moves (moves-after-end; which of the last two end a game by themselves
 *     depends on the edition, and a mate on the 150th half-move wins);
 *   - the result: Result tag against termination marker and against the
 *     final position, `*` on a finished game, a decisive time forfeit the
 *     winner could not have won (result-mismatch);
 *   - draws: which claim (threefold 9.2, fifty moves 9.3) was available at
 *     the end of a drawn game, else agreement; the first point where a claim
 *     was available in a game that went on; draws agreed too early
 *     (early-agreement); draw offers recorded as (=) (draw-offer).
 *
 * The rules come from a profile (profile.h): a fixed edition, or with
 * `auto_edition` the edition in force on the game's Date tag; the section
 * (standard, rapid, blitz) is the options' or the event's, else the one the
 * TimeControl tag falls in, else standard.
 *
 * Ownership and threads: a linter holds scratch memory (the position
 * history) reused from game to game; use one per thread.  It keeps no
 * pointer to the game after arb_lint_game returns, but the report's string
 * fields point into the game (see findings.h).
 */
#ifndef ARB_LINT_H
#define ARB_LINT_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include "findings.h"
#include "pgn_game.h"
#include "profile.h"

/* Zero means the default for every field: the newest edition built into the
 * library, its section chosen per game (event, TimeControl tag, standard),
 * moves read as SAN, no suggestions in other notations. */
typedef struct arb_lint_options {
    const arb_profile *profile;        /* the edition; with auto_edition, the fallback;
                                          NULL: the newest of `profiles` */
    const arb_profile_set *profiles;   /* editions to choose from; NULL: the built-in ones */
    bool auto_edition;                 /* choose the edition by the Date tag */
    bool time_class_fixed;             /* use time_class for every game */
    int time_class;                    /* enum arb_time_class, with time_class_fixed; otherwise
                                          the event's, the TimeControl tag's, else standard */
    const arb_event *event;            /* event regulations, or NULL */
    /* The notation the moves are written in (notation.h; the reader's
     * option of the same name), for explaining a move that does not replay;
     * NULL: SAN. */
    const struct arb_notation *notation;
    /* Notations (notation.h) a move that does not replay is also read in, to
     * suggest what the writer meant when a national letter slipped into the
     * record (R is the Romanian king, C the knight, ...); none when 0.  A game
     * the reader detected in a notation (g->notation) is explained in the one
     * of these with that code. */
    const struct arb_notation *const *suggest;
    size_t suggest_count;
    /* Or, with suggest NULL, the same list made on first need (a move that
     * does not replay: most runs never need it) by suggest_load(suggest_ctx,
     * &count), which must be thread-safe and give the same list every time;
     * NULL (count 0) when there is none. */
    const struct arb_notation *const *(*suggest_load)(void *ctx, size_t *count);
    void *suggest_ctx;
    /* 5.2.2 and 6.9 by the material on the board only (rules.h), without
     * the search of unwinnable.h: faster, and blind to locked pawns */
    bool dead_by_material_only;
} arb_lint_options;

typedef struct arb_linter arb_linter;

/* NULL when out of memory. */
arb_linter *arb_linter_new(void);
void arb_linter_free(arb_linter *l);

/* Checks game g (the `index`-th of its input, 1-based) into r, which is
 * reset first.  options may be NULL (the defaults).  Returns a status with a
 * nonzero code only when out of memory or when the built-in editions cannot
 * be loaded. */
arb_status arb_lint_game(arb_linter *l, const arb_pgn_game *g, uint64_t index,
                         const arb_lint_options *options, arb_lint_report *r);

/* The rules that apply to g under options (the edition and section chosen
 * as described above); *profile receives the edition.  NULL when options
 * name no edition and no set to take one from. */
const arb_rules *arb_lint_rules_for(const arb_pgn_game *g, const arb_lint_options *options,
                                    const arb_profile **profile);

#pragma GCC visibility pop
#endif
