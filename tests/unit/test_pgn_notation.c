/* test_pgn_notation.c — national notations in the PGN layer: what the lexer
 * keeps whole (letters of other alphabets, figurines, typographic dashes,
 * e.p., d8(D)) while '(' still opens variations; the reader with a fixed
 * notation (messages with the move number, the token and the legal moves in
 * the same letters); per-game auto-detection (only games SAN cannot read, or
 * every game), its verdicts (unique, preferred by a tag or --prefer, tie with
 * the same moves, tie with different moves, none), the Notation tag, and
 * reading across buffer refills and on several threads; the writer's FAN and
 * locale notations and their round trip. */
#include "notation_helpers.h"
#include "test_pgn_helpers.h"

#include "pgn_detect.h"
#include "pgn_parallel.h"

/* ---- lexer ------------------------------------------------------------------ */

Test(pgn_lex_notation, letters_of_other_alphabets_and_figurines_are_symbols)
{
    lexed *l = lex_all("1. \xD0\x9A" "f3 \xE2\x99\x9E" "f6 2. \xD0\x9A\xD1\x80" "e2 \xC4\x88" "c6 3. \xCE\xA1" "f1 *");
    expect_token(l, 1, ARB_PGN_TOK_SYMBOL, "\xD0\x9A" "f3");
    expect_token(l, 2, ARB_PGN_TOK_SYMBOL, "\xE2\x99\x9E" "f6");
    expect_token(l, 4, ARB_PGN_TOK_SYMBOL, "\xD0\x9A\xD1\x80" "e2");
    expect_token(l, 5, ARB_PGN_TOK_SYMBOL, "\xC4\x88" "c6");
    expect_token(l, 7, ARB_PGN_TOK_SYMBOL, "\xCE\xA1" "f1");
    cr_assert(l->tok[1].flags & ARB_PGN_TF_NON_ASCII);
    /* columns count characters: "1. Кf3 ♞f6 2. Крe2" */
    expect_position(l, 2, 1, 8);
    expect_position(l, 4, 1, 15);
    expect_position(l, 5, 1, 20);
    lexed_free(l);
}

Test(pgn_lex_notation, typographic_dashes_in_castling_long_moves_and_results)
{
    lexed *l = lex_all("0\xE2\x80\x93" "0 O\xE2\x80\x94O\xE2\x80\x94O e2\xE2\x88\x92" "e4 C\xC3\x97" "f3 1\xE2\x80\x93" "0");
    expect_token(l, 0, ARB_PGN_TOK_SYMBOL, "0\xE2\x80\x93" "0");
    expect_token(l, 1, ARB_PGN_TOK_SYMBOL, "O\xE2\x80\x94O\xE2\x80\x94O");
    expect_token(l, 2, ARB_PGN_TOK_SYMBOL, "e2\xE2\x88\x92" "e4");
    expect_token(l, 3, ARB_PGN_TOK_SYMBOL, "C\xC3\x97" "f3");
    expect_token(l, 4, ARB_PGN_TOK_RESULT, "1\xE2\x80\x93" "0");
    cr_assert_eq(l->tok[4].value, ARB_PGN_RESULT_WHITE);
    expect_position(l, 1, 1, 5);
    expect_position(l, 4, 1, 22);
    lexed_free(l);
}

Test(pgn_lex_notation, en_passant_marks_stay_whole)
{
    lexed *l = lex_all("exd6 e.p. exd6e.p. bxa3 a.p. Nf3.Nc6 e4.e5");
    expect_token(l, 0, ARB_PGN_TOK_SYMBOL, "exd6");
    expect_token(l, 1, ARB_PGN_TOK_SYMBOL, "e.p.");
    expect_token(l, 2, ARB_PGN_TOK_SYMBOL, "exd6e.p.");
    expect_token(l, 4, ARB_PGN_TOK_SYMBOL, "a.p.");
    /* elsewhere a period still ends a symbol */
    expect_token(l, 5, ARB_PGN_TOK_SYMBOL, "Nf3");
    expect_token(l, 6, ARB_PGN_TOK_DOTS, ".");
    expect_token(l, 7, ARB_PGN_TOK_SYMBOL, "Nc6");
    expect_token(l, 8, ARB_PGN_TOK_SYMBOL, "e4");
    expect_token(l, 9, ARB_PGN_TOK_DOTS, ".");
    lexed_free(l);
}

