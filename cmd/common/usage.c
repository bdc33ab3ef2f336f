/* usage.c — see usage.h. */
#include "usage.h"

#include <stdarg.h>
#include <stdio.h>

int usage_error(const char *program, const char *fmt, ...)
{
    fprintf(stderr, "%s: ", program);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry '%s --help'.\n", program);
    return -1;
}
