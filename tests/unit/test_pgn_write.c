/* test_pgn_write.c — PGN export format (standard §8): tag order, escapes,
 * line width, move numbers, NAGs, comments, variations, the termination
 * marker, notation and strip options, and the read→write→read round trip. */
#include "test_pgn_helpers.h"

#include "san.h"

/* ---- tags ------------------------------------------------------------ */

Test(pgn_write, seven_tag_roster_first_with_defaults)
{
    char *out = convert("[White \"W\"]\n[ECO \"C20\"]\n\n1. e4 *", NULL);
    cr_assert_str_eq(out,
                     "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
                     "[White \"W\"]\n[Black \"?\"]\n[Result \"*\"]\n[ECO \"C20\"]\n\n1. e4 *\n\n");
    free(out);
}

Test(pgn_write, other_tags_in_ascii_order)
{
    char *out = convert("[WhiteElo \"1\"]\n[annotator \"x\"]\n[ECO \"A00\"]\n[Black \"B\"]\n"
                        "[BlackElo \"2\"]\n[Event \"E\"]\n\n*", NULL);
    cr_assert_str_eq(out,
                     "[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
                     "[White \"?\"]\n[Black \"B\"]\n[Result \"*\"]\n[BlackElo \"2\"]\n[ECO \"A00\"]\n"
                     "[WhiteElo \"1\"]\n[annotator \"x\"]\n\n*\n\n");
    free(out);
}

Test(pgn_write, tag_values_are_escaped)
{
    char *out = convert("[Event \"say \\\"hi\\\" \\\\o/\"]\n\n*", NULL);
    cr_assert_not_null(strstr(out, "[Event \"say \\\"hi\\\" \\\\o/\"]\n"), "%s", out);
    char buf[64];
    arb_pgn_escape_string("a\"b\\c", buf);
    cr_assert_str_eq(buf, "a\\\"b\\\\c");
    free(out);
}

/* The writer tests a value's bytes by words (eight, two overlapping fours,
 * or three bytes): a byte to escape at any place of a value of any length
 * up to three words is found, and a value with none is copied as it is. */
Test(pgn_write, a_byte_to_escape_is_found_at_every_place)
{
    static const char special[] = {'"', '\\', '\t', '\n', '\x01', '\x1f'};
    static const char *const written[] = {"\\\"", "\\\\", " ", " ", "\x01", "\x1f"};
    arb_pgn_writer *w = arb_pgn_writer_new(NULL);
    cr_assert_not_null(w);
    for (size_t n = 0; n <= 24; n++) {
        for (size_t at = 0; at <= n; at++) {
            for (size_t s = 0; s < sizeof special; s++) {
                /* at == n: no special byte (a plain value of n bytes) */
                char value[32], expected[64];
                size_t e = 0;
                for (size_t i = 0; i < n; i++) {
                    value[i] = i == at ? special[s] : (char)('a' + i % 26);
                    if (i == at) {
                        strcpy(expected + e, written[s]);
                        e += strlen(written[s]);
                    } else {
                        expected[e++] = value[i];
                    }
                }
                value[n] = expected[e] = '\0';
                arb_pgn_game g;
                arb_pgn_game_init(&g);
                cr_assert(arb_pgn_game_set_tag(&g, "Annotator", value));
                const char *text;
                size_t len;
                cr_assert_eq(arb_pgn_write_game(w, &g, &text, &len).code, 0);
                char line[96], all[1024];
                snprintf(line, sizeof line, "\n[Annotator \"%s\"]\n", expected);
                cr_assert_lt(len, sizeof all);
                memcpy(all, text, len);
                all[len] = '\0';
                cr_assert_not_null(strstr(all, line), "length %zu, byte %zu: %s", n, at, all);
                arb_pgn_game_free(&g);
            }
        }
    }
    arb_pgn_writer_free(w);
}

Test(pgn_write, repeated_tags_are_kept)
{
    char *out = convert("[Event \"a\"]\n[Event \"b\"]\n[X \"1\"]\n\n*", NULL);
    cr_assert_not_null(strstr(out, "[Event \"a\"]\n[Site"), "%s", out);
    cr_assert_not_null(strstr(out, "[Event \"b\"]\n[X \"1\"]\n"), "%s", out);
    free(out);
}

