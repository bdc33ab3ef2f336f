/* lenient.c — real-world movetext rewritten into PGN (see lenient.h). */
#include "lenient.h"

#include <stdlib.h>
#include <string.h>

#include "descriptive.h"
#include "grow.h"
#include "spoken.h"
#include "utf8.h"

/* ---- output and offset map ---------------------------------------------- */

void arb_lenient_text_init(arb_lenient_text *t)
{
    memset(t, 0, sizeof *t);
}

void arb_lenient_text_free(arb_lenient_text *t)
{
    free(t->text);
    free(t->norm_at);
    free(t->orig_at);
    free(t->notes);
    arb_lenient_text_init(t);
}

/* Items of the text: words and the brackets, comments and tag lines around
 * them; the bytes between items (blanks) are copied as they are. */
enum item_kind { IT_WORD, IT_NUMBER, IT_RESULT, IT_LPAREN, IT_RPAREN, IT_BRACE, IT_SEMI, IT_TAGLINE };

typedef struct item {
    int kind;
    size_t start, end;
    int32_t line, col;
} item;

typedef struct writer {
    arb_lenient_text *t;
    size_t *match;          /* per '(' item: its ')' item, or 0 */
    const char *src;
    size_t src_len;
    size_t copied;          /* src bytes up to here are in the output (or replaced) */
    item *items;
    size_t count, cap;
    bool oom;
    const arb_locale_set *set;   /* spoken words (spoken.h) */
} writer;

static void put(writer *w, const char *s, size_t n)
{
    arb_lenient_text *t = w->t;
    if (!arb_grow(&t->text, &t->cap, t->len + n + 1, 1)) {
        w->oom = true;
        return;
    }
    memcpy(t->text + t->len, s, n);
    t->len += n;
    t->text[t->len] = '\0';
}

static void breakpoint(writer *w, size_t orig)
{
    arb_lenient_text *t = w->t;
    size_t cap = arb_grown_capacity(t->map_cap, t->map_count + 1);
    if (cap != t->map_cap) {
        if (cap == 0 || !arb_resize(&t->norm_at, cap, sizeof *t->norm_at)
            || !arb_resize(&t->orig_at, cap, sizeof *t->orig_at)) {
            w->oom = true;
            return;
        }
        t->map_cap = cap;
    }
    t->norm_at[t->map_count] = t->len;
    t->orig_at[t->map_count] = orig;
    t->map_count++;
}

/* Copies the original bytes up to `to`. */
static void copy_to(writer *w, size_t to)
{
    if (to > w->copied) {
        put(w, w->src + w->copied, to - w->copied);
        w->copied = to;
    }
}

/* Replaces the original bytes [from, to) by s. */
static void replace(writer *w, size_t from, size_t to, const char *s, size_t n)
{
    copy_to(w, from);
    breakpoint(w, from);
    put(w, s, n);
    w->copied = to;
    breakpoint(w, to);
}

static void note(writer *w, const item *it, int kind)
{
    arb_lenient_text *t = w->t;
    if (!arb_grow(&t->notes, &t->note_cap, t->note_count + 1, sizeof *t->notes)) {
        w->oom = true;
        return;
    }
    t->notes[t->note_count++] = (arb_lenient_note){it->line, it->col, kind, t->len};
}

size_t arb_lenient_original_offset(const arb_lenient_text *t, size_t at)
{
    size_t lo = 0, hi = t->map_count;
    while (lo < hi) {   /* the last breakpoint at or before `at` */
        size_t mid = (lo + hi) / 2;
        if (t->norm_at[mid] <= at)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0)
        return at;
    size_t i = lo - 1;
    size_t o = t->orig_at[i] + (at - t->norm_at[i]);
    if (i + 1 < t->map_count && o > t->orig_at[i + 1])
        o = t->orig_at[i + 1];
    return o;
}

/* ---- characters ---------------------------------------------------------- */

static size_t char_len(const char *s, size_t avail)
{
    int n = arb_utf8_sequence_length((const unsigned char *)s, avail);
    return n > 0 ? (size_t)n : 1;
}

static bool is_blank(const char *s, size_t avail, size_t *n)
{
    (void)avail;
    unsigned char c = (unsigned char)s[0];
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v' || c == 0) {
        *n = 1;
        return true;
    }
    return false;
}

static bool is_nbsp(const char *s, size_t avail)
{
    return avail >= 2 && (unsigned char)s[0] == 0xC2 && (unsigned char)s[1] == 0xA0;
}

static bool is_dash(const char *s, size_t avail, size_t *n)
{
    if (avail == 0)
        return false;
    const unsigned char *u = (const unsigned char *)s;
    if (u[0] == '-') {
        *n = 1;
        return true;
    }
    if (avail >= 3 && u[0] == 0xE2 && ((u[1] == 0x80 && u[2] >= 0x90 && u[2] <= 0x95) || (u[1] == 0x88 && u[2] == 0x92))) {
        *n = 3;
        return true;
    }
    return false;
}

static bool is_capture(const char *s, size_t avail, size_t *n)
{
    if (avail == 0)
        return false;
    const unsigned char *u = (const unsigned char *)s;
    if (u[0] == 'x' || u[0] == ':') {
        *n = 1;
        return true;
    }
    if (avail >= 2 && u[0] == 0xC3 && u[1] == 0x97) {   /* × */
        *n = 2;
        return true;
    }
    return false;
}

/* An upper-case letter (Latin, Latin-1, Latin Extended-A, Greek, Cyrillic)
 * or a figurine: what a piece letter is made of. */
static size_t upper_letter(const char *s, size_t avail)
{
    if (avail == 0)
        return 0;
    const unsigned char *u = (const unsigned char *)s;
    if (u[0] >= 'A' && u[0] <= 'Z')
        return 1;
    if (avail >= 2 && u[0] == 0xC3 && u[1] >= 0x80 && u[1] <= 0x9E && u[1] != 0x97)
        return 2;
    if (avail >= 2 && (u[0] == 0xC4 || u[0] == 0xC5) && u[1] >= 0x80 && u[1] <= 0xBF && !(u[1] & 1))
        return 2;
    if (avail >= 2 && u[0] == 0xCE && u[1] >= 0x91 && u[1] <= 0xA9)
        return 2;
    if (avail >= 2 && u[0] == 0xD0 && ((u[1] >= 0x90 && u[1] <= 0xAF) || u[1] == 0x81 || u[1] == 0x88))
        return 2;   /* А-Я Ё Ј */
    if (avail >= 3 && u[0] == 0xE2 && u[1] == 0x99 && u[2] >= 0x94 && u[2] <= 0x9F)
        return 3;
    return 0;
}

/* A letter of any alphabet (for telling prose words). */
static size_t any_letter(const char *s, size_t avail)
{
    if (avail == 0)
        return 0;
    const unsigned char *u = (const unsigned char *)s;
    if ((u[0] >= 'A' && u[0] <= 'Z') || (u[0] >= 'a' && u[0] <= 'z'))
        return 1;
    if (u[0] >= 0xC3 && u[0] <= 0xD4 && avail >= 2 && !(u[0] == 0xC3 && (u[1] == 0x97 || u[1] == 0xB7)))
        return 2;
    return 0;
}

static bool file_c(char c) { return c >= 'a' && c <= 'h'; }
static bool rank_c(char c) { return c >= '1' && c <= '8'; }

/* A piece spelling: an upper-case letter, optionally followed by the 'p'
 * (Latin or Cyrillic р) of Russian Кр. */
static size_t piece_at(const char *s, size_t n)
{
    size_t k = upper_letter(s, n);
    if (!k)
        return 0;
    if (k < n && s[k] == 'p')
        return k + 1;
    if (k + 1 < n && (unsigned char)s[k] == 0xD1 && (unsigned char)s[k + 1] == 0x80)
        return k + 2;
    return k;
}

/* ---- does a word read as a move? ----------------------------------------- */

static size_t strip_marks(const char *s, size_t n)
{
    for (;;) {
        if (n > 0 && (s[n - 1] == '+' || s[n - 1] == '#' || s[n - 1] == '!' || s[n - 1] == '?'))
            n--;
        else if (n >= 3 && (unsigned char)s[n - 3] == 0xE2 && (unsigned char)s[n - 2] == 0x80
                 && ((unsigned char)s[n - 1] == 0xA0 || (unsigned char)s[n - 1] == 0xA1))
            n -= 3;   /* † ‡ */
        else
            return n;
    }
}

