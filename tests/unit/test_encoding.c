/* test_encoding.c — encodings told from the bytes (encoding.h) and the
 * decoder's UTF-8: each code page of real chess text, UTF-16/32 with and
 * without a byte-order mark, damaged UTF-8 staying UTF-8, names. */
#include <criterion/criterion.h>
#include <string.h>

#include "encoding.h"

/* "1. е4 е5 2. Кf3 Кc6 Белые сдались" and a Romanian name, in each encoding. */
static const char cp1251[] = "\xcf\xe0\xf0\xf2\xe8\xff \xe1\xfb\xeb\xe0 \xf1\xfb\xe3\xf0\xe0\xed\xe0. 1. e4 e5 "
                             "2. \xca" "f3 \xca" "c6 3. \xd1" "b5 a6 \xc1\xe5\xeb\xfb\xe5 \xf1\xe4\xe0\xeb\xe8\xf1\xfc";
static const char koi8[] = "\xf0\xc1\xd2\xd4\xc9\xd1 \xc2\xd9\xcc\xc1 \xd3\xd9\xc7\xd2\xc1\xce\xc1. 1. e4 e5 "
                           "2. \xeb" "f3 \xeb" "c6 3. \xf3" "b5 a6 \xe2\xc5\xcc\xd9\xc5 \xd3\xc4\xc1\xcc\xc9\xd3\xd8";
static const char cp866[] = "\x8f\xa0\xe0\xe2\xa8\xef \xa1\xeb\xab\xa0 \xe1\xeb\xa3\xe0\xa0\xad\xa0. 1. e4 e5 "
                            "2. \x8a" "f3 \x8a" "c6 3. \x91" "b5 a6 \x81\xa5\xab\xeb\xa5 \xe1\xa4\xa0\xab\xa8\xe1\xec";
static const char cp1250[] = "[White \"\xaa" "tef\xe3nescu\"]\n[Black \"\xde\xe3ranu, \xbftefan\"]\n1. e4 e5 2. Cf3 Cc6 "
                             "3. Nb5 a6 remiz\xe3 \xee" "n partida de ast\xe3zi";

static int detect(const char *s, size_t n)
{
    size_t bom;
    return arb_encoding_detect((const unsigned char *)s, n, &bom);
}

Test(encoding, single_byte_code_pages_are_told_apart)
{
    cr_assert_eq(detect(cp1251, sizeof cp1251 - 1), ARB_ENC_CP1251);
    cr_assert_eq(detect(koi8, sizeof koi8 - 1), ARB_ENC_KOI8R);
    cr_assert_eq(detect(cp866, sizeof cp866 - 1), ARB_ENC_CP866);
    cr_assert_eq(detect(cp1250, sizeof cp1250 - 1), ARB_ENC_CP1250);
    cr_assert_eq(detect("Sch\xe4" "fer 1. e4 e5 *", 16), ARB_ENC_LATIN1);
}

Test(encoding, utf16_and_utf32_with_and_without_a_mark)
{
    size_t bom;
    cr_assert_eq(arb_encoding_detect((const unsigned char *)"\xff\xfe" "1\0.\0 \0e\0" "4\0", 12, &bom), ARB_ENC_UTF16LE);
    cr_assert_eq(bom, 2);
    const char be[] = "\0" "1\0.\0 \0e\0" "4\0 \0e\0" "5\0 \0*\0\n";
    cr_assert_eq(arb_encoding_detect((const unsigned char *)be, sizeof be - 1, &bom), ARB_ENC_UTF16BE);
    cr_assert_eq(bom, 0);
    const char le32[] = "1\0\0\0.\0\0\0 \0\0\0e\0\0\0" "4\0\0\0 \0\0\0e\0\0\0" "5\0\0\0";
    cr_assert_eq(arb_encoding_detect((const unsigned char *)le32, sizeof le32 - 1, &bom), ARB_ENC_UTF32LE);
}

