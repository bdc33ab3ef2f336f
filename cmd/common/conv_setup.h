/* conv_setup.h — pgnconv's options and what it loads before it converts a
 * game: the locales and the grammar (--from, --list-locales), the notation
 * of the output (--to LANG, --to descriptive, --to spoken[:LANG]), the SAN
 * letters --repair reads with, the lenient reading (--strict) and the
 * input's encoding (--encoding).
 *
 *   conv_options o = {0};   ... filled by the option table (optable.h)
 *   conv_notations n;
 *   int ready = conv_setup_notations(PROGRAM, &o, &n);   // -1, 0 or 1
 *   ... convert (conv_worker.h)
 *   conv_notations_free(&n);
 *
 * Messages go to stderr with the program's name in front.
 *
 * Ownership and threads: n owns the locales, grammar and notations it
 * loaded; o's read and write options point into it, so it outlives them.
 * Set up in one thread, then only read, by any number of threads.
 */
#ifndef ARB_CMD_CONV_SETUP_H
#define ARB_CMD_CONV_SETUP_H

#include <stdbool.h>

#include "notation.h"
#include "openings.h"
#include "pgn_read.h"
#include "pgn_write.h"
#include "progress.h"
#include "setup.h"

typedef struct conv_options {
    arb_pgn_write_options write;
    arb_pgn_reader_options read;
    const char *output;
    const char *rejects;
    bool json;
    enum progress_mode progress; /* --progress, --no-progress */
    int jobs;
    const char *from;        /* NULL: SAN, detecting games SAN cannot read */
    const char *to_locale;   /* --to LANG */
    const char *to_spoken;   /* --to spoken[:LANG]: "" or the locale code */
    const char *prefer;
    const char *encoding;    /* --encoding: NULL detects it */
    bool list_locales;
    bool fix_results;
    unsigned add_tags;       /* --add-tags: enum arb_computed_tag */
    const arb_openings *openings;   /* loaded for --add-tags ECO,Opening */
    int export_format;       /* --to json|csv|epd (pgn_export.h), 0 for PGN */
    const char *columns;     /* --columns, for csv */
    bool repair;             /* --repair: games that do not replay are repaired (repair.h) */
    const arb_notation *english;   /* SAN letters, for repairing games written in SAN */
    bool strict;             /* --strict: no lenient second reading */
} conv_options;

/* What the notations of a run need: the locales, the grammar, and the
 * notation objects made from them. */
typedef struct conv_notations {
    setup_from from;
    arb_notation *to;
    arb_notation *english;   /* --repair */
} conv_notations;

/* Sets up --from, --to LANG and --list-locales.  Returns -1 on trouble
 * (reported), 0 when the run is over (--list-locales), 1 to go on. */
int conv_setup_notations(const char *program, conv_options *o, conv_notations *n);

void conv_notations_free(conv_notations *n);

#endif