Test(pgn_lex_notation, promotion_in_parentheses_only_glued_to_a_last_rank_square)
{
    lexed *l = lex_all("d8(D) exf1(C)+ e8(\xE2\x99\x95) e4(e5) d8 (D) a8(Nf3) e8(=)");
    expect_token(l, 0, ARB_PGN_TOK_SYMBOL, "d8(D)");
    expect_token(l, 1, ARB_PGN_TOK_SYMBOL, "exf1(C)+");
    expect_token(l, 2, ARB_PGN_TOK_SYMBOL, "e8(\xE2\x99\x95)");
    /* a variation glued to a move, one after a space, one holding a move */
    expect_token(l, 3, ARB_PGN_TOK_SYMBOL, "e4");
    expect_token(l, 4, ARB_PGN_TOK_RAV_OPEN, "(");
    expect_token(l, 5, ARB_PGN_TOK_SYMBOL, "e5");
    expect_token(l, 6, ARB_PGN_TOK_RAV_CLOSE, ")");
    expect_token(l, 7, ARB_PGN_TOK_SYMBOL, "d8");
    expect_token(l, 8, ARB_PGN_TOK_RAV_OPEN, "(");
    expect_token(l, 11, ARB_PGN_TOK_SYMBOL, "a8");
    expect_token(l, 12, ARB_PGN_TOK_RAV_OPEN, "(");
    /* a draw offer is not a promotion: the reader handles "(=)" */
    expect_token(l, 15, ARB_PGN_TOK_SYMBOL, "e8");
    expect_token(l, 16, ARB_PGN_TOK_RAV_OPEN, "(");
    lexed_free(l);
}

Test(pgn_lex_notation, other_symbols_and_bytes_are_still_errors)
{
    /* a snowman, a Windows-1252 byte, an ellipsis standing alone */
    lexed *l = lex_all("\xE2\x98\x83 \xE9 e4 \xE2\x80\xA6");
    expect_token(l, 0, ARB_PGN_TOK_ERROR, "\xE2\x98\x83");
    expect_token(l, 1, ARB_PGN_TOK_ERROR, "\xE9");
    expect_token(l, 2, ARB_PGN_TOK_SYMBOL, "e4");
    expect_token(l, 3, ARB_PGN_TOK_DOTS, "\xE2\x80\xA6");
    lexed_free(l);
}

/* The streaming lexer returns MORE rather than cutting a national token. */
Test(pgn_lex_notation, window_growing_byte_by_byte_gives_the_same_tokens)
{
    const char *text = "1. \xD0\x9A\xD1\x80" "e2 \xE2\x99\x9E" "f6 0\xE2\x80\x93" "0 exd6 e.p. d8(D)+ e4(e5) 1\xE2\x80\x93" "0";
    lexed *whole = lex_all(text);
    size_t n = strlen(text), avail = 0;
    char *buf = malloc(n + 1);
    buf[0] = '\0';
    arb_pgn_lexer lx;
    arb_pgn_lexer_init(&lx, buf, 0, false);
    int count = 0;
    for (;;) {
        arb_pgn_token t;
        int k = arb_pgn_lex(&lx, &t);
        if (k == ARB_PGN_TOK_MORE) {
            cr_assert_lt(avail, n);
            buf[avail] = text[avail];
            buf[++avail] = '\0';
            arb_pgn_lexer_rebase(&lx, buf, 0, avail, avail == n);
            continue;
        }
        if (k == ARB_PGN_TOK_EOF)
            break;
        cr_assert_lt(count, whole->count);
        cr_assert_eq(k, whole->tok[count].kind, "token %d", count);
        cr_assert_eq(t.len, whole->tok[count].len, "token %d", count);
        cr_assert_eq(t.col, whole->tok[count].col, "token %d", count);
        count++;
    }
    cr_assert_eq(count, whole->count);
    free(buf);
    lexed_free(whole);
}

/* ---- reading with one notation ------------------------------------------------ */

static int read_in(const char *text, const arb_pgn_reader_options *opt, arb_pgn_game *g)
{
    return read_first(text, opt, g);
}

static const char *moves_san(const arb_pgn_game *g, char *out, size_t size)
{
    arb_pgn_walker w;
    arb_pgn_walker_init(&w, g);
    size_t used = 0;
    out[0] = '\0';
    for (const arb_pgn_item *it; (it = arb_pgn_walker_next(&w));) {
        if (it->kind != ARB_PGN_ITEM_MOVE || w.depth > 0)
            continue;
        char san[ARB_SAN_MAX] = "--";
        if (it->move != ARB_MOVE_NULL)
            arb_san_write(&w.before, it->move, san);
        used += (size_t)snprintf(out + used, size - used, "%s%s", used ? " " : "", san);
    }
    arb_pgn_walker_free(&w);
    return out;
}

