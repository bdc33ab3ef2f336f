/* trf_check.h — an event's games against its tournament report (TRF).
 *
 * Every pairing the report says was played over the board (results 1 0 =
 * W D L) should have exactly one game, with the report's players, colours,
 * round and result.  The games come one at a time (streaming); each is
 * matched to a pairing and its findings are added to the game's own lint
 * report (findings.h, codes trf-*):
 *   trf-extra-game      no pairing of the report matches the game;
 *   trf-duplicate-game  the pairing already has a game;
 *   trf-result, trf-colours, trf-round  the game disagrees with its pairing;
 *   trf-forfeit-played  the report has a forfeit or bye, the game has moves;
 *   trf-player-id       a WhiteFideId/BlackFideId the report contradicts;
 *   trf-player-name     a player matched only loosely (name_match.h).
 * Findings of no game go to a report of their own (r->no_game, source the
 * TRF file): the report's contradictions (trf-inconsistent: a pairing whose
 * two lines disagree, an opponent without a 001 line, points that are not
 * the sum of the results), and at the end every pairing left without a game
 * (trf-missing-game).
 *
 * Matching: a player by FIDE ID when the game's tags give one the report
 * knows, else by name, loosely (name_match.h); among the players a name may
 * fit, the pair the report pairs (in the game's round, else in any round)
 * wins.  When one player is known and the round's opponent is not matched
 * by name, the game is taken to be that pairing with a trf-player-name
 * warning: a misspelt name is never a missing plus an extra game.
 *
 * Memory: the report's size (one claim per round cell), whatever the number
 * of games; the file names of the games' inputs are kept, once each.
 *
 * Ownership and threads: the check keeps a pointer to the report, which must
 * outlive it.  Games must be given one at a time (the check records which
 * pairings have their game): use one check from one thread, in input order.
 */
#ifndef ARB_TRF_CHECK_H
#define ARB_TRF_CHECK_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include "findings.h"
#include "pgn_game.h"
#include "strbuf.h"
#include "trf.h"

typedef struct arb_trf_check arb_trf_check;

/* NULL when out of memory. */
arb_trf_check *arb_trf_check_new(const arb_trf *trf);
void arb_trf_check_free(arb_trf_check *c);

/* The report's contradictions (trf-inconsistent) into r, which is reset
 * first and marked no_game with the report's name as source. */
void arb_trf_check_report(arb_trf_check *c, arb_lint_report *r);

/* Matches game g and adds its trf-* findings to r (the game's lint report,
 * already filled by arb_lint_game). */
void arb_trf_check_game(arb_trf_check *c, const arb_pgn_game *g, arb_lint_report *r);

/* After the last game: a trf-missing-game finding per pairing without a
 * game into r (reset first, no_game). */
void arb_trf_check_finish(arb_trf_check *c, arb_lint_report *r);

/* Per round (round 0: games whose round is not known). */
typedef struct arb_trf_round_summary {
    int round;
    unsigned expected;     /* pairings played over the board */
    unsigned found;        /* games matched to a pairing of the round */
    unsigned missing;      /* pairings played over the board without a game */
    unsigned extra;        /* games matching no pairing (or a second game) */
    unsigned disagreeing;  /* matched games with a result, colours, round, forfeit or ID finding */
} arb_trf_round_summary;

/* rows[0] is the total, rows[1..rounds] the rounds, rows[rounds + 1] the
 * games of no known round; returns the row count (rounds + 2), or 0 when
 * `cap` is too small. */
size_t arb_trf_check_summary(const arb_trf_check *c, arb_trf_round_summary *rows, size_t cap);
int arb_trf_check_rounds(const arb_trf_check *c);

/* The summary as a text table, or as one JSON line
 *   {"type":"trf-summary","report","event","rounds":[{"round","expected","found",
 *    "missing","extra","disagreeing"},...],"total":{...}}
 * (the row of no known round has "round":null and only when it has games). */
bool arb_trf_summary_format_text(const arb_trf_check *c, arb_strbuf *out);
bool arb_trf_summary_format_json(const arb_trf_check *c, arb_strbuf *out);

#pragma GCC visibility pop
#endif
