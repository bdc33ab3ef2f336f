/* repair_search.c — the uniform-cost search of repair.h.
 *
 * A search node is a place where an edit was just made: the position after
 * it, the next token to read, the cost so far.  Popping a node replays the
 * tokens from there as written (free) until one does not read; every ply of
 * that stretch is then a place for one more edit.  Each child must read at
 * least the token after its edit (or be at the end), which keeps the
 * branching small: an inserted move that leaves the next token unreadable is
 * not a repair.  States (token index, position) already reached more
 * cheaply are not searched again, and a stretch that runs into one stops
 * there.
 */
#include <stdlib.h>
#include <string.h>

#include "repair.h"

#include "movegen.h"
#include "repair_prior.h"

typedef struct node {
    arb_position pos;        /* after the edit */
    int32_t parent;          /* -1 for the root */
    int32_t cost;
    uint32_t tok;            /* next token to read (index among the move tokens) */
    uint32_t ply;            /* moves played to reach pos */
    arb_repair_edit edit;    /* what made this node (not for the root) */
    arb_move prev;           /* the move played before the edit (ARB_MOVE_NONE at the start) */
    bool prev_took;          /* task: prev was a capture */
    bool took;               /* the last move played to reach pos was a capture */
    arb_move written_reply;  /* task: the move after `written` as written (ARB_MOVE_NONE when
                              * that token does not read) */
    uint8_t edits;
    uint8_t priced;          /* the look-ahead part of the cost was added */
    /* A task: "try one more edit at this ply of the parent's stretch",
     * queued at the least an edit there can cost and expanded only when
     * popped, so that stretches are not edited ply by ply up front. */
    uint8_t task;
    uint8_t held;            /* a line read to the end, queued at cost + HOLD (see below) */
    uint8_t read_here;       /* task: the token there reads as written (as `written`) */
    arb_move written;
    int32_t marks;           /* the part of cost for marks its stretch contradicts */
    int32_t base;            /* task: the cost its edits add to */
    /* A legal written move read as another: the token where the parent's
     * stretch failed (UINT32_MAX if none), and the price of the move read
     * there now against a quiet one (part of `marks`) -- see expand_task. */
    uint32_t fail_tok;
    int32_t fail_price;
    /* How rare the moves its edits inserted are (repair_prior.h, summed):
     * among repairs of equal cost, the one whose inserted moves players
     * make more often comes first. */
    int32_t rarity;
} node;

typedef struct seen_entry {
    uint64_t key;            /* 0: empty */
    int32_t cost;
} seen_entry;

struct arb_repairer {
    arb_repair_limits lim;
    const arb_repair_prior *prior;   /* how often players make each move (repair_prior.h) */
    node *nodes;
    size_t node_count;
    int32_t *heap;
    size_t heap_len;
    seen_entry *seen;
    size_t seen_cap, seen_used;

    /* per game */
    const arb_repair_game *game;
    size_t count;            /* move tokens (marks such as "e.p." left out) */
    size_t *index;           /* move token -> written token */
    arb_move_spec *spec, *english;
    uint8_t *spec_ok, *english_ok, *repeat;
    bool marks_checks;       /* some token carries + or #: the writer marks checks */
    size_t token_cap;
    arb_position *chain;
    arb_move *chain_moves;
    size_t chain_cap;
    arb_move *solution_moves;    /* ARB_REPAIR_MAX_SUGGESTIONS lines, line_cap each */
    size_t line_cap;
    uint64_t solution_hash[ARB_REPAIR_MAX_SUGGESTIONS];
    uint64_t work;
};

arb_repairer *arb_repairer_new(const arb_repair_limits *limits)
{
    arb_repairer *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    if (limits)
        r->lim = *limits;
    if (r->lim.max_edits <= 0)
        r->lim.max_edits = ARB_REPAIR_DEFAULT_MAX_EDITS;
    if (r->lim.max_edits > ARB_REPAIR_MAX_EDITS)
        r->lim.max_edits = ARB_REPAIR_MAX_EDITS;
    if (r->lim.max_work == 0)
        r->lim.max_work = ARB_REPAIR_DEFAULT_MAX_WORK;
    if (r->lim.max_nodes == 0)
        r->lim.max_nodes = ARB_REPAIR_DEFAULT_MAX_NODES;
    if (r->lim.max_nodes > (1u << 30))
        r->lim.max_nodes = 1u << 30;
    if (r->lim.suggestions <= 0)
        r->lim.suggestions = 3;
    if (r->lim.suggestions > ARB_REPAIR_MAX_SUGGESTIONS)
        r->lim.suggestions = ARB_REPAIR_MAX_SUGGESTIONS;
    r->seen_cap = 16;
    while (r->seen_cap < 4 * r->lim.max_nodes)
        r->seen_cap *= 2;
    r->nodes = malloc(r->lim.max_nodes * sizeof *r->nodes);
    r->heap = malloc(r->lim.max_nodes * sizeof *r->heap);
    r->seen = calloc(r->seen_cap, sizeof *r->seen);
    r->prior = arb_repair_prior_builtin();
    if (!r->nodes || !r->heap || !r->seen) {
        arb_repairer_free(r);
        return NULL;
    }
    return r;
}