/* ---- movetext ---------------------------------------------------------- */

Test(pgn_write, lines_of_at_most_79_characters)
{
    char *out = convert("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {The Ruy Lopez, also called the Spanish "
                        "Opening, one of the oldest openings there is} 4. Ba4 Nf6 5. O-O Be7 "
                        "(5... b5 6. Bb3 Bc5 {the Arkhangelsk} (6... Be7 7. Re1 d6) 7. c3) 6. Re1 "
                        "b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 "
                        "13. Nc3 Bb7 14. Bg5 b4 15. Nb1 h6 16. Bh4 c5 17. dxe5 Nxe4 1/2-1/2", NULL);
    const char *m = movetext_of(out);
    int lines = 0;
    for (const char *p = m; *p;) {
        const char *nl = strchr(p, '\n');
        cr_assert_not_null(nl);
        cr_assert_leq(nl - p, 79, "line too long: %.*s", (int)(nl - p), p);
        cr_assert(nl == p || (p[0] != ' ' && nl[-1] != ' '), "space at a line end");
        lines++;
        p = nl + 1;
    }
    cr_assert_geq(lines, 5);
    free(out);
}

Test(pgn_write, long_word_stands_alone)
{
    char word[120];
    memset(word, 'x', 100);
    word[100] = '\0';
    char text[256];
    snprintf(text, sizeof text, "1. e4 {%s} e5 *", word);
    char *out = convert(text, NULL);
    char expected[256];
    snprintf(expected, sizeof expected, "1. e4\n{%s}\n1... e5 *\n\n", word);
    cr_assert_str_eq(movetext_of(out), expected);
    free(out);
}

Test(pgn_write, black_move_numbers)
{
    char *out = convert("1. e4 {c} e5 2. Nf3 $1 Nc6 3. Bb5 (3. Bc4 Bc5) a6 (3... Nf6) 4. Ba4 *", NULL);
    cr_assert_str_eq(movetext_of(out),
                     "1. e4 {c} 1... e5 2. Nf3 $1 2... Nc6 3. Bb5 (3. Bc4 Bc5) 3... a6 (3... Nf6)\n"
                     "4. Ba4 *\n\n");
    free(out);
}

Test(pgn_write, suffix_annotations_become_nags)
{
    char *out = convert("1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! *", NULL);
    cr_assert_str_eq(movetext_of(out),
                     "1. e4 $1 1... e5 $2 2. Nf3 $3 2... Nc6 $4 3. Bb5 $5 3... a6 $6 *\n\n");
    free(out);
}

Test(pgn_write, comments_keep_their_place_and_collapse_space)
{
    char *out = convert("{start} 1. e4 {two\n   lines} ; to the end\n e5 *", NULL);
    cr_assert_str_eq(movetext_of(out), "{start} 1. e4 {two lines} {to the end} 1... e5 *\n\n");
    free(out);
}

Test(pgn_write, comment_with_a_closing_brace_becomes_a_line_comment)
{
    char *out = convert("1. e4 ; a } in here\n e5 *", NULL);
    cr_assert_str_eq(movetext_of(out), "1. e4 ;a } in here\n1... e5 *\n\n");
    free(out);
}

Test(pgn_write, empty_comment)
{
    char *out = convert("1. e4 {} e5 *", NULL);
    cr_assert_str_eq(movetext_of(out), "1. e4 {} 1... e5 *\n\n");
    free(out);
}

Test(pgn_write, termination_marker_equals_the_result_tag)
{
    char *out = convert("[Result \"0-1\"]\n\n1. e4 1-0", NULL);
    cr_assert_not_null(strstr(out, "[Result \"0-1\"]"));
    cr_assert_str_eq(movetext_of(out), "1. e4 0-1\n\n");
    free(out);
    out = convert("1. e4 1/2", NULL);
    cr_assert_not_null(strstr(out, "[Result \"1/2-1/2\"]"));
    cr_assert_str_eq(movetext_of(out), "1. e4 1/2-1/2\n\n");
    free(out);
    out = convert("[Event \"x\"]\n\n1. e4", NULL);
    cr_assert_not_null(strstr(out, "[Result \"*\"]"));
    cr_assert_str_eq(movetext_of(out), "1. e4 *\n\n");
    free(out);
}

