/* test_patterns.c — material patterns (lib/select/material) and boards with
 * wildcards (lib/select/fen_pattern): exact, "or more", "anything else",
 * each wildcard, side to move, and refused text with its column. */
#include "helpers.h"

#include "fen_pattern.h"
#include "material.h"

static bool material(const char *spec, const char *fen)
{
    arb_material m;
    arb_status st = arb_material_parse(spec, &m);
    cr_assert_eq(st.code, 0, "%s: %s", spec, st.message);
    arb_position pos = fen_ok(fen);
    return arb_material_match(&m, &pos);
}

static const char *const krpkr = "3r2k1/8/8/8/8/8/P7/3R2K1 w - - 0 1";

Test(material, exact_more_and_anything_else)
{
    cr_assert(material("KRPkr", krpkr));
    cr_assert(material("RPr", krpkr), "kings may be left out");
    cr_assert(material("rRP", krpkr), "order does not matter");
    cr_assert_not(material("KRkr", krpkr), "the pawn is extra");
    cr_assert_not(material("KRPPkr", krpkr), "two pawns asked, one there");
    cr_assert(material("KRP+kr", krpkr));
    cr_assert(material("KR*kr", krpkr));
    cr_assert(material("K*kr", krpkr));
    cr_assert_not(material("KQ*kr", krpkr), "a minimum of one queen");
    cr_assert(material("K*k*", krpkr));
    cr_assert_not(material("KRP", krpkr), "a side not given has its king alone");
    cr_assert(material("KQRRBBNNPPPPPPPPkqrrbbnnpppppppp", ARB_START_FEN));
    cr_assert(material("KP+k*", ARB_START_FEN) == false, "White's other men are not allowed");
}

static void material_refused(const char *spec, int col, const char *why)
{
    arb_material m;
    arb_status st = arb_material_parse(spec, &m);
    cr_assert_neq(st.code, 0, "accepted %s", spec);
    cr_assert_eq(st.col, col, "%s: col %d", spec, st.col);
    cr_assert(strstr(st.message, why), "%s lacks %s", st.message, why);
}

Test(material, refused)
{
    material_refused("", 1, "nothing");
    material_refused("KRx", 3, "an unexpected character");
    material_refused("KK", 2, "a second king");
    material_refused("+", 1, "'+' not after a man");
    material_refused("K+", 2, "'+' not after a man other than the king");
    material_refused("*", 1, "'*' not after a side's men");
    material_refused("KR**", 4, "'*' not after");
    material_refused("KR*Q", 4, "a man after '*'");
    material_refused("PPPPPPPPPPPPPPPPP", 17, "more than 16");
}

static bool board(const char *pattern, const char *fen)
{
    arb_fen_pattern p;
    arb_status st = arb_fen_pattern_parse(pattern, &p);
    cr_assert_eq(st.code, 0, "%s: %s", pattern, st.message);
    arb_position pos = fen_ok(fen);
    return arb_fen_pattern_match(&p, &pos);
}

Test(fen_pattern, wildcards)
{
    cr_assert(board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", ARB_START_FEN));
    cr_assert(board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", ARB_START_FEN));
    cr_assert_not(board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b", ARB_START_FEN));
    cr_assert(board("*/*/*/*/*/*/*/*", ARB_START_FEN));
    cr_assert(board("\?\?\?\?\?\?\?\?/*/*/*/*/*/*/*", ARB_START_FEN));
    cr_assert(board("!!!!!!!!/aaaaaaaa/8/8/8/8/AAAAAAAA/*", ARB_START_FEN));
    cr_assert_not(board("*/*/*/*/*/*/aaaaaaaa/*", ARB_START_FEN), "white pawns are not black men");
    cr_assert_not(board("*/*/*/*/*/*/*/\?\?\?!\?\?\?\?", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"), "d1 is empty");
    cr_assert(board("*/*/*/*/*/*/*/\?\?\?\?!\?\?\?", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
    cr_assert(board("*/*/*/*/*/*/*/3\?K3", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
}

static void board_refused(const char *pattern, int col, const char *why)
{
    arb_fen_pattern p;
    arb_status st = arb_fen_pattern_parse(pattern, &p);
    cr_assert_neq(st.code, 0, "accepted %s", pattern);
    cr_assert_eq(st.col, col, "%s: col %d", pattern, st.col);
    cr_assert(strstr(st.message, why), "%s lacks %s", st.message, why);
}

Test(fen_pattern, refused)
{
    board_refused("8/8/8", 6, "fewer than 8 ranks");
    board_refused("9/8/8/8/8/8/8/8", 1, "an unexpected character");
    board_refused("8/8/8/8/8/8/8/7", 16, "fewer than 8 squares");
    board_refused("8/8/8/8/8/8/8/72", 16, "more than 8 squares");
    board_refused("8/8/8/8/8/8/8/8/8", 16, "more than 8 ranks");
    board_refused("8/8/8/8/8/8/8/8 x", 17, "not w or b");
    board_refused("**/8/8/8/8/8/8/8", 1, "an unexpected character");
}
