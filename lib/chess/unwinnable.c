/* unwinnable.c — helpmate search for 5.2.2 and 6.9 (see unwinnable.h). */
#include "unwinnable.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attacks.h"
#include "grow.h"
#include "movegen.h"
#include "position_play.h"

/* One position seen: how it was reached, for the mating line. */
typedef struct seen_node {
    uint64_t key;
    uint32_t parent;   /* index of the node it was reached from; itself for the root */
    arb_move move;
    uint16_t depth;
} seen_node;

/* A position waiting to be expanded, best (lowest score) first. */
typedef struct open_entry {
    uint32_t score;
    uint32_t node;
    uint32_t slot;     /* its position in the pool */
} open_entry;

typedef struct search {
    int color;
    uint32_t limit;
    seen_node *nodes;
    uint32_t node_count;
    size_t node_cap;
    uint64_t *table;   /* keys of the nodes, 0 for empty; size a power of two */
    uint32_t table_mask;
    open_entry *heap;
    uint32_t heap_count;
    size_t heap_cap;
    arb_position **pool;   /* in chunks of POOL_CHUNK: growing it copies no position */
    uint32_t chunk_count;
    size_t chunk_cap;
    uint32_t *free_slots;
    uint32_t pool_count, pool_cap, free_count;
    bool no_memory;
} search;

static uint32_t slot_of(uint64_t key, uint32_t mask)
{
    return (uint32_t)(key ^ (key >> 29)) & mask;
}

static bool table_rehash(search *s, uint32_t size)
{
    uint64_t *t = calloc(size, sizeof *t);
    if (!t)
        return false;
    free(s->table);
    s->table = t;
    s->table_mask = size - 1;
    for (uint32_t i = 0; i < s->node_count; i++) {
        uint32_t h = slot_of(s->nodes[i].key, s->table_mask);
        while (t[h])
            h = (h + 1) & s->table_mask;
        t[h] = s->nodes[i].key;
    }
    return true;
}

/* The key as the table keeps it (0 marks an empty slot, so a key of 0 is
 * kept as 1: a collision no more likely than any other), and the slot
 * that holds it or the empty one where it would go. */
static uint32_t probe(const search *s, uint64_t *key)
{
    *key += !*key;
    uint32_t h = slot_of(*key, s->table_mask);
    while (s->table[h] && s->table[h] != *key)
        h = (h + 1) & s->table_mask;
    return h;
}

static bool seen(const search *s, uint64_t key)
{
    return s->table[probe(s, &key)] != 0;
}

/* Adds the position's key unless seen; returns its node index, or
 * UINT32_MAX when it was seen before (or memory ran out). */
static uint32_t remember(search *s, uint64_t key, uint32_t parent, arb_move move, uint16_t depth)
{
    uint32_t h = probe(s, &key);
    if (s->table[h])
        return UINT32_MAX;
    if (s->node_count == s->node_cap && !arb_grow(&s->nodes, &s->node_cap, s->node_count + 1, sizeof *s->nodes)) {
        s->no_memory = true;
        return UINT32_MAX;
    }
    uint32_t index = s->node_count++;
    s->nodes[index] = (seen_node){key, index ? parent : 0, move, depth};
    s->table[h] = key;
    if ((uint64_t)s->node_count * 2 > s->table_mask && !table_rehash(s, (s->table_mask + 1) * 2)) {
        s->no_memory = true;
        return UINT32_MAX;
    }
    return index;
}

static int distance(int a, int b)
{
    int df = abs(arb_file_of(a) - arb_file_of(b)), dr = abs(arb_rank_of(a) - arb_rank_of(b));
    return df > dr ? df : dr;
}

/* How far the position looks from a mate by `color`: the defending king
 * near an edge, the attackers near it, pawns near promotion.  It only
 * orders the search; every reachable position is visited either way. */