Test(pgn_write, numbers_follow_the_fen)
{
    char *out = convert("[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]\n\n40... Kd7 41. e4 *", NULL);
    cr_assert_str_eq(movetext_of(out), "40... Kd7 41. e4 *\n\n");
    cr_assert_not_null(strstr(out, "[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]"));
    free(out);
}

Test(pgn_write, null_moves)
{
    char *out = convert("1. e4 (1. -- e5) e5 *", NULL);
    cr_assert_str_eq(movetext_of(out), "1. e4 (1. -- e5) 1... e5 *\n\n");
    free(out);
    arb_pgn_write_options uci = {.notation = ARB_PGN_NOTATION_UCI};
    out = convert("1. e4 (1. -- e5) e5 *", &uci);
    cr_assert_str_eq(movetext_of(out), "1. e2e4 (1. -- e7e5) 1... e7e5 *\n\n");
    /* UCI's own "0000" would read back as a move number: the output must
     * read back as the same game, null move included */
    char *again = convert(out, NULL);
    cr_assert_str_eq(movetext_of(again), "1. e4 (1. -- e5) 1... e5 *\n\n");
    free(again);
    free(out);
}

/* ---- notations and strip options ----------------------------------------- */

static const char *const sample =
    "[FEN \"r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n\n"
    "1. bxa8=Q+ {check} Ke7 $2 (1... Kf7 2. O-O-O) 2. O-O *";

Test(pgn_write, san_output)
{
    char *out = convert(sample, NULL);
    cr_assert_str_eq(movetext_of(out),
                     "1. bxa8=Q+ {check} 1... Ke7 $2 (1... Kf7 2. O-O-O) 2. O-O *\n\n");
    free(out);
}

Test(pgn_write, lan_output)
{
    arb_pgn_write_options opt = {.notation = ARB_PGN_NOTATION_LAN};
    char *out = convert(sample, &opt);
    cr_assert_str_eq(movetext_of(out),
                     "1. b7xa8=Q+ {check} 1... Ke8-e7 $2 (1... Ke8-f7 2. O-O-O) 2. O-O *\n\n");
    free(out);
}

Test(pgn_write, uci_output)
{
    arb_pgn_write_options opt = {.notation = ARB_PGN_NOTATION_UCI};
    char *out = convert(sample, &opt);
    cr_assert_str_eq(movetext_of(out),
                     "1. b7a8q {check} 1... e8e7 $2 (1... e8f7 2. e1c1) 2. e1g1 *\n\n");
    free(out);
}

Test(pgn_write, strip_comments)
{
    arb_pgn_write_options opt = {.strip_comments = true};
    char *out = convert(sample, &opt);
    cr_assert_str_eq(movetext_of(out), "1. bxa8=Q+ Ke7 $2 (1... Kf7 2. O-O-O) 2. O-O *\n\n");
    free(out);
}

Test(pgn_write, strip_variations)
{
    arb_pgn_write_options opt = {.strip_variations = true};
    char *out = convert("1. e4 (1. d4 (1. c4) d5) e5 (1... c5) 2. Nf3 *", &opt);
    cr_assert_str_eq(movetext_of(out), "1. e4 e5 2. Nf3 *\n\n");
    free(out);
}

Test(pgn_write, strip_nags)
{
    arb_pgn_write_options opt = {.strip_nags = true};
    char *out = convert(sample, &opt);
    cr_assert_str_eq(movetext_of(out), "1. bxa8=Q+ {check} 1... Ke7 (1... Kf7 2. O-O-O) 2. O-O *\n\n");
    free(out);
}

Test(pgn_write, narrower_lines_on_request)
{
    arb_pgn_write_options opt = {.line_width = 20};
    char *out = convert("1. e4 e5 2. Nf3 Nc6 3. Bb5 (3. Bc4 Bc5) a6 *", &opt);
    cr_assert_str_eq(movetext_of(out), "1. e4 e5 2. Nf3 Nc6\n3. Bb5 (3. Bc4 Bc5)\n3... a6 *\n\n");
    free(out);
}

