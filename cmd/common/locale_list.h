/* locale_list.h — the table of locales a tool lists (pgnconv
 * --list-locales): code, piece letters in the order K Q R B N, and the
 * name (with its English name when that differs), in columns on stdout.
 *
 * Ownership and threads: writes to stdout; no state.
 */
#ifndef ARB_CMD_LOCALE_LIST_H
#define ARB_CMD_LOCALE_LIST_H

#include "locales.h"

void locale_list_print(const arb_locale_set *set);

#endif
