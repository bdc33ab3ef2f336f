/* pgn_read_internal.h — the reader's parts (pgn_read.h) and what they share.
 *
 * The reader is cut along its seams, one concept per file:
 *   pgn_read.c           reading: the input window, the token loop, tags,
 *                        where a game ends, its raw text;
 *   pgn_replay.c         replay of the movetext: start position, moves,
 *                        variations, draw offers, replacements of bad moves;
 *   pgn_read_messages.c  the messages of errors in moves and movetext;
 *   pgn_read_detect.c    the hooks of notation detection: the passes over a
 *                        game, collecting its main line, reading it again.
 * Nothing here is public: the structures and functions below are the
 * contract between those files.
 *
 * Ownership and threads: everything belongs to one arb_pgn_reader, used by
 * one thread at a time (see pgn_read.h).
 */
#ifndef ARB_PGN_READ_INTERNAL_H
#define ARB_PGN_READ_INTERNAL_H

#include "encoding.h"
#include "notation.h"
#include "pgn_detect.h"
#include "pgn_lenient.h"
#include "pgn_read.h"

/* Input is read in blocks of this size; the buffer holds the current game
 * and the block after it. */
#define READ_BLOCK ((size_t)1 << 20)

/* Positions of one line of play: the current one and the one before the last
 * move (where a variation opened here starts), used alternately so that
 * playing a move copies nothing. */
struct frame {
    arb_position pos[2];
    int cur;
    /* the main line's positions, when the reader keeps them
     * (keep_main_line), are made in the kept list itself: the current
     * position and the one before it are then the kept ones, not pos[] */
    const arb_position *now_kept, *before_kept;
    bool has_move;
    int line, col;           /* of the '(' that opened the line */
};

/* The line's current position, and the one before its last move. */
static inline const arb_position *frame_now(const struct frame *f)
{
    return f->now_kept ? f->now_kept : &f->pos[f->cur];
}
static inline const arb_position *frame_before(const struct frame *f)
{
    return f->before_kept ? f->before_kept : &f->pos[f->cur ^ 1];
}

struct arb_pgn_reader {
    arb_input *in;
    arb_pgn_reader_options opt;
    char *buf;               /* cap + 1 bytes: the last one holds the lexer's NUL sentinel */
    size_t cap, len;
    uint64_t base;           /* stream offset of buf[0] */
    bool eof;
    bool failed;             /* input error: reported after the games before it */
    arb_status fail_status;
    arb_pgn_lexer lx;
    uint64_t keep_from;      /* stream offset of the current game's first byte */
    bool raw_dropped;        /* the game outgrew max_game_bytes: raw is not kept */
    bool in_game;            /* the current game's first token was read */
    struct frame *frames;
    size_t frame_cap;
    char *scratch;
    size_t scratch_cap;
    /* notation detection (pgn_detect.h): the main line's move tokens of the
     * game being detected, where they stand, and the moves read */
    arb_detector *detector;
    arb_token *tokens;
    arb_pgn_token_at *token_at;
    uint64_t *token_offset;
    arb_move *token_moves;
    size_t token_count, token_cap;
    arb_pgn_lenient *lenient;   /* second reading of refused games (options.lenient) */
    arb_decoder *decoder;       /* options.decode: the text converted to UTF-8 */
    bool encoding_noted;
    uint64_t encoding_note_at;  /* the first game's offset: the note is its own */
};

/* State of the game being read. */
struct parse {
    arb_pgn_reader *r;
    arb_pgn_game *g;
    int depth;
    bool in_moves;
    bool replay;             /* false after an error, or in tags-only mode */
    bool noted_encoding;
    uint64_t last_end;       /* end of the last token that belongs to the game */
    int marker_line, marker_col;
    bool oom;
    bool nul_reported;       /* the game said where its first NUL bytes were */
    /* national notations (notation.h, pgn_detect.h) */
    const struct arb_notation *notation;  /* moves are read in it; NULL: SAN */
    bool detect_on_failure;  /* a token SAN cannot read ends this pass and asks for detection */
    bool needs_detection;    /* ... and one did */
    bool collect;            /* collect the main line's move tokens instead of replaying */
    size_t main_index;       /* main-line move tokens seen so far */
    const arb_move *premoves;/* main-line moves the detection resolved already */
    size_t premove_count;
    bool dropped_nag;        /* a NAG item was not kept (options.skip_items) */
    size_t dropped_tags;     /* tag pairs read but not kept (options.skip_tags) */
};

