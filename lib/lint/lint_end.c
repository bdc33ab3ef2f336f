/* lint_end.c — how the game ended: the result against the marker and the
 * board (8.7, 6.9), the draw claims available (9.2, 9.3) or agreement
 * (5.2.3, 9.1.1), the claims the players went past, and the replay facts. */
#include "lint_checks.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "san.h"

/* ---- the result ------------------------------------------------------------ */

int lint_board_result(int term, const arb_position *final, const line_facts *lf)
{
    switch (term) {
    case ARB_TERM_CHECKMATE: {
        /* the side to move after the mating move is mated */
        int mated = lf->end_ply == lf->plies ? final->side : (lf->end_before.side ^ 1);
        return mated == ARB_WHITE ? ARB_PGN_RESULT_BLACK : ARB_PGN_RESULT_WHITE;
    }
    case ARB_TERM_STALEMATE:
    case ARB_TERM_DEAD_POSITION:
    case ARB_TERM_FIVEFOLD:
    case ARB_TERM_SEVENTY_FIVE:
        return ARB_PGN_RESULT_DRAW;
    default:
        return ARB_PGN_RESULT_NONE;
    }
}

int lint_termination_from_tag(const char *tag)
{
    if (!tag)
        return -1;
    if (strcasecmp(tag, "time forfeit") == 0 || strcasecmp(tag, "time-forfeit") == 0)
        return ARB_TERM_TIME_FORFEIT;
    if (strcasecmp(tag, "unterminated") == 0)
        return ARB_TERM_UNTERMINATED;
    if (strcasecmp(tag, "normal") == 0)
        return -1;
    return ARB_TERM_UNKNOWN; /* abandoned, adjudication, death, emergency, rules infraction */
}

static void describe_end(const line_facts *lf, int term, char *buf, size_t size)
{
    char number[16];
    if (lf->end_ply == 0) {
        lint_format(buf, size, "%s in the start position", lint_termination_words(term));
        return;
    }
    lint_move_number(&lf->end_before, number, sizeof number);
    lint_format(buf, size, "%s after %s%s", lint_termination_words(term), number, lf->end_token);
}

void lint_check_result(lint_ctx *c, const line_facts *lf, int board_term, const arb_position *final)
{
    const arb_pgn_game *g = c->g;
    const arb_pgn_tag *tag = c->tags[LINT_TAG_RESULT];
    int tag_result = c->r->result_tag;
    int marker = g->result;
    int line = tag ? tag->line : g->line, col = tag ? tag->col : g->col;

    if (tag_result != ARB_PGN_RESULT_NONE && marker != ARB_PGN_RESULT_NONE && tag_result != marker) {
        arb_finding *f = lint_add(c, ARB_CHECK_RESULT_MISMATCH, ARB_SEVERITY_ERROR, ARB_ART_RESULT_MARKER,
                                  line, col, "the Result tag says %s but the game text ends with %s",
                                  arb_pgn_result_text(tag_result), arb_pgn_result_text(marker));
        if (f)
            lint_copy(f->result, sizeof f->result, arb_pgn_result_text(tag_result));
    }
    int result = c->result;
    if (board_term >= 0) {
        int expected = c->r->result_board;
        if (result == expected || result == ARB_PGN_RESULT_NONE)
            return;
        char how[160];
        describe_end(lf, board_term, how, sizeof how);
        if (board_term == ARB_TERM_CHECKMATE) {
            int winner = expected == ARB_PGN_RESULT_WHITE ? ARB_WHITE : ARB_BLACK;
            lint_format(how, sizeof how, "%s is checkmated", lint_side_name(winner ^ 1));
            if (lf->end_ply) {
                char number[16];
                lint_move_number(&lf->end_before, number, sizeof number);
                lint_format(how + strlen(how), sizeof how - strlen(how), " after %s%s", number, lf->end_token);
            }
        }
        arb_finding *f = lint_add(c, ARB_CHECK_RESULT_MISMATCH, ARB_SEVERITY_ERROR, ARB_ART_RESULT, line, col,
                                  "result %s contradicts the final position: %s (%s), so the result is %s",
                                  arb_pgn_result_text(result), how,
                                  c->rules->articles[lint_termination_article(board_term)],
                                  arb_pgn_result_text(expected));
        if (f) {
            lint_copy(f->key, sizeof f->key, "result-mismatch");
            lint_copy(f->result, sizeof f->result, arb_pgn_result_text(result));
            lint_format(f->expected, sizeof f->expected, "%s, %s", how, arb_pgn_result_text(expected));
        }
        return;
    }
    /* 6.9: lost on time, but the winner could not have mated */
    if (lint_termination_from_tag(lint_tag(c, LINT_TAG_TERMINATION)) == ARB_TERM_TIME_FORFEIT &&
        (result == ARB_PGN_RESULT_WHITE || result == ARB_PGN_RESULT_BLACK)) {
        int winner = result == ARB_PGN_RESULT_WHITE ? ARB_WHITE : ARB_BLACK;
        if (arb_cannot_mate(final, winner)) {
            arb_finding *f = lint_add(c, ARB_CHECK_RESULT_MISMATCH, ARB_SEVERITY_ERROR, ARB_ART_FLAG_FALL,
                                      line, col,
                                      "result %s on time, but %s cannot checkmate by any series of legal "
                                      "moves: the game is drawn", arb_pgn_result_text(result),
                                      lint_side_name(winner));
            if (f) {
                lint_copy(f->key, sizeof f->key, "timeout-draw");
                lint_copy(f->result, sizeof f->result, arb_pgn_result_text(result));
            }
        }
    }
    lint_check_flag_fall(c, final, line, col);
}