Test(encoding, utf8_and_damaged_utf8_stay_utf8)
{
    cr_assert_eq(detect("Sch\xc3\xa4" "fer \xd0\x9a" "f3", 12), ARB_ENC_UTF8);
    cr_assert_eq(detect("\xc3\xa9t\xc3\xa9 \xfe\xff \x80", 10), ARB_ENC_UTF8);
}

Test(encoding, names)
{
    cr_assert_eq(arb_encoding_from_name("windows-1251"), ARB_ENC_CP1251);
    cr_assert_eq(arb_encoding_from_name("KOI8-R"), ARB_ENC_KOI8R);
    cr_assert_eq(arb_encoding_from_name("utf-16"), ARB_ENC_UTF16LE);
    cr_assert_eq(arb_encoding_from_name("ebcdic"), -1);
    cr_assert_str_eq(arb_encoding_name(ARB_ENC_CP866), "CP866");
}

Test(encoding, the_decoder_gives_utf8)
{
    arb_decoder *d = arb_decoder_new(-1);
    arb_input *in = arb_input_from_memory(cp1251, sizeof cp1251 - 1, "t");
    char out[512];
    size_t len = 0;
    arb_status st;
    ssize_t n;
    while ((n = arb_decoder_read(d, in, out + len, 17, &st)) > 0)   /* small reads cut the text */
        len += (size_t)n;
    cr_assert_eq(n, 0);
    out[len] = '\0';
    cr_assert_eq(arb_decoder_encoding(d), ARB_ENC_CP1251);
    cr_assert(arb_decoder_converts(d));
    cr_assert_not_null(strstr(out, "2. \xd0\x9a" "f3"), "%s", out);   /* Кf3 */
    cr_assert_not_null(strstr(out, "\xd0\x91\xd0\xb5\xd0\xbb\xd1\x8b\xd0\xb5"), "%s", out);   /* Белые */
    arb_input_close(in);
    arb_decoder_free(d);
}

/* fuzz_encoding found it (corpora/fuzz/fuzz_encoding/regression-*): a
 * replacement character for bytes without one was written past the buffer
 * when fewer than three bytes were left in it. */
Test(encoding, replacements_stay_inside_the_buffer)
{
    static const char bytes[] = "\x98\x98\x98\x98\x98\x98\x98\x98\x98\x98\x98\x98\x98\x98\x98\x98\x98\x98\x98\x98";
    arb_decoder *d = arb_decoder_new(ARB_ENC_CP1251);   /* 0x98 has no character in Windows-1251 */
    arb_input *in = arb_input_from_memory(bytes, sizeof bytes - 1, "t");
    char out[64];
    size_t total = 0;
    arb_status st;
    ssize_t n;
    for (size_t cap = 16; (n = arb_decoder_read(d, in, out, cap, &st)) > 0; cap = 16 + (cap + 1) % 5) {
        cr_assert_leq((size_t)n, cap);
        total += (size_t)n;
    }
    cr_assert_eq(total, 3 * (sizeof bytes - 1));
    arb_input_close(in);
    arb_decoder_free(d);
}

/* well-formed UTF-8 whose only non-ASCII characters are U+FFFD (our own
 * output for a control character) or U+FEFF (a mark inside concatenated
 * files) is UTF-8, not a single-byte code page's mojibake */
Test(encoding, replacement_and_inner_marks_stay_utf8)
{
    const char *fffd = "[Event \"nul\xef\xbf\xbdin tag\"]\n\n1. e4 {nul\xef\xbf\xbdin comment} e5 *\n";
    cr_assert_eq(detect(fffd, strlen(fffd)), ARB_ENC_UTF8);
    const char *inner = "[Event \"a\"]\n\n1. e4 *\n\n\xef\xbb\xbf[Event \"b\"]\n\n1. d4 *\n";
    cr_assert_eq(detect(inner, strlen(inner)), ARB_ENC_UTF8);
}
