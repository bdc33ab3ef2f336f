/* notation.h — reading and writing moves in a national notation.
 *
 * An arb_notation is one locale (locales.h) with its move-token grammar
 * (grammar.h) compiled by PCRE2 with JIT.  Reading a token is two steps:
 *
 *   arb_notation_parse    token -> constraints (arb_move_spec): piece kind,
 *                         from file/rank, destination, promotion, castling
 *                         side, and the marks written (capture, e.p., check,
 *                         mate, draw offer);
 *   arb_notation_resolve  constraints -> the one legal move they describe,
 *                         or ILLEGAL (none), AMBIGUOUS (several, FIDE C.10),
 *                         BAD_PROMOTION.
 *
 * arb_notation_read does both and first tries the hand-written canonical SAN
 * parser (arb_san_parse) wherever its reading is certainly the locale's: for
 * every token when the locale's letters include K Q R B N with their English
 * meanings, and for plain pawn moves (e4, exd5) in any locale.  In other
 * locales, tokens in the plain short form (Cf3, Tad1, e:d5, d8D, d8=D,
 * d8/D, d8(D), with + ++ #) are rewritten letter for letter into SAN and
 * given to the same parser; spec then holds exactly what
 * arb_notation_parse gives (this keeps national scoresheets near the speed
 * of SAN).  Other tokens
 * go through the grammar; their constraints are then handed to the targeted
 * SAN/UCI resolver as canonical text, and only a failure there (or a form SAN
 * lacks) runs arb_notation_resolve, which also lists candidates.  Result codes
 * are those of san.h (ARB_SAN_OK, ARB_SAN_SYNTAX, ARB_SAN_ILLEGAL,
 * ARB_SAN_AMBIGUOUS, ARB_SAN_BAD_PROMOTION), so a caller handles both paths
 * alike.
 *
 * What a token may look like: see grammars/move.pcre (short algebraic in the
 * forms of FIDE Appendix C, ':' and missing capture marks, e.p./a.p., d8D
 * d8=D d8(D) d8/D, 0-0 O-O o-o with any dash, + ++ #, (=) and a trailing =
 * as a draw offer, long algebraic, figurines of either colour, UCI including
 * Chess960 king-takes-rook).  Check and mate marks are reported, not trusted.
 *
 * A locale with a `descriptive:` section (P-K4, descriptive.h) reads and
 * writes only its descriptive forms, through descriptive.c.
 *
 * Ownership and threads: arb_notation_new compiles; the caller frees with
 * arb_notation_free.  The notation keeps a pointer to its locale, which must
 * outlive it.  A notation is read-only after creation: any number of threads
 * may read and write moves with one notation at once (matching needs no
 * shared scratch space).
 */
#ifndef ARB_NOTATION_H
#define ARB_NOTATION_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include "grammar.h"
#include "locales.h"
#include "san.h"

typedef struct arb_notation arb_notation;

enum arb_castle_side { ARB_CASTLE_NONE = 0, ARB_CASTLE_SHORT, ARB_CASTLE_LONG };

/* Marks written in a token (arb_move_spec.flags). */
enum {
    ARB_SPEC_CAPTURE = 1 << 0,     /* x : × ... */
    ARB_SPEC_EN_PASSANT = 1 << 1,  /* e.p. a.p. ... */
    ARB_SPEC_CHECK = 1 << 2,       /* + */
    ARB_SPEC_MATE = 1 << 3,        /* # or ++ (FIDE C.13) */
    ARB_SPEC_DRAW_OFFER = 1 << 4,  /* (=) or a trailing = (FIDE C.12): keep it as a {(=)} comment */
    ARB_SPEC_FIGURINE = 1 << 5,    /* the piece or promotion was a figurine */
    ARB_SPEC_ANNOTATION = 1 << 6,  /* ! ? !! ?? !? ?! glued to the move */
    ARB_SPEC_FAST_PATH = 1 << 7    /* resolved by arb_san_parse (only kind/to/flags filled) */
};

typedef struct arb_move_spec {
    int kind;        /* ARB_PAWN..ARB_KING; ARB_NO_KIND when only squares are written (e2e4, g1f3) */
    int from_file;   /* 0..7, or -1 when not written */
    int from_rank;   /* 0..7, or -1 */
    int to;          /* destination square; ARB_NO_SQUARE for castling written as 0-0 */
    int promotion;   /* ARB_KNIGHT..ARB_QUEEN, or ARB_NO_KIND */
    int castle;      /* enum arb_castle_side */
    unsigned flags;  /* ARB_SPEC_* */
} arb_move_spec;

/* Longest move text any write function produces, including the NUL. */
#define ARB_NOTATION_MAX 64

arb_status arb_notation_new(const arb_grammar *grammar, const arb_locale *loc, arb_notation **out);
void arb_notation_free(arb_notation *n);
const arb_locale *arb_notation_locale(const arb_notation *n);

/* Token (len bytes, not NUL-terminated) -> constraints.  ARB_SAN_OK or
 * ARB_SAN_SYNTAX (also for bytes that are not UTF-8). */
int arb_notation_parse(const arb_notation *n, const char *token, size_t len, arb_move_spec *spec);

/* Constraints -> the legal move of pos they describe.  candidates (may be
 * NULL) receives, for AMBIGUOUS and a missing promotion, the moves that fit;
 * for ILLEGAL, the legal moves of the same piece kind to the same square, else
 * of the same kind, else all legal moves, so a message can list them. */
int arb_notation_resolve(const arb_position *pos, const arb_move_spec *spec, arb_move *move,
                         arb_movelist *candidates);

/* Parse and resolve, with the SAN fast path.  spec (may be NULL) receives the
 * constraints; on the fast path only kind, to and flags are meaningful and
 * ARB_SPEC_FAST_PATH is set. */
int arb_notation_read(const arb_notation *n, const arb_position *pos, const char *token, size_t len,
                      arb_move *move, arb_move_spec *spec, arb_movelist *candidates);

/* A token that is only a mark belonging to the previous move, as scoresheets
 * write "exd6 e.p." or "Rb1 (=)", and descriptive books "BxP ch": returns
 * ARB_SPEC_EN_PASSANT, ARB_SPEC_DRAW_OFFER, ARB_SPEC_CHECK or ARB_SPEC_MATE,
 * else 0. */
unsigned arb_notation_extra(const arb_notation *n, const char *token, size_t len);

/* The marks written in spec that the move contradicts: ARB_SPEC_CAPTURE on
 * a move that captures nothing, ARB_SPEC_EN_PASSANT on one that is not an
 * en-passant capture, ARB_SPEC_CHECK on one that gives no check,
 * ARB_SPEC_MATE on one that does not mate.  A missing mark is never wrong:
 * FIDE C.13 makes them optional. */
unsigned arb_notation_wrong_marks(const arb_position *pos, const arb_move_spec *spec, arb_move move);

/* The move in the locale's letters, SAN form: disambiguation as in SAN,
 * the locale's capture mark, castling spelling and promotion mark, + and the
 * locale's mate mark computed.  Returns the length (< ARB_NOTATION_MAX). */
size_t arb_notation_write(const arb_notation *n, const arb_position *pos, arb_move move, char *buf);

enum arb_fan_style {
    ARB_FAN_WHITE = 0,     /* ♘f3 for both sides (the usual printed form) */
    ARB_FAN_BY_COLOR = 1   /* ♘f3 for White, ♞f6 for Black */
};
/* Figurine algebraic notation: SAN with the piece letters as figurines. */
size_t arb_fan_write(const arb_position *pos, arb_move move, int style, char *buf);

#pragma GCC visibility pop
#endif
