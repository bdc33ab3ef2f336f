/* test_profile_articles.c — the article number every finding cites, per
 * edition of the Laws and section (issue 13, point 5).
 *
 * The table pins each number of each bundled profile; the second test
 * checks that every number of the editions whose text is in ../shared/laws
 * (2018: Slovenian; 2023: Catalan, numbered as the English text) stands at
 * the head of an article there.  The 2005, 2014 and 2017 numbers follow the
 * English texts of those editions, which ../shared/laws does not hold.
 *
 * 2023: the threefold claim is 9.2.1.1 (the position is about to appear),
 * 9.2.1.2 (it has just appeared), "the same position" 9.2.2, as in 2018
 * (ca 2023 lines 503-509); the Romanian translation's 9.2.1/9.2.2/9.2.3
 * is an artefact of the translation (its own 9.6.1 cites 9.2.2 for the
 * same position). */
#include <criterion/criterion.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "helpers.h"
#include "profile.h"

struct edition_articles {
    const char *name;
    const char *standard[ARB_ART_COUNT];   /* in enum arb_article order */
    const char *sections[2][2];            /* rapid, blitz: illegal-move, illegal-move-penalty */
};

/* enum order: illegal-move, illegal-move-penalty, ambiguous-move, bad-token,
 * checkmate, stalemate, dead-position, fivefold, seventy-five,
 * threefold-by-move, threefold-now, same-position, fifty-by-move, fifty-now,
 * agreement, draw-offer, event-draws, result, result-marker, flag-fall, fen,
 * chess960-start, castling-960, tags */
static const struct edition_articles editions[] = {
    {"fide-2005", {
        "7.4a", "7.4b", "E.10", "PGN 8.2", "5.1a", "5.2a", "5.2b", "",
        "", "9.2a", "9.2b", "9.2", "9.3a", "9.3b", "5.2c", "8.1",
        "9.1a", "8.7", "PGN 8.2.6", "6.9", "7.1a", "", "", "PGN 8.1.1",
    }, {
        {"B.5, 7.4a", "7.4b"},
        {"C.3a", "C.3a"},
    }},
    {"fide-2014", {
        "7.5a", "7.5b", "C.10", "PGN 8.2", "5.1a", "5.2a", "5.2b", "9.6a",
        "9.6b", "9.2a", "9.2b", "9.2", "9.3a", "9.3b", "5.2c", "8.1",
        "9.1a", "8.7", "PGN 8.2.6", "6.9", "3.10c", "F.2", "F.3", "PGN 8.1.1",
    }, {
        {"A.4.2", "A.4.2"},
        {"A.4.2", "B.4, A.4.2"},
    }},
    {"fide-2017", {
        "7.5.1", "7.5.5", "C.10", "PGN 8.2", "5.1.1", "5.2.1", "5.2.2", "9.6.1",
        "9.6.2", "9.2.1.1", "9.2.1.2", "9.2.2", "9.3.1", "9.3.2", "5.2.3", "9.1.2.2",
        "9.1.1", "8.7", "PGN 8.2.6", "6.9", "3.10.3", "II.2", "II.3", "PGN 8.1.1",
    }, {
        {"A.4.2", "A.4.2"},
        {"A.4.2", "B.4, A.4.2"},
    }},
    {"fide-2018", {
        "7.5.1", "7.5.5", "C.10", "PGN 8.2", "5.1.1", "5.2.1", "5.2.2", "9.6.1",
        "9.6.2", "9.2.1.1", "9.2.1.2", "9.2.2", "9.3.1", "9.3.2", "5.2.3", "9.1.2.2",
        "9.1.1", "8.7", "PGN 8.2.6", "6.9", "3.10.3", "II.2", "II.3", "PGN 8.1.1",
    }, {
        {"7.5.1", "A.4.2, 7.5.5"},
        {"7.5.1", "B.2, A.4.2, 7.5.5"},
    }},
    {"fide-2023", {
        "7.5.1", "7.5.5", "C.10", "PGN 8.2", "5.1.1", "5.2.1", "5.2.2", "9.6.1",
        "9.6.2", "9.2.1.1", "9.2.1.2", "9.2.2", "9.3.1", "9.3.2", "5.2.3", "9.1.2.2",
        "9.1.1", "8.7", "PGN 8.2.6", "6.9", "3.10.3", "II.2", "II.3", "PGN 8.1.1",
    }, {
        {"7.5.1", "7.5.5, A.3"},
        {"7.5.1", "7.5.5, A.3"},
    }},
};

