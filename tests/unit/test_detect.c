/* test_detect.c — notation auto-detection by replay, one test per family of
 * colliding letters (ro vs en, fr vs es/ca vs ro, de/sl/sr, nl and its FIDE
 * variant, hu, ru vs uk and Cyrillic С vs Latin C), genuinely ambiguous games,
 * preferences, games no notation replays, and the marks and null moves a
 * reader passes through. */
#include "descriptive.h"
#include "notation_helpers.h"

typedef struct detected {
    arb_detection r;
    char survivors[512];
} detected;

/* The moves arb_detect hands back must be what the chosen notation reads. */
static void check_moves(const arb_position *start, const arb_token *tokens, size_t n, const arb_move *moves,
                        const arb_detection *r)
{
    arb_position pos = *start, next;
    size_t upto = r->outcome == ARB_DETECT_NONE ? r->fail_token : n;
    for (size_t i = 0; i < upto; i++) {
        arb_move expected;
        if (tokens[i].len == 2 && memcmp(tokens[i].text, "--", 2) == 0)
            expected = ARB_MOVE_NULL;
        else if (arb_notation_extra(r->chosen, tokens[i].text, tokens[i].len))
            expected = ARB_MOVE_NONE;
        else
            cr_assert_eq(arb_notation_read(r->chosen, &pos, tokens[i].text, tokens[i].len, &expected, NULL, NULL),
                         ARB_SAN_OK);
        cr_assert_eq(moves[i], expected, "token %zu: move %#x, the chosen notation reads %#x", i, moves[i], expected);
        if (expected != ARB_MOVE_NONE) {
            arb_position_make(&pos, expected, &next);
            pos = next;
        }
    }
}

static detected detect_from(const char *fen, const char *game, const char *prefer)
{
    static char text[4096];
    static arb_token tokens[400];
    snprintf(text, sizeof text, "%s", game);
    size_t n = split_moves(text, tokens, 400);
    arb_position start = fen_ok(fen ? fen : ARB_START_FEN);
    detected out;
    static arb_move moves[400];
    int outcome = arb_detect(detector(), &start, tokens, n, prefer, moves, &out.r);
    cr_assert_eq(outcome, out.r.outcome);
    check_moves(&start, tokens, n, moves, &out.r);
    arb_detector_survivor_list(detector(), out.survivors, sizeof out.survivors);
    return out;
}

static detected detect(const char *game, const char *prefer) { return detect_from(NULL, game, prefer); }

static const char *code_of(const arb_notation *n) { return n ? arb_locale_code(arb_notation_locale(n)) : "(none)"; }

static void expect_unique(const char *game, const char *code)
{
    detected d = detect(game, NULL);
    cr_assert_eq(d.r.outcome, ARB_DETECT_UNIQUE, "expected only %s, got outcome %d [%s]", code, d.r.outcome,
                 d.survivors);
    cr_assert_str_eq(code_of(d.r.chosen), code);
    cr_assert_str_eq(d.survivors, code);
    cr_assert_eq(d.r.survivors, 1);
    cr_assert(d.r.moves_agree);
}

static bool survived(const char *code)
{
    for (size_t i = 0; i < arb_detector_count(detector()); i++)
        if (strcmp(code_of(arb_detector_notation(detector(), i)), code) == 0)
            return arb_detector_survived(detector(), i);
    cr_assert_fail("no candidate %s", code);
    return false;
}

/* ---- ro vs en: R is the Romanian king and the English rook, N bishop vs knight ---- */

Test(detect, romanian_not_english)
{
    expect_unique("1.e4 e5 2.Nc4 Nc5 3.Re2 Re7", "ro"); /* bishops to c4/c5, kings to e2/e7 */
}

Test(detect, english_not_romanian)
{
    expect_unique("1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 6.Re1", "en");
}

/* ---- the R-king family: ro N, fr F, es/ca/it A, pt B for the bishop -------------- */

