/* test_input_containers.c — zstd, bzip2, xz and zip input by magic bytes:
 * the text comes out whole, multi-frame/multi-stream files concatenate, a
 * cut or corrupt file gives every byte before the break and then the break
 * with its byte offset (for ever after), read-ahead gives the same bytes;
 * binary input is refused and UTF-16/32 and Latin-1 text are not. */
#include <bzlib.h>
#include <criterion/criterion.h>
#include <fcntl.h>
#include <lzma.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zstd.h>

#include "input.h"
#include "input_sniff.h"

enum fmt { ZSTD, BZIP2, XZ };

/* Compresses len bytes as one frame/stream in the format; malloc'ed. */
static unsigned char *squeeze(enum fmt f, const char *data, size_t len, size_t *out_len)
{
    size_t cap = len + len / 2 + 1024;
    unsigned char *out = malloc(cap);
    if (f == ZSTD) {
        /* with a checksum, as zstd(1) writes by default */
        ZSTD_CCtx *c = ZSTD_createCCtx();
        ZSTD_CCtx_setParameter(c, ZSTD_c_checksumFlag, 1);
        size_t n = ZSTD_compress2(c, out, cap, data, len);
        ZSTD_freeCCtx(c);
        cr_assert_not(ZSTD_isError(n));
        *out_len = n;
    } else if (f == BZIP2) {
        unsigned n = (unsigned)cap;
        cr_assert_eq(BZ2_bzBuffToBuffCompress((char *)out, &n, (char *)data, (unsigned)len, 1, 0, 0), BZ_OK);
        *out_len = n;
    } else {
        size_t pos = 0;
        cr_assert_eq(lzma_easy_buffer_encode(1, LZMA_CHECK_CRC64, NULL, (const uint8_t *)data, len, out, &pos, cap),
                     LZMA_OK);
        *out_len = pos;
    }
    return out;
}

static const char *const fmt_name[] = {"zstd", "bzip2", "xz"};

static char *read_all(arb_input *in, size_t *len, arb_status *st, ssize_t *last)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (cap - n < 777) {
            cap *= 2;
            buf = realloc(buf, cap);
        }
        ssize_t r = arb_input_read(in, buf + n, 777, st);
        *last = r;
        if (r <= 0)
            break;
        n += (size_t)r;
    }
    *len = n;
    return buf;
}

/* Several MiB of games: more than a zstd block, a bzip2 block, the read-ahead ring. */
static char *games(size_t *len, size_t size)
{
    char *text = malloc(size);
    size_t n = 0;
    for (int i = 0; n + 200 < size; i++)
        n += (size_t)snprintf(text + n, size - n, "[Event \"%d\"]\n\n1. e4 e5 2. Nf3 Nc6 {%d} 1-0\n\n", i,
                              i * 7919 % 100003);
    *len = n;
    return text;
}

Test(input_containers, each_format_by_magic_with_two_frames_concatenated)
{
    const char *a = "[Event \"a\"]\n\n1. e4 *\n\n", *b = "[Event \"b\"]\n\n1. d4 *\n";
    for (int f = ZSTD; f <= XZ; f++) {
        size_t alen, blen;
        unsigned char *za = squeeze(f, a, strlen(a), &alen), *zb = squeeze(f, b, strlen(b), &blen);
        unsigned char *both = malloc(alen + blen);
        memcpy(both, za, alen);
        memcpy(both + alen, zb, blen);
        arb_input *in = arb_input_from_memory(both, alen + blen, "games.txt");
        cr_assert_str_eq(arb_input_format(in), "unknown");
        size_t len;
        arb_status st = {0};
        ssize_t last;
        char *got = read_all(in, &len, &st, &last);
        cr_assert_eq(last, 0, "%s: %s", fmt_name[f], st.message);
        cr_assert_str_eq(arb_input_format(in), fmt_name[f]);
        cr_assert_eq(len, strlen(a) + strlen(b), "%s", fmt_name[f]);
        cr_assert_eq(memcmp(got, a, strlen(a)), 0);
        cr_assert_eq(memcmp(got + strlen(a), b, strlen(b)), 0);
        free(got);
        arb_input_close(in);
        free(both);
        free(za);
        free(zb);
    }
}

/* Reads broken compressed data from memory: the break must be of `code`,
 * its message hold `want`, the bytes before it be the start of `text`
 * (unless NULL), and
 * the next read report it again.  Returns how many bytes came out. */
