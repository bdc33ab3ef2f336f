/* test_lint_tags.c — lib/lint/lint_tags.c: duplicate tags are reported at every
 * later occurrence, naming the first, in tag order, whether the game has a
 * few tags (a table of the names seen) or many (names sorted). */
#include "lint_helpers.h"

#include "lint_context.h"

#include <stdio.h>

/* The "given twice" findings of a game whose tag i is named names[i]
 * (tag i stands on line i + 1), against the expected ones worked out pair by
 * pair. */
static void expect_duplicates(const char *const *names, size_t n)
{
    size_t cap = n * 40 + 64, len = 0;
    char *text = malloc(cap);
    cr_assert_not_null(text);
    for (size_t i = 0; i < n; i++)
        len += (size_t)snprintf(text + len, cap - len, "[%s \"v\"]\n", names[i]);
    snprintf(text + len, cap - len, "\n1. e4 *\n");
    linted t;
    lint_setup(&t, NULL);
    const arb_lint_report *r = lint_text(&t, text);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        size_t first = i;
        for (size_t j = 0; j < i && first == i; j++)
            if (strcmp(names[j], names[i]) == 0)
                first = j;
        if (first == i)
            continue;
        char want[160];
        snprintf(want, sizeof want, "%s tag given twice (first at line %zu), expected each tag once",
                 names[i], first + 1);
        while (k < r->count && !strstr(r->findings[k].message, "given twice"))
            k++;
        cr_assert_lt(k, r->count, "missing: %s (tag %zu)", want, i + 1);
        cr_assert_str_eq(r->findings[k].message, want);
        cr_assert_eq(r->findings[k].line, (int32_t)(i + 1));
        k++;
    }
    for (; k < r->count; k++)
        cr_assert_null(strstr(r->findings[k].message, "given twice"), "extra: %s", r->findings[k].message);
    lint_teardown(&t);
    free(text);
}

Test(lint_tags, few_duplicates_in_order)
{
    static const char *const names[] = {"Event", "Site", "Date", "Round", "White", "Black",
                                        "Result", "White", "Event", "White"};
    expect_duplicates(names, sizeof names / sizeof *names);
}

/* Names the checks do not read, many with a first letter in common, some
 * given two or three times: each repeat names the first. */
Test(lint_tags, few_unread_duplicates_in_order)
{
    static const char *const names[] = {"Event", "WhiteElo", "WhiteTitle", "BlackElo", "ECO", "EventDate",
                                        "WhiteElo", "Opening", "EventDate", "WhiteFideId", "E", "ECO",
                                        "WhiteElo", "Ev", "Opening", "BlackEl", "BlackElo", "E"};
    expect_duplicates(names, sizeof names / sizeof *names);
}

/* The most tags compared pair by pair, all with one first letter. */
Test(lint_tags, thirty_two_tags_with_one_first_letter)
{
    static char store[32][8];
    const char *names[32];
    for (size_t i = 0; i < 32; i++) {
        snprintf(store[i], sizeof store[i], "X%zu", i % 13);
        names[i] = store[i];
    }
    expect_duplicates(names, 32);
}

/* Past the size where every pair is compared: the same findings, same order. */
Test(lint_tags, many_duplicates_in_order)
{
    enum { N = 600 };
    static char store[N][16];
    const char *names[N];
    for (size_t i = 0; i < N; i++) {
        /* names repeating at irregular distances, some only once, in
         * descending and ascending runs */
        if (i % 5 == 0)
            snprintf(store[i], sizeof store[i], "U%03zu", i);
        else
            snprintf(store[i], sizeof store[i], "T%03zu", (i * 7919u) % 211u);
        names[i] = store[i];
    }
    names[0] = "Event";
    names[N - 1] = "Event";
    expect_duplicates(names, N);
}

/* 100,000 distinct tags and 1,000 copies of one: sorting, not n^2 pairs
 * (which took tens of seconds). */
Test(lint_tags, hundred_thousand_tags_are_quick, .timeout = 10)
{
    enum { N = 100000 };
    size_t cap = (size_t)N * 24 + 64, len = 0;
    char *text = malloc(cap);
    cr_assert_not_null(text);
    len += (size_t)snprintf(text + len, cap - len, "[Event \"many\"]\n");
    for (int i = N; i > 0; i--)
        len += (size_t)snprintf(text + len, cap - len, "[T%06d \"v\"]\n", i);
    for (int i = 0; i < 1000; i++)
        len += (size_t)snprintf(text + len, cap - len, "[Same \"%d\"]\n", i);
    snprintf(text + len, cap - len, "\n1. e4 *\n");
    linted t;
    lint_setup(&t, NULL);
    const arb_lint_report *r = lint_text(&t, text);
    size_t twice = 0;
    for (size_t i = 0; i < r->count; i++)
        twice += strstr(r->findings[i].message, "Same tag given twice (first at line 100002)") != NULL;
    cr_assert_eq(twice, 999);
    lint_teardown(&t);
    free(text);
}

