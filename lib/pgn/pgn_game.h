/* pgn_game.h — one game: tags, moves with variations, comments and NAGs.
 *
 * The movetext is a flat sequence of items in reading order (a pre-order walk
 * of the game tree): MOVE, NAG (belongs to the move before it), COMMENT,
 * VARIATION_START / VARIATION_END.  A variation holds the alternatives to the
 * move just before its VARIATION_START, so it starts from the position before
 * that move; variations nest to any depth and nothing walks them with C
 * recursion.  arb_pgn_walker replays the items and gives the positions before
 * and after every move.
 *
 *   1. e4 {best} e5 (1... c5 2. Nf3) 2. Nf3 $1
 *   MOVE e4, COMMENT "best", MOVE e5, VARIATION_START, MOVE c5, MOVE Nf3,
 *   VARIATION_END, MOVE Nf3, NAG 1
 *
 * Memory: every string (tag names and values, comments, messages) lives in an
 * arena owned by the game.  arb_pgn_game_reset empties the game and keeps its
 * memory, so reading millions of games costs no allocation per move and, after
 * the first few games, none per game.  Pointers returned by the game stay
 * valid until the next reset or free.  `raw` and `source` belong to the reader
 * that filled the game (valid until its next read).
 *
 * Text is UTF-8.  A game is not thread-safe; distinct games are independent.
 */
#ifndef ARB_PGN_GAME_H
#define ARB_PGN_GAME_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pgn_lex.h"
#include "position.h"

enum arb_pgn_item_kind {
    ARB_PGN_ITEM_MOVE = 0,          /* move: a legal move, or ARB_MOVE_NULL */
    ARB_PGN_ITEM_NAG,               /* nag: annotates the preceding move */
    ARB_PGN_ITEM_COMMENT,           /* text, len */
    ARB_PGN_ITEM_VARIATION_START,   /* alternatives to the preceding move follow */
    ARB_PGN_ITEM_VARIATION_END
};

typedef struct arb_pgn_item {
    uint8_t kind;
    uint8_t nag;
    arb_move move;
    uint32_t len;           /* COMMENT: length of text in bytes; MOVE: of san */
    int32_t line, col;      /* source position (1-based), 0 when built by hand */
    uint32_t ply;           /* MOVE: 0 for White's move 1, 1 for Black's move 1, ... */
    char san[8];            /* MOVE: canonical SAN when the reader was asked to record
                             * it (arb_pgn_reader_options.record_san), else "" */
    const char *text;       /* COMMENT: UTF-8, NUL-terminated, whitespace collapsed */
} arb_pgn_item;

typedef struct arb_pgn_tag {
    const char *name;       /* as written, e.g. "Event" */
    const char *value;      /* unescaped, UTF-8 */
    int32_t line, col;      /* of the '[' */
} arb_pgn_tag;

/* What ended a game read from a stream. */
enum arb_pgn_end {
    ARB_PGN_END_MARKER = 0,   /* its termination marker (also after an error) */
    ARB_PGN_END_TAG_LINE,     /* a tag line after movetext: the marker was missing */
    ARB_PGN_END_NEW_GAME,     /* "1." opening a line after a blank line, past move 1 */
    ARB_PGN_END_INPUT         /* the end of the input */
};

enum arb_pgn_severity { ARB_PGN_NOTE = 0, ARB_PGN_WARNING, ARB_PGN_ERROR };

/* One message about the game, e.g. "illegal move ..., expected one of ...".
 * The message has no position or file prefix and no trailing period. */
typedef struct arb_pgn_diag {
    int severity;
    int32_t line, col;
    const char *message;
} arb_pgn_diag;

struct arb_pgn_game_store;

typedef struct arb_pgn_game {
    arb_pgn_tag *tags;
    size_t tag_count;
    arb_pgn_item *items;
    size_t item_count;
    arb_pgn_diag *diags;
    size_t diag_count;
    size_t error_count;      /* diags of ARB_PGN_ERROR severity */

    arb_position start;      /* before the first move (FEN/SetUp or the start array) */
    arb_position end;        /* after the last main-line move that was replayed */
    size_t main_line_plies;  /* main-line moves replayed */
    size_t skipped_moves;    /* main-line moves that could not be replayed and were passed over
                              * (reader option skip_bad_moves); each has an error diag */
    bool custom_start;       /* the game started from a FEN tag */
    int result;              /* termination marker (enum arb_pgn_result; NONE if missing) */
    int end_reason;          /* enum arb_pgn_end */
    bool movetext_started;   /* some movetext token was read (not only tags and comments) */

    int32_t line, col;       /* where the game's first token is */
    uint64_t offset;         /* stream offset of that token */
    const char *source;      /* input name for messages */
    const char *raw;         /* the game's original bytes, when read from a stream */
    size_t raw_len;
    bool raw_complete;       /* raw holds the whole game (not cut at the size limit) */
    const char *read_text;   /* a game read from real-world text (pgn_lenient.h): the text as
                              * rewritten and read (same lines as raw), else NULL; valid as raw */
    size_t read_text_len;
    bool converted_encoding; /* some text was read as Windows-1252 */
    bool san_recorded;       /* every MOVE item carries its canonical SAN */
    const char *notation;    /* locale code the moves were read in (reader options notation or
                              * autodetect; "ca, es, it" when several read them alike), NULL for SAN */
    const struct arb_notation *notation_used;  /* the notation itself (notation.h), NULL for SAN;
                              * owned by the reader's options or autodetect */

    struct arb_pgn_game_store *store;  /* internal: text memory and capacities (pgn_game.c) */
    struct arb_pgn_main_line *main_line;  /* internal: positions after the main-line moves, kept on
                              * request (reader option keep_main_line; pgn_main_line.h) */
} arb_pgn_game;

