/* notation.c — compiling a locale's grammar and parsing tokens into
 * constraints (arb_move_spec); resolution is in resolve.c, writing in
 * notation_write.c.
 *
 * Matching allocates nothing on the heap: PCRE2's match data is placed in a
 * small arena on the caller's stack through a general context, which also
 * keeps an arb_notation free of mutable state, so threads can share it.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "notation.h"

#include <pcre2.h>
#include <stdalign.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "descriptive.h"
#include "figurine.h"
#include "shorthand.h"

enum group {
    G_CASTLE_LONG, G_CASTLE_SHORT, G_PIECE, G_FROM_FILE, G_FROM_RANK, G_CAPTURE, G_TO,
    G_PROMOTION, G_EN_PASSANT, G_CHECK, G_ANNOTATION, G_DRAW_OFFER, G_COUNT
};

static const char *const group_names[G_COUNT] = {
    "castle_long", "castle_short", "piece", "from_file", "from_rank", "capture", "to",
    "promotion", "en_passant", "check", "annotation", "draw_offer"};

typedef struct spelling {
    const char *text;
    size_t len;
    int kind;
} spelling;

#define MAX_SPELLINGS 64

struct arb_notation {
    const arb_locale *loc;
    pcre2_code *code;
    int group[G_COUNT];           /* capture group numbers, -1 if the grammar lacks one */
    spelling spellings[MAX_SPELLINGS];
    size_t spelling_count;
    bool san_fast;                /* arb_san_parse reads every token as this locale does */
    bool pawn_fast;               /* ... and at least plain pawn moves */
    bool capture_x, capture_colon;/* x and : are capture marks (translate_to_san) */
    spelling en_passant[8];       /* the locale's e.p. marks, for arb_notation_extra */
    size_t en_passant_count;
    bool descriptive;             /* P-K4: read by descriptive.c only */
};

/* ---- stack arena for PCRE2 ---------------------------------------------------- */

typedef struct arena {
    alignas(max_align_t) unsigned char bytes[2048];
    size_t used;
} arena;

static void *arena_malloc(PCRE2_SIZE size, void *data)
{
    arena *a = data;
    size_t n = (size + alignof(max_align_t) - 1) & ~(alignof(max_align_t) - 1);
    if (n <= sizeof a->bytes - a->used) {
        void *p = a->bytes + a->used;
        a->used += n;
        return p;
    }
    return malloc(size); /* the interpreter's frame vector when JIT is unavailable */
}

static void arena_free(void *p, void *data)
{
    arena *a = data;
    unsigned char *c = p;
    if (c >= a->bytes && c < a->bytes + sizeof a->bytes)
        return;
    free(p);
}

/* ---- creation ------------------------------------------------------------------ */

static arb_status status_of(int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    arb_status st = arb_status_verror(arb_grammar_error_class(code), code, 0, 0, fmt, ap);
    va_end(ap);
    return st;
}

static bool has_item(const arb_locale *loc, int list, const char *s)
{
    for (size_t i = 0; i < arb_locale_list_count(loc, list); i++)
        if (strcmp(arb_locale_list_item(loc, list, i), s) == 0)
            return true;
    return false;
}

static bool has_piece(const arb_locale *loc, int kind, const char *s)
{
    for (size_t i = 0; i < arb_locale_piece_count(loc, kind); i++)
        if (strcmp(arb_locale_piece(loc, kind, i), s) == 0)
            return true;
    return false;
}

/* The canonical SAN parser may stand in for the grammar only where its
 * reading cannot differ from the locale's: English letters with English
 * meanings, x for captures, and both castling spellings it accepts. */
