/* lint.c — checking one game: the linter, the rules in force, and
 * arb_lint_game, which runs the checks in order (tags, start position,
 * replay, the end of the game).  The checks (lint_checks.h) call only down,
 * into the context they share (lint_context.h), never back here. */
#include "lint_checks.h"

#include <stdlib.h>
#include <string.h>


arb_linter *arb_linter_new(void)
{
    arb_linter *l = calloc(1, sizeof *l);
    if (l)
        arb_history_init(&l->history);
    return l;
}

void arb_linter_free(arb_linter *l)
{
    if (!l)
        return;
    arb_history_free(&l->history);
    arb_profiles_free(l->builtin);
    free(l->line);
    free(l->before);
    free(l);
}

/* ---- rules in force ------------------------------------------------------- */

/* The rules for a game whose Date and TimeControl tags say these (NULL when
 * it has none). */
static const arb_rules *rules_for(const char *date, const char *time_control, const arb_lint_options *o,
                                  const arb_profile **profile)
{
    const arb_profile *p = o->profile;
    if (o->event && o->event->laws[0] && o->profiles && !o->auto_edition) {
        const arb_profile *named = arb_profiles_find(o->profiles, o->event->laws);
        if (named && !o->profile)
            p = named;
    }
    if (o->auto_edition && o->profiles) {
        const arb_profile *dated = arb_profiles_for_date(o->profiles, date);
        if (dated)
            p = dated;
        else if (!p)
            p = arb_profiles_at(o->profiles, 0);
    }
    if (!p && o->profiles && arb_profiles_count(o->profiles) > 0)
        p = arb_profiles_at(o->profiles, arb_profiles_count(o->profiles) - 1);
    if (!p)
        return NULL;
    int cls = o->time_class_fixed ? o->time_class : -1;
    if (cls < 0 && o->event)
        cls = o->event->time_class;
    if (cls < 0)
        cls = arb_profile_time_class(p, time_control);
    if (cls < 0 || cls >= ARB_CLASS_COUNT)
        cls = ARB_CLASS_STANDARD;
    if (profile)
        *profile = p;
    return &p->sections[cls];
}

const arb_rules *arb_lint_rules_for(const arb_pgn_game *g, const arb_lint_options *o,
                                    const arb_profile **profile)
{
    return rules_for(arb_pgn_game_tag(g, "Date"), arb_pgn_game_tag(g, "TimeControl"), o, profile);
}

/* Findings in the order of the text (stable: same place keeps check order). */
static void sort_findings(arb_lint_report *r)
{
    for (size_t i = 1; i < r->count; i++) {
        if (r->findings[i - 1].line < r->findings[i].line ||
            (r->findings[i - 1].line == r->findings[i].line && r->findings[i - 1].col <= r->findings[i].col))
            continue;
        arb_finding moving = r->findings[i];
        size_t j = i;
        while (j > 0 && (r->findings[j - 1].line > moving.line ||
                         (r->findings[j - 1].line == moving.line && r->findings[j - 1].col > moving.col))) {
            r->findings[j] = r->findings[j - 1];
            j--;
        }
        r->findings[j] = moving;
    }
}

