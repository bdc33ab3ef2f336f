/* pgn_read.h — streaming PGN reader: one game at a time, replayed and checked.
 *
 * Typical use (what every reading tool does):
 *
 *   arb_pgn_reader *r;
 *   arb_status st = arb_pgn_reader_open(path, NULL, &r);   // "-" is stdin
 *   if (st.code) { report st.message; exit 2; }
 *   arb_pgn_game g;
 *   arb_pgn_game_init(&g);
 *   int rc;
 *   while ((rc = arb_pgn_read(r, &g, &st)) == ARB_PGN_READ_GAME) {
 *       for (size_t i = 0; i < g.diag_count; i++)
 *           report "%s:%d:%d: %s", g.source, g.diags[i].line, g.diags[i].col, g.diags[i].message;
 *       if (g.error_count) pass g.raw/g.raw_len through, or reject;
 *       else use g.tags, g.items, g.start, g.end ...
 *   }
 *   if (rc == ARB_PGN_READ_FAILED) report "%s:%d:%d: %s", name, st.line, st.col, st.message;
 *   arb_pgn_game_free(&g);
 *   arb_pgn_reader_free(r);
 *
 * What a game is: optional tag pairs, then movetext, up to and including its
 * termination marker.  A game also ends without a marker where a tag line
 * ('[' as the first token of a line) follows movetext, where "1." opens a
 * line after a blank line once the main line is past move 1 (a game without
 * tags follows), or at the end of the input; g->end_reason says which.
 * Games without tags and games without moves are games.
 *
 * Positions: every item, tag and message carries the line and column (in
 * characters) of its token; g->line/g->col is where the game starts.  For
 * checks of the text as written (move numbers, spacing) use the lexer
 * (pgn_lex.h) over g->raw: arb_pgn_lexer_init, then lx.line = g->line.
 *
 * Options: record_san stores each move's canonical SAN in its item while
 * the positions are at hand (a writer then writes it without replaying);
 * tags_only skips replay for filters that look at tags only (several times
 * faster); max_depth limits variation nesting (default 256, also
 * arb_pgn_reader_set_max_depth).  To read one stream on several threads,
 * see pgn_parallel.h.
 *
 * Replay: every move of the main line and of every variation is resolved
 * with arb_san_parse (coordinates such as e2e4 are accepted too) and played
 * with arb_position_make; a variation starts from the position before the
 * move it replaces.  A FEN tag (with or without SetUp "1") gives the start
 * position; Variant "Chess960" (also "chess 960", "Fischerandom",
 * "Freestyle") makes castling follow the FEN's rook files.  Other variants
 * are errors.  Null moves ("--", "Z0") are accepted in variations, and in
 * the main line when the option says so.  A draw offer written "(=)" after a
 * move (FIDE Laws 8.1.5, C.12) becomes a comment item "(=)", as the writer
 * writes it back.
 *
 * National notations: with options.notation every move token is read in
 * that locale's letters and in the forms of FIDE Appendix C (notation.h),
 * and messages about moves give the move number as a score does ("23..."),
 * the token and the legal moves in the same letters.  With
 * options.autodetect (pgn_detect.h) a game's notation is detected by replay,
 * for every game or only for games with a token SAN cannot read; the reader
 * then goes back over the game's text (kept in its buffer) and reads it
 * again in the notation found, so detection costs a second pass only for
 * such games.  g->notation says which notation was used.
 *
 * Errors: a game with errors is still returned, with error_count > 0, every
 * message in diags (position plus "what, expected what"), the items read up
 * to the first error, and its original bytes in raw/raw_len so that nothing
 * is lost.  After an error the reader skips to the game's end (its
 * termination marker or the next tag line) and goes on with the next game;
 * an error inside the tag section skips only that line.  Notes (severity
 * ARB_PGN_NOTE) report harmless repairs, such as text read as Windows-1252
 * and converted to UTF-8; warnings report doubtful data kept as it is, such
 * as a termination marker that contradicts the Result tag.
 *
 * arb_pgn_read returns ARB_PGN_READ_FAILED only for input failures (read
 * error, corrupt or truncated gzip, out of memory); *status then has the
 * line and column where the readable text ended.  Every complete game
 * before that point has been returned.
 *
 * Memory: constant per game — one input buffer holding the current game
 * (1 MiB, growing for larger games up to max_game_bytes), one replay frame
 * per open variation, and the game's own arena, all reused.  No allocation
 * per move.
 *
 * Ownership and threads: the reader owns its input; g->raw and g->source
 * point into the reader and stay valid until the next arb_pgn_read or
 * arb_pgn_reader_free.  A reader is used by one thread at a time; several
 * readers may run in parallel.
 */
#ifndef ARB_PGN_READ_H
#define ARB_PGN_READ_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include "input.h"
#include "pgn_game.h"

#define ARB_PGN_DEFAULT_MAX_DEPTH 256
#define ARB_PGN_DEFAULT_MAX_GAME_BYTES ((size_t)16 << 20)