Test(pgn_write, move_number_stays_with_its_move)
{
    arb_pgn_write_options opt = {.line_width = 24};
    char *out = convert("1. e4 e5 2. Nf3 Nc6 3. Bb5 (3. Bc4) a6 *", &opt);
    cr_assert_str_eq(movetext_of(out), "1. e4 e5 2. Nf3 Nc6\n3. Bb5 (3. Bc4) 3... a6\n*\n\n");
    free(out);
}

Test(pgn_write, parenthesis_stays_with_the_next_word)
{
    /* "(3." may not be split after its "(": the run moves to the next line */
    arb_pgn_write_options opt = {.line_width = 28};
    char *out = convert("1. e4 e5 2. Nf3 Nc6 3. Bb5 (3. Bc4) a6 *", &opt);
    cr_assert_str_eq(movetext_of(out), "1. e4 e5 2. Nf3 Nc6 3. Bb5\n(3. Bc4) 3... a6 *\n\n");
    free(out);
}

/* ---- built by hand ------------------------------------------------------- */

Test(pgn_write, game_built_by_hand_is_replayed)
{
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    arb_pgn_game_set_tag(&g, "White", "Hand");
    arb_position p0 = g.start, p1, p2;
    arb_move e4, e5, c5;
    cr_assert_eq(arb_san_parse(&p0, "e4", 2, &e4, NULL), ARB_SAN_OK);
    arb_position_make(&p0, e4, &p1);
    cr_assert_eq(arb_san_parse(&p1, "e5", 2, &e5, NULL), ARB_SAN_OK);
    cr_assert_eq(arb_san_parse(&p1, "c5", 2, &c5, NULL), ARB_SAN_OK);
    arb_position_make(&p1, e5, &p2);
    arb_pgn_game_add_move(&g, &p0, e4, 0, 0);
    arb_pgn_game_add_move(&g, &p1, e5, 0, 0);
    arb_pgn_game_begin_variation(&g, 0, 0);
    arb_pgn_game_add_move(&g, &p1, c5, 0, 0);
    arb_pgn_game_add_comment(&g, "Sicilian", 8, 0, 0);
    arb_pgn_game_end_variation(&g, 0, 0);
    arb_pgn_game_add_nag(&g, 1, 0, 0);
    g.result = ARB_PGN_RESULT_DRAW;
    char *out = write_with(&g, NULL);
    cr_assert_str_eq(movetext_of(out), "1. e4 e5 (1... c5 {Sicilian}) $1 1/2-1/2\n\n");
    cr_assert_not_null(strstr(out, "[White \"Hand\"]"));
    free(out);
    arb_pgn_game_free(&g);
}

Test(pgn_write, hand_built_line_breaks_do_not_break_the_format)
{
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    arb_pgn_game_set_tag(&g, "Annotator", "two\nlines");
    arb_move e4;
    cr_assert_eq(arb_san_parse(&g.start, "e4", 2, &e4, NULL), ARB_SAN_OK);
    arb_pgn_game_add_move(&g, &g.start, e4, 0, 0);
    arb_pgn_game_add_comment(&g, "a\n b ", 5, 0, 0);
    arb_pgn_game_add_comment(&g, "x}\ny", 4, 0, 0);
    char *out = write_with(&g, NULL);
    cr_assert_not_null(strstr(out, "[Annotator \"two lines\"]\n"), "%s", out);
    cr_assert_str_eq(movetext_of(out), "1. e4 {a b} ;x} y\n*\n\n");
    free(out);
    arb_pgn_game_free(&g);
}

/* ---- round trip ------------------------------------------------------------ */

/* read → write → read gives the same game, and writing it again the same
 * bytes; the recorded-SAN path and the replay path write the same text. */
