/* test_lenient.c — real-world text rewritten into PGN (lenient.h) and the
 * reader's second reading (pgn_lenient.h): each form is rewritten as
 * described, noted at its place, lines kept, original bytes given back;
 * without the option the reader refuses the same text. */
#include <criterion/criterion.h>
#include <string.h>

#include "lenient.h"
#include "pgn_read.h"

static arb_locale_set *load_set(void)
{
    arb_locale_set *set = NULL;
    if (arb_locales_load(NULL, &set).code)
        return NULL;
    return set;
}

/* The locale set, or the test skipped where the data directory is missing. */
#define NEED_LOCALES(set)                              \
    arb_locale_set *set = load_set();                  \
    if (!set) {                                        \
        cr_skip_test("locales not loadable here");     \
        return;                                        \
    }

/* Rewrites `in` and checks the text and the first note's kind. */
static void expect_rewrite(const char *in, const char *typeset_code, const char *out, int kind)
{
    NEED_LOCALES(set)
    const arb_locale *ts = typeset_code ? arb_locale_find(set, typeset_code) : NULL;
    arb_lenient_text t;
    arb_lenient_text_init(&t);
    int n = arb_lenient_rewrite(set, ts, in, strlen(in), 1, 1, &t);
    cr_assert_gt(n, 0, "nothing rewritten in %s", in);
    cr_assert_str_eq(t.text, out);
    cr_assert_eq(t.notes[0].kind, kind, "first note %s, expected %s", arb_lenient_name(t.notes[0].kind),
                 arb_lenient_name(kind));
    arb_lenient_text_free(&t);
    arb_locales_free(set);
}

Test(lenient, prose_in_brackets_becomes_a_comment_byte_for_byte)
{
    expect_rewrite("1. e4 e5 (kann nicht  gutgehen) 2. Sf3 *", NULL, "1. e4 e5 {kann nicht  gutgehen} 2. Sf3 *",
                   ARB_LENIENT_PROSE);
}

Test(lenient, a_variation_stays_a_variation)
{
    NEED_LOCALES(set)
    arb_lenient_text t;
    arb_lenient_text_init(&t);
    const char *in = "1. e4 e5 (1... c5 2. Sf3) 2. Sf3 *";
    cr_assert_eq(arb_lenient_rewrite(set, NULL, in, strlen(in), 1, 1, &t), 0);
    cr_assert_str_eq(t.text, in);
    arb_lenient_text_free(&t);
    arb_locales_free(set);
}

Test(lenient, result_in_words_gives_the_marker_from_the_move_count)
{
    /* White moved last: "aufgegeben" is Black's resignation */
    expect_rewrite("1. e4 e5 2. Dh5 aufgegeben", NULL, "1. e4 e5 2. Dh5 {aufgegeben} 1-0", ARB_LENIENT_RESULT_WORDS);
    /* Black moved last */
    expect_rewrite("1. e4 e5 2. Dh5 Sc6 aufgegeben", NULL, "1. e4 e5 2. Dh5 Sc6 {aufgegeben} 0-1",
                   ARB_LENIENT_RESULT_WORDS);
    /* the words name the side */
    expect_rewrite("1. e4 e5 2. Кf3 Белые сдались", NULL, "1. e4 e5 2. Кf3 {Белые сдались} 0-1",
                   ARB_LENIENT_RESULT_WORDS);
    expect_rewrite("1. e4 e5 2. Cf3 les blancs abandonnent", NULL, "1. e4 e5 2. Cf3 {les blancs abandonnent} 0-1",
                   ARB_LENIENT_RESULT_WORDS);
}

Test(lenient, cyrillic_files_and_typeset_letters)
{
    expect_rewrite("1. е4 с5 *", NULL, "1. e4 c5 *", ARB_LENIENT_LOOK_ALIKE);
    expect_rewrite("1. e4 e5 2. Kf3 Kc6 3. Cb5 *", "ru", "1. e4 e5 2. Кf3 Кc6 3. Сb5 *", ARB_LENIENT_TYPESET);
    expect_rewrite("1. e4 e5 2. кf3 *", NULL, "1. e4 e5 2. Кf3 *", ARB_LENIENT_LOWERCASE);
}