static uint32_t score(const arb_position *pos, int color, uint16_t depth)
{
    int king = arb_king_square(pos, color ^ 1);
    int f = arb_file_of(king), r = arb_rank_of(king);
    int edge = f < 7 - f ? f : 7 - f;
    int redge = r < 7 - r ? r : 7 - r;
    uint32_t h = 4u * (uint32_t)(edge < redge ? edge : redge);
    arb_bitboard pieces = pos->by_color[color] & ~pos->by_kind[ARB_KING] & ~pos->by_kind[ARB_PAWN];
    while (pieces)
        h += 2u * (uint32_t)distance(arb_pop_lsb(&pieces), king);
    arb_bitboard pawns = arb_pieces(pos, color, ARB_PAWN);
    while (pawns) {
        int sq = arb_pop_lsb(&pawns);
        h += 3u * (uint32_t)(color == ARB_WHITE ? 7 - arb_rank_of(sq) : arb_rank_of(sq));
    }
    h += (uint32_t)distance(arb_king_square(pos, color), king);
    return 3u * h + depth;
}

/* The pool of waiting positions and its free list grow together, so a
 * released slot always has room in the free list; the positions stay where
 * they are (a large search waits on thousands). */
#define POOL_CHUNK 64u

static arb_position *pool_at(const search *s, uint32_t slot)
{
    return &s->pool[slot / POOL_CHUNK][slot % POOL_CHUNK];
}

static bool pool_take(search *s, uint32_t *slot)
{
    if (s->free_count) {
        *slot = s->free_slots[--s->free_count];
        return true;
    }
    if (s->pool_count == s->pool_cap) {
        if (!arb_grow(&s->pool, &s->chunk_cap, (size_t)s->chunk_count + 1, sizeof *s->pool))
            return false;
        arb_position *chunk = malloc(POOL_CHUNK * sizeof *chunk);
        if (!chunk)
            return false;
        uint32_t cap = s->pool_cap + POOL_CHUNK;
        uint32_t *slots = realloc(s->free_slots, (size_t)cap * sizeof *slots);
        if (!slots) {
            free(chunk);
            return false;
        }
        s->free_slots = slots;
        s->pool[s->chunk_count++] = chunk;
        s->pool_cap = cap;
    }
    *slot = s->pool_count++;
    return true;
}

static bool heap_push(search *s, const arb_position *pos, uint32_t node, uint32_t sc)
{
    uint32_t slot;
    if (!pool_take(s, &slot))
        return false;
    *pool_at(s, slot) = *pos;
    if (s->heap_count == s->heap_cap && !arb_grow(&s->heap, &s->heap_cap, (size_t)s->heap_count + 1, sizeof *s->heap))
        return false;
    uint32_t i = s->heap_count++;
    open_entry e = {sc, node, slot};
    while (i > 0) {
        uint32_t up = (i - 1) / 2;
        if (s->heap[up].score <= sc)
            break;
        s->heap[i] = s->heap[up];
        i = up;
    }
    s->heap[i] = e;
    return true;
}

static open_entry heap_pop(search *s)
{
    open_entry top = s->heap[0], last = s->heap[--s->heap_count];
    uint32_t i = 0, n = s->heap_count;
    for (;;) {
        uint32_t child = 2 * i + 1;
        if (child >= n)
            break;
        if (child + 1 < n && s->heap[child + 1].score < s->heap[child].score)
            child++;
        if (s->heap[child].score >= last.score)
            break;
        s->heap[i] = s->heap[child];
        i = child;
    }
    if (n)
        s->heap[i] = last;
    return top;
}

static void release_slot(search *s, uint32_t slot)
{
    s->free_slots[s->free_count++] = slot;
}

static void search_free(search *s)
{
    free(s->nodes);
    free(s->table);
    free(s->heap);
    for (uint32_t i = 0; i < s->chunk_count; i++)
        free(s->pool[i]);
    free(s->pool);
    free(s->free_slots);
}

