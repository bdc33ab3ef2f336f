/* pgn_game.c — the game container, its arena, and the item walker. */
#include "pgn_game.h"
#include "pgn_game_store.h"
#include "pgn_main_line.h"
#include "pgn_text_copy.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "grow.h"
/* Text arena: a chain of blocks that are kept (not freed) by reset, so a
 * reader filling one game after another stops allocating once the blocks
 * fit the largest game seen. */
#define ARENA_BLOCK 16384

struct arena_block {
    struct arena_block *next;
    size_t cap, used;
    char data[];
};

/* The rare path of arena_alloc: the current block is full (or there is none). */
static __attribute__((noinline)) char *arena_alloc_slow(struct arb_pgn_game_store *a, size_t n)
{
    struct arena_block *b = a->current;
    while (b && b->cap - b->used < n)
        b = b->next;   /* kept blocks after the current one are empty after reset */
    if (!b) {
        size_t cap = n > ARENA_BLOCK ? n : ARENA_BLOCK;
        b = malloc(sizeof *b + cap);
        if (!b)
            return NULL;
        b->cap = cap;
        b->used = 0;
        /* link after the current block so the chain keeps its order */
        if (a->current) {
            b->next = a->current->next;
            a->current->next = b;
        } else {
            b->next = a->first;
            a->first = b;
        }
    }
    a->current = b;
    char *p = b->data + b->used;
    b->used += n;
    return p;
}

/* n bytes of the arena: from the current block when they fit (the test
 * inline: this runs for every tag and comment). */
static inline char *arena_alloc(struct arb_pgn_game_store *a, size_t n)
{
    struct arena_block *b = a->current;
    if (b && b->cap - b->used >= n) {
        char *p = b->data + b->used;
        b->used += n;
        return p;
    }
    return arena_alloc_slow(a, n);
}

static void arena_reset(struct arb_pgn_game_store *a)
{
    for (struct arena_block *b = a->first; b; b = b->next)
        b->used = 0;
    a->current = a->first;
}

static void arena_free(struct arb_pgn_game_store *a)
{
    struct arena_block *b = a->first;
    while (b) {
        struct arena_block *next = b->next;
        free(b);
        b = next;
    }
    free(a);
}

void arb_pgn_game_init(arb_pgn_game *g)
{
    memset(g, 0, sizeof *g);
    arb_position_startpos(&g->start);
    g->end = g->start;
}

/* The store, made on first use (init cannot fail); NULL when out of memory. */
static struct arb_pgn_game_store *store_of(arb_pgn_game *g)
{
    if (!g->store && (g->store = calloc(1, sizeof *g->store)))
        arb_position_startpos(&g->store->standard_start);
    return g->store;
}

void arb_pgn_game_reset(arb_pgn_game *g)
{
    if (g->store)
        arena_reset(g->store);
    g->tag_count = g->item_count = g->diag_count = g->error_count = 0;
    if (g->store)
        g->start = g->store->standard_start;
    else
        arb_position_startpos(&g->start);
    g->end = g->start;
    g->main_line_plies = 0;
    g->skipped_moves = 0;
    g->notation = NULL;
    g->notation_used = NULL;
    g->custom_start = false;
    g->result = ARB_PGN_RESULT_NONE;
    g->end_reason = ARB_PGN_END_MARKER;
    g->movetext_started = false;
    g->line = g->col = 0;
    g->offset = 0;
    g->raw = NULL;
    g->raw_len = 0;
    g->raw_complete = false;
    g->read_text = NULL;
    g->read_text_len = 0;
    g->converted_encoding = false;
    g->san_recorded = false;
    arb_pgn_main_line_clear(g->main_line);
}

void arb_pgn_game_free(arb_pgn_game *g)
{
    if (g->store)
        arena_free(g->store);
    arb_pgn_main_line_free(g->main_line);
    free(g->tags);
    free(g->items);
    free(g->diags);
    memset(g, 0, sizeof *g);
}

char *arb_pgn_game_alloc_text(arb_pgn_game *g, size_t n)
{
    struct arb_pgn_game_store *s = store_of(g);
    return s ? arena_alloc(s, n ? n : 1) : NULL;
}

char *arb_pgn_game_strdup(arb_pgn_game *g, const char *text, size_t len)
{
    char *p = arb_pgn_game_alloc_text(g, len + 1);
    if (!p)
        return NULL;
    memcpy(p, text, len);
    p[len] = '\0';
    return p;
}

const arb_pgn_tag *arb_pgn_game_tag_entry(const arb_pgn_game *g, const char *name)
{
    /* the first letter first: most names differ there, and this runs for
     * several names per game */
    for (size_t i = 0; i < g->tag_count; i++)
        if (g->tags[i].name[0] == name[0] && strcmp(g->tags[i].name, name) == 0)
            return &g->tags[i];
    return NULL;
}

const char *arb_pgn_game_tag(const arb_pgn_game *g, const char *name)
{
    const arb_pgn_tag *t = arb_pgn_game_tag_entry(g, name);
    return t ? t->value : NULL;
}

