/* test_notation.c — move tokens in national notations: every form of
 * grammars/move.pcre parsed into constraints, resolution against the legal
 * moves (ok, illegal, ambiguous per FIDE C.10, bad promotion, syntax), the
 * FIDE Appendix C example games in their printed forms, writing in a
 * locale's letters and as figurines, and SAN -> LANG -> SAN round trips. */
#include <pthread.h>

#include "notation_helpers.h"

static arb_move_spec parse_ok(const char *code, const char *token)
{
    arb_move_spec spec;
    int rc = arb_notation_parse(notation(code), token, strlen(token), &spec);
    cr_assert_eq(rc, ARB_SAN_OK, "%s: '%s' does not parse", code, token);
    return spec;
}

static void parse_fails(const char *code, const char *token, size_t len)
{
    arb_move_spec spec;
    cr_assert_eq(arb_notation_parse(notation(code), token, len, &spec), ARB_SAN_SYNTAX, "%s: '%.*s' parsed",
                 code, (int)len, token);
}

static void expect_spec(const arb_move_spec *s, int kind, int from_file, int from_rank, const char *to,
                        int promotion, unsigned flags)
{
    cr_assert_eq(s->kind, kind, "kind %d", s->kind);
    cr_assert_eq(s->from_file, from_file, "from file %d", s->from_file);
    cr_assert_eq(s->from_rank, from_rank, "from rank %d", s->from_rank);
    cr_assert_eq(s->to, to ? sq(to) : ARB_NO_SQUARE, "to %d", s->to);
    cr_assert_eq(s->promotion, promotion, "promotion %d", s->promotion);
    cr_assert_eq(s->castle, ARB_CASTLE_NONE);
    cr_assert_eq(s->flags, flags, "flags %#x", s->flags);
}

/* ---- FIDE Appendix C short forms (Romanian letters) ----------------------------- */

Test(notation_parse, piece_moves_and_disambiguation_c8_c10)
{
    arb_move_spec s = parse_ok("ro", "Cf3");
    expect_spec(&s, ARB_KNIGHT, -1, -1, "f3", ARB_NO_KIND, 0);
    s = parse_ok("ro", "Cgf3");
    expect_spec(&s, ARB_KNIGHT, 6, -1, "f3", ARB_NO_KIND, 0);
    s = parse_ok("ro", "C1f3");
    expect_spec(&s, ARB_KNIGHT, -1, 0, "f3", ARB_NO_KIND, 0);
    s = parse_ok("ro", "Cg1f3");
    expect_spec(&s, ARB_KNIGHT, 6, 0, "f3", ARB_NO_KIND, 0);
    s = parse_ok("ro", "Ng5");
    expect_spec(&s, ARB_BISHOP, -1, -1, "g5", ARB_NO_KIND, 0);
    s = parse_ok("ro", "Rb1");
    expect_spec(&s, ARB_KING, -1, -1, "b1", ARB_NO_KIND, 0);
}

Test(notation_parse, captures_with_x_colon_and_none_c9)
{
    arb_move_spec s = parse_ok("ro", "Cxf3");
    expect_spec(&s, ARB_KNIGHT, -1, -1, "f3", ARB_NO_KIND, ARB_SPEC_CAPTURE);
    s = parse_ok("ro", "C:f3");
    expect_spec(&s, ARB_KNIGHT, -1, -1, "f3", ARB_NO_KIND, ARB_SPEC_CAPTURE);
    s = parse_ok("ro", "Cgxf3");
    expect_spec(&s, ARB_KNIGHT, 6, -1, "f3", ARB_NO_KIND, ARB_SPEC_CAPTURE);
    s = parse_ok("ro", "exd4");
    expect_spec(&s, ARB_PAWN, 4, -1, "d4", ARB_NO_KIND, ARB_SPEC_CAPTURE);
    s = parse_ok("ro", "e:d4");
    expect_spec(&s, ARB_PAWN, 4, -1, "d4", ARB_NO_KIND, ARB_SPEC_CAPTURE);
    s = parse_ok("ro", "ed4");
    expect_spec(&s, ARB_PAWN, 4, -1, "d4", ARB_NO_KIND, 0);
    s = parse_ok("en", "e×d4");
    expect_spec(&s, ARB_PAWN, 4, -1, "d4", ARB_NO_KIND, ARB_SPEC_CAPTURE);
}

