/* duplicates.c — main-line hashes and the table of games seen (see
 * duplicates.h). */
#include "duplicates.h"

#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "main_line.h"

/* splitmix64's finaliser: every input bit reaches every output bit. */
static uint64_t mix(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

bool arb_dup_eligible(const arb_pgn_game *g)
{
    return g->error_count == 0 && g->main_line_plies > 0;
}

/* FNV-1a over a tag's value, with its end marked so "ab"+"c" differs from
 * "a"+"bc". */
static uint64_t hash_text(uint64_t h, const char *s)
{
    for (; s && *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
    return (h ^ 0xff) * 0x100000001b3ULL;
}

uint64_t arb_dup_seed(const arb_pgn_game *g, bool same_players)
{
    uint64_t h = mix(g->start.key ^ 0x5851f42d4c957f2dULL);
    if (same_players) {
        uint64_t t = 0xcbf29ce484222325ULL;
        t = hash_text(t, arb_pgn_game_tag(g, "White"));
        t = hash_text(t, arb_pgn_game_tag(g, "Black"));
        t = hash_text(t, arb_pgn_game_tag(g, "Date"));
        h = mix(h ^ t);
    }
    return h;
}

uint64_t arb_dup_step(uint64_t hash, arb_move move)
{
    return mix(hash + 0x9e3779b97f4a7c15ULL + move);
}

bool arb_dup_line(const arb_pgn_game *g, bool same_players, bool only_last, arb_strbuf *out,
                  size_t *n)
{
    uint64_t h = arb_dup_seed(g, same_players);
    size_t plies = 0;
    arb_main_line w;
    arb_main_line_start(&w, g);
    for (const arb_pgn_item *it; (it = arb_main_line_next(&w));) {
        h = arb_dup_step(h, it->move);
        plies++;
        if (!only_last && !arb_strbuf_append(out, (const char *)&h, sizeof h))
            return false;
    }
    *n = plies;
    if (only_last && plies > 0)
        return arb_strbuf_append(out, (const char *)&h, sizeof h);
    return true;
}

bool arb_dup_moves(const arb_pgn_game *g, arb_strbuf *out)
{
    size_t n = 0;
    arb_main_line w;
    arb_main_line_start(&w, g);
    for (const arb_pgn_item *it; (it = arb_main_line_next(&w)); n++)
        if (!arb_strbuf_append(out, (const char *)&it->move, sizeof it->move))
            return false;
    static const char pad[8] = {0};
    size_t bytes = n * sizeof(arb_move);
    return arb_strbuf_append(out, pad, (8 - bytes % 8) % 8);
}

/* ---- the table ------------------------------------------------------------------ */

/* Open addressing with linear probing; key 0 marks a free slot (a hash that
 * is 0 is stored as 1: one more way to collide in 2^64). */
struct entry {
    uint64_t key;
    uint64_t ordinal;
};

typedef struct set {
    struct entry *slot;
    size_t mask, used;
} set;

/* Prefix mode keeps, for every game longer than min_plies, its moves and
 * its hashes at the checkpoints min_plies, min_plies + STEP, ... below its
 * length.  A later game of n plies cut from it shares its hash at the last
 * checkpoint c <= n, so the games listed under that hash are the only
 * candidates, and comparing their moves c .. n - 1 with its own decides. */
enum { STEP = 16, MAX_SCAN = 4096 };

struct game_rec {
    uint64_t ordinal;
    uint64_t moves_at;      /* in moves[] */
    uint32_t plies;
};

struct node {               /* one game under one checkpoint hash */
    uint32_t game;          /* in games[] */
    uint32_t next;          /* 1-based index of the next node, 0: none */
};

struct arb_dup_table {
    int mode;
    size_t min_plies;       /* ARB_DUP_PREFIX: of the shorter line */
    set lines;              /* whole main lines */
    set checkpoints;        /* hash at a checkpoint -> first node (low 32 bits) and last (high) */
    struct game_rec *games;
    size_t game_count, game_cap;
    struct node *nodes;
    size_t node_count, node_cap;
    arb_move *moves;
    size_t move_count, move_cap;
};

static bool set_init(set *s)
{
    s->mask = 1023;
    s->used = 0;
    s->slot = calloc(s->mask + 1, sizeof *s->slot);
    return s->slot != NULL;
}

static uint64_t stored_key(uint64_t key)
{
    return key ? key : 1;
}

static struct entry *set_find(const set *s, uint64_t key)
{
    key = stored_key(key);
    for (size_t i = key & s->mask;; i = (i + 1) & s->mask) {
        if (s->slot[i].key == key)
            return &s->slot[i];
        if (s->slot[i].key == 0)
            return NULL;
    }
}

static bool set_grow(set *s)
{
    size_t mask = s->mask * 2 + 1;
    struct entry *slot = calloc(mask + 1, sizeof *slot);
    if (!slot)
        return false;
    for (size_t i = 0; i <= s->mask; i++) {
        if (!s->slot[i].key)
            continue;
        size_t j = s->slot[i].key & mask;
        while (slot[j].key)
            j = (j + 1) & mask;
        slot[j] = s->slot[i];
    }
    free(s->slot);
    s->slot = slot;
    s->mask = mask;
    return true;
}

/* The entry for key, added with `value` unless it is there already (the
 * first keeps it); NULL when out of memory. */
static struct entry *set_add(set *s, uint64_t key, uint64_t value)
{
    if ((s->used + 1) * 4 > (s->mask + 1) * 3 && !set_grow(s))
        return NULL;
    key = stored_key(key);
    size_t i = key & s->mask;
    while (s->slot[i].key) {
        if (s->slot[i].key == key)
            return &s->slot[i];
        i = (i + 1) & s->mask;
    }
    s->slot[i].key = key;
    s->slot[i].ordinal = value;
    s->used++;
    return &s->slot[i];
}

arb_dup_table *arb_dup_table_new(int mode, size_t min_prefix_plies)
{
    arb_dup_table *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->mode = mode;
    t->min_plies = min_prefix_plies ? min_prefix_plies : 1;
    if (!set_init(&t->lines) || (mode == ARB_DUP_PREFIX && !set_init(&t->checkpoints))) {
        arb_dup_table_free(t);
        return NULL;
    }
    return t;
}

void arb_dup_table_free(arb_dup_table *t)
{
    if (!t)
        return;
    free(t->lines.slot);
    free(t->checkpoints.slot);
    free(t->games);
    free(t->nodes);
    free(t->moves);
    free(t);
}

size_t arb_dup_table_bytes(const arb_dup_table *t)
{
    size_t bytes = sizeof *t + (t->lines.mask + 1) * sizeof(struct entry);
    if (t->checkpoints.slot)
        bytes += (t->checkpoints.mask + 1) * sizeof(struct entry);
    return bytes + t->game_cap * sizeof *t->games + t->node_cap * sizeof *t->nodes
           + t->move_cap * sizeof *t->moves;
}

/* An earlier, longer game whose first n moves are these (the first one
 * recorded), or NULL. */
static const struct game_rec *cut_from(const arb_dup_table *t, const uint64_t *line,
                                       const arb_move *moves, size_t n)
{
    size_t c = t->min_plies + (n - t->min_plies) / STEP * STEP;
    const struct entry *e = set_find(&t->checkpoints, line[c - 1]);
    size_t scanned = 0;
    for (uint32_t k = e ? (uint32_t)e->ordinal : 0; k && scanned < MAX_SCAN; k = t->nodes[k - 1].next) {
        const struct game_rec *g = &t->games[t->nodes[k - 1].game];
        scanned++;
        if (g->plies > n && memcmp(t->moves + g->moves_at + c, moves + c, (n - c) * sizeof *moves) == 0)
            return g;
    }
    return NULL;
}

/* Records a game of n > min_plies plies for cut_from. */
static bool record_prefixes(arb_dup_table *t, const uint64_t *line, const arb_move *moves, size_t n,
                            uint64_t ordinal)
{
    size_t checkpoints = (n - 1 - t->min_plies) / STEP + 1;
    if (t->game_count >= UINT32_MAX || t->node_count + checkpoints >= UINT32_MAX
        || !arb_grow(&t->games, &t->game_cap, t->game_count + 1, sizeof *t->games)
        || !arb_grow(&t->nodes, &t->node_cap, t->node_count + checkpoints, sizeof *t->nodes)
        || !arb_grow(&t->moves, &t->move_cap, t->move_count + n, sizeof *t->moves))
        return false;
    uint32_t game = (uint32_t)t->game_count++;
    t->games[game] = (struct game_rec){ordinal, t->move_count, (uint32_t)n};
    memcpy(t->moves + t->move_count, moves, n * sizeof *moves);
    t->move_count += n;
    for (size_t c = t->min_plies; c < n; c += STEP) {
        uint32_t node = (uint32_t)++t->node_count;   /* 1-based */
        t->nodes[node - 1] = (struct node){game, 0};
        struct entry *e = set_add(&t->checkpoints, line[c - 1], (uint64_t)node << 32 | node);
        if (!e)
            return false;
        uint32_t last = (uint32_t)(e->ordinal >> 32);
        if (last != node) {
            /* appended after the last node, so lists run from the first game on */
            t->nodes[last - 1].next = node;
            e->ordinal = (e->ordinal & 0xffffffffu) | (uint64_t)node << 32;
        }
    }
    return true;
}

bool arb_dup_check(arb_dup_table *t, const uint64_t *line, const arb_move *moves, size_t n,
                   uint64_t ordinal, uint64_t *repeats, arb_status *status)
{
    *status = (arb_status){0};
    const struct entry *e = set_find(&t->lines, line[n - 1]);
    uint64_t found_ordinal = e ? e->ordinal : 0;
    bool found = e != NULL;
    bool prefix = t->mode == ARB_DUP_PREFIX && moves;
    size_t min = t->min_plies;
    if (!found && prefix && n >= min) {
        const struct game_rec *g = cut_from(t, line, moves, n);   /* a copy cut short */
        if (g) {
            found = true;
            found_ordinal = g->ordinal;
        }
        for (size_t k = n - 1; !found && k-- > min - 1;) {
            e = set_find(&t->lines, line[k]);                   /* a copy continued */
            if (e) {
                found = true;
                found_ordinal = e->ordinal;
            }
        }
    }
    if (found)
        *repeats = found_ordinal;
    bool ok = set_add(&t->lines, line[n - 1], ordinal) != NULL;
    if (ok && prefix && n > min)
        ok = record_prefixes(t, line, moves, n, ordinal);
    if (!ok)
        *status = arb_status_error(ARB_ERR_MEMORY, ARB_ERR_MEMORY, 0, 0, "out of memory");
    return found;
}