static const arb_pgn_diag *diag_at(const arb_pgn_game *g, size_t i)
{
    cr_assert_lt(i, g->diag_count, "only %zu messages", g->diag_count);
    return &g->diags[i];
}

Test(pgn_read_notation, fixed_notation_reads_every_form_and_records_it)
{
    arb_pgn_reader_options opt = {.notation = notation("ro")};
    arb_pgn_game g;
    cr_assert_eq(read_in("[Event \"T\"]\n\n1. e4 e5 2. Cg1-f3 C:c6?! 3. Nb5 a6 4. Nxc6 dc6 5. 0\xE2\x80\x93" "0 Dd6 "
                         "6. d4 Nd7 7. Te1 0-0-0 8. Cc3 (8. c3) Rb8 *\n", &opt, &g), ARB_PGN_READ_GAME);
    cr_assert_eq(g.error_count, 0, "%s", g.diag_count ? g.diags[0].message : "");
    char san[512];
    cr_assert_str_eq(moves_san(&g, san, sizeof san), "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 O-O Qd6 d4 Bd7 Re1 O-O-O "
                                                     "Nc3 Kb8");
    cr_assert_str_eq(g.notation, "ro", "a capture mark on a move that captures nothing is not trusted");
    arb_pgn_game_free(&g);
}

Test(pgn_read_notation, illegal_move_names_number_token_and_legal_moves_in_the_same_letters)
{
    arb_pgn_reader_options opt = {.notation = notation("ro")};
    expect_error("[Event \"T\"]\n\n1. e4 e5 2. Cf3 Cc6 3. Nb5 Cf6 4. Cxe5 Cxe5 5. Txe5 *\n", &opt, 3, 48,
                 "5. Txe5 is an illegal move in ro notation", "expected one of Tf1, Tg1");
    expect_error("[Event \"T\"]\n\n1. e4 e5 2. Cf3 Cc6 3. Nb5 Cxe4 *\n", &opt, 3, 28,
                 "3... Cxe4 is an illegal move in ro notation", "Cf6");
}

Test(pgn_read_notation, syntax_and_ambiguity_in_a_notation)
{
    arb_pgn_reader_options opt = {.notation = notation("de")};
    expect_error("[Event \"T\"]\n\n1. e4 e5 2. Nf3 *\n", &opt, 3, 13, "2. Nf3 is not a move in de notation",
                 "king K, queen D, rook T, bishop L, knight S");
    expect_error("[Event \"T\"]\n[FEN \"4k3/8/8/8/8/8/4K3/R6R w - - 0 30\"]\n\n30. Td1 *\n", &opt, 4, 5,
                 "30. Td1 is ambiguous in de notation", "expected one of Tad1, Thd1");
}

Test(pgn_read_notation, marks_after_moves_offers_kept_as_comments)
{
    arb_pgn_reader_options opt = {.notation = notation("fr")};
    arb_pgn_game g;
    /* "e.p." standing alone and glued, "(=)" and a glued "=" */
    read_in("[Event \"T\"]\n[FEN \"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 40\"]\n\n"
            "40. exd6 e.p. Rf7 41. Rd2= Re6 (41... Re8 42. d7+) 42. d7 (=) *\n", &opt, &g);
    cr_assert_eq(g.error_count, 0, "%s", g.diag_count ? g.diags[0].message : "");
    int offers = 0;
    for (size_t i = 0; i < g.item_count; i++)
        offers += g.items[i].kind == ARB_PGN_ITEM_COMMENT && strcmp(g.items[i].text, "(=)") == 0;
    cr_assert_eq(offers, 2);
    char san[256];
    cr_assert_str_eq(moves_san(&g, san, sizeof san), "exd6 Kf7 Kd2 Ke6 d7");
    arb_pgn_game_free(&g);
}

/* ---- auto-detection ------------------------------------------------------------ */

typedef struct detecting {
    arb_pgn_autodetect *a;
    arb_pgn_reader_options opt;
} detecting;

static detecting detecting_with(int when, const char *prefer)
{
    detecting d;
    memset(&d, 0, sizeof d);
    arb_pgn_autodetect_options ao = {.when = when, .prefer = prefer};
    arb_status st = arb_pgn_autodetect_new(grammar(), locales(), &ao, &d.a);
    cr_assert_eq(st.code, 0, "%s", st.message);
    d.opt.autodetect = d.a;
    return d;
}

