/* pgn_read_messages.c — the reader's messages: what a bad move or token is,
 * and what was expected (the legal moves, in the game's notation). */
#include "pgn_read_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "san.h"

void pgn_read_error(struct parse *p, int line, int col, const char *fmt, ...)
{
    char msg[480];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (!arb_pgn_game_add_diag(p->g, ARB_PGN_ERROR, line, col, "%s", msg))
        p->oom = true;
    p->replay = false;
}

/* Token text for messages: at most 40 bytes, no line breaks. */
void pgn_read_quote(const arb_pgn_token *tok, char *out, size_t cap)
{
    size_t n = tok->len < 40 ? tok->len : 40;
    size_t o = 0;
    for (size_t i = 0; i < n && o + 4 < cap; i++) {
        char c = tok->text[i];
        out[o++] = (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
    }
    if (tok->len > n && o + 4 < cap) {
        memcpy(out + o, "...", 3);
        o += 3;
    }
    out[o] = '\0';
}

const char *pgn_side_name(const arb_position *pos)
{
    return pos->side == ARB_WHITE ? "White" : "Black";
}

/* Appends up to 16 moves, written in SAN, to msg. */
static void list_moves(const arb_position *pos, const arb_movelist *list, char *msg, size_t cap)
{
    size_t o = strlen(msg);
    for (int i = 0; i < list->count && i < 16; i++) {
        char san[ARB_SAN_MAX];
        arb_san_write(pos, list->moves[i], san);
        int n = snprintf(msg + o, cap - o, "%s%s", i ? ", " : "", san);
        if (n < 0 || (size_t)n >= cap - o)
            return;
        o += (size_t)n;
    }
    if (list->count > 16)
        snprintf(msg + o, cap - o, ", ...");
}

void pgn_read_move_error(struct parse *p, const arb_pgn_token *tok, const arb_position *pos, int code)
{
    char text[64], expected[320] = "";
    pgn_read_quote(tok, text, sizeof text);
    arb_move m;
    arb_movelist cand;
    cand.count = 0;
    arb_san_parse(pos, tok->text, tok->len, &m, &cand);
    if (cand.count == 0 && code != ARB_SAN_SYNTAX)
        arb_generate_legal(pos, &cand);
    unsigned number = pos->fullmove_number;
    switch (code) {
    case ARB_SAN_SYNTAX:
        pgn_read_error(p, tok->line, tok->col,
                 "\"%s\" is not a move (%s's move %u), expected a move in SAN such as Nf3, "
                 "exd5, O-O or e8=Q", text, pgn_side_name(pos), number);
        return;
    case ARB_SAN_AMBIGUOUS:
        list_moves(pos, &cand, expected, sizeof expected);
        pgn_read_error(p, tok->line, tok->col, "ambiguous move \"%s\" (%s's move %u), expected one of %s",
                 text, pgn_side_name(pos), number, expected);
        return;
    case ARB_SAN_BAD_PROMOTION:
        list_moves(pos, &cand, expected, sizeof expected);
        pgn_read_error(p, tok->line, tok->col,
                 "bad promotion \"%s\" (%s's move %u), expected one of %s", text,
                 pgn_side_name(pos), number, expected);
        return;
    default:
        if (cand.count == 0) {
            pgn_read_error(p, tok->line, tok->col,
                     "move \"%s\" (%s's move %u) after the game ended in %s, "
                     "expected a termination marker", text, pgn_side_name(pos), number,
                     arb_in_check(pos) ? "checkmate" : "stalemate");
            return;
        }
        list_moves(pos, &cand, expected, sizeof expected);
        pgn_read_error(p, tok->line, tok->col, "illegal move \"%s\" (%s's move %u), expected one of %s",
                 text, pgn_side_name(pos), number, expected);
        return;
    }
}

/* Appends up to 16 moves, written in a notation, to msg. */
static void list_moves_in(const arb_notation *n, const arb_position *pos, const arb_movelist *list, char *msg,
                          size_t cap)
{
    size_t o = strlen(msg);
    for (int i = 0; i < list->count && i < 16; i++) {
        char text[ARB_NOTATION_MAX];
        arb_notation_write(n, pos, list->moves[i], text);
        int w = snprintf(msg + o, cap - o, "%s%s", i ? ", " : "", text);
        if (w < 0 || (size_t)w >= cap - o)
            return;
        o += (size_t)w;
    }
    if (list->count > 16)
        snprintf(msg + o, cap - o, ", ...");
}

/* A move that does not read in a national notation: the move number as a
 * game score writes it (23...), the token as written, and the legal moves
 * in the same notation. */
void pgn_read_notation_error(struct parse *p, const arb_pgn_token *tok, const arb_position *pos,
                           const arb_notation *n, int code)
{
    char text[64], number[16], expected[400] = "";
    pgn_read_quote(tok, text, sizeof text);
    arb_pgn_move_number(pos, number);
    const arb_locale *loc = arb_notation_locale(n);
    const char *name = arb_locale_code(loc);
    arb_move m;
    arb_movelist cand;
    cand.count = 0;
    arb_notation_read(n, pos, tok->text, tok->len, &m, NULL, &cand);
    if (cand.count == 0 && code != ARB_SAN_SYNTAX)
        arb_generate_legal(pos, &cand);
    switch (code) {
    case ARB_SAN_SYNTAX: {
        static const char *const kinds[] = {"", "knight", "bishop", "rook", "queen", "king"};
        size_t o = 0;
        for (int k = ARB_KING; k >= ARB_KNIGHT && o < sizeof expected; k--) {
            int w = snprintf(expected + o, sizeof expected - o, "%s%s %s", o ? ", " : "", kinds[k],
                             arb_locale_piece(loc, k, 0));
            if (w < 0)
                break;
            o += (size_t)w;
        }
        pgn_read_error(p, tok->line, tok->col, "%s %s is not a move in %s notation, expected a move written with its "
                 "letters (%s)", number, text, name, expected);
        return;
    }
    case ARB_SAN_AMBIGUOUS:
        list_moves_in(n, pos, &cand, expected, sizeof expected);
        pgn_read_error(p, tok->line, tok->col, "%s %s is ambiguous in %s notation, expected one of %s", number, text,
                 name, expected);
        return;
    case ARB_SAN_BAD_PROMOTION:
        list_moves_in(n, pos, &cand, expected, sizeof expected);
        pgn_read_error(p, tok->line, tok->col, "%s %s is a bad or missing promotion in %s notation, expected one of %s",
                 number, text, name, expected);
        return;
    default:
        if (cand.count == 0) {
            pgn_read_error(p, tok->line, tok->col, "%s %s is played after the game ended in %s, expected a termination "
                     "marker", number, text, arb_in_check(pos) ? "checkmate" : "stalemate");
            return;
        }
        list_moves_in(n, pos, &cand, expected, sizeof expected);
        pgn_read_error(p, tok->line, tok->col, "%s %s is an illegal move in %s notation, expected one of %s", number,
                 text, name, expected);
        return;
    }
}

void pgn_read_unexpected(struct parse *p, const arb_pgn_token *tok, const char *where,
                       const char *expected)
{
    char text[64];
    pgn_read_quote(tok, text, sizeof text);
    if (tok->kind == ARB_PGN_TOK_ERROR)
        pgn_read_error(p, tok->line, tok->col, "%s: \"%s\"", tok->message, text);
    else
        pgn_read_error(p, tok->line, tok->col, "unexpected %s \"%s\" %s, expected %s",
                 arb_pgn_token_kind_name(tok->kind), text, where, expected);
}

/* Puts the game's last diag first (the detection's verdict comes before the
 * messages of the replay it led to). */
void pgn_diag_to_front(arb_pgn_game *g)
{
    if (g->diag_count < 2)
        return;
    arb_pgn_diag last = g->diags[g->diag_count - 1];
    memmove(g->diags + 1, g->diags, (g->diag_count - 1) * sizeof *g->diags);
    g->diags[0] = last;
}
