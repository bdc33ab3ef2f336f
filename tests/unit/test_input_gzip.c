/* test_input_gzip.c — the gzip decoder (lib/base/input_gzip.c): header
 * fields (extra, name, comment, header CRC) passed over, zero padding
 * between members, a wrong header CRC, data CRC or length reported as
 * corrupt with the offset, a member cut in its header, in its data or in
 * its trailer reported as truncated, and the bytes read in small pieces
 * equal to one read. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "input.h"

static const char text[] = "[Event \"g\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n";

/* A gzip member of data with every optional header field; malloc'ed. */
static unsigned char *member(const char *data, size_t len, size_t *out_len)
{
    unsigned char *out = malloc(len + 256);
    static const unsigned char head[] = {0x1f, 0x8b, 8, 4 | 8 | 16 | 2, 0, 0, 0, 0, 0, 3, 5, 0};
    size_t n = sizeof head;
    memcpy(out, head, n);
    memcpy(out + n, "extra" "name\0" "comment", 5 + 5 + 8);
    n += 18;
    uLong hcrc = crc32(0, out, (uInt)n);
    out[n++] = hcrc & 0xff;
    out[n++] = (hcrc >> 8) & 0xff;
    z_stream z = {0};
    cr_assert_eq(deflateInit2(&z, 9, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY), Z_OK);
    z.next_in = (Bytef *)data;
    z.avail_in = (uInt)len;
    z.next_out = out + n;
    z.avail_out = (uInt)(len + 256 - n - 8);
    cr_assert_eq(deflate(&z, Z_FINISH), Z_STREAM_END);
    n += z.total_out;
    deflateEnd(&z);
    uLong crc = crc32(0, (const Bytef *)data, (uInt)len);
    for (int i = 0; i < 4; i++)
        out[n++] = (crc >> (8 * i)) & 0xff;
    for (int i = 0; i < 4; i++)
        out[n++] = (len >> (8 * i)) & 0xff;
    *out_len = n;
    return out;
}

/* Everything readable, `piece` bytes at a time; *last: the last result. */
static char *read_all(const unsigned char *data, size_t len, size_t piece, size_t *got, arb_status *st,
                      ssize_t *last)
{
    arb_input *in = arb_input_from_memory(data, len, "t.gz");
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (cap - n < piece) {
            cap = 2 * cap + piece;
            buf = realloc(buf, cap);
        }
        *last = arb_input_read(in, buf + n, piece, st);
        if (*last <= 0)
            break;
        n += (size_t)*last;
    }
    cr_assert(arb_input_is_gzip(in));
    cr_assert_str_eq(arb_input_format(in), "gzip");
    arb_input_close(in);
    *got = n;
    return buf;
}

Test(input_gzip, header_fields_and_padded_members_in_pieces_of_any_size)
{
    size_t a_len;
    unsigned char *a = member(text, strlen(text), &a_len);
    /* two members with zero padding between and after them */
    unsigned char *both = calloc(2 * a_len + 20, 1);
    memcpy(both, a, a_len);
    memcpy(both + a_len + 7, a, a_len);
    size_t both_len = 2 * a_len + 20;
    for (size_t piece = 1; piece <= 4096; piece *= 8) {
        size_t got;
        arb_status st = {0};
        ssize_t last;
        char *out = read_all(both, both_len, piece, &got, &st, &last);
        cr_assert_eq(last, 0, "piece %zu: %s", piece, st.message);
        cr_assert_eq(got, 2 * strlen(text));
        cr_assert(memcmp(out, text, strlen(text)) == 0 && memcmp(out + strlen(text), text, strlen(text)) == 0);
        free(out);
    }
    free(both);
    free(a);
}

