/* fuzz_san.c — any token given to the SAN and UCI parsers in a reachable
 * position: no crash; a move accepted is legal and its canonical SAN leads
 * back to it; ambiguity reports at least two candidates. */
#include "invariants.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    /* first byte: plies to play (choices are the next bytes); rest: the token */
    size_t plies = data[0] % 32;
    if (plies + 1 > size)
        plies = size - 1;
    arb_position pos, next;
    arb_position_startpos(&pos);
    arb_movelist list;
    for (size_t i = 0; i < plies; i++) {
        arb_generate_legal(&pos, &list);
        if (!list.count)
            break;
        arb_position_make(&pos, list.moves[data[1 + i] % list.count], &next);
        pos = next;
    }
    const char *token = (const char *)data + 1 + plies;
    size_t len = size - 1 - plies;
    arb_move move = ARB_MOVE_NONE;
    arb_movelist candidates;
    int rc = arb_san_parse(&pos, token, len, &move, &candidates);
    if (rc == ARB_SAN_OK) {
        INVARIANT(arb_is_legal(&pos, move), "SAN parse accepted an illegal move");
        char san[ARB_SAN_MAX];
        size_t n = arb_san_write(&pos, move, san);
        arb_move back;
        INVARIANT(arb_san_parse(&pos, san, n, &back, NULL) == ARB_SAN_OK && back == move, "canonical %s differs",
                  san);
    } else if (rc == ARB_SAN_AMBIGUOUS) {
        INVARIANT(candidates.count >= 2, "ambiguous with %d candidates", candidates.count);
    }
    for (int i = 0; rc != ARB_SAN_SYNTAX && rc != ARB_SAN_OK && i < candidates.count; i++)
        INVARIANT(arb_is_legal(&pos, candidates.moves[i]), "an illegal candidate was suggested");
    if (arb_uci_parse(&pos, token, len, &move) == ARB_SAN_OK)
        INVARIANT(arb_is_legal(&pos, move), "UCI parse accepted an illegal move");
    return 0;
}
