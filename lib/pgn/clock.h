/* clock.h — clock annotations in comments and the TimeControl tag.
 *
 * Comments may carry embedded commands (the PGN "clock" extension used by
 * lichess, chess.com, ChessBase and DGT boards):
 *   [%clk 1:23:45]     the mover's clock after the move (h:mm:ss, optional .f)
 *   [%emt 0:00:12.3]   the time the move took
 * The TimeControl tag (PGN standard 9.6.1) is a colon-separated list of
 * periods: "40/5400" (40 moves in 5400 s), "300+2" (300 s, 2 s increment
 * per move), "*60" (sandclock of 60 s), "5400" (sudden death), "?" unknown,
 * "-" none; a period may carry an increment: "40/5400+30:1800+30".
 *
 * Times are kept in tenths of a second.  Values are bounded (clocks up to
 * 1000 hours, at most ARB_TIME_PERIODS_MAX periods) so that no arithmetic
 * overflows on hostile input.
 *
 * Ownership and threads: pure functions over caller-owned text and structs;
 * nothing is allocated.  Thread safe.
 */
#ifndef ARB_CLOCK_H
#define ARB_CLOCK_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "status.h"

/* Finds the command `name` ("clk" or "emt") in a comment's text and reads
 * its time.  Returns 1 and the time in tenths when found and well formed,
 * 0 when the comment has no such command, -1 when it has one that is
 * malformed (where says at which byte of text it starts). */
int arb_clock_command(const char *text, const char *name, int64_t *tenths, size_t *where);

#define ARB_TIME_PERIODS_MAX 8

enum arb_time_control_kind {
    ARB_TC_UNKNOWN = 0,   /* "?" */
    ARB_TC_NONE,          /* "-": no time control */
    ARB_TC_PERIODS,       /* one or more periods */
    ARB_TC_SANDCLOCK      /* "*60" */
};

typedef struct arb_time_period {
    int moves;            /* moves in the period; 0 for the rest of the game */
    int64_t seconds;      /* time added at the start of the period */
    int64_t increment;    /* seconds added after each move of the period */
} arb_time_period;

typedef struct arb_time_control {
    int kind;             /* enum arb_time_control_kind */
    int count;            /* periods */
    arb_time_period periods[ARB_TIME_PERIODS_MAX];
} arb_time_control;

/* Parses a TimeControl value.  On failure status.code is non-zero, col the
 * 1-based character where the problem starts and message what was expected. */
arb_status arb_time_control_parse(const char *text, arb_time_control *tc);

/* The increment (seconds) in force for the mover's n-th move (1-based);
 * 0 when none or unknown. */
int64_t arb_time_control_increment(const arb_time_control *tc, int move);

/* Writes tenths of a second as h:mm:ss(.t); returns buf. */
const char *arb_clock_format(int64_t tenths, char *buf, size_t size);

#pragma GCC visibility pop
#endif