static void expect_round_trip(const char *text)
{
    arb_pgn_game a, b;
    read_ok(text, &a);
    char *first = write_with(&a, NULL);
    read_ok(first, &b);
    char *second = write_with(&b, NULL);
    cr_assert_str_eq(first, second, "writing twice differs for: %s", text);
    cr_assert_eq(a.item_count, b.item_count);
    for (size_t i = 0; i < a.item_count; i++) {
        cr_assert_eq(a.items[i].kind, b.items[i].kind, "item %zu", i);
        cr_assert_eq(a.items[i].move, b.items[i].move, "item %zu", i);
        cr_assert_eq(a.items[i].nag, b.items[i].nag, "item %zu", i);
        if (a.items[i].kind == ARB_PGN_ITEM_COMMENT)
            cr_assert_str_eq(a.items[i].text, b.items[i].text);
    }
    for (size_t i = 0; i < a.tag_count; i++)
        cr_assert_str_eq(arb_pgn_game_tag(&b, a.tags[i].name), arb_pgn_game_tag(&a, a.tags[i].name));
    cr_assert_eq(arb_pgn_game_result(&a), arb_pgn_game_result(&b));
    /* b came from the writer's output: reading that again is equal in every respect */
    arb_pgn_game c;
    read_ok(second, &c);
    cr_assert(arb_pgn_game_equal(&b, &c));

    arb_pgn_reader_options rec = {.record_san = true};
    arb_pgn_game d;
    cr_assert_eq(read_first(text, &rec, &d), ARB_PGN_READ_GAME);
    cr_assert(d.san_recorded);
    char *recorded = write_with(&d, NULL);
    cr_assert_str_eq(recorded, first, "recorded SAN writes differently");
    free(recorded);
    arb_pgn_game_free(&d);
    arb_pgn_game_free(&c);
    free(first);
    free(second);
    arb_pgn_game_free(&a);
    arb_pgn_game_free(&b);
}

Test(pgn_write, round_trip)
{
    expect_round_trip("[Event \"x\"]\n\n1. e4 e5 *");
    expect_round_trip(sample);
    expect_round_trip("[Event \"a \\\"q\\\"\"]\n[Zeta \"z\"]\n[Alpha \"a\"]\n\n{pre} 1. e4! {c1} {c2} $14 "
                      "(1. d4 {x} (1. c4 ; semi } colon\n) d5 $5) e5 ( ) 2. Nf3 1-0");
    expect_round_trip("[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]\n\n40... Kd7 (40... Ke7 41. e4) 41. e4 0-1");
    expect_round_trip("[Variant \"Chess960\"]\n[FEN \"bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1\"]"
                      "\n\n1. O-O O-O *");
    expect_round_trip("1. e4 (1. -- e5 (1... -- 2. --)) e5 {a long comment that needs wrapping because it "
                      "goes on and on and on well past the seventy-ninth column of the line} 2. Nf3 *");
    expect_round_trip("[White \"M\xFCller\"]\n\n{\x93quoted\x94} 1. e4 *");
}

/* Long runs of moves (the recorded-SAN path makes room a block of moves at
 * a time) across move numbers that gain a digit (99 to 100, 999 to 1000),
 * from White's and from Black's turn, with a comment in the middle. */
Test(pgn_write, round_trip_of_long_move_runs)
{
    static const char *const firsts[] = {"1 w", "95 w", "95 b", "990 w", "990 b"};
    static const char *const shuffle[2][4] = {{"Nf3", "Nf6", "Ng1", "Ng8"}, {"Nf6", "Nf3", "Ng8", "Ng1"}};
    for (size_t f = 0; f < sizeof firsts / sizeof *firsts; f++) {
        char text[8192];
        int n = snprintf(text, sizeof text, "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR %c KQkq - 0 %.*s\"]\n\n",
                         strchr(firsts[f], ' ')[1], (int)(strchr(firsts[f], ' ') - firsts[f]), firsts[f]);
        bool black = strchr(firsts[f], ' ')[1] == 'b';
        unsigned number = (unsigned)atoi(firsts[f]);
        if (black)
            n += snprintf(text + n, sizeof text - (size_t)n, "%u... ", number);
        for (int ply = 0; ply < 300; ply++) {
            int side = (ply + black) & 1;
            if (side == 0)
                n += snprintf(text + n, sizeof text - (size_t)n, "%u. ", number);
            n += snprintf(text + n, sizeof text - (size_t)n, "%s ", shuffle[black][ply % 4]);
            if (side == 1)
                number++;
            if (ply == 150)
                n += snprintf(text + n, sizeof text - (size_t)n, "{half way} ");
        }
        snprintf(text + n, sizeof text - (size_t)n, "*");
        expect_round_trip(text);
    }
}

