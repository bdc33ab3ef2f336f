/* datadir.h — where arbiter's data files (locales/, grammars/) live.
 *
 * Data is looked up, first hit wins, in:
 *   1. $ARBITER_DATA/<sub>                  (tests and users pointing at a tree)
 *   2. <lib dir>/../share/arbiter/<sub> where <lib dir> holds the shared
 *      library this code runs in (an installed libarbiter.so finds its data
 *      wherever it was installed, whatever program loads it)
 *   3. <exe dir>/../share/arbiter/<sub> (a relocated install of the tools or
 *      of a program linked statically), then the source tree above the
 *      running executable: <exe dir>/../<sub>, <exe dir>/../../<sub>, ... up
 *      to four levels, so build/bin/<tool>, build/tests/unit and
 *      build/<name>/bin/<tool> all find the tree's data
 *   4. ARB_DATA_DIR/<sub>                   ($(PREFIX)/share/arbiter of the
 *      last `make` or `make install`, from the generated prefix.h)
 * Where none is found, the rule profiles still come from the copy built into
 * the library (profile.h); locales and grammars need their files.
 * Only directories that exist count.  Reads the environment and /proc but
 * keeps no state, so it is safe to call from any thread (as long as nobody
 * calls setenv meanwhile).
 */
#ifndef ARB_DATADIR_H
#define ARB_DATADIR_H

#include <stdbool.h>
#include <stddef.h>

#include "prefix.h" /* generated: ARB_DATA_DIR */


/* Writes the first existing directory <root>/<sub> into out (size bytes);
 * false when none exists or the path does not fit. */
bool arb_data_find(const char *sub, char *out, size_t size);

#endif
