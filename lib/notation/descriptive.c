/* descriptive.c — descriptive notation (see descriptive.h). */
#include "descriptive.h"

#include <stdint.h>
#include <string.h>

#include "shorthand.h"

enum { ALL_FILES = 0xFF, QUEEN_WING = 0x0F, KING_WING = 0xF0 };

/* Longest token read, in bytes. */
#define DESCRIPTIVE_MAX 24

typedef struct dspec {
    int kind;              /* the piece that moves */
    unsigned from_files;   /* files it may stand on (mask) */
    int from_rank;         /* its rank from the mover's side, or -1 */
    bool capture;
    int cap_kind;          /* the piece taken, or ARB_NO_KIND */
    unsigned cap_files;
    unsigned to_files;     /* 0: no square written */
    int to_rank;
    int promotion;
    int castle;
    unsigned flags;        /* ARB_SPEC_CHECK, ARB_SPEC_MATE, ARB_SPEC_CAPTURE */
} dspec;

bool arb_descriptive_locale(const arb_locale *loc)
{
    for (int f = 0; f < 8; f++)
        if (arb_locale_words_count(loc, ARB_LOCALE_DESCRIPTIVE_FILE_A + f) == 0)
            return false;
    return true;
}

static bool rank_first(const arb_locale *loc)
{
    return arb_locale_words_count(loc, ARB_LOCALE_DESCRIPTIVE_ORDER) > 0
           && strcmp(arb_locale_word(loc, ARB_LOCALE_DESCRIPTIVE_ORDER, 0), "rank-file") == 0;
}

static bool starts(const char *s, size_t n, const char *word, size_t *m)
{
    *m = strlen(word);
    return *m > 0 && *m <= n && memcmp(s, word, *m) == 0;
}

static bool ends(const char *s, size_t n, const char *word, size_t *m)
{
    *m = strlen(word);
    return *m > 0 && *m <= n && memcmp(s + n - *m, word, *m) == 0;
}

/* ---- reading ----------------------------------------------------------------- */

/* The files a file spelling of exactly m bytes at s names (mask), or 0. */
static unsigned files_named(const arb_locale *loc, const char *s, size_t m)
{
    unsigned mask = 0;
    for (int f = 0; f < 8; f++)
        for (size_t i = 0; i < arb_locale_words_count(loc, ARB_LOCALE_DESCRIPTIVE_FILE_A + f); i++) {
            const char *w = arb_locale_word(loc, ARB_LOCALE_DESCRIPTIVE_FILE_A + f, i);
            if (strlen(w) == m && memcmp(w, s, m) == 0)
                mask |= 1u << f;
        }
    return mask;
}

static int piece_named(const arb_locale *loc, const char *s, size_t m)
{
    for (int k = ARB_PAWN; k <= ARB_KING; k++)
        for (size_t i = 0; i < arb_locale_piece_count(loc, k); i++) {
            const char *w = arb_locale_piece(loc, k, i);
            if (strlen(w) == m && memcmp(w, s, m) == 0)
                return k;
        }
    return ARB_NO_KIND;
}

static int rank_at(const char *s, size_t n)
{
    return n > 0 && s[0] >= '1' && s[0] <= '8' ? s[0] - '1' : -1;
}

/* A square at s[0..n) exactly, or followed by a promotion. */
static bool parse_square_rest(const arb_locale *loc, const char *s, size_t n, dspec *d);

static bool parse_promotion(const arb_locale *loc, const char *s, size_t n, dspec *d)
{
    if (n == 0)
        return true;
    size_t open = (s[0] == '=' || s[0] == '/' || s[0] == '(') ? 1 : 0;
    size_t close = open && s[0] == '(' ? 1 : 0;
    if (n <= open + close || (close && s[n - 1] != ')'))
        return false;
    int k = piece_named(loc, s + open, n - open - close);
    if (k < ARB_KNIGHT || k > ARB_QUEEN)
        return false;
    d->promotion = k;
    return true;
}

