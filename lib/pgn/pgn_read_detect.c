/* pgn_read_detect.c — the reader's hooks for notation detection
 * (pgn_detect.h): the passes over a game, collecting its main line's move
 * tokens, reading it again in the notation found. */
#include "pgn_read_internal.h"

#include <stdlib.h>
#include <string.h>

#include "grow.h"
static bool add_collected(arb_pgn_reader *r, const arb_pgn_token *tok)
{
    if (r->token_count == r->token_cap) {   /* four lists side by side */
        size_t cap = arb_grown_capacity(r->token_cap, r->token_count + 1);
        if (cap == 0 || !arb_resize(&r->tokens, cap, sizeof *r->tokens)
            || !arb_resize(&r->token_at, cap, sizeof *r->token_at)
            || !arb_resize(&r->token_offset, cap, sizeof *r->token_offset)
            || !arb_resize(&r->token_moves, cap, sizeof *r->token_moves))
            return false;
        r->token_cap = cap;
    }
    size_t i = r->token_count++;
    r->tokens[i].len = tok->len;
    r->token_offset[i] = tok->offset;   /* the text may move until the game is read */
    r->token_at[i].line = tok->line;
    r->token_at[i].col = tok->col;
    return true;
}

/* Collecting: the main line's move tokens, as the replay would meet them. */
void pgn_collect_token(struct parse *p, const arb_pgn_token *tok)
{
    switch (tok->kind) {
    case ARB_PGN_TOK_SYMBOL:
        if (p->depth == 0) {
            p->main_index++;
            if (!add_collected(p->r, tok))
                p->oom = true;
        }
        break;
    case ARB_PGN_TOK_RAV_OPEN:
        if (pgn_draw_offer_follows(p)) {
            p->r->lx.pos += 2;
            p->last_end = tok->end_offset + 2;
        } else {
            p->depth++;
        }
        break;
    case ARB_PGN_TOK_RAV_CLOSE:
        if (p->depth > 0)
            p->depth--;
        break;
    default: break;
    }
}

/* Back to the first token of the game just read, for another pass; false
 * when its text is no longer in the buffer (longer than max_game_bytes). */
static bool rewind_game(arb_pgn_reader *r, const arb_pgn_game *g, bool line_first)
{
    if (r->raw_dropped || g->offset < r->base || g->line <= 0)
        return false;
    r->lx.pos = (size_t)(g->offset - r->base);
    r->lx.line = g->line;
    r->lx.line_start = g->offset - (uint64_t)(g->col - 1);
    r->lx.col_adjust = 0;
    r->lx.line_has_token = !line_first;
    return true;
}

/* A game that needs its notation detected: collect its main line, detect,
 * read it again in the notation found. */
