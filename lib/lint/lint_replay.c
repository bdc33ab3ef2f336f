/* lint_replay.c — replaying the items of a game like an arbiter: moves
 * recorded after the game had ended (mate, stalemate, dead position,
 * fivefold, 75 moves), draw offers, and the reader's first error explained
 * (illegal, ambiguous, not a move). */
#include "lint_checks.h"

#include <stdio.h>
#include <string.h>

#include "lenient.h"
#include "pgn_main_line.h"
#include "san.h"

/* The last main-line move as written (looked up in the game's text only
 * when a finding needs it: the scan is linear in the game's length). */
const char *lint_last_token(const lint_ctx *c, line_facts *lf)
{
    if (!lf->last_token_ready && lf->last_item) {
        lint_token_at(c->g, lf->last_item->line, lf->last_item->col, lf->last_token, sizeof lf->last_token);
        if (!lf->last_token[0])
            arb_san_write(lf->last_before, lf->last_item->move, lf->last_token);
        lf->last_token_ready = true;
    }
    return lf->last_token;
}

/* An automatic end after the position just pushed (not checkmate or
 * stalemate: those leave no legal move, so the reader rejects what follows). */
/* A rook or a queen, or pawns and a knight, leave the position neither dead
 * by material nor one the search looks at (the usual case, decided without
 * a call). */
static inline bool surely_alive(const arb_position *pos)
{
    const arb_bitboard *k = pos->by_kind;
    return (k[ARB_ROOK] | k[ARB_QUEEN]) || (k[ARB_PAWN] && k[ARB_KNIGHT]);
}

static inline int automatic_end(lint_ctx *c, line_facts *lf, const arb_position *pos, int occurrences)
{
    if (!surely_alive(pos) && (arb_dead_by_material(pos) || lint_dead_by_search(c, lf, pos)))
        return ARB_TERM_DEAD_POSITION;
    /* five occurrences in a row are five occurrences */
    if (occurrences >= 5) {
        if (c->rules->fivefold == ARB_FIVEFOLD_ANY)
            return ARB_TERM_FIVEFOLD;
        if (c->rules->fivefold == ARB_FIVEFOLD_CONSECUTIVE &&
            arb_history_cycle_occurrences(c->history, c->history->count - 1) >= 5)
            return ARB_TERM_FIVEFOLD;
    }
    if (pos->halfmove_clock >= 150 && c->rules->seventy_five)
        /* 9.6.2: if the last move gave mate, the mate counts */
        return arb_is_checkmate(pos) ? ARB_TERM_CHECKMATE : ARB_TERM_SEVENTY_FIVE;
    return -1;
}

static bool is_draw_offer_comment(const char *text)
{
    return strcmp(text, "(=)") == 0 || strcmp(text, "=") == 0;
}

static void draw_offer(lint_ctx *c, const arb_position *before, uint32_t ply, const char *token,
                       const arb_pgn_item *it)
{
    const arb_event *e = c->event;
    char number[16];
    lint_move_number(before, number, sizeof number);
    arb_finding *f;
    if (e && !e->draw_offers_allowed)
        f = lint_add(c, ARB_CHECK_DRAW_OFFER, ARB_SEVERITY_WARNING, ARB_ART_EVENT_DRAWS, it->line, it->col,
                     "%s%s: draw offer (=), but the event's regulations allow no draw offers without "
                     "the arbiter", number, token);
    else if (e && e->draw_min_move && (int)before->fullmove_number < e->draw_min_move)
        f = lint_add(c, ARB_CHECK_DRAW_OFFER, ARB_SEVERITY_WARNING, ARB_ART_EVENT_DRAWS, it->line, it->col,
                     "%s%s: draw offer (=) before move %d, which the event's regulations forbid",
                     number, token, e->draw_min_move);
    else
        f = lint_add(c, ARB_CHECK_DRAW_OFFER, ARB_SEVERITY_INFO, ARB_ART_DRAW_OFFER, it->line, it->col,
                     "%s%s: draw offer (=)", number, token);
    if (f) {
        lint_set_move(f, before, ply, token);
        lint_copy(f->key, sizeof f->key, "draw-offer");
    }
}