static bool parse_square_rest(const arb_locale *loc, const char *s, size_t n, dspec *d)
{
    if (rank_first(loc)) {
        int r = rank_at(s, n);
        if (r < 0)
            return false;
        for (size_t m = n; m > 1; m--) {
            unsigned files = files_named(loc, s + 1, m - 1);
            if (files && parse_promotion(loc, s + m, n - m, d)) {
                d->to_files = files;
                d->to_rank = r;
                return true;
            }
        }
        return false;
    }
    for (size_t m = n > 1 ? n - 1 : 0; m > 0; m--) {
        unsigned files = files_named(loc, s, m);
        int r = rank_at(s + m, n - m);
        if (files && r >= 0 && parse_promotion(loc, s + m + 1, n - m - 1, d)) {
            d->to_files = files;
            d->to_rank = r;
            return true;
        }
    }
    return false;
}

/* [file name] piece: the piece taken (NxP, PxKBP, BxQN); piece [file name]
 * where the rank comes first (AxPC). */
static bool parse_captured(const arb_locale *loc, const char *s, size_t n, dspec *d)
{
    bool after = rank_first(loc);
    for (size_t q = 0; q < n; q++) {
        unsigned files = q == 0 ? ALL_FILES : after ? files_named(loc, s + n - q, q) : files_named(loc, s, q);
        if (!files)
            continue;
        int k = piece_named(loc, after ? s : s + q, n - q);
        if (k != ARB_NO_KIND) {
            d->cap_kind = k;
            d->cap_files = k == ARB_PAWN || files == ALL_FILES ? files
                           : (files & QUEEN_WING ? QUEEN_WING : 0) | (files & KING_WING ? KING_WING : 0);
            return true;
        }
    }
    return false;
}

/* What follows the piece that moves: [digit] then - square, x square,
 * x piece, or a square. */
static bool parse_after_mover(const arb_locale *loc, const char *s, size_t n, dspec *d)
{
    /* rank-first books qualify after the letter: CD2D (QN-Q2), PAxP */
    if (rank_first(loc) && d->from_files == ALL_FILES && d->from_rank < 0)
        for (size_t m = 1; m < n; m++) {
            unsigned files = files_named(loc, s, m);
            if (!files)
                continue;
            dspec e = *d;
            e.from_files = d->kind == ARB_PAWN ? files
                                               : (files & QUEEN_WING ? QUEEN_WING : 0) | (files & KING_WING ? KING_WING : 0);
            if (parse_after_mover(loc, s + m, n - m, &e)) {
                *d = e;
                return true;
            }
        }
    /* N/QR1-QN3: the square it stands on */
    if (n > 0 && s[0] == '/' && d->from_rank < 0) {
        for (size_t m = 1; m + 1 < n; m++) {
            dspec e = *d;
            const char *sq = s + 1;
            unsigned files = rank_first(loc) ? files_named(loc, sq + 1, m) : files_named(loc, sq, m);
            int r = rank_first(loc) ? rank_at(sq, 1) : rank_at(sq + m, 1);
            if (!files || r < 0)
                continue;
            e.from_files = files;
            e.from_rank = r;
            if (parse_after_mover(loc, sq + m + 1, n - m - 2, &e)) {
                *d = e;
                return true;
            }
        }
        return false;
    }
    int r = rank_at(s, n);
    if (r >= 0 && n > 1 && !rank_first(loc)) {
        dspec e = *d;
        e.from_rank = r;
        if (parse_after_mover(loc, s + 1, n - 1, &e)) {
            *d = e;
            return true;
        }
    }
    for (size_t i = 0; i < arb_locale_list_count(loc, ARB_LOCALE_CAPTURE); i++) {
        size_t m;
        if (starts(s, n, arb_locale_list_item(loc, ARB_LOCALE_CAPTURE, i), &m)) {
            d->capture = true;
            d->flags |= ARB_SPEC_CAPTURE;
            return parse_square_rest(loc, s + m, n - m, d) || parse_captured(loc, s + m, n - m, d);
        }
    }
    if (n > 0 && s[0] == '-')
        return parse_square_rest(loc, s + 1, n - 1, d);
    return parse_square_rest(loc, s, n, d);
}

