/* encoding.c — encodings detected from the bytes, text converted with iconv(3). */
#include "encoding.h"

#include <errno.h>
#include <iconv.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "utf8.h"

static const struct {
    const char *name;     /* for messages */
    const char *iconv;    /* for iconv_open */
    const char *aliases;  /* ' '-separated, lower case */
} encodings[ARB_ENC_COUNT] = {
    [ARB_ENC_UTF8] = {"UTF-8", "UTF-8", "utf-8 utf8"},
    [ARB_ENC_UTF16LE] = {"UTF-16LE", "UTF-16LE", "utf-16le utf16le utf-16 utf16"},
    [ARB_ENC_UTF16BE] = {"UTF-16BE", "UTF-16BE", "utf-16be utf16be"},
    [ARB_ENC_UTF32LE] = {"UTF-32LE", "UTF-32LE", "utf-32le utf32le utf-32 utf32"},
    [ARB_ENC_UTF32BE] = {"UTF-32BE", "UTF-32BE", "utf-32be utf32be"},
    [ARB_ENC_CP1250] = {"Windows-1250", "CP1250", "windows-1250 cp1250 1250"},
    [ARB_ENC_CP1251] = {"Windows-1251", "CP1251", "windows-1251 cp1251 1251"},
    [ARB_ENC_CP1252] = {"Windows-1252", "CP1252", "windows-1252 cp1252 1252"},
    [ARB_ENC_CP866] = {"CP866", "CP866", "cp866 866 ibm866 dos-866"},
    [ARB_ENC_KOI8R] = {"KOI8-R", "KOI8-R", "koi8-r koi8r koi8"},
    [ARB_ENC_LATIN1] = {"ISO-8859-1", "ISO-8859-1", "iso-8859-1 latin1 latin-1 l1"},
    [ARB_ENC_LATIN2] = {"ISO-8859-2", "ISO-8859-2", "iso-8859-2 latin2 latin-2 l2"},
};

const char *arb_encoding_name(int enc)
{
    return enc >= 0 && enc < ARB_ENC_COUNT ? encodings[enc].name : "?";
}

const char *arb_encoding_names(void)
{
    return "utf-8, utf-16, utf-16le, utf-16be, utf-32, utf-32le, utf-32be, windows-1250, windows-1251, "
           "windows-1252, cp866, koi8-r, latin1, latin2";
}

int arb_encoding_from_name(const char *name)
{
    size_t n = strlen(name);
    for (int e = 0; e < ARB_ENC_COUNT; e++) {
        const char *a = encodings[e].aliases;
        while (*a) {
            const char *end = strchr(a, ' ');
            size_t m = end ? (size_t)(end - a) : strlen(a);
            if (m == n && strncasecmp(a, name, n) == 0)
                return e;
            a += m;
            while (*a == ' ')
                a++;
        }
    }
    return -1;
}

/* ---- detection ------------------------------------------------------------ */

/* Well-formed UTF-8, or mostly so: well-formed multi-byte sequences of the
 * characters of chess text at least one twentieth of the stray bytes
 * (damaged UTF-8 is still UTF-8: the readers take the stray bytes as
 * Windows-1252 one by one). */
static bool mostly_utf8(const unsigned char *s, size_t n)
{
    size_t i = 0, good = 0, bad = 0, invalid = 0;
    while (i < n) {
        if (s[i] < 0x80) {
            i++;
            continue;
        }
        int k = arb_utf8_sequence_length(s + i, n - i);
        if (k <= 0) {
            if (!(n - i < 4 && s[i] >= 0xC2)) {   /* not a sequence cut by the end of the sample */
                bad++;
                invalid++;
            }
            i++;
            continue;
        }
        /* characters chess text holds: letters (U+00A0-U+04FF), dashes,
         * quotes and figurines (U+2000-U+27FF); by-chance sequences of a
         * single-byte code page decode to anything */
        uint32_t cp = k == 2 ? ((uint32_t)(s[i] & 0x1F) << 6 | (s[i + 1] & 0x3F))
                    : k == 3 ? ((uint32_t)(s[i] & 0x0F) << 12 | (uint32_t)(s[i + 1] & 0x3F) << 6 | (s[i + 2] & 0x3F))
                             : 0;
        if ((cp >= 0xA0 && cp <= 0x4FF) || (cp >= 0x2000 && cp <= 0x27FF) || k == 4)
            good++;
        else
            bad++;
        i += (size_t)k;
    }
    /* nothing but well-formed sequences: a single-byte code page almost
     * never produces that by chance (our own output holds U+FFFD, and
     * concatenated files U+FEFF, outside the letters counted above) */
    return invalid == 0 || good * 20 >= bad;
}