void arb_repairer_free(arb_repairer *r)
{
    if (!r)
        return;
    free(r->nodes);
    free(r->heap);
    free(r->seen);
    free(r->index);
    free(r->spec);
    free(r->english);
    free(r->spec_ok);
    free(r->english_ok);
    free(r->repeat);
    free(r->chain);
    free(r->chain_moves);
    free(r->solution_moves);
    free(r);
}

/* ---- per-game tables --------------------------------------------------- */

static bool reserve(arb_repairer *r, size_t tokens)
{
    if (tokens > r->token_cap) {
        size_t cap = tokens < 64 ? 64 : tokens;
        size_t *index = realloc(r->index, cap * sizeof *index);
        if (index)
            r->index = index;
        arb_move_spec *spec = realloc(r->spec, cap * sizeof *spec);
        if (spec)
            r->spec = spec;
        arb_move_spec *english = realloc(r->english, cap * sizeof *english);
        if (english)
            r->english = english;
        uint8_t *ok = realloc(r->spec_ok, cap), *eok = realloc(r->english_ok, cap),
                *rep = realloc(r->repeat, cap);
        if (ok)
            r->spec_ok = ok;
        if (eok)
            r->english_ok = eok;
        if (rep)
            r->repeat = rep;
        if (!index || !spec || !english || !ok || !eok || !rep)
            return false;
        r->token_cap = cap;
    }
    size_t line = tokens + ARB_REPAIR_MAX_EDITS + 2;
    if (line + 1 > r->chain_cap) {
        arb_position *chain = realloc(r->chain, (line + 1) * sizeof *chain);
        if (chain)
            r->chain = chain;
        arb_move *moves = realloc(r->chain_moves, (line + 1) * sizeof *moves);
        if (moves)
            r->chain_moves = moves;
        arb_move *sol = realloc(r->solution_moves, ARB_REPAIR_MAX_SUGGESTIONS * line * sizeof *sol);
        if (sol)
            r->solution_moves = sol;
        if (!chain || !moves || !sol)
            return false;
        r->chain_cap = line + 1;
        r->line_cap = line;
    }
    return true;
}

static bool same_text(const arb_token *a, const arb_token *b)
{
    return a->len == b->len && memcmp(a->text, b->text, a->len) == 0;
}

/* Parses every move token once (parsing does not depend on the position). */
static bool prepare(arb_repairer *r, const arb_repair_game *g)
{
    if (!reserve(r, g->count))
        return false;
    r->count = 0;
    r->marks_checks = false;
    for (size_t i = 0; i < g->count; i++) {
        const arb_token *t = &g->tokens[i];
        if (arb_notation_extra(g->notation, t->text, t->len))
            continue;    /* "e.p.", "(=)": a mark of the move before */
        size_t k = r->count++;
        r->index[k] = i;
        r->spec_ok[k] = arb_notation_parse(g->notation, t->text, t->len, &r->spec[k]) == ARB_SAN_OK;
        r->english_ok[k] = g->english && g->english != g->notation
                           && arb_notation_parse(g->english, t->text, t->len, &r->english[k]) == ARB_SAN_OK;
        if (r->spec_ok[k] && (r->spec[k].flags & (ARB_SPEC_CHECK | ARB_SPEC_MATE)))
            r->marks_checks = true;
        r->repeat[k] = 0;
        if (k >= 1 && same_text(t, &g->tokens[r->index[k - 1]]))
            r->repeat[k] = 1;
        if (k >= 2 && same_text(t, &g->tokens[r->index[k - 2]]))
            r->repeat[k] = 1;
    }
    return true;
}

static const arb_token *token_at(const arb_repairer *r, size_t k)
{
    return &r->game->tokens[r->index[k]];
}