static bool parse(const arb_locale *loc, const char *s, size_t n, dspec *d)
{
    memset(d, 0, sizeof *d);
    d->kind = d->cap_kind = d->promotion = ARB_NO_KIND;
    d->from_files = ALL_FILES;
    d->from_rank = d->to_rank = -1;
    while (n > 0 && (s[n - 1] == '!' || s[n - 1] == '?'))
        n--;
    /* check and mate words or marks at the end */
    size_t best = 0;
    unsigned mark = 0;
    for (int w = ARB_LOCALE_DESCRIPTIVE_CHECK; w <= ARB_LOCALE_DESCRIPTIVE_MATE; w++)
        for (size_t i = 0; i < arb_locale_words_count(loc, w); i++) {
            size_t m;
            if (ends(s, n, arb_locale_word(loc, w, i), &m) && m > best && m < n) {
                best = m;
                mark = w == ARB_LOCALE_DESCRIPTIVE_CHECK ? ARB_SPEC_CHECK : ARB_SPEC_MATE;
            }
        }
    if (!best && n > 1 && (s[n - 1] == '+' || s[n - 1] == '#')) {
        mark = s[n - 1] == '#' || (n > 2 && s[n - 2] == '+') ? ARB_SPEC_MATE : ARB_SPEC_CHECK;
        best = n > 2 && s[n - 2] == '+' ? 2 : 1;
    }
    n -= best;
    d->flags = mark;
    for (int side = ARB_LOCALE_CASTLE_SHORT; side <= ARB_LOCALE_CASTLE_LONG; side++)
        for (size_t i = 0; i < arb_locale_list_count(loc, side); i++) {
            const char *c = arb_locale_list_item(loc, side, i);
            if (strlen(c) == n && memcmp(c, s, n) == 0) {
                d->castle = side == ARB_LOCALE_CASTLE_SHORT ? ARB_CASTLE_SHORT : ARB_CASTLE_LONG;
                d->kind = ARB_KING;
                return true;
            }
        }
    /* [file name] piece ...: every split, the plainest first */
    for (size_t q = 0; q < n; q++) {
        unsigned files = q ? files_named(loc, s, q) : ALL_FILES;
        if (!files)
            continue;
        for (size_t m = n - q; m > 0; m--) {
            int k = piece_named(loc, s + q, m);
            if (k == ARB_NO_KIND)
                continue;
            dspec e = *d;
            e.kind = k;
            e.from_files = k == ARB_PAWN || files == ALL_FILES
                               ? files
                               : (files & QUEEN_WING ? QUEEN_WING : 0) | (files & KING_WING ? KING_WING : 0);
            if (parse_after_mover(loc, s + q + m, n - q - m, &e)) {
                *d = e;
                return true;
            }
        }
    }
    return false;
}

bool arb_descriptive_shape(const arb_locale *loc, const char *token, size_t len)
{
    if (len == 0 || len > DESCRIPTIVE_MAX || memchr(token, '_', len))
        return false;
    dspec d;
    return parse(loc, token, len, &d);
}

static bool on_files(unsigned mask, int sq) { return (mask >> arb_file_of(sq)) & 1u; }

static int relative_rank(const arb_position *pos, int sq)
{
    return pos->side == ARB_WHITE ? arb_rank_of(sq) : 7 - arb_rank_of(sq);
}

/* 1: the move fits; 2: it fits but for the promotion piece not written. */
static int fits(const arb_position *pos, const dspec *d, arb_move m)
{
    int from = arb_move_from(m), to = arb_move_to(m), type = arb_move_type(m);
    if (d->castle) {
        if (type != ARB_MOVE_CASTLING)
            return 0;
        bool short_side = arb_file_of(to) > arb_file_of(from);
        return short_side == (d->castle == ARB_CASTLE_SHORT);
    }
    if (type == ARB_MOVE_CASTLING || arb_piece_kind(pos->board[from]) != d->kind)
        return 0;
    if (!on_files(d->from_files, from) || (d->from_rank >= 0 && relative_rank(pos, from) != d->from_rank))
        return 0;
    int taken_sq = type == ARB_MOVE_EN_PASSANT ? arb_square(arb_file_of(to), arb_rank_of(from)) : to;
    bool capture = type == ARB_MOVE_EN_PASSANT || pos->board[to] != ARB_NO_PIECE;
    if (capture != d->capture)
        return 0;
    if (d->cap_kind != ARB_NO_KIND
        && (arb_piece_kind(pos->board[taken_sq]) != d->cap_kind || !on_files(d->cap_files, taken_sq)))
        return 0;
    if (d->to_files && (!on_files(d->to_files, to) || relative_rank(pos, to) != d->to_rank))
        return 0;
    if (type == ARB_MOVE_PROMOTION) {
        if (d->promotion == ARB_NO_KIND)
            return 2;
        return arb_move_promotion(m) == d->promotion;
    }
    return d->promotion == ARB_NO_KIND;
}

