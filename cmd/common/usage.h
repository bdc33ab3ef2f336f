/* usage.h — the one wording of a command-line mistake, for every tool:
 *
 *   pgnconv: unknown option --bogus
 *   Try 'pgnconv --help'.
 *
 * Ownership and threads: writes to standard error; no state.
 */
#ifndef CMD_USAGE_H
#define CMD_USAGE_H

/* Prints "PROGRAM: <message>" and the --help hint; returns -1, what the
 * tools' argument parsers return after a usage error. */
int usage_error(const char *program, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