Test(detect, french_bishop_f)
{
    expect_unique("1.e4 e5 2.Cf3 Cc6 3.Fb5 a6 4.Fa4 Cf6 5.0-0 Fe7 6.Te1", "fr");
}

Test(detect, romanian_bishop_n_among_r_king_languages)
{
    expect_unique("1.e4 e5 2.Cf3 Cc6 3.Nb5 a6 4.Na4 Cf6 5.0-0 Ne7 6.Te1", "ro");
}

Test(detect, catalan_spanish_italian_read_alike)
{
    detected d = detect("1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Aa4 Cf6 5.0-0 Ae7 6.Te1", NULL);
    cr_assert_eq(d.r.outcome, ARB_DETECT_TIE);
    cr_assert_str_eq(d.survivors, "ca, es, it");
    cr_assert(d.r.moves_agree, "same letters, same moves");
    cr_assert_str_eq(code_of(d.r.chosen), "ca", "first in code order when nothing is preferred");

    d = detect("1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Aa4 Cf6 5.0-0 Ae7 6.Te1", "es");
    cr_assert_eq(d.r.outcome, ARB_DETECT_PREFERRED);
    cr_assert_str_eq(code_of(d.r.chosen), "es");
}

Test(detect, no_bishop_move_leaves_the_whole_family)
{
    detected d = detect("1.e4 e5 2.Cf3 Cc6 3.d4 exd4 4.Cxd4 Cf6 5.Cc3 Dd8e7", NULL);
    cr_assert_eq(d.r.outcome, ARB_DETECT_TIE);
    cr_assert_str_eq(d.survivors, "ca, es, fr, it, pt, ro");
    cr_assert(d.r.moves_agree);
    cr_assert_not(survived("en"));
}

/* ---- K D T L S: de, sl, sr-Latn, hr, bs, sv, no, da -------------------------------- */

Test(detect, german_slovenian_serbian_family)
{
    const char *game = "1.e4 e5 2.Sf3 Sc6 3.Lb5 a6 4.La4 Sf6 5.0-0 Le7 6.Te1";
    detected d = detect(game, NULL);
    cr_assert_eq(d.r.outcome, ARB_DETECT_TIE);
    cr_assert_str_eq(d.survivors, "bs, da, de, hr, no, sl, sr-Latn, sv");
    cr_assert(d.r.moves_agree);
    cr_assert_not(survived("cs"), "S is the Czech bishop: Sf3 is illegal there");
    cr_assert_not(survived("sr-Cyrl"), "Cyrillic letters");

    d = detect(game, "sr");
    cr_assert_eq(d.r.outcome, ARB_DETECT_PREFERRED);
    cr_assert_str_eq(code_of(d.r.chosen), "sr-Latn", "sr matches the surviving script");
    d = detect(game, "xx, sl,de");
    cr_assert_eq(d.r.outcome, ARB_DETECT_PREFERRED);
    cr_assert_str_eq(code_of(d.r.chosen), "sl", "preferences in the caller's order");
    d = detect(game, "fr");
    cr_assert_eq(d.r.outcome, ARB_DETECT_TIE, "a preference that did not survive decides nothing");
}

/* ---- Dutch usage K D T L P vs the FIDE table's K D T F H (and hu's F H) ------------- */

Test(detect, dutch_usage)
{
    /* P is also the English pawn: Pf3 and Pc6 replay in English until Lb5 */
    expect_unique("1.e4 e5 2.Pf3 Pc6 3.Lb5 a6 4.La4 Pf6 5.0-0 Le7 6.Te1", "nl");
}

Test(detect, dutch_fide_table_variant)
{
    expect_unique("1.e4 e5 2.Hf3 Hc6 3.Fb5 a6 4.Fa4 Hf6 5.0-0 Fe7 6.Te1", "nl-x-fide");
}

