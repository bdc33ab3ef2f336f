/* pgn_san_record.h — the canonical SAN of a move the reader has just read
 * and played (reader option record_san), from what the reading already
 * knows: the position after the move (for + and #) and, when the token was
 * SAN that named the piece and the square only ("Nf3", "Qxd7"), that no
 * other piece of that kind can go there (the reading found exactly one), so
 * no disambiguation is looked for.  Every other move is written by
 * arb_san_write_after.  Same text as arb_san_write, byte for byte.
 *
 * Ownership and threads: a pure function; writes at most ARB_SAN_MAX bytes
 * (NUL included) to `out`.
 */
#ifndef ARB_PGN_SAN_RECORD_H
#define ARB_PGN_SAN_RECORD_H

#include <stdbool.h>
#include <stddef.h>

#include "san.h"

/* The "+" or "#" of a move that gives check, written at p (a part of
 * out), and the length of out (pgn_san_record.c: out of line, checks are
 * rare). */
size_t arb_pgn_san_check_suffix(const arb_position *after, char *out, char *p);

/* "Nf3", "Qxd7", "R-d1" (suffixes + # ! ? aside): a piece letter and the
 * square only, which arb_san_parse resolves only when one piece of that
 * kind can make the move.  (The usual token ends with its rank: nothing to
 * strip; the piece letters are bits of a mask, from 'B'.) */
static inline bool arb_pgn_san_names_piece_and_square(const char *t, size_t len)
{
    if (len > 0 && (unsigned char)(t[len - 1] - '1') > 7)
        while (len > 0 && (t[len - 1] == '+' || t[len - 1] == '#' || t[len - 1] == '!' || t[len - 1] == '?'))
            len--;
    if (len != 3 && !(len == 4 && (t[1] == 'x' || t[1] == '-')))
        return false;
    enum { LETTERS = 1u << ('B' - 'B') | 1u << ('K' - 'B') | 1u << ('N' - 'B') | 1u << ('Q' - 'B') | 1u << ('R' - 'B') };
    unsigned letter = (unsigned)(unsigned char)t[0] - 'B';
    return letter < 32 && (LETTERS >> letter & 1);
}

/* `token` (len bytes) is the text the move was read from; `read_as_san`:
 * arb_san_parse resolved it (not a national notation, coordinates or a
 * replacement for a bad token).  Returns the length written.  (Inline: the
 * reader calls it at every ply.) */
static inline __attribute__((always_inline)) size_t
arb_pgn_san_record(const arb_position *before, arb_move move, const arb_position *after, const char *token,
                   size_t len, bool read_as_san, char *out)
{
    static const char letters[] = "PNBRQK";
    /* kind of each board value (piece = kind + 6 * colour), without a division */
    static const unsigned char kind_of[ARB_NO_PIECE + 1] = {0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, ARB_NO_KIND};
    int type = arb_move_type(move);
    if (move == ARB_MOVE_NULL || type == ARB_MOVE_CASTLING)
        return arb_san_write_after(before, move, after, out);
    int from = arb_move_from(move), to = arb_move_to(move);
    int kind = kind_of[before->board[from]];
    bool pawn = kind == ARB_PAWN;
    if (!pawn && !(read_as_san && arb_pgn_san_names_piece_and_square(token, len)))
        return arb_san_write_after(before, move, after, out);   /* disambiguation to look for */
    char *p = out;
    /* (castling and null moves went above) */
    bool capture = type == ARB_MOVE_EN_PASSANT || before->board[to] != ARB_NO_PIECE;
    if (pawn) {
        if (capture)
            *p++ = (char)('a' + arb_file_of(from));
    } else {
        *p++ = letters[kind];
    }
    if (capture)
        *p++ = 'x';
    *p++ = (char)('a' + arb_file_of(to));
    *p++ = (char)('1' + arb_rank_of(to));
    if (type == ARB_MOVE_PROMOTION) {
        *p++ = '=';
        *p++ = letters[arb_move_promotion(move)];
    }
    if (arb_in_check(after))
        return arb_pgn_san_check_suffix(after, out, p);
    *p = '\0';
    return (size_t)(p - out);
}

#endif
