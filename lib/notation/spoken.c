/* spoken.c — spoken notation of FIDE Laws Appendix D.2.1 (see spoken.h). */
#include "spoken.h"

#include <string.h>

#include "san.h"

static const char piece_letters[6] = {'P', 'N', 'B', 'R', 'Q', 'K'};

bool arb_spoken_locale_complete(const arb_locale *loc)
{
    for (int w = ARB_LOCALE_SPOKEN_PAWN; w <= ARB_LOCALE_SPOKEN_CASTLE_LONG; w++)
        if (arb_locale_words_count(loc, w) == 0)
            return false;
    return true;
}

const arb_locale *arb_spoken_locale(const arb_locale_set *set, const char *code)
{
    if (code) {
        const arb_locale *loc = arb_locale_find(set, code);
        return loc && arb_spoken_locale_complete(loc) ? loc : NULL;
    }
    for (size_t i = 0; i < arb_locales_count(set); i++)
        if (arb_spoken_locale_complete(arb_locales_at(set, i)))
            return arb_locales_at(set, i);
    return NULL;
}

/* ---- reading ----------------------------------------------------------------- */

static bool blank(char c) { return c == ' ' || c == '\t'; }

static bool ends_word(const char *s, size_t n, size_t at)
{
    if (at >= n)
        return true;
    char c = s[at];
    return blank(c) || c == '\r' || c == '\n' || c == ',' || c == ';' || c == '.' || c == '!' || c == '?'
           || c == '+' || c == '#' || c == ')' || c == '(' || c == '{';
}

static char lower(char c) { return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c; }

/* Length of `phrase` at s[at..n) (ASCII letters in any case, each space of
 * the phrase one or more blanks of the text), ending a word; else 0. */
static size_t phrase_len(const char *s, size_t n, size_t at, const char *phrase)
{
    size_t i = at;
    for (const char *p = phrase; *p; p++) {
        if (*p == ' ') {
            if (i >= n || !blank(s[i]))
                return 0;
            while (i < n && blank(s[i]))
                i++;
            continue;
        }
        if (i >= n || lower(s[i]) != lower(*p))
            return 0;
        i++;
    }
    return ends_word(s, n, i) ? i - at : 0;
}

/* The longest spoken word of any locale at s[at..): its list (an
 * ARB_LOCALE_SPOKEN_* value) and length, or -1. */
static int word_at(const arb_locale_set *set, const char *s, size_t n, size_t at, size_t *len)
{
    int which = -1;
    *len = 0;
    if (!set || at >= n)
        return which;
    size_t count;
    const arb_locale_set_word *words = arb_locales_words_from(set, (unsigned char)s[at], &count);
    for (size_t i = 0; i < count; i++) {
        size_t m = phrase_len(s, n, at, words[i].text);
        if (m > *len) {
            *len = m;
            which = words[i].which;
        }
    }
    return which;
}

enum { T_FILE, T_RANK, T_CAPTURE };

typedef struct token {
    int type, value;
    size_t end;   /* byte after the word */
} token;

static int token_type(int w, int *value)
{
    if (w >= ARB_LOCALE_SPOKEN_FILE_A && w < ARB_LOCALE_SPOKEN_FILE_A + 8) {
        *value = w - ARB_LOCALE_SPOKEN_FILE_A;
        return T_FILE;
    }
    if (w >= ARB_LOCALE_SPOKEN_RANK_1 && w < ARB_LOCALE_SPOKEN_RANK_1 + 8) {
        *value = w - ARB_LOCALE_SPOKEN_RANK_1;
        return T_RANK;
    }
    *value = 0;
    return w == ARB_LOCALE_SPOKEN_CAPTURE ? T_CAPTURE : -1;
}

/* Whether t[0..k) is [file] [rank] [capture] file rank. */
static bool valid_squares(const token *t, size_t k)
{
    if (k < 2 || t[k - 2].type != T_FILE || t[k - 1].type != T_RANK)
        return false;
    int next = T_FILE;
    for (size_t i = 0; i + 2 < k; i++) {
        if (t[i].type < next)
            return false;
        next = t[i].type + 1;
    }
    return true;
}

/* Blanks after a word; with `lines`, line breaks too (a move wrapped onto
 * the next line). */
