/* pgn_parallel.c — pieces of a PGN stream read on worker threads. */
#include "pgn_parallel.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PIECE_SIZE ((size_t)4 << 20)          /* default piece size, at most */
#define IN_FLIGHT ((size_t)12 << 20)          /* default: text of the pieces in flight, at most */
#define NO_BOUNDARY_LIMIT ((size_t)4 << 20)   /* default: give up looking for a boundary */
#define READ_SIZE ((size_t)1 << 20)

/* ---- text buffers --------------------------------------------------------- */

static void output_free(arb_pgn_output *out)
{
    for (int i = 0; i < ARB_PGN_TEXTS; i++)
        arb_strbuf_free(&out->text[i]);
    arb_strbuf_free(&out->numbers);
}

static bool output_failed(const arb_pgn_output *out)
{
    for (int i = 0; i < ARB_PGN_TEXTS; i++)
        if (out->text[i].failed)
            return true;
    return out->numbers.failed;
}

/* Empties an output for the next batch, keeping its memory. */
static void output_clear(arb_pgn_output *out)
{
    for (int i = 0; i < ARB_PGN_TEXTS; i++) {
        out->text[i].len = 0;
        out->text[i].failed = false;
    }
    out->numbers.len = 0;
    out->numbers.failed = false;
    memset(out->count, 0, sizeof out->count);
    out->games = 0;
    out->first = 0;
}

/* ---- game numbers ---------------------------------------------------------- */

/* A place in a text where a game's number goes. */
struct number_mark {
    size_t at;              /* offset in the text */
    uint64_t game;          /* the game's index in the output */
    int text;
};

bool arb_pgn_output_number(arb_pgn_output *out, int text)
{
    if (text < 0 || text >= ARB_PGN_TEXTS)
        return false;
    struct number_mark m = {.at = out->text[text].len, .game = out->games, .text = text};
    return arb_strbuf_append(&out->numbers, (const char *)&m, sizeof m);
}

bool arb_pgn_output_write(const arb_pgn_output *out, int text, unsigned long long first_number,
                          FILE *fp)
{
    if (text < 0 || text >= ARB_PGN_TEXTS)
        return false;
    const arb_strbuf *t = &out->text[text];
    size_t n = out->numbers.len / sizeof(struct number_mark), from = 0;
    for (size_t i = 0; i < n; i++) {
        struct number_mark m;   /* (copied: the strbuf's bytes need not be aligned) */
        memcpy(&m, out->numbers.data + i * sizeof m, sizeof m);
        if (m.text != text || m.at > t->len || m.at < from)
            continue;
        if (m.at > from && fwrite(t->data + from, 1, m.at - from, fp) != m.at - from)
            return false;
        if (fprintf(fp, "%llu", first_number + out->first + m.game) < 0)
            return false;
        from = m.at;
    }
    return t->len == from || fwrite(t->data + from, 1, t->len - from, fp) == t->len - from;
}

/* Every game reaches `game` through here, so that the games are counted. */
static void call_game(const arb_pgn_parallel_ops *ops, void *state, const arb_pgn_game *g,
                      arb_pgn_output *out)
{
    ops->game(state, g, out);
    out->games++;
}

/* ---- pieces ---------------------------------------------------------------- */

struct piece {
    char *data;
    size_t len, cap;
    int line;               /* of its first byte */
    uint64_t offset;        /* stream offset of its first byte */
    bool last;              /* ends where the stream ends */
    bool done;
    bool failed;            /* out of memory while reading it */
    bool unsafe_end;        /* its last game was cut in its tag section */
    arb_pgn_output out;
};

struct run {
    const arb_pgn_parallel_ops *ops;
    void *ctx;
    const arb_pgn_reader_options *options;
    const char *name;
    bool spans;             /* options raw_spans */
    bool refused;           /* emit returned false */
    uint64_t games_emitted; /* games of the outputs emitted (calling thread only) */
    pthread_mutex_t mu;
    pthread_cond_t work, done;
    struct piece **queue;   /* waiting for a worker */
    size_t queued, queue_cap;
    bool stopping;
    /* pieces emitted, kept for reuse with their memory (calling thread only):
     * allocating and freeing MiBs per piece fragments the heap */
    struct piece **spare;
    size_t spares, spare_cap;
    size_t piece_size;      /* pieces larger than twice this are not kept for reuse */
};

