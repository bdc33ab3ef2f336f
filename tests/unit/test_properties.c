/* test_properties.c — the fuzz invariants (tests/fuzz/invariants.h) on a
 * fixed set of pseudo-random games, so `make test` checks them every run. */
#include <criterion/criterion.h>

#include "../fuzz/invariants.h"

static uint64_t next_random(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

static void random_games(int first_array, int games, uint64_t seed)
{
    uint8_t choices[300];
    for (int g = 0; g < games; g++) {
        for (size_t i = 0; i < sizeof choices; i++)
            choices[i] = (uint8_t)next_random(&seed);
        arb_position start;
        if (first_array < 0)
            arb_position_startpos(&start);
        else
            cr_assert(arb_chess960_position((first_array + g * 37) % 960, &start));
        play_checked(&start, choices, sizeof choices);
    }
}

Test(properties, standard_games_keep_every_invariant)
{
    random_games(-1, 40, 0x1234567887654321ULL);
    cr_assert(true, "40 games of up to 300 plies checked");
}

Test(properties, chess960_games_keep_every_invariant)
{
    random_games(0, 40, 0x0F1E2D3C4B5A6978ULL);
    cr_assert(true, "40 Chess960 games checked");
}
