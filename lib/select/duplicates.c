/* duplicates.c — main-line hashes and the table of games seen (see
 * duplicates.h). */
#include "duplicates.h"

#include <stdlib.h>
#include <string.h>

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
    int depth = 0;
    for (size_t i = 0; i < g->item_count; i++) {
        const arb_pgn_item *it = &g->items[i];
        if (it->kind == ARB_PGN_ITEM_VARIATION_START)
            depth++;
        else if (it->kind == ARB_PGN_ITEM_VARIATION_END)
            depth--;
        else if (it->kind == ARB_PGN_ITEM_MOVE && depth == 0) {
            h = arb_dup_step(h, it->move);
            plies++;
            if (!only_last && !arb_strbuf_append(out, (const char *)&h, sizeof h))
                return false;
        }
    }
    *n = plies;
    if (only_last && plies > 0)
        return arb_strbuf_append(out, (const char *)&h, sizeof h);
    return true;
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

struct arb_dup_table {
    int mode;
    size_t min_plies;   /* ARB_DUP_PREFIX: of the shorter line */
    set lines;      /* whole main lines */
    set prefixes;   /* proper prefixes (ARB_DUP_PREFIX) */
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

static const struct entry *set_find(const set *s, uint64_t key)
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

/* Records key -> ordinal unless the key is there already (the first game
 * keeps it).  False when out of memory. */
static bool set_add(set *s, uint64_t key, uint64_t ordinal)
{
    if ((s->used + 1) * 4 > (s->mask + 1) * 3 && !set_grow(s))
        return false;
    key = stored_key(key);
    size_t i = key & s->mask;
    while (s->slot[i].key) {
        if (s->slot[i].key == key)
            return true;
        i = (i + 1) & s->mask;
    }
    s->slot[i].key = key;
    s->slot[i].ordinal = ordinal;
    s->used++;
    return true;
}

arb_dup_table *arb_dup_table_new(int mode, size_t min_prefix_plies)
{
    arb_dup_table *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->mode = mode;
    t->min_plies = min_prefix_plies ? min_prefix_plies : 1;
    if (!set_init(&t->lines) || (mode == ARB_DUP_PREFIX && !set_init(&t->prefixes))) {
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
    free(t->prefixes.slot);
    free(t);
}

size_t arb_dup_table_bytes(const arb_dup_table *t)
{
    size_t bytes = sizeof *t + (t->lines.mask + 1) * sizeof(struct entry);
    if (t->prefixes.slot)
        bytes += (t->prefixes.mask + 1) * sizeof(struct entry);
    return bytes;
}

bool arb_dup_check(arb_dup_table *t, const uint64_t *line, size_t n, uint64_t ordinal,
                   uint64_t *repeats, arb_status *status)
{
    *status = (arb_status){0, 0, 0, ""};
    const struct entry *e = set_find(&t->lines, line[n - 1]);
    size_t min = t->min_plies;
    if (!e && t->mode == ARB_DUP_PREFIX && n >= min) {
        e = set_find(&t->prefixes, line[n - 1]);          /* a copy cut short */
        for (size_t k = n - 1; !e && k-- > min - 1;)
            e = set_find(&t->lines, line[k]);               /* a copy continued */
    }
    bool found = e != NULL;
    if (found)
        *repeats = e->ordinal;
    bool ok = set_add(&t->lines, line[n - 1], ordinal);
    if (t->mode == ARB_DUP_PREFIX)
        for (size_t k = min - 1; ok && k + 1 < n; k++)
            ok = set_add(&t->prefixes, line[k], ordinal);
    if (!ok) {
        *status = (arb_status){1, 0, 0, "out of memory"};
    }
    return found;
}