static size_t strip_en_passant(const char *s, size_t n)
{
    static const char *const marks[] = {"e.p.", "ep", "a.p.", "e.p", "i.p."};
    for (size_t i = 0; i < sizeof marks / sizeof *marks; i++) {
        size_t m = strlen(marks[i]);
        if (n > m && memcmp(s + n - m, marks[i], m) == 0 && rank_c(s[n - m - 1]))
            return n - m;
    }
    return n;
}

static bool castling(const char *s, size_t n)
{
    int circles = 0, dashes = 0;
    for (size_t i = 0; i < n;) {
        size_t k;
        if (s[i] == '0' || s[i] == 'O' || s[i] == 'o') {
            circles++;
            i++;
        } else if (is_dash(s + i, n - i, &k)) {
            dashes++;
            i += k;
        } else {
            return false;
        }
    }
    return (circles == 2 || circles == 3) && dashes == circles - 1;
}

/* The square part of a move: [a-h]?[1-8]?(capture|dash)?[a-h][1-8] and a
 * promotion; or a pawn capture by files only (ed, e:d). */
static bool promotion_part(const char *s, size_t n)
{
    size_t i = 0;
    if (n == 0)
        return true;
    if (s[i] == '=' || s[i] == '/')
        i++;
    if (i < n && s[i] == '(') {
        size_t p = piece_at(s + i + 1, n - i - 1);
        return p && i + 1 + p + 1 == n && s[n - 1] == ')';
    }
    if (i < n && (s[i] == 'q' || s[i] == 'r' || s[i] == 'b' || s[i] == 'n') && i + 1 == n)
        return true;
    size_t p = i < n ? piece_at(s + i, n - i) : 0;
    return p && i + p == n;
}

static bool square_part(const char *s, size_t n, bool pawn)
{
    size_t k;
    /* the destination is the last square written */
    for (size_t d = n >= 2 ? n - 2 : 0; n >= 2; d--) {
        if (file_c(s[d]) && rank_c(s[d + 1])) {
            size_t i = 0;
            if (i < d && file_c(s[i]))
                i++;
            if (i < d && rank_c(s[i]))
                i++;
            if (i < d && (is_capture(s + i, d - i, &k) || is_dash(s + i, d - i, &k)))
                i += k;
            return i == d && promotion_part(s + d + 2, n - d - 2);
        }
        if (d == 0)
            break;
    }
    /* e:d, exd: a pawn capture by files only ("ed" alone is too often a
     * word: de, be, ab) */
    if (pawn && n >= 3 && file_c(s[0]) && is_capture(s + 1, n - 1, &k))
        return 1 + k + 1 == n && file_c(s[1 + k]) && s[1 + k] != s[0];
    return false;
}

static bool movelike(const char *s, size_t n)
{
    n = strip_en_passant(s, strip_marks(s, n));
    if (n == 0)
        return false;
    if (castling(s, n) || (n == 2 && s[0] == '-' && s[1] == '-'))
        return true;
    size_t p = piece_at(s, n);
    if (p) {
        size_t k;
        /* TxT: a capture naming only the pieces */
        if (p < n && is_capture(s + p, n - p, &k) && piece_at(s + p + k, n - p - k) == n - p - k)
            return true;
        return square_part(s + p, n - p, false);
    }
    return square_part(s, n, true);
}

/* A lone piece letter, a lone capture mark or dash, lone marks. */
static bool only_piece(const char *s, size_t n) { return n > 0 && piece_at(s, n) == n; }

static bool only_marks(const char *s, size_t n) { return n > 0 && strip_marks(s, n) == 0; }

static bool only_capture_or_dash(const char *s, size_t n)
{
    size_t k;
    return n > 0 && ((is_capture(s, n, &k) && k == n) || (is_dash(s, n, &k) && k == n));
}

/* A word of prose: three letters or more and no digit. */
static bool prose_word(const char *s, size_t n)
{
    size_t letters = 0, best = 0;
    for (size_t i = 0; i < n;) {
        if (s[i] >= '0' && s[i] <= '9')
            return false;
        size_t k = any_letter(s + i, n - i);
        if (k) {
            letters++;
            if (letters > best)
                best = letters;
            i += k;
        } else {
            letters = 0;
            i += char_len(s + i, n - i);
        }
    }
    return best >= 3;
}

/* ---- fixing one word ------------------------------------------------------ */

typedef struct fixed {
    char text[96];
    size_t len;
    unsigned kinds;   /* 1 << ARB_LENIENT_* */
} fixed;

/* The typeset spelling of a piece at s, as the locale's own letters. */
static size_t typeset_piece(const arb_locale *loc, const char *s, size_t n, const char **own)
{
    size_t best = 0;
    for (int kind = ARB_KNIGHT; kind <= ARB_KING; kind++) {
        int list = ARB_LOCALE_TYPESET_KNIGHT + (kind - ARB_KNIGHT);
        for (size_t i = 0; i < arb_locale_words_count(loc, list); i++) {
            const char *w = arb_locale_word(loc, list, i);
            size_t m = strlen(w);
            if (m > best && m <= n && memcmp(s, w, m) == 0) {
                best = m;
                *own = arb_locale_piece(loc, kind, 0);
            }
        }
    }
    return best;
}

static void fix_word(const char *s, size_t n, const arb_locale *typeset, fixed *f);

/* A comma, a full stop (not of e.p.) or footnote marks after a word. */
static size_t punctuation_after(const char *s, size_t n)
{
    size_t k = 0;
    while (k < n && s[n - 1 - k] == '*')
        k++;
    if (k >= 2)
        return k;
    if (n >= 3 && (s[n - 1] == ',' || (s[n - 1] == '.' && s[n - 2] != '.' && !(n >= 4 && s[n - 2] == 'p' && s[n - 3] == '.'))))
        return 1;
    return 0;
}

/* The word without its punctuation, when that is a move. */
static bool fix_punctuated(const char *s, size_t n, const arb_locale *typeset, fixed *f)
{
    size_t k = punctuation_after(s, n);
    if (!k)
        return false;
    fix_word(s, n - k, typeset, f);
    if (!f->len || !movelike(f->text, f->len))
        return false;
    f->kinds |= 1u << ARB_LENIENT_PUNCTUATION;
    return true;
}