static void piece_free(struct piece *pc)
{
    if (!pc)
        return;
    free(pc->data);
    output_free(&pc->out);
    free(pc);
}

/* A piece able to hold `len` bytes (+ the NUL of arb_input_from_memory's
 * caller convention), reused when one is spare.  NULL when out of memory. */
static struct piece *piece_new(struct run *run, size_t len)
{
    struct piece *pc = run->spares ? run->spare[--run->spares] : calloc(1, sizeof *pc);
    if (!pc)
        return NULL;
    if (pc->cap < len + 1) {
        char *d = realloc(pc->data, len + 1);
        if (!d) {
            piece_free(pc);
            return NULL;
        }
        pc->data = d;
        pc->cap = len + 1;
    }
    pc->len = len;
    return pc;
}

/* Done with a piece: keeps it for reuse (a few, of the usual size), else
 * frees it: an unusually large piece (a long game, pieces joined) or its
 * output must not stay allocated for the rest of the run. */
static void piece_recycle(struct run *run, struct piece *pc)
{
    if (!pc)
        return;
    size_t most = 2 * run->piece_size + 1;
    bool large = pc->cap > most || pc->out.numbers.cap > most;
    for (int i = 0; i < ARB_PGN_TEXTS; i++)
        large = large || pc->out.text[i].cap > 2 * most;
    if (run->spares == run->spare_cap || large) {
        piece_free(pc);
        return;
    }
    arb_pgn_output out = pc->out;
    output_clear(&out);
    char *data = pc->data;
    size_t cap = pc->cap;
    memset(pc, 0, sizeof *pc);
    pc->data = data;
    pc->cap = cap;
    pc->out = out;
    run->spare[run->spares++] = pc;
}

/* ---- spans ----------------------------------------------------------------- */

/* Stream bytes at hand for spans: [base, base + len) of the stream.  Either a
 * piece (not owned) or a copy of what one reader consumed (`tee`: owned,
 * filled by an input tap, bytes before `drop_to` no longer needed). */
struct keep {
    char *data;
    size_t len, cap;
    uint64_t base;
    bool owned;
    uint64_t drop_to;
    size_t limit;           /* tee: at most this many bytes; the oldest go first */
    /* tee: the pending game's own text [hold_from, hold_to), copied to `held`
     * when the oldest bytes must go (a long run of padding after it): the
     * game is then passed on without the rest of its span */
    uint64_t hold_from, hold_to;
    char *held;
    size_t held_len;
    uint64_t blank_from;    /* tee: where the run of blank bytes at the end starts */
};

/* Padding after a game kept for its span, at most (a gzip bomb of blank
 * lines after a game must not fill the memory). */
#define PADDING_KEPT (4 * READ_SIZE)

/* Bytes the lexer skips between games (pgn_lex.c), that belong to no
 * game's own text. */
static bool is_blank(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v' || c == '\0';
}

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
static void keep_pending(struct keep *k, uint64_t from, uint64_t to)
{
    free(k->held);
    k->held = NULL;
    k->held_len = 0;
    k->hold_from = from;
    k->hold_to = to;
}

/* Input tap of a tee.  Compacts lazily (only when the buffer is full), so
 * that dropping a delivered game costs nothing. */
static void keep_tap(void *ctx, const void *data, size_t n)
{
    struct keep *k = ctx;
    /* only blank bytes after the pending game's own text: past
     * PADDING_KEPT they are dropped, and the game keeps only its own text
     * (the next game's span starts at its first token, after them) */
    const unsigned char *b = data;
    uint64_t end = k->base + k->len + n;
    size_t i = n;
    while (i > 0 && is_blank(b[i - 1]))
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
        if (k->len + n > k->cap) {
            size_t cap = k->cap ? k->cap : READ_SIZE;
            while (cap < k->len + n)
                cap *= 2;
            char *p = realloc(k->data, cap);
            if (!p) {
                /* nothing can be kept: spans touching these bytes are lost */
                k->base += k->len + n;
                k->len = 0;
                return;
            }
            k->data = p;
            k->cap = cap;
        }
    }
    memcpy(k->data + k->len, data, n);
    k->len += n;
}

