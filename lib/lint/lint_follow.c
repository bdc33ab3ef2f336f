/* lint_follow.c — --continue following the game's best repair (see
 * lint_checks.h).  The reader, asked to go on, passed the first bad move
 * over with a guess (or a null move); when the repair search finds the
 * edits after which the whole main line replays (as many as a finding can
 * name), the record is more likely slips of the pen than illegal moves: the
 * checks then see the game along the repair, each move at the place of the
 * token it was read from, and the finding of the first bad move says so.
 * A variation hangs on the main line as the reader read it: it is kept
 * when it branches where the reader's line and the repaired one still
 * stand in the same position (before the first edit, or at a move read
 * as another in place) and read without error; otherwise the game keeps
 * the reader's way. */
#include "lint_checks.h"

#include <stdlib.h>
#include <string.h>

#include "repair_game.h"
#include "san.h"

void lint_follow_end(lint_followed *followed)
{
    free(followed->items);
    free(followed->diags);
    followed->items = NULL;
    followed->diags = NULL;
}

static bool before_pos(int32_t line, int32_t col, int32_t line2, int32_t col2)
{
    return line < line2 || (line == line2 && col < col2);
}

/* The first error of the movetext (the first bad move: the game has no
 * variations), or NULL. */
static const arb_pgn_diag *first_bad_move(const arb_pgn_game *g, const arb_mainline *ml)
{
    if (ml->count == 0)
        return NULL;
    for (size_t i = 0; i < g->diag_count; i++) {
        const arb_pgn_diag *d = &g->diags[i];
        if (d->severity == ARB_PGN_ERROR && !before_pos(d->line, d->col, ml->at[0].line, ml->at[0].col))
            return d;
    }
    return NULL;
}

/* The next main-line token from k that is a move, not a mark ("e.p."). */
static size_t move_token(const arb_mainline *ml, const arb_notation *n, size_t k)
{
    while (k < ml->count && arb_notation_extra(n, ml->tokens[k].text, ml->tokens[k].len))
        k++;
    return k;
}

/* Where each move of the repaired line stands in the text: the token it was
 * read from (a swap's three moves at the places of the three tokens, in
 * order), an inserted move at the token it goes before. */
static void move_places(const lint_repair_search *s, arb_pgn_token_at *at, const arb_pgn_game *g)
{
    const arb_repair *rep = &s->res.repairs[0];
    const arb_mainline *ml = &s->ml;
    arb_pgn_token_at end = {.line = ml->at[ml->count - 1].line, .col = ml->at[ml->count - 1].col + 1};
    (void)g;
    size_t tok = move_token(ml, s->notation, 0), ply = 0;
    int e = 0;
    while (ply < rep->move_count) {
        const arb_repair_edit *ed = e < rep->edit_count && rep->edits[e].token == tok ? &rep->edits[e] : NULL;
        if (ed && ed->kind == ARB_EDIT_DELETE) {
            e++;
            tok = move_token(ml, s->notation, tok + 1);
            continue;
        }
        if (ed)
            e++;
        at[ply++] = tok < ml->count ? ml->at[tok] : end;
        if (!ed || ed->kind != ARB_EDIT_INSERT)
            tok = move_token(ml, s->notation, tok + 1);
    }
}

/* The items of the followed game: the repaired moves and the reader's
 * comments, NAGs and variations, in text order (a move before a comment at
 * its place: "Tb1=" makes its draw offer there). */
static size_t merge_items(const arb_pgn_game *g, const arb_repair *rep, const arb_pgn_token_at *at,
                          arb_pgn_item *items)
{
    size_t n = 0, ply = 0, depth = 0;
    arb_position pos = g->start, next;
    for (size_t i = 0; i <= g->item_count; i++) {
        const arb_pgn_item *it = i < g->item_count ? &g->items[i] : NULL;
        if (it && it->kind == ARB_PGN_ITEM_VARIATION_END) {
            depth -= depth > 0;
            items[n++] = *it;
            continue;
        }
        if (it && it->kind == ARB_PGN_ITEM_MOVE && depth == 0)
            continue;
        if (it && depth > 0) {
            depth += it->kind == ARB_PGN_ITEM_VARIATION_START;
            items[n++] = *it;
            continue;
        }
        while (ply < rep->move_count && (!it || !before_pos(it->line, it->col, at[ply].line, at[ply].col))) {
            arb_pgn_item *m = &items[n++];
            memset(m, 0, sizeof *m);
            m->kind = ARB_PGN_ITEM_MOVE;
            m->move = rep->moves[ply];
            m->line = at[ply].line;
            m->col = at[ply].col;
            unsigned number = pos.fullmove_number ? pos.fullmove_number : 1;
            m->ply = (uint32_t)(number - 1) * 2 + pos.side;
            if (g->san_recorded) {
                char san[ARB_SAN_MAX];
                size_t len = arb_san_write(&pos, m->move, san);
                if (len < sizeof m->san) {
                    memcpy(m->san, san, len + 1);
                    m->len = (uint32_t)len;
                }
            }
            arb_position_make(&pos, m->move, &next);
            pos = next;
            ply++;
        }
        if (it) {
            depth += it->kind == ARB_PGN_ITEM_VARIATION_START;
            items[n++] = *it;
        }
    }
    return n;
}