Test(pgn_write, round_trip_over_shared_corpora)
{
    /* optional: real games, when the shared corpora are present */
    const char *paths[] = {"../shared/corpora/big/lichess", "../shared/corpora/c960/games-human",
                           "../shared/corpora/big/misc-human", NULL};
    (void)paths;
    FILE *list = popen("ls ../shared/corpora/big/lichess/*.pgn ../shared/corpora/c960/games-human/*.pgn "
                       "../shared/corpora/big/misc-human/*.pgn 2>/dev/null | head -5", "r");
    if (!list)
        cr_skip_test("cannot list the shared corpora");
    char path[512];
    int files = 0, games = 0;
    arb_pgn_writer *w = arb_pgn_writer_new(NULL);
    arb_pgn_game g, h;
    arb_pgn_game_init(&g);
    arb_pgn_game_init(&h);
    while (fgets(path, sizeof path, list) && games < 2000) {
        path[strcspn(path, "\n")] = '\0';
        arb_pgn_reader *r;
        arb_status st = arb_pgn_reader_open(path, NULL, &r);
        if (st.code)
            continue;
        files++;
        while (games < 2000 && arb_pgn_read(r, &g, &st) == ARB_PGN_READ_GAME) {
            if (g.error_count)
                continue;
            const char *text;
            size_t len;
            cr_assert_eq(arb_pgn_write_game(w, &g, &text, &len).code, 0);
            char *copy = strndup(text, len);
            cr_assert_eq(read_first(copy, NULL, &h), ARB_PGN_READ_GAME);
            cr_assert_eq(h.error_count, 0, "%s game at line %d: rewritten game has errors", path, g.line);
            cr_assert_eq(h.item_count, g.item_count, "%s game at line %d", path, g.line);
            for (size_t i = 0; i < g.item_count; i++)
                cr_assert_eq(h.items[i].move, g.items[i].move);
            cr_assert_eq(arb_pgn_write_game(w, &h, &text, &len).code, 0);
            cr_assert(len == strlen(copy) && memcmp(text, copy, len) == 0,
                      "%s game at line %d: second write differs", path, g.line);
            free(copy);
            arb_pgn_game_free(&h);
            games++;
        }
        arb_pgn_reader_free(r);
    }
    pclose(list);
    arb_pgn_writer_free(w);
    arb_pgn_game_free(&g);
    if (files == 0)
        cr_skip_test("../shared/corpora not present");
    cr_assert_gt(games, 0);
}

/* arb_pgn_write_game_to: the same text, after what the buffer held, still
 * NUL-terminated; a game that cannot be written leaves the buffer as it was. */
Test(pgn_write, write_to_appends_the_same_text)
{
    arb_pgn_game g;
    read_ok("[Event \"e\"]\n\n1. e4 {c} e5 (1... c5) 2. Nf3 $1 *", &g);
    char *alone = write_with(&g, NULL);
    arb_pgn_writer *w = arb_pgn_writer_new(NULL);
    arb_strbuf out;
    arb_strbuf_init(&out);
    arb_strbuf_append(&out, "before\n", 7);
    for (int i = 0; i < 50; i++)   /* past the buffer's first sizes */
        cr_assert_eq(arb_pgn_write_game_to(w, &g, &out).code, 0);
    size_t n = strlen(alone);
    cr_assert_eq(out.len, 7 + 50 * n);
    cr_assert_eq(strlen(out.data), out.len);
    cr_assert(memcmp(out.data, "before\n", 7) == 0);
    for (int i = 0; i < 50; i++)
        cr_assert(memcmp(out.data + 7 + (size_t)i * n, alone, n) == 0, "game %d", i);
    /* and the writer's own buffer is still its own */
    const char *text;
    size_t len;
    cr_assert_eq(arb_pgn_write_game(w, &g, &text, &len).code, 0);
    cr_assert(len == n && memcmp(text, alone, n) == 0);

    arb_pgn_game bad;
    arb_pgn_game_init(&bad);
    arb_pgn_game_end_variation(&bad, 0, 0);   /* a variation that was never opened */
    size_t before = out.len;
    cr_assert_neq(arb_pgn_write_game_to(w, &bad, &out).code, 0);
    cr_assert_eq(out.len, before);
    cr_assert_eq(strlen(out.data), before);
    arb_pgn_game_free(&bad);
    arb_strbuf_free(&out);
    arb_pgn_writer_free(w);
    free(alone);
    arb_pgn_game_free(&g);
}