/* Games reach `game` one read late, when the next game's start ends their span. */
struct spanner {
    arb_pgn_game games[2];
    int cur;                /* games[cur] receives the next read */
    bool pending;           /* games[cur ^ 1] waits for the end of its span */
    uint64_t start;         /* where the pending (or next) game's span starts */
};

static void spanner_init(struct spanner *s, uint64_t origin)
{
    memset(s, 0, sizeof *s);
    arb_pgn_game_init(&s->games[0]);
    arb_pgn_game_init(&s->games[1]);
    s->start = origin;
}

static void spanner_free(struct spanner *s)
{
    arb_pgn_game_free(&s->games[0]);
    arb_pgn_game_free(&s->games[1]);
}

/* Hands the pending game to `game` with the span [start, end). */
static void spanner_deliver(struct spanner *s, const struct keep *k, uint64_t end,
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
    call_game(ops, state, h, out);
    s->pending = false;
    s->start = end;
}

/* The game just read into games[cur] ends the pending game's span; it
 * becomes the pending one. */
static void spanner_next(struct spanner *s, const struct keep *k, const arb_pgn_parallel_ops *ops,
                         void *state, arb_pgn_output *out)
{
    spanner_deliver(s, k, s->games[s->cur].offset, ops, state, out);
    s->pending = true;
    s->cur ^= 1;
}

/* Reads one piece with its own reader, as a reader of the whole stream
 * would have read that part. */
static void read_piece(struct run *run, void *state, struct piece *pc, arb_pgn_game *g)
{
    arb_input *in = arb_input_from_memory(pc->data, pc->len, run->name);
    arb_pgn_reader *r = in ? arb_pgn_reader_new(in, run->options) : NULL;
    if (!r) {
        pc->failed = true;
        return;
    }
    arb_pgn_reader_set_origin(r, pc->line, pc->offset);
    arb_status st;
    int rc;
    bool any = false, cut_in_tags = false;
    if (run->spans) {
        struct keep k = {.data = pc->data, .len = pc->len, .base = pc->offset};
        struct spanner sp;
        spanner_init(&sp, pc->offset);
        while ((rc = arb_pgn_read(r, &sp.games[sp.cur], &st)) == ARB_PGN_READ_GAME) {
            any = true;
            const arb_pgn_game *cur = &sp.games[sp.cur];
            cut_in_tags = cur->end_reason == ARB_PGN_END_INPUT && !cur->movetext_started;
            spanner_next(&sp, &k, run->ops, state, &pc->out);
        }
        spanner_deliver(&sp, &k, pc->offset + pc->len, run->ops, state, &pc->out);
        spanner_free(&sp);
    } else {
        while ((rc = arb_pgn_read(r, g, &st)) == ARB_PGN_READ_GAME) {
            any = true;
            cut_in_tags = g->end_reason == ARB_PGN_END_INPUT && !g->movetext_started;
            call_game(run->ops, state, g, &pc->out);
        }
    }
    if (rc == ARB_PGN_READ_FAILED || output_failed(&pc->out))
        pc->failed = true;
    pc->unsafe_end = !pc->last && any && cut_in_tags;
    arb_pgn_reader_free(r);
}

static void *worker(void *arg)
{
    struct run *run = arg;
    void *state = run->ops->start ? run->ops->start(run->ctx) : run->ctx;
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    pthread_mutex_lock(&run->mu);
    for (;;) {
        while (run->queued == 0 && !run->stopping)
            pthread_cond_wait(&run->work, &run->mu);
        if (run->queued == 0)
            break;
        struct piece *pc = run->queue[0];
        memmove(run->queue, run->queue + 1, --run->queued * sizeof *run->queue);
        pthread_mutex_unlock(&run->mu);
        read_piece(run, state, pc, &g);
        pthread_mutex_lock(&run->mu);
        pc->done = true;
        pthread_cond_broadcast(&run->done);
    }
    pthread_mutex_unlock(&run->mu);
    arb_pgn_game_free(&g);
    if (run->ops->stop)
        run->ops->stop(state);
    return NULL;
}

/* ---- boundaries -------------------------------------------------------------- */