/* ---- Hungarian K V B F H ----------------------------------------------------------- */

Test(detect, hungarian)
{
    expect_unique("1.e4 e5 2.Hf3 Hc6 3.Fb5 a6 4.Fa4 Hf6 5.0-0 Fe7 6.Be1 b5 7.Fb3 d6 8.c3 0-0 9.h3 Ve8", "hu");
}

/* ---- Russian Кр Ф Л С К vs Ukrainian (Т rook); Cyrillic С vs Latin C ---------------- */

Test(detect, russian_rook_decides_against_ukrainian)
{
    expect_unique("1.e4 e5 2.Кf3 Кc6 3.Сb5 a6 4.Сa4 Кf6 5.0-0 Сe7 6.Лe1", "ru");
}

Test(detect, russian_and_ukrainian_without_a_rook_move)
{
    detected d = detect("1.e4 e5 2.Кf3 Кc6 3.Сb5 a6 4.Сa4 Кf6 5.0-0 Сe7", NULL);
    cr_assert_eq(d.r.outcome, ARB_DETECT_TIE);
    cr_assert_str_eq(d.survivors, "ru, uk");
    cr_assert(d.r.moves_agree);
}

Test(detect, cyrillic_es_is_not_latin_c)
{
    detect("1.e4 e5 2.Кf3 Кc6 3.Сb5 a6", NULL);
    cr_assert_not(survived("fr"), "Сb5 is a Russian bishop, not a French knight");
    detect("1.e4 e5 2.Cf3 Cc6", NULL);
    cr_assert_not(survived("ru"), "Latin C is no Russian letter");
    cr_assert(survived("fr"));
}

/* ---- Estonian O bishop next to O-O castling ------------------------------------------ */

Test(detect, estonian_letter_o_and_castling_o_o)
{
    expect_unique("1.e4 e5 2.Rf3 Rc6 3.Ob5 a6 4.Oa4 Rf6 5.O-O Oe7 6.Ve1", "et");
}

/* ---- genuinely ambiguous --------------------------------------------------------------- */

Test(detect, genuinely_ambiguous_game_is_reported_as_such)
{
    /* K is a king in de and a bishop (kuriero) in eo: Ke7 is Ke8-e7 or Bf8-e7, and
     * 3.Dxe5 mates in one reading only; both replay legally */
    detected d = detect("1.e4 e5 2.Dh5 Ke7 3.Dxe5#", NULL);
    cr_assert_eq(d.r.outcome, ARB_DETECT_TIE);
    cr_assert(survived("de"));
    cr_assert(survived("eo"));
    cr_assert_not(d.r.moves_agree, "the survivors read different moves");
    cr_assert_gt(d.r.survivors, 2);
}

Test(detect, a_game_of_pawn_moves_fits_every_notation)
{
    detected d = detect("1.e4 e5 2.d4 exd4 3.c3 dxc3", NULL);
    cr_assert_eq(d.r.outcome, ARB_DETECT_TIE);
    /* every algebraic one; descriptive notations write P-K4 */
    size_t algebraic = 0;
    for (size_t i = 0; i < arb_detector_count(detector()); i++)
        algebraic += !arb_descriptive_locale(arb_notation_locale(arb_detector_notation(detector(), i)));
    cr_assert_gt(algebraic, 30);
    cr_assert_eq(d.r.survivors, algebraic);
    cr_assert(d.r.moves_agree, "harmless: every reading is the same");
}

/* ---- no notation replays the game ------------------------------------------------------ */