static int read_detected(arb_pgn_reader *r, arb_pgn_game *g, arb_status *status, bool line_first, bool collected)
{
    arb_pgn_autodetect *a = r->opt.autodetect;
    struct pass plain = {0};
    if (!collected) {
        struct pass collect = {.collect = true};
        r->token_count = 0;
        if (!rewind_game(r, g, line_first)) {
            arb_pgn_game_add_diag(g, ARB_PGN_ERROR, g->line, g->col,
                                  "game longer than %zu bytes, expected a shorter one to detect its notation",
                                  r->opt.max_game_bytes);
            return ARB_PGN_READ_GAME;
        }
        int rc = pgn_read_pass(r, g, status, &collect);
        if (rc != ARB_PGN_READ_GAME)
            return rc;
        line_first = collect.first_line_first;
    }
    bool resolvable = r->token_count > 0 && g->error_count == 0 && !r->raw_dropped;
    if (resolvable && !r->detector && !(r->detector = arb_pgn_autodetect_acquire(a))) {
        arb_status st = {.code = ARB_INPUT_NO_MEMORY, .error_class = ARB_ERR_MEMORY, .line = g->line, .col = g->col, .message = "out of memory"};
        pgn_reader_input_failed(r, &st);
        *status = st;
        return ARB_PGN_READ_FAILED;
    }
    arb_pgn_detected det;
    memset(&det, 0, sizeof det);
    det.severity = -1;
    if (resolvable) {
        for (size_t i = 0; i < r->token_count; i++)
            r->tokens[i].text = r->buf + (r->token_offset[i] - r->base);
        arb_pgn_autodetect_game(a, r->detector, g, &g->start, r->tokens, r->token_at, r->token_count,
                                r->token_moves, &det);
        plain.notation = det.notation;
        plain.premoves = r->token_moves;
        plain.premove_count = det.resolved;
    }
    if (!rewind_game(r, g, line_first)) {
        arb_pgn_game_add_diag(g, ARB_PGN_ERROR, g->line, g->col,
                              "game longer than %zu bytes, expected a shorter one to detect its notation",
                              r->opt.max_game_bytes);
        return ARB_PGN_READ_GAME;
    }
    int rc = pgn_read_pass(r, g, status, &plain);
    if (rc != ARB_PGN_READ_GAME)
        return rc;
    if (g->error_count > 0 && det.alike_count > 1) {
        /* the main line reads alike in several notations, a variation does
         * not: keep the notations that read the whole game */
        bool ok[40] = {false};
        bool any = false;
        for (size_t i = 1; i < det.alike_count; i++) {
            plain.notation = det.alike[i];
            if (!rewind_game(r, g, line_first) || (rc = pgn_read_pass(r, g, status, &plain)) != ARB_PGN_READ_GAME)
                return rc;
            any |= ok[i] = g->error_count == 0;
        }
        if (any)
            arb_pgn_detected_narrow(&det, ok);
        plain.notation = det.notation;
        if (!rewind_game(r, g, line_first) || (rc = pgn_read_pass(r, g, status, &plain)) != ARB_PGN_READ_GAME)
            return rc;
    }
    g->notation_used = det.notation;
    if (det.label[0] && !(g->notation = arb_pgn_game_strdup(g, det.label, strlen(det.label))))
        goto oom;
    if (det.severity >= 0) {
        if (!arb_pgn_game_add_diag(g, det.severity, det.line, det.col, "%s", det.message))
            goto oom;
        pgn_diag_to_front(g);
    }
    if (r->opt.mark_notation && g->notation && !arb_pgn_game_set_tag(g, "Notation", g->notation))
        goto oom;
    return rc;
oom:;
    arb_status st = {.code = ARB_INPUT_NO_MEMORY, .error_class = ARB_ERR_MEMORY, .line = g->line, .col = g->col, .message = "out of memory"};
    pgn_reader_input_failed(r, &st);
    *status = st;
    return ARB_PGN_READ_FAILED;
}

/* Pass 1 reads as the options say; with auto-detection it collects the main
 * line (every game) or stops at a token SAN cannot read (only such games),
 * and read_detected does the rest. */
int pgn_read_strict(arb_pgn_reader *r, arb_pgn_game *g, arb_status *status)
{
    struct pass plan = {.notation = r->opt.notation};
    arb_pgn_autodetect *a = r->opt.autodetect;
    if (!a || r->opt.notation || r->opt.tags_only) {
        int rc = pgn_read_pass(r, g, status, &plan);
        if (rc == ARB_PGN_READ_GAME && r->opt.notation && !r->opt.tags_only) {
            g->notation = arb_locale_code(arb_notation_locale(r->opt.notation));
            g->notation_used = r->opt.notation;
            if (r->opt.mark_notation && g->movetext_started && !arb_pgn_game_set_tag(g, "Notation", g->notation)) {
                arb_status st = {.code = ARB_INPUT_NO_MEMORY, .error_class = ARB_ERR_MEMORY, .line = g->line, .col = g->col, .message = "out of memory"};
                pgn_reader_input_failed(r, &st);
                *status = st;
                return ARB_PGN_READ_FAILED;
            }
        }
        return rc;
    }
    bool every = arb_pgn_autodetect_when(a) == ARB_PGN_DETECT_EVERY_GAME;
    plan.collect = every;
    plan.detect_on_failure = !every;
    r->token_count = 0;
    int rc = pgn_read_pass(r, g, status, &plan);
    if (rc != ARB_PGN_READ_GAME || !(every || plan.needs_detection))
        return rc;
    if (every && (r->token_count == 0 || g->error_count > 0)) {
        /* nothing to detect: read the game as SAN */
        if (!rewind_game(r, g, plan.first_line_first))
            return rc;
        struct pass san = {0};
        return pgn_read_pass(r, g, status, &san);
    }
    return read_detected(r, g, status, plan.first_line_first, every);
}