#define RO_GAME "1. e4 e5 2. Cf3 Cc6 3. Nb5 a6 4. Na4 Cf6 5. 0-0 Ne7 6. Te1 b5 7. Nb3 d6 8. c3 0-0 " \
                "9. h3 Ca5 10. Nc2 c5 11. d4 Dc7 (11... Cc4 12. b3) 12. Cbd2 Rh8 *\n"
#define RO_SAN "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Na5 Bc2 c5 d4 Qc7 Nbd2 Kh8"

Test(pgn_read_detect, a_game_sans_cannot_read_is_detected_and_replayed_in_its_notation)
{
    detecting d = detecting_with(ARB_PGN_DETECT_NOT_SAN, NULL);
    arb_pgn_game g;
    cr_assert_eq(read_in("[Event \"T\"]\n\n" RO_GAME, &d.opt, &g), ARB_PGN_READ_GAME);
    cr_assert_eq(g.error_count, 0, "%s", g.diag_count ? g.diags[0].message : "");
    cr_assert_eq(g.diag_count, 0, "no message for a unique notation");
    char san[512];
    cr_assert_str_eq(moves_san(&g, san, sizeof san), RO_SAN);
    cr_assert_str_eq(g.notation, "ro");
    /* the variation is read in the same notation: 11... Nc4 12. b3 */
    cr_assert_eq(g.main_line_plies, 24);
    arb_pgn_game_free(&g);

    /* a SAN game is not detected at all */
    cr_assert_eq(read_in("[Event \"T\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n", &d.opt, &g), ARB_PGN_READ_GAME);
    cr_assert_null(g.notation);
    cr_assert_null(g.notation_used);
    cr_assert_eq(g.diag_count, 0);
    arb_pgn_game_free(&g);
    arb_pgn_autodetect_free(d.a);
}

Test(pgn_read_detect, cyrillic_game_and_its_positions)
{
    detecting d = detecting_with(ARB_PGN_DETECT_NOT_SAN, NULL);
    arb_pgn_game g;
    read_in("[Event \"T\"]\n\n1. e4 e5 2. \xD0\x9A" "f3 \xD0\x9A" "c6 3. \xD0\xA1" "b5 a6 4. \xD0\xA1" "a4 \xD0\x9A"
            "f6 5. 0-0 \xD0\xA1" "e7 6. \xD0\x9B" "e1 b5 7. \xD0\xA1" "b3 d6 8. \xD0\x9A\xD1\x80" "h1 *\n",
            &d.opt, &g);
    cr_assert_eq(g.error_count, 0, "%s", g.diag_count ? g.diags[0].message : "");
    cr_assert_str_eq(g.notation, "ru");
    cr_assert_not_null(g.notation_used);
    cr_assert_str_eq(arb_locale_code(arb_notation_locale(g.notation_used)), "ru", "the notation itself, for messages");
    char san[256];
    cr_assert_str_eq(moves_san(&g, san, sizeof san), "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 Kh1");
    /* items keep the columns of the text as written (characters) */
    cr_assert_eq(g.items[2].line, 3);
    cr_assert_eq(g.items[2].col, 13);
    cr_assert_eq(g.items[3].col, 17);
    arb_pgn_game_free(&g);
    arb_pgn_autodetect_free(d.a);
}