static void fix_word(const char *s, size_t n, const arb_locale *typeset, fixed *f)
{
    f->len = 0;
    f->kinds = 0;
    if (fix_punctuated(s, n, typeset, f))
        return;
    f->len = 0;
    f->kinds = 0;
    if (n > 60) {
        memcpy(f->text, s, n < sizeof f->text ? n : 0);
        f->len = n < sizeof f->text ? n : 0;
        return;
    }
    size_t i = 0;
    if (typeset) {
        const char *own = NULL;
        size_t m = typeset_piece(typeset, s, n, &own);
        if (m && own && (m == n || file_c(s[m]) || rank_c(s[m]) || s[m] == 'x' || s[m] == ':' || (unsigned char)s[m] == 0xD0
                          || (unsigned char)s[m] == 0xD1)) {
            size_t k = strlen(own);
            memcpy(f->text, own, k);
            f->len = k;
            i = m;
            f->kinds |= 1u << ARB_LENIENT_TYPESET;
        }
    }
    /* a lone lower-case Cyrillic piece letter, as in "с x f4" */
    if (i == 0 && (n == 2 || n == 4) && (unsigned char)s[0] == 0xD0 && n == 2
        && ((unsigned char)s[1] == 0xBA || (unsigned char)s[1] == 0xBB || (unsigned char)s[1] == 0xB4)) {
        f->text[0] = (char)0xD0;
        f->text[1] = (char)(s[1] - 0x20);   /* к л д */
        f->len = 2;
        f->kinds |= 1u << ARB_LENIENT_LOWERCASE;
        return;
    }
    if (i == 0 && n == 2 && (unsigned char)s[0] == 0xD1 && ((unsigned char)s[1] == 0x84 || (unsigned char)s[1] == 0x81)) {
        f->text[0] = (char)0xD0;
        f->text[1] = (char)((unsigned char)s[1] + 0x20);   /* ф с */
        f->len = 2;
        f->kinds |= 1u << ARB_LENIENT_LOWERCASE;
        return;
    }
    /* a lower-case piece letter: Latin (not a file letter) or Cyrillic */
    if (i == 0 && n >= 3) {
        const unsigned char *u = (const unsigned char *)s;
        bool next_square = false;
        size_t k = 0;
        if (u[0] >= 'i' && u[0] <= 'z' && u[0] != 'x' && u[0] != 'o')
            k = 1;
        else if (u[0] == 0xD0 && u[1] >= 0xB0 && u[1] <= 0xBF && u[1] != 0xB0 && u[1] != 0xB5)
            k = 2;   /* а-п, not а е (files) */
        else if (u[0] == 0xD1 && u[1] >= 0x80 && u[1] <= 0x8F && u[1] != 0x81)
            k = 2;   /* р-я, not с (a file) */
        else if (u[0] == 0xD1 && u[1] == 0x81 && n >= 3 && !rank_c(s[2]))
            k = 2;   /* с as a bishop: сf3, not с4 */
        size_t after = k;
        if (k == 2 && u[0] == 0xD0 && u[1] == 0xBA && n >= 4 && (unsigned char)s[2] == 0xD1 && (unsigned char)s[3] == 0x80)
            after = 4;   /* кр */
        if (k && after < n)
            next_square = file_c(s[after]) || s[after] == 'x' || s[after] == ':'
                          || (unsigned char)s[after] == 0xD0 || (unsigned char)s[after] == 0xD1;
        if (k && next_square) {
            if (k == 1) {
                f->text[0] = (char)(u[0] - 'a' + 'A');
            } else if (u[0] == 0xD0) {
                f->text[0] = (char)0xD0;
                f->text[1] = (char)(u[1] - 0x20);
            } else {
                f->text[0] = (char)0xD0;
                f->text[1] = (char)(u[1] + 0x20);
            }
            f->len = k;
            if (after == 4) {
                f->text[2] = (char)0xD1;
                f->text[3] = (char)0x80;
                f->len = 4;
            }
            i = after;
            f->kinds |= 1u << ARB_LENIENT_LOWERCASE;
        }
    }
    while (i < n) {
        const unsigned char *u = (const unsigned char *)s + i;
        size_t k;
        /* a Cyrillic letter as the file of a square: the look-alikes а с е,
         * and Serbian texts spell every file so (а б ц д е ф г х); ç */
        if (n - i >= 3 && rank_c(s[i + 2])) {
            char file = 0;
            if (u[0] == 0xC3 && u[1] == 0xA7)
                file = 'c';
            else if (u[0] == 0xD0)
                file = u[1] == 0xB0 ? 'a' : u[1] == 0xB1 ? 'b' : u[1] == 0xB4 ? 'd' : u[1] == 0xB5 ? 'e'
                     : u[1] == 0xB3 ? 'g' : 0;
            else if (u[0] == 0xD1)
                file = u[1] == 0x81 ? 'c' : u[1] == 0x86 ? 'c' : u[1] == 0x84 ? 'f' : u[1] == 0x85 ? 'h' : 0;
            if (file) {
                f->text[f->len++] = file;
                f->kinds |= 1u << ARB_LENIENT_LOOK_ALIKE;
                i += 2;
                continue;
            }
        }
        /* the captured piece named: Sd7xSe5, exSd5 */
        if (f->len > 0 && is_capture(s + i, n - i, &k)) {
            size_t p = piece_at(s + i + k, n - i - k);
            if (p && i + k + p + 2 <= n && file_c(s[i + k + p]) && rank_c(s[i + k + p + 1])) {
                memcpy(f->text + f->len, s + i, k);
                f->len += k;
                i += k + p;
                f->kinds |= 1u << ARB_LENIENT_CAPTURED;
                continue;
            }
        }
        /* Кd5×: '×' after the square is mate, not a capture */
        if (i + 2 == n && u[0] == 0xC3 && u[1] == 0x97 && f->len > 0 && rank_c(f->text[f->len - 1])) {
            f->text[f->len++] = '#';
            f->kinds |= 1u << ARB_LENIENT_MATE_SIGN;
            break;
        }
        /* ??? and !!! */
        if (n - i >= 3 && i + 3 == n && ((s[i] == '?' && s[i + 1] == '?' && s[i + 2] == '?')
                                        || (s[i] == '!' && s[i + 1] == '!' && s[i + 2] == '!'))) {
            f->text[f->len++] = s[i];
            f->text[f->len++] = s[i];
            f->kinds |= 1u << ARB_LENIENT_MARKS;
            break;
        }
        f->text[f->len++] = s[i++];
    }
}

/* ---- results ---------------------------------------------------------------- */

/* A termination marker as real text writes it; `canonical` gets the PGN form,
 * `changed` whether that differs. */
static bool result_word(const char *s, size_t n, const char **canonical, bool *changed)
{
    static const struct { const char *text, *pgn; } forms[] = {
        {"1-0", "1-0"}, {"0-1", "0-1"}, {"1/2-1/2", "1/2-1/2"}, {"*", "*"}, {"½-½", "1/2-1/2"},
        {"1:0", "1-0"}, {"0:1", "0-1"}, {"½:½", "1/2-1/2"}, {"0.5-0.5", "1/2-1/2"}, {"0,5-0,5", "1/2-1/2"},
        {"½–½", "1/2-1/2"}, {"1–0", "1-0"}, {"0–1", "0-1"}, {"1/2:1/2", "1/2-1/2"}, {"½", "1/2-1/2"},
        {"1/2", "1/2-1/2"},
    };
    for (size_t i = 0; i < sizeof forms / sizeof *forms; i++)
        if (strlen(forms[i].text) == n && memcmp(forms[i].text, s, n) == 0) {
            *canonical = forms[i].pgn;
            /* the PGN lexer reads these itself */
            *changed = !(i <= 4 || i == 10 || i == 11 || i == 12 || i == 15);
            return true;
        }
    return false;
}

static bool ascii_caseeq(const char *a, const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char x = a[i], y = b[i];
        if (x >= 'A' && x <= 'Z')
            x = (char)(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z')
            y = (char)(y - 'A' + 'a');
        if (x != y)
            return false;
    }
    return true;
}

/* Word i.. against one phrase (its words separated by spaces; trailing
 * . , ! of the text's words ignored).  Returns the items it takes, or 0. */
static size_t phrase_at(const writer *w, size_t i, const char *phrase)
{
    size_t taken = 0;
    const char *p = phrase;
    while (*p) {
        const char *e = strchr(p, ' ');
        size_t m = e ? (size_t)(e - p) : strlen(p);
        if (i + taken >= w->count || w->items[i + taken].kind != IT_WORD)
            return 0;
        const item *it = &w->items[i + taken];
        const char *s = w->src + it->start;
        size_t n = it->end - it->start;
        while (n > 0 && (s[n - 1] == '.' || s[n - 1] == ',' || s[n - 1] == '!'))
            n--;
        if (n != m || !ascii_caseeq(s, p, m))
            return 0;
        taken++;
        p += m;
        while (*p == ' ')
            p++;
    }
    return taken;
}

enum { WIN_WHITE, WIN_BLACK, WIN_DRAW, WIN_LAST_MOVER };

/* The longest result phrase of any locale at item i. */
static size_t result_phrase(const writer *w, const arb_locale_set *set, size_t i, int *meaning)
{
    size_t best = 0;
    for (size_t l = 0; set && l < arb_locales_count(set); l++) {
        const arb_locale *loc = arb_locales_at(set, l);
        for (int which = ARB_LOCALE_WHITE_WINS; which <= ARB_LOCALE_LAST_MOVER_WINS; which++)
            for (size_t k = 0; k < arb_locale_words_count(loc, which); k++) {
                size_t taken = phrase_at(w, i, arb_locale_word(loc, which, k));
                if (taken > best) {
                    best = taken;
                    *meaning = which - ARB_LOCALE_WHITE_WINS;
                }
            }
    }
    return best;
}

/* ---- items ------------------------------------------------------------------- */

static bool push_item(writer *w, int kind, size_t start, size_t end, int32_t line, int32_t col)
{
    if (!arb_grow(&w->items, &w->cap, w->count + 1, sizeof *w->items)) {
        w->oom = true;
        return false;
    }
    w->items[w->count++] = (item){kind, start, end, line, col};
    return true;
}

