/* grep.h — choosing games by predicates over their tags, moves and findings.
 *
 * A selection is a conjunction of predicates, each built from its
 * command-line text; `invert` negates the whole (grep -v):
 *   valid / invalid      the game replays without error (every move of the
 *                        main line and of every variation), or does not
 *   tag NAME=REGEX       some tag NAME has a value that the PCRE2 pattern
 *                        matches (unanchored; "NAME=" asks only that the tag
 *                        is there); a game without the tag does not match
 *   tag NAME<N ...       a numeric or date comparison (<, <=, >, >=, ==,
 *                        ==LOW..HIGH; tag_compare.h)
 *   result R             the game's result (Result tag, else the termination
 *                        marker) is R: 1-0, 0-1, 1/2-1/2 or *
 *   plies MIN:MAX        main-line half-moves replayed within the range
 *                        ("40:", ":80", "60" for exactly 60)
 *   chess960             the game is Chess960 (Variant tag)
 *   position FEN         the main line passes through the position: the
 *                        start or the position after some move has the same
 *                        repetition key (FIDE 9.2.2: pieces, side to move,
 *                        castling rights, en passant only when possible), so
 *                        the move order that led there does not matter
 *   finding CODE         the linter (lint.h) reports a finding with this code
 *                        (findings.h: illegal-move, result-mismatch, ...)
 *   termination KIND     the linter's termination for the game (checkmate,
 *                        stalemate, agreement, ...)
 *   material SPEC        some position of the main line (its start or after a
 *                        move) has this material (material.h); with
 *                        material plies N, N consecutive positions have it
 *   fen pattern BOARD    some position of the main line fits the board with
 *                        wildcards (fen_pattern.h)
 *   eco RANGE            the game's opening by position (openings.h; not its
 *                        ECO tag) has an ECO code in RANGE: B90, B9, B, A00-B99
 *   opening REGEX        ... has a name that the PCRE2 pattern matches
 *
 * What the reader must do for a selection: tags only (tag, result,
 * chess960: arb_grep_needs_replay false), replay (valid, invalid, plies,
 * position, eco, opening, material, fen pattern), and run the linter as well (finding,
 * termination); eco and opening need an opening table
 * (arb_grep_set_openings, which must outlive the selection).
 *
 * Ownership and threads: arb_grep_add_* copy what they keep; a complete
 * selection is read-only and may be shared by threads, each matching with
 * its own arb_grep_matcher (regex match data, a linter and its report).
 * The lint options given to a selection must outlive it.  Errors are
 * complete messages "what, expected what" naming the option's text.
 */
#ifndef ARB_GREP_H
#define ARB_GREP_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include <stdbool.h>
#include <stddef.h>

#include "lint.h"
#include "pgn_game.h"

typedef struct arb_grep arb_grep;
/* openings.h (the table is only passed through here) */
typedef struct arb_openings arb_openings;

/* NULL when out of memory. */
arb_grep *arb_grep_new(void);
void arb_grep_free(arb_grep *s);

arb_status arb_grep_add_valid(arb_grep *s, bool valid);
/* "NAME=REGEX"; with ignore_case the pattern ignores case (PCRE2_CASELESS).
 * Or a comparison: "NAME>=N", "NAME==LOW..HIGH", ... (tag_compare.h). */
arb_status arb_grep_add_tag(arb_grep *s, const char *spec, bool ignore_case);
arb_status arb_grep_add_result(arb_grep *s, const char *result);
arb_status arb_grep_add_plies(arb_grep *s, const char *range);
arb_status arb_grep_add_chess960(arb_grep *s);
arb_status arb_grep_add_position(arb_grep *s, const char *fen);
arb_status arb_grep_add_finding(arb_grep *s, const char *code);
arb_status arb_grep_add_termination(arb_grep *s, const char *kind);
arb_status arb_grep_add_material(arb_grep *s, const char *spec);
/* For every material predicate (default 1). */
arb_status arb_grep_set_material_plies(arb_grep *s, const char *n);
arb_status arb_grep_add_fen_pattern(arb_grep *s, const char *pattern);
arb_status arb_grep_add_eco(arb_grep *s, const char *range);
arb_status arb_grep_add_opening(arb_grep *s, const char *regex, bool ignore_case);
void arb_grep_set_openings(arb_grep *s, const arb_openings *openings);
bool arb_grep_needs_openings(const arb_grep *s);

void arb_grep_set_invert(arb_grep *s, bool invert);
/* Rules for finding/termination (default: none set, which such predicates
 * need: arb_grep_matcher_new fails without them). */
void arb_grep_set_lint_options(arb_grep *s, const arb_lint_options *options);

/* Number of predicates (0: every game is selected, or none with invert). */
size_t arb_grep_count(const arb_grep *s);
bool arb_grep_needs_replay(const arb_grep *s);
bool arb_grep_needs_lint(const arb_grep *s);
/* Whether matching reads the games' move items (position, material, fen
 * pattern, eco, opening, finding, termination), or tags other than FEN,
 * SetUp, Variant and Result (tag, finding, termination, eco, opening):
 * without, the reader may skip them (arb_pgn_reader_options skip_items,
 * skip_tags). */
bool arb_grep_needs_moves(const arb_grep *s);
bool arb_grep_needs_tags(const arb_grep *s);

typedef struct arb_grep_matcher arb_grep_matcher;

/* NULL when out of memory, or when the selection needs lint options or an
 * opening table and has none. */
arb_grep_matcher *arb_grep_matcher_new(const arb_grep *s);
void arb_grep_matcher_free(arb_grep_matcher *m);

/* Whether g is selected.  status.code is nonzero only when out of memory
 * (the game then counts as not selected).  `index` is the game's number in
 * its input, for the linter's report. */
bool arb_grep_match(arb_grep_matcher *m, const arb_pgn_game *g, uint64_t index, arb_status *status);

#pragma GCC visibility pop
#endif