Test(profile_articles, every_article_of_every_edition)
{
    arb_profile_set *set = NULL;
    arb_status st = arb_profiles_load(NULL, &set);
    cr_assert_eq(st.code, 0, "%s", st.message);
    cr_assert_eq(arb_profiles_count(set), sizeof editions / sizeof editions[0]);
    for (size_t e = 0; e < sizeof editions / sizeof editions[0]; e++) {
        const arb_profile *p = arb_profiles_find(set, editions[e].name);
        cr_assert(p, "%s missing", editions[e].name);
        for (int a = 0; a < ARB_ART_COUNT; a++)
            cr_assert_str_eq(p->sections[ARB_CLASS_STANDARD].articles[a], editions[e].standard[a], "%s %s",
                             editions[e].name, arb_article_key(a));
        for (int s = 0; s < 2; s++) {
            const arb_rules *r = &p->sections[s == 0 ? ARB_CLASS_RAPID : ARB_CLASS_BLITZ];
            cr_assert_str_eq(r->articles[ARB_ART_ILLEGAL_MOVE], editions[e].sections[s][0], "%s %s illegal-move",
                             editions[e].name, arb_time_class_name(s == 0 ? ARB_CLASS_RAPID : ARB_CLASS_BLITZ));
            cr_assert_str_eq(r->articles[ARB_ART_ILLEGAL_PENALTY], editions[e].sections[s][1],
                             "%s %s illegal-move-penalty", editions[e].name,
                             arb_time_class_name(s == 0 ? ARB_CLASS_RAPID : ARB_CLASS_BLITZ));
        }
    }
    arb_profiles_free(set);
}

/* Whether `number` ("9.2.1.1", "II.3") heads a line of the text: after
 * leading blanks, followed by '.', a blank or the end of the line. */
static bool heads_a_line(const char *path, const char *number)
{
    FILE *in = fopen(path, "r");
    if (!in)
        return false;
    char line[4096];
    size_t n = strlen(number);
    bool found = false;
    while (!found && fgets(line, sizeof line, in)) {
        const char *p = line;
        while (*p == ' ' || *p == '\t')
            p++;
        if (strncmp(p, number, n) == 0) {
            char next = p[n];
            /* "9.2.1." but not "9.2.1.1" when looking for 9.2.1 */
            if (next == '.' && isdigit((unsigned char)p[n + 1]))
                continue;
            found = next == '.' || next == ' ' || next == '\t' || next == '\n' || next == '\r' || next == '\0';
        }
    }
    fclose(in);
    return found;
}

/* Each article of a cited list ("B.2, A.4.2, 7.5.5") in the text; PGN
 * standard sections are not FIDE articles. */
static void expect_in_text(const char *path, const char *edition, const char *key, const char *list)
{
    char copy[64];
    snprintf(copy, sizeof copy, "%s", list);
    if (strncmp(copy, "PGN ", 4) == 0 || !copy[0])
        return;
    for (char *save = NULL, *one = strtok_r(copy, ", ", &save); one; one = strtok_r(NULL, ", ", &save))
        cr_expect(heads_a_line(path, one), "%s %s: article %s not found in %s", edition, key, one, path);
}

Test(profile_articles, numbers_stand_in_the_laws_texts)
{
    static const struct {
        const char *edition, *text;
    } texts[] = {
        {"fide-2018", "laws/fide-laws-2018-sl.txt"},
        {"fide-2023", "laws/fide-laws-2023-ca.txt"},
    };
    char path[1024];
    shared_path(texts[0].text, path, sizeof path);
    FILE *probe = fopen(path, "r");
    if (!probe)
        cr_skip_test("%s not present", path);
    fclose(probe);
    arb_profile_set *set = NULL;
    arb_status st = arb_profiles_load(NULL, &set);
    cr_assert_eq(st.code, 0, "%s", st.message);
    for (size_t t = 0; t < sizeof texts / sizeof texts[0]; t++) {
        shared_path(texts[t].text, path, sizeof path);
        const arb_profile *p = arb_profiles_find(set, texts[t].edition);
        cr_assert(p);
        for (int s = 0; s < ARB_CLASS_COUNT; s++)
            for (int a = 0; a < ARB_ART_COUNT; a++)
                expect_in_text(path, texts[t].edition, arb_article_key(a), p->sections[s].articles[a]);
    }
    /* the 2023 threefold numbers, cited by hand: ca 2023 9.2.1.1, 9.2.1.2, 9.2.2 */
    shared_path("laws/fide-laws-2023-ca.txt", path, sizeof path);
    cr_assert(heads_a_line(path, "9.2.1.1") && heads_a_line(path, "9.2.1.2") && heads_a_line(path, "9.2.2"));
    cr_assert(!heads_a_line(path, "9.2.3"), "ca 2023 has no 9.2.3");
    arb_profiles_free(set);
}