Test(lenient, spaced_moves_captured_pieces_numbers_marks_results)
{
    expect_rewrite("1. e4 e5 2. D x d3 Db1 + *", NULL, "1. e4 e5 2. Dxd3 Db1+ *", ARB_LENIENT_SPACED);
    expect_rewrite("1. e4 e5 2. Sd7xSe5 *", NULL, "1. e4 e5 2. Sd7xe5 *", ARB_LENIENT_CAPTURED);
    expect_rewrite("1) e4 e5 *", NULL, "1. e4 e5 *", ARB_LENIENT_NUMBER);
    expect_rewrite("1. e4??? e5!!! *", NULL, "1. e4?? e5!! *", ARB_LENIENT_MARKS);
    expect_rewrite("1. e4 e5 0.5-0.5", NULL, "1. e4 e5 1/2-1/2", ARB_LENIENT_RESULT_FORM);
    expect_rewrite("[Result \"½-½\"]\n1. e4 e5 *", NULL, "[Result \"1/2-1/2\"]\n1. e4 e5 *", ARB_LENIENT_RESULT_FORM);
}

Test(lenient, pasted_games_split_where_numbering_restarts)
{
    expect_rewrite("1. e4 e5 2. Sf3 Sc6 1. d4 d5 *", NULL, "1. e4 e5 2. Sf3 Sc6 * 1. d4 d5 *", ARB_LENIENT_SPLIT);
}

Test(lenient, lines_are_kept_and_offsets_map_back)
{
    NEED_LOCALES(set)
    const char *in = "Vorwort\n\n1. e4 e5\n2. D x h5 (droht matt)\n*\n";
    arb_lenient_text t;
    arb_lenient_text_init(&t);
    cr_assert_gt(arb_lenient_rewrite(set, NULL, in, strlen(in), 1, 1, &t), 0);
    size_t lines = 0;
    for (const char *p = t.text; *p; p++)
        lines += *p == '\n';
    cr_assert_eq(lines, 5);
    const char *star = strrchr(t.text, '*');
    cr_assert_eq(arb_lenient_original_offset(&t, (size_t)(star - t.text)), (size_t)(strrchr(in, '*') - in));
    cr_assert_eq(t.notes[0].line, 1);
    arb_lenient_text_free(&t);
    arb_locales_free(set);
}

static int read_one(const char *text, bool lenient, arb_locale_set *set, arb_pgn_game *g)
{
    arb_pgn_reader_options o = {.lenient = lenient, .lenient_locales = set};
    arb_pgn_reader *r = arb_pgn_reader_new(arb_input_from_memory(text, strlen(text), "t"), &o);
    arb_status st;
    int rc = arb_pgn_read(r, g, &st);
    cr_assert_eq(rc, ARB_PGN_READ_GAME);
    /* raw is the original text even when the rewrite was read */
    cr_assert_eq(g->raw_len, strlen(text));
    cr_assert(memcmp(g->raw, text, g->raw_len) == 0);
    int errors = (int)g->error_count;
    arb_pgn_reader_free(r);
    return errors;
}

Test(lenient, the_reader_reads_again_only_when_asked)
{
    NEED_LOCALES(set)
    const char *text = "Eine Kurzpartie: 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Q x f7 # (Schäfermatt) 1-0\n";
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    cr_assert_gt(read_one(text, false, set, &g), 0);
    arb_pgn_game_reset(&g);
    cr_assert_eq(read_one(text, true, set, &g), 0);
    arb_pgn_game_free(&g);
    arb_locales_free(set);
}

/* fuzz_lenient found these (corpora/fuzz/fuzz_lenient/regression-*): a word
 * ending in a piece letter after a capture mark read past its end; prose
 * moved before the last marker dropped the line ends after the marker; a
 * '(' ending the text inside a word was looked past. */
