/* test_trf.c — lib/tournament/trf.h: the TRF-16 reader (columns, line ends,
 * encodings, short and padded lines, unknown records, positioned messages
 * for malformed player lines) and name_match.h (the forms organisers write
 * names in). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "name_match.h"
#include "trf.h"

/* A 001 line in TRF-16 columns: rank 1..9999, name, FIDE ID, points, then
 * cells "opp c r" joined by '|' ("" for a blank cell). */
static void line001(char *buf, size_t size, int rank, const char *name, unsigned long id, const char *points,
                    const char *cells)
{
    /* the name padded to 33 characters (not bytes) */
    char padded[160];
    size_t chars = 0, len = strlen(name);
    for (size_t i = 0; i < len; i++)
        chars += ((unsigned char)name[i] & 0xC0) != 0x80;
    snprintf(padded, sizeof padded, "%s%*s", name, chars < 33 ? (int)(33 - chars) : 0, "");
    int n = snprintf(buf, size, "001 %4d m    %s 2000 GER %11lu 1990/01/01 %4s %4d", rank, padded, id,
                     points, rank);
    for (const char *c = cells; c && *c;) {
        const char *bar = strchr(c, '|');
        size_t len = bar ? (size_t)(bar - c) : strlen(c);
        int opp;
        char colour, result;
        if (len && sscanf(c, "%d %c %c", &opp, &colour, &result) == 3)
            n += snprintf(buf + n, size - (size_t)n, "  %4d %c %c", opp, colour, result);
        else
            n += snprintf(buf + n, size - (size_t)n, "          ");
        c = bar ? bar + 1 : c + len;
    }
}

static arb_trf *parse(const char *text)
{
    arb_trf *t;
    arb_status st = arb_trf_parse(text, strlen(text), "t.trf", &t);
    cr_assert_eq(st.code, 0, "%s", st.message);
    cr_assert_not_null(t);
    return t;
}

static char event[2048];

/* two players, two rounds: 1 beats 2 with White, then a draw with Black */
static const char *two_players(const char *eol)
{
    char a[256], b[256];
    line001(a, sizeof a, 1, "Müller,Hans", 4600001, "1.5", "2 w 1|2 b =");
    line001(b, sizeof b, 2, "Şahin,Ayşe", 6300002, "0.5", "1 b 0|1 w =");
    snprintf(event, sizeof event, "012 Test Open%s042 2025/01/01%s%s%s%s%sXXR 2%s", eol, eol, a, eol, b, eol, eol);
    return event;
}

Test(trf, reads_the_columns)
{
    arb_trf *t = parse(two_players("\n"));
    cr_assert_str_eq(t->event, "Test Open");
    cr_assert_str_eq(t->start_date, "2025/01/01");
    cr_assert_eq(t->player_count, 2);
    cr_assert_eq(t->rounds, 2);
    cr_assert_eq(t->declared_rounds, 2);
    cr_assert_eq(t->diag_count, 0, "%s", t->diag_count ? t->diags[0].message : "");
    const arb_trf_player *p = arb_trf_player_by_rank(t, 1);
    cr_assert_str_eq(p->name, "Müller,Hans");
    cr_assert_eq(p->fide_id, 4600001);
    cr_assert_eq(p->rating, 2000);
    cr_assert_str_eq(p->federation, "GER");
    cr_assert_eq(p->points_tenths, 15);
    cr_assert_eq(p->line, 3);
    const arb_trf_cell *c = arb_trf_cell_of(t, p, 1);
    cr_assert_eq(c->opponent, 2);
    cr_assert_eq(c->colour, 'w');
    cr_assert_eq(c->result, '1');
    cr_assert_eq(c->col, 92);
    c = arb_trf_cell_of(t, p, 2);
    cr_assert_eq(c->colour, 'b');
    cr_assert_eq(c->result, '=');
    cr_assert_null(arb_trf_cell_of(t, p, 3));
    cr_assert_null(arb_trf_player_by_rank(t, 3));
    arb_trf_free(t);
}

Test(trf, every_line_end_reads_alike)
{
    const char *ends[] = {"\n", "\r\n", "\r"};
    for (int i = 0; i < 3; i++) {
        arb_trf *t = parse(two_players(ends[i]));
        cr_assert_eq(t->player_count, 2, "line end %d", i);
        cr_assert_eq(t->players[1].line, 4, "line end %d", i);
        cr_assert_eq(arb_trf_cell_of(t, &t->players[1], 2)->result, '=', "line end %d", i);
        cr_assert_eq(t->diag_count, 0);
        arb_trf_free(t);
    }
}