/* How one pass over a game reads it (see arb_pgn_read). */
struct pass {
    const struct arb_notation *notation;
    bool detect_on_failure;
    bool collect;
    const arb_move *premoves;
    size_t premove_count;
    bool needs_detection;    /* out */
    bool first_line_first;   /* out: the game's first token opened its line */
};

/* ---- reading (pgn_read.c) ---------------------------------------------- */

/* Records an input failure: reported after the games before it. */
void pgn_reader_input_failed(arb_pgn_reader *r, const arb_status *st);
/* Reads more input into the window (false: one token fills it). */
bool pgn_reader_refill(arb_pgn_reader *r);
/* One pass over one game. */
int pgn_read_pass(arb_pgn_reader *r, arb_pgn_game *g, arb_status *status, struct pass *plan);

/* The game keeps its items (options.skip_items off). */
static inline bool pgn_keeps_items(const struct parse *p)
{
    return !p->r->opt.skip_items;
}

/* ---- replay (pgn_replay.c) ----------------------------------------------- */

/* Sets g->start from the FEN and Variant tags, and the main line's frame. */
void pgn_replay_start(struct parse *p);
/* A move token: resolved, played, recorded. */
void pgn_replay_move(struct parse *p, const arb_pgn_token *tok);
/* The common path, after a movetext token: plain SAN moves and move numbers
 * on the same line replayed straight from the window (pgn_lex_fast.h), up
 * to the first token that needs the token loop.  For SAN games without a
 * detection's moves (p->notation NULL, p->premove_count 0). */
void pgn_replay_plain_moves(struct parse *p);
/* A movetext token other than a move, a move number or dots. */
void pgn_replay_other(struct parse *p, const arb_pgn_token *tok);
/* One movetext token while replaying (moves and move numbers, the common
 * tokens, without a call). */
static inline void pgn_replay_token(struct parse *p, const arb_pgn_token *tok)
{
    if (tok->kind == ARB_PGN_TOK_SYMBOL)
        pgn_replay_move(p, tok);
    else if (tok->kind != ARB_PGN_TOK_MOVE_NUMBER && tok->kind != ARB_PGN_TOK_DOTS)
        pgn_replay_other(p, tok);
}
/* "(=)": a draw offer (FIDE Laws 8.1.5, C.12), not a variation.  Called
 * right after the '(' was lexed. */
bool pgn_draw_offer_follows(struct parse *p);

/* ---- messages (pgn_read_messages.c) -------------------------------------- */

/* An error of the game at line:col; replay stops. */
void pgn_read_error(struct parse *p, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Token text for messages: at most 40 bytes, no line breaks. */
void pgn_read_quote(const arb_pgn_token *tok, char *out, size_t cap);
const char *pgn_side_name(const arb_position *pos);
/* A move that does not read in SAN or in notation n: why, and what was
 * expected (the legal moves). */
void pgn_read_move_error(struct parse *p, const arb_pgn_token *tok, const arb_position *pos, int code);
void pgn_read_notation_error(struct parse *p, const arb_pgn_token *tok, const arb_position *pos,
                             const arb_notation *n, int code);
/* A token that has no place where it stands. */
void pgn_read_unexpected(struct parse *p, const arb_pgn_token *tok, const char *where,
                         const char *expected);
/* Puts the game's last diag first. */
void pgn_diag_to_front(arb_pgn_game *g);

/* ---- notation detection (pgn_read_detect.c) ------------------------------ */

/* Collecting: the main line's move tokens, as the replay would meet them. */
void pgn_collect_token(struct parse *p, const arb_pgn_token *tok);
/* The passes over one game that the options and the detection ask for. */
int pgn_read_strict(arb_pgn_reader *r, arb_pgn_game *g, arb_status *status);

#endif
