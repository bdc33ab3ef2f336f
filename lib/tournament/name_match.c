/* name_match.c — name keys: folding, word splitting, comparison. */
#include "name_match.h"

#include <stdint.h>
#include <string.h>

#include "utf8.h"

/* U+00C0..U+017F to lower-case ASCII (generated from the Unicode
 * decompositions; Æ Ø Ð Þ ß Ł Œ and the like by their usual transliteration) */
static const char *const latin_fold[192] = {
    "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i", "d", "n",
    "o", "o", "o", "o", "o", "", "o", "u", "u", "u", "u", "y", "th", "ss", "a", "a", "a", "a",
    "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i", "d", "n", "o", "o", "o", "o",
    "o", "", "o", "u", "u", "u", "u", "y", "th", "y", "a", "a", "a", "a", "a", "a", "c", "c",
    "c", "c", "c", "c", "c", "c", "d", "d", "d", "d", "e", "e", "e", "e", "e", "e", "e", "e",
    "e", "e", "g", "g", "g", "g", "g", "g", "g", "g", "h", "h", "h", "h", "i", "i", "i", "i",
    "i", "i", "i", "i", "i", "i", "ij", "ij", "j", "j", "k", "k", "k", "l", "l", "l", "l", "l",
    "l", "l", "l", "l", "l", "n", "n", "n", "n", "n", "n", "n", "n", "n", "o", "o", "o", "o",
    "o", "o", "oe", "oe", "r", "r", "r", "r", "r", "r", "s", "s", "s", "s", "s", "s", "s", "s",
    "t", "t", "t", "t", "t", "t", "u", "u", "u", "u", "u", "u", "u", "u", "u", "u", "u", "u", "w",
    "w", "y", "y", "y", "z", "z", "z", "z", "z", "z", "s",
};

/* U+0410..U+044F, the Russian alphabet, by the FIDE rating list's usual
 * transliteration (a Ukrainian or Bulgarian spelling may still differ) */
static const char *const cyrillic_fold[32] = {
    "a", "b", "v", "g", "d", "e", "zh", "z", "i", "y", "k", "l", "m", "n", "o", "p",
    "r", "s", "t", "u", "f", "kh", "ts", "ch", "sh", "shch", "", "y", "", "e", "yu", "ya",
};

static uint32_t decode(const unsigned char *s, int n)
{
    switch (n) {
    case 1: return s[0];
    case 2: return ((uint32_t)(s[0] & 0x1F) << 6) | (s[1] & 0x3F);
    case 3: return ((uint32_t)(s[0] & 0x0F) << 12) | ((uint32_t)(s[1] & 0x3F) << 6) | (s[2] & 0x3F);
    default: return ((uint32_t)(s[0] & 0x07) << 18) | ((uint32_t)(s[1] & 0x3F) << 12) |
                    ((uint32_t)(s[2] & 0x3F) << 6) | (s[3] & 0x3F);
    }
}

/* The ASCII reading of a code point: letters and digits, "" for marks, " "
 * for anything that separates words; *upper tells a capital letter. */
static const char *fold(uint32_t cp, char *one, bool *upper)
{
    *upper = false;
    if (cp < 128) {
        if ((cp >= 'a' && cp <= 'z') || (cp >= '0' && cp <= '9')) {
            one[0] = (char)cp;
        } else if (cp >= 'A' && cp <= 'Z') {
            one[0] = (char)(cp - 'A' + 'a');
            *upper = true;
        } else if (cp == '\'') {
            return "";        /* O'Kelly, D'Costa */
        } else {
            return " ";
        }
        one[1] = '\0';
        return one;
    }
    if (cp >= 0xC0 && cp < 0x180) {
        *upper = cp < 0xDF || (cp >= 0x100 && cp % 2 == 0);
        return latin_fold[cp - 0xC0];
    }
    switch (cp) {
    case 0x218: case 0x219: return "s";   /* Ș ș: comma below, as Ş ş (cedilla) */
    case 0x21A: case 0x21B: return "t";
    case 0x401: case 0x451: return "e";   /* Ё ё */
    case 0x406: case 0x456: return "i";   /* І і */
    case 0x2BC: case 0x2019: case 0x2018: return "";   /* apostrophes */
    default: break;
    }
    if (cp >= 0x410 && cp < 0x450) {
        *upper = cp < 0x430;
        return cyrillic_fold[(cp - 0x410) % 32];
    }
    if (cp >= 0x300 && cp < 0x370)
        return "";   /* combining marks */
    return " ";
}

