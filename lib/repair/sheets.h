/* sheets.h — two scoresheets of one game reconciled (FIDE Laws 8.1: each
 * player records both players' moves).
 *
 * Given the two players' records of the same game, arb_sheets_reconcile
 * gives back the one game that agrees with both sheets except at the
 * fewest places.  Candidates are each sheet as written when it replays and
 * the best repairs of each (repair.h); each candidate is aligned with both
 * sheets (per ply: the token there reads as the move, or a close reading
 * with its cost, or a token missing or extra) and the candidate whose two
 * alignments cost least wins.  So where the sheets differ, what replays and
 * what the other sheet says decide.  For every ply where a sheet disagrees
 * with the game given back, the result says what each sheet had and which
 * one was followed.
 *
 * Ownership and threads: an arb_sheets holds two repairers and its
 * alignment tables, reused game after game; results point into it and stay
 * valid until its next call or free.  One per thread.
 */
#ifndef ARB_SHEETS_H
#define ARB_SHEETS_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include "repair.h"

typedef struct arb_sheets_input {
    const arb_position *start;
    const arb_token *white;     /* White's scoresheet: the main line's move tokens */
    size_t white_count;
    const arb_token *black;     /* Black's */
    size_t black_count;
    int result;                 /* as for arb_repair_game */
    const arb_notation *notation;        /* White's sheet's notation */
    const arb_notation *black_notation;  /* Black's, or NULL: the same */
    const arb_notation *english;
} arb_sheets_input;

enum arb_sheets_status {
    ARB_SHEETS_AGREE = 0,       /* both sheets replay and say the same */
    ARB_SHEETS_RECONCILED,      /* a game was found; see the disagreements */
    ARB_SHEETS_NONE             /* no game within the repair limits */
};

enum arb_sheets_winner { ARB_SHEETS_BOTH = 0, ARB_SHEETS_WHITE, ARB_SHEETS_BLACK, ARB_SHEETS_NEITHER };

typedef struct arb_sheets_disagreement {
    uint32_t ply;               /* 0-based ply of the game given back */
    int32_t white_token;        /* the token of White's sheet there, or -1 (none: left out) */
    int32_t black_token;        /* Black's, or -1 */
    int winner;                 /* enum arb_sheets_winner: whose token reads as the move played */
    bool extra;                 /* the tokens were not moves of the game (written twice ...):
                                 * ply is where they stood */
} arb_sheets_disagreement;

typedef struct arb_sheets_result {
    int status;                 /* enum arb_sheets_status */
    const arb_move *moves;      /* the game given back */
    size_t move_count;
    int cost;                   /* its two alignments' cost */
    const arb_sheets_disagreement *disagreements;
    size_t disagreement_count;
} arb_sheets_result;

typedef struct arb_sheets arb_sheets;

/* NULL limits mean the defaults of repair.h.  NULL when out of memory. */
arb_sheets *arb_sheets_new(const arb_repair_limits *limits);
void arb_sheets_free(arb_sheets *s);

/* status.code non-zero only when out of memory. */
arb_status arb_sheets_reconcile(arb_sheets *s, const arb_sheets_input *in, arb_sheets_result *out);

#pragma GCC visibility pop
#endif