static void record_line(const search *s, uint32_t node, arb_mate_answer *a)
{
    int plies = s->nodes[node].depth;
    a->line_plies = plies;
    for (uint32_t n = node; n != 0; n = s->nodes[n].parent) {
        int i = s->nodes[n].depth - 1;
        if (i < ARB_MATE_LINE_MAX)
            a->line[i] = s->nodes[n].move;
    }
}

#define DARK_SQUARES 0xAA55AA55AA55AA55ULL

/* `color` cannot mate with the material on the board, whatever the moves:
 * a lone king; or, when the defender has no pawn left to promote, a lone
 * knight against nothing that could block without taking it (queens only),
 * or bishops of one square colour against no knight and no bishop of the
 * other colour (a king shut in by bishops of its own colour is never mated,
 * and rooks or queens beside the king can always take or interpose). */
static bool lacks_mating_material(const arb_position *pos, int color)
{
    const arb_bitboard *k = pos->by_kind;
    arb_bitboard ours = pos->by_color[color] & ~k[ARB_KING], theirs = pos->by_color[color ^ 1];
    if (!ours)
        return true;
    if (ours & (k[ARB_PAWN] | k[ARB_ROOK] | k[ARB_QUEEN]) || theirs & k[ARB_PAWN])
        return false;
    arb_bitboard knights = ours & k[ARB_KNIGHT], bishops = ours & k[ARB_BISHOP];
    if (knights)
        return !bishops && !arb_more_than_one(knights) &&
               !(theirs & (k[ARB_KNIGHT] | k[ARB_BISHOP] | k[ARB_ROOK]));
    arb_bitboard other_colour = bishops & DARK_SQUARES ? ~DARK_SQUARES : DARK_SQUARES;
    if (bishops & other_colour)
        return false;
    return !(theirs & k[ARB_KNIGHT]) && !(theirs & k[ARB_BISHOP] & other_colour);
}

static bool mated(const arb_position *pos)
{
    return arb_in_check(pos) && arb_count_legal(pos) == 0;
}

/* A pawn of `color` that can move now: a push onto an empty square or a
 * capture (en passant included). */
static bool pawn_can_move(const arb_position *pos, int color)
{
    arb_bitboard pawns = arb_pieces(pos, color, ARB_PAWN), empty = ~arb_occupied(pos);
    arb_bitboard pushes = color == ARB_WHITE ? pawns << 8 : pawns >> 8;
    if (pushes & empty)
        return true;
    arb_bitboard targets = pos->by_color[color ^ 1];
    if (pos->ep_legal && pos->side == color)
        targets |= ARB_BB(pos->ep_square);
    while (pawns)
        if (arb_pawn_attacks(color, arb_pop_lsb(&pawns)) & targets)
            return true;
    return false;
}

/* Positions the search gives to a position before asking whether it looks
 * open: a side with a queen or rook, or pawns that have moved, mates within
 * a few thousand positions or leaves a search that would fill any limit;
 * locked pawn chains with minor pieces behind them need more. */
#define OPEN_POSITION_NODES 64u

/* A pawn with no pawn of either colour ahead of it on its file: it may run
 * to promotion. */
static bool free_pawn(const arb_position *pos)
{
    arb_bitboard pawns = pos->by_kind[ARB_PAWN];
    for (arb_bitboard p = pawns; p;) {
        int sq = arb_pop_lsb(&p);
        arb_bitboard file = arb_file_bb(arb_file_of(sq));
        arb_bitboard ahead = arb_piece_color(pos->board[sq]) == ARB_WHITE ? file & ~((ARB_BB(sq) << 1) - 1)
                                                                         : file & (ARB_BB(sq) - 1);
        if (!(pawns & ahead))
            return true;
    }
    return false;
}

