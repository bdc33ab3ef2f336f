/* test_locale.c — locales/<code>.yaml: every locale loads with the letters of its
 * source, messages translate with an English fallback, malformed files are
 * refused naming file, line, column and key (corpora/locales-bad/), the data
 * directory is found, and the move grammar template expands per locale. */
#include "notation_helpers.h"

/* ---- every locale ------------------------------------------------------------ */

static const char *const required_codes[] = {
    "en", "ro", "ca", "sl", "sr-Latn", "sr-Cyrl", "hr", "bs", "de", "fr", "es", "it", "pt", "nl", "nl-x-fide",
    "hu", "pl", "cs", "sk", "ru", "uk", "bg", "sv", "no", "da", "fi", "is", "et", "el", "tr", "eo"};

Test(locale, every_required_language_is_there)
{
    for (size_t i = 0; i < sizeof required_codes / sizeof *required_codes; i++)
        cr_assert_not_null(arb_locale_find(locales(), required_codes[i]), "no locale %s", required_codes[i]);
    cr_assert_geq(arb_locales_count(locales()), sizeof required_codes / sizeof *required_codes);
}

Test(locale, every_locale_is_complete)
{
    for (size_t i = 0; i < arb_locales_count(locales()); i++) {
        const arb_locale *loc = arb_locales_at(locales(), i);
        const char *code = arb_locale_code(loc);
        cr_assert_gt(strlen(arb_locale_name(loc)), 0, "%s: no name", code);
        cr_assert_gt(strlen(arb_locale_english_name(loc)), 0, "%s: no english-name", code);
        cr_assert_gt(strlen(arb_locale_source(loc)), 20, "%s: source too short to say where letters come from", code);
        for (int k = ARB_KNIGHT; k <= ARB_KING; k++)
            cr_assert_geq(arb_locale_piece_count(loc, k), 1, "%s: no spelling for kind %d", code, k);
        for (int l = 0; l < ARB_LOCALE_LIST_COUNT; l++)
            cr_assert_geq(arb_locale_list_count(loc, l), 1, "%s: list %d empty", code, l);
        if (i > 0)
            cr_assert_lt(strcmp(arb_locale_code(arb_locales_at(locales(), i - 1)), code), 0, "not in code order");
    }
}

Test(locale, every_locale_compiles_into_a_notation)
{
    for (size_t i = 0; i < arb_locales_count(locales()); i++) {
        arb_notation *n;
        arb_status st = arb_notation_new(grammar(), arb_locales_at(locales(), i), &n);
        cr_assert_eq(st.code, 0, "%s: %s", arb_locale_code(arb_locales_at(locales(), i)), st.message);
        cr_assert_eq(arb_notation_locale(n), arb_locales_at(locales(), i));
        arb_notation_free(n);
    }
}

/* The letters K Q R B N as written first (the written spelling) */
static void expect_letters(const char *code, const char *k, const char *q, const char *r, const char *b,
                           const char *n)
{
    const arb_locale *loc = locale(code);
    const char *want[6] = {NULL, n, b, r, q, k};
    for (int kind = ARB_KNIGHT; kind <= ARB_KING; kind++)
        cr_assert_str_eq(arb_locale_piece(loc, kind, 0), want[kind], "%s: kind %d", code, kind);
}

Test(locale, letters_of_the_fide_appendix_c_table)
{
    expect_letters("ro", "R", "D", "T", "N", "C");
    expect_letters("en", "K", "Q", "R", "B", "N");
    expect_letters("ru", "Кр", "Ф", "Л", "С", "К");
    expect_letters("de", "K", "D", "T", "L", "S");
    expect_letters("fr", "R", "D", "T", "F", "C");
    expect_letters("nl-x-fide", "K", "D", "T", "F", "H");
    expect_letters("es", "R", "D", "T", "A", "C");
    expect_letters("hu", "K", "V", "B", "F", "H");
}