static size_t skip_blanks(const char *s, size_t n, size_t at, bool lines)
{
    while (at < n && (blank(s[at]) || (lines && (s[at] == '\n' || s[at] == '\r'))))
        at++;
    return at;
}

/* A check or mate word, or + / # glued, after a move ending at *end. */
static void check_mark(const arb_locale_set *set, const char *s, size_t n, size_t *end, char *san, size_t *o)
{
    if (*end < n && (s[*end] == '+' || s[*end] == '#')) {
        san[(*o)++] = s[(*end)++];
        return;
    }
    size_t at = skip_blanks(s, n, *end, false), m;
    int w = word_at(set, s, n, at, &m);
    if (w == ARB_LOCALE_SPOKEN_CHECK || w == ARB_LOCALE_SPOKEN_MATE) {
        san[(*o)++] = w == ARB_LOCALE_SPOKEN_CHECK ? '+' : '#';
        *end = at + m;
    }
}

/* Whether a piece of this kind can go from (f1, r1) to (f2, r2) on an
 * empty board (a pawn of either colour; the king also castling). */
static bool piece_can_go(int kind, int f1, int r1, int f2, int r2)
{
    int df = f2 > f1 ? f2 - f1 : f1 - f2, dr = r2 > r1 ? r2 - r1 : r1 - r2;
    if (df == 0 && dr == 0)
        return false;
    switch (kind) {
    case ARB_PAWN: return (df == 0 && (dr == 1 || (dr == 2 && (r1 == 1 || r1 == 6)))) || (df == 1 && dr == 1);
    case ARB_KNIGHT: return (df == 1 && dr == 2) || (df == 2 && dr == 1);
    case ARB_BISHOP: return df == dr;
    case ARB_ROOK: return df == 0 || dr == 0;
    case ARB_QUEEN: return df == dr || df == 0 || dr == 0;
    default: return (df <= 1 && dr <= 1) || (df == 2 && dr == 0 && f1 == 4 && (r1 == 0 || r1 == 7));
    }
}

size_t arb_spoken_read(const arb_locale_set *set, const char *s, size_t n, bool short_form, char *san)
{
    size_t m, o = 0, end;
    int w = word_at(set, s, n, 0, &m);
    if (w < 0)
        return 0;
    if (w == ARB_LOCALE_SPOKEN_CASTLE_SHORT || w == ARB_LOCALE_SPOKEN_CASTLE_LONG) {
        const char *c = w == ARB_LOCALE_SPOKEN_CASTLE_SHORT ? "O-O" : "O-O-O";
        o = strlen(c);
        memcpy(san, c, o);
        end = m;
    } else {
        int piece = -1;
        size_t at = 0;
        if (w >= ARB_LOCALE_SPOKEN_PAWN && w <= ARB_LOCALE_SPOKEN_PAWN + ARB_KING) {
            piece = w - ARB_LOCALE_SPOKEN_PAWN;
            at = skip_blanks(s, n, m, true);
        }
        token t[5];
        size_t count = 0;
        while (count < 5) {
            size_t len;
            int v, type = token_type(word_at(set, s, n, at, &len), &v);
            if (type < 0)
                break;
            t[count++] = (token){type, v, at + len};
            at = skip_blanks(s, n, at + len, true);
        }
        /* the shortest reading (Eva vier Eva fünf is two moves) unless a
         * capture word follows it; after a piece word, two squares the
         * piece can go between are one move (Springer Gustav eins Felix
         * drei), unless short_form */
        size_t k = 0;
        for (size_t i = 2; i <= count; i++)
            if (valid_squares(t, i)) {
                k = i;
                if (!(i < count && t[i].type == T_CAPTURE))
                    break;
            }
        if (k == 2 && count >= 4 && piece > ARB_PAWN && !short_form && valid_squares(t, 4)
            && piece_can_go(piece, t[0].value, t[1].value, t[2].value, t[3].value))
            k = 4;
        if (k == 0)
            return 0;
        bool capture = false;
        int from_file = -1, from_rank = -1;
        for (size_t i = 0; i + 2 < k; i++) {
            if (t[i].type == T_FILE)
                from_file = t[i].value;
            else if (t[i].type == T_RANK)
                from_rank = t[i].value;
            else
                capture = true;
        }
        int to_file = t[k - 2].value, to_rank = t[k - 1].value;
        end = t[k - 1].end;
        if (piece > ARB_PAWN) {
            san[o++] = piece_letters[piece];
            if (from_file >= 0)
                san[o++] = (char)('a' + from_file);
            if (from_rank >= 0)
                san[o++] = (char)('1' + from_rank);
        } else if (from_file >= 0 && (capture || from_file != to_file)) {
            san[o++] = (char)('a' + from_file);
            capture = true;
        }
        if (capture)
            san[o++] = 'x';
        san[o++] = (char)('a' + to_file);
        san[o++] = (char)('1' + to_rank);
        if (piece <= ARB_PAWN && (to_rank == 0 || to_rank == 7)) {
            size_t pat = skip_blanks(s, n, end, true), pm;
            int p = word_at(set, s, n, pat, &pm);
            if (p >= ARB_LOCALE_SPOKEN_PAWN + ARB_KNIGHT && p <= ARB_LOCALE_SPOKEN_PAWN + ARB_QUEEN) {
                san[o++] = '=';
                san[o++] = piece_letters[p - ARB_LOCALE_SPOKEN_PAWN];
                end = pat + pm;
            }
        }
    }
    check_mark(set, s, n, &end, san, &o);
    if (end < n && (s[end] == ',' || s[end] == ';' || s[end] == '.'))
        end++;
    san[o] = '\0';
    return end;
}