/* The lower-case letter of a capital of U+00C0..U+017F or of the Russian
 * alphabet; any other code point as it is. */
static uint32_t lower(uint32_t cp)
{
    if (cp >= 0xC0 && cp <= 0xDE && cp != 0xD7)
        return cp + 0x20;
    if (cp >= 0x100 && cp < 0x180 && cp != 0x130 && cp != 0x138 && cp != 0x149 && cp != 0x17F) {
        /* the pairs are even-odd, but odd-even in 0x139..0x148 and 0x179..0x17E */
        bool odd_first = (cp >= 0x139 && cp <= 0x148) || (cp >= 0x179 && cp <= 0x17E);
        if ((cp % 2 == 1) == odd_first)
            return cp + 1;
        return cp;
    }
    if (cp >= 0x410 && cp < 0x430)
        return cp + 0x20;
    if (cp == 0x218 || cp == 0x21A)
        return cp + 1;
    return cp;
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

void arb_name_key_make(const char *name, arb_name_key *k)
{
    memset(k, 0, sizeof *k);
    const unsigned char *s = (const unsigned char *)name;
    size_t len = strlen(name), plain = 0;
    /* plain: lower-case ASCII letters, other bytes as they are, white space
     * collapsed, none around commas */
    bool space = false;
    for (size_t i = 0; i < len && plain + 5 < sizeof k->plain;) {
        unsigned char c = s[i];
        if (c == ' ' || c == '\t') {
            space = plain > 0 && k->plain[plain - 1] != ',';
            i++;
            continue;
        }
        if (space && c != ',')
            k->plain[plain++] = ' ';
        space = false;
        int sl = arb_utf8_sequence_length(s + i, len - i);
        if (sl == 2) {
            /* Latin and Cyrillic capitals in lower case too */
            uint32_t cp = lower(decode(s + i, 2));
            k->plain[plain++] = (char)(0xC0 | (cp >> 6));
            k->plain[plain++] = (char)(0x80 | (cp & 0x3F));
            i += 2;
            continue;
        }
        k->plain[plain++] = (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
        i++;
    }
    /* folded words */
    char raw[ARB_NAME_KEY_MAX * 2];
    size_t n = 0;
    bool prev_lower = false, prev_digit = false;
    for (size_t i = 0; i < len && n + 8 < sizeof raw;) {
        int sl = arb_utf8_sequence_length(s + i, len - i);
        uint32_t cp = sl ? decode(s + i, sl) : 0xFFFD;
        i += sl ? (size_t)sl : 1;
        char one[2];
        bool upper;
        const char *f = fold(cp, one, &upper);
        if (!f[0])
            continue;
        bool digit = is_digit(f[0]);
        /* word breaks: separators, lower-to-upper (user names), letter-digit */
        if (f[0] == ' ' || (upper && prev_lower) || (n && digit != prev_digit && raw[n - 1] != ' '))
            raw[n++] = ' ';
        if (f[0] == ' ') {
            prev_lower = prev_digit = false;
            continue;
        }
        for (const char *p = f; *p && n + 1 < sizeof raw; p++)
            raw[n++] = *p;
        prev_lower = !upper && !digit;
        prev_digit = digit;
    }
    raw[n] = '\0';
    /* transliterations of umlauts: ae/oe/ue read as a/o/u on both sides */
    size_t out = 0;
    for (size_t i = 0; i < n && out + 1 < sizeof k->folded; i++) {
        if (raw[i] == ' ') {
            if (out && k->folded[out - 1] != '\0') {
                k->word_len[k->words - 1] = (unsigned char)(out - k->word_start[k->words - 1]);
                k->folded[out++] = '\0';
            }
            continue;
        }
        if (out == 0 || k->folded[out - 1] == '\0') {
            if (k->words == ARB_NAME_MAX_WORDS)
                break;
            k->word_start[k->words++] = (unsigned char)out;
        }
        k->folded[out++] = raw[i];
        if (raw[i + 1] == 'e' && (raw[i] == 'a' || raw[i] == 'o' || raw[i] == 'u'))
            i++;
    }
    if (k->words && (out == 0 || k->folded[out - 1] != '\0'))
        k->word_len[k->words - 1] = (unsigned char)(out - k->word_start[k->words - 1]);
    if (out < sizeof k->folded)
        k->folded[out] = '\0';
    for (int i = 0; i < k->words; i++) {
        char c = k->folded[k->word_start[i]];
        k->initials |= (uint64_t)1 << (is_digit(c) ? 26 : c >= 'a' && c <= 'z' ? c - 'a' : 27);
        k->letters += k->word_len[i];
    }
}

static const char *word(const arb_name_key *k, int i, size_t *len)
{
    *len = k->word_len[i];
    return k->folded + k->word_start[i];
}

static bool word_eq(const arb_name_key *a, int i, const arb_name_key *b, int j)
{
    size_t la, lb;
    const char *wa = word(a, i, &la), *wb = word(b, j, &lb);
    return la == lb && memcmp(wa, wb, la) == 0;
}

/* The words joined, starting at word from and wrapping around. */
static size_t joined(const arb_name_key *k, int from, char *buf)
{
    size_t n = 0;
    for (int i = 0; i < k->words; i++) {
        size_t l;
        const char *w = word(k, (from + i) % k->words, &l);
        memcpy(buf + n, w, l);
        n += l;
    }
    buf[n] = '\0';
    return n;
}

/* Every word of small is a word of big (or, with initials, the first
 * letter of one, or one's first letter), each used once; *whole counts the
 * whole words in common that are names (not a letter, not digits). */
static bool covers(const arb_name_key *small, const arb_name_key *big, bool initials, int *whole)
{
    bool used[ARB_NAME_MAX_WORDS] = {false};
    *whole = 0;
    for (int i = 0; i < small->words; i++) {
        int found = -1;
        for (int j = 0; j < big->words && found < 0; j++)
            if (!used[j] && word_eq(small, i, big, j))
                found = j;
        if (found >= 0) {
            size_t l;
            const char *w = word(small, i, &l);
            *whole += l > 1 && !is_digit(w[0]);
        } else if (initials) {
            size_t ls, lb;
            const char *ws = word(small, i, &ls);
            for (int j = 0; j < big->words && found < 0; j++) {
                const char *wb = word(big, j, &lb);
                if (!used[j] && (ls == 1 || lb == 1) && ws[0] == wb[0] && !is_digit(ws[0]))
                    found = j;
            }
        }
        if (found < 0)
            return false;
        used[found] = true;
    }
    return true;
}

static bool joined_alike(const arb_name_key *a, const arb_name_key *b);

int arb_name_compare(const arb_name_key *a, const arb_name_key *b)
{
    if (a->plain[0] && strcmp(a->plain, b->plain) == 0)
        return ARB_NAME_SAME;
    if (!a->words || !b->words)
        return ARB_NAME_DIFFERENT;
    int whole;
    /* the same words, or the same joined: the same number of letters */
    if (a->letters == b->letters &&
        ((a->words == b->words && covers(a, b, false, &whole)) || joined_alike(a, b)))
        return ARB_NAME_WORDS;
    /* every word of the one with fewer (either, when as many), or its
     * initial, starts a word of the other; one whole name word in common */
    for (int side = 0; side < 2; side++) {
        const arb_name_key *small = side ? b : a, *big = side ? a : b;
        if (small->words > big->words || (small->initials & ~big->initials) != 0)
            continue;
        if (covers(small, big, true, &whole) && whole >= 1)
            return ARB_NAME_PART;
    }
    return ARB_NAME_DIFFERENT;
}

/* The words of a, joined, are those of b joined from some word on (or the
 * other way round): "MagnusCarlsen" and "Carlsen, Magnus". */
static bool joined_alike(const arb_name_key *a, const arb_name_key *b)
{
    char ja[ARB_NAME_KEY_MAX], jb[ARB_NAME_KEY_MAX];
    joined(a, 0, ja);
    for (int from = 0; from < b->words; from++) {
        joined(b, from, jb);
        if (strcmp(ja, jb) == 0)
            return true;
    }
    joined(b, 0, jb);
    for (int from = 1; from < a->words; from++) {
        joined(a, from, ja);
        if (strcmp(ja, jb) == 0)
            return true;
    }
    return false;
}