Test(pgn_read_detect, a_language_tag_or_prefer_decides_among_alike_notations)
{
    const char *game = "1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Aa4 Cf6 5. 0-0 Ae7 6. Te1 *\n";
    char text[512];
    detecting d = detecting_with(ARB_PGN_DETECT_NOT_SAN, NULL);
    arb_pgn_game g;
    snprintf(text, sizeof text, "[Event \"T\"]\n\n%s", game);
    read_in(text, &d.opt, &g);
    cr_assert_eq(g.error_count, 0);
    cr_assert_str_eq(g.notation, "ca, es, it");
    const arb_pgn_diag *note = diag_at(&g, 0);
    cr_assert_eq(note->severity, ARB_PGN_NOTE);
    cr_assert_not_null(strstr(note->message, "Catalan, Spanish and Italian read these moves alike; read as Catalan (ca)"), "%s",
                       note->message);
    cr_assert_eq(note->line, 3);
    cr_assert_eq(note->col, 4);
    arb_pgn_game_free(&g);

    snprintf(text, sizeof text, "[Event \"T\"]\n[Language \"Spanish\"]\n\n%s", game);
    read_in(text, &d.opt, &g);
    cr_assert_str_eq(g.notation, "es");
    cr_assert_eq(g.diag_count, 0);
    arb_pgn_game_free(&g);
    snprintf(text, sizeof text, "[Event \"T\"]\n[Notation \"it-IT\"]\n\n%s", game);
    read_in(text, &d.opt, &g);
    cr_assert_str_eq(g.notation, "it");
    arb_pgn_game_free(&g);
    arb_pgn_autodetect_free(d.a);

    d = detecting_with(ARB_PGN_DETECT_NOT_SAN, "ca");
    snprintf(text, sizeof text, "[Event \"T\"]\n\n%s", game);
    read_in(text, &d.opt, &g);
    cr_assert_str_eq(g.notation, "ca");
    cr_assert_eq(g.diag_count, 0);
    arb_pgn_game_free(&g);
    arb_pgn_autodetect_free(d.a);
}

Test(pgn_read_detect, notations_reading_different_moves_are_an_error_at_the_first_difference)
{
    detecting d = detecting_with(ARB_PGN_DETECT_EVERY_GAME, NULL);
    arb_pgn_game g;
    /* N is the English knight and the Romanian bishop; both replay this */
    read_in("[Event \"T\"]\n\n1. e4 e5 2. Ne2 Ne7 3. d4 *\n", &d.opt, &g);
    cr_assert_eq(g.error_count, 1);
    const arb_pgn_diag *e = diag_at(&g, 0);
    cr_assert_eq(e->line, 3);
    cr_assert_eq(e->col, 13);
    cr_assert_str_eq(e->message, "the moves are legal in several notations (en, ro) that read them differently, "
                                 "expected one chosen with --from or --prefer; 2. Ne2 reads as en Ne2, ro Be2");
    arb_pgn_game_free(&g);

    /* pgnconv's default prefers English among games SAN reads */
    arb_pgn_autodetect_free(d.a);
    d = detecting_with(ARB_PGN_DETECT_EVERY_GAME, "ro");
    read_in("[Event \"T\"]\n\n1. e4 e5 2. Ne2 Ne7 3. d4 *\n", &d.opt, &g);
    cr_assert_eq(g.error_count, 0);
    cr_assert_str_eq(g.notation, "ro");
    char san[128];
    cr_assert_str_eq(moves_san(&g, san, sizeof san), "e4 e5 Be2 Be7 d4");
    arb_pgn_game_free(&g);
    arb_pgn_autodetect_free(d.a);
}

Test(pgn_read_detect, no_notation_replays_the_game_the_nearest_is_reported)
{
    detecting d = detecting_with(ARB_PGN_DETECT_NOT_SAN, NULL);
    arb_pgn_game g;
    read_in("[Event \"T\"]\n\n1. e4 e5 2. Cf3 Cc6 3. Nb5 Cf6 4. Cxe5 Cxe5 5. Txe5 *\n", &d.opt, &g);
    cr_assert_eq(g.error_count, 2);
    cr_assert_str_eq(diag_at(&g, 0)->message, "no known notation replays this game, expected one under which "
                                              "every move is legal; the nearest, Romanian (ro), fails at 5. Txe5");
    cr_assert_str_eq(diag_at(&g, 1)->message, "5. Txe5 is an illegal move in ro notation, expected one of Tf1, Tg1");
    cr_assert_eq(diag_at(&g, 0)->col, 48);
    cr_assert_eq(diag_at(&g, 1)->col, 48);
    arb_pgn_game_free(&g);

    /* an English game with a bad move keeps the SAN message */
    read_in("[Event \"T\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ke3 *\n", &d.opt, &g);
    cr_assert_eq(g.error_count, 1);
    cr_assert_str_eq(diag_at(&g, 0)->message, "illegal move \"Ke3\" (White's move 4), expected one of Kf1, Ke2");
    arb_pgn_game_free(&g);
    arb_pgn_autodetect_free(d.a);
}

