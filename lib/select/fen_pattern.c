/* fen_pattern.c — boards with wildcards (see fen_pattern.h). */
#include "fen_pattern.h"

#include <stdio.h>
#include <string.h>

enum { EMPTY_BIT = 1 << ARB_NO_PIECE, WHITE_MEN = 0x3f, BLACK_MEN = 0x3f << 6 };

static int piece_of(char c)
{
    static const char letters[] = "PNBRQKpnbrqk";
    const char *at = c ? strchr(letters, c) : NULL;
    return at ? (int)(at - letters) : -1;
}

static arb_status fail(const char *text, size_t at, const char *why)
{
    return arb_status_error(ARB_ERR_ARGUMENT, ARB_ERR_ARGUMENT, 0, (int)at + 1,
                            "--fen-pattern %.30s: %s at character %zu, expected 8 ranks split by /: FEN men, "
                            "digits, ? ! A a, or * for a rank", text, why, at + 1);
}

arb_status arb_fen_pattern_parse(const char *text, arb_fen_pattern *p)
{
    memset(p, 0, sizeof *p);
    p->side = -1;
    size_t i = 0;
    for (int rank = 7; rank >= 0; rank--) {
        if (text[i] == '*' && (text[i + 1] == '/' || text[i + 1] == '\0' || text[i + 1] == ' ')) {
            for (int file = 0; file < 8; file++)
                p->allowed[arb_square(file, rank)] = EMPTY_BIT | WHITE_MEN | BLACK_MEN;
            i++;
        } else {
            int file = 0;
            for (; text[i] && text[i] != '/' && text[i] != ' '; i++) {
                char c = text[i];
                int n = 1;
                uint16_t allowed;
                if (c >= '1' && c <= '8') {
                    n = c - '0';
                    allowed = EMPTY_BIT;
                } else if (c == '?') {
                    allowed = EMPTY_BIT | WHITE_MEN | BLACK_MEN;
                } else if (c == '!') {
                    allowed = WHITE_MEN | BLACK_MEN;
                } else if (c == 'A') {
                    allowed = WHITE_MEN;
                } else if (c == 'a') {
                    allowed = BLACK_MEN;
                } else if (piece_of(c) >= 0) {
                    allowed = (uint16_t)(1u << piece_of(c));
                } else {
                    return fail(text, i, "an unexpected character");
                }
                if (file + n > 8)
                    return fail(text, i, "more than 8 squares on a rank");
                for (int k = 0; k < n; k++)
                    p->allowed[arb_square(file++, rank)] = allowed;
            }
            if (file < 8)
                return fail(text, i, "fewer than 8 squares on a rank");
        }
        if (rank > 0) {
            if (text[i] != '/')
                return fail(text, i, "fewer than 8 ranks");
            i++;
        }
    }
    if (text[i] == ' ') {
        i++;
        if ((text[i] == 'w' || text[i] == 'b') && text[i + 1] == '\0') {
            p->side = text[i] == 'w' ? ARB_WHITE : ARB_BLACK;
            return (arb_status){0};
        }
        return fail(text, i, "not w or b after the board");
    }
    if (text[i])
        return fail(text, i, "more than 8 ranks");
    return (arb_status){0};
}

bool arb_fen_pattern_match(const arb_fen_pattern *p, const arb_position *pos)
{
    if (p->side >= 0 && pos->side != p->side)
        return false;
    for (int sq = 0; sq < 64; sq++)
        if (!(p->allowed[sq] & (1u << pos->board[sq])))
            return false;
    return true;
}
