/* pgn_parallel_internal.h — the parallel driver's parts (pgn_parallel.h)
 * and what they share.
 *
 * One concept per file:
 *   pgn_parallel.c             the calling thread: arb_pgn_read_parallel;
 *   pgn_parallel_split.c       the stream cut into pieces at game
 *                              boundaries (pgn_boundary.h);
 *   pgn_parallel_workers.c     pieces, the queue, worker threads reading them;
 *   pgn_parallel_delivery.c    outputs emitted in input order, pieces cut in
 *                              a tag section read again joined;
 *   pgn_parallel_sequential.c  the one-reader path (jobs <= 1, and the rest
 *                              of a stream without boundaries);
 *   pgn_parallel_spans.c       each game's span of stream bytes (raw_spans);
 *   pgn_parallel_output.c      output texts and game numbers.
 * Nothing here is public.
 *
 * Ownership and threads: a `struct run` belongs to one arb_pgn_read_parallel
 * call; its queue is shared with the workers under run->mu, everything else
 * belongs to the calling thread (see each function).
 */
#ifndef ARB_PGN_PARALLEL_INTERNAL_H
#define ARB_PGN_PARALLEL_INTERNAL_H

#include <pthread.h>

#include "pgn_parallel.h"

#define READ_SIZE ((size_t)1 << 20)

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

/* Games reach `game` one read late, when the next game's start ends their span. */
struct spanner {
    arb_pgn_game games[2];
    int cur;                /* games[cur] receives the next read */
    bool pending;           /* games[cur ^ 1] waits for the end of its span */
    uint64_t start;         /* where the pending (or next) game's span starts */
};

struct flight {
    struct piece **p;       /* in stream order */
    size_t n, cap;
};

/* The stream not yet cut into pieces: buf[0, len) starts at stream offset
 * `offset`, on line `line` (calling thread only). */
struct splitter {
    char *buf;
    size_t len, cap;
    int line;
    uint64_t offset;
    bool at_end;            /* nothing more to read */
    bool input_failed;      /* ... because the input failed (status set) */
    size_t search_from;     /* where the boundary search goes on */
    size_t piece_size, search_limit;
};

/* ---- output texts (pgn_parallel_output.c) ---------------------------------- */

void pgn_output_free(arb_pgn_output *out);
bool pgn_output_failed(const arb_pgn_output *out);
/* Empties an output for the next batch, keeping its memory. */
void pgn_output_clear(arb_pgn_output *out);
/* Every game reaches `game` through here, so that the games are counted. */
void pgn_call_game(const arb_pgn_parallel_ops *ops, void *state, const arb_pgn_game *g,
                   arb_pgn_output *out);

/* ---- spans (pgn_parallel_spans.c) ------------------------------------------ */

/* A new game is pending: its own text is [from, to). */
void pgn_keep_pending(struct keep *k, uint64_t from, uint64_t to);
/* Input tap of a tee (arb_input_set_tap). */
void pgn_keep_tap(void *ctx, const void *data, size_t n);
void pgn_spanner_init(struct spanner *s, uint64_t origin);
void pgn_spanner_free(struct spanner *s);
/* Hands the pending game to `game` with the span [start, end). */
void pgn_spanner_deliver(struct spanner *s, const struct keep *k, uint64_t end,
                         const arb_pgn_parallel_ops *ops, void *state, arb_pgn_output *out);
/* The game just read into games[cur] ends the pending game's span. */
void pgn_spanner_next(struct spanner *s, const struct keep *k, const arb_pgn_parallel_ops *ops,
                      void *state, arb_pgn_output *out);

/* ---- pieces and workers (pgn_parallel_workers.c) --------------------------- */

void pgn_piece_free(struct piece *pc);
/* A piece able to hold `len` bytes, reused when one is spare; NULL when out
 * of memory. */
struct piece *pgn_piece_new(struct run *run, size_t len);
/* Done with a piece: kept for reuse or freed. */
void pgn_piece_recycle(struct run *run, struct piece *pc);
/* Reads one piece with its own reader. */
void pgn_read_piece(struct run *run, void *state, struct piece *pc, arb_pgn_game *g);
/* A worker thread's body (pthread_create). */
void *pgn_worker(void *arg);
/* Queues a piece for the workers and appends it to the flight. */
bool pgn_submit(struct run *run, struct flight *f, struct piece *pc);

/* ---- ordered delivery (pgn_parallel_delivery.c) ---------------------------- */

/* The front piece can be emitted, or joined with the next (call locked). */
bool pgn_front_ready(const struct flight *f);
/* Emits finished pieces from the front; with `all`, waits for every piece.
 * False when emitting must stop (emit refused, out of memory). */
bool pgn_drain(struct run *run, struct flight *f, bool all, void **main_state, arb_pgn_game *g);

/* ---- splitting (pgn_parallel_split.c) -------------------------------------- */

enum pgn_split_step {
    PGN_SPLIT_PIECE,        /* the next piece is buf[0, *piece_len) */
    PGN_SPLIT_READ,         /* more input was read (or the end found): ask again */
    PGN_SPLIT_NO_BOUNDARY,  /* search_limit bytes without a boundary */
    PGN_SPLIT_END,          /* nothing left for pieces (at the end, or failed) */
    PGN_SPLIT_NO_MEMORY
};

/* One step of cutting the stream: a piece's end, or input read. */
enum pgn_split_step pgn_split_next(struct splitter *s, arb_input *in, arb_status *status,
                                   size_t *piece_len);
/* The first `len` bytes became a piece: the rest moves to the front. */
void pgn_split_cut(struct splitter *s, size_t len);
/* A piece's text goes back in front of the rest (false: out of memory). */
bool pgn_split_put_back(struct splitter *s, const struct piece *pc);

/* ---- one reader (pgn_parallel_sequential.c) -------------------------------- */

/* Reads the rest of `in` with one reader in this thread, emitting as it goes. */
int pgn_read_sequential(arb_input *in, const arb_pgn_reader_options *options,
                        const arb_pgn_parallel_ops *ops, void *ctx, bool spans, int line,
                        uint64_t offset, uint64_t games_before, arb_status *status);

#endif