static void decide_fast_paths(arb_notation *n)
{
    const arb_locale *loc = n->loc;
    n->pawn_fast = has_item(loc, ARB_LOCALE_CAPTURE, "x");
    n->capture_x = n->pawn_fast;
    n->capture_colon = has_item(loc, ARB_LOCALE_CAPTURE, ":");
    n->san_fast = n->pawn_fast && has_piece(loc, ARB_KNIGHT, "N") && has_piece(loc, ARB_BISHOP, "B") &&
                  has_piece(loc, ARB_ROOK, "R") && has_piece(loc, ARB_QUEEN, "Q") &&
                  has_piece(loc, ARB_KING, "K") && has_item(loc, ARB_LOCALE_CASTLE_SHORT, "O-O") &&
                  has_item(loc, ARB_LOCALE_CASTLE_SHORT, "0-0") &&
                  has_item(loc, ARB_LOCALE_CASTLE_LONG, "O-O-O") && has_item(loc, ARB_LOCALE_CASTLE_LONG, "0-0-0");
}

arb_status arb_notation_new(const arb_grammar *grammar, const arb_locale *loc, arb_notation **out)
{
    *out = NULL;
    char *pattern;
    arb_status st = arb_grammar_expand(grammar, loc, &pattern);
    if (st.code)
        return st;
    int err;
    PCRE2_SIZE offset;
    pcre2_code *code = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED,
                                     PCRE2_EXTENDED | PCRE2_UTF | PCRE2_NO_AUTO_CAPTURE, &err, &offset, NULL);
    if (!code) {
        PCRE2_UCHAR text[120];
        pcre2_get_error_message(err, text, sizeof text);
        /* show where in the expansion it failed: usually a spelling */
        size_t from = offset > 20 ? offset - 20 : 0;
        st = status_of(ARB_GRAMMAR_COMPILE, "%s: for locale %s: %s near \"%.40s\"", arb_grammar_name(grammar),
                       arb_locale_code(loc), (const char *)text, pattern + from);
        free(pattern);
        return st;
    }
    free(pattern);
    /* JIT is an optimisation: without it (unsupported CPU) matching still works */
    (void)pcre2_jit_compile(code, PCRE2_JIT_COMPLETE);

    arb_notation *n = calloc(1, sizeof *n);
    if (!n) {
        pcre2_code_free(code);
        return status_of(ARB_GRAMMAR_NO_MEMORY, "out of memory");
    }
    n->loc = loc;
    n->code = code;
    for (int g = 0; g < G_COUNT; g++) {
        int num = pcre2_substring_number_from_name(code, (PCRE2_SPTR)group_names[g]);
        n->group[g] = num > 0 ? num : -1;
    }
    if (n->group[G_TO] < 0 || n->group[G_CASTLE_SHORT] < 0 || n->group[G_CASTLE_LONG] < 0) {
        arb_notation_free(n);
        return status_of(ARB_GRAMMAR_COMPILE, "%s: the grammar has no group named to, castle_short or castle_long",
                         arb_grammar_name(grammar));
    }
    for (int k = ARB_PAWN; k <= ARB_KING; k++)
        for (size_t i = 0; i < arb_locale_piece_count(loc, k) && n->spelling_count < MAX_SPELLINGS; i++) {
            spelling *s = &n->spellings[n->spelling_count++];
            s->text = arb_locale_piece(loc, k, i);
            s->len = strlen(s->text);
            s->kind = k;
        }
    for (size_t i = 0; i < arb_locale_list_count(loc, ARB_LOCALE_EN_PASSANT) && n->en_passant_count < 8; i++) {
        spelling *s = &n->en_passant[n->en_passant_count++];
        s->text = arb_locale_list_item(loc, ARB_LOCALE_EN_PASSANT, i);
        s->len = strlen(s->text);
    }
    decide_fast_paths(n);
    n->descriptive = arb_descriptive_locale(loc);
    *out = n;
    return st;
}

void arb_notation_free(arb_notation *n)
{
    if (!n)
        return;
    pcre2_code_free(n->code);
    free(n);
}

const arb_locale *arb_notation_locale(const arb_notation *n) { return n->loc; }

/* ---- parsing ------------------------------------------------------------------- */

static int kind_of_spelling(const arb_notation *n, const char *s, size_t len, unsigned *flags)
{
    for (size_t i = 0; i < n->spelling_count; i++)
        if (n->spellings[i].len == len && memcmp(n->spellings[i].text, s, len) == 0)
            return n->spellings[i].kind;
    int kind = arb_figurine_kind(s, len);
    if (kind != ARB_NO_KIND)
        *flags |= ARB_SPEC_FIGURINE;
    return kind;
}