arb_status arb_lint_game(arb_linter *l, const arb_pgn_game *g, uint64_t index,
                         const arb_lint_options *options, arb_lint_report *r)
{
    arb_status st;
    memset(&st, 0, sizeof st);
    arb_lint_report_reset(r);
    lint_ctx c = {.g = g, .r = r, .history = &l->history};
    lint_index_tags(&c);
    r->source = g->source;
    r->game = index;
    r->line = g->line;
    r->white = lint_tag(&c, LINT_TAG_WHITE);
    r->black = lint_tag(&c, LINT_TAG_BLACK);
    r->round = lint_tag(&c, LINT_TAG_ROUND);
    r->notation = g->notation_used && g->notation && *g->notation && strcmp(g->notation, "en") != 0 ? g->notation
                                                                                                      : NULL;
    const char *rt = lint_tag(&c, LINT_TAG_RESULT);
    r->result_tag = rt ? arb_pgn_result_parse(rt, strlen(rt)) : ARB_PGN_RESULT_NONE;
    /* arb_pgn_game_result, read once */
    c.result = r->result_tag != ARB_PGN_RESULT_NONE ? r->result_tag
               : g->result != ARB_PGN_RESULT_NONE  ? g->result
                                                    : ARB_PGN_RESULT_UNKNOWN;

    /* zero options: the built-in editions, loaded once per linter */
    arb_lint_options defaults;
    if (!options || (!options->profile && !options->profiles)) {
        memset(&defaults, 0, sizeof defaults);
        if (options)
            defaults = *options;
        if (!l->builtin) {
            st = arb_profiles_builtin(&l->builtin);
            if (st.code)
                return st;
        }
        defaults.profiles = l->builtin;
        options = &defaults;
    }
    const arb_profile *profile = NULL;
    c.opt = options;
    c.event = options->event;
    c.rules = rules_for(lint_tag(&c, LINT_TAG_DATE), lint_tag(&c, LINT_TAG_TIME_CONTROL), options, &profile);
    if (!c.rules)
        return arb_status_error(ARB_ERR_ARGUMENT, ARB_ERR_ARGUMENT, 0, 0,
                                "no rule profile given, expected an edition of the Laws");
    const char *variant = lint_tag(&c, LINT_TAG_VARIANT);
    /* ("Standard", as most games say, is standard chess: no need to read it) */
    c.chess960 = variant && strcmp(variant, "Standard") != 0 &&
                 arb_pgn_variant_parse(variant) == ARB_PGN_VARIANT_CHESS960;

    lint_check_tags(&c);
    bool start_ok = lint_check_start(&c);
    line_facts lf;
    lint_followed followed;   /* --continue along the repair: c.g is then the game repaired */
    if ((start_ok && !lint_follow_repair(&c, &followed)) || !lint_replay(&c, l, &lf, start_ok)) {
        if (start_ok)
            lint_follow_end(&followed);
        return arb_status_error(ARB_ERR_MEMORY, ARB_ERR_MEMORY, 0, 0, "out of memory");
    }
    r->plies = lf.plies;
    const arb_position *final = lf.final;
    int final_end = arb_board_end(final);   /* (read twice below) */

    int board_term = -1;
    if (start_ok && lf.complete) {
        if (lf.end_term >= 0 && lf.end_ply < lf.plies) {
            board_term = lf.end_term;
        } else {
            board_term = lint_board_end_termination(final_end);
            if (board_term < 0 && lf.end_term >= 0)
                board_term = lf.end_term;
            if (board_term >= 0 && (board_term != lf.end_term || lf.end_ply != lf.plies)) {
                lf.end_ply = lf.plies;
                lf.end_before = *lf.last_before;
                lint_copy(lf.end_token, sizeof lf.end_token, lint_last_token(&c, &lf));
            }
        }
    }
    r->result_board = lint_board_result(board_term, final, &lf);

    int result = c.result;
    int term = -1;
    if (board_term >= 0) {
        term = board_term;
    } else {
        int tag_term = lint_termination_from_tag(lint_tag(&c, LINT_TAG_TERMINATION));
        if (tag_term >= 0 && tag_term != ARB_TERM_UNKNOWN)
            term = tag_term;
        else if (result == ARB_PGN_RESULT_UNKNOWN)
            term = ARB_TERM_UNTERMINATED;
        else if (result == ARB_PGN_RESULT_NONE || !lf.complete || !start_ok || tag_term == ARB_TERM_UNKNOWN)
            term = ARB_TERM_UNKNOWN;
        else if (result == ARB_PGN_RESULT_DRAW)
            term = lint_check_draw(&c, &lf, final);
        else if (lint_time_forfeit_evidence(&c, result == ARB_PGN_RESULT_WHITE ? ARB_BLACK : ARB_WHITE))
            term = ARB_TERM_TIME_FORFEIT; /* a closing comment or the loser's clock says so */
        else
            term = ARB_TERM_RESIGNATION;
    }
    if (term == ARB_TERM_AGREEMENT)
        lint_check_agreement(&c, &lf);
    if (start_ok && lf.complete) {
        lint_check_result(&c, &lf, board_term, final);
        /* a claim the players went past matters when the game was not drawn */
        if (result != ARB_PGN_RESULT_DRAW)
            lint_missed_claims(&c, &lf, term);
    }
    if (start_ok)
        lint_check_clocks(&c, &lf);
    r->termination = term;
    lint_record_facts(&c, &lf, final, final_end);
    sort_findings(r);
    if (start_ok)
        lint_follow_end(&followed);
    if (r->out_of_memory)
        st = arb_status_error(ARB_ERR_MEMORY, ARB_ERR_MEMORY, 0, 0, "out of memory");
    return st;
}
