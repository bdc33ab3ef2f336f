/* fen_pattern.h — a board with wildcards, matched against positions.
 *
 * The board part of a FEN, rank 8 first, ranks separated by '/', where a
 * square may also be
 *   ?   anything (empty or a man)
 *   !   any man
 *   A   any white man          a   any black man
 * and a whole rank may be '*' (anything on it).  Digits count empty squares
 * as in FEN; every rank other than '*' covers 8 squares.  " w" or " b" after
 * the board asks for that side to move.
 * For example "????k???/8/8/8/8/8/8/????K???" asks for two kings on their
 * e-files and nothing on ranks 2 to 7; with '*' for ranks 1 to 3 and 5 to 8
 * and "4P3" for rank 4 it asks for a white pawn on e4 alone on its rank.
 *
 * Ownership and threads: a pattern is a plain value, read-only once parsed.
 */
#ifndef ARB_FEN_PATTERN_H
#define ARB_FEN_PATTERN_H

#include <stdbool.h>
#include <stdint.h>

#include "position.h"
#include "status.h"

typedef struct arb_fen_pattern {
    uint16_t allowed[64];   /* per square: bit p for piece p, bit 12 for empty */
    int side;               /* ARB_WHITE, ARB_BLACK, or -1: either */
} arb_fen_pattern;

/* On error a message "--fen-pattern TEXT: ..., expected ..." and the column. */
arb_status arb_fen_pattern_parse(const char *text, arb_fen_pattern *p);
bool arb_fen_pattern_match(const arb_fen_pattern *p, const arb_position *pos);

#endif