int arb_notation_parse(const arb_notation *n, const char *token, size_t len, arb_move_spec *spec)
{
    spec->kind = ARB_PAWN;
    spec->from_file = spec->from_rank = -1;
    spec->to = ARB_NO_SQUARE;
    spec->promotion = ARB_NO_KIND;
    spec->castle = ARB_CASTLE_NONE;
    spec->flags = 0;
    /* descriptive squares need the position: only arb_notation_read reads them */
    if (len == 0 || len > 64 || n->descriptive)
        return ARB_SAN_SYNTAX;

    arena mem;
    mem.used = 0;
    pcre2_general_context *gc = pcre2_general_context_create(arena_malloc, arena_free, &mem);
    pcre2_match_data *md = gc ? pcre2_match_data_create_from_pattern(n->code, gc) : NULL;
    if (!md) {
        pcre2_general_context_free(gc);
        return ARB_SAN_SYNTAX;
    }
    int rc = pcre2_match(n->code, (PCRE2_SPTR)token, len, 0, 0, md, NULL);
    int result = ARB_SAN_SYNTAX;
    if (rc > 0) {
        PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
        uint32_t pairs = pcre2_get_ovector_count(md);
#define SET(g) (n->group[g] > 0 && (uint32_t)n->group[g] < pairs && ov[2 * n->group[g]] != PCRE2_UNSET)
#define AT(g) (token + ov[2 * n->group[g]])
#define LEN(g) (ov[2 * n->group[g] + 1] - ov[2 * n->group[g]])
        result = ARB_SAN_OK;
        if (SET(G_CASTLE_LONG)) {
            spec->castle = ARB_CASTLE_LONG;
            spec->kind = ARB_KING;
        } else if (SET(G_CASTLE_SHORT)) {
            spec->castle = ARB_CASTLE_SHORT;
            spec->kind = ARB_KING;
        } else {
            if (SET(G_FROM_FILE))
                spec->from_file = AT(G_FROM_FILE)[0] - 'a';
            if (SET(G_FROM_RANK))
                spec->from_rank = AT(G_FROM_RANK)[0] - '1';
            if (SET(G_PIECE))
                spec->kind = kind_of_spelling(n, AT(G_PIECE), LEN(G_PIECE), &spec->flags);
            else if (spec->from_file >= 0 && spec->from_rank >= 0)
                spec->kind = ARB_NO_KIND; /* coordinates only: any piece standing there */
            spec->to = arb_square(AT(G_TO)[0] - 'a', AT(G_TO)[1] - '1');
            if (SET(G_PROMOTION)) {
                const char *p = AT(G_PROMOTION);
                size_t pl = LEN(G_PROMOTION);
                int k = kind_of_spelling(n, p, pl, &spec->flags);
                if (k == ARB_NO_KIND && pl == 1) /* UCI's lowercase English letters */
                    k = *p == 'q' ? ARB_QUEEN : *p == 'r' ? ARB_ROOK : *p == 'b' ? ARB_BISHOP
                      : *p == 'n' ? ARB_KNIGHT : ARB_NO_KIND;
                if (k < ARB_KNIGHT || k > ARB_QUEEN)
                    result = ARB_SAN_SYNTAX; /* a king or pawn figurine */
                spec->promotion = k;
            }
            if (spec->kind == ARB_NO_KIND && SET(G_PIECE))
                result = ARB_SAN_SYNTAX;
        }
        if (SET(G_CAPTURE))
            spec->flags |= ARB_SPEC_CAPTURE;
        if (SET(G_EN_PASSANT))
            spec->flags |= ARB_SPEC_EN_PASSANT;
        if (SET(G_CHECK))
            spec->flags |= LEN(G_CHECK) == 1 && AT(G_CHECK)[0] == '+' ? ARB_SPEC_CHECK : ARB_SPEC_MATE;
        if (SET(G_ANNOTATION))
            spec->flags |= ARB_SPEC_ANNOTATION;
        if (SET(G_DRAW_OFFER))
            spec->flags |= ARB_SPEC_DRAW_OFFER;
#undef SET
#undef AT
#undef LEN
    }
    pcre2_match_data_free(md);
    pcre2_general_context_free(gc);
    return result;
}