Test(notation_parse, en_passant_marks)
{
    arb_move_spec s = parse_ok("ro", "exd6 e.p.");
    expect_spec(&s, ARB_PAWN, 4, -1, "d6", ARB_NO_KIND, ARB_SPEC_CAPTURE | ARB_SPEC_EN_PASSANT);
    s = parse_ok("ro", "exd6e.p.");
    expect_spec(&s, ARB_PAWN, 4, -1, "d6", ARB_NO_KIND, ARB_SPEC_CAPTURE | ARB_SPEC_EN_PASSANT);
    s = parse_ok("ro", "ed6ep");
    expect_spec(&s, ARB_PAWN, 4, -1, "d6", ARB_NO_KIND, ARB_SPEC_EN_PASSANT);
    s = parse_ok("ca", "exd6 a.p.");
    expect_spec(&s, ARB_PAWN, 4, -1, "d6", ARB_NO_KIND, ARB_SPEC_CAPTURE | ARB_SPEC_EN_PASSANT);
    parse_fails("ro", "exd6 a.p.", 9); /* a.p. is Catalan/Spanish, not in ro.yaml */
    /* written as its own token, as "exd6 e.p." splits in a PGN reader */
    cr_assert_eq(arb_notation_extra(notation("ro"), "e.p.", 4), ARB_SPEC_EN_PASSANT);
    cr_assert_eq(arb_notation_extra(notation("ca"), "a.p.", 4), ARB_SPEC_EN_PASSANT);
    cr_assert_eq(arb_notation_extra(notation("ro"), "a.p.", 4), 0);
}

Test(notation_parse, promotions_c11_in_every_printed_form)
{
    static const char *const forms[] = {"d8D", "d8=D", "d8(D)", "d8/D"};
    for (size_t i = 0; i < 4; i++) {
        arb_move_spec s = parse_ok("ro", forms[i]);
        expect_spec(&s, ARB_PAWN, -1, -1, "d8", ARB_QUEEN, 0);
    }
    arb_move_spec s = parse_ok("ro", "exf8C");
    expect_spec(&s, ARB_PAWN, 4, -1, "f8", ARB_KNIGHT, ARB_SPEC_CAPTURE);
    s = parse_ok("ro", "b1N");
    expect_spec(&s, ARB_PAWN, -1, -1, "b1", ARB_BISHOP, 0);
    s = parse_ok("ro", "g1T");
    expect_spec(&s, ARB_PAWN, -1, -1, "g1", ARB_ROOK, 0);
    s = parse_ok("en", "e8=Q+");
    expect_spec(&s, ARB_PAWN, -1, -1, "e8", ARB_QUEEN, ARB_SPEC_CHECK);
    parse_fails("ro", "d8(D", 4);
    parse_fails("ro", "d8R", 3); /* R is the Romanian king */
}

static void expect_castle(const char *code, const char *token, int side, unsigned flags)
{
    arb_move_spec s = parse_ok(code, token);
    cr_assert_eq(s.castle, side, "%s: '%s' castle %d", code, token, s.castle);
    cr_assert_eq(s.kind, ARB_KING);
    cr_assert_eq(s.flags, flags, "%s: '%s' flags %#x", code, token, s.flags);
}

Test(notation_parse, castling_c13_with_any_dash)
{
    expect_castle("ro", "0-0", ARB_CASTLE_SHORT, 0);
    expect_castle("ro", "0-0-0", ARB_CASTLE_LONG, 0);
    expect_castle("ro", "O-O", ARB_CASTLE_SHORT, 0);
    expect_castle("ro", "o-o-o", ARB_CASTLE_LONG, 0);
    expect_castle("ro", "0\u20130", ARB_CASTLE_SHORT, 0);        /* en dash */
    expect_castle("ro", "0\u20140\u20140", ARB_CASTLE_LONG, 0);  /* em dashes */
    expect_castle("ro", "0\u22120", ARB_CASTLE_SHORT, 0);        /* minus sign */
    expect_castle("ro", "0\u20100-0", ARB_CASTLE_LONG, 0);       /* hyphen, mixed */
    expect_castle("en", "O-O-O+", ARB_CASTLE_LONG, ARB_SPEC_CHECK);
    expect_castle("en", "O-O#", ARB_CASTLE_SHORT, ARB_SPEC_MATE);
    parse_fails("ro", "0-O", 3);
    parse_fails("ro", "00", 2);
}