Test(locale, letters_of_the_translated_laws)
{
    expect_letters("ca", "R", "D", "T", "A", "C");
    expect_letters("sl", "K", "D", "T", "L", "S");
    expect_letters("sr-Latn", "K", "D", "T", "L", "S");
    expect_letters("sr-Cyrl", "К", "Д", "Т", "Л", "С");
}

Test(locale, letters_of_common_usage)
{
    expect_letters("nl", "K", "D", "T", "L", "P");
    expect_letters("pl", "K", "H", "W", "G", "S");
    expect_letters("cs", "K", "D", "V", "S", "J");
    expect_letters("uk", "Кр", "Ф", "Т", "С", "К");
    expect_letters("bg", "Ц", "Д", "Т", "О", "К");
    expect_letters("et", "K", "L", "V", "O", "R");
    expect_letters("el", "Ρ", "Β", "Π", "Α", "Ι");
    expect_letters("tr", "Ş", "V", "K", "F", "A");
    expect_letters("eo", "R", "D", "T", "K", "Ĉ");
    expect_letters("is", "K", "D", "H", "B", "R");
    expect_letters("fi", "K", "D", "T", "L", "R");
}

Test(locale, marks_and_writing_conventions)
{
    const arb_locale *ro = locale("ro"), *en = locale("en"), *ca = locale("ca");
    cr_assert_str_eq(arb_locale_list_item(ro, ARB_LOCALE_CASTLE_SHORT, 0), "0-0", "C.13 writes 0-0");
    cr_assert_str_eq(arb_locale_list_item(ro, ARB_LOCALE_CASTLE_LONG, 0), "0-0-0");
    cr_assert_str_eq(arb_locale_list_item(en, ARB_LOCALE_CASTLE_SHORT, 0), "O-O", "PGN writes O-O");
    cr_assert_str_eq(arb_locale_promotion_mark(ro), "", "C.11 writes d8D");
    cr_assert_str_eq(arb_locale_promotion_mark(en), "=", "PGN writes e8=Q");
    cr_assert_str_eq(arb_locale_mate_mark(ro), "#");
    cr_assert_str_eq(arb_locale_list_item(ca, ARB_LOCALE_EN_PASSANT, 0), "a.p.", "Catalan C.9.3 writes a.p.");
    cr_assert_str_eq(arb_locale_list_item(ro, ARB_LOCALE_EN_PASSANT, 0), "e.p.");
    cr_assert_str_eq(arb_locale_list_item(ro, ARB_LOCALE_CAPTURE, 1), ":");
    cr_assert_eq(arb_locale_piece_count(en, ARB_PAWN), 1, "English lists P for long forms");
    cr_assert_eq(arb_locale_piece_count(ro, ARB_PAWN), 0, "C.4: pawns have no letter");
    cr_assert_null(arb_locale_piece(ro, ARB_PAWN, 0));
    cr_assert_null(arb_locale_list_item(ro, ARB_LOCALE_CAPTURE, 99));
}

Test(locale, find_by_code)
{
    cr_assert_str_eq(arb_locale_code(arb_locale_find(locales(), "sr-Latn")), "sr-Latn");
    cr_assert_str_eq(arb_locale_code(arb_locale_find(locales(), "SR-latn")), "sr-Latn", "case-insensitive");
    cr_assert_str_eq(arb_locale_code(arb_locale_find(locales(), "sr")), "sr-Cyrl", "language alone: first in order");
    cr_assert_str_eq(arb_locale_code(arb_locale_find(locales(), "nl")), "nl", "exact before prefix");
    cr_assert_null(arb_locale_find(locales(), "xx"));
    cr_assert_null(arb_locale_find(locales(), "s"), "a prefix must end at a subtag");
    cr_assert_null(arb_locale_find(locales(), NULL));
}

/* The set's index of spoken (and descriptive) words by first byte, which
 * spoken reading looks words up in: every word is filed once, under its
 * first letter in either case, in the order locale, list, spelling. */