/* ---- draws ------------------------------------------------------------------ */

/* A draw-claim finding whose text is `what`. */
static void claim_text(lint_ctx *c, int article, const arb_position *before, uint32_t ply, const char *token,
                       int line, int col, const char *what)
{
    arb_finding *f = lint_add(c, ARB_CHECK_DRAW_CLAIM, ARB_SEVERITY_INFO, article, line, col, "%s", what);
    if (f) {
        if (before)
            lint_set_move(f, before, ply, token);
        lint_copy(f->key, sizeof f->key, "draw-claim");
        lint_copy(f->reason, sizeof f->reason, what);
    }
}

static void claim_finding(lint_ctx *c, int article, const arb_position *before, uint32_t ply,
                          const char *token, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 8, 9)));

static void claim_finding(lint_ctx *c, int article, const arb_position *before, uint32_t ply,
                          const char *token, int line, int col, const char *fmt, ...)
{
    char what[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    claim_text(c, article, before, ply, token, line, col, what);
}

/* The draw claims available at the end.  Generating every legal move is
 * needed only when a claim is possible at all: the fifty-move rule needs
 * the clock at 99 or more, a repetition needs some position since the last
 * pawn move or capture to have occurred twice already. */
static const arb_claims *end_claims(lint_ctx *c, line_facts *lf, const arb_position *final)
{
    if (!lf->claims_known) {
        memset(&lf->claims, 0, sizeof lf->claims);
        bool repeats = lf->repeat_ply && lf->repeat_ply + final->halfmove_clock >= lf->plies;
        if (repeats || final->halfmove_clock >= 99)
            lf->claims = arb_claims_available(c->history, final);
        lf->claims_known = true;
    }
    return &lf->claims;
}

/* Where a finding about the end of the game points: the last move, or the
 * Result tag when there is no move. */
static void end_position(const lint_ctx *c, int *line, int *col)
{
    const arb_pgn_game *g = c->g;
    for (size_t i = g->item_count; i-- > 0;)
        if (g->items[i].kind == ARB_PGN_ITEM_MOVE) {
            /* the last main-line move is the last MOVE item at depth 0; items after
             * the main line's last move can only be in variations that follow it */
            int depth = 0;
            for (size_t j = i + 1; j < g->item_count; j++)
                depth += g->items[j].kind == ARB_PGN_ITEM_VARIATION_START ? 1
                         : g->items[j].kind == ARB_PGN_ITEM_VARIATION_END ? -1 : 0;
            if (depth == 0) {
                *line = g->items[i].line;
                *col = g->items[i].col;
                return;
            }
        }
    *line = g->line;
    *col = g->col;
}

int lint_check_draw(lint_ctx *c, line_facts *lf, const arb_position *final)
{
    int line, col;
    end_position(c, &line, &col);
    arb_claims claims = *end_claims(c, lf, final);
    char number[16], move[64] = "", san[ARB_SAN_MAX];
    lint_move_number(lf->last_before, number, sizeof number);
    if (lf->plies)
        lint_join(move, sizeof move, number, lint_last_token(c, lf));
    const arb_position *before = lf->plies ? lf->last_before : NULL;
    int term = -1;
    if (claims.threefold_now && lf->plies) {
        claim_finding(c, ARB_ART_THREEFOLD_NOW, before, lf->plies, lint_last_token(c, lf), line, col,
                      "threefold repetition: the position after %s had appeared for the third time (%s); "
                      "%s could claim a draw (%s), as could %s by writing %s before playing it (%s)",
                      move, c->rules->articles[ARB_ART_SAME_POSITION], lint_side_name(final->side),
                      c->rules->articles[ARB_ART_THREEFOLD_NOW], lint_side_name(final->side ^ 1), move,
                      c->rules->articles[ARB_ART_THREEFOLD_BY_MOVE]);
        term = ARB_TERM_THREEFOLD_CLAIM;
    } else if (claims.threefold_by_move) {
        arb_san_write(final, claims.threefold_move, san);
        lint_move_number(final, number, sizeof number);
        claim_finding(c, ARB_ART_THREEFOLD_BY_MOVE, before, lf->plies, lint_last_token(c, lf), line, col,
                      "threefold repetition: %s could claim a draw by writing %s%s, which repeats a "
                      "position for the third time (%s)", lint_side_name(final->side), number, san,
                      c->rules->articles[ARB_ART_THREEFOLD_BY_MOVE]);
        term = ARB_TERM_THREEFOLD_CLAIM;
    }
    if (claims.fifty_now) {
        if (term < 0)
            claim_finding(c, ARB_ART_FIFTY_NOW, before, lf->plies, lint_last_token(c, lf), line, col,
                          "fifty-move rule: the last 50 moves by each player were made without a pawn move "
                          "or a capture; %s could claim a draw (%s)", lint_side_name(final->side),
                          c->rules->articles[ARB_ART_FIFTY_NOW]);
        term = term < 0 ? ARB_TERM_FIFTY_CLAIM : term;
    } else if (claims.fifty_by_move) {
        if (term < 0) {
            arb_san_write(final, claims.fifty_move, san);
            lint_move_number(final, number, sizeof number);
            claim_finding(c, ARB_ART_FIFTY_BY_MOVE, before, lf->plies, lint_last_token(c, lf), line, col,
                          "fifty-move rule: %s could claim a draw by writing %s%s, which completes 50 moves "
                          "by each player without a pawn move or a capture (%s)", lint_side_name(final->side),
                          number, san, c->rules->articles[ARB_ART_FIFTY_BY_MOVE]);
        }
        term = term < 0 ? ARB_TERM_FIFTY_CLAIM : term;
    }
    if (term >= 0)
        return term;
    /* (most drawn games: joined without printf, cut where it would cut) */
    char what[256], article[96];
    lint_join(article, sizeof article, c->rules->articles[ARB_ART_AGREEMENT], ")");
    lint_join(what, sizeof what, "no draw claim was available at the end (neither repetition nor the fifty-move "
              "rule): the draw was agreed (", article);
    claim_text(c, ARB_ART_AGREEMENT, before, lf->plies, lint_last_token(c, lf), line, col, what);
    return ARB_TERM_AGREEMENT;
}

void lint_check_agreement(lint_ctx *c, const line_facts *lf)
{
    const arb_pgn_game *g = c->g;
    int line, col;
    end_position(c, &line, &col);
    /* moves made by each side: those the FEN's move number says were made
     * before the recorded ones (a late-game fragment is not an early
     * agreement), then the recorded ones */
    int first = g->start.side;
    int by_first = (int)(lf->plies + 1) / 2, by_second = (int)lf->plies / 2;
    int before = g->start.fullmove_number > 0 ? g->start.fullmove_number - 1 : 0;
    int white = before + (first == ARB_WHITE ? by_first : by_second + 1);
    int black = before + (first == ARB_WHITE ? by_second : by_first);
    int need = c->rules->agreement_min_moves;
    if (need > 0 && (white < need || black < need)) {
        arb_finding *f = lint_add(c, ARB_CHECK_EARLY_AGREEMENT, ARB_SEVERITY_WARNING, ARB_ART_AGREEMENT, line,
                                  col, "draw agreed after %d move%s by White and %d by Black; a draw may be "
                                  "agreed only after each player has made at least %d move%s", white,
                                  white == 1 ? "" : "s", black, need, need == 1 ? "" : "s");
        (void)f;
        return;
    }
    const arb_event *e = c->event;
    if (e && !e->draw_offers_allowed)
        lint_add(c, ARB_CHECK_EARLY_AGREEMENT, ARB_SEVERITY_WARNING, ARB_ART_EVENT_DRAWS, line, col,
                 "draw agreed, but the event's regulations allow no draw agreements without the arbiter");
    else if (e && e->draw_min_move && (white < e->draw_min_move || black < e->draw_min_move))
        /* "no agreement before move 30" read as 30 moves made by each
         * player: after White's 30th move Black has made only 29 */
        lint_add(c, ARB_CHECK_EARLY_AGREEMENT, ARB_SEVERITY_WARNING, ARB_ART_EVENT_DRAWS, line, col,
                 "draw agreed after %d move%s by White and %d by Black; the event's regulations forbid "
                 "agreements before move %d (read as %d moves by each player)", white, white == 1 ? "" : "s",
                 black, e->draw_min_move, e->draw_min_move);
}

/* The main-line move of ply `ply` (1-based), played from `before`: its
 * token as written (else its SAN) and its place; the game's start when the
 * main line is shorter. */
static void main_line_move(const lint_ctx *c, const arb_position *before, uint32_t ply, char *token,
                           size_t size, int *line, int *col)
{
    token[0] = '\0';
    *line = c->g->line;
    *col = c->g->col;
    uint32_t n = 0;
    for (size_t i = 0, depth = 0; i < c->g->item_count; i++) {
        const arb_pgn_item *it = &c->g->items[i];
        if (it->kind == ARB_PGN_ITEM_VARIATION_START)
            depth++;
        else if (it->kind == ARB_PGN_ITEM_VARIATION_END)
            depth--;
        else if (it->kind == ARB_PGN_ITEM_MOVE && depth == 0 && ++n == ply) {
            *line = it->line;
            *col = it->col;
            lint_token_at(c->g, it->line, it->col, token, size);
            if (!token[0])
                arb_san_write(before, it->move, token);
            return;
        }
    }
}

/* A claim that was available earlier in a game that went on. */
void lint_missed_claims(lint_ctx *c, const line_facts *lf, int term)
{
    uint32_t stop = lf->end_term >= 0 ? lf->end_ply : lf->plies;
    char number[16], token[48];
    int line, col;
    if (lf->threefold_ply && lf->threefold_ply < stop &&
        !(term == ARB_TERM_THREEFOLD_CLAIM && lf->threefold_ply == lf->plies)) {
        lint_move_number(&lf->threefold_before, number, sizeof number);
        main_line_move(c, &lf->threefold_before, lf->threefold_ply, token, sizeof token, &line, &col);
        claim_finding(c, ARB_ART_THREEFOLD_NOW, &lf->threefold_before, lf->threefold_ply, token, line, col,
                      "threefold repetition: after %s%s the position had appeared for the third time; "
                      "%s could have claimed a draw (%s), but the game went on", number, token,
                      lint_side_name(lf->threefold_before.side ^ 1), c->rules->articles[ARB_ART_THREEFOLD_NOW]);
    }
    if (lf->fifty_ply && lf->fifty_ply < stop && !(term == ARB_TERM_FIFTY_CLAIM && lf->fifty_ply == lf->plies)) {
        lint_move_number(&lf->fifty_before, number, sizeof number);
        main_line_move(c, &lf->fifty_before, lf->fifty_ply, token, sizeof token, &line, &col);
        claim_finding(c, ARB_ART_FIFTY_NOW, &lf->fifty_before, lf->fifty_ply, token, line, col,
                      "fifty-move rule: after %s%s 50 moves by each player had been made without a pawn "
                      "move or a capture; %s could have claimed a draw (%s), but the game went on", number,
                      token, lint_side_name(lf->fifty_before.side ^ 1), c->rules->articles[ARB_ART_FIFTY_NOW]);
    }
}

/* The replay facts that do not depend on the edition (findings.h). */
void lint_record_facts(lint_ctx *c, line_facts *lf, const arb_position *final, int end)
{
    arb_game_facts *f = &c->r->facts;
    f->replayed = lf->complete && c->g->error_count == 0;
    f->first_threefold_ply = lf->threefold_ply;
    f->first_fifty_ply = lf->fifty_ply;
    f->checkmate = end == ARB_BOARD_CHECKMATE;
    f->stalemate = end == ARB_BOARD_STALEMATE;
    f->insufficient_material = arb_dead_by_material(final);
    if (!f->checkmate && !f->stalemate) {
        const arb_claims *claims = end_claims(c, lf, final);
        f->claim_threefold = claims->threefold_now || claims->threefold_by_move;
        f->claim_fifty = claims->fifty_now || claims->fifty_by_move;
    }
    lint_record_unwinnable(c, lf, final);
}