/* ---- writing ----------------------------------------------------------------- */

static void put_word(const arb_locale *loc, int which, char *buf, size_t *o)
{
    if (arb_locale_words_count(loc, which) == 0)
        return;
    const char *word = arb_locale_word(loc, which, 0);
    size_t m = strlen(word);
    if (*o + m + 2 > ARB_SPOKEN_MAX)
        return;
    if (*o)
        buf[(*o)++] = ' ';
    memcpy(buf + *o, word, m);
    *o += m;
}

static int kind_of_letter(char c)
{
    for (int k = ARB_KNIGHT; k <= ARB_KING; k++)
        if (piece_letters[k] == c)
            return k;
    return ARB_NO_KIND;
}

size_t arb_spoken_write(const arb_locale *loc, const arb_position *pos, arb_move move, char *buf)
{
    char san[ARB_SAN_MAX];
    size_t n = arb_san_write(pos, move, san), o = 0;
    buf[0] = '\0';
    size_t i = 0;
    if (n >= 3 && san[0] == 'O') {
        bool long_side = n >= 5 && san[3] == '-';
        put_word(loc, long_side ? ARB_LOCALE_SPOKEN_CASTLE_LONG : ARB_LOCALE_SPOKEN_CASTLE_SHORT, buf, &o);
        i = long_side ? 5 : 3;
    } else if (kind_of_letter(san[0]) != ARB_NO_KIND) {
        put_word(loc, ARB_LOCALE_SPOKEN_PAWN + kind_of_letter(san[0]), buf, &o);
        i = 1;
    } else {
        put_word(loc, ARB_LOCALE_SPOKEN_PAWN, buf, &o);
    }
    for (; i < n; i++) {
        char c = san[i];
        if (c >= 'a' && c <= 'h')
            put_word(loc, ARB_LOCALE_SPOKEN_FILE_A + (c - 'a'), buf, &o);
        else if (c >= '1' && c <= '8')
            put_word(loc, ARB_LOCALE_SPOKEN_RANK_1 + (c - '1'), buf, &o);
        else if (c == 'x')
            put_word(loc, ARB_LOCALE_SPOKEN_CAPTURE, buf, &o);
        else if (c == '+')
            put_word(loc, ARB_LOCALE_SPOKEN_CHECK, buf, &o);
        else if (c == '#')
            put_word(loc, arb_locale_words_count(loc, ARB_LOCALE_SPOKEN_MATE) ? ARB_LOCALE_SPOKEN_MATE
                                                                             : ARB_LOCALE_SPOKEN_CHECK,
                     buf, &o);
        else if (kind_of_letter(c) != ARB_NO_KIND)
            put_word(loc, ARB_LOCALE_SPOKEN_PAWN + kind_of_letter(c), buf, &o);
    }
    buf[o] = '\0';
    return o;
}
