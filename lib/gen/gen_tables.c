/* gen_tables.c — writes the constant tables of libarbiter as C source.
 *
 * Run at build time (see Makefile): the library then holds only `const`
 * tables, so nothing needs initialising at run time and no global state is
 * mutable.  Magic numbers are searched with a fixed-seed generator, so the
 * output is the same on every build.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t u64;

static u64 rng_state = 0x9E3779B97F4A7C15ULL;

static u64 rng_next(void)
{
    /* xorshift64* */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1DULL;
}

static u64 sparse_random(void) { return rng_next() & rng_next() & rng_next(); }

static int on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

static u64 step_attacks(int sq, const int (*deltas)[2], int n)
{
    u64 b = 0;
    for (int i = 0; i < n; i++) {
        int f = sq % 8 + deltas[i][0], r = sq / 8 + deltas[i][1];
        if (on_board(f, r))
            b |= 1ULL << (r * 8 + f);
    }
    return b;
}

static const int rook_dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
static const int bishop_dirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

static u64 slide(int sq, const int (*dirs)[2], u64 occupied)
{
    u64 b = 0;
    for (int d = 0; d < 4; d++) {
        int f = sq % 8, r = sq / 8;
        for (;;) {
            f += dirs[d][0];
            r += dirs[d][1];
            if (!on_board(f, r))
                break;
            b |= 1ULL << (r * 8 + f);
            if (occupied & (1ULL << (r * 8 + f)))
                break;
        }
    }
    return b;
}

/* relevant occupancy: the rays without their last square */
static u64 slider_mask(int sq, const int (*dirs)[2])
{
    u64 b = 0;
    for (int d = 0; d < 4; d++) {
        int f = sq % 8 + dirs[d][0], r = sq / 8 + dirs[d][1];
        while (on_board(f + dirs[d][0], r + dirs[d][1])) {
            b |= 1ULL << (r * 8 + f);
            f += dirs[d][0];
            r += dirs[d][1];
        }
    }
    return b;
}

typedef struct {
    u64 mask, magic;
    unsigned offset, shift;
} magic_entry;

static u64 slider_table[107648];
static unsigned table_size;

static void find_magic(int sq, const int (*dirs)[2], magic_entry *out)
{
    static u64 occ[4096], ref[4096], used[4096];
    static unsigned epoch[4096];
    static unsigned attempt;
    u64 mask = slider_mask(sq, dirs);
    int bits = __builtin_popcountll(mask);
    int n = 0;
    u64 sub = 0;
    do {
        occ[n] = sub;
        ref[n] = slide(sq, dirs, sub);
        n++;
        sub = (sub - mask) & mask;
    } while (sub);

    for (;;) {
        u64 magic = sparse_random();
        if (__builtin_popcountll((mask * magic) & 0xFF00000000000000ULL) < 6)
            continue;
        attempt++;
        int ok = 1;
        for (int i = 0; i < n && ok; i++) {
            unsigned idx = (unsigned)((occ[i] * magic) >> (64 - bits));
            if (epoch[idx] != attempt) {
                epoch[idx] = attempt;
                used[idx] = ref[i];
            } else if (used[idx] != ref[i]) {
                ok = 0;
            }
        }
        if (!ok)
            continue;
        out->mask = mask;
        out->magic = magic;
        out->shift = 64 - bits;
        out->offset = table_size;
        for (int i = 0; i < n; i++) {
            unsigned idx = (unsigned)((occ[i] * magic) >> (64 - bits));
            slider_table[table_size + idx] = ref[i];
        }
        table_size += 1u << bits;
        return;
    }
}

static void print_u64_array(const char *decl, const u64 *v, int n)
{
    printf("%s = {", decl);
    for (int i = 0; i < n; i++)
        printf("%s0x%016" PRIx64 "ULL,", i % 4 ? " " : "\n    ", v[i]);
    printf("\n};\n\n");
}

static void print_u64_2d(const char *decl, const u64 *v, int rows, int cols)
{
    printf("%s = {\n", decl);
    for (int r = 0; r < rows; r++) {
        printf("  {");
        for (int c = 0; c < cols; c++)
            printf("%s0x%016" PRIx64 "ULL,", c % 4 ? " " : "\n    ", v[r * cols + c]);
        printf("\n  },\n");
    }
    printf("};\n\n");
}

