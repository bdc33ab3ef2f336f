/* helpers.h — small helpers shared by the Criterion unit tests.
 *
 * Everything is static inline so each test file can include this without
 * unused-function warnings.  The helpers find moves by their squares among the
 * generated legal moves, so the notation tests do not depend on the notation
 * parsers they are testing.
 */
#ifndef ARB_TEST_HELPERS_H
#define ARB_TEST_HELPERS_H

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fen.h"
#include "movegen.h"
#include "san.h"

/* "e4" -> 28; asserts the name is a square */
static inline int sq(const char *name)
{
    cr_assert(name[0] >= 'a' && name[0] <= 'h' && name[1] >= '1' && name[1] <= '8',
              "bad square name '%s' in a test", name);
    return arb_square(name[0] - 'a', name[1] - '1');
}

/* Parses a FEN that the test expects to be usable: the move generator's
 * test positions include unreachable ones (perft "position 4" needs five
 * pawn captures with one black piece lost), so reachability is not asked
 * here; test_fen.c tests it. */
static inline arb_position fen_ok(const char *fen)
{
    arb_position pos;
    arb_status st = arb_fen_parse_with(fen, &pos, ARB_FEN_ALLOW_UNREACHABLE);
    cr_assert_eq(st.code, ARB_FEN_OK, "FEN rejected (code %d, col %d: %s): %s",
                 st.code, st.col, st.message, fen);
    return pos;
}

static inline const char *fen_of(const arb_position *pos, int style, char buf[ARB_FEN_MAX])
{
    arb_fen_write(pos, style, buf);
    return buf;
}

static inline bool in_list(const arb_movelist *list, arb_move move)
{
    for (int i = 0; i < list->count; i++)
        if (list->moves[i] == move)
            return true;
    return false;
}

/* The legal move with these squares, written "e2e4", "e7e8q", or king-takes-rook
 * "e1h1" for castling; ARB_MOVE_NONE when there is none. */
static inline arb_move find_legal(const arb_position *pos, const char *squares)
{
    int from = sq(squares), to = sq(squares + 2);
    int promo = ARB_NO_KIND;
    switch (squares[4]) {
    case 'n': promo = ARB_KNIGHT; break;
    case 'b': promo = ARB_BISHOP; break;
    case 'r': promo = ARB_ROOK; break;
    case 'q': promo = ARB_QUEEN; break;
    default: break;
    }
    arb_movelist list;
    arb_generate_legal(pos, &list);
    for (int i = 0; i < list.count; i++) {
        arb_move m = list.moves[i];
        if (arb_move_from(m) != from || arb_move_to(m) != to)
            continue;
        bool is_promo = arb_move_type(m) == ARB_MOVE_PROMOTION;
        if (is_promo != (promo != ARB_NO_KIND))
            continue;
        if (is_promo && arb_move_promotion(m) != promo)
            continue;
        return m;
    }
    return ARB_MOVE_NONE;
}

/* Like find_legal, but the move must exist. */
static inline arb_move must_find(const arb_position *pos, const char *squares)
{
    arb_move m = find_legal(pos, squares);
    char fen[ARB_FEN_MAX];
    cr_assert_neq(m, ARB_MOVE_NONE, "%s is not a legal move in %s", squares,
                  fen_of(pos, ARB_FEN_STYLE_AUTO, fen));
    return m;
}

/* Plays squares-notation moves from pos; returns the final position. */
static inline arb_position play(arb_position pos, const char *const *moves, int n)
{
    for (int i = 0; i < n; i++) {
        arb_position next;
        arb_position_make(&pos, must_find(&pos, moves[i]), &next);
        pos = next;
    }
    return pos;
}

static inline arb_position play_line(const char *fen, const char *line)
{
    arb_position pos = fen_ok(fen);
    char buf[512];
    snprintf(buf, sizeof buf, "%s", line);
    for (char *save = NULL, *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        arb_position next;
        arb_position_make(&pos, must_find(&pos, tok), &next);
        pos = next;
    }
    return pos;
}

/* Deterministic pseudo-random numbers for reproducible "random" games. */
static inline uint32_t test_rand(uint64_t *state)
{
    *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (uint32_t)(*state >> 33);
}

/* Where shared corpora live: $ARBITER_SHARED, else $ARBITER_DATA/../shared,
 * else ../shared.  Writes path/relative into buf and returns it. */
static inline const char *shared_path(const char *relative, char *buf, size_t size)
{
    const char *shared = getenv("ARBITER_SHARED");
    const char *data = getenv("ARBITER_DATA");
    if (shared && *shared)
        snprintf(buf, size, "%s/%s", shared, relative);
    else if (data && *data)
        snprintf(buf, size, "%s/../shared/%s", data, relative);
    else
        snprintf(buf, size, "../shared/%s", relative);
    return buf;
}

#endif
