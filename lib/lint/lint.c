/* lint.c — checking one game: the linter, the helpers the checks share,
 * the rules in force, and arb_lint_game, which runs the checks in order
 * (tags, start position, replay, the end of the game). */
#include "lint_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "san.h"


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
    free(l->line);
    free(l->before);
    free(l);
}

bool lint_reserve_depth(arb_linter *l, size_t depth)
{
    if (depth < l->depth_cap)
        return true;
    size_t cap = l->depth_cap ? l->depth_cap * 2 : 16;
    while (cap <= depth)
        cap *= 2;
    arb_position *line = realloc(l->line, cap * sizeof *line);
    if (!line)
        return false;
    l->line = line;
    arb_position *before = realloc(l->before, cap * sizeof *before);
    if (!before)
        return false;
    l->before = before;
    l->depth_cap = cap;
    return true;
}

/* ---- small helpers shared by the lint_*.c files ------------------------- */

const char *const lint_piece_names[ARB_NO_KIND] = {"pawn", "knight", "bishop", "rook", "queen", "king"};

arb_finding *lint_add(lint_ctx *c, int check, int severity, int article, int line, int col,
                      const char *fmt, ...)
{
    arb_finding *f = arb_lint_report_add(c->r, check, severity);
    if (!f)
        return NULL;
    f->line = line;
    f->col = col;
    f->after_error = c->after_error;
    if (article >= 0 && article < ARB_ART_COUNT)
        lint_copy(f->article, sizeof f->article, c->rules->articles[article]);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->message, sizeof f->message, fmt, ap);
    va_end(ap);
    return f;
}

int lint_format(char *dst, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(dst, size, fmt, ap);
    va_end(ap);
    return n;
}

void lint_move_number(const arb_position *pos, char *buf, size_t size)
{
    lint_format(buf, size, "%u%s", (unsigned)pos->fullmove_number, pos->side == ARB_WHITE ? "." : "...");
}

void lint_set_move(arb_finding *f, const arb_position *before, uint32_t ply, const char *token)
{
    f->ply = ply;
    lint_move_number(before, f->move_number, sizeof f->move_number);
    lint_copy(f->token, sizeof f->token, token);
}

const arb_pgn_tag *lint_tag_entry(const arb_pgn_game *g, const char *name)
{
    for (size_t i = 0; i < g->tag_count; i++)
        if (strcmp(g->tags[i].name, name) == 0)
            return &g->tags[i];
    return NULL;
}

const char *lint_tag(const arb_pgn_game *g, const char *name)
{
    const arb_pgn_tag *t = lint_tag_entry(g, name);
    return t ? t->value : NULL;
}

static bool is_delimiter(unsigned char ch)
{
    return ch <= ' ' || strchr("{}()[];\"", ch) != NULL;
}

void lint_token_at(const arb_pgn_game *g, int line, int col, char *buf, size_t size)
{
    buf[0] = '\0';
    if (!g->raw || line < g->line || (line == g->line && col < g->col))
        return;
    /* raw starts at the game's first token, which is at g->line:g->col;
     * columns count characters, so UTF-8 continuation bytes do not count */
    const unsigned char *p = (const unsigned char *)g->raw, *end = p + g->raw_len;
    int l = g->line, c = g->col;
    while (p < end && (l < line || (l == line && c < col))) {
        if (*p == '\n') {
            l++;
            c = 1;
        } else if ((*p & 0xC0) != 0x80 && !(p[0] == 0xEF && end - p >= 3 && p[1] == 0xBB && p[2] == 0xBF)) {
            c++;
        } else if (p[0] == 0xEF) {
            p += 2; /* a byte-order mark is no character */
        }
        p++;
    }
    if (l != line || c != col)
        return;
    size_t n = 0;
    while (p + n < end && n + 1 < size && !is_delimiter(p[n]))
        n++;
    if (n == 0 && p < end && *p > ' ' && size > 1)
        n = 1; /* a delimiter stands for itself */
    memcpy(buf, p, n);
    buf[n] = '\0';
}

/* ---- rules in force ------------------------------------------------------- */

const arb_rules *arb_lint_rules_for(const arb_pgn_game *g, const arb_lint_options *o,
                                    const arb_profile **profile)
{
    const arb_profile *p = o->profile;
    if (o->event && o->event->laws[0] && o->profiles && !o->auto_edition) {
        const arb_profile *named = arb_profiles_find(o->profiles, o->event->laws);
        if (named && !o->profile)
            p = named;
    }
    if (o->auto_edition && o->profiles) {
        const arb_profile *dated = arb_profiles_for_date(o->profiles, lint_tag(g, "Date"));
        if (dated)
            p = dated;
        else if (!p)
            p = arb_profiles_at(o->profiles, 0);
    }
    if (!p)
        return NULL;
    int cls = o->time_class;
    if (cls < 0 && o->event)
        cls = o->event->time_class;
    if (cls < 0)
        cls = arb_profile_time_class(p, lint_tag(g, "TimeControl"));
    if (cls < 0 || cls >= ARB_CLASS_COUNT)
        cls = ARB_CLASS_STANDARD;
    if (profile)
        *profile = p;
    return &p->sections[cls];
}