/* A move recorded after the game had ended (reported once per game). */
static void after_end(lint_ctx *c, line_facts *lf, const arb_position *before, uint32_t ply,
                      const char *token, int line, int col)
{
    char number[16], reason[128];
    lint_move_number(before, number, sizeof number);
    if (lf->end_ply) {
        char end_number[16];
        lint_move_number(&lf->end_before, end_number, sizeof end_number);
        lint_format(reason, sizeof reason, "%s after %s%s", lint_termination_words(lf->end_term), end_number,
                 lf->end_token);
    } else {
        lint_format(reason, sizeof reason, "%s in the start position", lint_termination_words(lf->end_term));
    }
    lf->after_end_seen = true;
    arb_finding *f = lint_add(c, ARB_CHECK_MOVES_AFTER_END, ARB_SEVERITY_ERROR,
                              lint_termination_article(lf->end_term), line, col,
                              "%s%s is recorded after the game had ended by %s", number, token, reason);
    if (f) {
        lint_set_move(f, before, ply, token);
        lint_copy(f->reason, sizeof f->reason, reason);
        lint_copy(f->key, sizeof f->key, "moves-after-end");
    }
}

/* A diagnostic on a line of the tag section: before the first move, or on
 * a line whose first character is '['. */
static bool in_tag_section(const arb_pgn_game *g, const arb_pgn_diag *d)
{
    for (size_t i = 0; i < g->item_count; i++)
        if (g->items[i].line) {
            if (d->line < g->items[i].line || (d->line == g->items[i].line && d->col < g->items[i].col))
                return true;
            break;
        }
    char first[2];
    lint_token_at(g, d->line, 1, first, sizeof first);
    return first[0] == '[';
}

/* Replays the items (main line and variations) with our own stack of
 * positions, so that the position where the reader stopped is known. */
static bool before_item(const arb_pgn_diag *d, const arb_pgn_item *it)
{
    return d->line < it->line || (d->line == it->line && d->col <= it->col);
}

static void illegal_move_penalty(lint_ctx *c, const arb_position *pos, uint32_t ply, const char *token,
                                 const arb_pgn_diag *d);

/* The move the reader replayed in place of the bad token at d (--continue),
 * or ARB_MOVE_NONE when it passed the turn or dropped the token: the item
 * that stands in for it carries the token's place. */
static arb_move read_in_place(const arb_pgn_diag *d, const arb_pgn_item *standing_in)
{
    if (!standing_in || standing_in->kind != ARB_PGN_ITEM_MOVE || standing_in->move == ARB_MOVE_NULL ||
        standing_in->line != d->line || standing_in->col != d->col)
        return ARB_MOVE_NONE;
    return standing_in->move;
}

/* A main-line move the reader passed over (skip_bad_moves): explained like
 * the first bad move.  When the reader could read it (the notations agree
 * on one move, or the piece written has one legal move to the square
 * written) the game goes on with that move: the finding says so, and the
 * slip of the pen counts as no illegal move.  Otherwise everything found
 * after it is marked, and the n-th illegal move of a side is where 7.5.5
 * (or the edition's rule) ends the game, if the moves were made on the
 * board and not only written. */
static void passed_over(lint_ctx *c, const arb_position *pos, uint32_t ply, const arb_pgn_diag *d,
                        const arb_pgn_item *standing_in)
{
    char token[64];
    lint_token_at(c->g, d->line, d->col, token, sizeof token);
    size_t before = c->r->count;
    int check = lint_bad_move(c, pos, ply, token, d->line, d->col, false, d->message);
    arb_move read = read_in_place(d, standing_in);
    if (read != ARB_MOVE_NONE) {
        if (c->r->count > before) {
            arb_finding *f = &c->r->findings[before];
            arb_san_write(pos, read, f->read_as);
            size_t used = strlen(f->message);
            lint_format(f->message + used, sizeof f->message - used, "; --continue reads it as %s", f->read_as);
        }
        return;
    }
    if (check == ARB_CHECK_ILLEGAL_MOVE || check == ARB_CHECK_CASTLING_960)
        illegal_move_penalty(c, pos, ply, token, d);
    c->after_error = true;
}