Test(locale, every_spoken_word_is_filed_under_its_first_letter)
{
    const arb_locale_set *set = locales();
    size_t total = 0, filed = 0;
    for (int b = 0; b < 256; b++) {
        size_t n;
        arb_locales_words_from(set, (unsigned char)b, &n);
        if (b >= 'A' && b <= 'Z') {
            size_t lower;
            arb_locales_words_from(set, (unsigned char)(b - 'A' + 'a'), &lower);
            cr_assert_eq(n, lower, "'%c' and '%c' find the same words", b, b - 'A' + 'a');
        } else if (b != '\t') {
            filed += n;
        }
    }
    size_t at_key[256] = {0};
    for (size_t l = 0; l < arb_locales_count(set); l++) {
        const arb_locale *loc = arb_locales_at(set, l);
        for (int w = ARB_LOCALE_SPOKEN_PAWN; w < ARB_LOCALE_WORDS_COUNT; w++)
            for (size_t k = 0; k < arb_locale_words_count(loc, w); k++) {
                const char *word = arb_locale_word(loc, w, k);
                unsigned char first = (unsigned char)word[0];
                size_t n;
                const arb_locale_set_word *words = arb_locales_words_from(set, first, &n);
                unsigned char key = first >= 'A' && first <= 'Z' ? (unsigned char)(first - 'A' + 'a') : first;
                cr_assert_lt(at_key[key], n, "%s: %s filed", arb_locale_code(loc), word);
                cr_assert_eq(words[at_key[key]].text, word, "%s: %s in order", arb_locale_code(loc), word);
                cr_assert_eq(words[at_key[key]].which, w);
                at_key[key]++;
                total++;
            }
    }
    cr_assert_gt(total, 100, "the spoken and descriptive words of several locales");
    cr_expect_eq(filed, total, "no word filed twice or left out");
    size_t none;
    arb_locales_words_from(set, '7', &none);
    cr_expect_eq(none, 0);
}

/* ---- messages ------------------------------------------------------------------- */

static const char *const message_keys[] = {
    "bad-token", "illegal-move", "ambiguous-move", "missing-promotion", "bad-promotion", "check-mark-wrong",
    "mate-mark-wrong", "capture-mark-wrong", "en-passant-mark-wrong", "draw-offer", "moves-after-end",
    "result-mismatch", "checkmate", "stalemate", "dead-position", "draw-claim", "threefold-repetition",
    "fifty-move-rule", "fivefold-repetition", "seventy-five-move-rule", "timeout-draw", "notation-unknown",
    "notation-ambiguous", "notation-detected"};

Test(locale, laws_languages_translate_every_message)
{
    static const char *const full[] = {"en", "ro", "ca", "sl", "sr-Latn", "sr-Cyrl"};
    const arb_locale *en = locale("en");
    for (size_t l = 0; l < sizeof full / sizeof *full; l++)
        for (size_t k = 0; k < sizeof message_keys / sizeof *message_keys; k++) {
            const char *text = arb_locales_message(locales(), locale(full[l]), message_keys[k]);
            cr_assert_not_null(text, "%s lacks %s", full[l], message_keys[k]);
            if (strcmp(full[l], "en") != 0)
                cr_assert_str_neq(text, arb_locales_message(locales(), en, message_keys[k]),
                                  "%s: %s is the English text", full[l], message_keys[k]);
        }
}

Test(locale, messages_use_the_terms_of_the_laws)
{
    cr_assert(strstr(arb_locales_message(locales(), locale("ro"), "illegal-move"), "mutare ilegală"));
    cr_assert(strstr(arb_locales_message(locales(), locale("ro"), "stalemate"), "pat"));
    cr_assert(strstr(arb_locales_message(locales(), locale("ca"), "stalemate"), "ofegat"));
    cr_assert(strstr(arb_locales_message(locales(), locale("ca"), "draw-claim"), "reclamar taules"));
    cr_assert(strstr(arb_locales_message(locales(), locale("sl"), "dead-position"), "mrtva pozicija"));
    cr_assert(strstr(arb_locales_message(locales(), locale("sl"), "draw-claim"), "reklamira remi"));
    cr_assert(strstr(arb_locales_message(locales(), locale("sr-Latn"), "illegal-move"), "nepravilan potez"));
    cr_assert(strstr(arb_locales_message(locales(), locale("sr-Cyrl"), "illegal-move"), "неправилан потез"));
}

