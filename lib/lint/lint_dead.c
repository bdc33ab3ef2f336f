/* lint_dead.c — 5.2.2 and 6.9 decided by search (unwinnable.h): the first
 * ply at which the position became dead, a flag fall where the winner could
 * not have mated, the unwinnable sides at the end, and the reason in words. */
#include "lint_checks.h"

#include <stdio.h>
#include <strings.h>

#include "clock.h"
#include "unwinnable.h"

/* The every-ply check gives each side this many positions at most; a locked
 * chain with bishops on both sides needs about 230,000. */
#define PLY_NODE_LIMIT 300000u

/* What the search must see again before its answer can change: the pawns,
 * the castling rights and the number of each piece.  Moves in between (no
 * pawn move, no capture, no castling) can be played back, so the positions
 * reachable stay the same. */
static uint64_t structure_signature(const arb_position *pos)
{
    uint64_t sig = pos->by_kind[ARB_PAWN] * 0x9E3779B97F4A7C15ULL ^ pos->castling_rooks;
    for (int color = 0; color < 2; color++)
        for (int kind = ARB_PAWN; kind < ARB_KING; kind++)
            sig = sig * 31 + (uint64_t)arb_popcount(arb_pieces(pos, color, kind)) + 1;
    return sig ^ ((uint64_t)arb_popcount(pos->by_color[ARB_WHITE] & pos->by_kind[ARB_PAWN]) << 59);
}

/* The every-ply check searches only the positions that dead positions in
 * real games look like: kings, pawns that cannot move, and bishops that
 * have no enemy pawn on their square colour to take.  A knight, rook or
 * queen, or a bishop that can attack a pawn, can almost always break the
 * structure; searching those at every ply would cost thousands of
 * positions per pawn structure for nothing. */
#define DARK_SQUARES 0xAA55AA55AA55AA55ULL

static bool worth_searching(const arb_position *pos)
{
    const arb_bitboard *k = pos->by_kind;
    if (k[ARB_KNIGHT] | k[ARB_ROOK] | k[ARB_QUEEN])
        return false;
    for (int color = ARB_WHITE; color <= ARB_BLACK; color++) {
        arb_bitboard bishops = arb_pieces(pos, color, ARB_BISHOP), targets = arb_pieces(pos, color ^ 1, ARB_PAWN);
        if (((bishops & DARK_SQUARES) && (targets & DARK_SQUARES)) ||
            ((bishops & ~DARK_SQUARES) && (targets & ~DARK_SQUARES)))
            return false;
    }
    return arb_dead_candidate(pos);
}

bool lint_dead_by_search(const lint_ctx *c, line_facts *lf, const arb_position *pos)
{
    if (c->opt->dead_by_material_only || !worth_searching(pos))
        return false;
    uint64_t sig = structure_signature(pos);
    if (lf->alive_known && lf->alive_signature == sig)
        return false;
    /* dead when neither side can mate: a side that surely can settles it
     * without the searches */
    bool alive = arb_mate_search_not_impossible(pos, ARB_WHITE) || arb_mate_search_not_impossible(pos, ARB_BLACK);
    if (!alive && arb_position_is_dead(pos, PLY_NODE_LIMIT))
        return true;
    lf->alive_known = true;
    lf->alive_signature = sig;
    return false;
}

/* ---- lost on time --------------------------------------------------------- */

static bool says_time(const char *text)
{
    static const char *const words[] = {"on time", "time forfeit", "flag fell", "flagged", "lost on time",
                                        "time expired", "out of time"};
    for (const char *p = text; *p; p++) {
        /* every word starts with one of these letters: most places are passed over at once */
        char first = (char)(*p | 0x20);
        if (first != 'o' && first != 't' && first != 'f' && first != 'l')
            continue;
        for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
            if (words[i][0] == first && strncasecmp(p, words[i], strlen(words[i])) == 0)
                return true;
    }
    return false;
}

/* The loser's last %clk reading, walking back from the end of the main
 * line (a comment belongs to the move before it); -1 when none. */
static int64_t last_clock_of(const arb_pgn_game *g, int loser)
{
    size_t depth = 0;
    int64_t pending = -1;
    for (size_t i = g->item_count; i-- > 0;) {
        const arb_pgn_item *it = &g->items[i];
        if (it->kind == ARB_PGN_ITEM_VARIATION_END) {
            depth++;
        } else if (it->kind == ARB_PGN_ITEM_VARIATION_START) {
            depth -= depth > 0;
        } else if (depth == 0 && it->kind == ARB_PGN_ITEM_MOVE) {
            if (pending >= 0 && (int)(it->ply & 1) == loser)
                return pending;
            pending = -1;
        } else if (depth == 0 && it->kind == ARB_PGN_ITEM_COMMENT && it->text && pending < 0) {
            int64_t tenths;
            if (arb_clock_command(it->text, "clk", &tenths, NULL) == 1)
                pending = tenths;
        }
    }
    return -1;
}

