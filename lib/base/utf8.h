/* utf8.h — recognising well-formed UTF-8 sequences.
 *
 * Ownership and threads: pure functions over caller memory; no state.
 */
#ifndef ARB_UTF8_H
#define ARB_UTF8_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include <stddef.h>

/* Length of the valid UTF-8 sequence at s (1..4), or 0 if it is not one;
 * `avail` bytes may be read. */
int arb_utf8_sequence_length(const unsigned char *s, size_t avail);

#pragma GCC visibility pop
#endif
