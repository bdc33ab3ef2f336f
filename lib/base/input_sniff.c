/* input_sniff.c — containers by magic bytes; binary data told from text. */
#include "input_sniff.h"

#include <stdio.h>
#include <string.h>


enum arb_container arb_sniff_container(const unsigned char *p, size_t n)
{
    if (n >= 2 && p[0] == 0x1f && p[1] == 0x8b)
        return ARB_CONTAINER_GZIP;
    /* a zstd frame, or a skippable frame (magic 0x184D2A5?, little-endian) */
    if (n >= 4 && ((p[0] == 0x28 && p[1] == 0xb5 && p[2] == 0x2f && p[3] == 0xfd)
                   || ((p[0] & 0xf0) == 0x50 && p[1] == 0x2a && p[2] == 0x4d && p[3] == 0x18)))
        return ARB_CONTAINER_ZSTD;
    /* "BZh" and a block size digit, then a block or the end-of-stream magic */
    if (n >= 10 && p[0] == 'B' && p[1] == 'Z' && p[2] == 'h' && p[3] >= '1' && p[3] <= '9'
        && ((p[4] == 0x31 && p[5] == 0x41 && p[6] == 0x59 && p[7] == 0x26 && p[8] == 0x53 && p[9] == 0x59)
            || (p[4] == 0x17 && p[5] == 0x72 && p[6] == 0x45 && p[7] == 0x38 && p[8] == 0x50 && p[9] == 0x90)))
        return ARB_CONTAINER_BZIP2;
    if (n >= 6 && memcmp(p, "\xfd" "7zXZ\0", 6) == 0)
        return ARB_CONTAINER_XZ;
    /* a local file header, or the end record of an empty archive */
    if (n >= 4 && p[0] == 'P' && p[1] == 'K' && ((p[2] == 3 && p[3] == 4) || (p[2] == 5 && p[3] == 6)))
        return ARB_CONTAINER_ZIP;
    return ARB_CONTAINER_NONE;
}

struct magic {
    const char *bytes;
    size_t len;
    size_t at;
    const char *what;
};

/* Formats met where PGN was expected: other containers, documents, images,
 * executables, chess databases in their own formats. */
static const struct magic magics[] = {
    {"7z\xbc\xaf\x27\x1c", 6, 0, "a 7-Zip archive"},
    {"Rar!\x1a\x07", 6, 0, "a RAR archive"},
    {"\x04\x22\x4d\x18", 4, 0, "an lz4 frame"},
    {"\x89LZO", 4, 0, "an lzop file"},
    {"LZIP", 4, 0, "an lzip file"},
    {"\x1f\x9d", 2, 0, "a compress (.Z) file"},
    {"ustar", 5, 257, "a tar archive"},
    {"%PDF-", 5, 0, "a PDF document"},
    {"\x89PNG\r\n\x1a\n", 8, 0, "a PNG image"},
    {"\xff\xd8\xff", 3, 0, "a JPEG image"},
    {"GIF8", 4, 0, "a GIF image"},
    {"\x7f" "ELF", 4, 0, "an ELF executable"},
    {"SQLite format 3", 16, 0, "an SQLite database"},
    {"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", 8, 0, "an MS Office document"},
};

/* UTF-16 and UTF-32 text without a byte-order mark: its NUL bytes stand at
 * the same places of every 2- or 4-byte unit (ASCII characters). */
static bool unicode_units(const unsigned char *p, size_t n)
{
    for (size_t unit = 2; unit <= 4; unit += 2) {
        size_t zero[4] = {0}, units = n / unit;
        if (units < 2)
            continue;
        for (size_t i = 0; i < units * unit; i++)
            zero[i % unit] += p[i] == 0;
        /* one place never NUL, and every other place often (not always:
         * UTF-16 "Алёхин" has no NUL at all) */
        for (size_t k = 0; k < unit; k++) {
            if (zero[k] != 0)
                continue;
            bool others = true;
            for (size_t j = 0; j < unit; j++)
                if (j != k && zero[j] * 4 < units)
                    others = false;
            if (others)
                return true;
        }
    }
    return false;
}

bool arb_sniff_binary(const unsigned char *p, size_t n, char *what, size_t cap)
{
    for (size_t i = 0; i < sizeof magics / sizeof magics[0]; i++) {
        const struct magic *m = &magics[i];
        if (n >= m->at + m->len && memcmp(p + m->at, m->bytes, m->len) == 0) {
            snprintf(what, cap, "%s", m->what);
            return true;
        }
    }
    /* byte-order marks of UTF-32 and UTF-16 (UTF-8's is text anyway) */
    if (n >= 2 && ((p[0] == 0xff && p[1] == 0xfe) || (p[0] == 0xfe && p[1] == 0xff)))
        return false;
    if (n >= 4 && p[0] == 0 && p[1] == 0 && p[2] == 0xfe && p[3] == 0xff)
        return false;
    if (n > ARB_SNIFF_SAMPLE_BYTES)
        n = ARB_SNIFF_SAMPLE_BYTES;
    if (unicode_units(p, n))
        return false;
    size_t control = 0, ascii = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = p[i];
        ascii += c >= 0x20 && c < 0x7f;
        /* tab, line ends, form feed, escape and the DOS end-of-file mark
         * (0x1a) occur in real text files */
        if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\v' && c != '\f' && c != 0x1a
             && c != 0x1b)
            || c == 0x7f)
            control++;
    }
    /* text with stray control characters has a handful among mostly
     * printable ASCII; random and compressed bytes have about one control
     * byte in ten, and printable ASCII for only a third */
    if (control >= 8 && control * 20 > n && ascii * 2 < n) {
        snprintf(what, cap, "binary data (%zu%% control bytes in the first %zu)", control * 100 / n, n);
        return true;
    }
    return false;
}
