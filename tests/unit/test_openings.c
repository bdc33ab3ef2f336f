/* test_openings.c — the opening table (lib/select/openings): loading the
 * lichess table shipped as data, classification by position (transpositions,
 * deepest match, games outside the table), ECO ranges, tables that are
 * malformed, the tags pgnconv --add-tags computes (computed_tags), and the
 * results --fix-results takes from the board (board_result). */
#include "helpers.h"

#include <sys/stat.h>
#include <unistd.h>

#include "computed_tags.h"
#include "openings.h"
#include "pgn_read.h"

static arb_openings *table(void)
{
    arb_openings *t = NULL;
    arb_status st = arb_openings_load(NULL, &t);
    cr_assert_eq(st.code, 0, "%s", st.message);
    cr_assert_gt(arb_openings_count(t), 3000);
    return t;
}

/* Reads the first game of text into g (caller frees g and the reader). */
static arb_pgn_reader *read_game(const char *text, arb_pgn_game *g)
{
    arb_input *in = arb_input_from_memory(text, strlen(text), "t.pgn");
    arb_pgn_reader *r = arb_pgn_reader_new(in, NULL);
    arb_pgn_game_init(g);
    arb_status st;
    cr_assert_eq(arb_pgn_read(r, g, &st), ARB_PGN_READ_GAME);
    return r;
}

static const arb_opening *classify(const arb_openings *t, const char *text, size_t *ply)
{
    arb_pgn_game g;
    arb_pgn_reader *r = read_game(text, &g);
    const arb_opening *o = arb_openings_classify(t, &g, ply);
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
    return o;
}

Test(openings, by_position_so_transpositions_count)
{
    arb_openings *t = table();
    size_t ply;
    const arb_opening *a = classify(t, "1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 *\n", &ply);
    cr_assert_not_null(a);
    cr_assert_str_eq(a->eco, "C65");
    cr_assert_str_eq(a->name, "Ruy Lopez: Berlin Defense");
    cr_assert_eq(ply, 6);
    const arb_opening *b = classify(t, "1. Nf3 Nc6 2. e4 e5 3. Bb5 Nf6 *\n", &ply);
    cr_assert_eq(a, b, "a transposition names the same opening");
    arb_openings_free(t);
}

Test(openings, deepest_position_wins_and_later_moves_do_not_matter)
{
    arb_openings *t = table();
    size_t ply;
    const arb_opening *o = classify(t, "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. h3 h6 7. a3 *\n", &ply);
    cr_assert_not_null(o);
    cr_assert_str_eq(o->eco, "B90");
    cr_assert_str_eq(o->name, "Sicilian Defense: Najdorf Variation, Adams Attack");
    cr_assert_eq(ply, 11, "6. h3 (ply 11) is the last named position; got ply %zu", ply);
    /* a shorter line of the same game names a shallower opening */
    o = classify(t, "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *\n", &ply);
    cr_assert_str_eq(o->name, "Sicilian Defense: Najdorf Variation");
    cr_assert_eq(ply, 10);
    arb_openings_free(t);
}

Test(openings, no_position_in_the_table)
{
    arb_openings *t = table();
    size_t ply = 99;
    cr_assert_null(classify(t, "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 Kd7 *\n", &ply));
    cr_assert_eq(ply, 0);
    cr_assert_null(classify(t, "[Event \"no moves\"]\n\n*\n", NULL));
    arb_openings_free(t);
}