int lint_time_forfeit_evidence(lint_ctx *c, int loser)
{
    if (c->time_evidence_known && c->time_evidence_loser == loser)
        return c->time_evidence;
    const arb_pgn_game *g = c->g;
    int evidence = LINT_TIME_NONE;
    if (lint_termination_from_tag(lint_tag(c, LINT_TAG_TERMINATION)) == ARB_TERM_TIME_FORFEIT)
        evidence = LINT_TIME_BY_TAG;
    /* a comment after the last main-line move that says so */
    for (size_t i = g->item_count, depth = 0; evidence == LINT_TIME_NONE && i-- > 0;) {
        const arb_pgn_item *it = &g->items[i];
        if (it->kind == ARB_PGN_ITEM_VARIATION_END)
            depth++;
        else if (it->kind == ARB_PGN_ITEM_VARIATION_START)
            depth -= depth > 0;
        else if (depth == 0 && it->kind == ARB_PGN_ITEM_MOVE)
            break;
        else if (depth == 0 && it->kind == ARB_PGN_ITEM_COMMENT && it->text && says_time(it->text))
            evidence = LINT_TIME_BY_COMMENT;
    }
    /* (a reading counts after a move: none without comments there) */
    if (evidence == LINT_TIME_NONE && loser >= 0 && c->main_comments && last_clock_of(g, loser) == 0)
        evidence = LINT_TIME_BY_CLOCK;
    c->time_evidence_known = true;
    c->time_evidence_loser = loser;
    c->time_evidence = evidence;
    return evidence;
}

void lint_check_flag_fall(lint_ctx *c, const arb_position *final, int line, int col)
{
    int result = c->result;
    if (result != ARB_PGN_RESULT_WHITE && result != ARB_PGN_RESULT_BLACK)
        return;
    int winner = result == ARB_PGN_RESULT_WHITE ? ARB_WHITE : ARB_BLACK;
    int evidence = lint_time_forfeit_evidence(c, winner ^ 1);
    if (evidence == LINT_TIME_NONE)
        return;
    /* what the material rule already reported (lint_check_result) */
    if ((evidence == LINT_TIME_BY_TAG && arb_cannot_mate(final, winner)) || c->opt->dead_by_material_only)
        return;
    c->mate_known[winner] = true;
    if (arb_mate_search_not_impossible(final, winner)) {
        /* the usual flag fall: a search would find a mate or give up */
        c->mate_verdict[winner] = ARB_MATE_UNKNOWN;
        return;
    }
    arb_mate_answer a = arb_mate_search(final, winner, 0);
    c->mate_verdict[winner] = a.verdict;
    if (a.verdict != ARB_MATE_IMPOSSIBLE)
        return;
    char how[48], reason[256];
    if (evidence == LINT_TIME_BY_CLOCK)
        lint_format(how, sizeof how, "%s's clock at 0:00:00", lint_side_name(winner ^ 1));
    else
        lint_format(how, sizeof how, "%s", evidence == LINT_TIME_BY_TAG ? "Termination tag" : "closing comment");
    arb_mate_answer_describe(final, &a, reason, sizeof reason);
    arb_finding *f = lint_add(c, ARB_CHECK_RESULT_MISMATCH, ARB_SEVERITY_ERROR, ARB_ART_FLAG_FALL, line, col,
                              "result %s on time (%s), but %s cannot checkmate by any series of legal moves: "
                              "%s; the game is drawn (%s)", arb_pgn_result_text(result), how,
                              lint_side_name(winner), reason, c->rules->articles[ARB_ART_FLAG_FALL]);
    if (f) {
        lint_copy(f->key, sizeof f->key, "timeout-unwinnable");
        lint_copy(f->result, sizeof f->result, arb_pgn_result_text(result));
        lint_copy(f->reason, sizeof f->reason, reason);
        lint_format(f->expected, sizeof f->expected, "%s", arb_pgn_result_text(ARB_PGN_RESULT_DRAW));
    }
}

void lint_record_unwinnable(lint_ctx *c, const line_facts *lf, const arb_position *final)
{
    arb_game_facts *f = &c->r->facts;
    bool dead = lf->end_term == ARB_TERM_DEAD_POSITION;
    f->first_dead_ply = dead ? (int32_t)lf->end_ply : -1;
    /* searched only where the every-ply check would search (or the flag-fall
     * check did): elsewhere a side that has the material is taken as able */
    bool search = !dead && !c->opt->dead_by_material_only && worth_searching(final) &&
                  !(lf->alive_known && lf->alive_signature == structure_signature(final));
    for (int color = ARB_WHITE; color <= ARB_BLACK; color++) {
        if (dead || arb_mate_impossible_by_material(final, color))
            f->cannot_mate[color] = true;
        else if (c->mate_known[color])
            f->cannot_mate[color] = c->mate_verdict[color] == ARB_MATE_IMPOSSIBLE;
        else if (search)
            f->cannot_mate[color] = arb_mate_search(final, color, PLY_NODE_LIMIT).verdict == ARB_MATE_IMPOSSIBLE;
        else
            f->cannot_mate[color] = false;
    }
}