/* Reads move token k at pos as written. */
static bool read_token(arb_repairer *r, const arb_position *pos, size_t k, arb_move *m)
{
    r->work++;
    if (r->spec_ok[k]) {
        const arb_move_spec *sp = &r->spec[k];
        /* a knight, bishop, rook or queen that does not reach the square:
         * no need to generate the legal moves (most readings tried fail) */
        if (sp->castle == ARB_CASTLE_NONE && sp->kind >= ARB_KNIGHT && sp->kind <= ARB_QUEEN && sp->to < 64
            && !(arb_attackers_to(pos, sp->to, arb_occupied(pos)) & arb_pieces(pos, pos->side, sp->kind)))
            return false;
        return arb_notation_resolve(pos, sp, m, NULL) == ARB_SAN_OK;
    }
    const arb_token *t = token_at(r, k);
    return arb_notation_read(r->game->notation, pos, t->text, t->len, m, NULL, NULL) == ARB_SAN_OK;
}

static void play(arb_repairer *r, const arb_position *pos, arb_move m, arb_position *out)
{
    r->work++;
    arb_position_make(pos, m, out);
}

/* Where the board decides the result (mate, stalemate), it must be the
 * game's. */
static bool result_fits(const arb_position *pos, int result)
{
    enum { NONE = 0, WHITE_WINS = 1, BLACK_WINS = 2, DRAW = 3 };
    if (result != WHITE_WINS && result != BLACK_WINS && result != DRAW)
        return true;
    if (arb_is_checkmate(pos))
        return result == (pos->side == ARB_WHITE ? BLACK_WINS : WHITE_WINS);
    if (arb_is_stalemate(pos))
        return result == DRAW;
    return true;
}

/* ---- states already reached -------------------------------------------- */

static uint64_t state_key(const arb_position *pos, size_t tok)
{
    uint64_t k = pos->key ^ ((uint64_t)(tok + 1) * 0x9E3779B97F4A7C15ull);
    k ^= k >> 29;
    return k ? k : 1;
}

/* True when the state was reached before at no greater cost; else records
 * it (when there is room). */
static bool seen_before(arb_repairer *r, uint64_t key, int32_t cost)
{
    size_t mask = r->seen_cap - 1;
    for (size_t i = key & mask;; i = (i + 1) & mask) {
        seen_entry *e = &r->seen[i];
        if (e->key == key) {
            if (e->cost <= cost)
                return true;
            e->cost = cost;
            return false;
        }
        if (e->key == 0) {
            if (r->seen_used * 2 < r->seen_cap) {
                e->key = key;
                e->cost = cost;
                r->seen_used++;
            }
            return false;
        }
    }
}

/* How much cheaper than the task popped a node made after it may be: a
 * legal move read as a likelier one is priced against the move written,
 * and the move then read at the token that failed against a quiet one,
 * each up to about 6 below (more when the move written, or the reply to
 * it, passes over a capture: repair_plausible.c).  A line read to the end
 * waits HOLD in the queue before it is given, so that repairs come out
 * cheapest first; the rare one found later still cheaper is put in its
 * place when the search ends (sort_repairs). */
enum { HOLD = 6 };

/* What the reply to move m (legal in pos, giving `after`) passes over
 * (arb_repair_forgone): the reply is the opponent's move in the line. */
static int32_t reply_forgone(const arb_position *pos, arb_move m, const arb_position *after, arb_move reply)
{
    arb_movelist replies;
    arb_generate_legal(after, &replies);
    return arb_repair_forgone(after, m, arb_move_is_capture(pos, m), reply, &replies);
}

/* ---- the priority queue ------------------------------------------------- */

/* Of two repairs as cheap whose last edits read a move as another, the
 * one that edits farther back comes first: a legal move written wrong is
 * what breaks a game only later, and nothing written tells which of
 * Re8 .. Re8 meant Rd8 when either reading replays. */
static bool reads_farther_back(const arb_repair_edit *a, const arb_repair_edit *b)
{
    return a->kind == ARB_EDIT_REPLACE && b->kind == ARB_EDIT_REPLACE && a->ply < b->ply;
}

static bool before(const arb_repairer *r, int32_t a, int32_t b)
{
    const node *x = &r->nodes[a], *y = &r->nodes[b];
    if (x->cost != y->cost)
        return x->cost < y->cost;
    if (x->rarity != y->rarity)
        return x->rarity < y->rarity;
    if (x->held && y->held && reads_farther_back(&x->edit, &y->edit) != reads_farther_back(&y->edit, &x->edit))
        return reads_farther_back(&x->edit, &y->edit);
    if (x->tok != y->tok)
        return x->tok > y->tok;
    return a < b;
}

