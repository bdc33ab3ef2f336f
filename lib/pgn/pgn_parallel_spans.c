/* pgn_parallel_spans.c — each game's span of stream bytes (option
 * raw_spans): the bytes at hand, and games handed on one read late, when
 * the next game's start ends their span. */
#include "pgn_parallel_internal.h"

#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "pgn_boundary.h"

/* Padding after a game kept for its span, at most (a gzip bomb of blank
 * lines after a game must not fill the memory). */
#define PADDING_KEPT (4 * READ_SIZE)

static const char *keep_range(const struct keep *k, uint64_t from, uint64_t to)
{
    if (from < k->base || to > k->base + k->len || from > to)
        return NULL;
    return k->data + (from - k->base);
}

/* Before the bytes up to `upto` go: keeps a copy of the pending game's own
 * text when they hold part of it. */
static void keep_hold(struct keep *k, uint64_t upto)
{
    if (k->held || k->hold_to <= k->hold_from || upto <= k->hold_from)
        return;
    const char *p = keep_range(k, k->hold_from, k->hold_to);
    if (!p)
        return;
    size_t n = (size_t)(k->hold_to - k->hold_from);
    k->held = malloc(n);
    if (k->held) {
        memcpy(k->held, p, n);
        k->held_len = n;
    }
}

/* A new game is pending: its own text is [from, to). */
void pgn_keep_pending(struct keep *k, uint64_t from, uint64_t to)
{
    free(k->held);
    k->held = NULL;
    k->held_len = 0;
    k->hold_from = from;
    k->hold_to = to;
}

/* Input tap of a tee.  Compacts lazily (only when the buffer is full), so
 * that dropping a delivered game costs nothing. */
void pgn_keep_tap(void *ctx, const void *data, size_t n)
{
    struct keep *k = ctx;
    /* only blank bytes after the pending game's own text: past
     * PADDING_KEPT they are dropped, and the game keeps only its own text
     * (the next game's span starts at its first token, after them) */
    const unsigned char *b = data;
    uint64_t end = k->base + k->len + n;
    size_t i = n;
    while (i > 0 && arb_pgn_padding_byte(b[i - 1]))
        i--;
    if (i > 0)
        k->blank_from = end - (n - i);
    if (k->hold_to > k->hold_from && k->blank_from <= k->hold_to && end - k->hold_to > PADDING_KEPT) {
        keep_hold(k, end);
        k->base = end;
        k->len = 0;
        return;
    }
    if (k->len + n > k->cap || k->len + n > k->limit) {
        size_t d = k->drop_to > k->base ? (size_t)(k->drop_to - k->base) : 0;
        if (d > k->len)
            d = k->len;
        size_t needed = k->len - d;
        if (needed + n > k->limit) {   /* too long to keep: the oldest bytes go */
            size_t excess = needed + n - k->limit;
            d += excess < needed ? excess : needed;
            keep_hold(k, k->base + d);
        }
        if (d > 0) {
            if (k->len > d)
                memmove(k->data, k->data + d, k->len - d);
            k->len -= d;
            k->base += d;
        }
        if (!arb_grow(&k->data, &k->cap, k->len + n, 1)) {
            /* nothing can be kept: spans touching these bytes are lost */
            k->base += k->len + n;
            k->len = 0;
            return;
        }
    }
    memcpy(k->data + k->len, data, n);
    k->len += n;
}

void pgn_spanner_init(struct spanner *s, uint64_t origin)
{
    memset(s, 0, sizeof *s);
    arb_pgn_game_init(&s->games[0]);
    arb_pgn_game_init(&s->games[1]);
    s->start = origin;
}

void pgn_spanner_free(struct spanner *s)
{
    arb_pgn_game_free(&s->games[0]);
    arb_pgn_game_free(&s->games[1]);
}

/* Hands the pending game to `game` with the span [start, end). */
void pgn_spanner_deliver(struct spanner *s, const struct keep *k, uint64_t end,
                            const arb_pgn_parallel_ops *ops, void *state, arb_pgn_output *out)
{
    if (!s->pending)
        return;
    arb_pgn_game *h = &s->games[s->cur ^ 1];
    const char *p = keep_range(k, s->start, end);
    h->raw = p;
    h->raw_len = p ? (size_t)(end - s->start) : 0;
    if (!p && k->held && k->hold_from == s->start) {
        /* the padding after it was too long to keep: its own text */
        h->raw = k->held;
        h->raw_len = k->held_len;
    }
    h->raw_complete = h->raw != NULL;
    pgn_call_game(ops, state, h, out);
    s->pending = false;
    s->start = end;
}

/* The game just read into games[cur] ends the pending game's span; it
 * becomes the pending one. */
void pgn_spanner_next(struct spanner *s, const struct keep *k, const arb_pgn_parallel_ops *ops,
                         void *state, arb_pgn_output *out)
{
    pgn_spanner_deliver(s, k, s->games[s->cur].offset, ops, state, out);
    s->pending = true;
    s->cur ^= 1;
}