/* The value of the digits item j starts with (the text is not NUL-terminated
 * at the item's end), and whether the item is digits only. */
static int item_number(const writer *w, size_t j, bool *only_digits)
{
    const item *it = &w->items[j];
    int v = 0;
    size_t i = it->start;
    while (i < it->end && w->src[i] >= '0' && w->src[i] <= '9' && v < 100000)
        v = v * 10 + (w->src[i++] - '0');
    if (only_digits)
        *only_digits = i == it->end && i > it->start;
    return v;
}

/* Move number: digits with periods, an ellipsis or ')' right after them. */
static size_t number_len(const char *s, size_t n, bool *paren)
{
    size_t i = 0;
    *paren = false;
    while (i < n && s[i] >= '0' && s[i] <= '9')
        i++;
    if (i == 0 || i > 4)
        return 0;
    size_t d = i;
    while (i < n && s[i] == '.')
        i++;
    if (i + 3 <= n && (unsigned char)s[i] == 0xE2 && (unsigned char)s[i + 1] == 0x80 && (unsigned char)s[i + 2] == 0xA6)
        i += 3;
    if (i == d && i < n && s[i] == ')') {
        *paren = true;
        return i + 1;
    }
    return i > d ? i : 0;
}

/* A tag pair begins here: '[', a name, blanks, '"' (as pgn_boundary.h). */
static bool tag_pair_at(const char *s, size_t n)
{
    size_t i = 1;
    if (n < 2 || !((s[1] >= 'A' && s[1] <= 'Z') || (s[1] >= 'a' && s[1] <= 'z')))
        return false;
    while (i < n && ((s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9')
                     || s[i] == '_'))
        i++;
    size_t name_end = i;
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    return i > name_end && i < n && s[i] == '"';
}

static void split_items(writer *w, int32_t line, int32_t col)
{
    const char *s = w->src;
    size_t n = w->src_len, i = 0;
    bool line_start = col == 1;
    size_t open = 0;   /* round brackets open: "(Merida, 2000)" ends in a bracket, not a "1)" number */
    while (i < n && !w->oom) {
        size_t k;
        if (s[i] == '\n') {
            line++;
            col = 1;
            line_start = true;
            i++;
            continue;
        }
        if (is_blank(s + i, n - i, &k) || is_nbsp(s + i, n - i)) {
            i += is_nbsp(s + i, n - i) ? 2 : 1;
            col++;
            continue;
        }
        size_t start = i;
        int32_t c0 = col;
        int kind = IT_WORD;
        if ((s[i] == '[' && line_start && tag_pair_at(s + i, n - i)) || (s[i] == '%' && col == 1)) {
            kind = IT_TAGLINE;
            while (i < n && s[i] != '\n')
                i++;
        } else if (s[i] == '{') {
            kind = IT_BRACE;
            while (i < n && s[i] != '}')
                i++;
            if (i < n)
                i++;
        } else if (s[i] == ';' && line_start) {   /* elsewhere prose punctuation: "De3 ;" */
            kind = IT_SEMI;
            while (i < n && s[i] != '\n')
                i++;
        } else if ((s[i] == '(' && !(i + 2 < n && s[i + 1] == '=' && s[i + 2] == ')')) || s[i] == '[') {
            kind = IT_LPAREN;   /* books bracket notes and variations [ ] too */
            open++;
            i++;
        } else if (s[i] == ')' || s[i] == ']') {
            kind = IT_RPAREN;
            if (open > 0)
                open--;
            i++;
        } else {
            bool paren, changed;
            const char *canon;
            size_t we = i;
            while (we < n && !is_blank(s + we, n - we, &k) && s[we] != ')' && s[we] != '(' && s[we] != '{'
                   && s[we] != ']')
                we++;
            size_t m = result_word(s + i, we - i, &canon, &changed) ? 0 : number_len(s + i, n - i, &paren);
            if (m && paren && open > 0)
                m = 0;
            if (m) {
                kind = IT_NUMBER;
                i += m;
                /* "18. ... Se4-f6": the dots after a blank are the number's */
                size_t d = i;
                while (d < n && (s[d] == ' ' || s[d] == '\t'))
                    d++;
                if (d > i && s[i - 1] == '.') {
                    size_t e = d;
                    while (e < n && s[e] == '.')
                        e++;
                    if (e == d && e + 3 <= n && memcmp(s + e, "\xE2\x80\xA6", 3) == 0)
                        e += 3;
                    if (e - d >= 3 && (e == n || s[e] == ' ' || s[e] == '\n' || s[e] == '\t'))
                        i = e;
                }
            } else {
                while (i < n && !is_blank(s + i, n - i, &k) && !is_nbsp(s + i, n - i) && s[i] != '{' && s[i] != '}'
                       && s[i] != ';' && s[i] != '[' && s[i] != ']') {
                    if (s[i] == ')') {   /* d8(D), c8(Д) keep their ')' */
                        size_t o = i;
                        while (o > start && s[o - 1] != '(')
                            o--;
                        bool inner = o > start && ((i - o == 1 && rank_c(s[o])) || (i - o >= 2 && memcmp(s + o, "ch", 2) == 0));
                        if (!(o > start && o < i && (piece_at(s + o, i - o) == i - o || inner)))
                            break;
                    }
                    /* R(1)-Q1, Q×R(ch.): brackets inside a descriptive move */
                    bool inner = i > start && i + 3 < n && s[i - 1] >= 'A' && s[i - 1] <= 'Z'
                                 && ((rank_c(s[i + 1]) && s[i + 2] == ')') || memcmp(s + i + 1, "ch", 2) == 0);
                    if (s[i] == '(' && !inner && !(i > start && rank_c(s[i - 1])) && !(i + 2 < n && s[i + 1] == '=' && s[i + 2] == ')'))
                        break;
                    i += char_len(s + i, n - i);
                }
                if (i == start)
                    i += char_len(s + i, n - i);
                if (result_word(s + start, i - start, &canon, &changed))
                    kind = IT_RESULT;
            }
        }
        for (size_t j = start; j < i; j += char_len(s + j, i - j))
            col++;
        push_item(w, kind, start, i, line, c0);
        line_start = false;
        if (kind == IT_TAGLINE)
            line_start = false;
    }
}

/* ---- the rewrite ----------------------------------------------------------- */

typedef struct state {
    const arb_locale_set *set;
    const arb_locale *typeset;
    int last_number;
    bool black_numbered;   /* the last number had "..." */
    int moves_since;       /* moves since the last number */
    bool any_move;         /* in this game */
    bool result_seen;      /* a termination marker since the last move */
    int depth;             /* open variations */
} state;

/* A descriptive move as books set it, in its plain form (lenient.h,
 * typography; the full stop after it is punctuation).  Returns the length
 * (0: nothing to change or no room). */
static size_t plain_descriptive(const char *s, size_t n, char *out, size_t cap, unsigned *kinds)
{
    size_t len = 0, k;
    size_t p = punctuation_after(s, n);
    if (p)
        *kinds |= 1u << ARB_LENIENT_PUNCTUATION;
    n -= p;
    for (size_t i = 0; i < n;) {
        const char *put_s = NULL;
        size_t put_n = 0, took = 0;
        if (is_dash(s + i, n - i, &k) && k > 1) {
            put_s = "-", put_n = 1, took = k;
        } else if (n - i >= 2 && (unsigned char)s[i] == 0xC3 && (unsigned char)s[i + 1] == 0x97) {
            put_s = "x", put_n = 1, took = 2;
        } else if (s[i] == '(' && i > 0) {
            /* (1) the rank it stands on, (Q) (Kt) the promotion, (ch.) (ch) */
            const char *close = memchr(s + i, ')', n - i);
            size_t inner = close ? (size_t)(close - s) - i - 1 : 0;
            if (!close || inner == 0)
                return 0;
            const char *in = s + i + 1;
            if (inner == 1 && rank_c(in[0]))
                put_s = in, put_n = 1;
            else if ((inner == 3 && memcmp(in, "ch.", 3) == 0) || (inner == 2 && memcmp(in, "ch", 2) == 0))
                put_s = "ch", put_n = 2;
            else if (inner <= 2 && in[0] >= 'A' && in[0] <= 'Z') {
                if (len + 1 > cap)
                    return 0;
                out[len++] = '=';
                put_s = in, put_n = inner;
            } else
                return 0;
            took = inner + 2;
        }
        if (put_s) {
            if (len + put_n > cap)
                return 0;
            memcpy(out + len, put_s, put_n);
            len += put_n;
            i += took;
            *kinds |= 1u << ARB_LENIENT_TYPOGRAPHY;
            continue;
        }
        if (len + 1 > cap)
            return 0;
        out[len++] = s[i++];
    }
    return *kinds ? len : 0;
}

static bool word_movelike(const writer *w, size_t i, const arb_locale *typeset, fixed *f)
{
    const item *it = &w->items[i];
    fix_word(w->src + it->start, it->end - it->start, typeset, f);
    if (f->len > 0 && movelike(f->text, f->len))
        return true;
    /* a descriptive move (KtxB, P-K4) or its "ch": no prose */
    unsigned kinds = 0;
    char plain[sizeof f->text];
    size_t plain_len = plain_descriptive(w->src + it->start, it->end - it->start, plain, sizeof plain, &kinds);
    for (size_t l = 0; w->set && l < arb_locales_count(w->set); l++) {
        const arb_locale *loc = arb_locales_at(w->set, l);
        if (!arb_descriptive_locale(loc))
            continue;
        if (plain_len && arb_descriptive_shape(loc, plain, plain_len)) {
            memcpy(f->text, plain, plain_len);
            f->len = plain_len;
            f->kinds = kinds;
            return true;
        }
        if (arb_descriptive_shape(loc, w->src + it->start, it->end - it->start)) {
            f->kinds = 0;
            f->len = 0;
            while (f->len < it->end - it->start && f->len < sizeof f->text)
                f->text[f->len] = w->src[it->start + f->len], f->len++;
            return true;
        }
    }
    return false;
}

/* A spoken announcement at word item j: the index of its last item, or 0. */
static size_t spoken_at(const writer *w, size_t j, bool short_form, char *said)
{
    if (j >= w->count || w->items[j].kind != IT_WORD)
        return 0;
    size_t start = w->items[j].start;
    size_t took = arb_spoken_read(w->set, w->src + start, w->src_len - start, short_form, said);
    if (!took)
        return 0;
    size_t last = j;
    while (last + 1 < w->count && w->items[last + 1].kind == IT_WORD && w->items[last].end < start + took)
        last++;
    return w->items[last].end == start + took ? last : 0;
}

/* A capture written without its square (shorthand.h): "ed", "exd" (files
 * next to each other), "TxT".  Returns where the mark '_' goes (after the
 * first letter), or 0. */
static size_t shorthand_word(const char *s, size_t n)
{
    n = strip_marks(s, n);
    size_t k = 0;
    if (n >= 2 && file_c(s[0])) {
        if (!is_capture(s + 1, n - 1, &k))
            k = 0;
        int d = s[1 + k] - s[0];
        return n == 2 + k && file_c(s[1 + k]) && (d == 1 || d == -1) ? 1 : 0;
    }
    size_t p = piece_at(s, n);
    if (!p || !is_capture(s + p, n - p, &k))
        return 0;
    size_t q = piece_at(s + p + k, n - p - k);
    return q && p + k + q == n ? p : 0;
}

/* Item i follows a move number or a move: a short word there is a move. */
static bool after_move(const writer *w, size_t i, const arb_locale *typeset)
{
    if (i == 0)
        return false;
    const item *prev = &w->items[i - 1];
    fixed f;
    char said[ARB_SPOKEN_SAN_MAX];
    return prev->kind == IT_NUMBER
           || (prev->kind == IT_WORD
               && (word_movelike(w, i - 1, typeset, &f)
                   || shorthand_word(w->src + prev->start,
                                     prev->end - prev->start - punctuation_after(w->src + prev->start, prev->end - prev->start))
                   || spoken_at(w, i - 1, false, said)));
}

/* Items between i and j are separated by blanks on one line only. */
static bool same_line(const writer *w, size_t i, size_t j)
{
    for (size_t b = w->items[i].end; b < w->items[j].start; b++)
        if (w->src[b] == '\n')
            return false;
    return true;
}

static bool has_brace(const writer *w, size_t from, size_t to)
{
    for (size_t b = from; b < to; b++)
        if (w->src[b] == '{' || w->src[b] == '}')
            return true;
    return false;
}

/* Emits the original bytes [from, to) as a comment. */
static void as_comment(writer *w, size_t from, size_t to)
{
    copy_to(w, from);
    breakpoint(w, from);
    put(w, "{", 1);
    put(w, w->src + from, to - from);
    put(w, "}", 1);
    w->copied = to;
    breakpoint(w, to);
}

/* Pairs each '(' item with its ')' (one pass, a stack). */
static bool match_parens(writer *w)
{
    w->match = calloc(w->count ? w->count : 1, sizeof *w->match);
    size_t *stack = malloc((w->count ? w->count : 1) * sizeof *stack);
    if (!w->match || !stack) {
        free(stack);
        return false;
    }
    size_t top = 0;
    for (size_t j = 0; j < w->count; j++) {
        if (w->items[j].kind == IT_LPAREN)
            stack[top++] = j;
        else if (w->items[j].kind == IT_RPAREN && top > 0)
            w->match[stack[--top]] = j;
        else if (w->items[j].kind == IT_TAGLINE)
            top = 0;
    }
    free(stack);
    return true;
}

/* Prose in brackets is short: longer bracketed text is left to be read as
 * a variation (and keeps the rewrite linear in the text). */
#define PROSE_ITEMS_MAX 400

/* Round brackets that hold prose, or only annotation marks: a comment. */
static bool paren_is_prose(const writer *w, size_t open, size_t close, const arb_locale *typeset)
{
    bool prose = false, moves = false;
    /* "(Δ 22.Rxg7+)": the idea of a move, a note (Informator's sign) */
    if (close > open + 1 && w->items[open + 1].kind == IT_WORD) {
        const item *first = &w->items[open + 1];
        size_t n = first->end - first->start;
        if ((n == 2 && memcmp(w->src + first->start, "\xCE\x94", 2) == 0)
            || (n == 3 && memcmp(w->src + first->start, "\xE2\x88\x86", 3) == 0))
            return !has_brace(w, w->items[open].end, w->items[close].start);
    }
    for (size_t j = open + 1; j < close; j++) {
        const item *it = &w->items[j];
        if (it->kind == IT_WORD) {
            fixed f;
            char said[ARB_SPOKEN_SAN_MAX];
            size_t last = spoken_at(w, j, false, said);
            if (last) {
                moves = true;
                j = last;
            } else if (word_movelike(w, j, typeset, &f))
                moves = true;
            else if (prose_word(w->src + it->start, it->end - it->start))
                prose = true;
        } else if (it->kind == IT_BRACE) {
            return false;
        }
    }
    if (close <= open + 1 || has_brace(w, w->items[open].end, w->items[close].start))
        return false;
    if (prose)
        return true;
    /* a footnote: "Кd5×[1]" */
    bool digits = true;
    for (size_t b = w->items[open].end; b < w->items[close].start; b++)
        digits &= w->src[b] >= '0' && w->src[b] <= '9';
    if (digits)
        return true;
    /* only marks: "(!)", "(?)", "(+-)" */
    for (size_t b = w->items[open].end; b < w->items[close].start; b++)
        if (!strchr("!?+-=/ \t", w->src[b]))
            return false;
    return !moves;
}

/* Does a new game start at item j (move number 1. after a game's moves)? */
static bool new_game_at(const writer *w, const state *st, size_t j)
{
    if (j >= w->count || w->items[j].kind != IT_NUMBER || !st->any_move || st->last_number <= 1 || st->depth)
        return false;
    const item *it = &w->items[j];
    const char *s = w->src + it->start;
    size_t n = it->end - it->start;
    return s[0] == '1' && n >= 2 && (s[1] == '.' || s[1] == ')') && !(n >= 3 && s[2] == '.');
}

/* Item j is a move number without its full stop: one to three digits,
 * then a move or a piece letter ("7 D x d3"). */
static bool digits_word(const writer *w, size_t j, const arb_locale *typeset)
{
    const item *it = &w->items[j];
    size_t n = it->end - it->start;
    bool only_digits;
    item_number(w, j, &only_digits);
    if (it->kind != IT_WORD || n < 1 || n > 3 || !only_digits || j + 1 >= w->count
        || w->items[j + 1].kind != IT_WORD)
        return false;
    fixed f;
    return word_movelike(w, j + 1, typeset, &f) || (f.len > 0 && only_piece(f.text, f.len));
}

/* Prose run from item i: words that are neither moves nor results. Returns
 * the index after it, and whether it holds a prose word. */
static size_t prose_run(const writer *w, size_t i, const arb_locale *typeset, bool *prose, bool *near_move)
{
    *prose = *near_move = false;
    size_t j = i;
    while (j < w->count) {
        const item *it = &w->items[j];
        char said[ARB_SPOKEN_SAN_MAX];
        if (it->kind == IT_NUMBER) {
            fixed f;
            if (j + 1 < w->count && w->items[j + 1].kind == IT_WORD
                && (word_movelike(w, j + 1, typeset, &f) || spoken_at(w, j + 1, false, said)))
                break;
            j++;
            continue;
        }
        if (it->kind != IT_WORD)
            break;
        fixed f;
        if (word_movelike(w, j, typeset, &f) || spoken_at(w, j, false, said))
            break;
        if (j > i && digits_word(w, j, typeset))
            break;   /* "7 D x d3": a number without '.' */
        const char *s = w->src + it->start;
        size_t n = it->end - it->start;
        if (prose_word(s, n))
            *prose = true;
        for (size_t b = 0; b + 1 < n; b++)
            if (file_c(s[b]) && rank_c(s[b + 1]))
                *near_move = true;
        j++;
    }
    return j;
}

static void track_number(state *st, const writer *w, const item *it)
{
    const char *s = w->src + it->start;
    size_t n = it->end - it->start;
    int v = 0;
    size_t i = 0;
    while (i < n && s[i] >= '0' && s[i] <= '9')
        v = v * 10 + (s[i++] - '0');
    st->last_number = v;
    st->black_numbered = n - i >= 2 && s[i] != ')';
    st->moves_since = 0;
}

/* Item j is the move number that comes next by the count of moves since
 * the last one: prose between moves is read as a comment only there, so a
 * misprinted move that looks like a word ("Ngf") is never dropped. */
static bool number_follows(const writer *w, const state *st, size_t j)
{
    const item *it = &w->items[j];
    const char *s = w->src + it->start;
    size_t n = it->end - it->start, i = 0;
    int v = 0;
    while (i < n && s[i] >= '0' && s[i] <= '9')
        v = v * 10 + (s[i++] - '0');
    bool black = n - i >= 2 && s[i] != ')';
    bool white_moved_last = st->black_numbered ? st->moves_since % 2 == 0 : st->moves_since % 2 == 1;
    int moves = st->black_numbered ? st->moves_since + 1 : st->moves_since;
    int expected = st->last_number + moves / 2;
    return white_moved_last ? black && v == expected : !black && v == expected;
}

static const char *last_mover_wins(const state *st)
{
    bool black_last = st->black_numbered ? st->moves_since % 2 == 1 : st->moves_since % 2 == 0;
    return black_last ? "0-1" : "1-0";
}

static size_t paragraph_end(const writer *w, const state *st, size_t j, bool moves_to_end);

/* Nothing of the game follows item j: the end, a marker, a tag line, a new
 * game, or prose leading to one of those. */
static bool game_ends_after(const writer *w, const state *st, size_t j)
{
    if (j >= w->count || w->items[j].kind == IT_RESULT || w->items[j].kind == IT_TAGLINE || new_game_at(w, st, j))
        return true;
    if (w->items[j].kind != IT_WORD)
        return false;
    bool prose, near;
    size_t e = prose_run(w, j, st->typeset, &prose, &near);
    if (e > j && !near && (e >= w->count || new_game_at(w, st, e) || w->items[e].kind == IT_TAGLINE))
        return true;
    /* notes after the result in words, to the end of the text */
    return paragraph_end(w, st, j, true) == w->count;
}

/* Item j is the first on its line. */
static bool first_on_line(const writer *w, size_t j)
{
    for (size_t b = w->items[j].start; b > 0; b--) {
        char c = w->src[b - 1];
        if (c == '\n')
            return true;
        if (c != ' ' && c != '\t' && c != '\r')
            return false;
    }
    return true;
}

/* A paragraph of notes between the moves, from word j (prose) to the end of
 * its line and over whole lines, up to a line that begins with the move
 * number the count of moves expects (or a new game, a marker or a tag line),
 * or to the end of the text.  It may mention squares and other moves: the
 * number that follows it vouches that no move of the game is inside.
 * Returns the index after it, or 0. */
static size_t paragraph_end(const writer *w, const state *st, size_t j, bool moves_to_end)
{
    if (st->depth || !st->any_move || w->items[j].kind != IT_WORD)
        return 0;
    /* prose on its first line ("lo primero es impedir ...") */
    bool prose = false;
    for (size_t k = j; k < w->count && !prose && (k == j || !first_on_line(w, k)); k++)
        prose = w->items[k].kind == IT_WORD && prose_word(w->src + w->items[k].start, w->items[k].end - w->items[k].start);
    if (!prose)
        return 0;
    /* the highest number of a move quoted inside: a note that ends where no
     * number vouches for it (a new game, a marker, the end) may not quote
     * the move the count expects next or a later one: those would be the
     * game's own moves taken for a note */
    int moves_since = st->black_numbered ? st->moves_since + 1 : st->moves_since;
    int expected = st->last_number + moves_since / 2, quoted = 0;
    for (size_t k = j + 1; k < w->count && k - j < PROSE_ITEMS_MAX; k++) {
        const item *it = &w->items[k];
        fixed f;
        if (it->kind == IT_BRACE || it->kind == IT_SEMI)
            return 0;
        if (it->kind == IT_TAGLINE)
            return quoted < expected ? k : 0;
        bool line_first = first_on_line(w, k);
        if (line_first && it->kind == IT_RESULT)
            return quoted < expected ? k : 0;
        if (line_first && it->kind == IT_NUMBER && number_follows(w, st, k))
            return k;   /* the number the count expects vouches for what the note quotes */
        if (line_first && it->kind == IT_NUMBER && new_game_at(w, st, k))
            return quoted < expected ? k : 0;
        if (it->kind == IT_NUMBER && it->end - it->start >= 2 && w->src[it->start] == '1'
            && (w->src[it->start + 1] == '.' || w->src[it->start + 1] == ')') && k + 1 < w->count
            && w->items[k + 1].kind == IT_WORD && word_movelike(w, k + 1, st->typeset, &f))
            return 0;   /* numbering restarts: a new game's moves, not a note */
        /* "12. Nf3" or "12 Nf3" (numbers without a full stop) */
        bool only_digits;
        int value = item_number(w, k, &only_digits);
        bool number = it->kind == IT_NUMBER || (it->kind == IT_WORD && it->end - it->start <= 3 && only_digits);
        if (number && k + 1 < w->count && w->items[k + 1].kind == IT_WORD && word_movelike(w, k + 1, st->typeset, &f)
            && value > quoted)
            quoted = value;
    }
    /* to the end of the text: no move that could be the game's next ones
     * ("Better was 28...Sd4+" is no such), unless a result in words ended
     * the game before it ("Black resigned, for after 23...Kxg8 24.Re8+") */
    return w->count - j <= PROSE_ITEMS_MAX && (quoted < expected || moves_to_end) ? w->count : 0;
}

/* Before a game's first move: the text from word j up to the first move
 * number 1 with a move after it, when nothing but prose, brackets and
 * numbers stand between (a heading "Paz,Mayan (2247) ... 18.03.2003", a
 * paragraph that quotes "23.Qa3").  Returns the index of that number, or 0. */
static size_t preamble_end(const writer *w, const state *st, size_t j)
{
    if (st->any_move || st->depth)
        return 0;
    for (size_t k = j + 1; k < w->count && k - j < PROSE_ITEMS_MAX; k++) {
        const item *it = &w->items[k];
        if (it->kind == IT_BRACE || it->kind == IT_SEMI || it->kind == IT_TAGLINE || it->kind == IT_RESULT)
            return 0;
        fixed f;
        /* "1." or, at the start of a line, "1" without its full stop (1 d4 Cf6 2 Cf3) */
        bool one = (it->kind == IT_NUMBER && it->end - it->start >= 2 && w->src[it->start] == '1'
                    && w->src[it->start + 1] == '.' && !(it->end - it->start >= 3 && w->src[it->start + 2] == '.'))
                   || (it->kind == IT_WORD && it->end - it->start == 1 && w->src[it->start] == '1' && first_on_line(w, k));
        if (one && k + 1 < w->count && w->items[k + 1].kind == IT_WORD && word_movelike(w, k + 1, st->typeset, &f))
            return k;
    }
    return 0;
}

static void fix_tag_line(writer *w, const item *it)
{
    const char *s = w->src + it->start;
    size_t n = it->end - it->start;
    static const char key[] = "[Result \"";
    if (n < sizeof key || memcmp(s, key, sizeof key - 1) != 0)
        return;
    const char *v = s + sizeof key - 1;
    const char *q = memchr(v, '"', n - (sizeof key - 1));
    if (!q)
        return;
    const char *canon;
    bool changed;
    if (result_word(v, (size_t)(q - v), &canon, &changed) && strcmp(canon, "*") != 0
        && !(strlen(canon) == (size_t)(q - v) && memcmp(canon, v, (size_t)(q - v)) == 0)) {
        size_t from = it->start + (size_t)(v - s);
        replace(w, from, from + (size_t)(q - v), canon, strlen(canon));
        note(w, it, ARB_LENIENT_RESULT_FORM);
    }
}

int arb_lenient_rewrite(const arb_locale_set *set, const arb_locale *typeset, const char *src, size_t len,
                        int32_t line, int32_t col, arb_lenient_text *out)
{
    return arb_lenient_rewrite_spoken(set, typeset, false, src, len, line, col, out);
}

int arb_lenient_rewrite_spoken(const arb_locale_set *set, const arb_locale *typeset, bool spoken_short,
                               const char *src, size_t len, int32_t line, int32_t col, arb_lenient_text *out)
{
    out->len = 0;
    out->map_count = 0;
    out->note_count = 0;
    writer w = {.t = out, .src = src, .src_len = len, .set = set};
    put(&w, "", 0);
    split_items(&w, line, col);
    if (!w.oom && !match_parens(&w))
        w.oom = true;
    state st = {.set = set, .typeset = typeset};
    for (size_t i = 0; i < w.count && !w.oom; i++) {
        const item *it = &w.items[i];
        switch (it->kind) {
        case IT_TAGLINE:
            fix_tag_line(&w, it);
            break;
        case IT_BRACE:
        case IT_SEMI:
            break;
        case IT_LPAREN: {
            size_t close = w.match[i];
            /* before the first move a bracket is no variation: "[C41]", "(Merida, 2000)" */
            bool before_moves = !st.any_move && st.depth == 0;
            if (close && close - i < PROSE_ITEMS_MAX && (before_moves || paren_is_prose(&w, i, close, typeset))
                && !has_brace(&w, it->end, w.items[close].start)) {
                copy_to(&w, it->start);
                breakpoint(&w, it->start);
                put(&w, "{", 1);
                put(&w, src + it->end, w.items[close].start - it->end);
                put(&w, "}", 1);
                w.copied = w.items[close].end;
                breakpoint(&w, w.copied);
                note(&w, it, ARB_LENIENT_PROSE);
                i = close;
            } else {
                if (src[it->start] == '[') {
                    replace(&w, it->start, it->end, "(", 1);
                    note(&w, it, ARB_LENIENT_BRACKETS);
                }
                st.depth++;
            }
            break;
        }
        case IT_RPAREN:
            if (src[it->start] == ']')
                replace(&w, it->start, it->end, ")", 1);
            if (st.depth > 0)
                st.depth--;
            break;
        case IT_NUMBER:
            if (new_game_at(&w, &st, i)) {
                if (!st.result_seen) {
                    replace(&w, it->start, it->start, "* ", 2);
                    note(&w, it, ARB_LENIENT_SPLIT);
                }
                st = (state){.set = set, .typeset = typeset};
            }
            if (st.depth == 0)
                track_number(&st, &w, it);
            if (src[it->end - 1] == ')') {
                replace(&w, it->end - 1, it->end, ".", 1);
                note(&w, it, ARB_LENIENT_NUMBER);
            }
            break;
        case IT_RESULT: {
            const char *canon;
            bool changed;
            result_word(src + it->start, it->end - it->start, &canon, &changed);
            /* prose after the last game's marker: a comment before it */
            bool prose = false, near = false;
            size_t e = i + 1 < w.count ? prose_run(&w, i + 1, typeset, &prose, &near) : i + 1;
            if (st.depth == 0 && prose && !near && e == w.count && !has_brace(&w, w.items[i + 1].start, w.items[e - 1].end)) {
                copy_to(&w, it->start);
                breakpoint(&w, it->start);
                put(&w, "{", 1);
                put(&w, src + w.items[i + 1].start, w.items[e - 1].end - w.items[i + 1].start);
                put(&w, "} ", 2);
                put(&w, canon, strlen(canon));
                put(&w, src + it->end, w.items[i + 1].start - it->end);   /* the blanks after the marker */
                w.copied = w.items[e - 1].end;
                breakpoint(&w, w.copied);
                note(&w, &w.items[i + 1], ARB_LENIENT_PROSE);
                if (changed)
                    note(&w, it, ARB_LENIENT_RESULT_FORM);
                i = e - 1;
            } else if (changed) {
                replace(&w, it->start, it->end, canon, strlen(canon));
                note(&w, it, ARB_LENIENT_RESULT_FORM);
            }
            if (st.depth == 0)
                st.result_seen = true;
            break;
        }
        case IT_WORD: {
            /* a move number without its full stop: "7 D x d3" */
            if (digits_word(&w, i, typeset)) {
                if (st.depth == 0)
                    track_number(&st, &w, it);
                break;
            }
            /* an announcement of Appendix D.2.1: "Springer Felix drei" */
            char said[ARB_SPOKEN_SAN_MAX + 64];
            size_t last_said = spoken_at(&w, i, spoken_short, said);
            if (last_said) {
                /* an announcement wrapped onto the next line keeps its line breaks */
                size_t said_len = strlen(said);
                for (size_t b = it->start; b < w.items[last_said].end && said_len + 1 < sizeof said; b++)
                    if (src[b] == '\n') {
                        said[said_len++] = '\n';
                        said[said_len] = '\0';
                    }
                replace(&w, it->start, w.items[last_said].end, said, said_len);
                note(&w, it, ARB_LENIENT_SPOKEN);
                i = last_said;
                if (st.depth == 0) {
                    st.any_move = true;
                    st.moves_since++;
                    st.result_seen = false;
                }
                break;
            }
            /* a capture without its square: "ed", "TxT" (read against the position) */
            size_t punct = punctuation_after(src + it->start, it->end - it->start);
            size_t mark_at = shorthand_word(src + it->start, it->end - it->start - punct);
            if (mark_at && after_move(&w, i, typeset)) {
                replace(&w, it->start + mark_at, it->start + mark_at, "_", 1);
                note(&w, it, ARB_LENIENT_SHORTHAND);
                if (punct) {
                    replace(&w, it->end - punct, it->end, "", 0);
                    note(&w, it, ARB_LENIENT_PUNCTUATION);
                }
                if (st.depth == 0) {
                    st.any_move = true;
                    st.moves_since++;
                    st.result_seen = false;
                }
                break;
            }
            fixed f;
            bool move = word_movelike(&w, i, typeset, &f);
            /* a move split by blanks: "D x d3", "К f3", "Db1 +" */
            size_t last = i;
            char joined[200];
            size_t jl = 0;
            /* "dx e4", "Cx e4": a piece or file and the capture mark, the square after a blank */
            size_t cap_k = 0;
            bool capture_first = f.len >= 2 && is_capture(f.text + f.len - 1, 1, &cap_k)
                                 && (only_piece(f.text, f.len - 1) || (f.len == 2 && file_c(f.text[0])));
            if (f.len > 0 && f.len < 96
                && (move || only_piece(f.text, f.len) || (f.len == 1 && file_c(f.text[0])) || capture_first)) {
                memcpy(joined, f.text, f.len);
                jl = f.len;
                unsigned kinds = f.kinds;
                size_t j = i + 1;
                while (j < w.count && j <= i + 3 && w.items[j].kind == IT_WORD && same_line(&w, j - 1, j)) {
                    fixed g;
                    fix_word(src + w.items[j].start, w.items[j].end - w.items[j].start, typeset, &g);
                    if (g.len == 0 || jl + g.len >= sizeof joined)
                        break;
                    bool glue = only_marks(g.text, g.len) || only_capture_or_dash(g.text, g.len)
                                || (only_piece(joined, jl) || only_capture_or_dash(joined + jl - 1, 1)
                                    || (jl >= 3 && only_capture_or_dash(joined + jl - 3, 3)))
                                || (g.len >= 2 && file_c(g.text[0]) && rank_c(g.text[1]) && !movelike(joined, jl));
                    if (!glue)
                        break;
                    memcpy(joined + jl, g.text, g.len);
                    size_t tl = jl + g.len;
                    if (movelike(joined, tl) || only_capture_or_dash(g.text, g.len) || only_piece(joined, tl)) {
                        jl = tl;
                        kinds |= g.kinds;
                        if (movelike(joined, jl)) {
                            last = j;
                            f.kinds = kinds | 1u << ARB_LENIENT_SPACED;
                        }
                        j++;
                        continue;
                    }
                    break;
                }
                if (last > i) {
                    move = true;
                    f.len = 0;
                    while (f.len < sizeof f.text && f.len < jl)
                        f.text[f.len] = joined[f.len], f.len++;
                }
            }
            if (move) {
                if (f.kinds || last > i) {
                    replace(&w, it->start, w.items[last].end, f.text, f.len);
                    for (int k = 0; k < ARB_LENIENT_KIND_COUNT; k++)
                        if (f.kinds & (1u << k))
                            note(&w, it, k);
                }
                i = last;
                if (st.depth == 0) {
                    st.any_move = true;
                    st.moves_since++;
                    st.result_seen = false;
                }
                break;
            }
            /* a result in words */
            int meaning = 0;
            size_t taken = st.depth == 0 && st.any_move ? result_phrase(&w, set, i, &meaning) : 0;
            /* "matt, Schwarz gibt auf", "mate Black resigns": one result */
            for (;;) {
                int also = 0;
                size_t more = taken ? result_phrase(&w, set, i + taken, &also) : 0;
                if (!more)
                    break;
                if (meaning == WIN_LAST_MOVER)
                    meaning = also;
                taken += more;
            }
            if (taken && game_ends_after(&w, &st, i + taken)) {
                const char *marker = meaning == WIN_WHITE ? "1-0" : meaning == WIN_BLACK ? "0-1"
                                     : meaning == WIN_DRAW ? "1/2-1/2" : last_mover_wins(&st);
                size_t from = it->start, to = w.items[i + taken - 1].end;
                copy_to(&w, from);
                breakpoint(&w, from);
                put(&w, "{", 1);
                put(&w, src + from, to - from);
                put(&w, "}", 1);
                bool has_marker = i + taken < w.count && w.items[i + taken].kind == IT_RESULT;
                /* notes after the words, to the end of the text: before the marker */
                if (!has_marker && i + taken < w.count && paragraph_end(&w, &st, i + taken, true) == w.count
                    && !has_brace(&w, w.items[i + taken].start, w.items[w.count - 1].end)) {
                    put(&w, src + to, w.items[i + taken].start - to);
                    put(&w, "{", 1);
                    to = w.items[w.count - 1].end;
                    put(&w, src + w.items[i + taken].start, to - w.items[i + taken].start);
                    put(&w, "}", 1);
                    note(&w, &w.items[i + taken], ARB_LENIENT_PROSE);
                    taken = w.count - i;
                }
                if (!has_marker) {
                    put(&w, " ", 1);
                    put(&w, marker, strlen(marker));
                }
                w.copied = to;
                breakpoint(&w, to);
                note(&w, it, ARB_LENIENT_RESULT_WORDS);
                st.result_seen = true;
                i += taken - 1;
                break;
            }
            /* prose between, before or after the moves */
            bool prose, near;
            size_t e = prose_run(&w, i, typeset, &prose, &near);
            bool ok = false;
            if (e > i && prose && !near && !has_brace(&w, it->start, w.items[e - 1].end))
                ok = !st.any_move || e >= w.count || w.items[e].kind == IT_RESULT
                     || w.items[e].kind == IT_RPAREN || w.items[e].kind == IT_LPAREN
                     || w.items[e].kind == IT_BRACE || w.items[e].kind == IT_TAGLINE
                     || (w.items[e].kind == IT_NUMBER && (new_game_at(&w, &st, e) || number_follows(&w, &st, e)));
            /* before the first move a number other than 1 is quoted in the
             * prose ("when White plays 23.Qa3"): the game begins at its 1. */
            bool quoted = !st.any_move && ok && e < w.count
                          && ((w.items[e].kind == IT_NUMBER && item_number(&w, e, NULL) != 1)
                              || w.items[e].kind == IT_WORD);   /* a move with no number: "d4 : le pion" */
            if (!ok || quoted) {
                /* a paragraph of notes between the moves, or before them */
                size_t pe = st.any_move ? paragraph_end(&w, &st, i, false) : preamble_end(&w, &st, i);
                if (pe && !has_brace(&w, it->start, w.items[pe - 1].end)) {
                    e = pe;
                    ok = true;
                }
            }
            if (ok) {
                if (new_game_at(&w, &st, e)) {
                    if (!st.result_seen) {
                        replace(&w, it->start, it->start, "* ", 2);
                        note(&w, it, ARB_LENIENT_SPLIT);
                    }
                    st = (state){.set = set, .typeset = typeset};
                }
                as_comment(&w, it->start, w.items[e - 1].end);
                note(&w, it, ARB_LENIENT_PROSE);
            }
            if (e > i)
                i = e - 1;   /* words that are no moves either way: looked at once */
            break;
        }
        default:
            break;
        }
    }
    copy_to(&w, len);
    free(w.items);
    free(w.match);
    if (w.oom)
        return -1;
    return (int)out->note_count;
}

/* ---- descriptions ------------------------------------------------------------ */

static const char *const names[ARB_LENIENT_KIND_COUNT] = {
    "prose", "result-words", "look-alike", "lowercase", "spaced", "captured", "number", "marks", "result-form",
    "split", "typeset", "spoken", "shorthand", "punctuation", "mate-sign", "typography", "brackets"};

static const char *const descriptions[ARB_LENIENT_KIND_COUNT] = {
    "prose read as a comment, expected moves, a variation or a {comment}",
    "result in words read as a termination marker, expected 1-0, 0-1, 1/2-1/2 or *",
    "Cyrillic letter read as the Latin file of a square, expected the letters a-h",
    "lower-case piece letter read as a piece, expected an upper-case one",
    "move split by blanks read as one move, expected it written without blanks",
    "captured piece named after the capture mark left out, expected only its square",
    "move number written with ')' read as '.', expected \"1.\"",
    "three ! or ? read as two, expected !, ?, !!, ??, !? or ?!",
    "result written in another form read as PGN, expected 1-0, 0-1 or 1/2-1/2",
    "move numbering restarts at 1: a new game read from there, expected a termination marker",
    "Latin letters typeset for the locale's piece letters read as those, expected its own letters",
    "spoken notation (FIDE Laws Appendix D.2.1) read as algebraic, expected moves written in letters",
    "capture without its square (ed, TxT) read as the one legal capture it fits, expected the square",
    "punctuation after a move (, . or footnote marks) left out, expected the move alone",
    "'×' after a move read as mate, expected #",
    "descriptive move set with long dashes, × or brackets read as plain, expected P-K4, PxP, R1-Q1, P-K8=Q",
    "square brackets around a variation read as round ones, expected ( )",
};

const char *arb_lenient_describe(int kind)
{
    return kind >= 0 && kind < ARB_LENIENT_KIND_COUNT ? descriptions[kind] : "";
}

const char *arb_lenient_name(int kind)
{
    return kind >= 0 && kind < ARB_LENIENT_KIND_COUNT ? names[kind] : "";
}

bool arb_lenient_describes(const char *message)
{
    for (int k = 0; k < ARB_LENIENT_KIND_COUNT; k++)
        if (strncmp(message, descriptions[k], strlen(descriptions[k])) == 0)
            return true;
    return false;
}
