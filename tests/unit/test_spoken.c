/* test_spoken.c — spoken notation (FIDE Laws Appendix D.2.1, spoken.h),
 * descriptive notation (descriptive.h) and captures without their square
 * (shorthand.h): each form read, ambiguity refused with the candidates,
 * writing read back, and the locale loader's checks of the new sections. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "descriptive.h"
#include "notation_helpers.h"
#include "shorthand.h"
#include "spoken.h"

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

/* The legal move a SAN text names in pos (asserted). */
static arb_move san_move(const arb_position *pos, const char *san)
{
    arb_move m;
    cr_assert_eq(arb_san_parse(pos, san, strlen(san), &m, NULL), ARB_SAN_OK, "%s in a test", san);
    return m;
}

/* The position after a line of SAN moves from fen. */
static arb_position play_san(const char *fen, const char *line)
{
    arb_position pos = fen_ok(fen);
    char buf[512];
    snprintf(buf, sizeof buf, "%s", line);
    for (char *save = NULL, *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        arb_position next;
        arb_position_make(&pos, san_move(&pos, tok), &next);
        pos = next;
    }
    return pos;
}

/* ---- spoken ---------------------------------------------------------------- */

static const char *spoken(const char *text, bool short_form, size_t *took)
{
    static char san[ARB_SPOKEN_SAN_MAX];
    *took = arb_spoken_read(locales(), text, strlen(text), short_form, san);
    return *took ? san : "";
}

