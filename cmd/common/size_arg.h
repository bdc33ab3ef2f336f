/* size_arg.h — numbers given on the command line, parsed alike by every
 * tool: counts (-j N, --first-game N, --max-depth N) are decimal digits
 * only (no sign, no blanks); byte counts (--max-game-bytes N) may be
 * followed by K, M or G (binary multiples, 1024, 1024^2, 1024^3; lower case
 * too, and an optional "iB" or "B" after them). */
#ifndef ARB_CMD_SIZE_ARG_H
#define ARB_CMD_SIZE_ARG_H

#include <stdbool.h>
#include <stddef.h>

/* Parses s into *out; false (and *out untouched) when s is not such a count,
 * is 0, or does not fit a size_t. */
bool size_arg_parse(const char *s, size_t *out);

/* Parses s, digits only, into *out when it is from min to max; false (and
 * *out untouched) otherwise. */
bool count_arg_parse(const char *s, unsigned long long min, unsigned long long max, unsigned long long *out);

/* The same for an int (min and max within int). */
bool int_arg_parse(const char *s, int min, int max, int *out);

#endif
