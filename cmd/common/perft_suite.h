/* perft_suite.h — arbiter-perft --suite: reads a suite file
 * (perft_suite_file.h), counts each line's depths up to --max-depth in
 * --jobs threads, stops a line at its first mismatching depth, and reports
 * the lines in file order and then the tally (perft_out.h).
 *
 * Returns the tool's exit status: 0 every count matched, 1 a mismatch or a
 * line that could not be checked, 2 an unreadable file (said on stderr).
 *
 * Ownership and threads: the run owns the file's entries and its worker
 * threads, each with its own hash table; one lock guards the job counter,
 * the output order, the tally and stdout.
 */
#ifndef ARB_CMD_PERFT_SUITE_H
#define ARB_CMD_PERFT_SUITE_H

#include "perft_count.h"

int perft_run_suite(const perft_options *opt);

#endif
