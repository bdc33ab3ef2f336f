/* test_locale_hostile.c — locale files that load but could not read back
 * what they write (found by tests/fuzz/fuzz_locale.c) are refused by the
 * loader with a position; every locale we ship reads back every move it
 * writes. */
#include "notation_helpers.h"

static void expect_bad_value(const char *name, int line, int col, const char *what)
{
    char rel[128], path[4096];
    snprintf(rel, sizeof rel, "locales-bad/%s", name);
    corpus_path(rel, path, sizeof path);
    arb_locale_set *set = NULL;
    arb_status st = arb_locales_load_file(path, &set);
    cr_assert_null(set, "%s loaded", name);
    cr_assert_eq(st.code, ARB_LOCALE_BAD_VALUE, "%s: code %d (%s)", name, st.code, st.message);
    cr_assert_eq(st.line, line, "%s: line %d (%s)", name, st.line, st.message);
    cr_assert_eq(st.col, col, "%s: col %d (%s)", name, st.col, st.message);
    cr_assert(strstr(st.message, what), "%s: message should say %s: %s", name, what, st.message);
}

Test(locale_hostile, promotion_mark_the_grammar_cannot_read)
{
    expect_bad_value("unreadable-promotion-mark.yaml", 14, 14, "write.promotion \"=>\" cannot be read back");
}

Test(locale_hostile, mate_mark_the_grammar_cannot_read)
{
    expect_bad_value("unreadable-mate-mark.yaml", 14, 9, "write.mate \"mate\" cannot be read back");
}

Test(locale_hostile, spelling_longer_than_a_written_move_allows)
{
    expect_bad_value("spelling-too-long.yaml", 10, 20, "is too long, expected at most 16 bytes");
}

Test(locale_hostile, castling_spelled_like_a_pawn_move)
{
    expect_bad_value("castling-like-a-move.yaml", 10, 20, "\"g3+\" would read as another move");
}

Test(locale_hostile, castling_sides_swapped)
{
    expect_bad_value("castling-sides-swapped.yaml", 11, 23, "\"O-O\" would read as another move");
}

/* '_' marks a capture written without its square (shorthand.h): a spelling
 * holding it would be read as one */
Test(locale_hostile, castling_spelled_with_the_capture_mark)
{
    expect_bad_value("castling-with-the-capture-mark.yaml", 10, 20, "\"en_passanto-o\" holds '_'");
}

Test(locale_hostile, piece_spelled_with_the_capture_mark)
{
    expect_bad_value("piece-with-the-capture-mark.yaml", 6, 9, "spelling \"R_R\" must start with a capital letter");
}

/* The property the fuzzer checks, on every shipped locale: each legal move
 * of a few positions, written in the locale, reads back to itself. */
Test(locale_hostile, every_shipped_locale_reads_back_what_it_writes)
{
    static const char *const fens[] = {
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "4k3/8/8/2pP4/8/8/8/4K2R w K c6 0 1",
    };
    size_t checked = 0;
    for (size_t l = 0; l < arb_locales_count(locales()); l++) {
        const arb_locale *loc = arb_locales_at(locales(), l);
        arb_notation *n;
        arb_status st = arb_notation_new(grammar(), loc, &n);
        cr_assert_eq(st.code, 0, "%s", st.message);
        for (size_t f = 0; f < sizeof fens / sizeof *fens; f++) {
            arb_position pos;
            cr_assert_eq(arb_fen_parse(fens[f], &pos).code, 0);
            arb_movelist list;
            arb_generate_legal(&pos, &list);
            for (int i = 0; i < list.count; i++) {
                char text[ARB_NOTATION_MAX];
                size_t len = arb_notation_write(n, &pos, list.moves[i], text);
                arb_move back = ARB_MOVE_NONE;
                int rc = arb_notation_read(n, &pos, text, len, &back, NULL, NULL);
                cr_assert(rc == ARB_SAN_OK && back == list.moves[i], "%s: \"%s\" in %s reads back as rc %d",
                          arb_locale_code(loc), text, fens[f], rc);
                checked++;
            }
        }
        arb_notation_free(n);
    }
    cr_assert_gt(checked, 1000);
}