Test(trf, utf8_names_do_not_shift_the_cells)
{
    /* "Şahin,Ayşe" has two 2-byte letters: the columns are characters */
    arb_trf *t = parse(two_players("\n"));
    const arb_trf_player *p = arb_trf_player_by_rank(t, 2);
    cr_assert_str_eq(p->name, "Şahin,Ayşe");
    cr_assert_eq(p->fide_id, 6300002);
    cr_assert_eq(arb_trf_cell_of(t, p, 1)->opponent, 1);
    cr_assert_not(t->converted_encoding);
    arb_trf_free(t);
}

Test(trf, latin1_names_are_converted)
{
    char a[256];
    line001(a, sizeof a, 1, "M\xFCller,J\xFCrgen", 0, "0.0", "");
    arb_trf *t = parse(a);
    cr_assert_eq(t->player_count, 1);
    cr_assert_str_eq(t->players[0].name, "Müller,Jürgen");
    cr_assert(t->converted_encoding);
    arb_trf_free(t);
}

Test(trf, short_and_padded_lines)
{
    char a[256];
    line001(a, sizeof a, 7, "Short,Line", 0, "", "");
    a[60] = '\0';   /* ends inside the FIDE ID column */
    char text[600];
    snprintf(text, sizeof text, "%s\n012 Padded   %-100s\n", a, "");
    arb_trf *t = parse(text);
    cr_assert_eq(t->player_count, 1);
    cr_assert_str_eq(t->players[0].name, "Short,Line");
    cr_assert_eq(t->players[0].points_tenths, -1);
    cr_assert_eq(t->players[0].cell_count, 0);
    cr_assert_str_eq(t->event, "Padded");
    cr_assert_eq(t->diag_count, 0);
    arb_trf_free(t);
}

Test(trf, unknown_records_are_ignored)
{
    arb_trf *t = parse("012 E\nXXC white1\nXXZ 1 2 3\n999 whatever\n\n   \n");
    cr_assert_eq(t->player_count, 0);
    /* only the absence of players is said */
    cr_assert_eq(t->diag_count, 1);
    cr_assert(strstr(t->diags[0].message, "no player records"));
    arb_trf_free(t);
}

Test(trf, malformed_player_lines_are_positioned_and_reading_goes_on)
{
    char a[256], b[256], c[256], text[1024];
    line001(a, sizeof a, 1, "One,A", 0, "1.0", "2 w 1|3 x 1");    /* round 2: colour x */
    line001(b, sizeof b, 2, "Two,B", 0, "0.0", "1 b 0");
    memcpy(b + 4, "  ab", 4);                                      /* no start rank */
    line001(c, sizeof c, 3, "Three,C", 0, "0.0", "1 b 0|1 w =");   /* cut inside a cell */
    size_t lc = strlen(c);
    c[lc - 2] = '\0';
    snprintf(text, sizeof text, "%s\n%s\n%s\n", a, b, c);
    arb_trf *t = parse(text);
    cr_assert_eq(t->player_count, 2);
    cr_assert_eq(t->diag_count, 3);
    cr_assert_eq(t->diags[0].line, 1);
    cr_assert_eq(t->diags[0].col, 107);
    cr_assert(strstr(t->diags[0].message, "round 2: colour \"x\""), "%s", t->diags[0].message);
    cr_assert_eq(t->diags[1].line, 2);
    cr_assert_eq(t->diags[1].col, 5);
    cr_assert(strstr(t->diags[1].message, "start rank"));
    cr_assert_eq(t->diags[2].line, 3);
    cr_assert(strstr(t->diags[2].message, "round 2"), "%s", t->diags[2].message);
    /* what could be read is there */
    cr_assert_eq(arb_trf_cell_of(t, arb_trf_player_by_rank(t, 1), 1)->result, '1');
    cr_assert_eq(arb_trf_cell_of(t, arb_trf_player_by_rank(t, 1), 2)->result, '?');
    cr_assert_eq(arb_trf_cell_of(t, arb_trf_player_by_rank(t, 3), 1)->opponent, 1);
    arb_trf_free(t);
}

Test(trf, byes_with_blank_opponent_and_colour)
{
    char a[256];
    line001(a, sizeof a, 1, "Bye,Taker", 0, "1.5", "0 - F");
    strcat(a, "         H");   /* lichess: blank opponent and colour */
    arb_trf *t = parse(a);
    cr_assert_eq(t->diag_count, 0, "%s", t->diag_count ? t->diags[0].message : "");
    const arb_trf_cell *c = arb_trf_cell_of(t, &t->players[0], 2);
    cr_assert_eq(c->opponent, 0);
    cr_assert_eq(c->colour, '-');
    cr_assert_eq(c->result, 'H');
    arb_trf_free(t);
}