/* ---- reading ------------------------------------------------------------------- */

/* e4, exd5, e8 ...: only files, ranks, x and check marks. */
static bool plain_pawn_token(const char *s, size_t len)
{
    if (len < 2 || len > 8 || s[0] < 'a' || s[0] > 'h')
        return false;
    for (size_t i = 1; i < len; i++) {
        char c = s[i];
        if (!((c >= 'a' && c <= 'h') || (c >= '1' && c <= '8') || c == 'x' || c == '+' || c == '#'))
            return false;
    }
    return true;
}

static void fill_from_fast_path(const arb_position *pos, arb_move move, const char *s, size_t len,
                                arb_move_spec *spec)
{
    spec->kind = arb_piece_kind(pos->board[arb_move_from(move)]);
    spec->from_file = spec->from_rank = -1;
    spec->to = arb_move_to(move);
    spec->promotion = arb_move_type(move) == ARB_MOVE_PROMOTION ? arb_move_promotion(move) : ARB_NO_KIND;
    spec->castle = ARB_CASTLE_NONE;
    spec->flags = ARB_SPEC_FAST_PATH;
    if (arb_move_type(move) == ARB_MOVE_CASTLING) {
        spec->castle = arb_move_to(move) > arb_move_from(move) ? ARB_CASTLE_SHORT : ARB_CASTLE_LONG;
        spec->to = ARB_NO_SQUARE;
    }
    for (size_t i = 0; i < len; i++) {
        if (s[i] == 'x')
            spec->flags |= ARB_SPEC_CAPTURE;
        else if (s[i] == '#' || (s[i] == '+' && i + 1 < len && s[i + 1] == '+'))
            spec->flags |= ARB_SPEC_MATE;
        else if (s[i] == '+' && !(spec->flags & ARB_SPEC_MATE))
            spec->flags |= ARB_SPEC_CHECK;
        else if (s[i] == '!' || s[i] == '?')
            spec->flags |= ARB_SPEC_ANNOTATION;
    }
    if (spec->flags & ARB_SPEC_MATE)
        spec->flags &= ~(unsigned)ARB_SPEC_CHECK;
}

/* The constraints rewritten as canonical SAN (or UCI for bare coordinates),
 * so that the targeted SAN resolver, which tests only the pieces that can
 * reach the square, can settle the common case; 0 when there is no such text. */
static size_t canonical_text(const arb_move_spec *spec, char *buf)
{
    static const char letters[] = "PNBRQK";
    size_t n = 0;
    if (spec->castle != ARB_CASTLE_NONE) {
        const char *castle = spec->castle == ARB_CASTLE_SHORT ? "O-O" : "O-O-O";
        n = strlen(castle);
        memcpy(buf, castle, n + 1);
        return n;
    }
    if (spec->to == ARB_NO_SQUARE)
        return 0;
    if (spec->kind == ARB_NO_KIND) { /* e2e4, e7e8q, e1h1: UCI */
        buf[n++] = (char)('a' + spec->from_file);
        buf[n++] = (char)('1' + spec->from_rank);
    } else {
        if (spec->kind != ARB_PAWN)
            buf[n++] = letters[spec->kind];
        else if (spec->from_file < 0 && (spec->flags & ARB_SPEC_CAPTURE))
            return 0; /* "xd5": SAN has no such form */
        if (spec->from_file >= 0)
            buf[n++] = (char)('a' + spec->from_file);
        if (spec->from_rank >= 0)
            buf[n++] = (char)('1' + spec->from_rank);
    }
    buf[n++] = (char)('a' + arb_file_of(spec->to));
    buf[n++] = (char)('1' + arb_rank_of(spec->to));
    if (spec->promotion != ARB_NO_KIND) {
        if (spec->kind == ARB_NO_KIND) {
            buf[n++] = (char)(letters[spec->promotion] + ('a' - 'A'));
        } else {
            buf[n++] = '=';
            buf[n++] = letters[spec->promotion];
        }
    }
    buf[n] = '\0';
    return n;
}