Test(notation_parse, check_mate_annotation_and_draw_offer_suffixes)
{
    arb_move_spec s = parse_ok("ro", "De3+");
    expect_spec(&s, ARB_QUEEN, -1, -1, "e3", ARB_NO_KIND, ARB_SPEC_CHECK);
    s = parse_ok("ro", "De3++");
    expect_spec(&s, ARB_QUEEN, -1, -1, "e3", ARB_NO_KIND, ARB_SPEC_MATE);
    s = parse_ok("ro", "De3#");
    expect_spec(&s, ARB_QUEEN, -1, -1, "e3", ARB_NO_KIND, ARB_SPEC_MATE);
    s = parse_ok("ro", "Cf3!?");
    expect_spec(&s, ARB_KNIGHT, -1, -1, "f3", ARB_NO_KIND, ARB_SPEC_ANNOTATION);
    s = parse_ok("ro", "Rb1(=)");
    expect_spec(&s, ARB_KING, -1, -1, "b1", ARB_NO_KIND, ARB_SPEC_DRAW_OFFER);
    s = parse_ok("ro", "Rb1 (=)");
    expect_spec(&s, ARB_KING, -1, -1, "b1", ARB_NO_KIND, ARB_SPEC_DRAW_OFFER);
    s = parse_ok("ro", "e4=");
    expect_spec(&s, ARB_PAWN, -1, -1, "e4", ARB_NO_KIND, ARB_SPEC_DRAW_OFFER); /* = is not a promotion */
    s = parse_ok("ro", "d8=D=");
    expect_spec(&s, ARB_PAWN, -1, -1, "d8", ARB_QUEEN, ARB_SPEC_DRAW_OFFER);
    s = parse_ok("ro", "De3+(=)");
    expect_spec(&s, ARB_QUEEN, -1, -1, "e3", ARB_NO_KIND, ARB_SPEC_CHECK | ARB_SPEC_DRAW_OFFER);
    cr_assert_eq(arb_notation_extra(notation("ro"), "(=)", 3), ARB_SPEC_DRAW_OFFER);
    cr_assert_eq(arb_notation_extra(notation("ro"), "=", 1), ARB_SPEC_DRAW_OFFER);
    cr_assert_eq(arb_notation_extra(notation("ro"), "e4", 2), 0);
}

Test(notation_parse, long_algebraic)
{
    arb_move_spec s = parse_ok("ro", "e2-e4");
    expect_spec(&s, ARB_NO_KIND, 4, 1, "e4", ARB_NO_KIND, 0);
    s = parse_ok("ro", "e2e4");
    expect_spec(&s, ARB_NO_KIND, 4, 1, "e4", ARB_NO_KIND, 0);
    s = parse_ok("ro", "Cg1-f3");
    expect_spec(&s, ARB_KNIGHT, 6, 0, "f3", ARB_NO_KIND, 0);
    s = parse_ok("ro", "Cg1\u2013f3");
    expect_spec(&s, ARB_KNIGHT, 6, 0, "f3", ARB_NO_KIND, 0);
    s = parse_ok("en", "Ng1xf3");
    expect_spec(&s, ARB_KNIGHT, 6, 0, "f3", ARB_NO_KIND, ARB_SPEC_CAPTURE);
    s = parse_ok("ro", "e7-e8D");
    expect_spec(&s, ARB_NO_KIND, 4, 6, "e8", ARB_QUEEN, 0);
    s = parse_ok("en", "Pe2-e4");
    expect_spec(&s, ARB_PAWN, 4, 1, "e4", ARB_NO_KIND, 0);
}

Test(notation_parse, figurines_of_either_colour)
{
    arb_move_spec s = parse_ok("ro", "♘f3");
    expect_spec(&s, ARB_KNIGHT, -1, -1, "f3", ARB_NO_KIND, ARB_SPEC_FIGURINE);
    s = parse_ok("ru", "♞f6");
    expect_spec(&s, ARB_KNIGHT, -1, -1, "f6", ARB_NO_KIND, ARB_SPEC_FIGURINE);
    s = parse_ok("en", "♘g1-f3");
    expect_spec(&s, ARB_KNIGHT, 6, 0, "f3", ARB_NO_KIND, ARB_SPEC_FIGURINE);
    s = parse_ok("de", "♛xd8+");
    expect_spec(&s, ARB_QUEEN, -1, -1, "d8", ARB_NO_KIND, ARB_SPEC_FIGURINE | ARB_SPEC_CAPTURE | ARB_SPEC_CHECK);
    s = parse_ok("ro", "e8=♕");
    expect_spec(&s, ARB_PAWN, -1, -1, "e8", ARB_QUEEN, ARB_SPEC_FIGURINE);
    parse_fails("ro", "e8=♔", strlen("e8=♔")); /* no promotion to a king */
}

Test(notation_parse, coordinates_and_uci)
{
    arb_move_spec s = parse_ok("ro", "e7e8q");
    expect_spec(&s, ARB_NO_KIND, 4, 6, "e8", ARB_QUEEN, 0);
    s = parse_ok("ru", "a2a1n");
    expect_spec(&s, ARB_NO_KIND, 0, 1, "a1", ARB_KNIGHT, 0);
    s = parse_ok("ro", "e1h1");
    expect_spec(&s, ARB_NO_KIND, 4, 0, "h1", ARB_NO_KIND, 0);
}

