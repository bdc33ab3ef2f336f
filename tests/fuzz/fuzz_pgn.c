/* fuzz_pgn.c — the PGN stream reader on any bytes, whole and in two pieces,
 * and the writer on every game it accepts.
 *
 *   - no crash, leak or sanitizer report on any input;
 *   - every message has a position;
 *   - the input delivered in two reads (cut at a point chosen from the
 *     input's hash) gives exactly the games, messages and raw bytes of one
 *     read: refills in the middle of a token change nothing;
 *   - a game read without errors, written and read again keeps its moves,
 *     comments, NAGs, variations, tags and result, and writing it again
 *     gives the same bytes (tests/fuzz/pgn_props.h).
 *
 * Reader and writer options are chosen from the hash too, so the seeds
 * stay plain PGN files. */
#include <stdint.h>

#include "invariants.h"
#include "pgn_props.h"
#include "input_sniff.h"

static uint64_t hash_bytes(const uint8_t *data, size_t size)
{
    uint64_t h = 1469598103934665603ull;   /* FNV-1a */
    for (size_t i = 0; i < size; i++)
        h = (h ^ data[i]) * 1099511628211ull;
    return h;
}

static void read_all(const uint8_t *data, size_t size, size_t cut, const arb_pgn_reader_options *opt,
                     pgn_games *out)
{
    arb_input *in;
    if (cut == 0) {
        in = arb_input_from_memory(data, size, "<fuzz>");
    } else {
        /* the first piece is handed back before the rest: two reads */
        in = arb_input_from_memory(data + cut, size - cut, "<fuzz>");
        INVARIANT(in && arb_input_unread(in, data, cut), "out of memory");
    }
    arb_pgn_reader *r = arb_pgn_reader_new(in, opt);
    INVARIANT(r, "out of memory");
    pgn_games_read(r, out, 10000);
    arb_pgn_reader_free(r);
}

/* a compressed container: its bytes given back before the first read are
 * read as text (input.h), so the two-read comparison does not apply */
static bool starts_container(const uint8_t *p, size_t n)
{
    return arb_sniff_container(p, n) != ARB_CONTAINER_NONE;
}

static bool has_null_move(const arb_pgn_game *g)
{
    for (size_t i = 0; i < g->item_count; i++)
        if (g->items[i].kind == ARB_PGN_ITEM_MOVE && g->items[i].move == ARB_MOVE_NULL)
            return true;
    return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint64_t h = hash_bytes(data, size);
    arb_pgn_reader_options opt = {0};
    opt.null_moves_in_main_line = h & 1;
    opt.record_san = (h >> 1) & 1;
    opt.tags_only = ((h >> 5) & 15) == 0;
    opt.max_depth = ((h >> 9) & 3) == 0 ? 3 : 0;
    arb_pgn_write_options wopt = {0};
    wopt.notation = (int)((h >> 11) % 3);
    wopt.line_width = ((h >> 13) & 3) == 0 ? 20 : 0;

    pgn_games whole;
    read_all(data, size, 0, &opt, &whole);
    for (size_t i = 0; i < whole.count; i++) {
        const arb_pgn_game *g = &whole.games[i];
        for (size_t d = 0; d < g->diag_count; d++)
            INVARIANT(g->diags[d].line >= 1 && g->diags[d].col >= 1 && g->diags[d].message[0],
                      "game %zu: message without a position: %s", i + 1, g->diags[d].message);
        INVARIANT(g->error_count <= g->diag_count, "game %zu: more errors than messages", i + 1);
    }
    if (whole.end_rc == ARB_PGN_READ_FAILED)
        INVARIANT(whole.end_status.message[0], "a failed read without a message");

    /* the same bytes in two reads */
    size_t cut = size > 1 ? 1 + (size_t)((h >> 16) % (size - 1)) : 0;
    if (cut && !starts_container(data, size) && !starts_container(data + cut, size - cut)) {
        pgn_games split;
        read_all(data, size, cut, &opt, &split);
        pgn_why why;
        const char *fail = pgn_same_games(&whole, &split, &why);
        INVARIANT(!fail, "cut at byte %zu: %s", cut, fail);
        pgn_games_free(&split);
    }

    /* write -> read -> write */
    if (!opt.tags_only) {
        arb_pgn_writer *w = arb_pgn_writer_new(&wopt);
        INVARIANT(w, "out of memory");
        for (size_t i = 0; i < whole.count; i++) {
            const arb_pgn_game *g = &whole.games[i];
            if (g->error_count || (wopt.notation == ARB_PGN_NOTATION_UCI && has_null_move(g)))
                continue;   /* UCI "0000" reads back as a move number (reported) */
            pgn_why why;
            const char *fail = pgn_check_round_trip(g, &opt, w, &why);
            INVARIANT(!fail, "game %zu (notation %d, width %d): %s", i + 1, wopt.notation, wopt.line_width, fail);
        }
        arb_pgn_writer_free(w);
    }
    pgn_games_free(&whole);
    return 0;
}