/* The kind of the longest piece spelling at the start of s, its length in
 * *used; ARB_NO_KIND when none. */
static int spelling_at(const arb_notation *n, const char *s, size_t len, size_t *used)
{
    int kind = ARB_NO_KIND;
    *used = 0;
    for (size_t i = 0; i < n->spelling_count; i++) {
        const spelling *sp = &n->spellings[i];
        /* the length first: s may be empty ("g1/" ends after its mark) */
        if (sp->len > *used && sp->len <= len && sp->text[0] == s[0] && memcmp(sp->text, s, sp->len) == 0) {
            kind = sp->kind;
            *used = sp->len;
        }
    }
    return kind;
}

/* A token in the plain short form of FIDE Appendix C written with the
 * locale's letters (Cf3, Tad1, Cg1f3, exd5, e:d5, d8D, d8=D, d8/D, d8(D),
 * with + ++ or # after it) rewritten as canonical SAN (Nf3, Rad1, ...), so
 * that the hand-written SAN parser reads national scoresheets at nearly the
 * speed of SAN.  Only piece letters and marks are replaced, one for one, so
 * nothing reads otherwise than through the grammar; spec receives what
 * arb_notation_parse would give.  Anything else (castling, figurines, long
 * forms, e.p., draw offers) returns 0 and takes the grammar path. */
static size_t translate_to_san(const arb_notation *n, const char *s, size_t len, char *out, arb_move_spec *spec)
{
    static const char letters[] = "PNBRQK";
    size_t i = 0, o = 0;
    spec->kind = ARB_PAWN;
    spec->from_file = spec->from_rank = -1;
    spec->promotion = ARB_NO_KIND;
    spec->castle = ARB_CASTLE_NONE;
    spec->flags = 0;
    if (len < 2 || len > 12)
        return 0;
    if (s[0] < 'a' || s[0] > 'h') {
        spec->kind = spelling_at(n, s, len, &i);
        if (spec->kind < ARB_KNIGHT || spec->kind > ARB_KING)
            return 0;
        out[o++] = letters[spec->kind];
    }
    char squares[4];   /* [file][rank] file rank: the from-square parts, then the destination */
    size_t sq = 0;
    for (; i < len; i++) {
        char c = s[i];
        if ((c >= 'a' && c <= 'h') || (c >= '1' && c <= '8')) {
            if (sq == 4)
                return 0;
            squares[sq++] = c;
            out[o++] = c;
        } else if ((c == 'x' && n->capture_x) || (c == ':' && n->capture_colon)) {
            if (spec->flags & ARB_SPEC_CAPTURE)
                return 0;
            out[o++] = 'x';
            spec->flags |= ARB_SPEC_CAPTURE;
        } else {
            break;
        }
    }
    if (sq < 2 || squares[sq - 2] < 'a' || squares[sq - 2] > 'h' || squares[sq - 1] < '1' || squares[sq - 1] > '8')
        return 0;
    spec->to = arb_square(squares[sq - 2] - 'a', squares[sq - 1] - '1');
    for (size_t k = 0; k + 2 < sq; k++) {
        char c = squares[k];
        if (c >= 'a' && c <= 'h' && spec->from_file < 0 && spec->from_rank < 0)
            spec->from_file = c - 'a';
        else if (c >= '1' && c <= '8' && spec->from_rank < 0)
            spec->from_rank = c - '1';
        else
            return 0;
    }
    if (spec->kind == ARB_PAWN && spec->from_rank >= 0)
        return 0;   /* e2e4: coordinates, for the grammar */
    if (i < len && s[i] != '+' && s[i] != '#') {
        bool paren = s[i] == '(';
        if (paren || s[i] == '=' || s[i] == '/')
            i++;
        size_t used;
        int kind = spelling_at(n, s + i, len - i, &used);
        if (kind < ARB_KNIGHT || kind > ARB_QUEEN || used == 0)
            return 0;
        i += used;
        if (paren && (i >= len || s[i++] != ')'))
            return 0;
        out[o++] = '=';
        out[o++] = letters[kind];
        spec->promotion = kind;
    }
    size_t marks = len - i;
    for (; i < len; i++)
        if (s[i] != '+' && s[i] != '#')
            return 0;
    if (marks == 1 && s[len - 1] == '+')
        spec->flags |= ARB_SPEC_CHECK;
    else if (marks > 0)
        spec->flags |= ARB_SPEC_MATE;
    out[o] = '\0';
    return o;
}