Test(notation_parse, multi_letter_and_cyrillic_spellings)
{
    arb_move_spec s = parse_ok("ru", "Крe2");
    expect_spec(&s, ARB_KING, -1, -1, "e2", ARB_NO_KIND, 0);
    s = parse_ok("ru", "Кf3");
    expect_spec(&s, ARB_KNIGHT, -1, -1, "f3", ARB_NO_KIND, 0);
    s = parse_ok("ru", "Кр:e2");
    expect_spec(&s, ARB_KING, -1, -1, "e2", ARB_NO_KIND, ARB_SPEC_CAPTURE);
    s = parse_ok("ru", "d8Ф");
    expect_spec(&s, ARB_PAWN, -1, -1, "d8", ARB_QUEEN, 0);
    s = parse_ok("tr", "Şe2");
    expect_spec(&s, ARB_KING, -1, -1, "e2", ARB_NO_KIND, 0);
    s = parse_ok("el", "Ιf3");
    expect_spec(&s, ARB_KNIGHT, -1, -1, "f3", ARB_NO_KIND, 0);
    /* Cyrillic С (bishop in ru) and Latin C (knight in fr) are different letters */
    parse_fails("ru", "Cf3", 3);
    parse_fails("fr", "Сf3", strlen("Сf3"));
    s = parse_ok("ru", "Сf3");
    expect_spec(&s, ARB_BISHOP, -1, -1, "f3", ARB_NO_KIND, 0);
}

Test(notation_parse, syntax_errors)
{
    parse_fails("ro", "Zf3", 3);
    parse_fails("ro", "Nf3", 0);
    parse_fails("ro", "Cf9", 3);
    parse_fails("ro", "i4", 2);
    parse_fails("ro", "Cf3 extra", 9);
    parse_fails("ro", "\xff\xfe", 2);  /* not UTF-8 */
    parse_fails("ro", "\xe2\x99", 2);  /* cut figurine */
    char longest[200];
    memset(longest, '+', sizeof longest);
    memcpy(longest, "Cf3", 3);
    parse_fails("ro", longest, sizeof longest);
    parse_fails("ro", "e4\0", 3);      /* a NUL inside the token */
}

/* ---- resolution ------------------------------------------------------------------- */

static int read_at(const char *code, const char *fen, const char *token, arb_move *move, arb_movelist *cands)
{
    arb_position pos = fen_ok(fen);
    return arb_notation_read(notation(code), &pos, token, strlen(token), move, NULL, cands);
}

static void expect_move(const char *code, const char *fen, const char *token, const char *squares)
{
    arb_move move;
    arb_movelist cands;
    int rc = read_at(code, fen, token, &move, &cands);
    cr_assert_eq(rc, ARB_SAN_OK, "%s: '%s' gives %s", code, token, arb_san_error_text(rc));
    arb_position pos = fen_ok(fen);
    cr_assert_eq(move, must_find(&pos, squares), "%s: '%s' is not %s", code, token, squares);
}

static void expect_result(const char *code, const char *fen, const char *token, int expected, int candidates)
{
    arb_move move;
    arb_movelist cands;
    int rc = read_at(code, fen, token, &move, &cands);
    cr_assert_eq(rc, expected, "%s: '%s' gives %s, expected %s", code, token, arb_san_error_text(rc),
                 arb_san_error_text(expected));
    cr_assert_eq(cands.count, candidates, "%s: '%s': %d candidates", code, token, cands.count);
}

Test(notation_resolve, ambiguous_c10_lists_both_candidates)
{
    /* C10.3.1: knights on g1 and e1, one goes to f3 */
    const char *fen = "4k3/8/8/8/8/8/8/4N1NK w - - 0 1";
    arb_move move;
    arb_movelist cands;
    cr_assert_eq(read_at("ro", fen, "Cf3", &move, &cands), ARB_SAN_AMBIGUOUS);
    arb_position pos = fen_ok(fen);
    cr_assert_eq(cands.count, 2);
    cr_assert(in_list(&cands, must_find(&pos, "g1f3")));
    cr_assert(in_list(&cands, must_find(&pos, "e1f3")));
    expect_move("ro", fen, "Cgf3", "g1f3");
    expect_move("ro", fen, "Cef3", "e1f3");
    expect_move("ro", fen, "Cg1f3", "g1f3");
}

Test(notation_resolve, disambiguation_by_rank_and_by_file_c10_3)
{
    const char *same_file = "4k3/8/8/6N1/8/8/8/6NK w - - 0 1"; /* knights g5 and g1 */
    expect_result("ro", same_file, "Cf3", ARB_SAN_AMBIGUOUS, 2);
    expect_result("ro", same_file, "Cgf3", ARB_SAN_AMBIGUOUS, 2);
    expect_move("ro", same_file, "C5f3", "g5f3");
    expect_move("ro", same_file, "C1f3", "g1f3");
    const char *apart = "4k3/8/8/8/3N4/8/7N/7K w - - 0 1"; /* knights h2 and d4 */
    expect_move("ro", apart, "Chf3", "h2f3");
    expect_move("ro", apart, "Cdf3", "d4f3");
    expect_move("ro", apart, "Cdxf3", "d4f3"); /* a capture mark is not checked here */
}

Test(notation_resolve, a_pinned_piece_does_not_make_a_move_ambiguous)
{
    /* the knight on d2 is pinned by the bishop on a5, so Cf3 can only be Cg1-f3 */
    expect_move("ro", "4k3/8/8/b7/8/8/3N4/4K1N1 w - - 0 1", "Cf3", "g1f3");
}