Test(pgn_read_detect, every_game_mode_marks_the_notation_when_asked)
{
    detecting d = detecting_with(ARB_PGN_DETECT_EVERY_GAME, NULL);
    d.opt.mark_notation = true;
    arb_pgn_game g;
    read_in("[Event \"T\"]\n[Notation \"xx\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n", &d.opt, &g);
    cr_assert_eq(g.error_count, 0);
    cr_assert_str_eq(g.notation, "en");
    cr_assert_str_eq(arb_pgn_game_tag(&g, "Notation"), "en", "the tag says what was read");
    arb_pgn_game_free(&g);
    read_in("[Event \"T\"]\n\n" RO_GAME, &d.opt, &g);
    cr_assert_str_eq(arb_pgn_game_tag(&g, "Notation"), "ro");
    arb_pgn_game_free(&g);
    /* without the option no tag changes */
    d.opt.mark_notation = false;
    read_in("[Event \"T\"]\n\n" RO_GAME, &d.opt, &g);
    cr_assert_null(arb_pgn_game_tag(&g, "Notation"));
    arb_pgn_game_free(&g);
    arb_pgn_autodetect_free(d.a);
}

/* Thousands of games: passes go back over text that refills have moved. */
static char *many_games(size_t count, size_t *len)
{
    size_t cap = count * 400 + 1;
    char *text = malloc(cap);
    size_t n = 0;
    for (size_t i = 0; i < count; i++)
        n += (size_t)snprintf(text + n, cap - n, "[Event \"Game %zu\"]\n[Round \"%zu\"]\n\n%s\n", i, i,
                              i % 3 == 1 ? "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *\n" : RO_GAME);
    *len = n;
    return text;
}

Test(pgn_read_detect, games_across_buffer_refills)
{
    detecting d = detecting_with(ARB_PGN_DETECT_NOT_SAN, NULL);
    size_t len;
    char *text = many_games(12000, &len);
    cr_assert_gt(len, (size_t)3 << 20 >> 1, "more than the reader's buffer of 1 MiB and a block");
    arb_pgn_reader *r = reader_on(text, len, &d.opt);
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    arb_status st;
    size_t games = 0, romanian = 0;
    char san[512];
    while (arb_pgn_read(r, &g, &st) == ARB_PGN_READ_GAME) {
        cr_assert_eq(g.error_count, 0, "game %zu: %s", games, g.diags[0].message);
        char want[32];
        snprintf(want, sizeof want, "Game %zu", games);
        cr_assert_str_eq(arb_pgn_game_tag(&g, "Event"), want);
        if (g.notation) {
            romanian++;
            cr_assert_str_eq(moves_san(&g, san, sizeof san), RO_SAN);
            cr_assert(g.raw_complete && strncmp(g.raw, "[Event", 6) == 0);
        }
        games++;
    }
    cr_assert_eq(games, 12000);
    cr_assert_eq(romanian, 8000);
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
    free(text);
    arb_pgn_autodetect_free(d.a);
}

/* Several threads share one autodetect: the output is that of one reader. */
static void *no_state(void *ctx) { return ctx; }
static void stop_nothing(void *state) { (void)state; }
static void game_line(void *state, const arb_pgn_game *g, arb_pgn_output *out)
{
    (void)state;
    char san[512];
    arb_strbuf_printf(&out->text[0], "%s|%s\n", g->notation ? g->notation : "-", moves_san(g, san, sizeof san));
    out->count[0]++;
}
static bool collect_output(void *ctx, const arb_pgn_output *out)
{
    arb_strbuf_append(ctx, out->text[0].data, out->text[0].len);
    return true;
}

static char *read_all_with(const char *text, size_t len, const arb_pgn_reader_options *opt, int jobs)
{
    static const arb_pgn_parallel_ops ops = {no_state, stop_nothing, game_line, collect_output};
    arb_strbuf all = {0};
    arb_pgn_parallel_options par = {.jobs = jobs, .piece_bytes = 64 << 10};
    arb_status st;
    arb_input *in = arb_input_from_memory(text, len, "t.pgn");
    cr_assert_eq(arb_pgn_read_parallel(in, opt, &par, &ops, &all, &st), ARB_PGN_READ_END, "%s", st.message);
    arb_strbuf_append(&all, "", 1);
    return all.data;
}

Test(pgn_read_detect, threads_share_the_detector_pool)
{
    detecting d = detecting_with(ARB_PGN_DETECT_NOT_SAN, NULL);
    size_t len;
    char *text = many_games(1500, &len);
    char *one = read_all_with(text, len, &d.opt, 1);
    char *four = read_all_with(text, len, &d.opt, 4);
    cr_assert_str_eq(one, four);
    cr_assert_not_null(strstr(one, "ro|" RO_SAN "\n"));
    free(one);
    free(four);
    free(text);
    arb_pgn_autodetect_free(d.a);
}