/* What the edition does about the n-th illegal move of a side. */
static void illegal_move_penalty(lint_ctx *c, const arb_position *pos, uint32_t ply, const char *token,
                                 const arb_pgn_diag *d)
{
    int side = pos->side, n = ++c->illegal_by[side], limit = c->rules->illegal_moves_to_lose;
    if (limit <= 0)
        return;
    static const char *const ordinal[] = {"", "first", "second", "third", "fourth", "fifth"};
    char count[16];
    if (n < (int)(sizeof ordinal / sizeof ordinal[0]))
        lint_format(count, sizeof count, "%s", ordinal[n]);
    else
        lint_format(count, sizeof count, "%dth", n);
    arb_finding *f = NULL;
    if (n == limit)
        f = lint_add(c, ARB_CHECK_ILLEGAL_MOVE, ARB_SEVERITY_WARNING, ARB_ART_ILLEGAL_PENALTY, d->line, d->col,
                 "%s illegal move recorded for %s: if %s made on the board, the game is lost by "
                 "%s at this point, unless %s cannot checkmate (then drawn)", count, lint_side_name(side),
                 n == 1 ? "it was" : "they were", lint_side_name(side), lint_side_name(side ^ 1));
    else if (n < limit && c->rules->illegal_penalty_minutes > 0)
        f = lint_add(c, ARB_CHECK_ILLEGAL_MOVE, ARB_SEVERITY_INFO, ARB_ART_ILLEGAL_PENALTY, d->line, d->col,
                 "%s illegal move recorded for %s: if it was made on the board, %s gets %d extra minute%s",
                 count, lint_side_name(side), lint_side_name(side ^ 1), c->rules->illegal_penalty_minutes,
                 c->rules->illegal_penalty_minutes == 1 ? "" : "s");
    if (f)
        lint_set_move(f, pos, ply, token);
}

/* What a main-line ply other than the usual one (lint_replay) finds: the
 * Chess960 castling notation, a move after the end, an automatic end, a
 * repetition, 50 or 75 moves.  Out of line: the replay's loop keeps fewer
 * values live without it. */
static __attribute__((noinline)) void unusual_ply(lint_ctx *c, line_facts *lf, const arb_pgn_item *it,
                                                  const arb_position *before, const arb_position *next,
                                                  int occurrences, bool start_ok)
{
    if (c->chess960 && arb_move_type(it->move) == ARB_MOVE_CASTLING)
        lint_check_castling_notation(c, before, it->move, lf->plies, lint_last_token(c, lf), it->line,
                                     it->col);
    if (lf->end_term >= 0 && !lf->after_end_seen)
        after_end(c, lf, before, lf->plies, lint_last_token(c, lf), it->line, it->col);
    if (lf->end_term < 0 && start_ok) {
        int term = automatic_end(c, lf, next, occurrences);
        if (term >= 0) {
            lf->end_term = term;
            lf->end_ply = lf->plies;
            lf->end_before = *before;
            lint_copy(lf->end_token, sizeof lf->end_token, lint_last_token(c, lf));
        }
    }
    /* (a repetition, or 50 moves without pawn move or capture: rare) */
    if (occurrences >= 2) {
        lf->repeat_ply = lf->plies;
        if (!lf->threefold_ply && occurrences >= 3) {
            lf->threefold_ply = lf->plies;
            lf->threefold_before = *before;
        }
        if (!c->r->facts.first_fivefold_ply && occurrences >= 5)
            c->r->facts.first_fivefold_ply = lf->plies;
    }
    if (next->halfmove_clock >= 100) {
        arb_game_facts *facts = &c->r->facts;
        if (!facts->first_seventyfive_ply && next->halfmove_clock >= 150 && arb_count_legal(next) > 0)
            facts->first_seventyfive_ply = lf->plies;
        if (!lf->fifty_ply) {
            lf->fifty_ply = lf->plies;
            lf->fifty_before = *before;
        }
    }
}

/* The moves the reader passed over before the main-line move `it` (their
 * diagnostics from *next_diag on, in text order), explained at ply `ply`
 * from `pos`; returns how many are left.  (Out of line, as unusual_ply.) */
static __attribute__((noinline)) size_t passed_over_before(lint_ctx *c, const arb_position *pos, uint32_t ply,
                                                           const arb_pgn_item *it, size_t *next_diag,
                                                           size_t skipped_left)
{
    const arb_pgn_game *g = c->g;
    while (skipped_left) {
        while (*next_diag < g->diag_count && (g->diags[*next_diag].severity != ARB_PGN_ERROR ||
                                              in_tag_section(g, &g->diags[*next_diag])))
            ++*next_diag;
        if (*next_diag == g->diag_count || !before_item(&g->diags[*next_diag], it))
            break;
        passed_over(c, pos, ply, &g->diags[*next_diag], it);
        ++*next_diag;
        skipped_left--;
    }
    return skipped_left;
}

/* last_before of a game without moves (read only where a move was made) */
static const arb_position no_position;