static size_t read_broken(const unsigned char *z, size_t zlen, int code, const char *want, const char *text)
{
    arb_input *in = arb_input_from_memory(z, zlen, "broken");
    size_t got_len;
    arb_status st = {0};
    ssize_t last;
    char *got = read_all(in, &got_len, &st, &last);
    cr_assert_eq(last, -1, "%s", want);
    cr_assert_eq(st.code, code, "%s", st.message);
    cr_assert_not_null(strstr(st.message, want), "%s", st.message);
    if (text)
        cr_assert_eq(memcmp(got, text, got_len), 0);
    char c;
    arb_status again = {0};
    cr_assert_eq(arb_input_read(in, &c, 1, &again), -1);
    cr_assert_str_eq(again.message, st.message);
    free(got);
    arb_input_close(in);
    return got_len;
}

Test(input_containers, a_cut_gives_the_bytes_before_it_then_the_offset_for_ever)
{
    size_t len;
    char *text = games(&len, 3u << 20);
    for (int f = ZSTD; f <= XZ; f++) {
        size_t zlen;
        unsigned char *z = squeeze(f, text, len, &zlen);
        size_t cut = zlen * 3 / 4;
        char want[160];
        snprintf(want, sizeof want, "%s stream truncated at byte %zu,", fmt_name[f], cut);
        /* what came out is the start of the text, most of it */
        size_t got = read_broken(z, cut, ARB_INPUT_TRUNCATED, want, text);
        cr_assert_gt(got, len / 2, "%s: %zu of %zu", fmt_name[f], got, len);
        free(z);
    }
    free(text);
}

Test(input_containers, corrupt_data_is_reported_with_an_offset)
{
    size_t len;
    char *text = games(&len, 1u << 20);
    for (int f = ZSTD; f <= XZ; f++) {
        size_t zlen;
        unsigned char *z = squeeze(f, text, len, &zlen);
        for (size_t i = zlen / 2; i < zlen / 2 + 64; i++)
            z[i] ^= 0x5a;
        char want[64];
        snprintf(want, sizeof want, "corrupt %s data at byte ", fmt_name[f]);
        /* each format checks its checksum at the end of a block or frame:
         * what came out of the bad one before may be wrong */
        read_broken(z, zlen, ARB_INPUT_CORRUPT, want, NULL);
        free(z);
    }
    free(text);
}

Test(input_containers, read_ahead_gives_the_same_bytes_and_break)
{
    size_t len;
    char *text = games(&len, 6u << 20);
    for (int f = ZSTD; f <= XZ; f++) {
        size_t zlen;
        unsigned char *z = squeeze(f, text, len, &zlen);
        for (int cut = 0; cut < 2; cut++) {
            char path[] = "/tmp/arb_containers_XXXXXX";
            int fd = mkstemp(path);
            size_t n = cut ? zlen - 100 : zlen;
            cr_assert_eq(write(fd, z, n), (ssize_t)n);
            close(fd);
            arb_input *in;
            cr_assert_eq(arb_input_open(path, &in).code, 0);
            cr_assert(arb_input_read_ahead(in), "%s", fmt_name[f]);
            size_t got_len;
            arb_status st = {0};
            ssize_t last;
            char *got = read_all(in, &got_len, &st, &last);
            cr_assert_eq(last, cut ? -1 : 0, "%s: %s", fmt_name[f], st.message);
            if (!cut)
                cr_assert_eq(got_len, len);
            cr_assert_eq(memcmp(got, text, got_len), 0);
            free(got);
            arb_input_close(in);
            unlink(path);
        }
        free(z);
    }
    free(text);
}

/* The zip fixture of the golden tests: a.pgn, README.txt, b.pgn (no final
 * newline), c.PGN. */
static unsigned char *zip_fixture(const char *name, size_t *len)
{
    char path[256];
    const char *root = getenv("ARBITER_DATA");
    snprintf(path, sizeof path, "%s/corpora/golden/containers/%s/games.zip", root ? root : ".", name);
    FILE *fp = fopen(path, "rb");
    cr_assert_not_null(fp, "%s", path);
    unsigned char *data = malloc(1 << 16);
    *len = fread(data, 1, 1 << 16, fp);
    fclose(fp);
    return data;
}

Test(input_containers, zip_reads_its_pgn_members_in_order)
{
    size_t zlen;
    unsigned char *z = zip_fixture("zip-members", &zlen);
    arb_input *in = arb_input_from_memory(z, zlen, "games.zip");
    size_t len;
    arb_status st = {0};
    ssize_t last;
    char *got = read_all(in, &len, &st, &last);
    cr_assert_eq(last, 0, "%s", st.message);
    cr_assert_str_eq(arb_input_format(in), "zip");
    got = realloc(got, len + 1);
    got[len] = '\0';
    cr_assert_null(strstr(got, "not a game"), "README.txt is passed over");
    /* the member without a final newline is followed by one before the next */
    const char *e1 = strstr(got, "[Event"), *e2 = e1 ? strstr(e1 + 1, "[Event") : NULL;
    cr_assert_not_null(e2);
    int events = 0;
    for (const char *p = got; (p = strstr(p, "\n[Event")) != NULL; p++)
        events++;
    cr_assert_eq(events + (strncmp(got, "[Event", 6) == 0), 6);
    free(got);
    arb_input_close(in);
    free(z);
}

