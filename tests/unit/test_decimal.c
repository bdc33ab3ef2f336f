/* test_decimal.c — lib/base/decimal: a number's digits written before the
 * end of a buffer, from zero to the largest 64-bit value. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "decimal.h"

static void expect_digits(uint64_t v, const char *want)
{
    char buf[ARB_DECIMAL_MAX + 2];
    memset(buf, '#', sizeof buf);
    char *end = buf + ARB_DECIMAL_MAX + 1;   /* one guard byte before the room, one after */
    const char *d = arb_decimal_before(v, end);
    cr_assert_eq((size_t)(end - d), strlen(want), "length of %s", want);
    cr_assert_eq(memcmp(d, want, strlen(want)), 0, "digits of %s", want);
    cr_assert_eq(buf[0], '#', "wrote before its room for %s", want);
    cr_assert_eq(*end, '#', "wrote past the end for %s", want);
}

Test(decimal, digits_from_zero_to_the_largest_value)
{
    expect_digits(0, "0");
    expect_digits(7, "7");
    expect_digits(10, "10");
    expect_digits(999, "999");
    expect_digits(1000, "1000");
    expect_digits(302029, "302029");
    expect_digits(UINT64_MAX, "18446744073709551615");
}

Test(decimal, every_number_below_a_hundred_thousand_as_printf_writes_it)
{
    char want[24], buf[ARB_DECIMAL_MAX];
    for (uint64_t v = 0; v < 100000; v++) {
        snprintf(want, sizeof want, "%llu", (unsigned long long)v);
        const char *d = arb_decimal_before(v, buf + sizeof buf);
        cr_assert_eq((size_t)(buf + sizeof buf - d), strlen(want));
        cr_assert_eq(memcmp(d, want, strlen(want)), 0, "%s", want);
    }
}