/* A tag is one the checks read only under its exact name: one that starts
 * like it, stops short of it, goes on past it or differs in case is
 * another tag (no roster tag found in it, no check of its value). */
Test(lint_tags, names_read_exactly)
{
    static const char *const near[] = {"Even", "Events", "event", "Sit", "SiteX", "Dat", "Dates", "Roun",
                                       "Rounds", "Whit", "WhiteElo", "Blac", "BlackX", "Resul", "Results",
                                       "RESULT", "R", "S", "E"};
    static const char *const roster[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
    size_t n = sizeof near / sizeof *near;
    char text[2048];
    size_t len = 0;
    for (size_t i = 0; i < n; i++)
        len += (size_t)snprintf(text + len, sizeof text - len, "[%s \"bad..\"]\n", near[i]);
    snprintf(text + len, sizeof text - len, "\n1. e4 *\n");
    linted t;
    lint_setup(&t, NULL);
    const arb_lint_report *r = lint_text(&t, text);
    for (size_t k = 0; k < sizeof roster / sizeof *roster; k++) {
        char want[64];
        snprintf(want, sizeof want, "the Seven Tag Roster lacks %s", roster[k]);
        bool found = false;
        for (size_t i = 0; i < r->count && !found; i++)
            found = strcmp(r->findings[i].message, want) == 0;
        cr_assert(found, "%s: none of the near names is it", want);
    }
    for (size_t i = 0; i < r->count; i++)
        cr_assert_null(strstr(r->findings[i].message, "bad.."), "a near name's value checked: %s",
                       r->findings[i].message);
    lint_teardown(&t);
    /* the exact names are read, and their values checked */
    len = 0;
    for (size_t k = 0; k < sizeof roster / sizeof *roster; k++)
        len += (size_t)snprintf(text + len, sizeof text - len, "[%s \"%s\"]\n", roster[k],
                                k == 2 || k == 3 || k == 6 ? "bad.." : "x");
    snprintf(text + len, sizeof text - len, "\n1. e4 *\n");
    lint_setup(&t, NULL);
    r = lint_text(&t, text);
    size_t checked = 0;
    for (size_t i = 0; i < r->count; i++) {
        cr_assert_null(strstr(r->findings[i].message, "the Seven Tag Roster lacks"), "%s", r->findings[i].message);
        checked += strstr(r->findings[i].message, "\"bad..\"") != NULL;
    }
    cr_assert_eq(checked, 3, "Date, Round and Result values checked");
    lint_teardown(&t);
}

/* The kind of each tag the checks read, by its exact name only: names of
 * the same length and first letter, of the same letters in another case,
 * shorter or longer, are none. */
Test(lint_tags, kinds_by_exact_name)
{
    static const char *const names[LINT_TAG_COUNT] = {"Event", "Site", "Date", "Round", "White", "Black",
                                                      "Result", "TimeControl", "Termination", "Variant",
                                                      "FEN", "SetUp"};
    for (int kind = 0; kind < LINT_TAG_COUNT; kind++) {
        cr_assert_eq(lint_tag_kind(names[kind]), kind, "%s", names[kind]);
        char near[32];
        size_t n = strlen(names[kind]);
        for (size_t at = 0; at < n; at++) {
            memcpy(near, names[kind], n + 1);
            near[at] = (char)(near[at] ^ 0x20);   /* another case */
            cr_assert_eq(lint_tag_kind(near), -1, "%s", near);
            near[at] = 'x';
            cr_assert_eq(lint_tag_kind(near), -1, "%s", near);
            memcpy(near, names[kind], at);   /* shorter */
            near[at] = '\0';
            cr_assert_eq(lint_tag_kind(near), -1, "%s", near);
        }
        snprintf(near, sizeof near, "%sElo", names[kind]);   /* longer */
        cr_assert_eq(lint_tag_kind(near), -1, "%s", near);
    }
    static const char *const others[] = {"WhiteElo", "ECO", "Opening", "PlyCount", "Annotator", "Mode", "Time",
                                         "UTCDate", "Sitx", "Datx", "Setup", "FENs", ""};
    for (size_t i = 0; i < sizeof others / sizeof *others; i++)
        cr_assert_eq(lint_tag_kind(others[i]), -1, "%s", others[i]);
}