int arb_notation_read(const arb_notation *n, const arb_position *pos, const char *token, size_t len,
                      arb_move *move, arb_move_spec *spec, arb_movelist *candidates)
{
    if (n->descriptive)
        return arb_descriptive_read(n->loc, pos, token, len, move, spec, candidates);
    if (arb_shorthand_marked(token, len))
        return arb_shorthand_read(n->loc, pos, token, len, move, spec, candidates);
    if (n->san_fast || (n->pawn_fast && plain_pawn_token(token, len))) {
        if (arb_san_parse(pos, token, len, move, candidates) == ARB_SAN_OK) {
            if (spec)
                fill_from_fast_path(pos, *move, token, len, spec);
            return ARB_SAN_OK;
        }
    }
    if (!n->san_fast) {
        char san[16];
        arb_move_spec translated;
        size_t san_len = translate_to_san(n, token, len, san, &translated);
        if (san_len > 0 && arb_san_parse(pos, san, san_len, move, NULL) == ARB_SAN_OK) {
            if (spec)
                *spec = translated;
            if (candidates)
                candidates->count = 0;
            return ARB_SAN_OK;
        }
    }
    arb_move_spec local;
    if (!spec)
        spec = &local;
    int code = arb_notation_parse(n, token, len, spec);
    if (code != ARB_SAN_OK) {
        if (candidates)
            candidates->count = 0;
        return code;
    }
    /* a success of the targeted resolver is final; anything else is settled
     * by the general one, which also lists the candidates */
    char text[16];
    size_t text_len = canonical_text(spec, text);
    if (text_len > 0) {
        int quick = spec->kind == ARB_NO_KIND ? arb_uci_parse(pos, text, text_len, move)
                                              : arb_san_parse(pos, text, text_len, move, NULL);
        if (quick == ARB_SAN_OK) {
            if (candidates)
                candidates->count = 0;
            return ARB_SAN_OK;
        }
    }
    return arb_notation_resolve(pos, spec, move, candidates);
}

unsigned arb_notation_extra(const arb_notation *n, const char *token, size_t len)
{
    while (len && (token[len - 1] == ' ' || token[len - 1] == '\t'))
        len--;
    while (len && (*token == ' ' || *token == '\t')) {
        token++;
        len--;
    }
    if ((len == 3 && memcmp(token, "(=)", 3) == 0) || (len == 1 && *token == '='))
        return ARB_SPEC_DRAW_OFFER;
    for (size_t i = 0; i < n->en_passant_count; i++)
        if (n->en_passant[i].len == len && memcmp(n->en_passant[i].text, token, len) == 0)
            return ARB_SPEC_EN_PASSANT;
    /* descriptive books print "BxP ch", "R-Q8 mate", "N-Q5 dis ch" */
    for (int w = ARB_LOCALE_DESCRIPTIVE_CHECK; n->descriptive && w <= ARB_LOCALE_DESCRIPTIVE_MATE; w++)
        for (size_t i = 0; i < arb_locale_words_count(n->loc, w); i++) {
            const char *word = arb_locale_word(n->loc, w, i);
            if (strlen(word) == len && memcmp(word, token, len) == 0)
                return w == ARB_LOCALE_DESCRIPTIVE_CHECK ? ARB_SPEC_CHECK : ARB_SPEC_MATE;
        }
    return 0;
}
