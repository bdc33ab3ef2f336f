/* tag_compare.h — numeric and date comparisons of a tag's value
 * ('WhiteElo>=2500', 'Date==2019..2020.06').
 *
 * A comparison is NAME OP VALUE with OP one of < <= > >= ==, or
 * NAME==LOW..HIGH (both ends included).  NAME=REGEX, with a single '=',
 * stays a regular expression (grep.h).
 *
 * Tags whose name ends in "Date" (Date, EventDate, UTCDate) compare as
 * dates: YYYY.MM.DD, where the month and day (or the year) may be "??" or
 * left out.  A date with unknown parts stands for every day it may be, and
 * a comparison holds only when it holds for every one of them: a game of
 * "2020.??.??" is selected by Date>=2019.12.31 and Date==2020, not by
 * Date>=2020.06.01, which it may or may not satisfy.  In the option the
 * same form gives an interval too: Date>=2020 is from 2020.01.01 on,
 * Date<=2020.06 up to 2020.06.30 (months have 31 days here: only the order
 * matters).
 *
 * Other tags compare as decimal numbers (an optional sign, digits, an
 * optional fraction: 2500, -3, 7.5).  A value that is not a number, or not
 * a date, is not selected (WhiteElo "?" or "-").
 *
 * Ownership and threads: a comparison is a plain value, read-only once
 * parsed; any thread may match with it.
 */
#ifndef ARB_TAG_COMPARE_H
#define ARB_TAG_COMPARE_H

#include <stdbool.h>

#include "status.h"

typedef struct arb_tag_compare {
    char name[64];
    bool date;
    double low, high;       /* the interval the value must lie in; dates as YYYYMMDD */
    bool low_open, high_open;   /* > and < exclude the end */
} arb_tag_compare;

/* Whether spec is a comparison at all (its first operator character after
 * the name is '<', '>' or "=="), so that NAME=REGEX goes elsewhere. */
bool arb_tag_compare_is(const char *spec);
/* Parses a comparison; on error a message naming spec ("--tag SPEC: ..."). */
arb_status arb_tag_compare_parse(const char *spec, arb_tag_compare *c);
/* Whether a tag value satisfies it. */
bool arb_tag_compare_match(const arb_tag_compare *c, const char *value);

#endif