static void heap_push(arb_repairer *r, int32_t n)
{
    size_t i = r->heap_len++;
    r->heap[i] = n;
    while (i > 0) {
        size_t p = (i - 1) / 2;
        if (!before(r, r->heap[i], r->heap[p]))
            break;
        int32_t t = r->heap[i];
        r->heap[i] = r->heap[p];
        r->heap[p] = t;
        i = p;
    }
}

static int32_t heap_pop(arb_repairer *r)
{
    int32_t top = r->heap[0];
    r->heap[0] = r->heap[--r->heap_len];
    size_t i = 0;
    for (;;) {
        size_t l = 2 * i + 1, m = i;
        if (l < r->heap_len && before(r, r->heap[l], r->heap[m]))
            m = l;
        if (l + 1 < r->heap_len && before(r, r->heap[l + 1], r->heap[m]))
            m = l + 1;
        if (m == i)
            break;
        int32_t t = r->heap[i];
        r->heap[i] = r->heap[m];
        r->heap[m] = t;
        i = m;
    }
    return top;
}

/* A new node after an edit; false when the search is out of nodes. */
static bool add_child(arb_repairer *r, const node *parent, int32_t parent_index, const arb_position *pos,
                      size_t tok, size_t ply, int32_t cost, const arb_repair_edit *edit, arb_move prev,
                      bool took, int32_t rarity)
{
    if (seen_before(r, state_key(pos, tok), cost))
        return true;
    if (r->node_count >= r->lim.max_nodes)
        return false;
    node *c = &r->nodes[r->node_count];
    c->pos = *pos;
    c->parent = parent_index;
    c->cost = cost;
    c->tok = (uint32_t)tok;
    c->ply = (uint32_t)ply;
    c->edit = *edit;
    c->prev = prev;
    c->took = took;
    c->edits = (uint8_t)(parent->edits + 1);
    c->priced = 0;
    c->task = 0;
    c->marks = 0;
    c->fail_tok = UINT32_MAX;
    c->fail_price = 0;
    c->held = 0;
    c->rarity = parent->rarity + rarity;
    heap_push(r, (int32_t)r->node_count++);
    return true;
}

/* ---- rebuilding a repaired line ------------------------------------------ */

/* The moves of the line a node's edits make, read to the end; returns the
 * count, or 0 when it does not replay (which the search rules out). */
static size_t rebuild(arb_repairer *r, int32_t n, arb_repair *out, arb_move *moves)
{
    arb_repair_edit edits[ARB_REPAIR_MAX_EDITS];
    int ne = 0;
    for (int32_t i = n; i >= 0 && r->nodes[i].parent >= 0; i = r->nodes[i].parent)
        edits[ne++] = r->nodes[i].edit;
    out->edit_count = ne;
    for (int i = 0; i < ne; i++)
        out->edits[i] = edits[ne - 1 - i];
    arb_position pos = *r->game->start, next;
    size_t tok = 0, count = 0;
    int e = 0;
    for (;;) {
        arb_move m;
        if (e < ne && out->edits[e].token == tok) {
            const arb_repair_edit *ed = &out->edits[e++];
            switch (ed->kind) {
            case ARB_EDIT_REPLACE:
                m = ed->move;
                tok++;
                break;
            case ARB_EDIT_INSERT:
                m = ed->move;
                break;
            case ARB_EDIT_DELETE:
                tok++;
                continue;
            default: /* SWAP */
                for (int j = 2; j >= 0; j--) {
                    if (!read_token(r, &pos, tok + (size_t)j, &m))
                        return 0;
                    moves[count++] = m;
                    play(r, &pos, m, &next);
                    pos = next;
                }
                tok += 3;
                continue;
            }
        } else if (tok >= r->count) {
            break;
        } else if (!read_token(r, &pos, tok, &m)) {
            return 0;
        } else {
            tok++;
        }
        moves[count++] = m;
        play(r, &pos, m, &next);
        pos = next;
    }
    return count;
}

static uint64_t line_hash(const arb_move *moves, size_t count)
{
    uint64_t h = 1469598103934665603ull ^ count;
    for (size_t i = 0; i < count; i++)
        h = (h ^ moves[i]) * 1099511628211ull;
    return h;
}

/* Records a node whose line reads to the end; false when it repeats a
 * line already found. */
