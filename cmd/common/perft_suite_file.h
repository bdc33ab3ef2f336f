/* perft_suite_file.h — reading a perft suite file (arbiter-perft --suite):
 * one position a line, 'FEN ;D1 n ;D2 n ...', with an optional
 * ';chess960 true|false' field; '#' lines and blank lines are skipped.  A
 * malformed line is kept, with its message and column, so that it is
 * reported and counted in file order; the depths of a line are sorted
 * increasing, so the cheap ones are checked (and fail) first.
 *
 * Ownership and threads: the file owns its entries and their strings
 * (perft_suite_file_free); reading is one thread.  Afterwards each entry's
 * result fields are written by the one worker that checks it.
 */
#ifndef ARB_CMD_PERFT_SUITE_FILE_H
#define ARB_CMD_PERFT_SUITE_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "arbiter.h"

#define PERFT_MAX_LINE_DEPTHS 32 /* ;Dn fields on one suite line */

typedef struct perft_suite_entry {
    long line;
    int fen_col;             /* 1-based column of the FEN in its line */
    char *fen;
    bool force_chess960;
    int ndepths;
    int depth[PERFT_MAX_LINE_DEPTHS];
    uint64_t expected[PERFT_MAX_LINE_DEPTHS];
    char *format_error;      /* message about a malformed line, else NULL */
    int format_col;          /* and the column it points at */

    /* results, written by the worker that checked the entry */
    bool done;
    bool skipped;            /* no depth within --max-depth */
    arb_status fen_status;
    int bad_depth;           /* first mismatching depth, 0 if none */
    uint64_t bad_expected, bad_got;
    uint64_t nodes;
    double seconds;
} perft_suite_entry;

typedef struct perft_suite_file {
    perft_suite_entry *entries;
    size_t count, capacity;
} perft_suite_file;

/* Appends the lines of in to f; false when out of memory (a read error is
 * left to ferror(in)). */
bool perft_suite_file_read(perft_suite_file *f, FILE *in);

void perft_suite_file_free(perft_suite_file *f);

#endif
