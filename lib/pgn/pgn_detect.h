/* pgn_detect.h — which national notation is each game of a PGN stream in?
 *
 * The PGN reader's side of auto-detection (detect.h does the replaying):
 * every game detected (ARB_PGN_DETECT_EVERY_GAME), or SAN first and
 * detection for a game only when one of its tokens is not English SAN.  Set
 * arb_pgn_reader_options.autodetect to an arb_pgn_autodetect and the reader,
 * per game that needs it, collects the main line's move tokens, runs
 * arb_detect with the preference
 *
 *     the game's own Notation / Language / Lang / ...Language tag (a code
 *     such as "ro" or "sr-Latn", a language name such as "Romanian" or
 *     "Română", or a comma-separated list of codes),
 *     then options.prefer,
 *     then, when detecting only games SAN cannot read, "en",
 *
 * and replays the game with the notation chosen (the main line's moves are
 * already resolved by the detection and are not read twice):
 *   UNIQUE, PREFERRED  the game is read in that notation, no message;
 *   TIE, moves agree   read in the first survivor; a note names them all;
 *   TIE, moves differ  an error at the first move they read differently,
 *                      naming each reading; the game is not converted;
 *   NONE               an error at the move where the nearest notation
 *                      failed, then that move's own error (illegal, with the
 *                      legal moves in the same notation, ambiguous, ...).
 * g->notation tells which notation the moves were read in ("ro"; for a tie
 * the survivors, "ca, es, it"; NULL for games read as SAN without detection).
 *
 * Ownership and threads: the caller owns the arb_pgn_autodetect and keeps
 * the grammar and locale set alive as long as it.  It is shared by every
 * reader of a run, on any number of threads: readers take a detector from
 * its pool when they first need one and give it back when freed (detectors
 * compile every candidate locale, so they are made once per concurrent
 * reader, not per game, and live until arb_pgn_autodetect_free: the
 * notation a game was read with (g->notation_used) stays valid as long as
 * the arb_pgn_autodetect).
 */
#ifndef ARB_PGN_DETECT_H
#define ARB_PGN_DETECT_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include "detect.h"
#include "pgn_game.h"

enum arb_pgn_detect_when {
    ARB_PGN_DETECT_NOT_SAN = 0,  /* games with a token SAN cannot read; "en" is the last preference */
    ARB_PGN_DETECT_EVERY_GAME    /* every game with moves */
};

typedef struct arb_pgn_autodetect_options {
    int when;                       /* enum arb_pgn_detect_when */
    const char *prefer;             /* comma-separated locale codes, or NULL */
    const char *const *candidates;  /* NULL-terminated codes to choose among; NULL: every locale */
} arb_pgn_autodetect_options;

typedef struct arb_pgn_autodetect arb_pgn_autodetect;

/* Compiles the first detector (so that a bad candidate list fails here). */
arb_status arb_pgn_autodetect_new(const arb_grammar *grammar, const arb_locale_set *set,
                                  const arb_pgn_autodetect_options *options, arb_pgn_autodetect **out);
void arb_pgn_autodetect_free(arb_pgn_autodetect *a);

/* ---- used by the reader (pgn_read.c) ------------------------------------- */

int arb_pgn_autodetect_when(const arb_pgn_autodetect *a);
/* A detector for one reader (NULL when out of memory); give it back with
 * arb_pgn_autodetect_release. */
arb_detector *arb_pgn_autodetect_acquire(arb_pgn_autodetect *a);
void arb_pgn_autodetect_release(arb_pgn_autodetect *a, arb_detector *d);

/* Where a collected token stands, for messages. */
typedef struct arb_pgn_token_at {
    int32_t line, col;
} arb_pgn_token_at;

/* What to do with one game. */
typedef struct arb_pgn_detected {
    const arb_notation *notation;  /* read the game in it; NULL: read it as SAN */
    size_t resolved;               /* moves[0..resolved) hold the main line's moves */
    int severity;                  /* of the message, or -1 when there is none */
    int32_t line, col;
    char message[512];
    char label[200];               /* for g->notation; "" when notation is NULL */
    /* TIE with the same moves: every survivor, the chosen one first, in
     * preference and code order.  The main line reads alike in each, but a
     * variation may not: the reader tries them in turn and keeps those that
     * read the whole game (arb_pgn_detected_narrow). */
    const arb_notation *alike[40];
    size_t alike_count;
} arb_pgn_detected;

/* Decides a game whose main line is tokens[0..count) (count > 0) from
 * `start`; g supplies the tags.  moves (count entries) receives the main
 * line's moves as arb_detect reads them. */
void arb_pgn_autodetect_game(arb_pgn_autodetect *a, arb_detector *d, const arb_pgn_game *g,
                             const arb_position *start, const arb_token *tokens,
                             const arb_pgn_token_at *at, size_t count, arb_move *moves,
                             arb_pgn_detected *out);

/* After the reader tried every notation of out->alike: ok[i] tells which
 * read the whole game.  Keeps those (at least one must be ok), and makes the
 * label, the message and the notation to use agree with them: one left is
 * a unique notation (no message); several are still a tie (a note). */
void arb_pgn_detected_narrow(arb_pgn_detected *out, const bool *ok);

/* "23." or "23..." for the move played from pos (buf of 16 bytes). */
const char *arb_pgn_move_number(const arb_position *pos, char *buf);

#pragma GCC visibility pop
#endif
