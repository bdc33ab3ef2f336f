/* status.h — how every fallible call of the library reports an error, and
 * the calling conventions of the whole API.
 *
 * One error space.  Every failure has an error class (enum arb_error_class,
 * shared by all modules: what kind of failure it is, enough for a caller to
 * decide what to do) and a code (the module's own detail, from the enum its
 * header names, e.g. enum arb_fen_error; for modules without one the code
 * repeats the class).  code 0 always means success, and then the class is
 * ARB_ERR_NONE.
 *
 * Calling conventions.
 *   - A fallible call returns an arb_status by value (or, for streams, keeps
 *     the first one and hands it out); the message is complete English text
 *     without a trailing period, suitable after "file:line:col: ".  Line and
 *     col are 1-based; 0 means "not known".
 *   - Constructors are arb_X_new / arb_X_open / arb_X_load and write the
 *     object through an out parameter, NULL on failure; the matching
 *     arb_X_free / arb_X_close accepts NULL.
 *   - Iterators are arb_X_next(obj, &item) returning > 0 for an item, 0 at
 *     the end and < 0 on failure (then the object's status says why).
 *   - The caller owns what a constructor makes; pointers returned by getters
 *     belong to the object they come from and live as long as it does.
 *   - Options structs are read only during the call, and zero means "the
 *     default" for every field.
 *
 * Ownership and threads: an arb_status is a plain value (no pointers), copied
 * freely; nothing here keeps state.
 */
#ifndef ARB_STATUS_H
#define ARB_STATUS_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include <stdarg.h>

enum arb_error_class {
    ARB_ERR_NONE = 0,
    ARB_ERR_IO,        /* a file or stream cannot be opened, read or written */
    ARB_ERR_MEMORY,    /* out of memory */
    ARB_ERR_FORMAT,    /* text or bytes that do not follow their format (FEN, SAN, PGN, YAML,
                          compressed data) */
    ARB_ERR_ILLEGAL,   /* well-formed, but against the Laws (an impossible position, a move
                          that is not legal) */
    ARB_ERR_DATA,      /* a data file (locale, grammar, rule profile, event regulations)
                          missing or inconsistent */
    ARB_ERR_LIMIT,     /* a bound was reached (size, depth, search nodes) */
    ARB_ERR_ARGUMENT,  /* the caller passed something the call cannot take */
    ARB_ERR_CLASS_COUNT
};

/* Result of a fallible call: code 0 means success. */
typedef struct arb_status {
    int code;          /* the module's detail (its header's error enum); 0 = success */
    int error_class;   /* enum arb_error_class */
    int line;
    int col;
    char message[200];
} arb_status;

/* A failure of the given class and code at line:col (0 when not known) with a
 * printf-style message (cut to fit). */
arb_status arb_status_error(int error_class, int code, int line, int col, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* The same with the arguments as a va_list, for a module's own printf-style
 * helper. */
arb_status arb_status_verror(int error_class, int code, int line, int col, const char *fmt, va_list ap);

/* Lower-case name of an error class ("io", "memory", "format", ...), "none"
 * for ARB_ERR_NONE, "unknown" outside the enum. */
const char *arb_error_class_name(int error_class);

#pragma GCC visibility pop
#endif