/* A tag pair starts at buf[b]: '[', a name, blanks, '"'. */
static bool tag_line_at(const char *buf, size_t len, size_t b)
{
    size_t i = b;
    if (i >= len || buf[i] != '[')
        return false;
    i++;
    if (i >= len || !((buf[i] >= 'A' && buf[i] <= 'Z') || (buf[i] >= 'a' && buf[i] <= 'z')))
        return false;
    while (i < len && ((buf[i] >= 'A' && buf[i] <= 'Z') || (buf[i] >= 'a' && buf[i] <= 'z')
                       || (buf[i] >= '0' && buf[i] <= '9') || buf[i] == '_'))
        i++;
    if (i >= len || (buf[i] != ' ' && buf[i] != '\t'))
        return false;
    while (i < len && (buf[i] == ' ' || buf[i] == '\t'))
        i++;
    return i < len && buf[i] == '"';
}

/* The last non-blank text before buf[b] ends with a termination marker. */
static bool marker_before(const char *buf, size_t b)
{
    size_t i = b, floor = b > 4096 ? b - 4096 : 0;
    while (i > floor && (buf[i - 1] == '\n' || buf[i - 1] == '\r' || buf[i - 1] == ' '
                         || buf[i - 1] == '\t'))
        i--;
    static const char *const markers[] = {"1-0", "0-1", "1/2-1/2", "1/2", "*"};
    for (size_t m = 0; m < sizeof markers / sizeof markers[0]; m++) {
        size_t n = strlen(markers[m]);
        if (i >= n && memcmp(buf + i - n, markers[m], n) == 0
            && (i == n || buf[i - n - 1] == ' ' || buf[i - n - 1] == '\t' || buf[i - n - 1] == '\n'
                || buf[i - n - 1] == ')' || buf[i - n - 1] == '}'))
            return true;
    }
    return false;
}

/* First boundary at or after `from`, or 0. */
static size_t find_boundary(const char *buf, size_t len, size_t from)
{
    size_t i = from;
    while (i < len) {
        const char *nl = memchr(buf + i, '\n', len - i);
        if (!nl)
            return 0;
        size_t b = (size_t)(nl - buf) + 1;
        if (b < len && buf[b] == '[' && tag_line_at(buf, len, b) && marker_before(buf, b))
            return b;
        i = b;
    }
    return 0;
}

static int count_lines(const char *buf, size_t len)
{
    int n = 0;
    for (const char *p = buf, *end = buf + len; (p = memchr(p, '\n', (size_t)(end - p))); p++)
        n++;
    return n;
}

/* ---- one reader ------------------------------------------------------------------ */

/* One reader emits at least this often (in input bytes), so that a caller
 * that stops early (emit returns false) does not wait for the whole input. */
#define EMIT_EVERY ((uint64_t)1 << 20)

