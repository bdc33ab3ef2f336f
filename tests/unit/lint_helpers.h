/* lint_helpers.h — reading a game from PGN text and checking it, for the
 * test_lint*.c files.  Everything is static inline (see helpers.h). */
#ifndef ARB_TEST_LINT_HELPERS_H
#define ARB_TEST_LINT_HELPERS_H

#include "helpers.h"

#include "findings.h"
#include "grammar.h"
#include "lint.h"
#include "locales.h"
#include "notation.h"
#include "pgn_read.h"
#include "profile.h"

/* The Seven Tag Roster of a clean test game, with this result. */
#define ROSTER(result)                                                                   \
    "[Event \"Test\"]\n[Site \"Cluj-Napoca ROU\"]\n[Date \"2024.05.03\"]\n[Round \"1\"]\n" \
    "[White \"Popescu, Ion\"]\n[Black \"Novak, Janez\"]\n[Result \"" result "\"]\n"

typedef struct linted {
    arb_profile_set *profiles;
    arb_linter *linter;
    arb_pgn_reader *reader;
    arb_pgn_game game;
    arb_lint_report report;
    arb_lint_options options;
    arb_event event;
} linted;

static inline arb_profile_set *load_profiles(void)
{
    arb_profile_set *set = NULL;
    arb_status st = arb_profiles_load(NULL, &set);
    cr_assert_eq(st.code, 0, "profiles: %s", st.message);
    return set;
}

static inline void lint_setup(linted *t, const char *laws)
{
    memset(t, 0, sizeof *t);
    t->profiles = load_profiles();
    t->linter = arb_linter_new();
    cr_assert_not_null(t->linter);
    arb_pgn_game_init(&t->game);
    arb_lint_report_init(&t->report);
    arb_event_init(&t->event);
    t->options.profiles = t->profiles;
    if (laws && strcmp(laws, "auto") == 0) {
        t->options.auto_edition = true;
        t->options.profile = arb_profiles_find(t->profiles, "fide-2023");
    } else {
        t->options.profile = arb_profiles_find(t->profiles, laws ? laws : "fide-2023");
    }
    cr_assert_not_null(t->options.profile, "no profile %s", laws ? laws : "fide-2023");
}

/* Reads the first (next) game of text and checks it. */
static inline const arb_lint_report *lint_next(linted *t, const char *text)
{
    if (text) {
        if (t->reader)
            arb_pgn_reader_free(t->reader);
        arb_input *in = arb_input_from_memory(text, strlen(text), "test.pgn");
        cr_assert_not_null(in);
        t->reader = arb_pgn_reader_new(in, NULL);
        cr_assert_not_null(t->reader);
    }
    arb_status st;
    int rc = arb_pgn_read(t->reader, &t->game, &st);
    cr_assert_eq(rc, ARB_PGN_READ_GAME, "no game read (%d): %s", rc, st.message);
    st = arb_lint_game(t->linter, &t->game, 1, &t->options, &t->report);
    cr_assert_eq(st.code, 0, "lint failed: %s", st.message);
    return &t->report;
}

static inline const arb_lint_report *lint_text(linted *t, const char *text)
{
    return lint_next(t, text);
}

static inline void lint_teardown(linted *t)
{
    arb_pgn_reader_free(t->reader);
    arb_pgn_game_free(&t->game);
    arb_lint_report_free(&t->report);
    arb_linter_free(t->linter);
    arb_profiles_free(t->profiles);
}

/* The first finding with this code, or NULL. */
static inline const arb_finding *find_code(const arb_lint_report *r, const char *code)
{
    for (size_t i = 0; i < r->count; i++)
        if (strcmp(arb_check_code(r->findings[i].check), code) == 0)
            return &r->findings[i];
    return NULL;
}

static inline size_t count_code(const arb_lint_report *r, const char *code)
{
    size_t n = 0;
    for (size_t i = 0; i < r->count; i++)
        n += strcmp(arb_check_code(r->findings[i].check), code) == 0;
    return n;
}

/* Asserts a finding with this code exists and returns it. */
static inline const arb_finding *must_have(const arb_lint_report *r, const char *code)
{
    const arb_finding *f = find_code(r, code);
    if (!f) {
        for (size_t i = 0; i < r->count; i++)
            fprintf(stderr, "  have %s: %s\n", arb_check_code(r->findings[i].check), r->findings[i].message);
    }
    cr_assert_not_null(f, "expected a %s finding", code);
    return f;
}

static inline bool has_candidate(const arb_finding *f, const char *san)
{
    for (int i = 0; i < f->candidate_count; i++)
        if (strcmp(f->candidates[i], san) == 0)
            return true;
    return false;
}

static inline void expect_termination(const arb_lint_report *r, const char *name)
{
    cr_assert_str_eq(arb_termination_name(r->termination), name);
}

#endif