typedef struct arb_pgn_reader_options {
    int max_depth;                /* variation nesting allowed; 0 means the default */
    bool null_moves_in_main_line; /* accept -- / Z0 outside variations */
    bool tags_only;               /* do not replay: items stay empty (fast tag filters) */
    bool record_san;              /* store each move's canonical SAN in its item */
    bool keep_main_line;          /* keep the position after each main-line move (g->main_line,
                                   * pgn_main_line.h) for a later pass: the linter */
    /* Replay every move but keep no items (moves, NAGs, comments, draw
     * offers, variations): for callers that judge a game by its errors,
     * counts, tags, result and end position (a count of valid games).  Comments
     * are then read over as with skip_comments (no notes about their text).
     * The second reading of options.lenient keeps them. */
    bool skip_items;
    /* Keep only the tags the reader reads itself (FEN, SetUp, Variant,
     * Result): for callers that look at no other tag.  No effect with
     * autodetect, which reads language tags. */
    bool skip_tags;
    /* Read comments over without keeping them (no comment items): for
     * filters that pass games on as written and judge only their moves.
     * The "(=)" items the reader makes of draw offers in movetext stay. */
    bool skip_comments;
    /* Go on after a main-line move that cannot be replayed (an arbiter
     * reconstructing a scoresheet): the error is reported as usual and counted in
     * g->skipped_moves; the only legal move of the same piece to the square
     * written replaces it, else the turn passes (a null move item), or, when
     * the side to move is in check, the token is dropped.  Moves after the
     * end of the game (mate, stalemate) still end the replay. */
    bool skip_bad_moves;
    /* With skip_bad_moves: notations a move that cannot be replayed is also
     * read in (a national letter slipped into the record: "Cf3" in a SAN
     * game); when every one that reads it finds the same legal move, that
     * move replaces it, so that the game goes on as played.  None when 0;
     * must outlive the reader. */
    const struct arb_notation *const *suggest;
    size_t suggest_count;
    /* Read moves in this notation (notation.h: a locale's letters and the
     * forms of FIDE Appendix C) instead of SAN; tokens that only mark the
     * move before them ("e.p.", "(=)") are understood.  NULL: SAN (and
     * coordinates such as e2e4).  Must outlive the reader. */
    const struct arb_notation *notation;
    /* Detect each game's notation (pgn_detect.h) when notation is NULL:
     * every game, or only games with a token SAN cannot read.  Shared by
     * every reader of a run; must outlive them. */
    struct arb_pgn_autodetect *autodetect;
    /* Record the notation the moves were read in (g->notation, when not
     * plain SAN) as a tag [Notation "ro"], replacing one already there. */
    bool mark_notation;
    size_t max_game_bytes;        /* longest game text kept; 0 means the default */
    /* Read a game the strict reading refuses once more as real-world text
     * (books, web pages, OCR: lenient.h, pgn_lenient.h): prose in brackets,
     * results in words, look-alike letters, spaced moves, pasted text
     * holding several games.  Each rewrite is a warning at its place.  The
     * locale set (may be NULL) gives the words and typeset letters; it must
     * outlive the reader. */
    bool lenient;
    const struct arb_locale_set *lenient_locales;
    /* Used by the second reading when neither notation nor autodetect is
     * set (readers that take SAN as written still read book text in the
     * language it is printed in); may be NULL. */
    struct arb_pgn_autodetect *lenient_autodetect;
    /* Read text in any encoding (encoding.h): detect it from the first
     * block (or take `encoding`, a name such as "windows-1251") and read it
     * converted to UTF-8, a note on the first game naming it.  Games' raw
     * bytes are then UTF-8 too.  Off: bytes as they are (not UTF-8 is read
     * as Windows-1252 token by token). */
    bool decode;
    const char *encoding;
} arb_pgn_reader_options;

typedef struct arb_pgn_reader arb_pgn_reader;

enum { ARB_PGN_READ_FAILED = -1, ARB_PGN_READ_END = 0, ARB_PGN_READ_GAME = 1 };

/* Opens a file ("-" is stdin), gzip or plain.  NULL options mean defaults. */
arb_status arb_pgn_reader_open(const char *path, const arb_pgn_reader_options *options,
                               arb_pgn_reader **out);

/* Reads from an input; the reader takes ownership of it (also on failure).
 * Returns NULL when out of memory. */
arb_pgn_reader *arb_pgn_reader_new(arb_input *in, const arb_pgn_reader_options *options);

/* Declares that the input is a piece of a larger stream that starts at
 * `line` (1-based, at the start of a line) and stream offset `offset`:
 * positions in games and messages then count from there.  Call before the
 * first read.  Used to read a stream in pieces on several threads. */
void arb_pgn_reader_set_origin(arb_pgn_reader *r, int line, uint64_t offset);

/* Changes the variation depth limit (n >= 1) for the games read next. */
void arb_pgn_reader_set_max_depth(arb_pgn_reader *r, int n);

/* Reads the next game into g (reset first).  Returns ARB_PGN_READ_GAME,
 * ARB_PGN_READ_END, or ARB_PGN_READ_FAILED with *status set. */
int arb_pgn_read(arb_pgn_reader *r, arb_pgn_game *g, arb_status *status);

/* Input name as used in messages ("<stdin>" for "-"). */
const char *arb_pgn_reader_name(const arb_pgn_reader *r);

void arb_pgn_reader_free(arb_pgn_reader *r);

#pragma GCC visibility pop
#endif