Test(notation_resolve, illegal_moves_list_what_was_possible)
{
    expect_result("ro", ARB_START_FEN, "Cf4", ARB_SAN_ILLEGAL, 4);     /* the knights' four moves */
    expect_result("ro", ARB_START_FEN, "Nf3", ARB_SAN_ILLEGAL, 20);    /* N is a bishop in ro: none, so all */
    expect_result("ro", ARB_START_FEN, "Cb1f3", ARB_SAN_ILLEGAL, 1);   /* wrong origin: Cg1-f3 suggested */
    expect_result("ro", ARB_START_FEN, "e2e5", ARB_SAN_ILLEGAL, 2);    /* from e2: e3, e4 */
    expect_result("en", ARB_START_FEN, "Ke2", ARB_SAN_ILLEGAL, 20);
    expect_result("ro", ARB_START_FEN, "0-0", ARB_SAN_ILLEGAL, 20);
}

Test(notation_resolve, promotions)
{
    const char *fen = "k7/3P4/8/8/8/8/8/4K3 w - - 0 1";
    expect_result("ro", fen, "d8", ARB_SAN_BAD_PROMOTION, 4);
    expect_move("ro", fen, "d8D", "d7d8q");
    expect_move("ro", fen, "d8=T", "d7d8r");
    expect_move("ro", fen, "d8(N)", "d7d8b");
    expect_move("ro", fen, "d8/C", "d7d8n");
    expect_move("ro", fen, "d7-d8D", "d7d8q");
    expect_move("ro", fen, "d7d8q", "d7d8q");
    expect_move("ro", fen, "d8♘", "d7d8n");
    expect_result("ro", ARB_START_FEN, "e4D", ARB_SAN_BAD_PROMOTION, 1);
    const char *capture = "3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1";
    expect_move("ro", capture, "exd8C", "e7d8n");
    expect_move("ru", capture, "e:d8Ф", "e7d8q");
}

Test(notation_resolve, pawn_without_file_moves_straight)
{
    /* d5 means the push even when cxd5 would also reach d5; here the push is blocked */
    const char *fen = "4k3/8/8/3p4/2PP4/8/8/4K3 w - - 0 1";
    expect_result("ro", fen, "d5", ARB_SAN_ILLEGAL, 1);
    expect_move("ro", fen, "cd5", "c4d5");
    expect_move("ro", fen, "c:d5", "c4d5");
    expect_move("ro", fen, "xd5", "c4d5"); /* a capture mark alone: the pawn that captures */
}

Test(notation_resolve, en_passant)
{
    const char *fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
    expect_move("ro", fen, "exd6 e.p.", "e5d6");
    expect_move("ro", fen, "ed6", "e5d6");
    expect_move("ca", fen, "e5xd6 a.p.", "e5d6");
    expect_move("ro", fen, "e5d6", "e5d6");
    arb_position pos = fen_ok(fen);
    cr_assert_eq(arb_move_type(must_find(&pos, "e5d6")), ARB_MOVE_EN_PASSANT);
}

Test(notation_resolve, castling_by_name_rook_square_and_king_square)
{
    const char *fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    expect_move("ro", fen, "0-0", "e1h1");
    expect_move("ro", fen, "0-0-0", "e1a1");
    expect_move("ro", fen, "O\u2013O", "e1h1");
    expect_move("ro", fen, "e1g1", "e1h1");   /* UCI, standard chess */
    expect_move("ro", fen, "e1c1", "e1a1");
    expect_move("ro", fen, "e1h1", "e1h1");   /* king takes own rook */
    expect_move("en", fen, "Ke1-g1", "e1h1");
    expect_move("ro", fen, "Rh1", "e1h1");    /* R is the Romanian king */
    expect_result("en", fen, "Kg1", ARB_SAN_ILLEGAL, 7);
}

Test(notation_resolve, chess960_king_takes_rook)
{
    const char *fen = "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1";
    expect_move("ro", fen, "g1h1", "g1h1");
    expect_move("ro", fen, "0-0", "g1h1");
    arb_position pos = fen_ok(fen);
    cr_assert(pos.chess960);
    cr_assert_eq(arb_move_type(must_find(&pos, "g1h1")), ARB_MOVE_CASTLING);
}

Test(notation_resolve, the_fast_path_is_used_only_where_it_reads_alike)
{
    arb_position pos = fen_ok(ARB_START_FEN);
    arb_move move;
    arb_move_spec spec;
    cr_assert_eq(arb_notation_read(notation("en"), &pos, "Nf3", 3, &move, &spec, NULL), ARB_SAN_OK);
    cr_assert(spec.flags & ARB_SPEC_FAST_PATH);
    cr_assert_eq(spec.kind, ARB_KNIGHT);
    cr_assert_eq(arb_notation_read(notation("ro"), &pos, "e4", 2, &move, &spec, NULL), ARB_SAN_OK);
    cr_assert(spec.flags & ARB_SPEC_FAST_PATH, "plain pawn moves read alike everywhere");
    cr_assert_eq(arb_notation_read(notation("ro"), &pos, "Cf3", 3, &move, &spec, NULL), ARB_SAN_OK);
    cr_assert_not(spec.flags & ARB_SPEC_FAST_PATH);
    cr_assert_eq(arb_notation_read(notation("en"), &pos, "Ng1-f3", 6, &move, &spec, NULL), ARB_SAN_OK);
    cr_assert_eq(move, must_find(&pos, "g1f3"));
    cr_assert_eq(arb_notation_read(notation("en"), &pos, "0\u20130", strlen("0\u20130"), &move, &spec, NULL),
                 ARB_SAN_ILLEGAL, "SAN parser refuses the en dash, the grammar reads it");
}