/* The search --continue follows when the hint's (one edit) finds nothing:
 * up to as many edits as a finding names, within the hint's few
 * milliseconds, and only for a game with several bad tokens (a file of games that are no
 * scoresheet slips must not make --continue slow). */
static const arb_repair_limits follow_limits = {.max_edits = ARB_FINDING_MAX_REPAIR_EDITS, .max_work = 60000,
                                                .max_nodes = 4000, .suggestions = 2};

/* A repair of several edits is followed only when it is no guess: every
 * edit stands at or after the first token that does not read (edits before
 * it would rewrite moves that replay, to explain several bad ones); no
 * edited move starts where an earlier one ended (2.Ke3 3.Ke4 read 2.Ke2
 * 3.Ke3 is one illegal king move played and the game going on from it as
 * likely as two slips); and the next repair found costs more (two equally
 * good ones: which was played?).  One edit is a single slip, followed as
 * found. */
static bool sound(const lint_repair_search *s)
{
    const arb_repair *rep = &s->res.repairs[0];
    if (rep->edit_count <= 1)
        return true;
    for (int e = 0; e < rep->edit_count; e++) {
        const arb_repair_edit *ed = &rep->edits[e];
        if (ed->token < s->res.fail_token)
            return false;
        if (ed->kind != ARB_EDIT_REPLACE && ed->kind != ARB_EDIT_INSERT)
            continue;
        for (int k = 0; k < e; k++) {
            const arb_repair_edit *was = &rep->edits[k];
            if ((was->kind == ARB_EDIT_REPLACE || was->kind == ARB_EDIT_INSERT)
                && arb_move_from(ed->move) == arb_move_to(was->move))
                return false;
        }
    }
    return s->res.count < 2 || s->res.repairs[1].cost > rep->cost;
}

/* True when every variation of g can hang on the repaired line as it hung
 * on the reader's: it branches at a main-line move before the first place
 * the two lines differ (or at that move when the repair reads it as
 * another in place, the position before it being the same), and no error
 * was found inside it. */
static bool variations_fit(const arb_pgn_game *g, const arb_repair *rep)
{
    /* the first ply where the reader's main line and the repair differ */
    size_t diverge = 0;
    for (size_t i = 0, depth = 0; i < g->item_count; i++) {
        const arb_pgn_item *it = &g->items[i];
        if (it->kind == ARB_PGN_ITEM_VARIATION_START)
            depth++;
        else if (it->kind == ARB_PGN_ITEM_VARIATION_END && depth > 0)
            depth--;
        else if (it->kind == ARB_PGN_ITEM_MOVE && depth == 0) {
            if (diverge >= rep->move_count || rep->moves[diverge] != it->move)
                break;
            diverge++;
        }
    }
    bool replaced_in_place = false;
    for (int e = 0; e < rep->edit_count; e++)
        if (rep->edits[e].ply == diverge)
            replaced_in_place = rep->edits[e].kind == ARB_EDIT_REPLACE;
    size_t moves = 0, depth = 0;
    const arb_pgn_item *open = NULL;
    for (size_t i = 0; i < g->item_count; i++) {
        const arb_pgn_item *it = &g->items[i];
        if (it->kind == ARB_PGN_ITEM_MOVE && depth == 0) {
            moves++;
        } else if (it->kind == ARB_PGN_ITEM_VARIATION_START) {
            if (depth++ > 0)
                continue;
            /* an alternative to main-line move moves - 1 */
            if (moves == 0 || moves - 1 > diverge || (moves - 1 == diverge && !replaced_in_place))
                return false;
            open = it;
        } else if (it->kind == ARB_PGN_ITEM_VARIATION_END && depth > 0 && --depth == 0) {
            for (size_t k = 0; k < g->diag_count; k++) {
                const arb_pgn_diag *d = &g->diags[k];
                if (d->severity == ARB_PGN_ERROR && !before_pos(d->line, d->col, open->line, open->col)
                    && !before_pos(it->line, it->col, d->line, d->col))
                    return false;
            }
        }
    }
    return depth == 0;
}

