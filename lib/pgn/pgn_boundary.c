/* pgn_boundary.c — game boundaries from the bytes (see pgn_boundary.h). */
#include "pgn_boundary.h"

#include <string.h>

static inline bool is_letter(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

int arb_pgn_tag_pair_at(const char *buf, size_t len, size_t at, bool more)
{
    const unsigned char *b = (const unsigned char *)buf;
    int unknown = more ? -1 : 0;   /* the answer when the bytes end first */
    size_t i = at;
    if (i >= len)
        return unknown;
    if (b[i] != '[')
        return 0;
    i++;
    if (i >= len)
        return unknown;
    if (!is_letter(b[i]))
        return 0;
    while (i < len && (is_letter(b[i]) || (b[i] >= '0' && b[i] <= '9') || b[i] == '_'))
        i++;
    if (i >= len)
        return unknown;
    if (b[i] != ' ' && b[i] != '\t')
        return 0;
    while (i < len && (b[i] == ' ' || b[i] == '\t'))
        i++;
    if (i >= len)
        return unknown;
    return b[i] == '"';
}

bool arb_pgn_marker_before(const char *buf, size_t at)
{
    size_t i = at, floor = at > 4096 ? at - 4096 : 0;
    while (i > floor && (buf[i - 1] == '\n' || buf[i - 1] == '\r' || buf[i - 1] == ' '
                         || buf[i - 1] == '\t'))
        i--;
    static const char *const markers[] = {"1-0", "0-1", "1/2-1/2", "1/2", "*"};
    for (size_t m = 0; m < sizeof markers / sizeof markers[0]; m++) {
        size_t n = strlen(markers[m]);
        if (i >= n && memcmp(buf + i - n, markers[m], n) == 0
            && (i == n || buf[i - n - 1] == ' ' || buf[i - n - 1] == '\t' || buf[i - n - 1] == '\n'
                || buf[i - n - 1] == ')' || buf[i - n - 1] == '}'))
            return true;
    }
    return false;
}

size_t arb_pgn_find_boundary(const char *buf, size_t len, size_t from)
{
    size_t i = from;
    while (i < len) {
        const char *nl = memchr(buf + i, '\n', len - i);
        if (!nl)
            return 0;
        size_t b = (size_t)(nl - buf) + 1;
        if (b < len && buf[b] == '[' && arb_pgn_tag_pair_at(buf, len, b, false) == 1
            && arb_pgn_marker_before(buf, b))
            return b;
        i = b;
    }
    return 0;
}
