/* perft_out.h — arbiter-perft's output: a suite line's result as text (a
 * mismatch on stdout, an unusable line on stderr as file:line:col) or as one
 * JSON object (status pass, mismatch, invalid or skipped), the tally that
 * ends a suite, the --time rate and the caret under a bad FEN.
 *
 * Ownership and threads: no state; the caller serialises the calls (the
 * suite runner holds its lock) and owns the tally.
 */
#ifndef ARB_CMD_PERFT_OUT_H
#define ARB_CMD_PERFT_OUT_H

#include <stdint.h>

#include "arbiter.h"
#include "perft_count.h"
#include "perft_suite_file.h"

typedef struct perft_tally {
    long passed, failed, skipped;
    uint64_t nodes;
} perft_tally;

/* nodes, seconds and Mnps on stderr, after flushing the counts on stdout */
void perft_print_rate(uint64_t nodes, double seconds);

/* Writes text as a JSON string literal on stdout. */
void perft_json_string(const char *text);

/* Prints the FEN with a caret under the column the parser blamed. */
void perft_report_bad_fen(const char *fen, const arb_status *st);

/* Reports entry e of suite file name and counts it in t; called in file order. */
void perft_report_entry(const char *name, const perft_options *opt, const perft_suite_entry *e,
                        perft_tally *t);

/* The end of a suite: the skipped note, the tally line and the --time rate. */
void perft_report_tally(const char *name, const perft_options *opt, const perft_tally *t,
                        double seconds);

#endif
