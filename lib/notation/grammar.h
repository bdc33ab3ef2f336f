/* grammar.h — move-token grammars kept as data (grammars/move.pcre).
 *
 * A grammar is a PCRE2 pattern template: {PIECE}, {PROMOTION}, {CAPTURE},
 * {CASTLE_SHORT}, {CASTLE_LONG} and {EN_PASSANT} are filled from a locale
 * (see the comment at the top of grammars/move.pcre).  This module only loads
 * and expands templates; lib/notation/notation.c compiles the expansion.
 *
 * Ownership: the caller owns an arb_grammar and frees it with
 * arb_grammar_free; it is read-only after loading (threads may share it).
 * Errors carry the template's line and column; as with locales the message
 * is the complete "path:line:col: what" text.
 */
#ifndef ARB_GRAMMAR_H
#define ARB_GRAMMAR_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include "locales.h"

enum arb_grammar_error {
    ARB_GRAMMAR_OK = 0,
    ARB_GRAMMAR_IO,           /* file missing or unreadable */
    ARB_GRAMMAR_PLACEHOLDER,  /* {NAME} that is not one of the six */
    ARB_GRAMMAR_COMPILE,      /* PCRE2 rejects the expanded pattern (from notation.c) */
    ARB_GRAMMAR_NO_MEMORY
};

typedef struct arb_grammar arb_grammar;

/* Loads a template file; path NULL means <data dir>/grammars/move.pcre. */
arb_status arb_grammar_load(const char *path, arb_grammar **out);
/* A template from memory; `name` is used in messages. */
arb_status arb_grammar_from_text(const char *name, const char *text, arb_grammar **out);
void arb_grammar_free(arb_grammar *g);
/* The error class (status.h) of an arb_grammar_error. */
int arb_grammar_error_class(int code);
const char *arb_grammar_name(const arb_grammar *g);

/* The pattern for one locale, NUL-terminated, in *out (the caller frees it).
 * Spellings are escaped so that every byte matches literally. */
arb_status arb_grammar_expand(const arb_grammar *g, const arb_locale *loc, char **out);

#pragma GCC visibility pop
#endif