static bool add_solution(arb_repairer *r, int32_t n, arb_repair_result *out)
{
    arb_move *moves = r->solution_moves + out->count * r->line_cap;
    arb_repair *rep = &out->repairs[out->count];
    size_t len = rebuild(r, n, rep, moves);
    if (len == 0 && r->count > 0)
        return false;
    uint64_t h = line_hash(moves, len);
    for (size_t i = 0; i < out->count; i++)
        if (r->solution_hash[i] == h)
            return false;
    r->solution_hash[out->count] = h;
    rep->cost = r->nodes[n].cost;
    rep->moves = moves;
    rep->move_count = len;
    out->count++;
    return true;
}

/* ---- expanding a node ----------------------------------------------------- */

/* A piece move written with its file or rank of departure (Nbd7, R1e2)
 * where no other piece of its kind reaches the square: writers add one
 * where the board needs it, so a history in which it is needless is less
 * likely (Nbc3 written after a knight went to e2, not to f3).  The pieces
 * that attack the square stand for the legal moves (a pinned one counts:
 * the rare case costs only this). */
enum { NEEDLESS_FROM = 3 };
static bool needless_from(const arb_position *pos, const arb_move_spec *sp, arb_move m)
{
    if (sp->kind < ARB_KNIGHT || sp->kind > ARB_QUEEN || (sp->from_file >= 0) == (sp->from_rank >= 0)
        || arb_move_type(m) == ARB_MOVE_CASTLING)
        return false;
    arb_bitboard same = arb_pieces(pos, pos->side, arb_piece_kind(pos->board[arb_move_from(m)]));
    return !arb_more_than_one(arb_attackers_to(pos, arb_move_to(m), arb_occupied(pos)) & same);
}

/* Marks written (x, +, #) that the move read contradicts: a history that
 * makes later marks wrong is less likely.  Cost units. */
static int32_t marks_cost(arb_repairer *r, size_t tok, const arb_position *before, arb_move m,
                          const arb_position *after)
{
    if (!r->spec_ok[tok])
        return 0;
    r->work++;
    const arb_move_spec *sp = &r->spec[tok];
    unsigned bad = arb_notation_wrong_marks(before, sp, m);
    int32_t cost = 4 * (((bad & ARB_SPEC_CAPTURE) != 0) + ((bad & (ARB_SPEC_CHECK | ARB_SPEC_MATE)) != 0));
    /* a check left unmarked by a writer who marks checks (FIDE C.13 makes
     * the mark optional, so it is weaker evidence) */
    if (r->marks_checks && !(sp->flags & (ARB_SPEC_CHECK | ARB_SPEC_MATE)) && arb_in_check(after))
        cost += 3;
    if (needless_from(before, sp, m))
        cost += NEEDLESS_FROM;
    return cost;
}

static int32_t wrong_marks(arb_repairer *r, const node *x, size_t k)
{
    return marks_cost(r, x->tok + k, &r->chain[k], r->chain_moves[k], &r->chain[k + 1]);
}

static int32_t marks_surcharge(arb_repairer *r, const node *x, size_t replayed)
{
    int32_t cost = 0;
    for (size_t k = 0; k < replayed; k++)
        cost += wrong_marks(r, x, k);
    return cost;
}

/* Replays node x's tokens as written from its position into the chain;
 * returns how many read. */
static size_t replay(arb_repairer *r, const node *x)
{
    size_t k = 0;
    r->chain[0] = x->pos;
    while (x->tok + k < r->count) {
        arb_move m;
        if (!read_token(r, &r->chain[k], x->tok + k, &m))
            break;
        r->chain_moves[k] = m;
        play(r, &r->chain[k], m, &r->chain[k + 1]);
        k++;
    }
    return k;
}

/* Records the states of the chain just replayed; returns the first ply
 * (1..replayed) whose state was searched before at no greater cost, or 0. */
static size_t mark_chain(arb_repairer *r, const node *x, size_t replayed)
{
    for (size_t k = 1; k <= replayed; k++)
        if (seen_before(r, state_key(&r->chain[k], x->tok + k), x->cost))
            return k;
    return 0;
}

/* Queues the task of editing at ply k of node xi's stretch (replayed into
 * the chain, failing at `fail`).  False when out of nodes. */