/* Letters of a decoded code point: 1 upper case, 2 lower case, 0 not a letter. */
static int letter_case(uint32_t cp)
{
    if (cp >= 'A' && cp <= 'Z')
        return 1;
    if (cp >= 'a' && cp <= 'z')
        return 2;
    if ((cp >= 0xC0 && cp <= 0xDE && cp != 0xD7) || cp == 0x401 || (cp >= 0x402 && cp <= 0x42F))
        return 1;
    if ((cp >= 0xDF && cp <= 0xFF && cp != 0xF7) || (cp >= 0x430 && cp <= 0x45F))
        return 2;
    if (cp >= 0x100 && cp <= 0x17F)
        return (cp & 1) ? 2 : 1;   /* Latin Extended-A alternates, near enough */
    return 0;
}

static bool cyrillic(int enc)
{
    return enc == ARB_ENC_CP1251 || enc == ARB_ENC_CP866 || enc == ARB_ENC_KOI8R;
}

/* Decodes one byte of a single-byte code page (U+FFFD when none). */
static uint32_t decode_byte(iconv_t cd, unsigned char c)
{
    char in[1] = {(char)c};
    uint32_t out = 0xFFFD;
    char *ip = in, *op = (char *)&out;
    size_t il = 1, ol = sizeof out;
    iconv(cd, NULL, NULL, NULL, NULL);
    if (iconv(cd, &ip, &il, &op, &ol) == (size_t)-1 || ol != 0)
        return 0xFFFD;
    return out;
}

/* How much a sample looks like real text in a single-byte code page. */
static long score(int enc, const unsigned char *s, size_t n)
{
    iconv_t cd = iconv_open("UTF-32LE", encodings[enc].iconv);
    if (cd == (iconv_t)-1)
        return -1000000;
    uint32_t table[128];
    for (int c = 0; c < 128; c++)
        table[c] = decode_byte(cd, (unsigned char)(0x80 + c));
    iconv_close(cd);
    long total = 0;
    size_t i = 0;
    while (i < n) {
        /* a piece letter before a square (Кf3, Кxf3): upper case, and in
         * an alphabet that is not Latin (Latin pieces are ASCII) */
        if (s[i] >= 0x80 && i + 2 < n && ((s[i + 1] >= 'a' && s[i + 1] <= 'h' && s[i + 2] >= '1' && s[i + 2] <= '8')
                                          || s[i + 1] == 'x' || s[i + 1] == ':')) {
            total += letter_case(table[s[i] - 0x80]) == 1 ? 3 + cyrillic(enc) : -3;
            i += 2;
            continue;
        }
        /* a word: letters and high bytes */
        size_t start = i;
        int high = 0, ascii = 0, upper_after_first = 0, lower_after_first = 0, symbols = 0;
        while (i < n && (s[i] >= 0x80 || letter_case(s[i]))) {
            uint32_t cp = s[i] >= 0x80 ? table[s[i] - 0x80] : s[i];
            int lc = letter_case(cp);
            if (s[i] >= 0x80) {
                if (lc)
                    high++;
                else
                    symbols++;
            } else {
                ascii++;
            }
            if (i > start && lc == 1)
                upper_after_first++;
            if (i > start && lc == 2)
                lower_after_first++;
            i++;
        }
        if (i == start) {
            i++;
            continue;
        }
        total -= 3 * symbols;
        if (!high)
            continue;
        if (s[start] >= 0x80 && i - start <= 3 && i < n && s[i] >= '1' && s[i] <= '8')
            continue;
        if (upper_after_first && lower_after_first)
            total -= high;
        else if (lower_after_first)
            total += high;
        /* Cyrillic words are all Cyrillic; Latin words mix ASCII letters in */
        if (cyrillic(enc))
            total += ascii ? -high : high;
        else if (high + ascii >= 3)
            total += ascii ? high : -high;
    }
    return total;
}

