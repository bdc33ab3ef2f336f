/* status.c — making status values and naming error classes. */
#include "status.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

arb_status arb_status_verror(int error_class, int code, int line, int col, const char *fmt, va_list ap)
{
    arb_status st;
    memset(&st, 0, sizeof st);
    st.code = code;
    st.error_class = error_class;
    st.line = line;
    st.col = col;
    vsnprintf(st.message, sizeof st.message, fmt, ap);
    return st;
}

arb_status arb_status_error(int error_class, int code, int line, int col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    arb_status st = arb_status_verror(error_class, code, line, col, fmt, ap);
    va_end(ap);
    return st;
}

const char *arb_error_class_name(int error_class)
{
    static const char *const names[ARB_ERR_CLASS_COUNT] = {
        "none", "io", "memory", "format", "illegal", "data", "limit", "argument",
    };
    if (error_class < 0 || error_class >= ARB_ERR_CLASS_COUNT)
        return "unknown";
    return names[error_class];
}