int arb_pgn_variant_parse(const char *value)
{
    static const char *const chess960[] = {"chess960", "chess 960", "chess-960", "fischerandom",
                                           "fischer random", "fischer-random", "freestyle", "960"};
    static const char *const standard[] = {"standard", "chess", "normal", "regular",
                                           "from position", "fromposition", ""};
    if (!value || strcasecmp(value, "standard") == 0)   /* the usual value, tested first */
        return ARB_PGN_VARIANT_STANDARD;
    for (size_t i = 0; i < sizeof chess960 / sizeof chess960[0]; i++)
        if (strcasecmp(value, chess960[i]) == 0)
            return ARB_PGN_VARIANT_CHESS960;
    for (size_t i = 0; i < sizeof standard / sizeof standard[0]; i++)
        if (strcasecmp(value, standard[i]) == 0)
            return ARB_PGN_VARIANT_STANDARD;
    return ARB_PGN_VARIANT_OTHER;
}

int arb_pgn_game_result(const arb_pgn_game *g)
{
    const char *tag = arb_pgn_game_tag(g, "Result");
    int r = tag ? arb_pgn_result_parse(tag, strlen(tag)) : ARB_PGN_RESULT_NONE;
    if (r == ARB_PGN_RESULT_NONE)
        r = g->result;
    return r == ARB_PGN_RESULT_NONE ? ARB_PGN_RESULT_UNKNOWN : r;
}

bool arb_pgn_game_add_tag(arb_pgn_game *g, const char *name, size_t name_len,
                          const char *value, size_t value_len, int line, int col)
{
    if (!store_of(g) || !arb_grow(&g->tags, &g->store->tag_cap, g->tag_count + 1, sizeof *g->tags))
        return false;
    arb_pgn_tag *t = &g->tags[g->tag_count];
    /* name and value in one piece of the arena */
    char *text = arena_alloc(g->store, name_len + value_len + 2);
    if (!text)
        return false;
    arb_pgn_copy_text(text, name, name_len);
    text[name_len] = '\0';
    arb_pgn_copy_text(text + name_len + 1, value, value_len);
    text[name_len + 1 + value_len] = '\0';
    t->name = text;
    t->value = text + name_len + 1;
    t->line = line;
    t->col = col;
    g->tag_count++;
    return true;
}

bool arb_pgn_game_set_tag(arb_pgn_game *g, const char *name, const char *value)
{
    for (size_t i = 0; i < g->tag_count; i++) {
        if (strcmp(g->tags[i].name, name) == 0) {
            const char *v = arb_pgn_game_strdup(g, value, strlen(value));
            if (!v)
                return false;
            g->tags[i].value = v;
            return true;
        }
    }
    return arb_pgn_game_add_tag(g, name, strlen(name), value, strlen(value), 0, 0);
}

/* Room for one more item: the rare path (first item, a full array) kept out
 * of line so that new_item stays small enough to inline into each adder. */
static __attribute__((noinline)) bool grow_items(arb_pgn_game *g)
{
    return store_of(g) && arb_grow(&g->items, &g->store->item_cap, g->item_count + 1, sizeof *g->items);
}

static inline arb_pgn_item *new_item(arb_pgn_game *g, int kind, int line, int col)
{
    if (!(g->store && g->item_count < g->store->item_cap) && !grow_items(g))
        return NULL;
    arb_pgn_item *it = &g->items[g->item_count++];
    *it = (arb_pgn_item){.kind = (uint8_t)kind, .move = ARB_MOVE_NONE, .line = line, .col = col};
    return it;
}

static __attribute__((noinline)) bool add_move_growing(arb_pgn_game *g, const arb_position *before,
                                                        arb_move move, int line, int col)
{
    return grow_items(g) && arb_pgn_game_add_move(g, before, move, line, col);
}

bool arb_pgn_game_add_move(arb_pgn_game *g, const arb_position *before, arb_move move, int line,
                           int col)
{
    /* the growth apart, so that the common path saves no registers */
    if (!arb_pgn_game_add_move_fast(g, before, move, line, col))
        return add_move_growing(g, before, move, line, col);
    return true;
}

bool arb_pgn_game_add_nag(arb_pgn_game *g, int nag, int line, int col)
{
    arb_pgn_item *it = new_item(g, ARB_PGN_ITEM_NAG, line, col);
    if (!it)
        return false;
    it->nag = (uint8_t)nag;
    return true;
}

bool arb_pgn_game_add_comment(arb_pgn_game *g, const char *text, size_t len, int line, int col)
{
    char *copy = store_of(g) ? arena_alloc(g->store, len + 1) : NULL;
    if (copy) {
        arb_pgn_copy_text(copy, text, len);
        copy[len] = '\0';
    }
    if (!copy)
        return false;
    arb_pgn_item *it = new_item(g, ARB_PGN_ITEM_COMMENT, line, col);
    if (!it)
        return false;
    it->text = copy;
    it->len = (uint32_t)len;
    return true;
}