int arb_encoding_detect(const unsigned char *s, size_t n, size_t *bom)
{
    *bom = 0;
    if (n >= 3 && s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF)
        return ARB_ENC_UTF8;   /* the readers skip a UTF-8 mark themselves */
    if (n >= 4 && s[0] == 0xFF && s[1] == 0xFE && s[2] == 0 && s[3] == 0) {
        *bom = 4;
        return ARB_ENC_UTF32LE;
    }
    if (n >= 4 && s[0] == 0 && s[1] == 0 && s[2] == 0xFE && s[3] == 0xFF) {
        *bom = 4;
        return ARB_ENC_UTF32BE;
    }
    if (n >= 2 && s[0] == 0xFF && s[1] == 0xFE) {
        *bom = 2;
        return ARB_ENC_UTF16LE;
    }
    if (n >= 2 && s[0] == 0xFE && s[1] == 0xFF) {
        *bom = 2;
        return ARB_ENC_UTF16BE;
    }
    /* NUL patterns of text in UTF-16/32 without a mark */
    size_t zero[4] = {0}, m = n < 4096 ? n & ~(size_t)3 : 4096;
    for (size_t i = 0; i < m; i++)
        zero[i & 3] += s[i] == 0;
    size_t q = m / 4;
    if (q >= 4) {
        if (zero[1] > q * 9 / 10 && zero[2] > q * 9 / 10 && zero[3] > q * 9 / 10 && zero[0] * 10 < q)
            return ARB_ENC_UTF32LE;
        if (zero[0] > q * 9 / 10 && zero[1] > q * 9 / 10 && zero[2] > q * 9 / 10 && zero[3] * 10 < q)
            return ARB_ENC_UTF32BE;
        /* UTF-16: ASCII (spaces, digits, squares) leaves a NUL in every
         * other byte; letters of other alphabets do not */
        size_t odd = zero[1] + zero[3], even = zero[0] + zero[2], half = m / 2;
        if (odd * 10 >= half * 3 && even * 50 <= half)
            return ARB_ENC_UTF16LE;
        if (even * 10 >= half * 3 && odd * 50 <= half)
            return ARB_ENC_UTF16BE;
    }
    if (mostly_utf8(s, n < 65536 ? n : 65536))
        return ARB_ENC_UTF8;
    static const int candidates[] = {ARB_ENC_CP1252, ARB_ENC_CP1250, ARB_ENC_CP1251, ARB_ENC_KOI8R, ARB_ENC_CP866};
    int best = ARB_ENC_CP1252;
    long best_score = 0;
    size_t sample = n < 65536 ? n : 65536;
    for (size_t c = 0; c < sizeof candidates / sizeof *candidates; c++) {
        long sc = score(candidates[c], s, sample);
        if (c == 0 || sc > best_score) {
            best = candidates[c];
            best_score = sc;
        }
    }
    if (best == ARB_ENC_CP1252) {
        bool c1 = false;   /* without 0x80-0x9F bytes it is Latin-1 as well */
        for (size_t i = 0; i < sample && !c1; i++)
            c1 = s[i] >= 0x80 && s[i] <= 0x9F;
        if (!c1)
            return ARB_ENC_LATIN1;
    }
    return best;
}

/* ---- the decoder ------------------------------------------------------------ */

#define STAGE_SIZE ((size_t)64 << 10)

struct arb_decoder {
    int forced;          /* -1: detect */
    int enc;             /* -1 before the first read */
    bool convert;
    iconv_t cd;
    char *stage;         /* input bytes not yet converted */
    size_t stage_len;
    size_t skip;         /* byte-order mark still to drop */
    bool at_end;
    bool failed;         /* the input failed while the first block was read: */
    arb_status fail;     /* reported once the bytes before the failure are out */
};

arb_decoder *arb_decoder_new(int forced)
{
    arb_decoder *d = calloc(1, sizeof *d);
    if (!d)
        return NULL;
    d->forced = forced;
    d->enc = -1;
    d->cd = (iconv_t)-1;
    d->stage = malloc(STAGE_SIZE);
    if (!d->stage) {
        free(d);
        return NULL;
    }
    return d;
}

void arb_decoder_free(arb_decoder *d)
{
    if (!d)
        return;
    if (d->cd != (iconv_t)-1)
        iconv_close(d->cd);
    free(d->stage);
    free(d);
}

