/* lint_tags.c — the Seven Tag Roster and the syntax of its values (PGN
 * standard 8.1.1), duplicate tags, and the event's required tags. */
#include "lint_checks.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pgn_lex.h"

static const char *const roster[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};

/* Tag names compared by their first letter first: every tag of every game
 * goes through these comparisons. */
static inline bool same_name(const char *a, const char *b)
{
    return a[0] == b[0] && strcmp(a, b) == 0;
}

/* Missing players or result make the record unusable for rating; the rest
 * is doubtful. */
static int missing_severity(const char *name)
{
    return strcmp(name, "White") == 0 || strcmp(name, "Black") == 0 || strcmp(name, "Result") == 0
               ? ARB_SEVERITY_ERROR
               : ARB_SEVERITY_WARNING;
}

/* "YYYY.MM.DD" with "??" (or "????") for unknown parts, and a real month
 * and day where given. */
static bool valid_date(const char *s)
{
    if (strlen(s) != 10 || s[4] != '.' || s[7] != '.')
        return false;
    bool year_unknown = strncmp(s, "????", 4) == 0;
    for (int i = 0; i < 4 && !year_unknown; i++)
        if (!isdigit((unsigned char)s[i]))
            return false;
    int parts[2] = {5, 8}, limits[2] = {12, 31};
    for (int p = 0; p < 2; p++) {
        const char *v = s + parts[p];
        if (v[0] == '?' && v[1] == '?')
            continue;
        if (!isdigit((unsigned char)v[0]) || !isdigit((unsigned char)v[1]))
            return false;
        int n = (v[0] - '0') * 10 + (v[1] - '0');
        if (n < 1 || n > limits[p])
            return false;
    }
    return true;
}

/* For a well-formed date: the number of days its month has, when the day
 * given exceeds it (Gregorian calendar; an unknown year may be a leap year,
 * an unknown month may have 31 days), else 0. */
static int day_beyond_month(const char *s)
{
    if (s[5] == '?' || s[8] == '?')
        return 0;
    int month = (s[5] - '0') * 10 + (s[6] - '0'), day = (s[8] - '0') * 10 + (s[9] - '0');
    static const int days[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    int most = days[month - 1];
    if (month == 2) {
        int year = s[0] == '?' ? -1 : atoi(s);
        bool leap = year < 0 || (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0));
        most = leap ? 29 : 28;
    }
    return day > most ? most : 0;
}

/* "?", "-", or numbers joined by periods ("3", "3.1"). */
static bool valid_round(const char *s)
{
    if (strcmp(s, "?") == 0 || strcmp(s, "-") == 0)
        return true;
    bool digit = false;
    for (; *s; s++) {
        if (isdigit((unsigned char)*s)) {
            digit = true;
        } else if (*s == '.' && digit) {
            digit = false;
        } else {
            return false;
        }
    }
    return digit;
}

static void tag_format(lint_ctx *c, const arb_pgn_tag *t, int severity, const char *fmt, const char *value,
                       const char *expected)
{
    char shown[64];
    lint_copy(shown, sizeof shown, value);
    lint_add(c, ARB_CHECK_TAG_FORMAT, severity, ARB_ART_TAGS, t->line, t->col, fmt, t->name, shown, expected);
}

/* Duplicate tags: first[i] is the index of the first tag with the name of
 * tag i when that is an earlier one, else i.  Sorting the names keeps a
 * game with 100,000 tags from costing n^2 comparisons; small games look
 * each name up in a table of those seen; out of memory, every pair is
 * compared. */
struct named {
    const char *name;
    size_t index;
};

static int by_name_then_index(const void *a, const void *b)
{
    const struct named *x = a, *y = b;
    int d = strcmp(x->name, y->name);
    return d ? d : (x->index > y->index) - (x->index < y->index);
}

/* Up to LINT_FEW_TAGS tags (every real game): a tag the checks read is
 * the first of its name where c->tags says so; each other one is compared
 * with the other ones before it, by first letter and then whole (a real
 * game has a handful, with few first letters in common: cheaper than
 * hashing them; at most LINT_FEW_TAGS^2 / 2 letters). */
static void find_first_of_few(const lint_ctx *c, size_t *first)
{
    const arb_pgn_game *g = c->g;
    uint8_t others[LINT_FEW_TAGS];
    size_t other_count = 0;
    for (size_t i = 0; i < g->tag_count; i++) {
        if (c->tag_kind[i] >= 0) {
            first[i] = (size_t)(c->tags[c->tag_kind[i]] - g->tags);
            continue;
        }
        const char *name = g->tags[i].name;
        first[i] = i;
        for (size_t k = 0; k < other_count; k++)
            if (same_name(g->tags[others[k]].name, name)) {
                first[i] = others[k];
                break;
            }
        if (first[i] == i)
            others[other_count++] = (uint8_t)i;
    }
}

