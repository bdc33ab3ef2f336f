/* attacks.h — attack sets of each piece kind, from constant tables built at
 * compile time (magic bitboards for sliders; see gen/gen_tables.c).
 * Every function is pure and thread-safe. */
#ifndef ARB_ATTACKS_H
#define ARB_ATTACKS_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include "bitboard.h"

typedef struct arb_magic {
    arb_bitboard mask;
    arb_bitboard magic;
    uint32_t offset;
    uint8_t shift;
} arb_magic;

extern const arb_bitboard arb_knight_table[64];
extern const arb_bitboard arb_king_table[64];
extern const arb_bitboard arb_pawn_table[2][64];
extern const arb_magic arb_rook_magics[64];
extern const arb_magic arb_bishop_magics[64];
extern const arb_bitboard arb_slider_table[];
/* squares strictly between two squares on a line, else 0 */
extern const arb_bitboard arb_between_table[64][64];
/* the whole line through two aligned squares, else 0 */
extern const arb_bitboard arb_line_table[64][64];

static inline arb_bitboard arb_knight_attacks(int sq) { return arb_knight_table[sq]; }
static inline arb_bitboard arb_king_attacks(int sq) { return arb_king_table[sq]; }
static inline arb_bitboard arb_pawn_attacks(int color, int sq) { return arb_pawn_table[color][sq]; }

static inline arb_bitboard arb_rook_attacks(int sq, arb_bitboard occupied)
{
    const arb_magic *m = &arb_rook_magics[sq];
    return arb_slider_table[m->offset + (((occupied & m->mask) * m->magic) >> m->shift)];
}
static inline arb_bitboard arb_bishop_attacks(int sq, arb_bitboard occupied)
{
    const arb_magic *m = &arb_bishop_magics[sq];
    return arb_slider_table[m->offset + (((occupied & m->mask) * m->magic) >> m->shift)];
}
static inline arb_bitboard arb_queen_attacks(int sq, arb_bitboard occupied)
{
    return arb_rook_attacks(sq, occupied) | arb_bishop_attacks(sq, occupied);
}
static inline arb_bitboard arb_between(int a, int b) { return arb_between_table[a][b]; }
static inline arb_bitboard arb_line(int a, int b) { return arb_line_table[a][b]; }

/* attacks of a piece kind (enum arb_kind) of a colour standing on sq */
static inline arb_bitboard arb_attacks_of(int kind, int color, int sq, arb_bitboard occupied)
{
    switch (kind) {
    case 0: return arb_pawn_attacks(color, sq);
    case 1: return arb_knight_attacks(sq);
    case 2: return arb_bishop_attacks(sq, occupied);
    case 3: return arb_rook_attacks(sq, occupied);
    case 4: return arb_queen_attacks(sq, occupied);
    default: return arb_king_attacks(sq);
    }
}

#pragma GCC visibility pop
#endif