static bool add_task(arb_repairer *r, int32_t xi, size_t k, size_t fail, bool dead, int32_t marks_before)
{
    if (r->node_count >= r->lim.max_nodes)
        return false;
    const node *x = &r->nodes[xi];
    node *t = &r->nodes[r->node_count];
    size_t tok = x->tok + k;
    t->pos = r->chain[k];
    t->parent = xi;
    t->tok = (uint32_t)tok;
    t->ply = (uint32_t)(x->ply + k);
    t->prev = k > 0 ? r->chain_moves[k - 1] : (x->parent >= 0 ? x->edit.move : ARB_MOVE_NONE);
    t->prev_took = k > 0 ? arb_move_is_capture(&r->chain[k - 1], r->chain_moves[k - 1]) : x->took;
    t->edits = x->edits;
    t->rarity = x->rarity;
    t->priced = 1;
    t->task = 1;
    t->held = 0;
    t->read_here = k < fail;
    t->fail_tok = !dead && x->tok + fail < r->count ? (uint32_t)(x->tok + fail) : UINT32_MAX;
    t->fail_price = 0;
    t->written = k < fail ? r->chain_moves[k] : ARB_MOVE_NONE;
    t->written_reply = k + 1 < fail ? r->chain_moves[k + 1] : ARB_MOVE_NONE;
    int32_t least = tok < r->count && r->repeat[tok] ? ARB_REPAIR_COST_DELETE_REPEAT : ARB_REPAIR_COST_REPLACE;
    /* the stretch counts only up to this ply for the edits made here */
    t->base = x->cost - x->marks + marks_before;
    t->marks = 0;
    t->cost = t->base + least;
    heap_push(r, (int32_t)r->node_count++);
    return true;
}

/* The price of inserting a move for how rare it is (repair_prior.h, in
 * sixteenths of a bit): 0.6 cost units a bit, rounded -- enough to put the
 * move players make before the one they seldom make, not so much that it
 * outweighs a reply written that answers the move (repair_plausible.c).
 * What rounding leaves over orders repairs of equal cost (node.rarity). */
static int32_t rarity_price(int rarity)
{
    enum { TENTHS_A_BIT = 6 };
    int32_t x = rarity * TENTHS_A_BIT;
    return (x >= 0 ? x + 80 : x - 80) / 160;
}

