/* test_grow.c — lib/base/grow: room in growable arrays, and sizes that would
 * overflow refused as an allocation failure. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdlib.h>

#include "grow.h"

Test(grow, an_empty_array_gets_room_and_keeps_its_items_as_it_doubles)
{
    int *items = NULL;
    size_t cap = 0;
    for (int i = 0; i < 1000; i++) {
        cr_assert(arb_grow(&items, &cap, (size_t)i + 1, sizeof *items));
        cr_assert_geq(cap, (size_t)i + 1);
        items[i] = i * 7;
    }
    cr_expect_eq(cap, 1024, "16 doubled six times");
    for (int i = 0; i < 1000; i++)
        cr_assert_eq(items[i], i * 7);
    free(items);
}

Test(grow, an_array_with_room_is_left_as_it_is)
{
    size_t cap = 0;
    char *text = NULL;
    cr_assert(arb_grow(&text, &cap, 10, 1));
    cr_assert_eq(cap, ARB_GROW_FIRST);
    char *before = text;
    cr_assert(arb_grow(&text, &cap, ARB_GROW_FIRST, 1));
    cr_expect_eq(text, before);
    cr_expect_eq(cap, ARB_GROW_FIRST);
    free(text);
}

Test(grow, a_size_that_overflows_fails_and_leaves_the_array)
{
    uint64_t *items = NULL;
    size_t cap = 0;
    cr_assert(arb_grow(&items, &cap, 3, sizeof *items));
    items[2] = 42;
    uint64_t *before = items;
    cr_expect_not(arb_grow(&items, &cap, SIZE_MAX / 4, sizeof *items), "bytes past SIZE_MAX");
    cr_expect_not(arb_grow(&items, &cap, SIZE_MAX, 1), "capacity past SIZE_MAX when doubled");
    cr_expect_eq(items, before);
    cr_expect_eq(cap, ARB_GROW_FIRST);
    cr_expect_eq(items[2], 42);
    cr_expect_eq(arb_grown_capacity(16, SIZE_MAX), 0);
    cr_expect_not(arb_resize(&items, SIZE_MAX / 2, 4));
    cr_expect_eq(items, before);
    free(items);
}

Test(grow, arrays_side_by_side_share_one_capacity)
{
    uint64_t *keys = NULL;
    uint16_t *clocks = NULL;
    size_t cap = 0;
    for (size_t n = 0; n < 100; n++) {
        size_t grown = arb_grown_capacity(cap, n + 1);
        cr_assert_neq(grown, 0);
        if (grown != cap) {
            cr_assert(arb_resize(&keys, grown, sizeof *keys));
            cr_assert(arb_resize(&clocks, grown, sizeof *clocks));
            cap = grown;
        }
        keys[n] = n * 1000003u;
        clocks[n] = (uint16_t)n;
    }
    cr_expect_eq(cap, 128);
    for (size_t n = 0; n < 100; n++) {
        cr_assert_eq(keys[n], n * 1000003u);
        cr_assert_eq(clocks[n], n);
    }
    free(keys);
    free(clocks);
}