Test(locale, missing_messages_fall_back_to_english)
{
    const char *en = arb_locales_message(locales(), locale("en"), "illegal-move");
    cr_assert_str_eq(arb_locales_message(locales(), locale("de"), "illegal-move"), en);
    cr_assert_str_eq(arb_locales_message(locales(), NULL, "illegal-move"), en);
    cr_assert_null(arb_locales_message(locales(), locale("ro"), "no-such-message"));
}

Test(locale, message_placeholders)
{
    const char *pairs[] = {"move", "23...", "token", "Rb1", "candidates", "Ra1, Rc1", NULL};
    char buf[200];
    size_t n = arb_message_format(arb_locales_message(locales(), locale("ro"), "illegal-move"), pairs, buf,
                                  sizeof buf);
    cr_assert_str_eq(buf, "23... Rb1 este o mutare ilegală; mutări legale aici: Ra1, Rc1");
    cr_assert_eq(n, strlen(buf));

    n = arb_message_format("{token} {unknown} {", pairs, buf, sizeof buf);
    cr_assert_str_eq(buf, "Rb1 {unknown} {", "unknown placeholders are kept as written");

    char small[8];
    n = arb_message_format("{move} {token}", pairs, small, sizeof small);
    cr_assert_str_eq(small, "23... R", "cut, and NUL-terminated");
    cr_assert_eq(n, strlen("23... Rb1"), "returns the length the whole text needs");
}

/* ---- malformed locale files --------------------------------------------------- */

static arb_status load_bad(const char *name, char *path, size_t size)
{
    char rel[128];
    snprintf(rel, sizeof rel, "locales-bad/%s", name);
    corpus_path(rel, path, size);
    arb_locale_set *set = NULL;
    arb_status st = arb_locales_load_file(path, &set);
    cr_assert_null(set, "%s loaded", name);
    return st;
}

static void expect_error(const char *name, int code, int line, int col, const char *key)
{
    char path[4096];
    arb_status st = load_bad(name, path, sizeof path);
    cr_assert_eq(st.code, code, "%s: code %d (%s)", name, st.code, st.message);
    cr_assert_eq(st.line, line, "%s: line %d (%s)", name, st.line, st.message);
    cr_assert_eq(st.col, col, "%s: col %d (%s)", name, st.col, st.message);
    char where[4200];
    snprintf(where, sizeof where, "%s:%d:%d: ", path, line, col);
    cr_assert_eq(strncmp(st.message, where, strlen(where)), 0, "message should start with %s: %s", where,
                 st.message);
    cr_assert(strstr(st.message, key), "message should name %s: %s", key, st.message);
}

Test(locale_errors, bad_yaml)
{
    expect_error("bad-yaml.yaml", ARB_LOCALE_SYNTAX, 7, 1, "quoted scalar that starts on line 5");
}

Test(locale_errors, unknown_key)
{
    expect_error("unknown-key.yaml", ARB_LOCALE_UNKNOWN_KEY, 9, 3, "pieces.kinght");
}

Test(locale_errors, one_letter_for_two_pieces)
{
    expect_error("duplicate-letter.yaml", ARB_LOCALE_DUPLICATE, 8, 11, "pieces.knight: letter \"C\" is already the bishop");
    /* "Acb6": the bishop Ac, or the knight A from the c-file */
    expect_error("letter-before-a-file.yaml", ARB_LOCALE_DUPLICATE, 8, 11,
                 "pieces.knight: letters \"A\" and \"Ac\" (the bishop) read alike before a square (\"Acb6\")");
    /* "Axb6": the bishop Ax, or the knight A taking */
    expect_error("letter-before-a-capture.yaml", ARB_LOCALE_DUPLICATE, 8, 11,
                 "pieces.knight: letters \"A\" and \"Ax\" (the bishop) read alike");
}

Test(locale_errors, key_given_twice)
{
    expect_error("duplicate-key.yaml", ARB_LOCALE_DUPLICATE, 13, 1, "name: key given twice (first on line 1)");
}