Test(pgn_read_detect, bad_candidates_are_refused_when_made)
{
    const char *const codes[] = {"ro", "xx", NULL};
    arb_pgn_autodetect_options ao = {.candidates = codes};
    arb_pgn_autodetect *a = NULL;
    arb_status st = arb_pgn_autodetect_new(grammar(), locales(), &ao, &a);
    cr_assert_neq(st.code, 0);
    cr_assert_null(a);
    cr_assert_not_null(strstr(st.message, "xx"), "%s", st.message);
}

/* ---- writing ------------------------------------------------------------------- */

#define PROMO_GAME "[Event \"T\"]\n[FEN \"4k3/1P5p/8/8/8/8/8/R3K2R w KQ - 0 50\"]\n\n" \
                   "50. O-O-O Ke7 51. b8=N Kf6 52. Rd6+ Kf5 53. Rxh7 Kg5 *\n"

Test(pgn_write_notation, figurines_and_locale_letters)
{
    arb_pgn_write_options fan = {.notation = ARB_PGN_NOTATION_FAN};
    char *out = convert(PROMO_GAME, &fan);
    cr_assert_str_eq(movetext_of(out), "50. O-O-O \xE2\x99\x94" "e7 51. b8=\xE2\x99\x98 \xE2\x99\x94" "f6 52. "
                                       "\xE2\x99\x96" "d6+ \xE2\x99\x94" "f5 53. \xE2\x99\x96" "xh7 "
                                       "\xE2\x99\x94" "g5 *\n\n");
    free(out);
    arb_pgn_write_options ro = {.notation = ARB_PGN_NOTATION_LOCALE, .locale = notation("ro")};
    out = convert(PROMO_GAME, &ro);
    cr_assert_str_eq(movetext_of(out), "50. 0-0-0 Re7 51. b8C Rf6 52. Td6+ Rf5 53. Txh7 Rg5 *\n\n");
    free(out);
    arb_pgn_write_options ru = {.notation = ARB_PGN_NOTATION_LOCALE, .locale = notation("ru")};
    out = convert(PROMO_GAME, &ru);
    cr_assert_str_eq(movetext_of(out), "50. 0-0-0 \xD0\x9A\xD1\x80" "e7 51. b8\xD0\x9A \xD0\x9A\xD1\x80" "f6 "
                                       "52. \xD0\x9B" "d6+ \xD0\x9A\xD1\x80" "f5 53. \xD0\x9B" "xh7 \xD0\x9A\xD1\x80"
                                       "g5 *\n\n");
    free(out);
}

Test(pgn_write_notation, locale_output_reads_back_to_the_same_game)
{
    const char *codes[] = {"ro", "ru", "hu", "el", "tr", "nl", "nl-x-fide", "sr-Cyrl", "eo"};
    arb_pgn_game first, original;
    read_ok("[Event \"T\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 Nf6 5. Nf3 Bf5 6. Bc4 e6 7. Bd2 c6 8. Qe2 "
            "Bb4 9. O-O-O Nbd7 10. a3 Bxc3 11. Bxc3 Qc7 12. d5 cxd5 13. Bxd5 O-O 14. Bxb7 Rab8 *\n", &first);
    /* the game as pgnconv writes it in SAN, all tags in place */
    char *san_text = write_with(&first, NULL);
    read_ok(san_text, &original);
    free(san_text);
    arb_pgn_game_free(&first);
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        arb_pgn_write_options wo = {.notation = ARB_PGN_NOTATION_LOCALE, .locale = notation(codes[i])};
        char *text = write_with(&original, &wo);
        arb_pgn_reader_options ro = {.notation = notation(codes[i])};
        arb_pgn_game back;
        cr_assert_eq(read_first(text, &ro, &back), ARB_PGN_READ_GAME);
        cr_assert_eq(back.error_count, 0, "%s: %s\n%s", codes[i], back.diags[0].message, text);
        back.notation = NULL;
        cr_assert(arb_pgn_game_equal(&original, &back), "%s: round trip differs\n%s", codes[i], text);
        char *again = write_with(&back, &wo);
        cr_assert_str_eq(again, text, "%s: writing again gives other bytes", codes[i]);
        free(again);
        free(text);
        arb_pgn_game_free(&back);
    }
    arb_pgn_game_free(&original);
}

/* ---- the letters fast path of arb_notation_read --------------------------------- */

