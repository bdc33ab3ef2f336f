/* datadir.h — where arbiter's data files (locales/, grammars/) live.
 *
 * Data is looked up, first hit wins, in:
 *   1. $ARBITER_DATA/<sub>                  (tests and users pointing at a tree)
 *   2. the source tree above the running executable: <exe dir>/../<sub>,
 *      <exe dir>/../../<sub>, ... up to four levels, so build/bin/<tool>,
 *      build/tests/unit and build/<name>/bin/<tool> all find the tree's data;
 *      also <exe dir>/../share/arbiter/<sub> for a relocated install
 *   3. ARB_DATA_DIR/<sub>                   (compile-time, $(PREFIX)/share/arbiter)
 * Only directories that exist count.  Reads the environment and /proc but
 * keeps no state, so it is safe to call from any thread (as long as nobody
 * calls setenv meanwhile).
 */
#ifndef ARB_DATADIR_H
#define ARB_DATADIR_H

#include <stdbool.h>
#include <stddef.h>

/* Set by the Makefile to $(PREFIX)/share/arbiter. */
#ifndef ARB_DATA_DIR
#define ARB_DATA_DIR "/usr/local/share/arbiter"
#endif

/* Writes the first existing directory <root>/<sub> into out (size bytes);
 * false when none exists or the path does not fit. */
bool arb_data_find(const char *sub, char *out, size_t size);

#endif
