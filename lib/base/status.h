/* status.h — how every fallible call of the library reports an error.
 *
 * Ownership and threads: an arb_status is a plain value (no pointers), copied
 * freely; nothing here keeps state.
 */
#ifndef ARB_STATUS_H
#define ARB_STATUS_H

/* Result of a fallible call: code 0 means success.  Position fields are 1-based;
 * 0 means "not known".  The message is complete English text without a trailing
 * period, suitable after "file:line:col: ". */
typedef struct arb_status {
    int code;
    int line;
    int col;
    char message[200];
} arb_status;

#endif
