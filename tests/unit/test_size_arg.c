/* test_size_arg.c — cmd/common/size_arg: --max-game-bytes N[K|M|G] and the counts every tool parses. */
#include <criterion/criterion.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>

#include "../../cmd/common/size_arg.h"

Test(size_arg, plain_numbers_and_suffixes)
{
    size_t n = 0;
    cr_assert(size_arg_parse("1", &n));
    cr_assert_eq(n, 1);
    cr_assert(size_arg_parse("1500", &n));
    cr_assert_eq(n, 1500);
    cr_assert(size_arg_parse("4K", &n));
    cr_assert_eq(n, 4096);
    cr_assert(size_arg_parse("4k", &n));
    cr_assert_eq(n, 4096);
    cr_assert(size_arg_parse("64M", &n));
    cr_assert_eq(n, (size_t)64 << 20);
    cr_assert(size_arg_parse("2MiB", &n));
    cr_assert_eq(n, (size_t)2 << 20);
    cr_assert(size_arg_parse("1GB", &n));
    cr_assert_eq(n, (size_t)1 << 30);
}

Test(size_arg, rejects_what_is_not_a_count)
{
    static const char *const bad[] = {"", "0", "0K", "-1", "+1", " 1", "1 ", "1.5M", "1T", "K",
                                      "1KK", "1Mi", "1kb", "0x10", "99999999999999999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        size_t n = 7;
        cr_assert_not(size_arg_parse(bad[i], &n), "accepted \"%s\"", bad[i]);
        cr_assert_eq(n, 7, "changed the value on \"%s\"", bad[i]);
    }
}

Test(size_arg, overflow_with_a_suffix)
{
    char s[40];
    snprintf(s, sizeof s, "%zuG", SIZE_MAX / 1024);
    size_t n = 7;
    cr_assert_not(size_arg_parse(s, &n));
    snprintf(s, sizeof s, "%zuK", SIZE_MAX >> 10);
    cr_assert(size_arg_parse(s, &n));
    cr_assert_eq(n, (SIZE_MAX >> 10) << 10);
}

/* counts: -j N, --first-game N, --max-depth N, -m N in every tool */
Test(size_arg, counts_digits_only_within_bounds)
{
    unsigned long long n = 0;
    cr_assert(count_arg_parse("0", 0, 256, &n));
    cr_assert_eq(n, 0);
    cr_assert(count_arg_parse("256", 0, 256, &n));
    cr_assert_eq(n, 256);
    cr_assert(count_arg_parse("18446744073709551615", 0, ULLONG_MAX, &n));
    cr_assert_eq(n, ULLONG_MAX);
    static const char *const bad[] = {"", "257", "-1", "+1", " 1", "1 ", "1.0", "1K", "0x10",
                                      "18446744073709551616"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        n = 7;
        cr_assert_not(count_arg_parse(bad[i], 0, i == 9 ? ULLONG_MAX : 256, &n), "accepted \"%s\"", bad[i]);
        cr_assert_eq(n, 7, "changed the value on \"%s\"", bad[i]);
    }
    cr_assert_not(count_arg_parse("0", 1, 10, &n), "below the minimum");
}

Test(size_arg, ints)
{
    int n = 7;
    cr_assert(int_arg_parse("1000000", 1, 1000000, &n));
    cr_assert_eq(n, 1000000);
    cr_assert_not(int_arg_parse("1000001", 1, 1000000, &n));
    cr_assert_not(int_arg_parse("-5", 0, 10, &n));
    cr_assert_not(int_arg_parse("3", -1, 10, &n), "negative bounds are not for command-line counts");
    cr_assert_eq(n, 1000000);
}