int arb_descriptive_read(const arb_locale *loc, const arb_position *pos, const char *token, size_t len,
                         arb_move *move, arb_move_spec *spec, arb_movelist *candidates)
{
    if (candidates)
        candidates->count = 0;
    /* the lenient reader's mark on NxP (shorthand.h) is no part of it here */
    char plain[64];
    size_t n = arb_shorthand_unmark(token, len, plain, sizeof plain);
    /* the longest real form (N/QR1xQN3=Qch) is far shorter; the parse tries
     * every split, so its time is bounded by this */
    dspec d;
    if (n == 0 || n > DESCRIPTIVE_MAX || !parse(loc, plain, n, &d))
        return ARB_SAN_SYNTAX;
    arb_movelist legal;
    arb_generate_legal(pos, &legal);
    int found = 0, unpromoted = 0;
    arb_move first = 0;
    for (int i = 0; i < legal.count; i++) {
        int f = fits(pos, &d, legal.moves[i]);
        if (f == 1 && found++ == 0)
            first = legal.moves[i];
        unpromoted += f == 2;
        if (f && candidates)
            candidates->moves[candidates->count++] = legal.moves[i];
    }
    if (spec) {
        spec->kind = d.kind;
        spec->from_file = spec->from_rank = -1;
        spec->to = found == 1 ? arb_move_to(first) : ARB_NO_SQUARE;
        spec->promotion = d.promotion;
        spec->castle = d.castle;
        spec->flags = d.flags;
    }
    int verdict = arb_fitting_verdict(found, first, move, candidates);
    if (verdict >= 0)
        return verdict;
    if (unpromoted)
        return ARB_SAN_BAD_PROMOTION;
    /* for the message: the moves of that piece kind */
    if (candidates)
        for (int i = 0; i < legal.count; i++)
            if (arb_piece_kind(pos->board[arb_move_from(legal.moves[i])]) == d.kind
                && arb_move_type(legal.moves[i]) != ARB_MOVE_CASTLING)
                candidates->moves[candidates->count++] = legal.moves[i];
    return ARB_SAN_ILLEGAL;
}

/* ---- writing ----------------------------------------------------------------- */

typedef struct text {
    char s[ARB_NOTATION_MAX];
    size_t len;
} text;

static void add(text *t, const char *s)
{
    size_t n = strlen(s);
    if (t->len + n >= sizeof t->s)
        n = sizeof t->s - 1 - t->len;
    memcpy(t->s + t->len, s, n);
    t->len += n;
    t->s[t->len] = '\0';
}

static const char *file_name(const arb_locale *loc, int file)
{
    return arb_locale_word(loc, ARB_LOCALE_DESCRIPTIVE_FILE_A + file, 0);
}

static const char *letter(const arb_locale *loc, int kind)
{
    return arb_locale_piece_count(loc, kind) ? arb_locale_piece(loc, kind, 0) : "";
}

/* The square with the `nth` shortest spelling of its file (books write the
 * shortest that is not ambiguous: B3, then KB3); SIZE_MAX: the first
 * spelling, which names one file. */
static void add_square(const arb_locale *loc, const arb_position *pos, int sq, size_t nth, text *t)
{
    char r[2] = {(char)('1' + relative_rank(pos, sq)), '\0'};
    int list = ARB_LOCALE_DESCRIPTIVE_FILE_A + arb_file_of(sq);
    size_t count = arb_locale_words_count(loc, list), pick = 0;
    for (size_t rank = 0, len = 0; len <= ARB_NOTATION_MAX && rank <= nth; len++)
        for (size_t i = 0; i < count && rank <= nth; i++)
            if (strlen(arb_locale_word(loc, list, i)) == len && rank++ == nth)
                pick = i;
    const char *file = arb_locale_word(loc, list, nth < count ? pick : 0);
    if (rank_first(loc)) {
        add(t, r);
        add(t, file);
    } else {
        add(t, file);
        add(t, r);
    }
}

/* The wing of a file, as the name of the queen's or king's file. */
static const char *wing_name(const arb_locale *loc, int file)
{
    return file_name(loc, file < 4 ? 3 : 4);
}

