/* test_size_arg.c — cmd/common/size_arg: --max-game-bytes N[K|M|G]. */
#include <criterion/criterion.h>
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
