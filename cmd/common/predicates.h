/* predicates.h — pgngrep's predicates as options, and the data they need.
 *
 * Each predicate option goes to the selection (grep.h) as it comes, so that
 * its error names the option as typed.  The rows, for an options struct with
 * a `grep_predicates pred` field and the AT(field) macro of optable.h, in
 * the order --help lists them, those on reading (--from, --prefer,
 * --encoding, --laws) last (-i is an early row: it holds for every --tag
 * and --opening, wherever it stands):
 *
 *   static const opt_row rows[] = {PREDICATE_ROWS, ... the tool's others, {0}};
 *
 * Then grep_predicates_load loads what the selection needs (the rule
 * editions for --finding and --termination, the opening table for --eco and
 * --opening) and the notation the moves are read in (--from), and gives
 * them to the selection and the reader's options.  Messages go to stderr
 * with the program's name in front; the functions return false (or -1)
 * after one.
 *
 * Ownership and threads: a grep_predicates owns its selection and the data,
 * freed by grep_predicates_free; it is built in one thread, then only read
 * (the workers match with the selection, each with its own matcher).
 */
#ifndef ARB_CMD_PREDICATES_H
#define ARB_CMD_PREDICATES_H

#include <stdbool.h>

#include "grep.h"
#include "lint.h"
#include "openings.h"
#include "pgn_read.h"
#include "profile.h"
#include "setup.h"

typedef struct grep_predicates {
    const char *program;
    arb_grep *sel;               /* the predicates */
    bool ignore_case;            /* -i */
    const char *from;            /* --from: NULL or "san": SAN; "auto"; or a locale code */
    const char *prefer;          /* --prefer, with --from auto */
    const char *encoding;        /* --encoding: read converted to UTF-8 */
    const char *laws;            /* --laws: the edition for --finding, --termination */
    /* grep_predicates_load's */
    arb_profile_set *profiles;   /* --finding, --termination */
    arb_openings *openings;      /* --eco, --opening */
    arb_lint_options lint;
    setup_from notations;        /* for --from */
} grep_predicates;

/* false when out of memory (said) */
bool grep_predicates_new(const char *program, grep_predicates *p);

/* What the reader needs: --from, --prefer, --encoding and, unless strict,
 * the lenient second reading into read; --laws for the linter. */
bool grep_predicates_load(grep_predicates *p, bool strict, arb_pgn_reader_options *read);

void grep_predicates_free(grep_predicates *p);

/* the rows' calls (opt_call), each on a grep_predicates */
int predicate_valid(void *target, const char *name, const char *value, const char *value2);
int predicate_invalid(void *target, const char *name, const char *value, const char *value2);
int predicate_finding(void *target, const char *name, const char *value, const char *value2);
int predicate_termination(void *target, const char *name, const char *value, const char *value2);
int predicate_tag(void *target, const char *name, const char *value, const char *value2);
int predicate_result(void *target, const char *name, const char *value, const char *value2);
int predicate_plies(void *target, const char *name, const char *value, const char *value2);
int predicate_chess960(void *target, const char *name, const char *value, const char *value2);
int predicate_position(void *target, const char *name, const char *value, const char *value2);
int predicate_material(void *target, const char *name, const char *value, const char *value2);
int predicate_material_plies(void *target, const char *name, const char *value, const char *value2);
int predicate_fen_pattern(void *target, const char *name, const char *value, const char *value2);
int predicate_eco(void *target, const char *name, const char *value, const char *value2);
int predicate_opening(void *target, const char *name, const char *value, const char *value2);

