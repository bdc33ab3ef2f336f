/* fuzz_game.c — differential harness: random legal games (the input chooses
 * the start array and every move) must keep every invariant: incremental key
 * equals the recomputed key, FEN round trips, SAN/LAN/UCI written by us parse
 * back to the same move, counting equals generating. */
#include "invariants.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    arb_position start;
    int number = (data[0] | data[1] << 8) % 961;
    if (number == 960)
        arb_position_startpos(&start);
    else
        arb_chess960_position(number, &start);
    play_checked(&start, data + 2, size - 2 > 400 ? 400 : size - 2);
    return 0;
}