static void find_first_of_names(const lint_ctx *c, size_t *first)
{
    const arb_pgn_game *g = c->g;
    size_t n = g->tag_count;
    if (n <= LINT_FEW_TAGS) {
        find_first_of_few(c, first);
        return;
    }
    struct named *sorted = malloc(n * sizeof *sorted);
    if (!sorted) {
        for (size_t i = 0; i < n; i++) {
            first[i] = i;
            for (size_t j = 0; j < i; j++)
                if (same_name(g->tags[j].name, g->tags[i].name)) {
                    first[i] = j;
                    break;
                }
        }
        return;
    }
    for (size_t i = 0; i < n; i++)
        sorted[i] = (struct named){g->tags[i].name, i};
    qsort(sorted, n, sizeof *sorted, by_name_then_index);
    for (size_t k = 0; k < n; k++)
        first[sorted[k].index] = k > 0 && strcmp(sorted[k - 1].name, sorted[k].name) == 0
                                     ? first[sorted[k - 1].index]
                                     : sorted[k].index;
    free(sorted);
}

void lint_check_tags(lint_ctx *c)
{
    const arb_pgn_game *g = c->g;
    if (g->tag_count == 0) {
        lint_add(c, ARB_CHECK_TAG_MISSING, ARB_SEVERITY_ERROR, ARB_ART_TAGS, g->line, g->col,
                 "the game has no tag pairs: the Seven Tag Roster is missing");
        return;
    }
    for (size_t i = 0; i < sizeof roster / sizeof roster[0]; i++)
        if (!c->tags[LINT_TAG_EVENT + i])
            lint_add(c, ARB_CHECK_TAG_MISSING, missing_severity(roster[i]), ARB_ART_TAGS, g->line, g->col,
                     "the Seven Tag Roster lacks %s", roster[i]);
    if (c->event)
        for (int i = 0; i < c->event->required_tag_count; i++)
            if (!arb_pgn_game_tag_entry(g, c->event->required_tags[i]))
                lint_add(c, ARB_CHECK_TAG_MISSING, ARB_SEVERITY_WARNING, ARB_ART_TAGS, g->line, g->col,
                         "the event's regulations require a %s tag", c->event->required_tags[i]);

    size_t few[LINT_FEW_TAGS];
    size_t *first = g->tag_count <= LINT_FEW_TAGS ? few : malloc(g->tag_count * sizeof *first);
    if (first)
        find_first_of_names(c, first);
    for (size_t i = 0; i < g->tag_count; i++) {
        const arb_pgn_tag *t = &g->tags[i];
        /* duplicates: reported at the second one (and every later one),
         * naming the first */
        size_t j = i;
        if (first) {
            j = first[i];
        } else {   /* out of memory: every pair */
            for (size_t k = 0; k < i && j == i; k++)
                if (same_name(g->tags[k].name, t->name))
                    j = k;
        }
        if (j != i)
            lint_add(c, ARB_CHECK_TAG_FORMAT, ARB_SEVERITY_WARNING, ARB_ART_TAGS, t->line, t->col,
                     "%s tag given twice (first at line %d), expected each tag once", t->name,
                     (int)g->tags[j].line);
        switch (i < LINT_FEW_TAGS ? c->tag_kind[i] : lint_tag_kind(t->name)) {
        case LINT_TAG_DATE:
            if (!valid_date(t->value)) {
                tag_format(c, t, ARB_SEVERITY_WARNING, "%s \"%s\" is malformed, expected %s", t->value,
                           "YYYY.MM.DD with ?? for unknown parts");
            } else if (day_beyond_month(t->value)) {
                char expected[64];
                lint_format(expected, sizeof expected, "a day from 01 to %02d in that month",
                            day_beyond_month(t->value));
                tag_format(c, t, ARB_SEVERITY_WARNING, "%s \"%s\" is not a calendar date, expected %s", t->value,
                           expected);
            }
            break;
        case LINT_TAG_ROUND:
            if (!valid_round(t->value))
                tag_format(c, t, ARB_SEVERITY_WARNING, "%s \"%s\" is malformed, expected %s", t->value,
                           "a number such as 5 or 5.2, ? when unknown, - when not applicable");
            break;
        case LINT_TAG_RESULT: {
            int result = arb_pgn_result_parse(t->value, strlen(t->value));
            if (result == ARB_PGN_RESULT_NONE)
                tag_format(c, t, ARB_SEVERITY_ERROR, "%s \"%s\" is not a result, expected %s", t->value,
                           "1-0, 0-1, 1/2-1/2 or *");
            else if (strcmp(t->value, arb_pgn_result_text(result)))
                tag_format(c, t, ARB_SEVERITY_WARNING, "%s \"%s\" is not written as the standard asks, expected %s",
                           t->value, arb_pgn_result_text(result));
            break;
        }
        case LINT_TAG_WHITE:
        case LINT_TAG_BLACK:
        case LINT_TAG_EVENT:
        case LINT_TAG_SITE:
            if (!t->value[0])
                tag_format(c, t, ARB_SEVERITY_WARNING, "%s \"%s\" is empty, expected %s", t->value,
                           "a name, or ? when unknown");
            break;
        default:
            break;
        }
    }
    if (first != few)
        free(first);
}
