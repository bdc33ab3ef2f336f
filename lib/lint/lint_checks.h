/* lint_checks.h — the checks arb_lint_game runs, one file each:
 * lint_tags.c (the tag section), lint_start.c (the start position),
 * lint_replay.c (the moves, main line and variations), lint_moves.c (a move
 * that does not replay, castling notation in Chess960), lint_end.c (how the
 * game ended, the result, draws and claims).  A check may call another
 * check and the shared context (lint_context.h), never the driver (lint.c).
 * Not part of the public API.
 *
 * Ownership and threads: as lint_context.h.
 */
#ifndef ARB_LINT_CHECKS_H
#define ARB_LINT_CHECKS_H

#include "lint_context.h"
#include "mainline.h"
#include "repair.h"

/* lint_tags.c */
void lint_check_tags(lint_ctx *c);

/* lint_start.c: false when the start position is unusable (the FEN was rejected) */
bool lint_check_start(lint_ctx *c);

/* lint_moves.c: a castling move in a Chess960 game written the way II.3 does not know */
void lint_check_castling_notation(lint_ctx *c, const arb_position *before, arb_move move,
                                  uint32_t ply, const char *token, int line, int col);
/* illegal / ambiguous / syntax: the first bad token of the main line or a
 * variation, replayed from `pos`. Returns the check used. */
int lint_bad_move(lint_ctx *c, const arb_position *pos, uint32_t ply, const char *token,
                  int line, int col, bool in_variation, const char *reader_message);

/* lint_repair.c: after lint_bad_move on the main line, the game's best
 * repair (repair.h) added to the finding just made, when one is found within
 * small limits. */
void lint_add_repair(lint_ctx *c, int check);

/* The same search, kept for going on along the repair (lint_follow.c). */
typedef struct lint_repair_search {
    arb_repairer *repairer;
    arb_mainline ml;
    arb_repair_result res;         /* res.repairs[0]: the best repair */
    const arb_notation *notation;  /* the tokens read in */
    const arb_notation *english;
} lint_repair_search;
/* True when c->g has a repair within limits (NULL: the hint's, one edit)
 * whose edits a finding can hold; free s in any case. */
bool lint_repair_find(const lint_ctx *c, lint_repair_search *s, const arb_repair_limits *limits);
void lint_repair_search_free(lint_repair_search *s);
/* The repair found into finding f (its edits, and "; the game replays to
 * the end if ..." in its English message). */
void lint_repair_attach(const lint_ctx *c, arb_finding *f, const lint_repair_search *s);
/* The checks a repair is offered for. */
bool lint_repair_eligible(int check);

/* lint_follow.c: going on after bad moves (the reader passed them over)
 * follows the best repair when there is one: the game's first bad move gets
 * its finding with the repair and "... follows it", and *followed becomes the
 * game along the repair (c->g then points to it) for the rest of the
 * checks.  lint_follow_end frees it.  False when out of memory. */
typedef struct lint_followed {
    arb_pgn_game game;       /* a shallow copy of the game read: its own items and diags */
    arb_pgn_item *items;
    arb_pgn_diag *diags;
} lint_followed;
bool lint_follow_repair(lint_ctx *c, lint_followed *followed);
void lint_follow_end(lint_followed *followed);

/* lint_replay.c */
const char *lint_last_token(const lint_ctx *c, line_facts *lf);
/* Replays the game's items; false when out of memory. */
bool lint_replay(lint_ctx *c, arb_linter *l, line_facts *lf, bool start_ok);

/* lint_end.c */
int lint_board_result(int termination, const arb_position *final, const line_facts *lf);
int lint_termination_from_tag(const char *tag);   /* ARB_TERM_*, -1 for "normal" or none */
void lint_check_result(lint_ctx *c, const line_facts *lf, int board_term, const arb_position *final);
int lint_check_draw(lint_ctx *c, line_facts *lf, const arb_position *final);
void lint_check_agreement(lint_ctx *c, const line_facts *lf);
void lint_missed_claims(lint_ctx *c, const line_facts *lf, int termination);
void lint_record_facts(lint_ctx *c, line_facts *lf, const arb_position *final, int board_end);

/* lint_dead.c: 5.2.2 and 6.9 by search */
/* The position is dead though the material alone does not say so (checked
 * cheaply at every ply: a search runs only when no pawn can move, and once
 * per pawn structure and material). */
bool lint_dead_by_search(const lint_ctx *c, line_facts *lf, const arb_position *pos);
enum { LINT_TIME_NONE = 0, LINT_TIME_BY_TAG, LINT_TIME_BY_COMMENT, LINT_TIME_BY_CLOCK };
/* How the record shows that `loser` lost on time (LINT_TIME_*). */
int lint_time_forfeit_evidence(lint_ctx *c, int loser);
/* 6.9: a game lost on time where the winner could not mate by any series of
 * legal moves (beyond what the material rule of lint_check_result found). */
void lint_check_flag_fall(lint_ctx *c, const arb_position *final, int line, int col);
/* lint_clock.c: TimeControl, [%clk] rising, time forfeit and flag fall */
void lint_check_clocks(lint_ctx *c, const line_facts *lf);
/* The first dead ply and the sides that cannot mate at the end (facts). */
void lint_record_unwinnable(lint_ctx *c, const line_facts *lf, const arb_position *final);

#endif