Test(locale_errors, required_key_missing)
{
    expect_error("missing-key.yaml", ARB_LOCALE_MISSING, 12, 1, "pieces.knight");
}

Test(locale_errors, letter_that_reads_as_a_file)
{
    expect_error("bad-spelling.yaml", ARB_LOCALE_BAD_VALUE, 7, 11, "pieces.bishop: spelling \"b\"");
}

Test(locale_errors, one_spelling_for_both_castlings)
{
    expect_error("castling-twice.yaml", ARB_LOCALE_DUPLICATE, 11, 23, "castling.queen-side: \"O-O\"");
}

Test(locale_errors, message_key_that_english_does_not_define)
{
    char dir[4096];
    corpus_path("locales-bad/set-unknown-message", dir, sizeof dir);
    arb_locale_set *set = NULL;
    arb_status st = arb_locales_load(dir, &set);
    cr_assert_null(set);
    cr_assert_eq(st.code, ARB_LOCALE_UNKNOWN_KEY, "%s", st.message);
    cr_assert_eq(st.line, 8);
    cr_assert_eq(st.col, 3);
    cr_assert(strstr(st.message, "xx.yaml:8:3: unknown key messages.ilegal-move"), "%s", st.message);
}

Test(locale_errors, a_directory_with_a_bad_file_fails_naming_it)
{
    char dir[4096];
    corpus_path("locales-bad", dir, sizeof dir);
    arb_locale_set *set = NULL;
    arb_status st = arb_locales_load(dir, &set);
    cr_assert_null(set);
    cr_assert_eq(st.code, ARB_LOCALE_BAD_VALUE, "the first file in name order is bad-spelling.yaml: %s", st.message);
    cr_assert(strstr(st.message, "bad-spelling.yaml:7:11:"), "%s", st.message);
}

Test(locale_errors, missing_file_and_directory)
{
    arb_locale_set *set = NULL;
    arb_status st = arb_locales_load_file("/nonexistent/xx.yaml", &set);
    cr_assert_eq(st.code, ARB_LOCALE_IO);
    cr_assert(strstr(st.message, "/nonexistent/xx.yaml"), "%s", st.message);
    st = arb_locales_load("/nonexistent", &set);
    cr_assert_eq(st.code, ARB_LOCALE_IO);
    cr_assert_null(set);
}

/* ---- data directory ------------------------------------------------------------- */

Test(datadir, arbiter_data_wins)
{
    char expected[4096], found[4096];
    const char *data = getenv("ARBITER_DATA");
    if (!data || !*data)
        cr_skip_test("ARBITER_DATA not set (make unit sets it)");
    snprintf(expected, sizeof expected, "%s/locales", data);
    cr_assert(arb_data_find("locales", found, sizeof found));
    cr_assert_str_eq(found, expected);
}

Test(datadir, found_beside_the_executable_without_arbiter_data)
{
    setenv("ARBITER_DATA", "/nonexistent", 1); /* this test's own process */
    char found[4096];
    cr_assert(arb_data_find("locales", found, sizeof found), "build/tests/unit -> ../../locales");
    cr_assert(arb_data_find("grammars", found, sizeof found));
    arb_locale_set *set;
    arb_status st = arb_locales_load(NULL, &set);
    cr_assert_eq(st.code, 0, "%s", st.message);
    cr_assert_not_null(arb_locale_find(set, "ro"));
    arb_locales_free(set);
    cr_assert_not(arb_data_find("no-such-directory", found, sizeof found));
}

/* ---- grammar templates -------------------------------------------------------- */

