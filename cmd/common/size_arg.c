/* size_arg.c — numbers on the command line (see size_arg.h). */
#include "size_arg.h"

#include <limits.h>
#include <stdint.h>

bool size_arg_parse(const char *s, size_t *out)
{
    if (*s < '0' || *s > '9')
        return false;
    size_t v = 0;
    for (; *s >= '0' && *s <= '9'; s++) {
        size_t d = (size_t)(*s - '0');
        if (v > (SIZE_MAX - d) / 10)
            return false;
        v = v * 10 + d;
    }
    int shift = 0;
    switch (*s) {
    case 'k': case 'K': shift = 10; break;
    case 'm': case 'M': shift = 20; break;
    case 'g': case 'G': shift = 30; break;
    default: break;
    }
    if (shift) {
        s++;
        if (s[0] == 'i' && s[1] == 'B')
            s += 2;
        else if (s[0] == 'B')
            s++;
    }
    if (*s || v == 0 || v > (SIZE_MAX >> shift))
        return false;
    *out = v << shift;
    return true;
}

bool count_arg_parse(const char *s, unsigned long long min, unsigned long long max, unsigned long long *out)
{
    if (*s < '0' || *s > '9')
        return false;
    unsigned long long v = 0;
    for (; *s >= '0' && *s <= '9'; s++) {
        unsigned d = (unsigned)(*s - '0');
        if (v > (ULLONG_MAX - d) / 10)
            return false;
        v = v * 10 + d;
    }
    if (*s || v < min || v > max)
        return false;
    *out = v;
    return true;
}

bool int_arg_parse(const char *s, int min, int max, int *out)
{
    unsigned long long v;
    if (min < 0 || !count_arg_parse(s, (unsigned long long)min, (unsigned long long)max, &v))
        return false;
    *out = (int)v;
    return true;
}