static void expect_break(const unsigned char *data, size_t len, int code, const char *words, size_t bytes_before)
{
    size_t got;
    arb_status st = {0};
    ssize_t last;
    char *out = read_all(data, len, 100, &got, &st, &last);
    cr_assert_eq(last, -1);
    cr_assert_eq(st.code, code, "%s", st.message);
    cr_assert_not_null(strstr(st.message, words), "%s", st.message);
    cr_assert_not_null(strstr(st.message, "at byte "), "%s", st.message);
    cr_assert_eq(got, bytes_before, "%zu bytes before the break", got);
    free(out);
}

Test(input_gzip, wrong_checks_are_corrupt_data_with_the_offset)
{
    size_t len;
    unsigned char *z = member(text, strlen(text), &len);
    z[30] ^= 1;     /* the header CRC */
    expect_break(z, len, ARB_INPUT_GZIP_DATA, "corrupt gzip data at byte 32 (header crc mismatch)", 0);
    z[30] ^= 1;
    z[len - 8] ^= 1;     /* the data CRC: the text came out before the check */
    expect_break(z, len, ARB_INPUT_GZIP_DATA, "(incorrect data check)", strlen(text));
    z[len - 8] ^= 1;
    z[len - 1] ^= 1;     /* the length */
    expect_break(z, len, ARB_INPUT_GZIP_DATA, "corrupt gzip data", strlen(text));
    z[len - 1] ^= 1;
    z[2] = 7;     /* not deflate */
    expect_break(z, len, ARB_INPUT_GZIP_DATA, "at byte 4 (unknown compression method)", 0);
    free(z);
}

Test(input_gzip, a_member_cut_anywhere_is_truncated_at_the_end_of_the_file)
{
    size_t len;
    unsigned char *z = member(text, strlen(text), &len);
    for (size_t cut = 2; cut < len; cut++) {   /* two bytes: the magic */
        size_t got;
        arb_status st = {0};
        ssize_t last;
        char *out = read_all(z, cut, 64, &got, &st, &last);
        cr_assert_eq(last, -1, "cut at %zu", cut);
        cr_assert_eq(st.code, ARB_INPUT_GZIP_TRUNCATED, "cut at %zu: %s", cut, st.message);
        char at[64];
        snprintf(at, sizeof at, "gzip stream truncated at byte %zu,", cut);
        cr_assert_not_null(strstr(st.message, at), "%s", st.message);
        cr_assert_leq(got, strlen(text));
        cr_assert(memcmp(out, text, got) == 0);
        free(out);
    }
    free(z);
}

/* found by fuzz_container (regression-gzip-offset-after-an-inflate-error): after
 * an error ISA-L's count of bytes left wraps; the offset stays within the input */
static const unsigned char bad_distance[] = {
  0x1f, 0x8b, 0x08, 0x1e, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x05, 0x00,
  0x61, 0x62, 0x63, 0x64, 0x65, 0x6e, 0x61, 0x6d, 0x65, 0x00, 0x63, 0x6f,
  0x6d, 0x6d, 0x65, 0x6e, 0x74, 0x00, 0x6c, 0x36, 0x8b, 0x76, 0x2d, 0x4b,
  0xcd, 0x2b, 0x51, 0x50, 0xaa, 0x50, 0x8a, 0xe5, 0xe2, 0x32, 0xd4, 0x53,
  0x48, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42,
  0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42,
  0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42,
  0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42,
  0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42,
  0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x42, 0x35, 0x51, 0x48,
  0x35, 0x55, 0xd0, 0xe2, 0x02, 0x00, 0x28, 0x37, 0xc1, 0xaf, 0x8d, 0x18,
  0x00, 0x00, 0x00
};

Test(input_gzip, an_inflate_error_names_an_offset_within_the_input)
{
    size_t got;
    arb_status st = {0};
    ssize_t last;
    char *out = read_all(bad_distance, sizeof bad_distance, 65536, &got, &st, &last);
    cr_assert_eq(last, -1);
    cr_assert_eq(st.code, ARB_INPUT_GZIP_DATA, "%s", st.message);
    cr_assert_not_null(strstr(st.message, "corrupt gzip data at byte 135 (invalid distance too far back)"), "%s",
                       st.message);
    free(out);
}