Test(openings, eco_ranges)
{
    arb_eco_range r;
    cr_assert(arb_eco_range_parse("A00-B99", &r));
    cr_assert(arb_eco_in_range("A00", &r));
    cr_assert(arb_eco_in_range("B99", &r));
    cr_assert_not(arb_eco_in_range("C00", &r));
    cr_assert(arb_eco_range_parse("B9", &r));
    cr_assert(arb_eco_in_range("B90", &r) && arb_eco_in_range("B99", &r));
    cr_assert_not(arb_eco_in_range("B89", &r));
    cr_assert(arb_eco_range_parse("C", &r));
    cr_assert(arb_eco_in_range("C00", &r) && arb_eco_in_range("C99", &r) && !arb_eco_in_range("D00", &r));
    cr_assert(arb_eco_range_parse("C4-C5", &r));
    cr_assert(arb_eco_in_range("C59", &r) && !arb_eco_in_range("C39", &r));
    cr_assert_not(arb_eco_in_range("C4", &r), "a game's code is a whole code");
    cr_assert_not(arb_eco_in_range(NULL, &r));
    const char *bad[] = {"", "F00", "C100", "C9-C1", "c20", "C2x", "-", "A00-", "-B99", "A00-B99-C00"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        cr_assert_not(arb_eco_range_parse(bad[i], &r), "accepted \"%s\"", bad[i]);
}

/* A table directory holding one file with this text. */
static arb_status load_text(const char *text, char *dir)
{
    strcpy(dir, "/tmp/arb-openings-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
    char path[256];
    snprintf(path, sizeof path, "%s/x.tsv", dir);
    FILE *fp = fopen(path, "w");
    fputs(text, fp);
    fclose(fp);
    arb_openings *t = NULL;
    arb_status st = arb_openings_load(dir, &t);
    cr_assert((st.code == 0) == (t != NULL));
    arb_openings_free(t);
    unlink(path);
    rmdir(dir);
    return st;
}

static void refused(const char *text, const char *expect)
{
    char dir[64];
    arb_status st = load_text(text, dir);
    cr_assert_neq(st.code, 0, "accepted: %s", text);
    cr_assert(strstr(st.message, expect), "message \"%s\" lacks \"%s\"", st.message, expect);
}

Test(openings, malformed_tables_are_refused_with_the_place)
{
    char dir[64];
    arb_status st = load_text("eco\tname\tpgn\nC20\tKing's Pawn Game\t1. e4 e5\n", dir);
    cr_assert_eq(st.code, 0, "%s", st.message);
    refused("eco\tname\tpgn\nC20\tKing's Pawn\n", "x.tsv:2:1: expected ECO, name and moves separated by tabs");
    refused("F20\tX\t1. e4\n", "x.tsv:1:1: \"F20\" is not an ECO code, expected A00 to E99");
    refused("C20\t\t1. e4\n", "x.tsv:1:5: the opening has no name");
    refused("C20\tX\t1. e4 e5 2. Ke3\n", "x.tsv:1:19: Ke3: illegal move, expected a legal move in SAN");
    refused("C20\tX\t\n", "the opening has no moves");
    refused("eco\tname\tpgn\n", "no opening in the table");
    arb_openings *t = (arb_openings *)1;
    st = arb_openings_load("/nonexistent/openings", &t);
    cr_assert_neq(st.code, 0);
    cr_assert_null(t);
    cr_assert(strstr(st.message, "cannot open"), "%s", st.message);
}

Test(computed_tags, parse_the_list)
{
    unsigned mask;
    cr_assert_eq(arb_computed_tags_parse("ECO,Opening,PlyCount,FinalFEN", &mask).code, 0);
    cr_assert_eq(mask, ARB_TAG_ECO | ARB_TAG_OPENING | ARB_TAG_PLYCOUNT | ARB_TAG_FINALFEN);
    cr_assert_eq(arb_computed_tags_parse("FinalFEN", &mask).code, 0);
    cr_assert_eq(mask, ARB_TAG_FINALFEN);
    const char *bad[] = {"", "eco", "ECO,", ",ECO", "ECO,,Opening", "Annotator"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        arb_status st = arb_computed_tags_parse(bad[i], &mask);
        cr_assert_neq(st.code, 0, "accepted \"%s\"", bad[i]);
        cr_assert(strstr(st.message, "expected a comma-separated list of ECO, Opening, PlyCount and FinalFEN"));
    }
}

Test(computed_tags, set_in_place_or_added)
{
    arb_openings *t = table();
    arb_computed_tags *c = arb_computed_tags_new(ARB_TAG_ECO | ARB_TAG_OPENING | ARB_TAG_PLYCOUNT | ARB_TAG_FINALFEN, t);
    arb_pgn_game g;
    arb_pgn_reader *r = read_game("[Event \"x\"]\n[ECO \"Z99\"]\n[PlyCount \"3\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 *\n", &g);
    arb_pgn_tag *tags;
    size_t n;
    cr_assert(arb_computed_tags_apply(c, &g, &tags, &n));
    cr_assert_eq(n, 5);
    cr_assert_str_eq(tags[0].name, "Event");
    cr_assert_str_eq(tags[1].name, "ECO");
    cr_assert_str_eq(tags[1].value, "C65");
    cr_assert_str_eq(tags[2].name, "PlyCount");
    cr_assert_str_eq(tags[2].value, "6");
    cr_assert_str_eq(tags[3].name, "Opening");
    cr_assert_str_eq(tags[3].value, "Ruy Lopez: Berlin Defense");
    cr_assert_str_eq(tags[4].name, "FinalFEN");
    cr_assert_str_eq(tags[4].value, "r1bqkb1r/pppp1ppp/2n2n2/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
    cr_assert_str_eq(arb_pgn_game_tag(&g, "ECO"), "Z99", "the game itself is not changed");
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
    /* outside the table: no ECO or Opening, the game's own stay */
    r = read_game("[ECO \"A00\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 *\n", &g);
    cr_assert(arb_computed_tags_apply(c, &g, &tags, &n));
    cr_assert_str_eq(tags[0].value, "A00");
    bool has_opening = false;
    for (size_t i = 0; i < n; i++)
        has_opening |= strcmp(tags[i].name, "Opening") == 0;
    cr_assert_not(has_opening);
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
    arb_computed_tags_free(c);
    arb_openings_free(t);
}

static arb_board_result board_of(const char *text)
{
    arb_pgn_game g;
    arb_pgn_reader *r = read_game(text, &g);
    arb_board_result b = arb_board_result_of(&g);
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
    return b;
}

Test(board_result, only_the_board_decides)
{
    arb_board_result b = board_of("1. f3 e5 2. g4 Qh4# 1-0\n");
    cr_assert_eq(b.result, ARB_PGN_RESULT_BLACK);
    cr_assert_str_eq(b.article, "5.1.1");
    cr_assert_str_eq(b.why, "White is checkmated");
    b = board_of("[SetUp \"1\"]\n[FEN \"7k/8/6Q1/8/8/8/8/K7 w - - 0 1\"]\n\n1. Qf7 1-0\n");
    cr_assert_eq(b.result, ARB_PGN_RESULT_DRAW);
    cr_assert_str_eq(b.article, "5.2.1");
    b = board_of("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/3r4/4K1N1 w - - 0 1\"]\n\n1. Kxd2 1-0\n");
    cr_assert_eq(b.result, ARB_PGN_RESULT_DRAW);
    cr_assert_str_eq(b.article, "5.2.2");
    cr_assert_eq(board_of("1. e4 e5 0-1\n").result, ARB_PGN_RESULT_NONE, "a resignation is not on the board");
    cr_assert_eq(board_of("1. f3 e5 2. g4 Qh4# 3. Ke2 1-0\n").result, ARB_PGN_RESULT_NONE,
                 "a game that cannot be replayed decides nothing");
}

Test(computed_tags, result_fixed_only_where_the_board_decides)
{
    arb_computed_tags *c = arb_computed_tags_new(ARB_TAG_RESULT, NULL);
    arb_pgn_game g;
    arb_pgn_reader *r = read_game("[Result \"1/2-1/2\"]\n\n1. f3 e5 2. g4 Qh4# 1/2-1/2\n", &g);
    arb_pgn_tag *tags;
    size_t n;
    int before;
    arb_board_result b;
    cr_assert(arb_computed_tags_apply(c, &g, &tags, &n));
    cr_assert(arb_computed_tags_fixed(c, &before, &b));
    cr_assert_eq(before, ARB_PGN_RESULT_DRAW);
    cr_assert_eq(b.result, ARB_PGN_RESULT_BLACK);
    cr_assert_eq(n, 1);
    cr_assert_str_eq(tags[0].value, "0-1");
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
    r = read_game("[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n", &g);
    cr_assert(arb_computed_tags_apply(c, &g, &tags, &n));
    cr_assert_not(arb_computed_tags_fixed(c, &before, &b), "already right");
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
    r = read_game("[Result \"1-0\"]\n\n1. e4 e5 1-0\n", &g);
    cr_assert(arb_computed_tags_apply(c, &g, &tags, &n));
    cr_assert_not(arb_computed_tags_fixed(c, &before, &b), "the board decides nothing");
    cr_assert_str_eq(tags[0].value, "1-0");
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
    arb_computed_tags_free(c);
}