Test(input_containers, zip_cut_names_the_member)
{
    size_t zlen;
    unsigned char *z = zip_fixture("zip-truncated", &zlen);
    arb_input *in = arb_input_from_memory(z, zlen, "games.zip");
    size_t len;
    arb_status st = {0};
    ssize_t last;
    char *got = read_all(in, &len, &st, &last);
    cr_assert_eq(last, -1);
    cr_assert_eq(st.code, ARB_INPUT_TRUNCATED, "%s", st.message);
    cr_assert_not_null(strstr(st.message, "zip archive truncated at byte "), "%s", st.message);
    cr_assert_not_null(strstr(st.message, "in member c.PGN"), "%s", st.message);
    cr_assert_gt(len, 300u, "the members before the cut come out");
    free(got);
    arb_input_close(in);
    free(z);
}

/* ---- binary or text ----------------------------------------------------------- */

static bool binary(const void *data, size_t len)
{
    char what[128];
    return arb_sniff_binary(data, len, what, sizeof what);
}

/* ASCII text as UTF-16 or UTF-32 of either byte order, with a BOM or not. */
static size_t widen(const char *text, unsigned unit, bool big, bool bom, unsigned char *out)
{
    size_t n = 0;
    if (bom) {
        unsigned char le16[] = {0xff, 0xfe}, be16[] = {0xfe, 0xff}, le32[] = {0xff, 0xfe, 0, 0},
                      be32[] = {0, 0, 0xfe, 0xff};
        const unsigned char *b = unit == 2 ? (big ? be16 : le16) : (big ? be32 : le32);
        memcpy(out, b, unit);
        n = unit;
    }
    for (const char *p = text; *p; p++) {
        memset(out + n, 0, unit);
        out[n + (big ? unit - 1 : 0)] = (unsigned char)*p;
        n += unit;
    }
    return n;
}

Test(input_containers, utf16_and_utf32_are_text_with_or_without_bom)
{
    const char *text = "[Event \"Wijk aan Zee\"]\n[White \"Carlsen\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n";
    unsigned char buf[1024];
    for (unsigned unit = 2; unit <= 4; unit += 2)
        for (int big = 0; big < 2; big++)
            for (int bom = 0; bom < 2; bom++) {
                size_t n = widen(text, unit, big, bom, buf);
                cr_assert_not(binary(buf, n), "unit %u big %d bom %d", unit, big, bom);
                arb_input *in = arb_input_from_memory(buf, n, "wide.pgn");
                char out[1024];
                arb_status st = {0};
                cr_assert_gt(arb_input_read(in, out, sizeof out, &st), 0, "%s", st.message);
                arb_input_close(in);
            }
    /* Cyrillic names: UTF-16 units without NUL bytes (0x04 high bytes) */
    unsigned char cyr[512];
    size_t n = widen("[White \"", 2, false, false, cyr);
    for (int i = 0; i < 40; i++) {
        cyr[n++] = (unsigned char)(0x10 + i % 32);
        cyr[n++] = 0x04;
    }
    n += widen("\"]\n1. e4 *\n", 2, false, false, cyr + n);
    cr_assert_not(binary(cyr, n));
}

Test(input_containers, latin1_and_stray_control_bytes_are_text)
{
    const char *latin1 = "[White \"M\xfcller, J\xf6rg\"]\n[Black \"Nu\xf1" "ez\"]\n\n1. e4 e5 1-0\n";
    cr_assert_not(binary(latin1, strlen(latin1)));
    /* a DOS end-of-file mark, a few NUL bytes in otherwise plain text */
    const char nul[] = "[Event \"nul\0in tag\"]\n\n1. e4 {nul\0in comment} e5\0 2. Nf3 *\n\0\0\0\n\x1a";
    cr_assert_not(binary(nul, sizeof nul - 1));
}

