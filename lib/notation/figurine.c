/* figurine.c — figurine glyphs (see figurine.h). */
#include "figurine.h"

/* Unicode orders each colour's symbols king, queen, rook, bishop, knight, pawn. */
static const int unicode_order[6] = {ARB_KING, ARB_QUEEN, ARB_ROOK, ARB_BISHOP, ARB_KNIGHT, ARB_PAWN};

static const char *const glyphs[2][6] = {
    /* by kind: pawn, knight, bishop, rook, queen, king */
    {"\u2659", "\u2658", "\u2657", "\u2656", "\u2655", "\u2654"},
    {"\u265F", "\u265E", "\u265D", "\u265C", "\u265B", "\u265A"},
};

int arb_figurine_kind(const char *s, size_t len)
{
    /* U+2654..U+265F are E2 99 94 .. E2 99 9F in UTF-8 */
    const unsigned char *u = (const unsigned char *)s;
    if (len != 3 || u[0] != 0xE2 || u[1] != 0x99 || u[2] < 0x94 || u[2] > 0x9F)
        return ARB_NO_KIND;
    return unicode_order[(u[2] - 0x94) % 6];
}

const char *arb_figurine(int color, int kind)
{
    if ((color != ARB_WHITE && color != ARB_BLACK) || kind < ARB_PAWN || kind > ARB_KING)
        return "";
    return glyphs[color][kind];
}
