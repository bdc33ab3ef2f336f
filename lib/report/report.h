/* report.h — a game's findings written out: the message of each finding in
 * the reader's language (the locales' message catalogue, else English), the
 * text form for people, the JSON Lines forms for programs, and the closing
 * summary of a run.
 *
 * Ownership and threads: formatting appends to an arb_strbuf owned by the
 * caller; a style is read only.  Nothing here keeps state: distinct
 * threads may format distinct reports with one shared style.
 */
#ifndef ARB_REPORT_H
#define ARB_REPORT_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include "findings.h"
#include "locales.h"
#include "strbuf.h"

struct arb_notation;

typedef struct arb_report_style arb_report_style;
struct arb_report_style {
    bool color;                    /* ANSI colours (the caller decides: a TTY, NO_COLOR) */
    const arb_locale_set *locales; /* for messages in another language; NULL = English */
    const arb_locale *locale;
    /* moves in translated messages are written in this notation (notation.h;
     * NULL: SAN) */
    const struct arb_notation *notation;
    /* Writes the game's number where the JSON forms have it; NULL: r->game
     * in decimal.  For output in which the number is known only later, when
     * the games before are counted (pgn_parallel.h: arb_pgn_output_number). */
    bool (*write_game)(const struct arb_report_style *style, const arb_lint_report *r, arb_strbuf *out);
    void *write_game_ctx;   /* for write_game */
};

/* The finding's message in the style's language: the locale's own text for
 * the finding's key when it has one (candidate moves written in the style's
 * notation), else the English message. */
size_t arb_finding_message(const arb_finding *f, const arb_report_style *style, char *buf,
                           size_t size);

/* The closing line of a run ("12 games, 9 clean, 2 with errors, 1 with
 * warnings", no newline) in the style's language: the locale's
 * lint-summary (lint-summary-one for one game) message, else English. */
bool arb_report_format_summary(const arb_report_style *style, uint64_t games, uint64_t clean,
                               uint64_t with_errors, uint64_t with_warnings, arb_strbuf *out);

/* One finding as a line of the text form (below) or as one JSON object
 * and a newline (r->no_game: "game" is null, for findings that belong to
 * no game), such as those of a tournament report. */
bool arb_finding_format_text(const arb_lint_report *r, const arb_finding *f, const arb_report_style *style,
                             arb_strbuf *out);
bool arb_finding_format_json(const arb_lint_report *r, const arb_finding *f, const arb_report_style *style,
                             arb_strbuf *out);

/* Text form: nothing for a game without findings; otherwise a header line
 * "White – Black, Round, file:line" and one line per finding:
 *   file:line:col: error [7.5.1 illegal-move] 23...Nd4: no knight can reach d4; legal: Nb4, Nf4
 */
bool arb_report_format_text(const arb_lint_report *r, const arb_report_style *style, arb_strbuf *out);

/* JSON Lines: one object per finding
 *   {"file","game","line","col","ply","move","token","code","article","severity","message","candidates"}
 * (plus "repair":[{"ply","line","col","written","replaced_by"} | {.., "inserted"} |
 * {.., "deleted"} | {.., "swapped_with"}] on a finding with a repair (the edits as
 * the repair's JSON gives them, moves without their numbers), "repair_followed":true
 * when the game was checked along it, "read_as" on a move read in place of one that
 * did not replay (the reader's skip_bad_moves), "after_error":true on findings after a
 * skipped illegal move, and "pairing":{"round","white":{"rank","name"},"black":{...},
 * "report","report_line"} on those of a tournament report's cross-check), then one per game
 *   {"type":"game","game","white","black","round","result_tag","result_board","termination","findings"}
 * Absent values are null. */
bool arb_report_format_json(const arb_lint_report *r, const arb_report_style *style, arb_strbuf *out);

/* The replay facts as one JSON line:
 *   {"type":"facts","file","game","plies","ok","checkmate","stalemate","insufficient_material",
 *    "first_threefold_ply","first_fivefold_ply","first_fifty_ply","first_seventyfive_ply",
 *    "claim_threefold_final","claim_fifty_final","first_dead_ply","white_cannot_mate","black_cannot_mate"}
 * (plies that never happened are null). */
bool arb_report_format_facts(const arb_lint_report *r, const arb_report_style *style, arb_strbuf *out);

#pragma GCC visibility pop
#endif