static bool looks_open(const arb_position *root, int color, const arb_bitboard fixed[2])
{
    const arb_bitboard *k = root->by_kind;
    arb_bitboard moved = k[ARB_PAWN] & ~(fixed[0] | fixed[1]);
    return root->by_color[color] & (k[ARB_QUEEN] | k[ARB_ROOK]) || free_pawn(root) ||
           arb_more_than_one(moved) || !(fixed[0] | fixed[1]);
}

arb_mate_answer arb_mate_search(const arb_position *pos, int color, uint32_t node_limit)
{
    arb_mate_answer a;
    memset(&a, 0, sizeof a);
    a.color = color;
    a.verdict = ARB_MATE_UNKNOWN;
    a.fixed_pawns = pos->by_kind[ARB_PAWN];
    if (lacks_mating_material(pos, color)) {
        a.verdict = ARB_MATE_IMPOSSIBLE;
        a.reason = ARB_MATE_BY_MATERIAL;
        return a;
    }
    if (pos->side != color && mated(pos)) {
        a.verdict = ARB_MATE_POSSIBLE;
        return a;
    }
    search s;
    memset(&s, 0, sizeof s);
    s.color = color;
    s.limit = node_limit ? node_limit : ARB_MATE_DEFAULT_NODES;
    arb_bitboard fixed[2] = {arb_pieces(pos, ARB_WHITE, ARB_PAWN), arb_pieces(pos, ARB_BLACK, ARB_PAWN)};
    arb_movelist *moves = malloc(sizeof *moves);
    if (!moves || !table_rehash(&s, 256) || remember(&s, pos->key, 0, ARB_MOVE_NONE, 0) == UINT32_MAX ||
        !heap_push(&s, pos, 0, 0)) {
        free(moves);
        search_free(&s);
        a.reason = ARB_MATE_NO_MEMORY;
        return a;
    }
    bool done = false;
    while (!done && s.heap_count) {
        open_entry e = heap_pop(&s);
        arb_position here = *pool_at(&s, e.slot);
        release_slot(&s, e.slot);
        fixed[0] &= arb_pieces(&here, ARB_WHITE, ARB_PAWN);
        fixed[1] &= arb_pieces(&here, ARB_BLACK, ARB_PAWN);
        int n = arb_generate_legal(&here, moves);
        uint16_t depth = (uint16_t)(s.nodes[e.node].depth + (s.nodes[e.node].depth < UINT16_MAX));
        for (int i = 0; i < n; i++) {
            if (s.node_count >= s.limit || (s.node_count >= OPEN_POSITION_NODES && !(s.node_count & (s.node_count - 1)) &&
                                            looks_open(pos, color, fixed))) {
                done = true;
                break;
            }
            /* two positions in three are met again: those are not made */
            uint64_t key;
            if (arb_key_after_plain(&here, moves->moves[i], &key) && seen(&s, key))
                continue;
            arb_position next;
            arb_position_make(&here, moves->moves[i], &next);
            uint32_t node = remember(&s, next.key, e.node, moves->moves[i], depth);
            if (node == UINT32_MAX) {
                if (s.no_memory) {
                    done = true;
                    break;
                }
                continue;
            }
            if (next.side != color && arb_in_check(&next) && mated(&next)) {
                a.verdict = ARB_MATE_POSSIBLE;
                record_line(&s, node, &a);
                done = true;
                break;
            }
            /* no mate by `color` lies beyond a position where it lacks the material */
            if (lacks_mating_material(&next, color))
                continue;
            if (!heap_push(&s, &next, node, score(&next, color, depth))) {
                s.no_memory = true;
                done = true;
                break;
            }
        }
    }
    if (!done && !s.no_memory) {
        a.verdict = ARB_MATE_IMPOSSIBLE;
        a.fixed_pawns = fixed[0] | fixed[1];
    }
    if (s.no_memory && a.verdict == ARB_MATE_UNKNOWN)
        a.reason = ARB_MATE_NO_MEMORY;
    a.nodes = s.node_count;
    free(moves);
    search_free(&s);
    return a;
}

