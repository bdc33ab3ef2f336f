/* clock.c — [%clk], [%emt] and TimeControl (see clock.h). */
#include "clock.h"

#include <stdio.h>
#include <string.h>

/* 1000 hours: more than any real clock, little enough never to overflow */
#define MAX_SECONDS (1000LL * 3600)

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* Reads up to `max_digits` digits into *value; returns the digits read. */
static int read_number(const char **p, int max_digits, int64_t *value)
{
    int n = 0;
    *value = 0;
    while (is_digit(**p) && n < max_digits) {
        *value = *value * 10 + (**p - '0');
        (*p)++;
        n++;
    }
    return is_digit(**p) ? -1 : n;
}

/* h:mm:ss, h:mm:ss.f, mm:ss or ss(.f) — the forms clocks write. */
static bool read_time(const char **p, int64_t *tenths)
{
    int64_t parts[3];
    int count = 0;
    for (;;) {
        int digits = read_number(p, count == 0 ? 4 : 2, &parts[count]);
        if (digits <= 0 || (count > 0 && (digits != 2 || parts[count] > 59)))
            return false;
        count++;
        if (**p != ':' || count == 3)
            break;
        (*p)++;
    }
    int64_t seconds = 0;
    for (int i = 0; i < count; i++)
        seconds = seconds * 60 + parts[i];
    int64_t fraction = 0;
    if (**p == '.') {
        (*p)++;
        if (!is_digit(**p))
            return false;
        fraction = **p - '0';
        while (is_digit(**p))
            (*p)++;
    }
    if (seconds > MAX_SECONDS)
        return false;
    *tenths = seconds * 10 + fraction;
    return true;
}

int arb_clock_command(const char *text, const char *name, int64_t *tenths, size_t *where)
{
    /* every comment of a game with clocks comes here: '[' found by strchr,
     * the name compared in place */
    for (const char *p = strchr(text, '['); p; p = strchr(p + 1, '[')) {
        if (p[1] != '%')
            continue;
        size_t k = 0;
        while (name[k] && p[2 + k] == name[k])
            k++;
        if (name[k] || (p[2 + k] != ' ' && p[2 + k] != '\t'))
            continue;
        size_t name_len = k;
        if (where)
            *where = (size_t)(p - text);
        const char *q = p + 2 + name_len;
        while (*q == ' ' || *q == '\t')
            q++;
        /* the form servers write at every move, "h:mm:ss]", read at once */
        if (is_digit(q[0]) && q[1] == ':' && is_digit(q[2]) && is_digit(q[3]) && q[4] == ':' && is_digit(q[5]) &&
            is_digit(q[6]) && q[7] == ']' && q[2] <= '5' && q[5] <= '5') {
            *tenths = ((((int64_t)(q[0] - '0') * 60 + (q[2] - '0') * 10 + (q[3] - '0')) * 60) +
                       (q[5] - '0') * 10 + (q[6] - '0')) * 10;
            return 1;
        }
        if (!read_time(&q, tenths))
            return -1;
        while (*q == ' ' || *q == '\t')
            q++;
        return *q == ']' ? 1 : -1;
    }
    return 0;
}

static arb_status fail(const char *text, const char *at, const char *what)
{
    arb_status st;
    memset(&st, 0, sizeof st);
    st.code = st.error_class = ARB_ERR_FORMAT;
    st.col = (int)(at - text) + 1;
    snprintf(st.message, sizeof st.message, "TimeControl \"%.60s\": %s", text, what);
    return st;
}

arb_status arb_time_control_parse(const char *text, arb_time_control *tc)
{
    arb_status ok;
    memset(&ok, 0, sizeof ok);
    memset(tc, 0, sizeof *tc);
    if (strcmp(text, "?") == 0)
        return ok;
    if (strcmp(text, "-") == 0) {
        tc->kind = ARB_TC_NONE;
        return ok;
    }
    const char *p = text;
    if (*p == '*') {
        p++;
        int64_t seconds;
        if (read_number(&p, 7, &seconds) <= 0 || *p || seconds == 0 || seconds > MAX_SECONDS)
            return fail(text, p, "expected seconds of a sandclock after '*', as in \"*60\"");
        tc->kind = ARB_TC_SANDCLOCK;
        tc->count = 1;
        tc->periods[0].seconds = seconds;
        return ok;
    }
    tc->kind = ARB_TC_PERIODS;
    for (;;) {
        if (tc->count == ARB_TIME_PERIODS_MAX)
            return fail(text, p, "too many periods");
        arb_time_period *period = &tc->periods[tc->count];
        int64_t first;
        if (read_number(&p, 7, &first) <= 0)
            return fail(text, p, "expected a number of seconds or moves/seconds, as in \"40/5400:1800\" or \"300+2\"");
        if (*p == '/') {
            p++;
            if (first == 0 || first > 1000)
                return fail(text, p - 1, "the number of moves of a period must be 1 to 1000");
            period->moves = (int)first;
            if (read_number(&p, 7, &first) <= 0)
                return fail(text, p, "expected seconds after the moves of a period, as in \"40/5400\"");
        }
        if (first > MAX_SECONDS)
            return fail(text, p, "more than 1000 hours");
        period->seconds = first;
        if (*p == '+') {
            p++;
            int64_t increment;
            if (read_number(&p, 5, &increment) <= 0 || increment > 3600)
                return fail(text, p, "expected an increment of 0 to 3600 seconds after '+'");
            period->increment = increment;
        }
        tc->count++;
        if (!*p)
            return ok;
        if (*p != ':')
            return fail(text, p, "expected ':' between periods, '+' before an increment or the end");
        if (period->moves == 0)
            return fail(text, p, "a sudden-death period must be the last");
        p++;
    }
}

int64_t arb_time_control_increment(const arb_time_control *tc, int move)
{
    if (tc->kind != ARB_TC_PERIODS)
        return 0;
    int start = 0;
    for (int i = 0; i < tc->count; i++) {
        const arb_time_period *period = &tc->periods[i];
        /* the last period repeats when it has a move count (PGN 9.6.1) */
        if (period->moves == 0 || move <= start + period->moves || i == tc->count - 1)
            return period->increment;
        start += period->moves;
    }
    return 0;
}

const char *arb_clock_format(int64_t tenths, char *buf, size_t size)
{
    if (tenths < 0)
        tenths = 0;
    int64_t seconds = tenths / 10;
    if (tenths % 10)
        snprintf(buf, size, "%lld:%02lld:%02lld.%lld", (long long)(seconds / 3600),
                 (long long)(seconds / 60 % 60), (long long)(seconds % 60), (long long)(tenths % 10));
    else
        snprintf(buf, size, "%lld:%02lld:%02lld", (long long)(seconds / 3600), (long long)(seconds / 60 % 60),
                 (long long)(seconds % 60));
    return buf;
}