Test(grammar, expansion_quotes_spellings_and_dashes)
{
    arb_grammar *g;
    arb_status st = arb_grammar_from_text("t.pcre", "# {ANY} in a comment line is left alone\n"
                                          "P={PIECE} E={EN_PASSANT} S={CASTLE_SHORT}", &g);
    cr_assert_eq(st.code, 0, "%s", st.message);
    char *out;
    st = arb_grammar_expand(g, locale("ca"), &out);
    cr_assert_eq(st.code, 0);
    cr_assert(strstr(out, "P=(?:A|C|D|R|T)"), "equal lengths in byte order: %s", out);
    cr_assert(strstr(out, "E=(?:a\\.p\\.|e\\.p\\.|ap|ep)"), "longest first, dots escaped: %s", out);
    cr_assert(strstr(out, "S=(?:0(?&dash)0|O(?&dash)O|o(?&dash)o)"), "%s", out);
    cr_assert(strstr(out, "# {ANY} in a comment line"), "%s", out);
    free(out);
    st = arb_grammar_expand(g, locale("ru"), &out);
    cr_assert(strstr(out, "P=(?:Кр|К|Л|С|Ф)"), "Кр before К: %s", out);
    free(out);
    arb_grammar_free(g);
}

Test(grammar, lists_expand_to_alternations)
{
    arb_grammar *g;
    arb_grammar_from_text("t.pcre", "{PIECE}", &g);
    char *out;
    arb_grammar_expand(g, locale("en"), &out);
    cr_assert_str_eq(out, "(?:B|K|N|P|Q|R)", "%s", out);
    free(out);
    arb_grammar_free(g);
    arb_grammar_from_text("t.pcre", "{CAPTURE}", &g);
    arb_grammar_expand(g, locale("en"), &out);
    cr_assert_str_eq(out, "(?:×|\\:|x)", "%s", out);
    free(out);
    arb_grammar_free(g);
}

Test(grammar, empty_list_never_matches)
{
    arb_grammar *g;
    arb_grammar_from_text("t.pcre", "{PIECE}{EN_PASSANT}", &g);
    char *out;
    arb_locale_set *set;
    char path[4096];
    arb_status st = arb_locales_load_file(corpus_path("locales-bad/set-unknown-message/en.yaml", path, sizeof path), &set);
    cr_assert_eq(st.code, 0, "%s", st.message);
    arb_grammar_expand(g, arb_locales_at(set, 0), &out);
    cr_assert_str_eq(out, "(?:B|K|N|Q|R)(?!)", "no pawn letter, no e.p. mark: %s", out);
    free(out);
    arb_locales_free(set);
    arb_grammar_free(g);
}

Test(grammar, unknown_placeholder_is_located)
{
    arb_grammar *g = NULL;
    arb_status st = arb_grammar_from_text("t.pcre", "abc\n  x{PEICE}", &g);
    cr_assert_null(g);
    cr_assert_eq(st.code, ARB_GRAMMAR_PLACEHOLDER);
    cr_assert_eq(st.line, 2);
    cr_assert_eq(st.col, 4);
    cr_assert(strstr(st.message, "t.pcre:2:4: unknown placeholder {PEICE}"), "%s", st.message);
}

Test(grammar, repetition_counts_are_not_placeholders)
{
    arb_grammar *g = NULL;
    arb_status st = arb_grammar_from_text("t.pcre", "a{1,2}b{3}", &g);
    cr_assert_eq(st.code, 0, "%s", st.message);
    arb_grammar_free(g);
}

Test(grammar, pattern_pcre2_rejects_is_an_error_naming_the_locale)
{
    arb_grammar *g;
    arb_grammar_from_text("broken.pcre", "(?<to>[a-h][1-8]) ( {PIECE}", &g);
    arb_notation *n = NULL;
    arb_status st = arb_notation_new(g, locale("ro"), &n);
    cr_assert_null(n);
    cr_assert_eq(st.code, ARB_GRAMMAR_COMPILE);
    cr_assert(strstr(st.message, "broken.pcre: for locale ro:"), "%s", st.message);
    arb_grammar_free(g);
}

Test(grammar, missing_file)
{
    arb_grammar *g = NULL;
    arb_status st = arb_grammar_load("/nonexistent/move.pcre", &g);
    cr_assert_null(g);
    cr_assert_eq(st.code, ARB_GRAMMAR_IO);
    cr_assert(strstr(st.message, "/nonexistent/move.pcre"), "%s", st.message);
}
