/* test_clock.c — lib/pgn/clock.h: [%clk] and [%emt] in comments, every form
 * of the TimeControl tag (PGN standard 9.6.1) and the errors that name the
 * column. */
#include "helpers.h"

#include "clock.h"

static int64_t clock_of(const char *text, const char *name, int expect)
{
    int64_t tenths = -1;
    size_t where = 0;
    cr_assert_eq(arb_clock_command(text, name, &tenths, &where), expect, "%s", text);
    return tenths;
}

Test(clock, clk_hours_minutes_seconds)
{
    cr_assert_eq(clock_of("[%clk 1:23:45]", "clk", 1), (1 * 3600 + 23 * 60 + 45) * 10);
    cr_assert_eq(clock_of("White thinks [%clk 0:00:09.7] long", "clk", 1), 97);
    cr_assert_eq(clock_of("[%clk 0:00:00]", "clk", 1), 0);
    cr_assert_eq(clock_of("[%clk 9:59:59]", "clk", 1), (9 * 3600 + 59 * 60 + 59) * 10);
    cr_assert_eq(clock_of("[%clk 10:00:01]", "clk", 1), (10 * 3600 + 1) * 10);
    /* minutes and seconds only, as some servers write */
    cr_assert_eq(clock_of("[%clk 5:07]", "clk", 1), 307 * 10);
}

Test(clock, emt_beside_clk)
{
    const char *text = "[%clk 0:02:41] [%emt 0:00:12.3]";
    cr_assert_eq(clock_of(text, "emt", 1), 123);
    cr_assert_eq(clock_of(text, "clk", 1), 1610);
}

Test(clock, absent_and_malformed)
{
    clock_of("no clock here", "clk", 0);
    clock_of("[%clkx 0:00:01]", "clk", 0);
    clock_of("[%clk 1:2:3]", "clk", -1);          /* minutes need two digits */
    clock_of("[%clk 1:23:75]", "clk", -1);        /* 75 seconds */
    clock_of("[%clk 1:60:00]", "clk", -1);        /* 60 minutes (the one-step form h:mm:ss] too) */
    clock_of("[%clk 1:00:60]", "clk", -1);
    clock_of("[%clk 1:00:001]", "clk", -1);       /* three digits of seconds */
    clock_of("[%clk 1:23:45", "clk", -1);         /* no closing bracket */
    clock_of("[%clk 99999:00:00]", "clk", -1);    /* beyond 1000 hours */
    size_t where = 0;
    int64_t t;
    cr_assert_eq(arb_clock_command("ok [%clk x]", "clk", &t, &where), -1);
    cr_assert_eq(where, 3);
}

Test(clock, format)
{
    char buf[32];
    cr_assert_str_eq(arb_clock_format(50250, buf, sizeof buf), "1:23:45");
    cr_assert_str_eq(arb_clock_format(97, buf, sizeof buf), "0:00:09.7");
}

static arb_time_control tc_ok(const char *text)
{
    arb_time_control tc;
    arb_status st = arb_time_control_parse(text, &tc);
    cr_assert_eq(st.code, 0, "%s: %s", text, st.message);
    return tc;
}

Test(clock, time_control_forms)
{
    arb_time_control tc = tc_ok("40/5400:1800");
    cr_assert_eq(tc.kind, ARB_TC_PERIODS);
    cr_assert_eq(tc.count, 2);
    cr_assert_eq(tc.periods[0].moves, 40);
    cr_assert_eq(tc.periods[0].seconds, 5400);
    cr_assert_eq(tc.periods[1].moves, 0);
    cr_assert_eq(tc.periods[1].seconds, 1800);

    tc = tc_ok("300+2");
    cr_assert_eq(tc.count, 1);
    cr_assert_eq(tc.periods[0].seconds, 300);
    cr_assert_eq(arb_time_control_increment(&tc, 1), 2);

    tc = tc_ok("40/5400+30:1800+30");
    cr_assert_eq(tc.count, 2);
    cr_assert_eq(tc.periods[0].increment, 30);
    cr_assert_eq(arb_time_control_increment(&tc, 41), 30);

    tc = tc_ok("*60");
    cr_assert_eq(tc.kind, ARB_TC_SANDCLOCK);
    cr_assert_eq(tc.periods[0].seconds, 60);
    cr_assert_eq(tc_ok("?").kind, ARB_TC_UNKNOWN);
    cr_assert_eq(tc_ok("-").kind, ARB_TC_NONE);
    cr_assert_eq(tc_ok("5400").periods[0].moves, 0);
}

Test(clock, increment_by_period)
{
    arb_time_control tc = tc_ok("40/7200:20/3600+10:900+30");
    cr_assert_eq(arb_time_control_increment(&tc, 40), 0);
    cr_assert_eq(arb_time_control_increment(&tc, 41), 10);
    cr_assert_eq(arb_time_control_increment(&tc, 61), 30);
    cr_assert_eq(arb_time_control_increment(&tc, 200), 30);
}

Test(clock, time_control_errors_name_the_column)
{
    static const struct { const char *text; int col; } bad[] = {
        {"", 1}, {"abc", 1}, {"40/", 4}, {"300+", 5}, {"300+2:60", 6}, {"*", 2}, {"40/5400;1800", 8},
        {"0/300", 2}, {"300 + 2", 4},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        arb_time_control tc;
        arb_status st = arb_time_control_parse(bad[i].text, &tc);
        cr_assert_neq(st.code, 0, "'%s' accepted", bad[i].text);
        cr_assert_eq(st.col, bad[i].col, "'%s': column %d", bad[i].text, st.col);
        cr_assert(strstr(st.message, "TimeControl"), "%s", st.message);
    }
}