int arb_decoder_encoding(const arb_decoder *d) { return d->enc; }
bool arb_decoder_converts(const arb_decoder *d) { return d->convert; }
bool arb_decoder_forced(const arb_decoder *d) { return d->forced >= 0; }

static ssize_t fill_stage(arb_decoder *d, arb_input *in, arb_status *status)
{
    if (d->at_end || d->stage_len == STAGE_SIZE)
        return 0;
    ssize_t n = arb_input_read(in, d->stage + d->stage_len, STAGE_SIZE - d->stage_len, status);
    if (n < 0)
        return -1;
    if (n == 0)
        d->at_end = true;
    d->stage_len += (size_t)n;
    return n;
}

/* The first block decides. */
static void decide(arb_decoder *d, arb_input *in)
{
    while (!d->at_end && d->stage_len < STAGE_SIZE)
        if (fill_stage(d, in, &d->fail) < 0) {
            d->failed = d->at_end = true;
            break;
        }
    size_t bom = 0;
    int detected = arb_encoding_detect((const unsigned char *)d->stage, d->stage_len, &bom);
    d->enc = d->forced >= 0 ? d->forced : detected;
    if (d->forced < 0 || d->forced == detected)
        d->skip = bom;
    /* UTF-8 passes; detected Windows-1252/Latin-1 is left to the readers */
    d->convert = d->enc != ARB_ENC_UTF8 && (d->forced >= 0 || (d->enc != ARB_ENC_CP1252 && d->enc != ARB_ENC_LATIN1));
    if (d->convert && (d->cd = iconv_open("UTF-8", encodings[d->enc].iconv)) == (iconv_t)-1)
        d->convert = false;
}

/* The end of the staged bytes: the input's deferred failure, or its end. */
static ssize_t stage_end(arb_decoder *d, arb_status *status)
{
    if (d->failed) {
        *status = d->fail;
        return -1;
    }
    return 0;
}

ssize_t arb_decoder_read(arb_decoder *d, arb_input *in, char *buf, size_t cap, arb_status *status)
{
    if (d->enc < 0)
        decide(d, in);
    if (d->skip) {
        size_t k = d->skip < d->stage_len ? d->skip : d->stage_len;
        memmove(d->stage, d->stage + k, d->stage_len - k);
        d->stage_len -= k;
        d->skip = 0;
    }
    if (!d->convert) {
        if (d->stage_len) {   /* the block read to decide */
            size_t k = d->stage_len < cap ? d->stage_len : cap;
            memcpy(buf, d->stage, k);
            memmove(d->stage, d->stage + k, d->stage_len - k);
            d->stage_len -= k;
            return (ssize_t)k;
        }
        return d->at_end ? stage_end(d, status) : arb_input_read(in, buf, cap, status);
    }
    for (;;) {
        if (d->stage_len < STAGE_SIZE / 2 && !d->at_end && fill_stage(d, in, status) < 0)
            return -1;
        if (d->stage_len == 0)
            return stage_end(d, status);
        char *ip = d->stage, *op = buf;
        size_t il = d->stage_len, ol = cap;
        while (il > 0 && ol >= 8) {
            if (iconv(d->cd, &ip, &il, &op, &ol) != (size_t)-1)
                break;
            if (errno == E2BIG)
                break;
            if (errno == EINVAL && !d->at_end)
                break;   /* a sequence cut by the block: wait for the rest */
            if (ol < 3)
                break;   /* no room for U+FFFD: the next read */
            /* no character for these bytes (or a cut sequence at the end): U+FFFD */
            size_t unit = d->enc == ARB_ENC_UTF16LE || d->enc == ARB_ENC_UTF16BE ? 2
                        : d->enc == ARB_ENC_UTF32LE || d->enc == ARB_ENC_UTF32BE ? 4 : 1;
            if (unit > il)
                unit = il;
            ip += unit;
            il -= unit;
            memcpy(op, "\xEF\xBF\xBD", 3);
            op += 3;
            ol -= 3;
        }
        size_t used = d->stage_len - il;
        memmove(d->stage, d->stage + used, il);
        d->stage_len = il;
        if (op > buf)
            return (ssize_t)(op - buf);
        if (used == 0 && (d->at_end || d->stage_len == STAGE_SIZE))
            return stage_end(d, status);   /* nothing more can be made of it */
    }
}
