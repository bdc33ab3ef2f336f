/* fen.h — Forsyth-Edwards Notation in and out.
 *
 * Accepts standard FEN, X-FEN (KQkq meaning the outermost rook, or a file
 * letter for an inner one) and Shredder-FEN (rook files, e.g. HAha).  A FEN
 * whose castling field names rook files, or whose castling king or rook stands
 * off the standard squares, yields a Chess960 position.  The halfmove and
 * fullmove fields may be omitted (EPD); they default to 0 and 1.
 *
 * Validation follows FIDE 3.10.3 (a position must be reachable in principle)
 * as far as it can be checked locally; each problem has its own code.  Beyond
 * the counts of kings, pieces and pawns and the checks a move can give, that
 * is: no more promoted pieces (queens beyond one, rooks, knights beyond two,
 * bishops beyond one per square colour) than pawns missing; no more captures
 * needed by a side's pawns (each capture moves a pawn one file) than the
 * opponent has pieces missing; a halfmove clock no greater than the
 * half-moves the fullmove number allows.
 */
#ifndef ARB_FEN_H
#define ARB_FEN_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include "position.h"

enum arb_fen_error {
    ARB_FEN_OK = 0,
    ARB_FEN_EMPTY,             /* no text */
    ARB_FEN_FIELD_COUNT,       /* not 4 to 6 space-separated fields */
    ARB_FEN_RANK_COUNT,        /* placement does not have 8 ranks */
    ARB_FEN_PIECE_LETTER,      /* a character that is not a piece or digit */
    ARB_FEN_RANK_LENGTH,       /* a rank does not describe exactly 8 squares */
    ARB_FEN_KING_COUNT,        /* a side has no king or more than one */
    ARB_FEN_PAWN_RANK,         /* a pawn on the first or eighth rank */
    ARB_FEN_SIDE,              /* side-to-move field is not w or b */
    ARB_FEN_OPPONENT_IN_CHECK, /* the side not to move is in check */
    ARB_FEN_TOO_MANY_CHECKERS, /* more than two pieces give check */
    ARB_FEN_IMPOSSIBLE_CHECK,  /* a double check no single move can produce */
    ARB_FEN_CASTLING_SYNTAX,   /* castling field malformed or repeated */
    ARB_FEN_CASTLING_KING,     /* castling right but the king is not on its first rank */
    ARB_FEN_CASTLING_ROOK,     /* castling right but no rook on that square */
    ARB_FEN_EP_SYNTAX,         /* en-passant field not a square or '-' */
    ARB_FEN_EP_INCONSISTENT,   /* e.p. square not explained by a double step just made */
    ARB_FEN_HALFMOVE,          /* halfmove clock not a number in range */
    ARB_FEN_FULLMOVE,          /* fullmove number not a number in range */
    ARB_FEN_TOO_MANY_PIECES,   /* more than 16 pieces or 8 pawns of a side */
    ARB_FEN_CASTLING_STANDARD, /* standard chess: a right without king and rook on their original squares */
    ARB_FEN_PROMOTIONS,        /* more promoted pieces than missing pawns */
    ARB_FEN_CAPTURES           /* the pawns stand on files that need more captures than the
                                * opponent's missing pieces allow */
};

/* Parses `fen` into `pos`.  On failure status.code is an arb_fen_error, col is
 * the 1-based character column where the problem starts, and message says what
 * is wrong and what was expected. */
arb_status arb_fen_parse(const char *fen, arb_position *pos);

/* Flags for arb_fen_parse_with. */
enum {
    /* Skip the reachability checks (piece counts, impossible checks) that
     * artificial test positions, e.g. in perft suites, break on purpose.
     * What the move generator relies on (one king each, the side not to move
     * not in check, no pawn on a back rank) is still enforced. */
    ARB_FEN_ALLOW_UNREACHABLE = 1,
    /* Use only the first six fields and ignore what follows (EPD operations
     * already cut off, stray counters appended by converters). */
    ARB_FEN_IGNORE_EXTRA_FIELDS = 2,
    /* Standard chess (no Chess960 variant): a castling right needs the king
     * on e1/e8 and the rook on the corner of that side (3.8.2); a right that
     * only Chess960 could give is an error (ARB_FEN_CASTLING_STANDARD)
     * rather than making a Chess960 position, except in a Chess960 start
     * array (move 1, pieces mirrored on the back ranks), which nothing else
     * produces. */
    ARB_FEN_STANDARD = 4,
    /* Accept a halfmove clock larger than the fullmove number allows (many
     * writers reset the move number of a position, puzzles above all): for
     * readers that replay the moves whatever the counters say.  The linter
     * parses without it and reports the inconsistency. */
    ARB_FEN_LENIENT_COUNTERS = 8
};
arb_status arb_fen_parse_with(const char *fen, arb_position *pos, unsigned flags);

enum arb_fen_style {
    ARB_FEN_STYLE_AUTO = 0,  /* KQkq for standard castling, X-FEN letters otherwise */
    ARB_FEN_STYLE_SHREDDER,  /* rook files always (HAha) */
};

/* Maximum length of a written FEN, including the terminating NUL. */
#define ARB_FEN_MAX 100

/* Writes the FEN of pos into buf (ARB_FEN_MAX bytes); returns its length.
 * The en-passant square is written after every double step, as the PGN
 * standard asks; pass ARB_FEN_EP_LEGAL_ONLY in style to write it only when a
 * capture is legal (the X-FEN habit). */
#define ARB_FEN_EP_LEGAL_ONLY 0x100
size_t arb_fen_write(const arb_position *pos, int style, char *buf);

#define ARB_START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

#pragma GCC visibility pop
#endif
