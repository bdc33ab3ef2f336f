/* lint_setup.c — see lint_setup.h. */
#include "lint_setup.h"

#include <stdio.h>
#include <stdlib.h>

bool lint_setup_profiles(const char *program, lint_setup *s, arb_lint_options *lo)
{
    arb_status st = arb_profiles_load(NULL, &s->profiles);
    if (st.code) {
        fprintf(stderr, "%s: %s\n", program, st.message);
        return false;
    }
    lo->profiles = s->profiles;
    return true;
}

void lint_setup_list_profiles(const lint_setup *s)
{
    for (size_t i = 0; i < arb_profiles_count(s->profiles); i++) {
        const arb_profile *p = arb_profiles_at(s->profiles, i);
        printf("%-10s from %s  %s\n", p->name, p->effective, p->title);
    }
}

bool lint_setup_laws(const char *program, const char *event_file, const char *laws, lint_setup *s,
                     arb_lint_options *lo)
{
    if (event_file) {
        arb_status st = arb_event_load(event_file, &s->event);
        if (st.code) {
            fprintf(stderr, "%s: %s\n", program, st.message);
            return false;
        }
        lo->event = &s->event;
    }
    if (!laws && lo->event && s->event.laws[0])
        laws = s->event.laws;
    return setup_laws(program, s->profiles, laws, lo);
}

bool lint_setup_lang(const char *program, const char *lang, lint_setup *s, arb_report_style *style)
{
    if (!lang)
        return true;
    arb_status st = arb_locales_load(NULL, &s->from.locales);
    if (st.code) {
        fprintf(stderr, "%s: %s\n", program, st.message);
        return false;
    }
    style->locales = s->from.locales;
    style->locale = arb_locale_find(s->from.locales, lang);
    if (!style->locale) {
        fprintf(stderr, "%s: --lang %s: no such locale, expected a code such as en, ro, ca, sl, sr-Latn\n",
                program, lang);
        return false;
    }
    /* moves in the locale's letters; without the grammar, messages keep SAN */
    if (arb_grammar_load(NULL, &s->from.grammar).code == 0
        && arb_notation_new(s->from.grammar, style->locale, &s->lang).code == 0)
        style->notation = s->lang;
    return true;
}

/* Compiles every locale (the one the moves are read in, "en" for SAN, is
 * skipped where suggestions are made, and gives the repair hint its
 * letters); false when none can be. */
static bool load_suggestions(lint_setup *s)
{
    if (!s->from.locales && arb_locales_load(NULL, &s->from.locales).code)
        return false;
    if (!s->from.grammar && arb_grammar_load(NULL, &s->from.grammar).code)
        return false;
    size_t n = arb_locales_count(s->from.locales);
    arb_notation **list = calloc(n ? n : 1, sizeof *list);
    if (!list)
        return false;
    size_t used = 0;
    for (size_t i = 0; i < n; i++) {
        const arb_locale *loc = arb_locales_at(s->from.locales, i);
        if (arb_notation_new(s->from.grammar, loc, &list[used]).code == 0)
            used++;
    }
    s->suggest = list;
    s->suggest_count = used;
    return used > 0;
}

/* lo->suggest_load: the suggestions, compiled by the first caller */
static const arb_notation *const *suggestions_on_need(void *ctx, size_t *count)
{
    lint_setup *s = ctx;
    pthread_mutex_lock(&s->suggest_lock);
    if (!s->suggest_tried) {
        s->suggest_tried = true;
        load_suggestions(s);
    }
    pthread_mutex_unlock(&s->suggest_lock);
    *count = s->suggest_count;
    return (const arb_notation *const *)s->suggest;
}

void lint_setup_suggestions(lint_setup *s, arb_lint_options *lo, arb_pgn_reader_options *read)
{
    if (!read->skip_bad_moves && pthread_mutex_init(&s->suggest_lock, NULL) == 0) {
        /* only the linter reads them, when a move does not replay */
        s->suggest_lazy = true;
        lo->suggest_load = suggestions_on_need;
        lo->suggest_ctx = s;
        return;
    }
    if (!load_suggestions(s))
        return;
    lo->suggest = (const arb_notation *const *)s->suggest;
    lo->suggest_count = s->suggest_count;
    /* --continue follows a move these notations agree on */
    read->suggest = lo->suggest;
    read->suggest_count = s->suggest_count;
}

void lint_setup_free(lint_setup *s)
{
    if (s->suggest_lazy)
        pthread_mutex_destroy(&s->suggest_lock);
    for (size_t i = 0; i < s->suggest_count; i++)
        arb_notation_free(s->suggest[i]);
    free(s->suggest);
    arb_notation_free(s->lang);
    setup_from_free(&s->from);
    arb_profiles_free(s->profiles);
}
