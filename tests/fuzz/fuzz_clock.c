/* fuzz_clock.c — any text as a comment with clock commands and as a
 * TimeControl value (lib/pgn/clock.h): no crash; a time read is within the
 * documented bounds and says where its command starts; a TimeControl that
 * parses has its periods in range, and one that fails says where. */
#include "clock.h"
#include "invariants.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char text[512];
    if (size >= sizeof text)
        size = sizeof text - 1;
    memcpy(text, data, size);
    text[size] = '\0';
    size_t len = strlen(text);
    static const char *const names[] = {"clk", "emt"};
    for (int i = 0; i < 2; i++) {
        int64_t tenths = -1;
        size_t where = (size_t)-1;
        int found = arb_clock_command(text, names[i], &tenths, &where);
        INVARIANT(found >= -1 && found <= 1, "result %d", found);
        if (found != 0)
            INVARIANT(where < len && text[where] == '[', "command at %zu of %zu", where, len);
        if (found == 1) {
            INVARIANT(tenths >= 0 && tenths <= 1000LL * 3600 * 10 + 9, "time %lld", (long long)tenths);
            char buf[32];
            arb_clock_format(tenths, buf, sizeof buf);
            INVARIANT(strchr(buf, ':') != NULL, "formatted '%s'", buf);
        }
    }
    arb_time_control tc;
    arb_status st = arb_time_control_parse(text, &tc);
    if (st.code) {
        INVARIANT(st.col >= 1 && (size_t)st.col <= len + 1 && st.message[0], "error at %d of %zu", st.col, len);
    } else {
        INVARIANT(tc.kind >= ARB_TC_UNKNOWN && tc.kind <= ARB_TC_SANDCLOCK, "kind %d", tc.kind);
        INVARIANT(tc.count >= 0 && tc.count <= ARB_TIME_PERIODS_MAX, "count %d", tc.count);
        for (int i = 0; i < tc.count; i++) {
            const arb_time_period *p = &tc.periods[i];
            INVARIANT(p->moves >= 0 && p->moves <= 1000 && p->seconds >= 0 && p->seconds <= 1000LL * 3600 &&
                      p->increment >= 0 && p->increment <= 3600, "period %d out of range", i);
        }
        for (int move = 1; move <= 300; move++)
            INVARIANT(arb_time_control_increment(&tc, move) >= 0, "negative increment");
    }
    return 0;
}