/* The children of task ti: every edit at its ply.  False when out of nodes. */
static bool expand_task(arb_repairer *r, int32_t ti)
{
    const node *task = &r->nodes[ti];
    int32_t xi = task->parent;
    const node *x = &r->nodes[xi];
    const arb_position *pos = &task->pos;
    size_t tok = task->tok, ply = task->ply;
    arb_move prev = task->prev;
    int32_t base = task->base;
    bool read_here = task->read_here;
    arb_move written = task->written;
    arb_movelist legal;
    r->work++;
    arb_generate_legal(pos, &legal);
    arb_position next;
    arb_move read_next;
    /* a reading is priced by how much likelier or less likely a move it is
     * than the one written (a token that does not read: than a quiet move) */
    int32_t written_surprise = ARB_REPAIR_SURPRISE_QUIET;
    bool prev_took = task->prev_took;
    arb_move written_reply = task->written_reply;
    int32_t written_reply_price = INT32_MIN;   /* computed on first need */
    if (read_here) {
        play(r, pos, written, &next);
        written_surprise = arb_repair_surprise(pos, prev, written, &next)
                           + arb_repair_forgone(pos, prev, prev_took, written, &legal);
    }

    for (int i = 0; i < legal.count; i++) {
        arb_move m = legal.moves[i];
        /* REPLACE token tok by m */
        if (tok < r->count && m != written) {
            int d;
            if (!r->spec_ok[tok])
                d = read_here ? -1 : 60;
            else
                d = arb_repair_distance(pos, &r->spec[tok], r->english_ok[tok] ? &r->english[tok] : NULL, m);
            if (d == 0)
                d = 6;    /* fits all that was written: the token was ambiguous (a dropped
                           * disambiguation, a common slip) */
            if (d >= 0) {
                play(r, pos, m, &next);
                if (tok + 1 == r->count || read_token(r, &next, tok + 1, &read_next)) {
                    arb_repair_edit e = {ARB_EDIT_REPLACE, (uint32_t)tok, (uint32_t)ply, m};
                    int32_t c = base + ARB_REPAIR_COST_REPLACE + d + arb_repair_surprise(pos, prev, m, &next)
                                + arb_repair_forgone(pos, prev, prev_took, m, &legal) - written_surprise;
                    /* a legal written move read as another: the written
                     * reply is priced after each, since the opponent takes
                     * back an exchange or a piece left en prise */
                    if (read_here && written_reply != ARB_MOVE_NONE && tok + 1 < r->count) {
                        if (written_reply_price == INT32_MIN) {
                            arb_position after_written;
                            play(r, pos, written, &after_written);
                            written_reply_price = reply_forgone(pos, written, &after_written, written_reply);
                        }
                        c += reply_forgone(pos, m, &next, read_next) - written_reply_price;
                    }
                    size_t before = r->node_count;
                    if (!add_child(r, x, xi, &next, tok + 1, ply + 1, c, &e, prev, arb_move_is_capture(pos, m),
                                   0))
                        return false;
                    if (read_here && r->node_count > before)
                        r->nodes[before].fail_tok = r->nodes[ti].fail_tok;
                    x = &r->nodes[xi];
                }
            }
        }
        /* INSERT m before token tok */
        play(r, pos, m, &next);
        bool fits = tok < r->count ? read_token(r, &next, tok, &read_next) : result_fits(&next, r->game->result);
        if (fits) {
            arb_repair_edit e = {ARB_EDIT_INSERT, (uint32_t)tok, (uint32_t)ply, m};
            /* the likelier moves left out first, those the next move
             * answers (repair_plausible.c) and those players make more
             * often (repair_prior.c) */
            int rarity = arb_repair_prior_rarity(r->prior, pos, (int)ply, m);
            int32_t c = base + ARB_REPAIR_COST_INSERT + arb_repair_surprise(pos, prev, m, &next)
                        + arb_repair_left_out(pos, m, &next, tok < r->count ? read_next : ARB_MOVE_NONE)
                        + rarity_price(rarity);
            if (!add_child(r, x, xi, &next, tok, ply + 1, c, &e, prev, arb_move_is_capture(pos, m), rarity))
                return false;
            x = &r->nodes[xi];
        }
    }
    /* DELETE token tok */
    if (tok < r->count && (tok + 1 == r->count || read_token(r, pos, tok + 1, &read_next))) {
        arb_repair_edit e = {ARB_EDIT_DELETE, (uint32_t)tok, (uint32_t)ply, ARB_MOVE_NONE};
        int32_t c = r->repeat[tok] ? ARB_REPAIR_COST_DELETE_REPEAT : ARB_REPAIR_COST_DELETE;
        if (!add_child(r, x, xi, pos, tok + 1, ply, base + c, &e, prev, prev_took, 0))
            return false;
        x = &r->nodes[xi];
    }
    /* SWAP tokens tok and tok + 2 */
    if (tok + 2 < r->count && !same_text(token_at(r, tok), token_at(r, tok + 2))) {
        arb_position a, b;
        arb_move m1, m2, m3;
        if (read_token(r, pos, tok + 2, &m1)) {
            play(r, pos, m1, &a);
            if (read_token(r, &a, tok + 1, &m2)) {
                play(r, &a, m2, &b);
                if (read_token(r, &b, tok, &m3)) {
                    play(r, &b, m3, &next);
                    arb_repair_edit e = {ARB_EDIT_SWAP, (uint32_t)tok, (uint32_t)ply, m1};
                    /* the marks written on the three moves, in their new order */
                    int32_t c = base + ARB_REPAIR_COST_SWAP + marks_cost(r, tok + 2, pos, m1, &a)
                                + marks_cost(r, tok + 1, &a, m2, &b) + marks_cost(r, tok, &b, m3, &next);
                    if (!add_child(r, x, xi, &next, tok + 3, ply + 3, c, &e, prev, arb_move_is_capture(&b, m3),
                                   0))
                        return false;
                }
            }
        }
    }
    return true;
}

static bool cheaper_repair(const arb_repair *a, const arb_repair *b)
{
    if (a->cost != b->cost)
        return a->cost < b->cost;
    return a->edit_count && b->edit_count
           && reads_farther_back(&a->edits[a->edit_count - 1], &b->edits[b->edit_count - 1]);
}

/* The repairs found, cheapest first (among equals: the farther-back
 * reading first, else the search's order). */
static void sort_repairs(arb_repair_result *out)
{
    for (size_t i = 1; i < out->count; i++) {
        arb_repair x = out->repairs[i];
        size_t j = i;
        for (; j > 0 && cheaper_repair(&x, &out->repairs[j - 1]); j--)
            out->repairs[j] = out->repairs[j - 1];
        out->repairs[j] = x;
    }
}

