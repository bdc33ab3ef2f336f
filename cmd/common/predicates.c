/* predicates.c — see predicates.h. */
#include "predicates.h"

#include <stdio.h>
#include <string.h>

bool grep_predicates_new(const char *program, grep_predicates *p)
{
    memset(p, 0, sizeof *p);
    p->program = program;
    if (!(p->sel = arb_grep_new())) {
        fprintf(stderr, "%s: out of memory\n", program);
        return false;
    }
    return true;
}

/* A predicate's error, said; -1 then. */
static int said(const grep_predicates *p, arb_status st)
{
    if (st.code)
        fprintf(stderr, "%s: %s\n", p->program, st.message);
    return st.code ? -1 : 0;
}

#define PREDICATE(fn, call) \
    int fn(void *target, const char *name, const char *value, const char *value2) \
    { grep_predicates *p = target; (void)name, (void)value, (void)value2; return said(p, call); }
PREDICATE(predicate_valid, arb_grep_add_valid(p->sel, true))
PREDICATE(predicate_invalid, arb_grep_add_valid(p->sel, false))
PREDICATE(predicate_finding, arb_grep_add_finding(p->sel, value))
PREDICATE(predicate_termination, arb_grep_add_termination(p->sel, value))
PREDICATE(predicate_tag, arb_grep_add_tag(p->sel, value, p->ignore_case))
PREDICATE(predicate_result, arb_grep_add_result(p->sel, value))
PREDICATE(predicate_plies, arb_grep_add_plies(p->sel, value))
PREDICATE(predicate_chess960, arb_grep_add_chess960(p->sel))
PREDICATE(predicate_position, arb_grep_add_position(p->sel, value))
PREDICATE(predicate_material, arb_grep_add_material(p->sel, value))
PREDICATE(predicate_material_plies, arb_grep_set_material_plies(p->sel, value))
PREDICATE(predicate_fen_pattern, arb_grep_add_fen_pattern(p->sel, value))
PREDICATE(predicate_eco, arb_grep_add_eco(p->sel, value))
PREDICATE(predicate_opening, arb_grep_add_opening(p->sel, value, p->ignore_case))

bool grep_predicates_load(grep_predicates *p, bool strict, arb_pgn_reader_options *read)
{
    const char *program = p->program;
    const char *from = p->from && strcmp(p->from, "san") == 0 ? NULL : p->from;
    if (arb_grep_needs_openings(p->sel)) {
        arb_status st = arb_openings_load(NULL, &p->openings);
        if (st.code) {
            fprintf(stderr, "%s: %s\n", program, st.message);
            return false;
        }
    }
    if (arb_grep_needs_lint(p->sel)) {
        arb_status st = arb_profiles_load(NULL, &p->profiles);
        if (st.code) {
            fprintf(stderr, "%s: %s\n", program, st.message);
            return false;
        }
        p->lint.profiles = p->profiles;
        if (!setup_laws(program, p->profiles, p->laws, &p->lint))
            return false;
    }
    if (!setup_from_notation(program, from, p->prefer, false, &p->notations, read)
        || !setup_lenient(program, strict, &p->notations, read)
        || !setup_encoding(program, p->encoding, false, read))
        return false;
    p->lint.notation = p->notations.notation;
    arb_grep_set_openings(p->sel, p->openings);
    if (p->profiles)
        arb_grep_set_lint_options(p->sel, &p->lint);
    return true;
}

void grep_predicates_free(grep_predicates *p)
{
    arb_grep_free(p->sel);
    setup_from_free(&p->notations);
    arb_profiles_free(p->profiles);
    arb_openings_free(p->openings);
}