/* The search stops with "unknown" at OPEN_POSITION_NODES when the root looks
 * open and more positions are still to come; for a root whose side has a
 * queen or rook, or with a free pawn or no pawn at all, it looks open at
 * every check, whatever the pawns do.  Then "impossible" needs the whole set of positions it would
 * reach (the children of every position it expands: all but those where
 * `color` lacks the material, or mated ones) to be smaller: a lower bound
 * above OPEN_POSITION_NODES settles it, in any order.
 *
 * The cheap bound first: the root and its children (all seen, as the root
 * is expanded), and the quiet replies (no capture, no castling, no en
 * passant) in the children the search would expand.  Those are all
 * distinct: a quiet reply leaves the pieces of the side that moved first
 * where that side's move put them, and two different first moves put them
 * differently (and never back as in the root). */
static bool quiet_replies_bound(const arb_position *pos, int color)
{
    arb_movelist moves, replies;
    int n = arb_generate_legal(pos, &moves);
    uint32_t seen = 1u + (uint32_t)n;
    for (int i = 0; i < n && seen <= OPEN_POSITION_NODES; i++) {
        arb_position child;
        arb_position_make(pos, moves.moves[i], &child);
        if (lacks_mating_material(&child, color))
            continue;   /* a leaf: not expanded */
        int m = arb_generate_legal(&child, &replies);
        if (m == 0 && child.side != color && arb_in_check(&child))
            return true;   /* mated: "possible" */
        for (int j = 0; j < m; j++) {
            arb_move reply = replies.moves[j];
            seen += child.board[arb_move_to(reply)] == ARB_NO_PIECE && arb_move_type(reply) != ARB_MOVE_EN_PASSANT &&
                    arb_move_type(reply) != ARB_MOVE_CASTLING;
        }
    }
    return seen > OPEN_POSITION_NODES;
}

/* Then the positions themselves, breadth first with a small table of
 * their keys (kept as the search keeps them), until more than
 * OPEN_POSITION_NODES are found or none is left; a mated child ends it
 * with "possible" as it ends the search. */
#define COUNT_TABLE 256u
static bool reaches_enough(const arb_position *root, int color)
{
    uint64_t table[COUNT_TABLE];
    arb_position queue[OPEN_POSITION_NODES + 1];
    memset(table, 0, sizeof table);
    uint64_t key = root->key + !root->key;
    table[slot_of(key, COUNT_TABLE - 1)] = key;
    queue[0] = *root;
    uint32_t seen = 1, head = 0, tail = 1;
    arb_movelist moves;
    while (head < tail) {
        const arb_position *pos = &queue[head++];
        int n = arb_generate_legal(pos, &moves);
        for (int i = 0; i < n; i++) {
            arb_position child;
            arb_position_make(pos, moves.moves[i], &child);
            key = child.key + !child.key;
            uint32_t h = slot_of(key, COUNT_TABLE - 1);
            while (table[h] && table[h] != key)
                h = (h + 1) & (COUNT_TABLE - 1);
            if (table[h])
                continue;   /* seen */
            table[h] = key;
            if (++seen > OPEN_POSITION_NODES)
                return true;
            if (child.side != color && arb_in_check(&child) && mated(&child))
                return true;
            if (!lacks_mating_material(&child, color))
                queue[tail++] = child;
        }
    }
    return false;
}

bool arb_mate_search_not_impossible(const arb_position *pos, int color)
{
    const arb_bitboard *k = pos->by_kind;
    /* (without pawns no pawn is fixed: that looks open too) */
    if ((!(pos->by_color[color] & (k[ARB_QUEEN] | k[ARB_ROOK])) && k[ARB_PAWN] && !free_pawn(pos)) ||
        lacks_mating_material(pos, color))
        return false;
    if (pos->side != color && mated(pos))
        return true;
    return quiet_replies_bound(pos, color) || reaches_enough(pos, color);
}

