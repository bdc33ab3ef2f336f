/* lint_clock.c — the clock readings of a game ([%clk] comments, PGN clock
 * extension) against its TimeControl tag and its end: a TimeControl that
 * cannot be read, a clock that rises by more than the time control adds, a
 * time forfeit by a player whose clock was not running, a game that went on
 * after a clock showed 0:00:00.0 (6.9: the flag had fallen). */
#include "lint_checks.h"

#include "clock.h"

/* A tenth of a second either way is rounding, one second more is the
 * latitude of servers that add the increment before they write the clock. */
#define CLOCK_SLACK 10

/* Time added after the mover's n-th move: the increment, and the next
 * period's time when the n-th move completes a period. */
static int64_t time_added(const arb_time_control *tc, int n)
{
    int64_t added = arb_time_control_increment(tc, n) * 10;
    if (tc->kind != ARB_TC_PERIODS)
        return added;
    int end = 0;
    for (int i = 0; i < tc->count; i++) {
        const arb_time_period *p = &tc->periods[i];
        if (p->moves == 0)
            break;
        /* the last period with a move count repeats (PGN 9.6.1) */
        bool last = i == tc->count - 1;
        end += p->moves;
        if (n == end || (last && n > end && (n - end) % p->moves == 0))
            return added + (last ? p->seconds : tc->periods[i + 1].seconds) * 10;
        if (n < end)
            break;
    }
    return added;
}

void lint_check_clocks(lint_ctx *c, const line_facts *lf)
{
    const arb_pgn_game *g = c->g;
    const arb_pgn_tag *tag = c->tags[LINT_TAG_TIME_CONTROL];
    arb_time_control tc;
    bool tc_known = false;
    if (tag) {
        arb_status st = arb_time_control_parse(tag->value, &tc);
        if (st.code) {
            arb_finding *f = lint_add(c, ARB_CHECK_TAG_FORMAT, ARB_SEVERITY_WARNING, ARB_ART_TAGS, tag->line,
                                      tag->col, "%s", st.message);
            if (f)
                lint_copy(f->token, sizeof f->token, tag->value);
        } else {
            tc_known = tc.kind == ARB_TC_PERIODS;
        }
    }
    /* the readings are in comments on the main line after a move: a game
     * without such comments (most) has none to check */
    if (!c->main_comments)
        return;
    int64_t last[2] = {-1, -1};
    int moves[2] = {0, 0};
    int side = -1, last_mover = -1;
    uint32_t ply = 0, zero_ply = 0;
    int zero_side = -1;
    const arb_pgn_item *zero_item = NULL;
    bool rise_seen = false;
    for (size_t i = 0, depth = 0; i < g->item_count; i++) {
        const arb_pgn_item *it = &g->items[i];
        if (it->kind == ARB_PGN_ITEM_VARIATION_START)
            depth++;
        else if (it->kind == ARB_PGN_ITEM_VARIATION_END)
            depth -= depth > 0;
        if (depth)
            continue;
        if (it->kind == ARB_PGN_ITEM_MOVE) {
            side = (int)(it->ply & 1);
            last_mover = side;
            moves[side]++;
            ply++;
            continue;
        }
        int64_t tenths;
        if (it->kind != ARB_PGN_ITEM_COMMENT || !it->text || side < 0 ||
            arb_clock_command(it->text, "clk", &tenths, NULL) != 1)
            continue;
        if (tc_known && !rise_seen && last[side] >= 0 &&
            tenths > last[side] + time_added(&tc, moves[side] - 1) + CLOCK_SLACK) {
            char was[24], now[24];
            arb_clock_format(last[side], was, sizeof was);
            arb_clock_format(tenths, now, sizeof now);
            arb_finding *f = lint_add(c, ARB_CHECK_CLOCK, ARB_SEVERITY_WARNING, ARB_ART_FLAG_FALL, it->line, it->col,
                                      "%s's clock rises from %s to %s after move %d, more than the time control "
                                      "(%s) adds", lint_side_name(side), was, now, moves[side], tag->value);
            if (f) {   /* the catalogue's clock-rises: {move} {result} {expected} {reason} */
                lint_copy(f->key, sizeof f->key, "clock-rises");
                lint_format(f->move_number, sizeof f->move_number, "%d%s", moves[side], side == ARB_WHITE ? "." : "...");
                lint_copy(f->result, sizeof f->result, was);
                lint_copy(f->expected, sizeof f->expected, now);
                lint_copy(f->reason, sizeof f->reason, tag->value);
            }
            rise_seen = true;
        }
        /* clocks written in whole seconds (lichess) show 0:00:00 with up to a
         * second left: only a reading in tenths, 0:00:00.0, says the flag fell */
        if (tenths == 0 && zero_side < 0 && strstr(it->text, ":00:00.")) {
            zero_side = side;
            zero_ply = ply;
            zero_item = it;
        }
        last[side] = tenths;
    }
    if (zero_side >= 0 && zero_ply < lf->plies) {
        arb_finding *f =
            lint_add(c, ARB_CHECK_CLOCK, ARB_SEVERITY_WARNING, ARB_ART_FLAG_FALL, zero_item->line, zero_item->col,
                     "%s's clock showed 0:00:00.0 after half-move %u: the flag had fallen, but %u more half-move%s "
                     "recorded (a checkmate counts only if made before the flag fell)", lint_side_name(zero_side),
                     (unsigned)zero_ply, (unsigned)(lf->plies - zero_ply), lf->plies - zero_ply == 1 ? " is" : "s are");
        if (f) {   /* clock-zero-then-moves: {result} the half-move, {expected} how many followed */
            lint_copy(f->key, sizeof f->key, "clock-zero-then-moves");
            lint_format(f->result, sizeof f->result, "%u", (unsigned)zero_ply);
            lint_format(f->expected, sizeof f->expected, "%u", (unsigned)(lf->plies - zero_ply));
        }
    }
    int result = c->result;
    if ((result == ARB_PGN_RESULT_WHITE || result == ARB_PGN_RESULT_BLACK) && last_mover >= 0) {
        int loser = result == ARB_PGN_RESULT_WHITE ? ARB_BLACK : ARB_WHITE;
        int evidence = lint_time_forfeit_evidence(c, loser);
        if ((evidence == LINT_TIME_BY_TAG || evidence == LINT_TIME_BY_COMMENT) && loser == last_mover &&
            last[loser] > 0) {
            char left[24];
            arb_clock_format(last[loser], left, sizeof left);
            const arb_pgn_tag *rt = c->tags[LINT_TAG_RESULT];
            arb_finding *f =
                lint_add(c, ARB_CHECK_CLOCK, ARB_SEVERITY_WARNING, ARB_ART_FLAG_FALL, rt ? rt->line : g->line,
                         rt ? rt->col : g->col, "lost on time by %s, but %s made the last move and its clock then "
                         "showed %s: it was %s's turn, whose clock was running", lint_side_name(loser),
                         lint_side_name(loser), left, lint_side_name(loser ^ 1));
            if (f) {   /* clock-forfeit-by-mover: {result} the clock left */
                lint_copy(f->key, sizeof f->key, "clock-forfeit-by-mover");
                lint_copy(f->result, sizeof f->result, left);
            }
        }
    }
}
