/* setup.h — what the tools set up the same way from their options: the
 * number of threads, the edition of the Laws (--laws), and the notation
 * moves are read in (--from).  Messages go to stderr with the program's name
 * in front; the functions return false after one. */
#ifndef ARB_CMD_SETUP_H
#define ARB_CMD_SETUP_H

#include <stdbool.h>
#include <stddef.h>

#include "grammar.h"
#include "lint.h"
#include "locales.h"
#include "notation.h"
#include "pgn_detect.h"
#include "pgn_read.h"
#include "profile.h"

/* -j 0: one thread per processor, at most 4 (past that, reading and
 * writing dominate). */
int setup_default_jobs(void);

/* --laws NAME|auto (NULL: fide-2023) into lo->profile and lo->auto_edition. */
bool setup_laws(const char *program, const arb_profile_set *profiles, const char *laws, arb_lint_options *lo);

/* "bg, bs, ca, ..." into buf: the locale codes, for messages. */
void setup_locale_codes(const arb_locale_set *set, char *buf, size_t size);

/* The locale called code, or NULL after "OPTION CODE: no such locale,
 * expected ALSO or one of <codes>". */
const arb_locale *setup_find_locale(const char *program, const arb_locale_set *locales, const char *option,
                                    const char *code, const char *also);

/* What reading in a notation needs; owned, freed by setup_from_free. */
typedef struct setup_from {
    arb_locale_set *locales;
    arb_grammar *grammar;
    arb_notation *notation;         /* --from LANG */
    arb_pgn_autodetect *autodetect; /* --from auto (or when_san) */
    arb_pgn_autodetect *lenient_detect; /* the lenient second reading's, when no --from */
    const char *prefer;             /* --prefer, kept for the lenient reading's detection */
} setup_from;

/* --from FROM (NULL: plain SAN, or detection when a game is not SAN if
 * detect_when_not_san) and --prefer: loads the locales and the grammar when
 * needed (they may already be in `s`) and sets read->notation or
 * read->autodetect. */
bool setup_from_notation(const char *program, const char *from, const char *prefer, bool detect_when_not_san,
                         setup_from *s, arb_pgn_reader_options *read);

/* The lenient second reading of refused games (pgn_read.h options.lenient),
 * unless `strict`: loads the locales for its words. */
bool setup_lenient(const char *program, bool strict, setup_from *s, arb_pgn_reader_options *read);

/* --encoding NAME (NULL: detect when `decode`, else bytes as they are):
 * false after "--encoding NAME: unknown encoding, expected one of ...". */
bool setup_encoding(const char *program, const char *name, bool decode, arb_pgn_reader_options *read);

/* Loads the locales and the grammar into s unless there already. */
bool setup_load_notations(const char *program, setup_from *s);

void setup_from_free(setup_from *s);

#endif
