/* fuzz_container.c — arb_input on any bytes: plain text, binary, and every
 * container decoder (gzip, zstd, bzip2, xz, zip).
 *
 *   - no crash, leak, hang or sanitizer report on any input;
 *   - reading in pieces of two sizes gives the same bytes and the same end
 *     (clean, or an error of the same kind, the bytes before it agreeing as
 *     far as both went);
 *   - an error has a message; a cut or corrupt container names the byte
 *     offset, and the offset lies within the input;
 *   - an error, once reported, is reported again by the next read.
 *
 * Input: byte 0 picks what is put before the rest (0: nothing, the bytes
 * are sniffed as they are; 1-5: the magic bytes of gzip, zstd, bzip2, xz,
 * zip), so that mutations reach each decoder's body rather than its magic.
 * At most 8 MiB of output is read from one input (bombs). */
#include <stdint.h>

#include "input.h"
#include "invariants.h"

#define OUTPUT_LIMIT (8u << 20)

static const struct {
    const char *bytes;
    size_t len;
} magic[] = {
    {"", 0},
    {"\x1f\x8b", 2},
    {"\x28\xb5\x2f\xfd", 4},
    {"BZh91AY&SY", 10},
    {"\xfd" "7zXZ\0", 6},
    {"PK\3\4", 4},
};

struct outcome {
    uint8_t *bytes;            /* what was read (OUTPUT_LIMIT and a piece at most) */
    size_t len;
    ssize_t last;
    arb_status st;
};

static uint8_t output[2][OUTPUT_LIMIT + 65536];

static struct outcome read_in_pieces(const uint8_t *data, size_t size, size_t piece, uint8_t *bytes)
{
    struct outcome o = {.bytes = bytes};
    arb_input *in = arb_input_from_memory(data, size, "<fuzz>");
    INVARIANT(in, "out of memory");
    static uint8_t buf[65536];
    for (;;) {
        ssize_t n = arb_input_read(in, buf, piece, &o.st);
        o.last = n;
        if (n <= 0)
            break;
        INVARIANT((size_t)n <= piece, "read %zd bytes into %zu", n, piece);
        memcpy(o.bytes + o.len, buf, (size_t)n);
        o.len += (size_t)n;
        if (o.len >= OUTPUT_LIMIT) {
            o.last = 1;        /* stopped early: the end is not compared */
            break;
        }
    }
    if (o.last < 0) {
        arb_status again = {0};
        uint8_t c;
        INVARIANT(arb_input_read(in, &c, 1, &again) == -1, "an error was not reported again");
        INVARIANT(strcmp(again.message, o.st.message) == 0, "another error: %s / %s", again.message,
                  o.st.message);
    }
    arb_input_close(in);
    return o;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    size_t m = data[0] % (sizeof magic / sizeof magic[0]);
    size_t len = magic[m].len + size - 1;
    uint8_t *input = malloc(len + 1);
    INVARIANT(input, "out of memory");
    memcpy(input, magic[m].bytes, magic[m].len);
    memcpy(input + magic[m].len, data + 1, size - 1);

    struct outcome a = read_in_pieces(input, len, 65536, output[0]),
                   b = read_in_pieces(input, len, 777, output[1]);
    /* where a break is found may depend on the room to write in (bzip2
     * checks a block at its end, and keeps what it had not yet given), so
     * before a break the bytes agree as far as both got */
    size_t common = a.len < b.len ? a.len : b.len;
    INVARIANT(memcmp(a.bytes, b.bytes, common) == 0, "other bytes in other pieces");
    if (a.len < OUTPUT_LIMIT && b.len < OUTPUT_LIMIT) {
        INVARIANT(a.last == b.last, "another end in other pieces: %zd / %zd", a.last, b.last);
        INVARIANT(a.last < 0 || a.len == b.len, "other lengths in other pieces: %zu / %zu", a.len, b.len);
    }
    if (a.last < 0) {
        INVARIANT(a.st.code != 0 && a.st.message[0], "an error without a message");
        /* the library's reason may differ with the room it had to write in */
        INVARIANT(a.st.code == b.st.code || b.last >= 0, "other errors: %s / %s", a.st.message, b.st.message);
        const char *at = strstr(a.st.message, " at byte ");
        if (a.st.code == ARB_INPUT_TRUNCATED || a.st.code == ARB_INPUT_CORRUPT) {
            INVARIANT(at, "no byte offset: %s", a.st.message);
            unsigned long long off = strtoull(at + 9, NULL, 10);
            INVARIANT(off <= len, "offset %llu beyond the %zu bytes: %s", off, len, a.st.message);
        }
    }
    free(input);
    return 0;
}