void arb_pgn_game_init(arb_pgn_game *g);
/* Empties the game, keeping its memory for the next one.  The start
 * position becomes the standard one. */
void arb_pgn_game_reset(arb_pgn_game *g);
void arb_pgn_game_free(arb_pgn_game *g);

/* The game's result: the Result tag when it holds one of the four results,
 * else the termination marker, else ARB_PGN_RESULT_UNKNOWN. */
int arb_pgn_game_result(const arb_pgn_game *g);

/* The first tag with this name (case-sensitive, as the standard asks), or
 * NULL; the one tag lookup of the library. */
const arb_pgn_tag *arb_pgn_game_tag_entry(const arb_pgn_game *g, const char *name);
/* Value of the first tag with this name, or NULL. */
const char *arb_pgn_game_tag(const arb_pgn_game *g, const char *name);

/* What a Variant tag value names (case-insensitive): the reader and the
 * linter both read it here, so they agree on every spelling. */
enum arb_pgn_variant {
    ARB_PGN_VARIANT_STANDARD = 0,  /* "Standard", "chess", "normal", "from position", "", ... */
    ARB_PGN_VARIANT_CHESS960,      /* "Chess960", "chess 960", "chess-960", "Fischerandom", "960", ... */
    ARB_PGN_VARIANT_OTHER          /* a variant this library does not play */
};
/* NULL (no Variant tag) is standard chess. */
int arb_pgn_variant_parse(const char *value);

/* The builders below copy their text into the game and return false only
 * when out of memory. */

/* Appends a tag, or replaces the value of an existing one with that name. */
bool arb_pgn_game_set_tag(arb_pgn_game *g, const char *name, const char *value);
/* Appends a tag without looking for duplicates (the reader keeps them all). */
bool arb_pgn_game_add_tag(arb_pgn_game *g, const char *name, size_t name_len,
                          const char *value, size_t value_len, int line, int col);
/* `before` is the position the move is played from (it gives the ply). */
bool arb_pgn_game_add_move(arb_pgn_game *g, const arb_position *before, arb_move move, int line,
                           int col);
bool arb_pgn_game_add_nag(arb_pgn_game *g, int nag, int line, int col);
bool arb_pgn_game_add_comment(arb_pgn_game *g, const char *text, size_t len, int line, int col);
bool arb_pgn_game_begin_variation(arb_pgn_game *g, int line, int col);
bool arb_pgn_game_end_variation(arb_pgn_game *g, int line, int col);
/* Records a message; the text is formatted printf-style into the arena. */
bool arb_pgn_game_add_diag(arb_pgn_game *g, int severity, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* Arena copy of len bytes plus a NUL; NULL when out of memory. */
char *arb_pgn_game_strdup(arb_pgn_game *g, const char *text, size_t len);
/* Arena space for n bytes (not aligned for anything but char). */
char *arb_pgn_game_alloc_text(arb_pgn_game *g, size_t n);

/* Same tags (names, values and order), start position, result and items
 * (kind, move, NAG, comment text); source positions are not compared. */
bool arb_pgn_game_equal(const arb_pgn_game *a, const arb_pgn_game *b);

/* Walks the items of a game with the positions around every move:
 *
 *   arb_pgn_walker w;
 *   arb_pgn_walker_init(&w, game);
 *   for (const arb_pgn_item *it; (it = arb_pgn_walker_next(&w)); )
 *       if (it->kind == ARB_PGN_ITEM_MOVE) use(&w.before, it->move, &w.after);
 *   arb_pgn_walker_free(&w);
 *
 * `depth` is 0 on the main line, 1 inside a variation, and so on (it counts
 * a VARIATION_START item as inside and a VARIATION_END item as outside).
 * The walker trusts the items: every move must be legal where it stands (the
 * reader guarantees this for games without errors).  next returns NULL at the
 * end, or when out of memory or when the items are not well nested (then
 * `failed` is set). */
typedef struct arb_pgn_walker {
    const arb_pgn_game *game;
    size_t next;
    int depth;
    bool failed;
    arb_position before;     /* position before the current MOVE item */
    arb_position after;      /* position after it */
    /* internal: per depth, the last move's before/after */
    struct arb_pgn_walk_frame *frames;
    size_t frame_cap;
    bool has_move;
} arb_pgn_walker;

void arb_pgn_walker_init(arb_pgn_walker *w, const arb_pgn_game *g);
/* Starts over on another (or the same) game, keeping the walker's memory. */
void arb_pgn_walker_restart(arb_pgn_walker *w, const arb_pgn_game *g);
const arb_pgn_item *arb_pgn_walker_next(arb_pgn_walker *w);
void arb_pgn_walker_free(arb_pgn_walker *w);

#pragma GCC visibility pop
#endif
