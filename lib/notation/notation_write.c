/* notation_write.c — writing a move in a locale's letters or as figurines.
 *
 * Both writers start from canonical SAN (arb_san_write), so disambiguation,
 * check and mate are exactly SAN's, and only the spellings change.  That is
 * what makes SAN -> LANG -> SAN the identity.
 */
#include "notation.h"

#include <string.h>

#include "descriptive.h"
#include "figurine.h"

typedef struct out {
    char *buf;
    size_t len;
} out;

static void emit(out *o, const char *s)
{
    size_t n = strlen(s);
    if (o->len + n >= ARB_NOTATION_MAX)
        n = ARB_NOTATION_MAX - 1 - o->len;
    memcpy(o->buf + o->len, s, n);
    o->len += n;
    o->buf[o->len] = '\0';
}

static int kind_of_san_letter(char c)
{
    switch (c) {
    case 'N': return ARB_KNIGHT;
    case 'B': return ARB_BISHOP;
    case 'R': return ARB_ROOK;
    case 'Q': return ARB_QUEEN;
    case 'K': return ARB_KING;
    default: return ARB_NO_KIND;
    }
}

typedef struct spellings {
    const char *piece[ARB_NO_KIND];  /* by kind; pawn unused */
    const char *capture;
    const char *castle_short, *castle_long;
    const char *promotion_mark;
    const char *mate;
} spellings;

static size_t translate(const arb_position *pos, arb_move move, const spellings *sp, char *buf)
{
    char san[ARB_SAN_MAX];
    arb_san_write(pos, move, san);
    out o = {buf, 0};
    buf[0] = '\0';
    const char *s = san;
    if (strncmp(s, "O-O-O", 5) == 0) {
        emit(&o, sp->castle_long);
        s += 5;
    } else if (strncmp(s, "O-O", 3) == 0) {
        emit(&o, sp->castle_short);
        s += 3;
    } else if (kind_of_san_letter(*s) != ARB_NO_KIND) {
        emit(&o, sp->piece[kind_of_san_letter(*s)]);
        s++;
    }
    for (; *s; s++) {
        char one[2] = {*s, '\0'};
        if (*s == 'x') {
            emit(&o, sp->capture);
        } else if (*s == '=' && kind_of_san_letter(s[1]) != ARB_NO_KIND) {
            emit(&o, sp->promotion_mark);
            emit(&o, sp->piece[kind_of_san_letter(s[1])]);
            s++;
        } else if (*s == '#') {
            emit(&o, sp->mate);
        } else {
            emit(&o, one);
        }
    }
    return o.len;
}

size_t arb_notation_write(const arb_notation *n, const arb_position *pos, arb_move move, char *buf)
{
    const arb_locale *loc = arb_notation_locale(n);
    if (arb_descriptive_locale(loc))
        return arb_descriptive_write(loc, pos, move, buf);
    spellings sp;
    for (int k = ARB_KNIGHT; k <= ARB_KING; k++)
        sp.piece[k] = arb_locale_piece(loc, k, 0);
    sp.piece[ARB_PAWN] = "";
    sp.capture = arb_locale_list_item(loc, ARB_LOCALE_CAPTURE, 0);
    sp.castle_short = arb_locale_list_item(loc, ARB_LOCALE_CASTLE_SHORT, 0);
    sp.castle_long = arb_locale_list_item(loc, ARB_LOCALE_CASTLE_LONG, 0);
    sp.promotion_mark = arb_locale_promotion_mark(loc);
    sp.mate = arb_locale_mate_mark(loc);
    return translate(pos, move, &sp, buf);
}

size_t arb_fan_write(const arb_position *pos, arb_move move, int style, char *buf)
{
    int color = style == ARB_FAN_BY_COLOR ? pos->side : ARB_WHITE;
    spellings sp;
    for (int k = ARB_PAWN; k <= ARB_KING; k++)
        sp.piece[k] = arb_figurine(color, k);
    sp.capture = "x";
    sp.castle_short = "O-O";
    sp.castle_long = "O-O-O";
    sp.promotion_mark = "=";
    sp.mate = "#";
    return translate(pos, move, &sp, buf);
}