Test(detect, nearest_failure_is_reported)
{
    /* 4.Cf3: the g1 knight was taken on e5 and b1 cannot reach f3 */
    detected d = detect("1.e4 e5 2.Cf3 Cc6 3.Cxe5 Cxe5 4.Cf3 d6", NULL);
    cr_assert_eq(d.r.outcome, ARB_DETECT_NONE);
    cr_assert_eq(d.r.survivors, 0);
    cr_assert_eq(d.r.fail_token, 6);
    cr_assert_eq(d.r.fail_ply, 6);
    cr_assert_eq(d.r.fail_code, ARB_SAN_ILLEGAL);
    cr_assert_str_eq(code_of(d.r.chosen), "ca", "first of the furthest in code order");
    d = detect("1.e4 e5 2.Cf3 Cc6 3.Cxe5 Cxe5 4.Cf3 d6", "ro");
    cr_assert_str_eq(code_of(d.r.chosen), "ro", "the preferred one among the furthest");
}

Test(detect, unknown_letters_fail_at_their_token)
{
    detected d = detect("1.e4 e5 2.Xf3", NULL);
    cr_assert_eq(d.r.outcome, ARB_DETECT_NONE);
    cr_assert_eq(d.r.fail_token, 2);
    cr_assert_eq(d.r.fail_code, ARB_SAN_SYNTAX);
}

/* ---- what a PGN reader passes through -------------------------------------------------- */

Test(detect, marks_as_tokens_and_null_moves)
{
    detected d = detect("1.e4 -- 2.e5 d5 3.exd6 e.p. Cf6 4.Re2 (=)", "ro");
    cr_assert_eq(d.r.outcome, ARB_DETECT_PREFERRED, "[%s]", d.survivors);
    cr_assert_str_eq(code_of(d.r.chosen), "ro");
    cr_assert_not(survived("en"), "Re2 would be an English rook move, and no rook can");
}

Test(detect, from_a_chess960_position)
{
    detected d = detect_from("1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1", "1.e4 e5 2.0-0 0-0 3.Df3", NULL);
    cr_assert_eq(d.r.outcome, ARB_DETECT_NONE, "no queen on the board: Df3 is illegal everywhere");
    cr_assert_eq(d.r.fail_token, 4);
    d = detect_from("1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1", "1.e4 e5 2.0-0 0-0 3.Tbe1", NULL);
    cr_assert(survived("ro"));
    cr_assert(survived("de"));
    cr_assert_not(survived("en"), "T is no English letter");
}

Test(detect, moves_without_a_buffer)
{
    char text[] = "1.e4 e5 2.Cf3";
    arb_token tokens[8];
    size_t n = split_moves(text, tokens, 8);
    arb_position start = fen_ok(ARB_START_FEN);
    arb_detection r;
    cr_assert_eq(arb_detect(detector(), &start, tokens, n, "ro", NULL, &r), ARB_DETECT_PREFERRED);
    cr_assert_str_eq(code_of(r.chosen), "ro");
}

Test(detect, empty_game)
{
    detected d = detect("", NULL);
    cr_assert_eq(d.r.outcome, ARB_DETECT_TIE);
    cr_assert(d.r.moves_agree);
    cr_assert_eq(d.r.survivors, arb_detector_count(detector()));
}

/* ---- candidates --------------------------------------------------------------------------- */

Test(detect_setup, a_chosen_list_of_candidates)
{
    const char *codes[] = {"ro", "en", NULL};
    arb_detector *d;
    arb_status st = arb_detector_new(grammar(), locales(), codes, &d);
    cr_assert_eq(st.code, 0, "%s", st.message);
    cr_assert_eq(arb_detector_count(d), 2);
    cr_assert_str_eq(code_of(arb_detector_notation(d, 0)), "en", "code order");
    cr_assert_not_null(arb_detector_find(d, "RO"));
    cr_assert_null(arb_detector_find(d, "fr"));
    cr_assert_null(arb_detector_notation(d, 2));
    arb_detector_free(d);

    const char *unknown[] = {"ro", "xx", NULL};
    st = arb_detector_new(grammar(), locales(), unknown, &d);
    cr_assert_eq(st.code, ARB_LOCALE_NOT_FOUND);
    cr_assert(strstr(st.message, "xx"), "%s", st.message);
}
