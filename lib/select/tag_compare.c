/* tag_compare.c — numeric and date comparisons of tag values (see
 * tag_compare.h). */
#include "tag_compare.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static bool name_char(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

bool arb_tag_compare_is(const char *spec)
{
    const char *c = spec;
    while (name_char(*c))
        c++;
    return *c == '<' || *c == '>' || (c[0] == '=' && c[1] == '=');
}

/* A decimal number filling s[0..len); false when it is not one. */
static bool parse_number(const char *s, size_t len, double *out)
{
    size_t i = 0;
    bool negative = false;
    if (i < len && (s[i] == '-' || s[i] == '+'))
        negative = s[i++] == '-';
    double v = 0;
    size_t digits = 0;
    for (; i < len && s[i] >= '0' && s[i] <= '9'; i++, digits++)
        v = v * 10 + (s[i] - '0');
    if (i < len && s[i] == '.') {
        double scale = 0.1;
        for (i++; i < len && s[i] >= '0' && s[i] <= '9'; i++, digits++, scale /= 10)
            v += (s[i] - '0') * scale;
    }
    if (digits == 0 || i != len || digits > 15)
        return false;
    *out = negative ? -v : v;
    return true;
}

/* One part of a date: "??" (unknown), or exactly `width` digits within
 * [1, max] (the year: 4 digits, 0 allowed). */
static bool date_part(const char *s, size_t len, size_t width, int max, int *value, bool *known)
{
    if (len == 2 && s[0] == '?' && s[1] == '?') {
        *known = false;
        return true;
    }
    if (width == 4 && len == 4 && strncmp(s, "????", 4) == 0) {
        *known = false;
        return true;
    }
    if (len != width)
        return false;
    int v = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        v = v * 10 + (s[i] - '0');
    }
    if ((width == 2 && v < 1) || v > max)
        return false;
    *value = v;
    *known = true;
    return true;
}

/* "YYYY", "YYYY.MM", "YYYY.MM.DD" with "??" parts, as the interval of days
 * [lo, hi] (YYYYMMDD); an unknown part makes the later ones unknown too. */
static bool parse_date(const char *s, size_t len, double *lo, double *hi)
{
    static const size_t width[3] = {4, 2, 2};
    static const int max[3] = {9999, 12, 31};
    int v[3] = {0, 1, 1};
    bool known[3] = {false, false, false};
    size_t part = 0, at = 0;
    for (;;) {
        size_t end = at;
        while (end < len && s[end] != '.')
            end++;
        if (!date_part(s + at, end - at, width[part], max[part], &v[part], &known[part]))
            return false;
        part++;
        if (end == len)
            break;
        if (part == 3)
            return false;   /* a fourth part */
        at = end + 1;
    }
    int low[3] = {0, 1, 1}, high[3] = {9999, 12, 31};
    for (size_t i = 0; i < 3; i++) {
        if (i < part && known[i]) {
            low[i] = high[i] = v[i];
            continue;
        }
        break;   /* this part and the ones after it may be anything */
    }
    *lo = low[0] * 10000.0 + low[1] * 100 + low[2];
    *hi = high[0] * 10000.0 + high[1] * 100 + high[2];
    return true;
}

static bool parse_value(const arb_tag_compare *c, const char *s, size_t len, double *lo, double *hi)
{
    if (c->date)
        return parse_date(s, len, lo, hi);
    if (!parse_number(s, len, lo))
        return false;
    *hi = *lo;
    return true;
}

static arb_status fail(const char *spec, const char *why)
{
    return arb_status_error(ARB_ERR_ARGUMENT, ARB_ERR_ARGUMENT, 0, 0, "--tag %.60s: %.130s", spec, why);
}

arb_status arb_tag_compare_parse(const char *spec, arb_tag_compare *c)
{
    memset(c, 0, sizeof *c);
    const char *op = spec;
    while (name_char(*op))
        op++;
    size_t name_len = (size_t)(op - spec);
    if (name_len == 0 || name_len >= sizeof c->name)
        return fail(spec, "expected a tag name (letters, digits, _) before the comparison");
    memcpy(c->name, spec, name_len);
    c->date = name_len >= 4 && strcmp(c->name + name_len - 4, "Date") == 0;
    const char *expect = c->date ? "expected a date YYYY.MM.DD (MM and DD may be ?? or left out)"
                                 : "expected a number";
    char why[160];
    size_t op_len = (op[0] == '<' || op[0] == '>') ? (op[1] == '=' ? 2 : 1) : (op[0] == '=' && op[1] == '=') ? 2 : 0;
    if (!op_len)
        return fail(spec, "expected NAME<N, NAME<=N, NAME>N, NAME>=N, NAME==N or NAME==LOW..HIGH");
    const char *v = op + op_len;
    size_t len = strlen(v);
    double lo, hi;
    if (op[0] == '=') {
        const char *dots = strstr(v, "..");
        double lo2, hi2;
        if (dots) {
            if (!parse_value(c, v, (size_t)(dots - v), &lo, &hi)
                || !parse_value(c, dots + 2, strlen(dots + 2), &lo2, &hi2)) {
                snprintf(why, sizeof why, "LOW..HIGH: %s at each end", expect);
                return fail(spec, why);
            }
            if (lo2 < lo || hi2 < hi)
                return fail(spec, "LOW..HIGH: LOW is above HIGH, expected the lower end first");
            c->low = lo;
            c->high = hi2;
            return (arb_status){0};
        }
        if (!parse_value(c, v, len, &lo, &hi))
            return fail(spec, expect);
        c->low = lo;
        c->high = hi;
        return (arb_status){0};
    }
    if (!parse_value(c, v, len, &lo, &hi))
        return fail(spec, expect);
    c->low = -INFINITY;
    c->high = INFINITY;
    if (op[0] == '<') {
        /* <2020: before all of 2020; <=2020: up to its end */
        c->high = op_len == 2 ? hi : lo;
        c->high_open = op_len == 1;
    } else {
        c->low = op_len == 2 ? lo : hi;
        c->low_open = op_len == 1;
    }
    return (arb_status){0};
}

bool arb_tag_compare_match(const arb_tag_compare *c, const char *value)
{
    double lo, hi;
    if (!value || !parse_value(c, value, strlen(value), &lo, &hi))
        return false;
    /* every value the tag may stand for lies in the interval */
    bool low_ok = c->low_open ? lo > c->low : lo >= c->low;
    bool high_ok = c->high_open ? hi < c->high : hi <= c->high;
    return low_ok && high_ok;
}
