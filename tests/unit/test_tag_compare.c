/* test_tag_compare.c — numeric and date comparisons of tag values
 * (lib/select/tag_compare): each operator, ranges, dates with unknown
 * parts judged for every day they may be, and option text refused. */
#include <criterion/criterion.h>
#include <string.h>

#include "tag_compare.h"

static arb_tag_compare parsed(const char *spec)
{
    arb_tag_compare c;
    cr_assert(arb_tag_compare_is(spec), "not taken for a comparison: %s", spec);
    arb_status st = arb_tag_compare_parse(spec, &c);
    cr_assert_eq(st.code, 0, "%s: %s", spec, st.message);
    return c;
}

static bool holds(const char *spec, const char *value)
{
    arb_tag_compare c = parsed(spec);
    return arb_tag_compare_match(&c, value);
}

Test(tag_compare, regex_form_stays_a_regex)
{
    cr_assert_not(arb_tag_compare_is("White=Carlsen"));
    cr_assert_not(arb_tag_compare_is("WhiteElo=>5"));
    cr_assert_not(arb_tag_compare_is("ECO="));
    cr_assert(arb_tag_compare_is("WhiteElo==5"));
    cr_assert(arb_tag_compare_is("WhiteElo<5"));
}

Test(tag_compare, numbers)
{
    cr_assert(holds("WhiteElo>=2500", "2500"));
    cr_assert_not(holds("WhiteElo>=2500", "2499"));
    cr_assert_not(holds("WhiteElo>2500", "2500"));
    cr_assert(holds("WhiteElo>2500", "2501"));
    cr_assert(holds("WhiteElo<2500", "2499"));
    cr_assert_not(holds("WhiteElo<2500", "2500"));
    cr_assert(holds("WhiteElo<=2500", "2500"));
    cr_assert(holds("WhiteElo==2500", "2500"));
    cr_assert_not(holds("WhiteElo==2500", "25000"));
    cr_assert(holds("WhiteElo==2400..2600", "2400"));
    cr_assert(holds("WhiteElo==2400..2600", "2600"));
    cr_assert_not(holds("WhiteElo==2400..2600", "2601"));
    cr_assert(holds("Round>3", "3.5"));
    cr_assert(holds("Diff<0", "-8"));
    cr_assert(holds("Diff>0", "+8"));
    /* values that are not numbers are never selected */
    const char *not_numbers[] = {"?", "-", "", "25OO", "1e5", "2500 ", "1.2.3"};
    for (size_t i = 0; i < sizeof not_numbers / sizeof *not_numbers; i++) {
        cr_assert_not(holds("WhiteElo>=0", not_numbers[i]), "\"%s\"", not_numbers[i]);
        cr_assert_not(holds("WhiteElo<=0", not_numbers[i]), "\"%s\"", not_numbers[i]);
    }
    cr_assert_not(holds("WhiteElo>=0", NULL));
}

Test(tag_compare, dates_with_unknown_parts)
{
    cr_assert(holds("Date>=2020.01.01", "2020.01.01"));
    cr_assert(holds("Date>=2020", "2020.01.01"));
    cr_assert_not(holds("Date>2020", "2020.12.31"), "> 2020 is after all of 2020");
    cr_assert(holds("Date>2020", "2021.01.01"));
    cr_assert(holds("Date<=2020.06", "2020.06.30"));
    cr_assert_not(holds("Date<2020.06", "2020.06.01"));
    cr_assert(holds("Date==2020", "2020.??.??"));
    cr_assert(holds("Date==2020", "2020.07.??"));
    cr_assert_not(holds("Date>=2020.06.01", "2020.??.??"), "may be before June");
    cr_assert_not(holds("Date<2020.06.01", "2020.??.??"), "may be after June");
    cr_assert(holds("Date>=2019.12.31", "2020.??.??"));
    cr_assert(holds("Date==2019..2020.06", "2020.06.30"));
    cr_assert_not(holds("Date==2019..2020.06", "2020.07.01"));
    cr_assert_not(holds("Date>=1000", "????.??.??"));
    cr_assert(holds("EventDate==2021.01.03", "2021.01.03"));
    cr_assert(holds("UTCDate<2022", "2021.12.31"));
    const char *not_dates[] = {"2020.13.01", "2020.00.01", "20.01.01", "2020.1.1", "2020.01.01.01", "", "today"};
    for (size_t i = 0; i < sizeof not_dates / sizeof *not_dates; i++)
        cr_assert_not(holds("Date>=0000", not_dates[i]), "\"%s\"", not_dates[i]);
}

static void refused(const char *spec, const char *expect)
{
    arb_tag_compare c;
    arb_status st = arb_tag_compare_parse(spec, &c);
    cr_assert_neq(st.code, 0, "accepted %s", spec);
    cr_assert(strstr(st.message, expect), "message \"%s\" lacks \"%s\"", st.message, expect);
}

Test(tag_compare, bad_option_text)
{
    refused("WhiteElo>=abc", "--tag WhiteElo>=abc: expected a number");
    refused("WhiteElo>=", "expected a number");
    refused("WhiteElo==2600..2500", "LOW is above HIGH");
    refused("WhiteElo==1..", "expected a number at each end");
    refused("Date>=2020.13", "expected a date YYYY.MM.DD");
    refused("Date>=2020.", "expected a date");
    refused(">=5", "expected a tag name");
    refused("WhiteElo", "expected NAME<N");
}