/* Tokens the rewriting to SAN takes (notation.c, translate_to_san) must
 * give exactly what the grammar gives: the move and every constraint. */
Test(notation_fast_path, rewritten_tokens_read_as_the_grammar_reads_them)
{
    static const struct {
        const char *code, *fen, *token;
    } cases[] = {
        {"ro", ARB_START_FEN, "Cf3"},
        {"ro", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Tad1"},
        {"ro", "4k3/8/8/8/8/8/3N1N2/4K3 w - - 0 1", "Cfe4"},
        {"ro", "4k3/8/8/8/5N2/8/5N2/4K3 w - - 0 1", "C2e4"},
        {"ro", "4k3/8/8/8/5N2/8/5N2/4K3 w - - 0 1", "Cf2e4+"},
        {"ro", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e:d5"},
        {"ro", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "ed5"},
        {"ro", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e\xC3\x97" "d5"},
        {"fr", "3k4/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8D+"},
        {"fr", "3k4/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8=T"},
        {"fr", "3k4/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8(C)"},
        {"fr", "3k4/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8/F"},
        {"ru", ARB_START_FEN, "\xD0\x9A" "f3"},
        {"ru", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "\xD0\x9A\xD1\x80" "e2"},
        {"ru", "7k/8/8/8/8/8/8/K5Q1 w - - 0 1", "\xD0\xA4" "g7#"},
        {"ru", "7k/8/8/8/8/8/8/K5Q1 w - - 0 1", "\xD0\xA4" "g7++"},
        {"hu", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Ba8+"},
        {"de", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "Th8+"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const arb_notation *n = notation(cases[i].code);
        arb_position pos = fen_ok(cases[i].fen);
        size_t len = strlen(cases[i].token);
        arb_move fast, slow;
        arb_move_spec fast_spec, grammar_spec;
        cr_assert_eq(arb_notation_read(n, &pos, cases[i].token, len, &fast, &fast_spec, NULL), ARB_SAN_OK, "%s %s",
                     cases[i].code, cases[i].token);
        cr_assert_eq(arb_notation_parse(n, cases[i].token, len, &grammar_spec), ARB_SAN_OK);
        cr_assert_eq(arb_notation_resolve(&pos, &grammar_spec, &slow, NULL), ARB_SAN_OK);
        cr_assert_eq(fast, slow, "%s %s", cases[i].code, cases[i].token);
        if (fast_spec.flags & ARB_SPEC_FAST_PATH)
            continue;   /* plain pawn moves: the SAN parser's own path, kind/to/flags only */
        cr_assert_eq(fast_spec.kind, grammar_spec.kind, "%s %s: kind", cases[i].code, cases[i].token);
        cr_assert_eq(fast_spec.from_file, grammar_spec.from_file, "%s %s: file", cases[i].code, cases[i].token);
        cr_assert_eq(fast_spec.from_rank, grammar_spec.from_rank, "%s %s: rank", cases[i].code, cases[i].token);
        cr_assert_eq(fast_spec.to, grammar_spec.to, "%s %s: to", cases[i].code, cases[i].token);
        cr_assert_eq(fast_spec.promotion, grammar_spec.promotion, "%s %s: promotion", cases[i].code, cases[i].token);
        cr_assert_eq(fast_spec.castle, grammar_spec.castle);
        cr_assert_eq(fast_spec.flags, grammar_spec.flags, "%s %s: flags %#x, grammar %#x", cases[i].code,
                     cases[i].token, fast_spec.flags, grammar_spec.flags);
    }
}

Test(notation_fast_path, what_it_cannot_read_still_fails_with_the_grammars_code)
{
    arb_position pos = fen_ok(ARB_START_FEN);
    arb_move m;
    arb_movelist cand;
    /* the English bishop letter is no Romanian piece; a rook cannot move */
    cr_assert_eq(arb_notation_read(notation("ro"), &pos, "Bc4", 3, &m, NULL, &cand), ARB_SAN_SYNTAX);
    cr_assert_eq(arb_notation_read(notation("ro"), &pos, "Ta3", 3, &m, NULL, &cand), ARB_SAN_ILLEGAL);
    cr_assert_gt(cand.count, 0, "the candidates are listed");
    /* a pawn reaching the last rank without a piece */
    pos = fen_ok("3k4/1P6/8/8/8/8/8/4K3 w - - 0 1");
    cr_assert_eq(arb_notation_read(notation("ro"), &pos, "b8", 2, &m, NULL, &cand), ARB_SAN_BAD_PROMOTION);
}