bool lint_replay(lint_ctx *c, arb_linter *l, line_facts *lf, bool start_ok)
{
    const arb_pgn_game *g = c->g;
    memset(lf, 0, sizeof *lf);
    lf->end_term = -1;
    if (!lint_reserve_depth(l, 1) || !arb_history_reset(c->history, &g->start))
        return false;
    /* the main line is read in place: the reader's kept positions, or the
     * linter's own where it kept none (three, so that the current position
     * and the one before stay whole while the next is made) */
    const arb_position *main_pos = &g->start, *main_before = &g->start;
    lf->last_before = &no_position;
    lf->final = &g->start;
    size_t depth = 0;
    if (start_ok) {
        /* a FEN may already show an ended game */
        bool dead = arb_dead_by_material(&g->start) || lint_dead_by_search(c, lf, &g->start);
        int term = lint_board_end_termination(dead ? ARB_BOARD_DEAD_POSITION : 0);
        if (term < 0 && c->rules->seventy_five && g->start.halfmove_clock >= 150)
            term = ARB_TERM_SEVENTY_FIVE;
        lf->end_term = term;
    }
    /* moves the reader passed over come first in the diagnostics, in text
     * order; each is met before the item that stands in for it */
    size_t skipped_left = g->skipped_moves, next_diag = 0;
    /* the reader's kept positions, looked up once (the game does not change) */
    const arb_pgn_main_line *kept = g->main_line && !g->main_line->broken ? g->main_line : NULL;
    const size_t kept_count = kept ? kept->count : 0;
    const arb_pgn_item *last_move = NULL;
    const bool chess960 = c->chess960;
    /* (in locals: the stores below could otherwise reach them, as far as
     * the compiler knows, and it would load them again at every item) */
    const arb_pgn_item *const items = g->items;
    const size_t item_count = g->item_count;
    /* (lf->plies and what the usual ply asks of lf and c, in locals for the
     * same reason; unusual_ply is the only place that changes them) */
    uint32_t plies = 0;
    bool no_end_nor_960 = lf->end_term < 0 && !chess960;
    for (size_t i = 0; i < item_count; i++) {
        const arb_pgn_item *it = &items[i];
        if (skipped_left && depth == 0 && it->kind == ARB_PGN_ITEM_MOVE)
            skipped_left = passed_over_before(c, main_pos, lf->plies + 1, it, &next_diag, skipped_left);
        switch (it->kind) {
        case ARB_PGN_ITEM_VARIATION_START:
            if (!lint_reserve_depth(l, depth + 2))
                return false;
            depth++;
            l->line[depth] = depth == 1 ? *main_before : l->before[depth - 1];
            l->before[depth] = l->line[depth];
            break;
        case ARB_PGN_ITEM_VARIATION_END:
            if (depth)
                depth--;
            break;
        case ARB_PGN_ITEM_COMMENT:
            if (depth == 0 && last_move) {
                c->main_comments++;
                if (is_draw_offer_comment(it->text))
                    draw_offer(c, lf->last_before, lf->plies, lint_last_token(c, lf), it);
            }
            break;
        case ARB_PGN_ITEM_MOVE: {
            if (depth) {
                arb_position next;
                arb_position_make(&l->line[depth], it->move, &next);
                l->before[depth] = l->line[depth];
                l->line[depth] = next;
                break;
            }
            const arb_position *before = main_pos;
            /* the main line's positions, when the reader kept them, are not played again */
            const arb_position *next = plies < kept_count ? arb_pgn_main_line_at(kept, plies, before, it->move)
                                                          : NULL;
            if (!next) {
                arb_position *own = &l->main_own[0];
                while (own == main_pos || own == main_before)
                    own++;
                arb_position_make(before, it->move, own);
                next = own;
            }
            main_before = before;
            main_pos = next;
            lf->plies = ++plies;
            lf->last_before = before;
            last_move = it;
            lf->last_item = it;
            lf->last_token_ready = false;
            int occurrences = arb_history_push_occurrences(c->history, next);
            if (!occurrences)
                return false;
            /* the usual ply, with nothing below to do: no end yet nor one
             * coming (a position met for the first time, far from 50 moves,
             * material that can mate), and no Chess960 castling to check */
            if (occurrences == 1 && next->halfmove_clock < 100 && no_end_nor_960 && surely_alive(next))
                break;
            unusual_ply(c, lf, it, before, next, occurrences, start_ok);
            no_end_nor_960 = lf->end_term < 0 && !chess960;
            break;
        }
        default:
            break;
        }
    }

    lf->final = main_pos;

    /* errors in the tag section (the reader skips only that line) are tag
     * findings; the first error in the movetext ended the replay */
    /* passed-over moves after the last item (dropped tokens), then the
     * error that ended the replay, if any */
    const arb_pgn_diag *err = NULL;
    for (; next_diag < g->diag_count; next_diag++) {
        const arb_pgn_diag *d = &g->diags[next_diag];
        if (d->severity != ARB_PGN_ERROR || in_tag_section(g, d))
            continue;
        if (skipped_left) {
            if (depth == 0)
                passed_over(c, main_pos, lf->plies + 1, d, NULL);
            skipped_left--;
            continue;
        }
        err = d;
        break;
    }
    for (size_t i = 0; i < g->diag_count; i++) {
        const arb_pgn_diag *d = &g->diags[i];
        if (d->severity != ARB_PGN_ERROR || !in_tag_section(g, d))
            continue;
        /* our own check of that tag (FEN, Result) already said it */
        bool said = false;
        for (size_t k = 0; k < c->r->count && !said; k++)
            said = c->r->findings[k].line == d->line;
        if (said)
            continue;
        char token[64];
        lint_token_at(g, d->line, d->col, token, sizeof token);
        arb_finding *f = lint_add(c, ARB_CHECK_TAG_FORMAT, ARB_SEVERITY_ERROR, ARB_ART_TAGS, d->line, d->col,
                                  "%s", d->message);
        if (f)
            lint_copy(f->token, sizeof f->token, token);
    }
    /* text from a book or web page, read leniently (lenient.h): warnings */
    for (size_t i = 0; i < g->diag_count; i++) {
        const arb_pgn_diag *d = &g->diags[i];
        if (d->severity == ARB_PGN_WARNING && arb_lenient_describes(d->message))
            lint_add(c, ARB_CHECK_BAD_TOKEN, ARB_SEVERITY_WARNING, ARB_ART_BAD_TOKEN, d->line, d->col, "%s",
                     d->message);
    }
    /* the notation the moves were read in, when the reader chose one (as
     * pgnconv's note says it: "German, Bosnian ... read these moves alike;
     * read as German (de)") */
    if (g->notation_used && !c->opt->notation && g->main_line_plies > 0
        && strcmp(arb_locale_code(arb_notation_locale(g->notation_used)), "en") != 0) {
        const arb_pgn_diag *alike = NULL;
        for (size_t i = 0; i < g->diag_count && !alike; i++)
            if (g->diags[i].severity == ARB_PGN_NOTE && strstr(g->diags[i].message, "read these moves alike"))
                alike = &g->diags[i];
        const arb_locale *loc = arb_notation_locale(g->notation_used);
        const char *name = arb_locale_english_name(loc);
        if (alike)
            lint_add(c, ARB_CHECK_NOTATION, ARB_SEVERITY_INFO, ARB_ART_BAD_TOKEN, alike->line, alike->col, "%s",
                     alike->message);
        else
            lint_add(c, ARB_CHECK_NOTATION, ARB_SEVERITY_INFO, ARB_ART_BAD_TOKEN, g->line, g->col,
                     "read as %s (%s)", *name ? name : arb_locale_code(loc), arb_locale_code(loc));
    }
    /* after an error the reader stops replaying (the items end there),
     * unless it passed the move over on request */
    lf->complete = g->error_count == g->skipped_moves;
    if (err && start_ok) {
        char token[64];
        lint_token_at(g, err->line, err->col, token, sizeof token);
        const arb_position *pos = depth ? &l->line[depth] : main_pos;
        uint32_t ply = (uint32_t)((pos->fullmove_number - g->start.fullmove_number) * 2 + pos->side -
                                  g->start.side + 1);
        if (token[0]) {
            int term = depth == 0 ? lint_board_end_termination(arb_board_end(pos)) : -1;
            if (term == ARB_TERM_CHECKMATE || term == ARB_TERM_STALEMATE) {
                /* the reader rejected a move after mate or stalemate: the record is
                 * complete up to the end, and what follows is moves-after-end */
                if (lf->end_term < 0) {
                    lf->end_term = term;
                    lf->end_ply = lf->plies;
                    lf->end_before = *lf->last_before;
                    lint_copy(lf->end_token, sizeof lf->end_token, lint_last_token(c, lf));
                }
                if (!lf->after_end_seen)
                    after_end(c, lf, pos, ply, token, err->line, err->col);
                lf->complete = true;
                return true;
            }
            int check = lint_bad_move(c, pos, ply, token, err->line, err->col, depth > 0, err->message);
            if (depth == 0)
                lint_add_repair(c, check);
        } else {
            arb_finding *f = lint_add(c, ARB_CHECK_BAD_TOKEN, ARB_SEVERITY_ERROR, ARB_ART_BAD_TOKEN,
                                      err->line, err->col, "%s", err->message);
            (void)f;
        }
    }
    return true;
}

