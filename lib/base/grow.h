/* grow.h — room in a growable array.
 *
 * The library's arrays grow by doubling, so n appends cost O(n) copies.
 * arb_grow makes room for `needed` items in one array; an owner that keeps
 * several arrays side by side with one capacity asks arb_grown_capacity for
 * the new capacity once and gives it to arb_resize for each array.  A size
 * whose bytes do not fit in size_t fails as an allocation failure does, so
 * no caller multiplies unchecked.  On failure the array and its capacity are
 * left as they were.
 *
 * Ownership and threads: the caller owns its arrays and frees them with
 * free(); these functions keep no state and may be called from any thread.
 */
#ifndef ARB_GROW_H
#define ARB_GROW_H

#include <stdbool.h>
#include <stddef.h>

/* Capacity of an array grown to hold `needed` items: `capacity` doubled
 * until it does (starting at ARB_GROW_FIRST when empty), or 0 when that
 * would overflow.  Returns `capacity` itself when it already holds them. */
#define ARB_GROW_FIRST 16
size_t arb_grown_capacity(size_t capacity, size_t needed);

/* Reallocates the array whose pointer is at `array` (a T **, passed as
 * void *) to `count` items of `item_size` bytes. */
bool arb_resize(void *array, size_t count, size_t item_size);

/* Makes the array at `array` (T **) with *capacity items hold at least
 * `needed`, updating *capacity.  The test is inline, since most calls find
 * room (a tag or a move added to a game); the growth is out of line. */
bool arb_grow_to_hold(void *array, size_t *capacity, size_t needed, size_t item_size);
static inline bool arb_grow(void *array, size_t *capacity, size_t needed, size_t item_size)
{
    return needed <= *capacity || arb_grow_to_hold(array, capacity, needed, item_size);
}

#endif