bool lint_follow_repair(lint_ctx *c, lint_followed *followed)
{
    memset(followed, 0, sizeof *followed);
    const arb_pgn_game *g = c->g;
    if (g->skipped_moves == 0)
        return true;
    lint_repair_search s;
    bool ok = true;
    const arb_pgn_diag *d;
    bool found = lint_repair_find(c, &s, NULL);
    if (!found && g->skipped_moves >= 2) {   /* one bad token is one slip, or none */
        lint_repair_search_free(&s);
        found = lint_repair_find(c, &s, &follow_limits);
    }
    if (!found || s.ml.count == 0 || !sound(&s)
        || (s.ml.has_variations && !variations_fit(g, &s.res.repairs[0])) || !(d = first_bad_move(g, &s.ml))) {
        lint_repair_search_free(&s);
        return true;
    }
    /* the first bad move's finding, from the position as written */
    arb_position pos = g->start, next;
    uint32_t ply = 1;
    for (size_t i = 0, depth = 0; i < g->item_count; i++) {
        const arb_pgn_item *it = &g->items[i];
        depth += it->kind == ARB_PGN_ITEM_VARIATION_START;
        depth -= it->kind == ARB_PGN_ITEM_VARIATION_END && depth > 0;
        if (it->kind != ARB_PGN_ITEM_MOVE || depth > 0 || !before_pos(it->line, it->col, d->line, d->col))
            continue;
        arb_position_make(&pos, it->move, &next);
        pos = next;
        ply++;
    }
    char token[64];
    lint_token_at(g, d->line, d->col, token, sizeof token);
    size_t before = c->r->count;
    int check = lint_bad_move(c, &pos, ply, token, d->line, d->col, false, d->message);
    if (!lint_repair_eligible(check) || c->r->count == before) {
        /* keep the reader's way: its replay explains this token itself */
        for (size_t i = before; i < c->r->count; i++) {
            int sev = c->r->findings[i].severity;
            if (sev == ARB_SEVERITY_ERROR)
                c->r->errors--;
            else if (sev == ARB_SEVERITY_WARNING)
                c->r->warnings--;
            else
                c->r->infos--;
        }
        c->r->count = before;
        lint_repair_search_free(&s);
        return true;
    }
    arb_finding *f = &c->r->findings[before];
    lint_repair_attach(c, f, &s);
    f->repair_followed = true;
    size_t len = strlen(f->message);
    if (len < sizeof f->message)
        lint_format(f->message + len, sizeof f->message - len, "; --continue follows it");

    /* the game along the repair: the reader's tags, text and warnings */
    const arb_repair *rep = &s.res.repairs[0];
    arb_pgn_token_at *at = malloc((rep->move_count + 1) * sizeof *at);
    followed->items = malloc((g->item_count + rep->move_count + 1) * sizeof *followed->items);
    followed->diags = malloc((g->diag_count + 1) * sizeof *followed->diags);
    if (!at || !followed->items || !followed->diags) {
        ok = false;
    } else {
        arb_pgn_game *fg = &followed->game;
        *fg = *g;
        move_places(&s, at, g);
        fg->items = followed->items;
        fg->item_count = merge_items(g, rep, at, followed->items);
        fg->diags = followed->diags;
        fg->diag_count = fg->error_count = 0;
        for (size_t i = 0; i < g->diag_count; i++) {
            const arb_pgn_diag *x = &g->diags[i];
            if (x->severity == ARB_PGN_ERROR && !before_pos(x->line, x->col, s.ml.at[0].line, s.ml.at[0].col))
                continue;   /* the bad moves the repair reads */
            fg->diags[fg->diag_count++] = *x;
            fg->error_count += x->severity == ARB_PGN_ERROR;
        }
        fg->skipped_moves = 0;
        fg->main_line_plies = rep->move_count;
        fg->end = arb_repair_position_at(&g->start, rep, rep->move_count);
        c->g = fg;
    }
    free(at);
    if (!ok)
        lint_follow_end(followed);
    lint_repair_search_free(&s);
    return ok;
}