Test(spoken, each_form_reads_as_algebraic)
{
    static const struct { const char *text, *san; } cases[] = {
        {"Springer Felix drei", "Nf3"},
        {"Bauer Eva vier", "e4"},
        {"Eva vier", "e4"},
        {"Bauer Eva schlägt David fünf", "exd5"},
        {"Eva schlaegt David fuenf", "exd5"},
        {"Springer Bella David zwei", "Nbd2"},
        {"Turm eins Eva eins", "R1e1"},
        {"Springer Gustav eins Felix drei", "Ng1f3"},
        {"Bauer Gustav acht Dame Schach", "g8=Q+"},
        {"Hector eins Springer", "h1=N"},
        {"Kurze Rochade", "O-O"},
        {"lange   rochade", "O-O-O"},
        {"Koenig Gustav eins", "Kg1"},
        {"Dame Hector vier Schachmatt", "Qh4#"},
        {"Laeufer Felix fűnf", "Bf5"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        size_t took;
        cr_assert_str_eq(spoken(cases[i].text, false, &took), cases[i].san, "%s", cases[i].text);
        cr_assert_eq(took, strlen(cases[i].text), "%s: the whole announcement", cases[i].text);
    }
}

Test(spoken, an_announcement_ends_where_the_next_begins)
{
    size_t took;
    cr_assert_str_eq(spoken("Eva vier Eva fünf", false, &took), "e4");
    cr_assert_eq(took, strlen("Eva vier"));
    /* not a move a bishop makes: two moves */
    cr_assert_str_eq(spoken("Läufer Eva drei Eva sechs", false, &took), "Be3");
    /* the short reading, tried by the reader when the long one fails */
    cr_assert_str_eq(spoken("Springer Gustav eins Felix drei", true, &took), "Ng1");
    cr_assert_str_eq(spoken("Springer Felix drei, Bauer", false, &took), "Nf3");
    cr_assert_eq(took, strlen("Springer Felix drei,"), "the comma after it is taken");
    cr_assert_str_eq(spoken("Felix drei Schach\nnext", false, &took), "f3+");
}

Test(spoken, words_that_are_no_announcement)
{
    size_t took;
    cr_assert_str_eq(spoken("Anna", false, &took), "");
    cr_assert_str_eq(spoken("Springer", false, &took), "");
    cr_assert_str_eq(spoken("Annaeins", false, &took), "", "words stand apart");
    cr_assert_str_eq(spoken("Nf3", false, &took), "");
    cr_assert_str_eq(spoken("eins zwei", false, &took), "");
}

Test(spoken, written_in_each_locale_and_read_back)
{
    arb_position pos = play_san(START, "e4 d5 exd5 Qxd5 Nc3 Qa5 d4 Nf6 Nf3 Bf5 Ne5 c6 g4 Be4 f3 Bg6 h4 Nbd7");
    arb_movelist legal;
    arb_generate_legal(&pos, &legal);
    const char *codes[] = {"ca", "de", "ro", "sl"};
    for (size_t c = 0; c < 4; c++) {
        const arb_locale *loc = arb_spoken_locale(locales(), codes[c]);
        cr_assert_not_null(loc, "%s has the words of Appendix D", codes[c]);
        for (int i = 0; i < legal.count; i++) {
            char text[ARB_SPOKEN_MAX], san[ARB_SAN_MAX], said[ARB_SPOKEN_SAN_MAX];
            size_t n = arb_spoken_write(loc, &pos, legal.moves[i], text);
            arb_san_write(&pos, legal.moves[i], san);
            cr_assert_eq(arb_spoken_read(locales(), text, n, false, said), n, "%s: %s", codes[c], text);
            arb_move back;
            cr_assert_eq(arb_san_parse(&pos, said, strlen(said), &back, NULL), ARB_SAN_OK, "%s -> %s", text, said);
            cr_assert_eq(back, legal.moves[i], "%s: %s read as %s, expected %s", codes[c], text, said, san);
        }
    }
    char text[ARB_SPOKEN_MAX];
    arb_spoken_write(arb_spoken_locale(locales(), "ro"), &pos, san_move(&pos, "Bd2"), text);
    cr_assert_str_eq(text, "Laeufer David zwei", "the Romanian Laws' spelling");
    arb_spoken_write(arb_spoken_locale(locales(), "ca"), &pos, san_move(&pos, "Bd2"), text);
    cr_assert_str_eq(text, "Läufer David zwei");
    cr_assert_null(arb_spoken_locale(locales(), "en"), "no words: no spoken writing");
}

/* ---- descriptive ------------------------------------------------------------- */

static int desc(const char *code, const arb_position *pos, const char *token, arb_move *m, arb_movelist *c)
{
    return arb_descriptive_read(locale(code), pos, token, strlen(token), m, NULL, c);
}

static void expect_desc(const char *code, const char *line, const char *token, const char *san)
{
    arb_position pos = play_san(START, line);
    arb_move m;
    cr_assert_eq(desc(code, &pos, token, &m, NULL), ARB_SAN_OK, "%s after %s", token, line);
    cr_assert_eq(m, san_move(&pos, san), "%s after %s, expected %s", token, line, san);
}

Test(descriptive, english_forms)
{
    expect_desc("en-x-desc", "", "P-K4", "e4");
    expect_desc("en-x-desc", "e4", "P-K4", "e5");
    expect_desc("en-x-desc", "e4 e5", "N-KB3", "Nf3");
    expect_desc("en-x-desc", "e4 e5", "Kt-KB3", "Nf3");
    expect_desc("en-x-desc", "e4 e5", "KtKB3", "Nf3");
    expect_desc("en-x-desc", "e4 e5 Nf3", "N-QB3", "Nc6");
    expect_desc("en-x-desc", "e4 e5 Nf3 Nc6", "B-N5", "Bb5");
    expect_desc("en-x-desc", "e4 d5", "PxP", "exd5");
    expect_desc("en-x-desc", "e4 d5 exd5 Qxd5 Nc3", "Q-QR4", "Qa5");
    expect_desc("en-x-desc", "e4 e5 Qh5 Nc6 Bc4 Nf6", "QxBPmate", "Qxf7#");
    expect_desc("en-x-desc", "e4 e5 Nf3 Nc6 Bc4 Bc5", "O-O", "O-O");
    expect_desc("en-x-desc", "e4 a6 e5 d5", "PxP", "exd6");
    expect_desc("en-x-desc", "e4 Nf6 Nc3 Nc6 Nf3 e6 d4 d6 Bd3 Be7 O-O O-O Re1 a6", "R1-K2", "Re2");
    expect_desc("en-x-desc", "e4 e5 Nf3 Nc6 d3 d6", "QN-Q2", "Nbd2");
    expect_desc("en-x-desc", "e4 e5 Nf3 Nc6 d3 d6", "KN-Q2", "Nfd2");
    expect_desc("en-x-desc", "e4 e5 Nf3 Nc6 d3 d6", "N/KB3-Q2", "Nfd2");
    expect_desc("es-x-desc", "", "P4R", "e4");
    expect_desc("es-x-desc", "e4 e5", "C3AR", "Nf3");
    expect_desc("es-x-desc", "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5",
                "AxPC+", "Bxb5+");
    expect_desc("es-x-desc", "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 Bxb5",
                "CD2D", "Nbd7");
}

Test(descriptive, ambiguous_and_illegal_are_refused_with_the_candidates)
{
    arb_position pos = play_san(START, "e4 d5 Nc3 f5 Nf3");
    arb_move m;
    arb_movelist c;
    cr_assert_eq(desc("en-x-desc", &pos, "PxP", &m, &c), ARB_SAN_AMBIGUOUS, "dxe4 and fxe4");
    cr_assert_eq(c.count, 2);
    cr_assert_eq(desc("en-x-desc", &pos, "QPxP", &m, &c), ARB_SAN_OK);
    cr_assert_eq(m, san_move(&pos, "dxe4"));
    pos = play_san(START, "d4 d5");
    cr_assert_eq(desc("en-x-desc", &pos, "N-B3", &m, &c), ARB_SAN_AMBIGUOUS, "Nc3 and Nf3");
    cr_assert_eq(c.count, 2);
    cr_assert_eq(desc("en-x-desc", &pos, "N-K5", &m, &c), ARB_SAN_ILLEGAL);
    cr_assert_gt(c.count, 0, "the knight's moves listed");
    cr_assert_eq(desc("en-x-desc", &pos, "e4", &m, &c), ARB_SAN_SYNTAX, "algebraic is not descriptive");
    cr_assert_eq(desc("en-x-desc", &pos, "P-K4444444444444444444444444444", &m, &c), ARB_SAN_SYNTAX);
    pos = fen_ok("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    cr_assert_eq(desc("en-x-desc", &pos, "P-K8", &m, &c), ARB_SAN_BAD_PROMOTION);
    cr_assert_eq(desc("en-x-desc", &pos, "P-K8=N", &m, &c), ARB_SAN_OK);
    cr_assert_eq(m, san_move(&pos, "e8=N"));
}

Test(descriptive, writing_reads_back_in_random_games)
{
    uint64_t seed = 17;
    const char *codes[] = {"en-x-desc", "es-x-desc"};
    for (int game = 0; game < 20; game++) {
        arb_position pos = fen_ok(START);
        for (int ply = 0; ply < 120; ply++) {
            arb_movelist legal;
            if (arb_generate_legal(&pos, &legal) == 0)
                break;
            for (int i = 0; i < legal.count; i++)
                for (int c = 0; c < 2; c++) {
                    char text[ARB_NOTATION_MAX];
                    size_t n = arb_descriptive_write(locale(codes[c]), &pos, legal.moves[i], text);
                    arb_move back;
                    cr_assert_eq(arb_descriptive_read(locale(codes[c]), &pos, text, n, &back, NULL, NULL), ARB_SAN_OK,
                                 "%s: %s", codes[c], text);
                    cr_assert_eq(back, legal.moves[i], "%s: %s", codes[c], text);
                }
            arb_position next;
            arb_position_make(&pos, legal.moves[test_rand(&seed) % (unsigned)legal.count], &next);
            pos = next;
        }
    }
    arb_position pos = play_san(START, "e4 e5");
    char text[ARB_NOTATION_MAX];
    arb_descriptive_write(locale("en-x-desc"), &pos, san_move(&pos, "Nf3"), text);
    cr_assert_str_eq(text, "N-KB3", "N-B3 would be ambiguous");
    arb_descriptive_write(locale("en-x-desc"), &pos, san_move(&pos, "Ke2"), text);
    cr_assert_str_eq(text, "K-K2");
    arb_descriptive_write(locale("es-x-desc"), &pos, san_move(&pos, "Nf3"), text);
    cr_assert_str_eq(text, "C3AR");
}

/* ---- captures without their square ------------------------------------------------ */

static int shorthand(const char *code, const arb_position *pos, const char *token, arb_move *m, arb_movelist *c)
{
    return arb_shorthand_read(locale(code), pos, token, strlen(token), m, NULL, c);
}

Test(shorthand, pawn_files_and_two_pieces)
{
    arb_position pos = play_san(START, "e4 d5");
    arb_move m;
    arb_movelist c;
    cr_assert(arb_shorthand_marked("e_d", 3));
    cr_assert_not(arb_shorthand_marked("exd5", 4));
    cr_assert_eq(shorthand("de", &pos, "e_d", &m, &c), ARB_SAN_OK);
    cr_assert_eq(m, san_move(&pos, "exd5"));
    cr_assert_eq(shorthand("de", &pos, "e_xd+", &m, &c), ARB_SAN_OK);
    cr_assert_eq(shorthand("fr", &pos, "e_:d", &m, &c), ARB_SAN_OK);
    cr_assert_eq(shorthand("de", &pos, "e_f", &m, &c), ARB_SAN_ILLEGAL);
    pos = play_san(START, "e4 Nc6 Nc3 Nf6 Nd5 Nb4");
    cr_assert_eq(shorthand("de", &pos, "S_xS", &m, &c), ARB_SAN_AMBIGUOUS, "Nxb4 and Nxf6");
    cr_assert_eq(c.count, 2);
    pos = play_san(START, "e4 d5 Nc3 d4 Nd5 Nc6 Nf3 Nf6");
    cr_assert_eq(shorthand("de", &pos, "S_xS", &m, &c), ARB_SAN_OK);
    cr_assert_eq(m, san_move(&pos, "Nxf6+"));
    cr_assert_eq(shorthand("ru", &pos, "К_xК", &m, &c), ARB_SAN_OK, "Cyrillic letters");
    cr_assert_eq(shorthand("de", &pos, "S_xS_xS", &m, &c), ARB_SAN_SYNTAX);
    pos = fen_ok("3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    cr_assert_eq(shorthand("en", &pos, "e_d", &m, &c), ARB_SAN_ILLEGAL, "a promotion names its piece");
}

/* ---- the loader ---------------------------------------------------------------- */

static arb_status load_text(const char *yaml)
{
    char path[] = "/tmp/arb-spoken-XXXXXX.yaml";
    int fd = mkstemps(path, 5);
    cr_assert_geq(fd, 0);
    FILE *f = fdopen(fd, "w");
    fputs("name: X\nsource: test\npieces: {king: K, queen: Q, rook: R, bishop: B, knight: N}\n"
          "castling: {king-side: O-O, queen-side: O-O-O}\ncapture: x\n", f);
    fputs(yaml, f);
    fclose(f);
    arb_locale_set *set = NULL;
    arb_status st = arb_locales_load_file(path, &set);
    arb_locales_free(set);
    remove(path);
    return st;
}

Test(spoken, the_loader_checks_the_new_sections)
{
    cr_assert_eq(load_text("spoken: {a: Anna, 1: eins}\n").code, 0);
    cr_assert_eq(load_text("spoken: {i: Ida}\n").code, ARB_LOCALE_UNKNOWN_KEY);
    cr_assert_eq(load_text("spoken: {a: Anna1}\n").code, ARB_LOCALE_BAD_VALUE, "a digit");
    cr_assert_eq(load_text("spoken: {a: \" Anna\"}\n").code, ARB_LOCALE_BAD_VALUE, "a leading blank");
    cr_assert_eq(load_text("descriptive: {order: file-rank, a: QR}\n").code, 0);
    cr_assert_eq(load_text("descriptive: {order: sideways}\n").code, ARB_LOCALE_BAD_VALUE);
    cr_assert_eq(load_text("descriptive: {a: Q-R}\n").code, ARB_LOCALE_BAD_VALUE, "a dash");
    cr_assert_eq(load_text("descriptive: {z: Q}\n").code, ARB_LOCALE_UNKNOWN_KEY);
}