static bool reads_back(const arb_locale *loc, const arb_position *pos, const text *t, arb_move move)
{
    arb_move m;
    return arb_descriptive_read(loc, pos, t->s, t->len, &m, NULL, NULL) == ARB_SAN_OK && m == move;
}

size_t arb_descriptive_write(const arb_locale *loc, const arb_position *pos, arb_move move, char *buf)
{
    int from = arb_move_from(move), to = arb_move_to(move), type = arb_move_type(move);
    text best = {{0}, 0};
    if (type == ARB_MOVE_CASTLING) {
        int side = arb_file_of(to) > arb_file_of(from) ? ARB_LOCALE_CASTLE_SHORT : ARB_LOCALE_CASTLE_LONG;
        add(&best, arb_locale_list_count(loc, side) ? arb_locale_list_item(loc, side, 0) : "");
    } else {
        int kind = arb_piece_kind(pos->board[from]);
        int taken_sq = type == ARB_MOVE_EN_PASSANT ? arb_square(arb_file_of(to), arb_rank_of(from)) : to;
        bool capture = type == ARB_MOVE_EN_PASSANT || pos->board[to] != ARB_NO_PIECE;
        const char *sep = rank_first(loc) ? "" : "-";
        const char *cap = arb_locale_list_count(loc, ARB_LOCALE_CAPTURE)
                              ? arb_locale_list_item(loc, ARB_LOCALE_CAPTURE, 0) : "x";
        char promo[24] = "";
        if (type == ARB_MOVE_PROMOTION) {
            strcpy(promo, "=");
            strncat(promo, letter(loc, arb_move_promotion(move)), sizeof promo - 2);
        }
        bool done = false;
        size_t names = arb_locale_words_count(loc, ARB_LOCALE_DESCRIPTIVE_FILE_A + arb_file_of(to));
        /* the plainest form that reads back as this move */
        for (int mover = 0; mover < 4 && !done; mover++) {
            for (size_t target = 0; target < (capture ? 2 : 0) + names && !done; target++) {
                text t = {{0}, 0};
                const char *qualifier = !(mover & 1) ? ""
                                        : kind == ARB_PAWN ? file_name(loc, arb_file_of(from))
                                                           : wing_name(loc, arb_file_of(from));
                if (!rank_first(loc))
                    add(&t, qualifier);
                add(&t, letter(loc, kind));
                if (rank_first(loc))
                    add(&t, qualifier);
                if (mover & 2) {
                    char r[2] = {(char)('1' + relative_rank(pos, from)), '\0'};
                    add(&t, r);
                }
                if (!capture) {
                    add(&t, sep);
                    add_square(loc, pos, to, target, &t);
                } else {
                    add(&t, cap);
                    int taken = arb_piece_kind(pos->board[taken_sq]);
                    if (target == 0) {
                        add(&t, letter(loc, taken));
                    } else if (target == 1) {
                        const char *where = taken == ARB_PAWN ? file_name(loc, arb_file_of(taken_sq))
                                                              : wing_name(loc, arb_file_of(taken_sq));
                        add(&t, rank_first(loc) ? letter(loc, taken) : where);
                        add(&t, rank_first(loc) ? where : letter(loc, taken));
                    } else {
                        add_square(loc, pos, to, target - 2, &t);
                    }
                }
                add(&t, promo);
                if (reads_back(loc, pos, &t, move)) {
                    best = t;
                    done = true;
                }
            }
        }
        if (!done) {
            /* the square it stands on: N/QR1-QN3 */
            add(&best, letter(loc, kind));
            add(&best, "/");
            add_square(loc, pos, from, SIZE_MAX, &best);
            add(&best, capture ? cap : sep);
            add_square(loc, pos, to, SIZE_MAX, &best);
            add(&best, promo);
        }
    }
    arb_position after;
    arb_position_make(pos, move, &after);
    if (arb_in_check(&after)) {
        int w = arb_is_checkmate(&after) ? ARB_LOCALE_DESCRIPTIVE_MATE : ARB_LOCALE_DESCRIPTIVE_CHECK;
        add(&best, arb_locale_words_count(loc, w) ? arb_locale_word(loc, w, 0)
                   : w == ARB_LOCALE_DESCRIPTIVE_MATE ? "#" : "+");
    }
    memcpy(buf, best.s, best.len + 1);
    return best.len;
}