/* Reads the rest of `in` with one reader in this thread, emitting as it goes. */
static int read_sequential(arb_input *in, const arb_pgn_reader_options *options,
                           const arb_pgn_parallel_ops *ops, void *ctx, bool spans, int line,
                           uint64_t offset, uint64_t games_before, arb_status *status)
{
    /* spans: a copy of what the reader consumes, through an input tap */
    struct keep k = {.base = offset, .owned = true, .drop_to = offset};
    size_t max_game = options && options->max_game_bytes ? options->max_game_bytes
                                                          : ARB_PGN_DEFAULT_MAX_GAME_BYTES;
    k.limit = max_game + 4 * READ_SIZE;
    if (spans)
        arb_input_set_tap(in, keep_tap, &k);
    arb_pgn_reader *r = arb_pgn_reader_new(in, options);
    if (!r) {
        *status = arb_status_error(ARB_ERR_MEMORY, ARB_ERR_MEMORY, 0, 0, "out of memory");
        return ARB_PGN_READ_FAILED;
    }
    arb_pgn_reader_set_origin(r, line, offset);
    void *state = ops->start ? ops->start(ctx) : ctx;
    struct spanner sp;
    spanner_init(&sp, offset);
    arb_pgn_output out;
    memset(&out, 0, sizeof out);
    int rc;
    bool stopped = false;
    uint64_t emitted_at = offset;
    while ((rc = arb_pgn_read(r, &sp.games[sp.cur], status)) == ARB_PGN_READ_GAME) {
        uint64_t at = sp.games[sp.cur].offset;
        if (spans) {
            spanner_next(&sp, &k, ops, state, &out);
            k.drop_to = sp.start;
            const arb_pgn_game *h = &sp.games[sp.cur ^ 1];
            keep_pending(&k, sp.start, h->raw_complete ? h->offset + h->raw_len : sp.start);
        } else {
            call_game(ops, state, &sp.games[sp.cur], &out);
        }
        /* emit in batches: a game's output is usually far smaller than this */
        if (out.text[0].len + out.text[1].len + out.text[2].len >= (256u << 10)
            || at - emitted_at >= EMIT_EVERY) {
            emitted_at = at;
            out.first = games_before;
            if (output_failed(&out) || !ops->emit(ctx, &out)) {
                stopped = true;
                break;
            }
            games_before += out.games;
            output_clear(&out);           /* keeps the memory for the next batch */
        }
    }
    if (spans && !stopped) {
        /* the last game's span runs to the end of the stream, or after an
         * input failure to the end of its own text */
        const arb_pgn_game *h = &sp.games[sp.cur ^ 1];
        uint64_t end = rc == ARB_PGN_READ_END ? k.base + k.len : h->offset + h->raw_len;
        spanner_deliver(&sp, &k, end, ops, state, &out);
    }
    out.first = games_before;
    if (!stopped && !output_failed(&out) && !ops->emit(ctx, &out))
        stopped = true;
    bool oom = output_failed(&out);
    output_free(&out);
    spanner_free(&sp);
    if (ops->stop)
        ops->stop(state);
    arb_pgn_reader_free(r);
    free(k.data);
    free(k.held);
    if (oom) {
        *status = arb_status_error(ARB_ERR_MEMORY, ARB_ERR_MEMORY, 0, 0, "out of memory");
        return ARB_PGN_READ_FAILED;
    }
    if (stopped) {
        status->code = status->error_class = 0;
        status->message[0] = '\0';
        return ARB_PGN_READ_FAILED;
    }
    return rc;
}

/* ---- the calling thread -------------------------------------------------------------- */

struct flight {
    struct piece **p;       /* in stream order */
    size_t n, cap;
};

/* The front piece can be emitted, or joined with the next (call locked). */
static bool front_ready(const struct flight *f)
{
    return f->n > 0 && f->p[0]->done && (!f->p[0]->unsafe_end || (f->n > 1 && f->p[1]->done));
}

/* A piece whose last game was cut in its tag section is read again joined
 * with the next one (in this thread; it is rare). */
static struct piece *join_pieces(struct run *run, struct piece *a, struct piece *b, void **state,
                                 arb_pgn_game *g)
{
    struct piece *m = piece_new(run, a->len + b->len);
    if (!m)
        return NULL;
    memcpy(m->data, a->data, a->len);
    memcpy(m->data + a->len, b->data, b->len);
    m->line = a->line;
    m->offset = a->offset;
    m->last = b->last;
    if (!*state)
        *state = run->ops->start ? run->ops->start(run->ctx) : run->ctx;
    read_piece(run, *state, m, g);
    m->done = true;
    return m;
}

/* Emits finished pieces from the front.  With `all`, waits for every piece.
 * Returns false when emitting must stop (emit refused, out of memory). */
static bool drain(struct run *run, struct flight *f, bool all, void **main_state, arb_pgn_game *g)
{
    for (;;) {
        pthread_mutex_lock(&run->mu);
        /* (an unsafe last piece has nothing to join yet: the caller handles it) */
        while (all && f->n > 0 && !front_ready(f) && !(f->n == 1 && f->p[0]->done))
            pthread_cond_wait(&run->done, &run->mu);
        bool ready = front_ready(f);
        pthread_mutex_unlock(&run->mu);
        if (!ready)
            return true;
        struct piece *pc = f->p[0];
        if (pc->unsafe_end) {
            struct piece *m = join_pieces(run, pc, f->p[1], main_state, g);
            if (!m)
                return false;
            piece_recycle(run, pc);
            piece_recycle(run, f->p[1]);
            memmove(f->p + 1, f->p + 2, (f->n - 2) * sizeof *f->p);
            f->n--;
            f->p[0] = m;
            continue;
        }
        bool ok = !pc->failed;
        pc->out.first = run->games_emitted;
        if (ok && !run->ops->emit(run->ctx, &pc->out))
            ok = false, run->refused = true;
        run->games_emitted += pc->out.games;
        piece_recycle(run, pc);
        memmove(f->p, f->p + 1, --f->n * sizeof *f->p);
        if (!ok)
            return false;
    }
}

