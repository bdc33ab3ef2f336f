/* size_arg.h — a byte count given on the command line (--max-game-bytes N):
 * decimal digits, optionally followed by K, M or G (binary multiples, 1024,
 * 1024^2, 1024^3; lower case too, and an optional "iB" or "B" after them).
 * Shared by the tools so that every one accepts the same forms. */
#ifndef ARB_CMD_SIZE_ARG_H
#define ARB_CMD_SIZE_ARG_H

#include <stdbool.h>
#include <stddef.h>

/* Parses s into *out; false (and *out untouched) when s is not such a count,
 * is 0, or does not fit a size_t. */
bool size_arg_parse(const char *s, size_t *out);

#endif