Test(input_containers, random_bytes_and_known_formats_are_binary)
{
    unsigned char rnd[4096];
    unsigned x = 12345;
    for (size_t i = 0; i < sizeof rnd; i++) {
        x = x * 1103515245u + 12345u;
        rnd[i] = (unsigned char)(x >> 16);
    }
    char what[128];
    cr_assert(arb_sniff_binary(rnd, sizeof rnd, what, sizeof what));
    cr_assert_not_null(strstr(what, "binary data"), "%s", what);
    cr_assert(binary("%PDF-1.4\n", 9));
    arb_sniff_binary((const unsigned char *)"%PDF-1.4\n", 9, what, sizeof what);
    cr_assert_str_eq(what, "a PDF document");
    cr_assert(binary("\x7f" "ELF\2\1\1", 7));
    arb_input *in = arb_input_from_memory(rnd, sizeof rnd, "r.bin");
    char out[64];
    arb_status st = {0};
    cr_assert_eq(arb_input_read(in, out, sizeof out, &st), -1);
    cr_assert_eq(st.code, ARB_INPUT_BINARY);
    cr_assert_not_null(strstr(st.message, "binary input: looks like binary data"), "%s", st.message);
    arb_input_close(in);
}

Test(input_containers, containers_known_by_magic_bytes)
{
    cr_assert_eq(arb_sniff_container((const unsigned char *)"\x28\xb5\x2f\xfd", 4), ARB_CONTAINER_ZSTD);
    cr_assert_eq(arb_sniff_container((const unsigned char *)"\x50\x2a\x4d\x18", 4), ARB_CONTAINER_ZSTD);
    cr_assert_eq(arb_sniff_container((const unsigned char *)"BZh91AY&SY", 10), ARB_CONTAINER_BZIP2);
    cr_assert_eq(arb_sniff_container((const unsigned char *)"BZh is not", 10), ARB_CONTAINER_NONE);
    cr_assert_eq(arb_sniff_container((const unsigned char *)"\xfd" "7zXZ\0", 6), ARB_CONTAINER_XZ);
    cr_assert_eq(arb_sniff_container((const unsigned char *)"PK\3\4", 4), ARB_CONTAINER_ZIP);
    cr_assert_eq(arb_sniff_container((const unsigned char *)"\x1f\x8b", 2), ARB_CONTAINER_GZIP);
    cr_assert_eq(arb_sniff_container((const unsigned char *)"[Event", 6), ARB_CONTAINER_NONE);
}

/* ---- found by fuzz_container ----------------------------------------------------- */

/* Reads a file of corpora/fuzz/fuzz_container (byte 0 is the harness's
 * choice of magic, 0: none) whole. */
static unsigned char *fuzz_seed(const char *name, size_t *len)
{
    char path[256];
    const char *root = getenv("ARBITER_DATA");
    snprintf(path, sizeof path, "%s/corpora/fuzz/fuzz_container/%s", root ? root : ".", name);
    FILE *fp = fopen(path, "rb");
    cr_assert_not_null(fp, "%s", path);
    unsigned char *data = malloc(1 << 16);
    *len = fread(data, 1, 1 << 16, fp);
    fclose(fp);
    return data;
}

static ssize_t end_in_pieces(const unsigned char *z, size_t zlen, size_t piece, size_t *got, arb_status *st)
{
    arb_input *in = arb_input_from_memory(z, zlen, "pieces");
    ssize_t r;
    unsigned char buf[65536];
    *got = 0;
    while ((r = arb_input_read(in, buf, piece, st)) > 0)
        *got += (size_t)r;
    arb_input_close(in);
    return r;
}

/* The decoders keep the rest of a block they read whole: at the end of the
 * input that is no cut as long as they still give bytes (zstd blocks of
 * 128 KiB, bzip2 blocks of 900 kB, read in pieces of 777 bytes). */
Test(input_containers, small_reads_reach_the_clean_end_of_big_blocks)
{
    size_t len;
    char *text = games(&len, 1u << 20);
    for (int f = ZSTD; f <= XZ; f++) {
        size_t zlen, got;
        unsigned char *z = squeeze(f, text, len, &zlen);
        arb_status st = {0};
        cr_assert_eq(end_in_pieces(z, zlen, 777, &got, &st), 0, "%s: %s", fmt_name[f], st.message);
        cr_assert_eq(got, len, "%s", fmt_name[f]);
        free(z);
    }
    free(text);
}

/* A bzip2 stream whose last block fails its check: the same kind of break
 * whatever the size of the reads (it was "truncated" in small reads, since
 * the end of the input came before the block's check). */
Test(input_containers, regression_bzip2_end_of_input_before_block_check)
{
    size_t n, got_a, got_b;
    unsigned char *seed = fuzz_seed("regression-bzip2-end-of-input-before-block-check", &n);
    arb_status a = {0}, b = {0};
    cr_assert_eq(end_in_pieces(seed + 1, n - 1, 65536, &got_a, &a), -1);
    cr_assert_eq(end_in_pieces(seed + 1, n - 1, 777, &got_b, &b), -1);
    cr_assert_eq(a.code, ARB_INPUT_CORRUPT, "%s", a.message);
    cr_assert_eq(b.code, ARB_INPUT_CORRUPT, "%s", b.message);
    free(seed);
}