bool arb_pgn_game_begin_variation(arb_pgn_game *g, int line, int col)
{
    return new_item(g, ARB_PGN_ITEM_VARIATION_START, line, col) != NULL;
}

bool arb_pgn_game_end_variation(arb_pgn_game *g, int line, int col)
{
    return new_item(g, ARB_PGN_ITEM_VARIATION_END, line, col) != NULL;
}

bool arb_pgn_game_add_diag(arb_pgn_game *g, int severity, int line, int col, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < 0)
        n = 0;
    if ((size_t)n >= sizeof buf)
        n = sizeof buf - 1;
    if (!store_of(g) || !arb_grow(&g->diags, &g->store->diag_cap, g->diag_count + 1, sizeof *g->diags))
        return false;
    const char *msg = arb_pgn_game_strdup(g, buf, (size_t)n);
    if (!msg)
        return false;
    arb_pgn_diag *d = &g->diags[g->diag_count++];
    d->severity = severity;
    d->line = line;
    d->col = col;
    d->message = msg;
    if (severity == ARB_PGN_ERROR)
        g->error_count++;
    return true;
}

static bool same_position(const arb_position *a, const arb_position *b)
{
    return a->by_color[0] == b->by_color[0] && a->by_color[1] == b->by_color[1]
        && memcmp(a->by_kind, b->by_kind, sizeof a->by_kind) == 0
        && a->castling_rooks == b->castling_rooks && a->side == b->side
        && a->ep_square == b->ep_square && a->chess960 == b->chess960
        && a->halfmove_clock == b->halfmove_clock && a->fullmove_number == b->fullmove_number;
}

bool arb_pgn_game_equal(const arb_pgn_game *a, const arb_pgn_game *b)
{
    if (a->tag_count != b->tag_count || a->item_count != b->item_count || a->result != b->result
        || !same_position(&a->start, &b->start))
        return false;
    for (size_t i = 0; i < a->tag_count; i++)
        if (strcmp(a->tags[i].name, b->tags[i].name) != 0
            || strcmp(a->tags[i].value, b->tags[i].value) != 0)
            return false;
    for (size_t i = 0; i < a->item_count; i++) {
        const arb_pgn_item *x = &a->items[i], *y = &b->items[i];
        if (x->kind != y->kind || x->move != y->move || x->nag != y->nag)
            return false;
        if (x->kind == ARB_PGN_ITEM_COMMENT
            && (x->len != y->len || memcmp(x->text, y->text, x->len) != 0))
            return false;
    }
    return true;
}

struct arb_pgn_walk_frame {
    arb_position before, after;
    bool has_move;
};

void arb_pgn_walker_init(arb_pgn_walker *w, const arb_pgn_game *g)
{
    memset(w, 0, sizeof *w);
    w->game = g;
    w->after = g->start;
    w->before = g->start;
}

void arb_pgn_walker_restart(arb_pgn_walker *w, const arb_pgn_game *g)
{
    struct arb_pgn_walk_frame *frames = w->frames;
    size_t cap = w->frame_cap;
    arb_pgn_walker_init(w, g);
    w->frames = frames;
    w->frame_cap = cap;
}

const arb_pgn_item *arb_pgn_walker_next(arb_pgn_walker *w)
{
    if (w->failed || w->next >= w->game->item_count)
        return NULL;
    const arb_pgn_item *it = &w->game->items[w->next++];
    switch (it->kind) {
    case ARB_PGN_ITEM_MOVE:
        w->before = w->after;
        arb_position_make(&w->before, it->move, &w->after);
        w->has_move = true;
        break;
    case ARB_PGN_ITEM_VARIATION_START: {
        if (!w->has_move) {
            w->failed = true;
            return NULL;
        }
        if ((size_t)w->depth >= w->frame_cap) {
            size_t cap = w->frame_cap ? w->frame_cap * 2 : 8;
            void *p = realloc(w->frames, cap * sizeof *w->frames);
            if (!p) {
                w->failed = true;
                return NULL;
            }
            w->frames = p;
            w->frame_cap = cap;
        }
        struct arb_pgn_walk_frame *f = &w->frames[w->depth++];
        f->before = w->before;
        f->after = w->after;
        f->has_move = true;
        w->after = w->before;   /* the variation replaces the last move */
        w->has_move = false;
        break;
    }
    case ARB_PGN_ITEM_VARIATION_END: {
        if (w->depth == 0) {
            w->failed = true;
            return NULL;
        }
        struct arb_pgn_walk_frame *f = &w->frames[--w->depth];
        w->before = f->before;
        w->after = f->after;
        w->has_move = f->has_move;
        break;
    }
    default: break;
    }
    return it;
}

void arb_pgn_walker_free(arb_pgn_walker *w)
{
    free(w->frames);
    w->frames = NULL;
    w->frame_cap = 0;
}