bool arb_mate_impossible_by_material(const arb_position *pos, int color)
{
    return lacks_mating_material(pos, color);
}

bool arb_side_may_be_shut_out(const arb_position *pos, int color)
{
    /* a side whose pawns are all blocked may be shut out; one with a pawn
     * that moves, or without pawns, is taken as able to mate */
    return lacks_mating_material(pos, color) ||
           (arb_pieces(pos, color, ARB_PAWN) && !pawn_can_move(pos, color));
}

bool arb_dead_candidate(const arb_position *pos)
{
    return arb_side_may_be_shut_out(pos, ARB_WHITE) && arb_side_may_be_shut_out(pos, ARB_BLACK);
}

bool arb_position_is_dead(const arb_position *pos, uint32_t node_limit)
{
    for (int color = ARB_WHITE; color <= ARB_BLACK; color++)
        if (arb_mate_search(pos, color, node_limit).verdict != ARB_MATE_IMPOSSIBLE)
            return false;
    return true;
}

/* "a king and a bishop", "a king, a rook and 3 pawns" */
static void describe_material(const arb_position *pos, int color, char *buf, size_t size)
{
    static const char *const names[] = {"pawn", "knight", "bishop", "rook", "queen"};
    char parts[5][24];
    int n = 0;
    for (int kind = ARB_QUEEN; kind >= ARB_PAWN; kind--) {
        int count = arb_popcount(arb_pieces(pos, color, kind));
        if (count == 1)
            snprintf(parts[n++], sizeof parts[0], "a %s", names[kind]);
        else if (count > 1)
            snprintf(parts[n++], sizeof parts[0], "%d %ss", count, names[kind]);
    }
    int used = snprintf(buf, size, "%s", n ? "a king" : "only a king");
    for (int i = 0; i < n && used >= 0 && (size_t)used < size; i++)
        used += snprintf(buf + used, size - (size_t)used, "%s%s", i == n - 1 ? " and " : ", ", parts[i]);
}

/* "a3, a4, c3": file by file, as an arbiter reads a pawn chain */
static void square_list(arb_bitboard squares, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int file = 0; file < 8; file++)
        for (int rank = 0; rank < 8; rank++)
            if (squares & ARB_BB(arb_square(file, rank)) && used + 5 < size)
                used += (size_t)snprintf(buf + used, size - (size_t)used, "%s%c%c", used ? ", " : "", 'a' + file,
                                            '1' + rank);
}

void arb_mate_answer_describe(const arb_position *pos, const arb_mate_answer *a, char *buf, size_t size)
{
    char ours[64], theirs[64];
    describe_material(pos, a->color, ours, sizeof ours);
    describe_material(pos, a->color ^ 1, theirs, sizeof theirs);
    const char *side = a->color == ARB_WHITE ? "White" : "Black";
    if (a->reason == ARB_MATE_BY_MATERIAL) {
        snprintf(buf, size, "%s has %s against %s, which cannot give mate", side, ours, theirs);
        return;
    }
    /* pawns that never moved in the search and stand blocked by an enemy pawn */
    arb_bitboard white = arb_pieces(pos, ARB_WHITE, ARB_PAWN), black = arb_pieces(pos, ARB_BLACK, ARB_PAWN);
    arb_bitboard locked = a->fixed_pawns & ((white & (black >> 8)) | (black & (white << 8)));
    if (locked) {
        char squares[96];
        square_list(locked, squares, sizeof squares);
        snprintf(buf, size, "%s has %s, and the locked pawns on %s never move (%u positions examined)", side,
                    ours, squares, (unsigned)a->nodes);
        return;
    }
    snprintf(buf, size, "%s has %s against %s, and every series of legal moves ends without its mate (%u "
                "positions examined)", side, ours, theirs, (unsigned)a->nodes);
}