Test(trf, duplicate_rank_and_long_line)
{
    char a[256], text[20000];
    line001(a, sizeof a, 5, "First,A", 0, "", "");
    int n = snprintf(text, sizeof text, "%s\n%s\n012 ", a, a);
    memset(text + n, 'x', 9000);
    text[n + 9000] = '\0';
    arb_trf *t = parse(text);
    cr_assert_eq(t->player_count, 1);
    cr_assert_eq(t->diag_count, 2);
    cr_assert(strstr(t->diags[0].message, "given twice"));
    cr_assert(strstr(t->diags[1].message, "longer than"));
    arb_trf_free(t);
}

Test(trf, results)
{
    for (const char *r = "10=WDL"; *r; r++)
        cr_assert(arb_trf_result_played(*r));
    for (const char *r = "+-HFUZ ?"; *r; r++)
        cr_assert_not(arb_trf_result_played(*r));
    cr_assert_eq(arb_trf_result_tenths('+'), 10);
    cr_assert_eq(arb_trf_result_tenths('H'), 5);
    cr_assert_eq(arb_trf_result_tenths('Z'), 0);
}

/* ---- names ------------------------------------------------------------------- */

static int compare(const char *a, const char *b)
{
    arb_name_key ka, kb;
    arb_name_key_make(a, &ka);
    arb_name_key_make(b, &kb);
    int ab = arb_name_compare(&ka, &kb), ba = arb_name_compare(&kb, &ka);
    cr_assert_eq(ab, ba, "not symmetric: %s / %s", a, b);
    return ab;
}

Test(names, the_same_but_case_and_spaces)
{
    cr_assert_eq(compare("Müller,Hans", "Müller, Hans"), ARB_NAME_SAME);
    cr_assert_eq(compare("Müller,Hans", "MÜLLER,HANS"), ARB_NAME_SAME);
    cr_assert_eq(compare("Петров,Иван", "ПЕТРОВ, иван"), ARB_NAME_SAME);
}

Test(names, the_same_words)
{
    cr_assert_eq(compare("Müller,Hans", "Mueller,Hans"), ARB_NAME_WORDS);
    cr_assert_eq(compare("Müller,Hans", "Hans Muller"), ARB_NAME_WORDS);
    cr_assert_eq(compare("Şahin,Ayşe", "Șahin,Ayșe"), ARB_NAME_WORDS);
    cr_assert_eq(compare("Şahin,Ayşe", "Sahin Ayse"), ARB_NAME_WORDS);
    cr_assert_eq(compare("Carlsen,Magnus", "MagnusCarlsen"), ARB_NAME_WORDS);
    cr_assert_eq(compare("van der Wiel,John", "vanderWiel_John"), ARB_NAME_WORDS);
    cr_assert_eq(compare("O'Kelly,Alberic", "OKelly Alberic"), ARB_NAME_WORDS);
    cr_assert_eq(compare("Petrov,Ivan", "Петров, Иван"), ARB_NAME_WORDS);
    cr_assert_eq(compare("Straße,Max", "Strasse,Max"), ARB_NAME_WORDS);
}

Test(names, initials_and_parts)
{
    cr_assert_eq(compare("Müller,Hans", "Müller, H."), ARB_NAME_PART);
    cr_assert_eq(compare("Müller,Hans", "H. Mueller"), ARB_NAME_PART);
    cr_assert_eq(compare("Haub,Thorsten Michael", "Haub,Thorsten"), ARB_NAME_PART);
    cr_assert_eq(compare("Müller,Hans", "Müller"), ARB_NAME_PART);
}

Test(names, different)
{
    cr_assert_eq(compare("Müller,Hans", "Meier,Hans"), ARB_NAME_DIFFERENT);
    cr_assert_eq(compare("Test0001 Player0001", "Test0002 Player0002"), ARB_NAME_DIFFERENT);
    cr_assert_eq(compare("Müller,Hans", "H."), ARB_NAME_DIFFERENT);
    cr_assert_eq(compare("Müller,Hans", ""), ARB_NAME_DIFFERENT);
    cr_assert_eq(compare("", ""), ARB_NAME_DIFFERENT);
}

/* fuzz_trf, regression-name-compare-asymmetric: "v 0" against "var 0" was
 * PART one way and DIFFERENT the other (the smaller name was chosen by word
 * count, and a lone whole word in common was a digit run). */
Test(fuzz_regressions, trf_name_compare_is_symmetric)
{
    cr_assert_eq(compare("v 0", "var 0"), ARB_NAME_DIFFERENT);
    cr_assert_eq(compare("Var 0", "V. Var"), ARB_NAME_DIFFERENT);
    cr_assert_eq(compare("H. Müller", "Müller Hans"), ARB_NAME_PART);
}