Test(notation_resolve, marks_are_reported_never_trusted)
{
    arb_position pos = fen_ok(ARB_START_FEN);
    arb_move move;
    arb_move_spec spec;
    cr_assert_eq(arb_notation_read(notation("ro"), &pos, "e4#", 3, &move, &spec, NULL), ARB_SAN_OK);
    cr_assert_eq(arb_notation_wrong_marks(&pos, &spec, move), ARB_SPEC_MATE);
    cr_assert_eq(arb_notation_read(notation("ro"), &pos, "Cxf3+", 5, &move, &spec, NULL), ARB_SAN_OK);
    cr_assert_eq(arb_notation_wrong_marks(&pos, &spec, move), ARB_SPEC_CAPTURE | ARB_SPEC_CHECK);
    cr_assert_eq(arb_notation_read(notation("ro"), &pos, "d4 e.p.", 7, &move, &spec, NULL), ARB_SAN_OK);
    cr_assert_eq(arb_notation_wrong_marks(&pos, &spec, move), ARB_SPEC_EN_PASSANT);

    arb_position ep = fen_ok("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    cr_assert_eq(arb_notation_read(notation("ro"), &ep, "exd6 e.p.+", 10, &move, &spec, NULL), ARB_SAN_OK);
    cr_assert_eq(arb_notation_wrong_marks(&ep, &spec, move), ARB_SPEC_CHECK, "captures e.p., no check");
    arb_position mate = fen_ok("6k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1");
    cr_assert_eq(arb_notation_read(notation("ro"), &mate, "Td8++", 5, &move, &spec, NULL), ARB_SAN_OK);
    cr_assert_eq(arb_notation_wrong_marks(&mate, &spec, move), 0, "++ is mate (C.13) and it is");
}

/* ---- FIDE Appendix C.13 example games, as printed in the Laws ----------------------- */

#define C13_SAN "e4 e5 Nf3 Nf6 d4 exd4 e5 Ne4 Qxd4 d5 exd6 Nxd6 Bg5 Nc6 Qe3+ Be7 Nbd2 O-O O-O-O Re8 Kb1"

Test(notation_games, romanian_laws_both_forms)
{
    char san[1024];
    cr_assert_str_eq(read_game(notation("ro"), NULL,
        "1.e4 e5 2.Cf3 Cf6 3.d4 exd4 4.e5 Ce4 5.Dxd4 d5 6.exd6 e.p. Cxd6 7.Ng5 Cc6 8.De3+ Ne7 9.Cbd2 "
        "0-0 10. 0-0-0 Te8 11.Rb1(=)", san, sizeof san), C13_SAN);
    cr_assert_str_eq(read_game(notation("ro"), NULL,
        "1.e4 e5 2.Cf3 Cf6 3.d4 ed4 4.e5 Ce4 5.Dd4 d5 6.ed6 Cd6 7.Ng5 Cc6 8.De3 Ne7 9.Cbd2 0-0 "
        "10. 0-0-0 Te8 11.Rb1(=)", san, sizeof san), C13_SAN);
}

Test(notation_games, catalan_laws_three_forms_including_long)
{
    char san[1024];
    cr_assert_str_eq(read_game(notation("ca"), NULL,
        "1.e4 e5 2. Cf3 Cf6 3. d4 exd4 4. e5 Ce4 5. Dxd4 d5 6. exd6 e.p. Cxd6 7. Ag5 Cc6 8. De3+ Ae7 "
        "9. Cbd2 0-0 10. 0-0-0 Te8 11. Rb1 (=)", san, sizeof san), C13_SAN);
    cr_assert_str_eq(read_game(notation("ca"), NULL,
        "1. e4 e5 2. Cf3 Cf6 3. d4 ed4 4. e5 Ce4 5. Dd4 d5 6. ed6 Cd6 7. Ag5 Cc6 8. De3 Ae7 9 Cbd2 0-0 "
        "10. 0-0-0 Te8 11. Rb1 (=)", san, sizeof san), C13_SAN);
    /* the long form as printed has 8. Dd4d3 where the others have De3 */
    cr_assert_str_eq(read_game(notation("ca"), NULL,
        "1. e2e4 e7e5 2.Cg1f3 Cg8f6 3. d2d4 e5xd4 4. e4e5 Cf6e4 5. Dd1xd4 d7d5 6. e5xd6 a.p. Ce4xd6 "
        "7. Ac1g5 Cb8c6 8. Dd4d3 Af8e7 9. Cb1d2 0-0 10. 0-0-0 Tf8e8 11. Rb1 (=)", san, sizeof san),
        "e4 e5 Nf3 Nf6 d4 exd4 e5 Ne4 Qxd4 d5 exd6 Nxd6 Bg5 Nc6 Qd3 Be7 Nbd2 O-O O-O-O Re8 Kb1");
}

Test(notation_games, slovenian_laws)
{
    char san[1024];
    cr_assert_str_eq(read_game(notation("sl"), NULL,
        "1. e4 e5 2. Sf3 Sf6 3. d4 exd4 4. e5 Se4 5. Dxd4 d5 6. exd6 e.p. Sxd6 7. Lg5 Sc6 8. De3+ Le7 "
        "9. Sbd2 0-0 10. 0-0-0 Te8 11. Kb1(=)", san, sizeof san), C13_SAN);
}

Test(notation_games, russian_serbian_and_figurine_scores)
{
    char san[1024];
    cr_assert_str_eq(read_game(notation("ru"), NULL,
        "1.e4 e5 2.Кf3 Кf6 3.d4 e:d4 4.e5 Кe4 5.Ф:d4 d5 6.e:d6 e.p. К:d6 7.Сg5 Кc6 8.Фe3+ Сe7 9.Кbd2 "
        "0-0 10.0-0-0 Лe8 11.Крb1", san, sizeof san), C13_SAN);
    cr_assert_str_eq(read_game(notation("sr-Cyrl"), NULL,
        "1.e4 e5 2.Сf3 Сf6 3.d4 exd4 4.e5 Сe4 5.Дxd4 d5 6.exd6 Сxd6 7.Лg5 Сc6 8.Дe3+ Лe7 9.Сbd2 "
        "0-0 10.0-0-0 Тe8 11.Кb1", san, sizeof san), C13_SAN);
    cr_assert_str_eq(read_game(notation("en"), NULL,
        "1.e4 e5 2.♘f3 ♞f6 3.d4 exd4 4.e5 ♞e4 5.♕xd4 d5 6.exd6 ♞xd6 7.♗g5 ♞c6 8.♕e3+ ♝e7 9.♘bd2 "
        "O-O 10.O-O-O ♜e8 11.♔b1", san, sizeof san), C13_SAN);
}

/* ---- writing ---------------------------------------------------------------------- */

/* Writes each move of a squares-notation line in a locale; returns them joined. */
static const char *write_line(const char *code, const char *fen, const char *line, char *out, size_t size)
{
    arb_position pos = fen_ok(fen);
    char buf[512];
    snprintf(buf, sizeof buf, "%s", line);
    size_t used = 0;
    out[0] = '\0';
    for (char *save = NULL, *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        arb_move m = must_find(&pos, t);
        char text[ARB_NOTATION_MAX];
        size_t n = strcmp(code, "fan") == 0 ? arb_fan_write(&pos, m, ARB_FAN_WHITE, text)
                 : strcmp(code, "fan-colour") == 0 ? arb_fan_write(&pos, m, ARB_FAN_BY_COLOR, text)
                 : arb_notation_write(notation(code), &pos, m, text);
        cr_assert_eq(n, strlen(text));
        used += (size_t)snprintf(out + used, size - used, "%s%s", used ? " " : "", text);
        arb_position next;
        arb_position_make(&pos, m, &next);
        pos = next;
    }
    return out;
}

#define C13_SQUARES "e2e4 e7e5 g1f3 g8f6 d2d4 e5d4 e4e5 f6e4 d1d4 d7d5 e5d6 e4d6 c1g5 b8c6 d4e3 f8e7 " \
                    "b1d2 e8h8 e1a1 f8e8 c1b1"

Test(notation_write, locale_letters_in_san_form)
{
    char out[1024];
    cr_assert_str_eq(write_line("ro", ARB_START_FEN, C13_SQUARES, out, sizeof out),
                     "e4 e5 Cf3 Cf6 d4 exd4 e5 Ce4 Dxd4 d5 exd6 Cxd6 Ng5 Cc6 De3+ Ne7 Cbd2 0-0 0-0-0 Te8 Rb1");
    cr_assert_str_eq(write_line("ru", ARB_START_FEN, C13_SQUARES, out, sizeof out),
                     "e4 e5 Кf3 Кf6 d4 exd4 e5 Кe4 Фxd4 d5 exd6 Кxd6 Сg5 Кc6 Фe3+ Сe7 Кbd2 0-0 0-0-0 Лe8 Крb1");
    cr_assert_str_eq(write_line("en", ARB_START_FEN, C13_SQUARES, out, sizeof out), C13_SAN);
}

Test(notation_write, promotion_and_mate_marks)
{
    char out[256];
    const char *fen = "3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1";
    cr_assert_str_eq(write_line("ro", fen, "e7d8q", out, sizeof out), "exd8D+", "C.11: no = in ro");
    cr_assert_str_eq(write_line("en", fen, "e7d8n", out, sizeof out), "exd8=N");
    cr_assert_str_eq(write_line("hu", fen, "e7d8r", out, sizeof out), "exd8B+");
    cr_assert_str_eq(write_line("ro", ARB_START_FEN, "f2f3 e7e5 g2g4 d8h4", out, sizeof out), "f3 e5 g4 Dh4#");
}

Test(notation_write, figurines)
{
    char out[1024];
    cr_assert_str_eq(write_line("fan", ARB_START_FEN, "g1f3 g8f6 e2e4 f6e4 f1e2 e4d6 e1h1", out, sizeof out),
                     "♘f3 ♘f6 e4 ♘xe4 ♗e2 ♘d6 O-O");
    cr_assert_str_eq(write_line("fan-colour", ARB_START_FEN, "g1f3 g8f6", out, sizeof out), "♘f3 ♞f6");
    cr_assert_str_eq(write_line("fan", "k7/3P4/8/8/8/8/8/4K3 w - - 0 1", "d7d8q", out, sizeof out), "d8=♕+");
}

/* ---- round trips: SAN -> LANG -> SAN is the identity -------------------------------- */

static void round_trip_random_games(const arb_notation *n, const char *fen, uint64_t seed, int games)
{
    arb_notation *fan_reader = notation("en");
    for (int g = 0; g < games; g++) {
        arb_position pos = fen_ok(fen);
        for (int ply = 0; ply < 200; ply++) {
            arb_movelist legal;
            if (arb_generate_legal(&pos, &legal) == 0)
                break;
            arb_move m = legal.moves[test_rand(&seed) % (uint32_t)legal.count];
            char text[ARB_NOTATION_MAX];
            size_t len = arb_notation_write(n, &pos, m, text);
            arb_move back;
            int rc = arb_notation_read(n, &pos, text, len, &back, NULL, NULL);
            cr_assert_eq(rc, ARB_SAN_OK, "%s: wrote '%s', reading it gives %s", arb_locale_code(arb_notation_locale(n)),
                         text, arb_san_error_text(rc));
            cr_assert_eq(back, m, "%s: '%s' reads back as another move", arb_locale_code(arb_notation_locale(n)), text);
            len = arb_fan_write(&pos, m, (int)(seed & 1), text);
            cr_assert_eq(arb_notation_read(fan_reader, &pos, text, len, &back, NULL, NULL), ARB_SAN_OK, "FAN %s", text);
            cr_assert_eq(back, m, "FAN '%s' reads back as another move", text);
            arb_position next;
            arb_position_make(&pos, m, &next);
            pos = next;
        }
    }
}

Test(notation_round_trip, every_locale_random_games)
{
    static const char *const starts[] = {
        ARB_START_FEN,
        "k7/2PPPP2/8/8/8/8/2pppp2/7K w - - 0 1",               /* promotions galore */
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",   /* castling both sides */
        "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1",   /* Chess960 */
        "4k3/8/2N1N3/1N3N2/8/1N3N2/2N1N3/4K3 w - - 0 1",        /* square disambiguation */
    };
    for (size_t i = 0; i < arb_locales_count(locales()); i++) {
        arb_notation *n = notation(arb_locale_code(arb_locales_at(locales(), i)));
        for (size_t s = 0; s < sizeof starts / sizeof *starts; s++)
            round_trip_random_games(n, starts[s], 1000 * i + s, 3);
    }
}

/* ---- one notation, several threads -------------------------------------------------- */

typedef struct thread_job {
    const arb_notation *n;
    int ok;
} thread_job;

static void *read_many(void *arg)
{
    thread_job *job = arg;
    static const char *const tokens[] = {"Cf3", "C:f3", "d8(D)", "0\u20130", "♘g1-f3", "e2e4", "Rb1(=)"};
    for (int round = 0; round < 3000; round++)
        for (size_t i = 0; i < sizeof tokens / sizeof *tokens; i++) {
            arb_move_spec spec;
            job->ok += arb_notation_parse(job->n, tokens[i], strlen(tokens[i]), &spec) == ARB_SAN_OK;
        }
    return NULL;
}

Test(notation_threads, one_notation_shared_by_threads)
{
    arb_notation *n = notation("ro");
    thread_job jobs[4];
    pthread_t threads[4];
    for (int t = 0; t < 4; t++) {
        jobs[t] = (thread_job){n, 0};
        cr_assert_eq(pthread_create(&threads[t], NULL, read_many, &jobs[t]), 0);
    }
    for (int t = 0; t < 4; t++) {
        pthread_join(threads[t], NULL);
        cr_assert_eq(jobs[t].ok, 3000 * 7, "thread %d: %d tokens read", t, jobs[t].ok);
    }
}