#define PREDICATE_ROWS \
    {"--valid", OPT_CALL, AT(pred), .call = predicate_valid, \
     .help = "every move (main line and variations) replays legally"}, \
    {"--invalid", OPT_CALL, AT(pred), .call = predicate_invalid, \
     .help = "some move or tag cannot be read or replayed"}, \
    {"--finding", OPT_CALL_VALUE, AT(pred), .call = predicate_finding, .arg = "CODE", \
     .help = "pgnlint reports CODE (illegal-move, result-mismatch,\n" \
             "draw-claim, tag-missing, ...)"}, \
    {"--termination", OPT_CALL_VALUE, AT(pred), .call = predicate_termination, .arg = "KIND", \
     .help = "pgnlint's termination: checkmate, stalemate, agreement,\n" \
             "resignation, time-forfeit, threefold-claim, ..."}, \
    {"--tag", OPT_CALL_VALUE, AT(pred), .call = predicate_tag, .arg = "NAME=REGEX", \
     .help = "a tag NAME whose value the PCRE2 REGEX matches\n" \
             "(repeatable; NAME= only asks for the tag)"}, \
    {"", OPT_NOTE, .usage = "--tag NAME>=N", \
     .help = "compare as numbers, or as dates for *Date tags:\n" \
             "<, <=, >, >=, ==, ==LOW..HIGH (WhiteElo>=2500,\n" \
             "Date==2019..2020.06; ?? date parts: all days must hold)"}, \
    {"-i|--ignore-case", OPT_TRUE, AT(pred.ignore_case), .early = true, \
     .help = "--tag and --opening patterns ignore case"}, \
    {"--result", OPT_CALL_VALUE, AT(pred), .call = predicate_result, .arg = "R", \
     .help = "result 1-0, 0-1, 1/2-1/2 or *"}, \
    {"--plies", OPT_CALL_VALUE, AT(pred), .call = predicate_plies, .arg = "MIN:MAX", \
     .help = "main-line half-moves in range (MIN:, :MAX, N)"}, \
    {"--chess960", OPT_CALL, AT(pred), .call = predicate_chess960, .help = "Chess960 games"}, \
    {"--position", OPT_CALL_VALUE, AT(pred), .call = predicate_position, .arg = "FEN", \
     .help = "the main line passes through this position (same\n" \
             "pieces, side to move, castling and e.p. rights)"}, \
    {"--material", OPT_CALL_VALUE, AT(pred), .call = predicate_material, .arg = "SPEC", \
     .help = "some main-line position has this material: KRPkr\n" \
             "(exactly), KP+k (one pawn or more), KR*kr (and\n" \
             "anything else for White)"}, \
    {"--material-plies", OPT_CALL_VALUE, AT(pred), .call = predicate_material_plies, .arg = "N", \
     .help = "... in N consecutive positions (default 1)"}, \
    {"--fen-pattern", OPT_CALL_VALUE, AT(pred), .call = predicate_fen_pattern, .arg = "BOARD", \
     .help = "some main-line position fits BOARD: a FEN board where\n" \
             "? is any square, ! any man, A/a any white/black man,\n" \
             "* a whole rank; \" w\" or \" b\" after it: side to move"}, \
    {"--eco", OPT_CALL_VALUE, AT(pred), .call = predicate_eco, .arg = "RANGE", \
     .help = "the opening, by position (lichess table, as pgnconv\n" \
             "--add-tags ECO; not the ECO tag), is in RANGE: B90,\n" \
             "B9 (B90-B99), B, A00-B99"}, \
    {"--opening", OPT_CALL_VALUE, AT(pred), .call = predicate_opening, .arg = "REGEX", \
     .help = "the opening's name matches the PCRE2 REGEX (-i too)"}, \
    {"--from", OPT_STRING, AT(pred.from), .arg = "san|auto|LANG", \
     .help = "notation of the moves: SAN (default); auto detects it\n" \
             "for every game, as pgnconv and pgnlint do; LANG (ro,\n" \
             "de, ...) reads that locale's letters"}, \
    {"--prefer", OPT_STRING, AT(pred.prefer), .arg = "LANGS", \
     .help = "with --from auto, prefer these when several replay"}, \
    {"--encoding", OPT_STRING, AT(pred.encoding), .arg = "NAME", \
     .help = "read the input in this encoding (windows-1251, cp866,\n" \
             "koi8-r, utf-16, ...), converted to UTF-8; without it\n" \
             "games are passed on byte for byte"}, \
    {"--laws", OPT_STRING, AT(pred.laws), .arg = "NAME|auto", \
     .help = "edition of the Laws for --finding/--termination"}

#endif
