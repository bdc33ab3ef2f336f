/* dup_record.c — see dup_record.h. */
#include "dup_record.h"

bool arb_dup_record(const arb_pgn_game *g, int mode, bool same_players, arb_strbuf *out, uint64_t *count)
{
    size_t plies = 0;
    bool exact = mode == ARB_DUP_EXACT;
    *count = 0;
    if (arb_dup_eligible(g)
        && (!arb_dup_line(g, same_players, exact, out, &plies) || (!exact && !arb_dup_moves(g, out))))
        return false;
    *count = exact ? plies > 0 : plies;
    return true;
}

bool arb_dup_record_check(arb_dup_table *t, int mode, const arb_strbuf *records, size_t *at, uint64_t count,
                          uint64_t ordinal, uint64_t *repeats, arb_status *status)
{
    *status = (arb_status){0};
    if (!count)
        return false;
    const uint64_t *line = (const uint64_t *)(const void *)records->data + *at;
    size_t n = (size_t)count;
    /* with prefix, the moves follow the hashes */
    bool prefix = mode == ARB_DUP_PREFIX;
    const arb_move *moves = prefix ? (const arb_move *)(const void *)(line + n) : NULL;
    bool dup = arb_dup_check(t, line, moves, n, ordinal, repeats, status);
    *at += n + (prefix ? (n * sizeof(arb_move) + 7) / 8 : 0);
    return dup;
}
