/* move_prior_gen.c — builds lib/repair/move_prior.tsv, the repair search's
 * move-frequency prior (lib/repair/repair_prior.c), from real games
 * (make move-prior).
 *
 *   move-prior-gen SOURCE.pgn[.gz] SKIP GAMES  >  move_prior.tsv
 *
 * Leaves out the first SKIP games of SOURCE (the repair bench's games are
 * among the first few thousand: the prior must not be learned from the
 * games it is measured on), then, over the next GAMES games that replay
 * from the standard position, counts at every ply of the main line each
 * legal move and the move played, by game phase (repair_prior.h), piece
 * kind, from-square and to-square, with the squares seen from White's side
 * (a black move a7-a6 is counted as a2-a3) and castling as the king's move.
 * Writes one line per (kind, from, to) played at least once: in each phase,
 * how rare the move is among those played (see the comment before the
 * output).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "movegen.h"
#include "pgn_read.h"
#include "position.h"
#include "repair_prior.h"

typedef struct counts {
    unsigned long played[ARB_REPAIR_PHASES][6][64][64];
    unsigned long legal[ARB_REPAIR_PHASES][6][64][64];
} counts;

/* The move as counted: the mover's kind, from and to seen from White's side. */
static void normalise(const arb_position *pos, arb_move m, int *kind, int *from, int *to)
{
    int f = arb_move_from(m), t = arb_move_to(m);
    *kind = arb_piece_kind(pos->board[f]);
    if (arb_move_type(m) == ARB_MOVE_CASTLING)   /* stored as king takes rook */
        t = arb_square(t > f ? 6 : 2, arb_rank_of(f));
    int flip = pos->side == ARB_BLACK ? 56 : 0;
    *from = f ^ flip;
    *to = t ^ flip;
}

/* log2(x) in sixteenths, x >= 1, by repeated squaring: integers only, so
 * the table comes out the same on every machine. */
static long log2_16(unsigned long long x)
{
    int n = 63 - __builtin_clzll(x);
    unsigned long long y = n > 30 ? x >> (n - 30) : x << (30 - n);   /* [2^30, 2^31) */
    long r = (long)n * 16;
    for (int bit = 8; bit; bit >>= 1) {
        y = (y * y) >> 30;
        if (y >= (1ull << 31)) {
            y >>= 1;
            r += bit;
        }
    }
    return r;
}

static void square_name(int sq, char out[3])
{
    out[0] = (char)('a' + arb_file_of(sq));
    out[1] = (char)('1' + arb_rank_of(sq));
    out[2] = 0;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: move-prior-gen SOURCE.pgn[.gz] SKIP GAMES\n");
        return 2;
    }
    unsigned long skip = strtoul(argv[2], NULL, 10), want = strtoul(argv[3], NULL, 10);
    counts *c = calloc(1, sizeof *c);
    arb_pgn_reader *r;
    arb_status st = arb_pgn_reader_open(argv[1], NULL, &r);
    if (st.code || !c) {
        fprintf(stderr, "move-prior-gen: %s\n", st.code ? st.message : "out of memory");
        return 2;
    }
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    unsigned long seen = 0, used = 0, plies = 0;
    while (used < want && arb_pgn_read(r, &g, &st) == ARB_PGN_READ_GAME) {
        if (seen++ < skip || g.error_count || g.custom_start)
            continue;
        arb_position pos, next;
        arb_position_startpos(&pos);
        size_t plies_here = 0;
        for (size_t i = 0; i < g.item_count && g.items[i].kind != ARB_PGN_ITEM_VARIATION_START; i++) {
            if (g.items[i].kind != ARB_PGN_ITEM_MOVE)
                continue;
            arb_movelist legal;
            arb_generate_legal(&pos, &legal);
            int kind, from, to;
            int phase = arb_repair_phase(&pos, (int)plies_here);
            for (int k = 0; k < legal.count; k++) {
                /* a promotion counts once, whatever the piece */
                if (arb_move_type(legal.moves[k]) == ARB_MOVE_PROMOTION && arb_move_promotion(legal.moves[k]) != ARB_QUEEN)
                    continue;
                normalise(&pos, legal.moves[k], &kind, &from, &to);
                c->legal[phase][kind][from][to]++;
            }
            normalise(&pos, g.items[i].move, &kind, &from, &to);
            c->played[phase][kind][from][to]++;
            plies_here++;
            arb_position_make(&pos, g.items[i].move, &next);
            pos = next;
            plies++;
        }
        used++;
    }
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
    if (st.code) {
        fprintf(stderr, "move-prior-gen: %s\n", st.message);
        return 2;
    }

    /* rarity: -log2 of how often the move is played where it is legal, in
     * sixteenths of a bit; a move seen a few times only says little, so its
     * rate is pulled towards the usual one (one played in about 35 legal)
     * by that many pseudo-counts.  Written less the average over the moves
     * played (all phases): the search adds it to the usual price of a move
     * left out. */
    enum { PSEUDO_LEGAL = 35 };
    static long rarity[ARB_REPAIR_PHASES][6][64][64];
    long long weighted = 0, total = 0;
    for (int phase = 0; phase < ARB_REPAIR_PHASES; phase++)
        for (int kind = 0; kind < 6; kind++)
            for (int from = 0; from < 64; from++)
                for (int to = 0; to < 64; to++) {
                    unsigned long played = c->played[phase][kind][from][to];
                    if (!played)
                        continue;
                    long r = log2_16(c->legal[phase][kind][from][to] + PSEUDO_LEGAL) - log2_16(played + 1);
                    rarity[phase][kind][from][to] = r;
                    weighted += (long long)r * (long long)played;
                    total += (long long)played;
                }
    long usual = total ? (long)(weighted / total) : 0;

    printf("# move_prior.tsv -- how rare a move is among real players' moves (see README.md):\n"
           "# -log2(played / legal) in sixteenths of a bit, less its average over the moves\n"
           "# played, by piece, from and to (squares from White's side), in the opening\n"
           "# (first %d plies), the middlegame and the endgame (pieces worth %d or less);\n"
           "# - never played there.  Made by move-prior-gen (tests/bench/move_prior_gen.c,\n"
           "# make move-prior) from %s: %lu games after the first %lu, %lu plies.\n"
           "# piece\tfrom\tto\topening\tmiddle\tendgame\n",
           ARB_REPAIR_OPENING_PLIES, ARB_REPAIR_ENDGAME_MATERIAL,
           strrchr(argv[1], '/') ? strrchr(argv[1], '/') + 1 : argv[1], used, skip, plies);
    const char letters[] = "PNBRQK";
    for (int kind = 0; kind < 6; kind++)
        for (int from = 0; from < 64; from++)
            for (int to = 0; to < 64; to++) {
                bool any = false;
                for (int phase = 0; phase < ARB_REPAIR_PHASES; phase++)
                    any |= c->played[phase][kind][from][to] != 0;
                if (!any)
                    continue;
                char a[3], b[3];
                square_name(from, a);
                square_name(to, b);
                printf("%c\t%s\t%s", letters[kind], a, b);
                for (int phase = 0; phase < ARB_REPAIR_PHASES; phase++)
                    if (c->played[phase][kind][from][to])
                        printf("\t%ld", rarity[phase][kind][from][to] - usual);
                    else
                        printf("\t-");
                printf("\n");
            }
    free(c);
    return 0;
}