arb_status arb_repair_run(arb_repairer *r, const arb_repair_game *g, arb_repair_result *out)
{
    arb_status ok = {.code = 0};
    memset(out, 0, sizeof *out);
    r->game = g;
    r->work = 0;
    if (g->count > (size_t)1 << 30) {
        arb_status st = arb_status_error(ARB_ERR_LIMIT, ARB_ERR_LIMIT, 0, 0, "game too long to repair");
        return st;
    }
    if (!prepare(r, g)) {
        arb_status st = arb_status_error(ARB_ERR_MEMORY, ARB_ERR_MEMORY, 0, 0, "out of memory");
        return st;
    }
    r->node_count = 0;
    r->heap_len = 0;
    if (r->seen_used) {
        memset(r->seen, 0, r->seen_cap * sizeof *r->seen);
        r->seen_used = 0;
    }
    node *root = &r->nodes[r->node_count++];
    memset(root, 0, sizeof *root);
    root->pos = *g->start;
    root->parent = -1;
    root->prev = ARB_MOVE_NONE;
    root->priced = 0;
    root->task = 0;
    root->marks = 0;
    root->fail_tok = UINT32_MAX;
    heap_push(r, 0);

    bool first = true;
    size_t want = (size_t)r->lim.suggestions;
    while (r->heap_len > 0 && out->count < want) {
        if (r->work > r->lim.max_work) {
            out->limits_reached = true;
            break;
        }
        int32_t xi = heap_pop(r);
        if (r->nodes[xi].held) {
            r->nodes[xi].cost -= HOLD;
            add_solution(r, xi, out);
            continue;
        }
        if (r->nodes[xi].task) {
            if (!expand_task(r, xi)) {
                out->limits_reached = true;
                break;
            }
            continue;
        }
        size_t fail = replay(r, &r->nodes[xi]);
        node *x = &r->nodes[xi];
        if (first) {
            first = false;
            out->fail_token = fail < r->count ? r->index[fail] : g->count;
            if (fail == r->count) {
                out->status = ARB_REPAIR_CLEAN;
                out->work = r->work;
                return ok;
            }
        }
        if (!x->priced) {
            x->priced = 1;
            int32_t marks = marks_surcharge(r, x, fail);
            /* a legal move read as another makes the token that failed read:
             * the move it reads there now is priced too, against the quiet
             * move a reading of that token in its place would be */
            if (x->fail_tok != UINT32_MAX && x->fail_tok >= x->tok && x->fail_tok - x->tok < fail) {
                size_t k = x->fail_tok - x->tok;
                arb_move before = k > 0 ? r->chain_moves[k - 1] : x->edit.move;
                x->fail_price = arb_repair_surprise(&r->chain[k], before, r->chain_moves[k], &r->chain[k + 1])
                                - ARB_REPAIR_SURPRISE_QUIET;
                marks += x->fail_price;
            } else {
                x->fail_tok = UINT32_MAX;
            }
            int32_t extra = marks;
            x->marks = marks;
            if (extra != 0) {
                x->cost += extra;
                heap_push(r, xi);
                continue;
            }
        }
        /* a line that reads to the end is a repair even when it runs into
         * a state found before: another history of the same position (two
         * moves in either order) is another suggestion */
        if (x->tok + fail == r->count && result_fits(&r->chain[fail], g->result)) {
            mark_chain(r, x, fail);
            x->held = 1;
            x->cost += HOLD;
            heap_push(r, xi);
            continue;
        }
        size_t met = mark_chain(r, x, fail);
        bool dead = met > 0;
        if (dead)
            fail = met;
        if (x->edits >= r->lim.max_edits)
            continue;
        size_t last = dead ? fail - 1 : fail;
        int32_t marks_before = 0;
        for (size_t k = 0; k <= last; k++) {
            if (k > 0)
                marks_before += wrong_marks(r, x, k - 1)
                                + (x->fail_tok != UINT32_MAX && x->fail_tok - x->tok == k - 1 ? x->fail_price : 0);
            if (!add_task(r, xi, k, fail, dead, marks_before)) {
                out->limits_reached = true;
                break;
            }
        }
    }
    sort_repairs(out);
    out->status = out->count ? ARB_REPAIR_REPAIRED : ARB_REPAIR_NO_REPAIR;
    out->work = r->work;
    /* edits name written tokens, not move tokens */
    for (size_t i = 0; i < out->count; i++)
        for (int e = 0; e < out->repairs[i].edit_count; e++) {
            arb_repair_edit *ed = &out->repairs[i].edits[e];
            ed->token = ed->token < r->count ? (uint32_t)r->index[ed->token] : (uint32_t)g->count;
        }
    return ok;
}
