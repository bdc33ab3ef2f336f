/* material.c — material patterns (see material.h). */
#include "material.h"

#include <stdio.h>
#include <string.h>

enum { ANY = 255 };

static int kind_of(char c)
{
    switch (c | 0x20) {
    case 'p': return ARB_PAWN;
    case 'n': return ARB_KNIGHT;
    case 'b': return ARB_BISHOP;
    case 'r': return ARB_ROOK;
    case 'q': return ARB_QUEEN;
    case 'k': return ARB_KING;
    default: return -1;
    }
}

static arb_status fail(const char *spec, size_t at, const char *why)
{
    return arb_status_error(ARB_ERR_ARGUMENT, ARB_ERR_ARGUMENT, 0, (int)at + 1,
                            "--material %.30s: %s at character %zu, expected KQRBNP (White), kqrbnp (Black), "
                            "+ after a man, * after a side, e.g. KR*kr", spec, why, at + 1);
}

arb_status arb_material_parse(const char *spec, arb_material *m)
{
    memset(m, 0, sizeof *m);
    bool any[2] = {false, false}, plus[2][6] = {{false}};
    int last = -1;   /* colour of the last letter */
    size_t i = 0;
    for (; spec[i]; i++) {
        char c = spec[i];
        int kind = kind_of(c);
        if (kind >= 0 && ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) {
            int color = (c >= 'a') ? ARB_BLACK : ARB_WHITE;
            if (any[color])
                return fail(spec, i, "a man after '*'");
            if (m->min[color][kind] == 16)
                return fail(spec, i, "more than 16 of one man");
            m->min[color][kind]++;
            if (kind == ARB_KING && m->min[color][kind] > 1)
                return fail(spec, i, "a second king");
            last = color;
        } else if (c == '+') {
            if (i == 0 || kind_of(spec[i - 1]) < 0 || kind_of(spec[i - 1]) == ARB_KING)
                return fail(spec, i, "'+' not after a man other than the king");
            plus[last][kind_of(spec[i - 1])] = true;
        } else if (c == '*') {
            if (last < 0 || any[last])
                return fail(spec, i, "'*' not after a side's men");
            any[last] = true;
        } else {
            return fail(spec, i, "an unexpected character");
        }
    }
    if (i == 0)
        return fail(spec, 0, "nothing");
    for (int color = 0; color < 2; color++) {
        m->min[color][ARB_KING] = 1;
        for (int kind = 0; kind < 6; kind++)
            m->max[color][kind] = (any[color] || plus[color][kind]) && kind != ARB_KING ? ANY : m->min[color][kind];
    }
    return (arb_status){0};
}

bool arb_material_match(const arb_material *m, const arb_position *pos)
{
    for (int color = 0; color < 2; color++)
        for (int kind = 0; kind < 5; kind++) {
            int n = __builtin_popcountll(arb_pieces(pos, color, kind));
            if (n < m->min[color][kind] || n > m->max[color][kind])
                return false;
        }
    return true;
}