static void print_magics(const char *decl, const magic_entry *m)
{
    printf("%s = {\n", decl);
    for (int sq = 0; sq < 64; sq++)
        printf("    {0x%016" PRIx64 "ULL, 0x%016" PRIx64 "ULL, %u, %u},\n",
               m[sq].mask, m[sq].magic, m[sq].offset, m[sq].shift);
    printf("};\n\n");
}

int main(void)
{
    static const int knight_deltas[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2},
                                            {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static const int king_deltas[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1},
                                          {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    static const int white_pawn[2][2] = {{-1, 1}, {1, 1}};
    static const int black_pawn[2][2] = {{-1, -1}, {1, -1}};
    u64 knight[64], king[64], pawn[2][64];
    static u64 between[64][64], line[64][64];
    magic_entry rook[64], bishop[64];

    for (int sq = 0; sq < 64; sq++) {
        knight[sq] = step_attacks(sq, knight_deltas, 8);
        king[sq] = step_attacks(sq, king_deltas, 8);
        pawn[0][sq] = step_attacks(sq, white_pawn, 2);
        pawn[1][sq] = step_attacks(sq, black_pawn, 2);
    }
    for (int sq = 0; sq < 64; sq++)
        find_magic(sq, rook_dirs, &rook[sq]);
    for (int sq = 0; sq < 64; sq++)
        find_magic(sq, bishop_dirs, &bishop[sq]);

    for (int a = 0; a < 64; a++) {
        for (int b = 0; b < 64; b++) {
            if (a == b)
                continue;
            u64 ab = (1ULL << a) | (1ULL << b);
            const int (*dirs)[2] = NULL;
            if (slide(a, rook_dirs, 0) & (1ULL << b))
                dirs = rook_dirs;
            else if (slide(a, bishop_dirs, 0) & (1ULL << b))
                dirs = bishop_dirs;
            if (!dirs)
                continue;
            between[a][b] = slide(a, dirs, ab) & slide(b, dirs, ab);
            line[a][b] = (slide(a, dirs, 0) & slide(b, dirs, 0)) | ab;
        }
    }

    printf("/* Generated by lib/gen/gen_tables.c — do not edit. */\n");
    printf("#include \"attacks.h\"\n#include \"zobrist.h\"\n\n");
    print_u64_array("const arb_bitboard arb_knight_table[64]", knight, 64);
    print_u64_array("const arb_bitboard arb_king_table[64]", king, 64);
    print_u64_2d("const arb_bitboard arb_pawn_table[2][64]", &pawn[0][0], 2, 64);
    print_magics("const arb_magic arb_rook_magics[64]", rook);
    print_magics("const arb_magic arb_bishop_magics[64]", bishop);
    print_u64_array("const arb_bitboard arb_slider_table[]", slider_table, (int)table_size);
    print_u64_2d("const arb_bitboard arb_between_table[64][64]", &between[0][0], 64, 64);
    print_u64_2d("const arb_bitboard arb_line_table[64][64]", &line[0][0], 64, 64);

    /* Zobrist keys: a separate fixed seed so they do not depend on the magic search */
    rng_state = 0x6A09E667F3BCC909ULL;
    u64 zp[12 * 64], zc[64], ze[8];
    for (int i = 0; i < 12 * 64; i++)
        zp[i] = rng_next();
    for (int i = 0; i < 64; i++)
        zc[i] = rng_next();
    for (int i = 0; i < 8; i++)
        ze[i] = rng_next();
    print_u64_2d("const uint64_t arb_zobrist_piece[12][64]", zp, 12, 64);
    print_u64_array("const uint64_t arb_zobrist_castling[64]", zc, 64);
    print_u64_array("const uint64_t arb_zobrist_ep_file[8]", ze, 8);
    printf("const uint64_t arb_zobrist_black_to_move = 0x%016" PRIx64 "ULL;\n", rng_next());
    return 0;
}
