/* test_pgn_boundary.c — the one set of game-boundary rules (pgn_boundary.h)
 * that the lexer and the parallel driver share: tag pairs, termination
 * markers before a line, boundaries, padding bytes. */
#include <criterion/criterion.h>
#include <string.h>

#include "pgn_boundary.h"
#include "pgn_lex.h"

static int tag_at(const char *s, bool more)
{
    return arb_pgn_tag_pair_at(s, strlen(s), 0, more);
}

Test(pgn_boundary, tag_pair_forms)
{
    cr_assert_eq(tag_at("[Event \"x\"]", false), 1);
    cr_assert_eq(tag_at("[White_Elo2 \"2500\"]", false), 1);
    cr_assert_eq(tag_at("[a\t\t \"\"]", false), 1);
    cr_assert_eq(tag_at("[Event\"x\"]", false), 0, "a blank must separate name and value");
    cr_assert_eq(tag_at("[1Event \"x\"]", false), 0, "a name starts with a letter");
    cr_assert_eq(tag_at("[_Event \"x\"]", false), 0);
    cr_assert_eq(tag_at("[Event x]", false), 0, "the value is quoted");
    cr_assert_eq(tag_at("[Ev-ent \"x\"]", false), 0);
    cr_assert_eq(tag_at(" [Event \"x\"]", false), 0, "the '[' is the byte asked about");
    cr_assert_eq(tag_at("1. e4 [", false), 0);
}

Test(pgn_boundary, tag_pair_cut_by_the_end_of_the_bytes)
{
    /* every prefix of a tag pair is unknown while more may follow, no tag pair at the end */
    const char *full = "[Event \"x\"]";
    for (size_t n = 0; n <= 7; n++) {
        cr_assert_eq(arb_pgn_tag_pair_at(full, n, 0, true), -1, "prefix of %zu bytes", n);
        cr_assert_eq(arb_pgn_tag_pair_at(full, n, 0, false), 0, "prefix of %zu bytes", n);
    }
    cr_assert_eq(arb_pgn_tag_pair_at(full, 8, 0, true), 1);
    /* a wrong byte is known at once */
    cr_assert_eq(arb_pgn_tag_pair_at("{x", 2, 0, true), 0);
    cr_assert_eq(arb_pgn_tag_pair_at("[Ev]", 4, 0, true), 0);
    /* an offset inside the bytes */
    cr_assert_eq(arb_pgn_tag_pair_at("ab\n[Site \"y\"]", 14, 3, false), 1);
}

static bool marker_at_end(const char *s)
{
    return arb_pgn_marker_before(s, strlen(s));
}

Test(pgn_boundary, termination_markers)
{
    cr_assert(marker_at_end("1. e4 e5 1-0\n"));
    cr_assert(marker_at_end("1. e4 e5 0-1 \r\n\n"));
    cr_assert(marker_at_end("1. e4 e5 1/2-1/2\n"));
    cr_assert(marker_at_end("1. e4 e5 1/2\n"));
    cr_assert(marker_at_end("1. e4 *\n"));
    cr_assert(marker_at_end("1. e4 {done}*\n"));
    cr_assert(marker_at_end("1. e4 (1. d4)1-0\n"));
    cr_assert(marker_at_end("*\n"), "a marker at the start of the bytes");
    cr_assert_not(marker_at_end("1. e4 e5\n"));
    cr_assert_not(marker_at_end("[Result \"1-0\"]\n"), "a Result tag is no marker");
    cr_assert_not(marker_at_end("1. e4 a1-0\n"), "a marker stands after a separator");
    cr_assert_not(marker_at_end("1. e4 e5 ½-½\n"), "the boundary rules know the ASCII markers only");
    cr_assert_not(marker_at_end(""));
}

Test(pgn_boundary, marker_looks_back_4_kib_at_most)
{
    size_t pad = 5000;
    char *s = malloc(pad + 8);
    memcpy(s, "1-0", 3);
    memset(s + 3, '\n', pad);
    cr_assert_not(arb_pgn_marker_before(s, pad + 3), "blanks over 4 KiB hide the marker");
    cr_assert(arb_pgn_marker_before(s, 4000));
    free(s);
}

Test(pgn_boundary, boundaries)
{
    const char *two = "[Event \"a\"]\n\n1. e4 1-0\n\n[Event \"b\"]\n\n1. d4 *\n";
    size_t len = strlen(two);
    size_t b = arb_pgn_find_boundary(two, len, 0);
    cr_assert_eq(b, (size_t)(strstr(two, "[Event \"b\"]") - two));
    cr_assert_eq(arb_pgn_find_boundary(two, len, b + 1), 0, "one boundary only");
    cr_assert_eq(arb_pgn_find_boundary(two, len, b - 1), b, "the line break before it may be `from`");
    cr_assert_eq(arb_pgn_find_boundary(two, len, b), 0, "a boundary starts a line after `from`");
    /* a tag line after movetext without a marker is no safe boundary */
    const char *open = "1. e4 e5\n[Event \"b\"]\n1. d4 *\n";
    cr_assert_eq(arb_pgn_find_boundary(open, strlen(open), 0), 0);
    /* a line starting with '[' that is not a tag pair */
    const char *bracket = "1. e4 1-0\n[not a tag]\n";
    cr_assert_eq(arb_pgn_find_boundary(bracket, strlen(bracket), 0), 0);
    /* the tag line cut by the end of the bytes is not (yet) a boundary */
    cr_assert_eq(arb_pgn_find_boundary(two, b + 5, 0), 0);
    cr_assert_eq(arb_pgn_find_boundary("", 0, 0), 0);
}

Test(pgn_boundary, padding_bytes)
{
    const char *pad = " \t\r\n\f\v";
    for (const char *p = pad; *p; p++)
        cr_assert(arb_pgn_padding_byte((unsigned char)*p));
    cr_assert(arb_pgn_padding_byte(0));
    cr_assert_not(arb_pgn_padding_byte('['));
    cr_assert_not(arb_pgn_padding_byte('%'));
    cr_assert_not(arb_pgn_padding_byte(0xA0));
}

/* The lexer follows the same rule: an unterminated comment stops before a
 * line that opens a tag pair, and not before one that only starts with '['. */
Test(pgn_boundary, lexer_stops_a_comment_at_a_tag_pair)
{
    const char *text = "1. e4 {open\n[Event \"b\"]\n";
    arb_pgn_lexer lx;
    arb_pgn_lexer_init(&lx, text, strlen(text), true);
    arb_pgn_token tok;
    int k;
    while ((k = arb_pgn_lex(&lx, &tok)) != ARB_PGN_TOK_EOF && k != ARB_PGN_TOK_ERROR)
        ;
    cr_assert_eq(k, ARB_PGN_TOK_ERROR);
    cr_assert(tok.flags & ARB_PGN_TF_UNTERMINATED);
    cr_assert_eq(tok.line, 1);
    k = arb_pgn_lex(&lx, &tok);
    cr_assert_eq(k, ARB_PGN_TOK_TAG_OPEN);
    cr_assert_eq(tok.line, 2);

    const char *not_tag = "1. e4 {open\n[x]\n} e5";
    arb_pgn_lexer_init(&lx, not_tag, strlen(not_tag), true);
    while ((k = arb_pgn_lex(&lx, &tok)) != ARB_PGN_TOK_EOF && k != ARB_PGN_TOK_COMMENT && k != ARB_PGN_TOK_ERROR)
        ;
    cr_assert_eq(k, ARB_PGN_TOK_COMMENT, "the comment runs over a '[' line that is no tag pair");
}
