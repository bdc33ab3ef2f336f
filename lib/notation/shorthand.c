/* shorthand.c — captures written without their square (see shorthand.h). */
#include "shorthand.h"

#include <string.h>

bool arb_shorthand_marked(const char *token, size_t len)
{
    return len >= 3 && memchr(token, '_', len) != NULL;
}

size_t arb_shorthand_unmark(const char *token, size_t len, char *out, size_t size)
{
    size_t n = 0;
    for (size_t i = 0; i < len && n < size; i++)
        if (token[i] != '_')
            out[n++] = token[i];
    return n;
}

int arb_fitting_verdict(int found, arb_move first, arb_move *move, arb_movelist *candidates)
{
    if (found == 1) {
        *move = first;
        if (candidates)
            candidates->count = 0;
        return ARB_SAN_OK;
    }
    return found > 1 ? ARB_SAN_AMBIGUOUS : -1;
}

static size_t capture_mark(const arb_locale *loc, const char *s, size_t n)
{
    size_t best = 0;
    for (size_t i = 0; i < arb_locale_list_count(loc, ARB_LOCALE_CAPTURE); i++) {
        const char *c = arb_locale_list_item(loc, ARB_LOCALE_CAPTURE, i);
        size_t m = strlen(c);
        if (m > best && m <= n && memcmp(s, c, m) == 0)
            best = m;
    }
    return best;
}

/* The piece spelled at the start of s (longest spelling, knight..king). */
static int piece_prefix(const arb_locale *loc, const char *s, size_t n, size_t *m)
{
    int kind = ARB_NO_KIND;
    *m = 0;
    for (int k = ARB_KNIGHT; k <= ARB_KING; k++)
        for (size_t i = 0; i < arb_locale_piece_count(loc, k); i++) {
            const char *p = arb_locale_piece(loc, k, i);
            size_t l = strlen(p);
            if (l > *m && l <= n && memcmp(s, p, l) == 0) {
                *m = l;
                kind = k;
            }
        }
    return kind;
}

int arb_shorthand_read(const arb_locale *loc, const arb_position *pos, const char *token, size_t len,
                       arb_move *move, arb_move_spec *spec, arb_movelist *candidates)
{
    if (candidates)
        candidates->count = 0;
    char t[64];
    size_t n = arb_shorthand_unmark(token, len, t, sizeof t);
    unsigned flags = ARB_SPEC_CAPTURE;
    while (n > 0 && strchr("+#!?", t[n - 1])) {
        if (t[n - 1] == '+')
            flags |= ARB_SPEC_CHECK;
        else if (t[n - 1] == '#')
            flags |= ARB_SPEC_MATE;
        n--;
    }
    /* ed, exd: pawn files; TxT: two pieces */
    int mover = ARB_NO_KIND, taken = ARB_NO_KIND, from_file = -1, to_file = -1;
    size_t m, c;
    if (n >= 2 && t[0] >= 'a' && t[0] <= 'h') {
        c = capture_mark(loc, t + 1, n - 1);
        if (n != 2 + c || t[1 + c] < 'a' || t[1 + c] > 'h')
            return ARB_SAN_SYNTAX;
        mover = ARB_PAWN;
        from_file = t[0] - 'a';
        to_file = t[1 + c] - 'a';
    } else if ((mover = piece_prefix(loc, t, n, &m)) != ARB_NO_KIND && (c = capture_mark(loc, t + m, n - m)) > 0) {
        size_t m2;
        taken = piece_prefix(loc, t + m + c, n - m - c, &m2);
        if (taken == ARB_NO_KIND || m + c + m2 != n)
            return ARB_SAN_SYNTAX;
    } else {
        return ARB_SAN_SYNTAX;
    }
    arb_movelist legal;
    arb_generate_legal(pos, &legal);
    int found = 0;
    arb_move first = 0;
    for (int i = 0; i < legal.count; i++) {
        arb_move mv = legal.moves[i];
        int from = arb_move_from(mv), to = arb_move_to(mv), type = arb_move_type(mv);
        if (type == ARB_MOVE_CASTLING || arb_piece_kind(pos->board[from]) != mover)
            continue;
        bool capture = type == ARB_MOVE_EN_PASSANT || pos->board[to] != ARB_NO_PIECE;
        if (!capture)
            continue;
        if (mover == ARB_PAWN ? (arb_file_of(from) != from_file || arb_file_of(to) != to_file)
                              : (type == ARB_MOVE_EN_PASSANT || arb_piece_kind(pos->board[to]) != taken))
            continue;
        /* a promotion names its piece: this form cannot */
        if (type == ARB_MOVE_PROMOTION)
            continue;
        if (found++ == 0)
            first = mv;
        if (candidates)
            candidates->moves[candidates->count++] = mv;
    }
    if (spec) {
        spec->kind = mover;
        spec->from_file = from_file;
        spec->from_rank = -1;
        spec->to = found == 1 ? arb_move_to(first) : ARB_NO_SQUARE;
        spec->promotion = ARB_NO_KIND;
        spec->castle = ARB_CASTLE_NONE;
        spec->flags = flags;
    }
    int verdict = arb_fitting_verdict(found, first, move, candidates);
    if (verdict >= 0)
        return verdict;
    /* for the message: the captures of that piece kind */
    if (candidates)
        for (int i = 0; i < legal.count; i++) {
            arb_move mv = legal.moves[i];
            if (arb_piece_kind(pos->board[arb_move_from(mv)]) == mover && arb_move_type(mv) != ARB_MOVE_CASTLING
                && (arb_move_type(mv) == ARB_MOVE_EN_PASSANT || pos->board[arb_move_to(mv)] != ARB_NO_PIECE))
                candidates->moves[candidates->count++] = mv;
        }
    return ARB_SAN_ILLEGAL;
}