/* ---- how the game ended --------------------------------------------------- */

const char *lint_side_name(int side)
{
    return side == ARB_WHITE ? "White" : "Black";
}

int lint_board_end_termination(int board_end)
{
    switch (board_end) {
    case ARB_BOARD_CHECKMATE: return ARB_TERM_CHECKMATE;
    case ARB_BOARD_STALEMATE: return ARB_TERM_STALEMATE;
    case ARB_BOARD_DEAD_POSITION: return ARB_TERM_DEAD_POSITION;
    default: return -1;
    }
}

int lint_termination_article(int term)
{
    switch (term) {
    case ARB_TERM_CHECKMATE: return ARB_ART_CHECKMATE;
    case ARB_TERM_STALEMATE: return ARB_ART_STALEMATE;
    case ARB_TERM_DEAD_POSITION: return ARB_ART_DEAD_POSITION;
    case ARB_TERM_FIVEFOLD: return ARB_ART_FIVEFOLD;
    case ARB_TERM_SEVENTY_FIVE: return ARB_ART_SEVENTY_FIVE;
    default: return -1;
    }
}

const char *lint_termination_words(int term)
{
    switch (term) {
    case ARB_TERM_CHECKMATE: return "checkmate";
    case ARB_TERM_STALEMATE: return "stalemate";
    case ARB_TERM_DEAD_POSITION: return "a dead position";
    case ARB_TERM_FIVEFOLD: return "fivefold repetition";
    case ARB_TERM_SEVENTY_FIVE: return "the 75-move rule";
    default: return "its end";
    }
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

static bool is_chess960_variant(const char *v)
{
    if (!v)
        return false;
    return strcasecmp(v, "chess960") == 0 || strcasecmp(v, "chess 960") == 0 ||
           strcasecmp(v, "fischerandom") == 0 || strcasecmp(v, "fischer random") == 0 ||
           strcasecmp(v, "freestyle") == 0 || strcasecmp(v, "960") == 0;
}

arb_status arb_lint_game(arb_linter *l, const arb_pgn_game *g, uint64_t index,
                         const arb_lint_options *options, arb_lint_report *r)
{
    arb_status st;
    memset(&st, 0, sizeof st);
    arb_lint_report_reset(r);
    r->source = g->source;
    r->game = index;
    r->line = g->line;
    r->white = lint_tag(g, "White");
    r->black = lint_tag(g, "Black");
    r->round = lint_tag(g, "Round");
    const char *rt = lint_tag(g, "Result");
    r->result_tag = rt ? arb_pgn_result_parse(rt, strlen(rt)) : ARB_PGN_RESULT_NONE;

    const arb_profile *profile = NULL;
    lint_ctx c = {.g = g, .opt = options, .r = r, .history = &l->history, .event = options->event};
    c.rules = arb_lint_rules_for(g, options, &profile);
    if (!c.rules) {
        st.code = 1;
        lint_format(st.message, sizeof st.message, "no rule profile given, expected an edition of the Laws");
        return st;
    }
    c.chess960 = is_chess960_variant(lint_tag(g, "Variant"));

    lint_check_tags(&c);
    bool start_ok = lint_check_start(&c);
    line_facts lf;
    if (!lint_replay(&c, l, &lf, start_ok)) {
        st.code = 1;
        lint_format(st.message, sizeof st.message, "out of memory");
        return st;
    }
    r->plies = lf.plies;
    const arb_position *final = &l->line[0];

    int board_term = -1;
    if (start_ok && lf.complete) {
        if (lf.end_term >= 0 && lf.end_ply < lf.plies) {
            board_term = lf.end_term;
        } else {
            board_term = lint_board_end_termination(arb_board_end(final));
            if (board_term < 0 && lf.end_term >= 0)
                board_term = lf.end_term;
            if (board_term >= 0 && (board_term != lf.end_term || lf.end_ply != lf.plies)) {
                lf.end_ply = lf.plies;
                lf.end_before = lf.last_before;
                lint_copy(lf.end_token, sizeof lf.end_token, lint_last_token(&c, &lf));
            }
        }
    }
    r->result_board = lint_board_result(board_term, final, &lf);

    int result = arb_pgn_game_result(g);
    int term = -1;
    if (board_term >= 0) {
        term = board_term;
    } else {
        int tag_term = lint_termination_from_tag(lint_tag(g, "Termination"));
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
    lint_record_facts(&c, &lf, final);
    sort_findings(r);
    if (r->out_of_memory) {
        st.code = 1;
        lint_format(st.message, sizeof st.message, "out of memory");
    }
    return st;
}