Test(lenient, fuzz_regressions_keep_lines_and_bounds)
{
    NEED_LOCALES(set)
    static const char *const texts[] = {
        "\xD0\x9F\xD0\xB0 1. e4 e5 2. Sf3 SxC",
        "1) e4 e5 2) Sf3 Sc6 \xC2\xBD-\xC2\xBD\n\nZweite Partie: 1.  Schwarz gibt auf\n",
        "\xD0(",   /* a '(' as the last byte, inside a word: looked one past it */
    };
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        arb_lenient_text t;
        arb_lenient_text_init(&t);
        const char *in = texts[i];
        cr_assert_geq(arb_lenient_rewrite(set, arb_locale_find(set, "ru"), in, strlen(in), 1, 1, &t), 0);
        size_t a = 0, b = 0;
        for (const char *p = in; *p; p++)
            a += *p == '\n';
        for (const char *p = t.text; *p; p++)
            b += *p == '\n';
        cr_assert_eq(a, b, "text %zu: %zu lines became %zu", i, a, b);
        arb_lenient_text_free(&t);
    }
    arb_locales_free(set);
}

/* Prose between moves is a comment only where the next move number follows
 * from the moves counted: a misprinted move that reads as a word is never
 * dropped (the game would replay one move short). */
Test(lenient, a_word_where_a_move_belongs_is_not_prose)
{
    NEED_LOCALES(set)
    arb_lenient_text t;
    arb_lenient_text_init(&t);
    const char *typo = "1. e4 e5 2. Sf3 Ngf 3. Lb5 a6 *";
    arb_lenient_rewrite(set, NULL, typo, strlen(typo), 1, 1, &t);
    cr_assert_str_eq(t.text, typo);
    const char *prose = "1. e4 e5 2. Sf3 Sc6 eine gute Idee 3. Lb5 *";
    arb_lenient_rewrite(set, NULL, prose, strlen(prose), 1, 1, &t);
    cr_assert_str_eq(t.text, "1. e4 e5 2. Sf3 Sc6 {eine gute Idee} 3. Lb5 *");
    arb_lenient_text_free(&t);
    arb_locales_free(set);
}

Test(lenient, book_typography_of_moves)
{
    /* commas, full stops and footnote marks after a move */
    expect_rewrite("1. Sf3, d5, 2. d4, Sc6.", NULL, "1. Sf3 d5 2. d4 Sc6", ARB_LENIENT_PUNCTUATION);
    expect_rewrite("3. Сf1-c4** Кb8-c6", NULL, "3. Сf1-c4 Кb8-c6", ARB_LENIENT_PUNCTUATION);
    /* × after the square is mate */
    expect_rewrite("7. Кc3-d5×", NULL, "7. Кc3-d5#", ARB_LENIENT_MATE_SIGN);
    /* Serbian Cyrillic files */
    expect_rewrite("1. е4 е5 2. Сф3 Сц6", NULL, "1. e4 e5 2. Сf3 Сc6", ARB_LENIENT_LOOK_ALIKE);
    /* a descriptive move as books set it */
    expect_rewrite("1. P—K4. P—K4.", NULL, "1. P-K4 P-K4", ARB_LENIENT_PUNCTUATION);
    expect_rewrite("8. Q-Kt3 R(1)-QKt1", NULL, "8. Q-Kt3 R1-QKt1", ARB_LENIENT_TYPOGRAPHY);
}

Test(lenient, book_brackets_and_notes)
{
    /* square brackets: a variation in round ones, prose a comment */
    expect_rewrite("3. Sg5 Sf6 [3...Lf5 4. Lc4] 4. Sc3", NULL, "3. Sg5 Sf6 (3...Lf5 4. Lc4) 4. Sc3", ARB_LENIENT_BRACKETS);
    expect_rewrite("4. Sc3\n[ Besser ist 4.Lc4 ]\n4...Lf5", NULL, "4. Sc3\n{ Besser ist 4.Lc4 }\n4...Lf5",
                   ARB_LENIENT_PROSE);
    /* a heading in brackets before the first move */
    expect_rewrite("(Merida, 2000)\n1. e4 e5", NULL, "{Merida, 2000}\n1. e4 e5", ARB_LENIENT_PROSE);
    /* a paragraph that names squares, up to the number the moves expect */
    expect_rewrite("9. c3 c4\nVon c4 aus hält der Bauer d3.\n10. O-O", NULL,
                   "9. c3 c4\n{Von c4 aus hält der Bauer d3.}\n10. O-O", ARB_LENIENT_PROSE);
}
