/* decimal.h — a number's decimal digits without printf, for the output paths
 * that write one or more numbers per game (game numbers, move numbers, line
 * numbers): a printf call there costs more than the rest of the line.
 *
 * Internal to the library (not in the public headers).  Ownership and
 * threads: writes only into the caller's buffer.
 */
#ifndef ARB_DECIMAL_H
#define ARB_DECIMAL_H

#include <stdint.h>

/* The longest result: 2^64 - 1 has 20 digits. */
#define ARB_DECIMAL_MAX 20

/* Writes the digits of v just before `end` (at most ARB_DECIMAL_MAX bytes,
 * no terminator) and returns where they start. */
static inline char *arb_decimal_before(uint64_t v, char *end)
{
    do {
        *--end = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    return end;
}

#endif
