/* args.h — the tools' command lines, one option per word.
 *
 * Every tool accepts the same spellings: "--jobs 2", "--jobs=2", "-j 2",
 * "-j2", and bundles of one-letter options ("-cv").  args_expand rewrites
 * argv so that each option stands alone and its values follow it as words of
 * their own; the tools then parse that one form.  Words after "--", and the
 * values of options that take one, are never taken apart (a value may start
 * with '-'). */
#ifndef ARB_CMD_ARGS_H
#define ARB_CMD_ARGS_H

#include <stddef.h>

typedef struct args_spec {
    const char *const *one_value;   /* options followed by one value (NULL-terminated) */
    const char *const *two_values;  /* options followed by two (may be NULL) */
    const char *const *optional_value;  /* options whose value, if any, comes as
                                     * --opt=VALUE; that word is kept whole */
} args_spec;

/* The expanded vector (NULL-terminated, *out_argc words) and, in *pool, the
 * new words; the caller frees both.  NULL on a usage error ("option --strict
 * takes no value", written into error) or when out of memory (error
 * empty). */
char **args_expand(int argc, char **argv, const args_spec *spec, int *out_argc, char **pool, char *error,
                   size_t error_size);

/* How many values opt takes under spec: 0, 1 or 2. */
int args_values(const args_spec *spec, const char *opt);

#endif