static bool submit(struct run *run, struct flight *f, struct piece *pc)
{
    if (f->n == f->cap) {
        size_t cap = f->cap ? f->cap * 2 : 16;
        struct piece **p = realloc(f->p, cap * sizeof *p);
        if (!p)
            return false;
        f->p = p;
        f->cap = cap;
    }
    pthread_mutex_lock(&run->mu);
    if (run->queued == run->queue_cap) {
        size_t cap = run->queue_cap ? run->queue_cap * 2 : 16;
        struct piece **q = realloc(run->queue, cap * sizeof *q);
        if (!q) {
            pthread_mutex_unlock(&run->mu);
            return false;
        }
        run->queue = q;
        run->queue_cap = cap;
    }
    run->queue[run->queued++] = pc;
    f->p[f->n++] = pc;
    pthread_cond_signal(&run->work);
    pthread_mutex_unlock(&run->mu);
    return true;
}

int arb_pgn_read_parallel(arb_input *in, const arb_pgn_reader_options *options,
                          const arb_pgn_parallel_options *parallel, const arb_pgn_parallel_ops *ops,
                          void *ctx, arb_status *status)
{
    memset(status, 0, sizeof *status);
    int jobs = parallel ? parallel->jobs : 1;
    /* 2 * jobs pieces are in flight: smaller pieces for more threads keep
     * memory the same */
    size_t piece_size = PIECE_SIZE;
    if (jobs > 1 && IN_FLIGHT / (2 * (size_t)jobs) < piece_size)
        piece_size = IN_FLIGHT / (2 * (size_t)jobs);
    if (piece_size < READ_SIZE / 4)
        piece_size = READ_SIZE / 4;
    if (parallel && parallel->piece_bytes)
        piece_size = parallel->piece_bytes;
    size_t search_limit = parallel && parallel->search_limit ? parallel->search_limit
                                                             : NO_BOUNDARY_LIMIT;
    if (search_limit < piece_size)
        search_limit = piece_size;
    size_t flight_limit = IN_FLIGHT > 2 * piece_size ? IN_FLIGHT : 2 * piece_size;
    bool spans = parallel && parallel->raw_spans;
    if (jobs <= 1) {
        /* one reader; gzip from a file still inflates on a second core */
        arb_input_read_ahead(in);
        return read_sequential(in, options, ops, ctx, spans, 1, 0, 0, status);
    }

    struct run run = {.ops = ops, .ctx = ctx, .options = options, .name = arb_input_name(in),
                      .spans = spans, .piece_size = piece_size};
    run.spare = calloc(2 * (size_t)jobs + 2, sizeof *run.spare);
    run.spare_cap = run.spare ? 2 * (size_t)jobs + 2 : 0;
    pthread_mutex_init(&run.mu, NULL);
    pthread_cond_init(&run.work, NULL);
    pthread_cond_init(&run.done, NULL);
    pthread_t *threads = calloc((size_t)jobs, sizeof *threads);
    int started = 0;
    while (threads && started < jobs && pthread_create(&threads[started], NULL, worker, &run) == 0)
        started++;

    struct flight f = {0};
    void *main_state = NULL;
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    char *buf = NULL;
    size_t len = 0, cap = 0;
    int line = 1;
    uint64_t offset = 0;
    bool at_end = false, input_failed = false, sequential_rest = false, ok = started > 0;
    size_t search_from = 0;

    while (ok) {
        if (!drain(&run, &f, false, &main_state, &g)) {
            ok = false;
            break;
        }
        size_t flight_bytes = 0;
        for (size_t i = 0; i < f.n; i++)
            flight_bytes += f.p[i]->len;
        if (f.n >= (size_t)(2 * started) || (f.n > 0 && flight_bytes >= flight_limit)) {
            /* enough in flight (pieces, or text: long games make large
             * pieces): wait until the front can be emitted */
            pthread_mutex_lock(&run.mu);
            if (!front_ready(&f))
                pthread_cond_wait(&run.done, &run.mu);
            pthread_mutex_unlock(&run.mu);
            continue;
        }
        size_t b = len > piece_size
                     ? find_boundary(buf, len, search_from > piece_size ? search_from : piece_size)
                     : 0;
        if (b == 0 && !at_end) {
            if (len >= search_limit) {
                sequential_rest = true;
                break;
            }
            search_from = len > 1024 ? len - 1024 : 0;   /* a line may continue */
            if (cap - len < READ_SIZE) {
                size_t ncap = cap ? cap * 2 : 2 * piece_size + READ_SIZE;
                /* never more than the search needs (len < search_limit here) */
                if (ncap > search_limit + READ_SIZE)
                    ncap = search_limit + READ_SIZE;
                char *p = realloc(buf, ncap + 1);
                if (!p) {
                    ok = false;
                    break;
                }
                buf = p;
                cap = ncap;
            }
            ssize_t n = arb_input_read(in, buf + len, cap - len, status);
            if (n < 0) {
                input_failed = true;
                at_end = true;
            } else if (n == 0) {
                at_end = true;
            } else {
                len += (size_t)n;
            }
            continue;
        }
        if (b == 0 && at_end) {
            if (input_failed)
                break;              /* the tail goes to one reader, with the failure */
            if (len == 0)
                break;
            b = len;
        }
        struct piece *pc = piece_new(&run, b);
        if (!pc) {
            ok = false;
            break;
        }
        memcpy(pc->data, buf, b);
        pc->line = line;
        pc->offset = offset;
        pc->last = at_end && b == len;
        if (!submit(&run, &f, pc)) {
            piece_free(pc);
            ok = false;
            break;
        }
        line += count_lines(buf, b);
        offset += b;
        memmove(buf, buf + b, len - b);
        len -= b;
        search_from = 0;
        if (pc->last)
            break;
    }
    if (ok && !drain(&run, &f, true, &main_state, &g))
        ok = false;
    if (ok && f.n == 1 && f.p[0]->unsafe_end) {
        /* cut in a tag section just before the rest that one reader reads:
         * that reader starts at this piece instead */
        struct piece *pc = f.p[0];
        char *joined = malloc(pc->len + len + 1);
        if (joined) {
            memcpy(joined, pc->data, pc->len);
            memcpy(joined + pc->len, buf, len);
            free(buf);
            buf = joined;
            len += pc->len;
            line = pc->line;
            offset = pc->offset;
            piece_free(pc);
            f.n = 0;
            if (!input_failed)
                sequential_rest = true;
        } else {
            ok = false;
        }
    }

    pthread_mutex_lock(&run.mu);
    run.stopping = true;
    pthread_cond_broadcast(&run.work);
    pthread_mutex_unlock(&run.mu);
    for (int i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    for (size_t i = 0; i < f.n; i++)
        piece_free(f.p[i]);
    for (size_t i = 0; i < run.spares; i++)
        piece_free(run.spare[i]);
    free(run.spare);
    free(f.p);
    free(run.queue);
    free(threads);
    arb_pgn_game_free(&g);
    if (main_state && ops->stop)
        ops->stop(main_state);
    pthread_mutex_destroy(&run.mu);
    pthread_cond_destroy(&run.work);
    pthread_cond_destroy(&run.done);

    int rc = ARB_PGN_READ_END;
    if (!ok && run.refused) {
        status->code = status->error_class = 0;             /* emit asked to stop */
        status->message[0] = '\0';
        rc = ARB_PGN_READ_FAILED;
    } else if (!ok) {
        *status = arb_status_error(ARB_ERR_MEMORY, ARB_ERR_MEMORY, 0, 0,
                                   started ? "out of memory or output refused" : "cannot start threads");
        rc = ARB_PGN_READ_FAILED;
    } else if (input_failed || sequential_rest) {
        /* the rest of the stream, from the last boundary, by one reader */
        if (len > 0 && !arb_input_unread(in, buf, len)) {
            *status = arb_status_error(ARB_ERR_MEMORY, ARB_ERR_MEMORY, 0, 0, "out of memory");
            rc = ARB_PGN_READ_FAILED;
        } else {
            free(buf);
            return read_sequential(in, options, ops, ctx, spans, line, offset, run.games_emitted,
                                   status);
        }
    }
    free(buf);
    arb_input_close(in);
    return rc;
}
