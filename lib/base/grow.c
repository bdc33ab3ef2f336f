/* grow.c — room in a growable array (see grow.h). */
#include "grow.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

size_t arb_grown_capacity(size_t capacity, size_t needed)
{
    if (needed <= capacity)
        return capacity;
    size_t grown = capacity ? capacity : ARB_GROW_FIRST;
    while (grown < needed) {
        if (grown > SIZE_MAX / 2)
            return 0;
        grown *= 2;
    }
    return grown;
}

bool arb_resize(void *array, size_t count, size_t item_size)
{
    if (count == 0 || item_size == 0 || count > SIZE_MAX / item_size)
        return false;
    /* The caller's pointer is a T *; it is read and written as bytes so
     * that no T * is accessed through a void * lvalue. */
    void *items;
    memcpy(&items, array, sizeof items);
    void *resized = realloc(items, count * item_size);
    if (!resized)
        return false;
    memcpy(array, &resized, sizeof resized);
    return true;
}

bool arb_grow_to_hold(void *array, size_t *capacity, size_t needed, size_t item_size)
{
    if (needed <= *capacity)
        return true;
    size_t grown = arb_grown_capacity(*capacity, needed);
    if (grown == 0 || !arb_resize(array, grown, item_size))
        return false;
    *capacity = grown;
    return true;
}
