/* detect.h — which notation is a game written in?
 *
 * Letters collide: R is the king in Romanian and the rook in English, C the
 * knight in French and Romanian, N the Romanian bishop, Cyrillic С looks like
 * Latin C.  So the question is answered by replaying the whole game under
 * each candidate locale and keeping the locales under which every move is
 * legal (FIDE Appendix C gives no other test).  A cheap necessary condition
 * comes first: a locale whose spellings cannot even produce a token's piece
 * letters is dropped without replay.  Locales that read identically (same
 * spellings and marks, e.g. de and sl) are replayed once.
 *
 * Outcomes: UNIQUE (one locale survives), PREFERRED (several survive and the
 * caller's preference, e.g. from a Language-like tag or a list of codes the
 * user prefers, picks one),
 * TIE (several survive, no preference decides; moves_agree tells whether they
 * even disagree about the moves), NONE (no locale replays the game: the
 * nearest one and where it failed are reported).
 *
 * Ownership and threads: the caller owns a detector (arb_detector_free).  It
 * holds the compiled notations of its candidates (reusable for reading and
 * writing through arb_detector_notation) and per-candidate replay state, so
 * one detector serves one thread at a time.  It keeps pointers into the
 * locale set, which must outlive it.  Memory is fixed at creation: arb_detect
 * allocates nothing.
 */
#ifndef ARB_DETECT_H
#define ARB_DETECT_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include "notation.h"

/* One move token as written (a PGN reader's SAN token), not NUL-terminated.
 * Tokens that are only a mark of the previous move ("e.p.", "(=)") and null
 * moves ("--", "Z0") are understood. */
typedef struct arb_token {
    const char *text;
    size_t len;
} arb_token;

enum arb_detect_outcome {
    ARB_DETECT_UNIQUE = 0,
    ARB_DETECT_PREFERRED,
    ARB_DETECT_TIE,
    ARB_DETECT_NONE
};

typedef struct arb_detection {
    int outcome;                 /* enum arb_detect_outcome */
    const arb_notation *chosen;  /* UNIQUE/PREFERRED: the notation; TIE: the first survivor in
                                    preference then code order; NONE: the nearest candidate */
    size_t survivors;            /* locales under which every move is legal */
    bool moves_agree;            /* every survivor reads the very same moves */
    /* NONE only: where the nearest candidate failed */
    size_t fail_token;           /* index into the token array */
    int fail_ply;                /* moves replayed before it (0 = the first move failed) */
    int fail_code;               /* ARB_SAN_SYNTAX / ILLEGAL / AMBIGUOUS / BAD_PROMOTION */
} arb_detection;

typedef struct arb_detector arb_detector;

/* Compiles the candidates: the locales of `set` named in `codes` (a NULL-
 * terminated list; codes NULL means every locale of the set). */
arb_status arb_detector_new(const arb_grammar *grammar, const arb_locale_set *set, const char *const *codes,
                            arb_detector **out);
void arb_detector_free(arb_detector *d);

/* Replays tokens[0..count) from start under every candidate.  `prefer` is a
 * comma-separated list of locale codes in order of preference ("ro" or
 * "sr,hr"; "sr" also matches sr-Latn and sr-Cyrl), or NULL.
 * moves (may be NULL; count entries) receives the moves out->chosen reads,
 * one per token: ARB_MOVE_NULL for "--"/"Z0", ARB_MOVE_NONE for a mark-only
 * token; for NONE only the entries before fail_token are set.  A converter
 * then needs no second pass: when one locale can spell the game (the usual
 * case) the game is replayed exactly once.  Returns out->outcome. */
int arb_detect(arb_detector *d, const arb_position *start, const arb_token *tokens, size_t count,
               const char *prefer, arb_move *moves, arb_detection *out);

/* Candidates, in code order, and what the last arb_detect made of each. */
size_t arb_detector_count(const arb_detector *d);
const arb_notation *arb_detector_notation(const arb_detector *d, size_t i);
const arb_notation *arb_detector_find(const arb_detector *d, const char *code);
bool arb_detector_survived(const arb_detector *d, size_t i);

/* The survivors' codes joined by ", " into buf (for the "notation could be
 * ..." message); returns the length written. */
size_t arb_detector_survivor_list(const arb_detector *d, char *buf, size_t size);

#pragma GCC visibility pop
#endif
