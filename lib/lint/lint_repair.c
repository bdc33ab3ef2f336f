/* lint_repair.c — the best repair of a game whose main line does not
 * replay (repair.h), added to the finding of its first bad move: "the game
 * replays to the end if 24.Cd5 is read 24.Cb5".  The search is kept small
 * (one edit, a few milliseconds): a hint, not pgnrepair.  --continue
 * (lint_follow.c) searches further, for repairs of up to as many edits as
 * a finding holds. */
#include "lint_checks.h"

#include <string.h>

#include "mainline.h"
#include "repair.h"
#include "repair_game.h"

static const arb_notation *suggestion(const lint_ctx *c, const char *code)
{
    size_t count;
    const arb_notation *const *suggest = lint_suggestions(c, &count);
    for (size_t i = 0; i < count; i++)
        if (strcmp(arb_locale_code(arb_notation_locale(suggest[i])), code) == 0)
            return suggest[i];
    return NULL;
}

/* English texts, as locales/en.yaml has them. */
static const char *const edit_texts[4] = {"{written} is read {move}", "{move} is inserted", "{written} is deleted",
                                          "{written} and {other} are swapped"};

/* The hint's search: one edit, a few milliseconds. */
static const arb_repair_limits hint_limits = {.max_edits = 1, .max_work = 60000, .max_nodes = 4000,
                                              .suggestions = 1};

bool lint_repair_find(const lint_ctx *c, lint_repair_search *s, const arb_repair_limits *limits)
{
    memset(s, 0, sizeof *s);
    arb_mainline_init(&s->ml);
    const arb_pgn_game *g = c->g;
    s->english = suggestion(c, "en");
    s->notation = c->opt->notation ? c->opt->notation : g->notation_used ? g->notation_used : s->english;
    if (!s->notation)
        return false;
    s->repairer = arb_repairer_new(limits ? limits : &hint_limits);
    return s->repairer && arb_repair_pgn_game(s->repairer, &s->ml, g, &s->notation, s->english, &s->res)
           && s->res.status == ARB_REPAIR_REPAIRED && s->res.repairs[0].edit_count <= ARB_FINDING_MAX_REPAIR_EDITS;
}

void lint_repair_search_free(lint_repair_search *s)
{
    arb_repairer_free(s->repairer);
    arb_mainline_free(&s->ml);
    s->repairer = NULL;
}

void lint_repair_attach(const lint_ctx *c, arb_finding *f, const lint_repair_search *s)
{
    const arb_repair *rep = &s->res.repairs[0];
    char hint[256] = "";
    size_t used = 0;
    f->repair_count = rep->edit_count;
    for (int e = 0; e < rep->edit_count; e++) {
        arb_repair_edit_texts(&c->g->start, &s->ml, rep, e, s->notation, f->repair[e].written, f->repair[e].move,
                              f->repair[e].other, sizeof f->repair[e].written);
        f->repair[e].kind = rep->edits[e].kind;
        f->repair[e].ply = rep->edits[e].ply + 1;
        size_t token = rep->edits[e].token;
        if (token < s->ml.count) {
            f->repair[e].line = s->ml.at[token].line;
            f->repair[e].col = s->ml.at[token].col;
        } else {   /* a move inserted after the last one */
            f->repair[e].line = f->repair[e].col = 0;
        }
        const char *pairs[] = {"written", f->repair[e].written, "move", f->repair[e].move, "other",
                               f->repair[e].other, NULL};
        if (e > 0 && used + 2 < sizeof hint)
            used += (size_t)lint_format(hint + used, sizeof hint - used, ", ");
        if (used + 1 < sizeof hint) {
            size_t w = arb_message_format(edit_texts[rep->edits[e].kind], pairs, hint + used, sizeof hint - used);
            used += w < sizeof hint - used ? w : sizeof hint - used - 1;
        }
    }
    size_t len = strlen(f->message);
    if (len < sizeof f->message)
        lint_format(f->message + len, sizeof f->message - len, "; the game replays to the end if %s", hint);
}

bool lint_repair_eligible(int check)
{
    /* not for a token that is no move at all: any move would "repair" it,
     * and the national readings already say what it may be */
    return check == ARB_CHECK_ILLEGAL_MOVE || check == ARB_CHECK_AMBIGUOUS_MOVE || check == ARB_CHECK_CASTLING_960;
}

void lint_add_repair(lint_ctx *c, int check)
{
    if (!lint_repair_eligible(check))
        return;
    if (c->r->count == 0 || c->r->findings[c->r->count - 1].check != check)
        return;
    lint_repair_search s;
    if (lint_repair_find(c, &s, NULL))
        lint_repair_attach(c, &c->r->findings[c->r->count - 1], &s);
    lint_repair_search_free(&s);
}
