/* fuzz_fen.c — any text given to the FEN parser: no crash; an accepted FEN
 * yields a consistent position whose moves all round-trip. */
#include "invariants.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char fen[256];
    if (size >= sizeof fen)
        size = sizeof fen - 1;
    memcpy(fen, data, size);
    fen[size] = '\0';
    arb_position pos;
    static const unsigned flag_sets[] = {0, ARB_FEN_ALLOW_UNREACHABLE, ARB_FEN_STANDARD,
                                         ARB_FEN_STANDARD | ARB_FEN_ALLOW_UNREACHABLE,
                                         ARB_FEN_STANDARD | ARB_FEN_LENIENT_COUNTERS};
    for (size_t i = 0; i < sizeof flag_sets / sizeof flag_sets[0]; i++) {
        unsigned flags = flag_sets[i];
        arb_status st = arb_fen_parse_with(fen, &pos, flags);
        if (st.code) {
            INVARIANT(st.col >= 1 && st.message[0], "error without column or message for '%s'", fen);
            continue;
        }
        check_position(&pos);
        arb_movelist list;
        arb_generate_legal(&pos, &list);
        check_moves(&pos, &list);
        arb_perft(&pos, 2);
    }
    return 0;
}
