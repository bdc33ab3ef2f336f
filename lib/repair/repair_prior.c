/* repair_prior.c — the move-frequency prior of repair_prior.h: a table in
 * the format of lib/repair/move_prior.tsv read into an array.  The build
 * reads move_prior.tsv with it once (lib/gen/gen_move_prior.c) and compiles
 * the array into the library, so a repairer does not read it again. */
#include "repair_prior.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { NEVER = INT16_MIN };   /* while reading: no figure for that phase */

int arb_repair_phase(const arb_position *pos, int ply)
{
    if (ply < ARB_REPAIR_OPENING_PLIES)
        return 0;
    int material = 3 * __builtin_popcountll(pos->by_kind[ARB_KNIGHT] | pos->by_kind[ARB_BISHOP])
                   + 5 * __builtin_popcountll(pos->by_kind[ARB_ROOK])
                   + 9 * __builtin_popcountll(pos->by_kind[ARB_QUEEN]);
    return material <= ARB_REPAIR_ENDGAME_MATERIAL ? 2 : 1;
}

static int square_at(const char *s)
{
    if (s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8')
        return -1;
    return arb_square(s[0] - 'a', s[1] - '1');
}

/* One line "P<TAB>a2<TAB>a3<TAB>r<TAB>r<TAB>r" (a rarity per phase, or
 * -); false when malformed. */
static bool parse_line(const char *text, size_t len, int *kind, int *from, int *to,
                       int rarity[ARB_REPAIR_PHASES])
{
    static const char letters[] = "PNBRQK";
    char s[80];   /* a copy ending in NUL: the text given need not */
    if (len < 8 || len >= sizeof s)
        return false;
    memcpy(s, text, len);
    s[len] = 0;
    if (!strchr(letters, s[0]) || s[1] != '\t' || s[4] != '\t' || s[7] != '\t')
        return false;
    *kind = (int)(strchr(letters, s[0]) - letters);
    *from = square_at(s + 2);
    *to = square_at(s + 5);
    const char *at = s + 7;
    for (int phase = 0; phase < ARB_REPAIR_PHASES; phase++) {
        if (*at++ != '\t')
            return false;
        if (at[0] == '-' && (at[1] == '\t' || at[1] == 0)) {
            rarity[phase] = NEVER;
            at++;
            continue;
        }
        char *stop;
        long r = strtol(at, &stop, 10);
        if (stop == at || r <= NEVER || r > INT16_MAX)
            return false;
        rarity[phase] = (int)r;
        at = stop;
    }
    return *from >= 0 && *to >= 0 && *at == 0;
}

arb_status arb_repair_prior_new(const char *text, size_t len, arb_repair_prior **out)
{
    arb_status ok;
    memset(&ok, 0, sizeof ok);
    *out = NULL;
    arb_repair_prior *p = malloc(sizeof *p);
    if (!p)
        return arb_status_error(ARB_ERR_MEMORY, ARB_ERR_MEMORY, 0, 0, "out of memory");
    int16_t *all = &p->rarity[0][0][0][0];
    for (size_t i = 0; i < sizeof p->rarity / sizeof *all; i++)
        all[i] = NEVER;
    int rarest[ARB_REPAIR_PHASES];
    for (int phase = 0; phase < ARB_REPAIR_PHASES; phase++)
        rarest[phase] = NEVER;
    int line = 0;
    for (const char *s = text, *stop = text + len; s < stop;) {
        const char *end = memchr(s, '\n', (size_t)(stop - s));
        if (!end)
            end = stop;
        line++;
        if (end > s && s[0] != '#') {
            int kind, from, to, rarity[ARB_REPAIR_PHASES];
            if (!parse_line(s, (size_t)(end - s), &kind, &from, &to, rarity)) {
                free(p);
                return arb_status_error(ARB_ERR_DATA, ARB_ERR_DATA, line, 0,
                                        "move prior: line %d is not piece, from, to and a rarity per phase",
                                        line);
            }
            for (int phase = 0; phase < ARB_REPAIR_PHASES; phase++) {
                p->rarity[phase][kind][from][to] = (int16_t)rarity[phase];
                if (rarity[phase] > rarest[phase])
                    rarest[phase] = rarity[phase];
            }
        }
        s = end + 1;
    }
    /* a move never seen played in a phase: as rare as the rarest seen (0,
     * the usual move, when the phase has no figures at all) */
    for (int phase = 0; phase < ARB_REPAIR_PHASES; phase++) {
        int16_t *row = &p->rarity[phase][0][0][0];
        for (size_t i = 0; i < 6 * 64 * 64; i++)
            if (row[i] == NEVER)
                row[i] = (int16_t)(rarest[phase] == NEVER ? 0 : rarest[phase]);
    }
    *out = p;
    return ok;
}

void arb_repair_prior_free(arb_repair_prior *p) { free(p); }

int arb_repair_prior_rarity(const arb_repair_prior *p, const arb_position *pos, int ply, arb_move m)
{
    int from = arb_move_from(m), to = arb_move_to(m);
    if (arb_move_type(m) == ARB_MOVE_CASTLING)   /* king takes rook: counted as the king's move */
        to = arb_square(to > from ? 6 : 2, arb_rank_of(from));
    int flip = pos->side == ARB_BLACK ? 56 : 0;
    return p->rarity[arb_repair_phase(pos, ply)][arb_piece_kind(pos->board[from])][from ^ flip][to ^ flip];
}
