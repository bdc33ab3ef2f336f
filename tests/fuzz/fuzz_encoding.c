/* fuzz_encoding.c — encoding detection and the UTF-8 decoder (encoding.h)
 * on any bytes.
 *
 *   - no crash, leak, hang or sanitizer report;
 *   - detection gives one of the encodings, and a byte-order mark no longer
 *     than the input;
 *   - the decoder, detecting or forced to an encoding chosen from the first
 *     byte, ends, writes at most four bytes per input byte (plus U+FFFD for
 *     a cut sequence), and what it converts is well-formed UTF-8.
 */
#include <stdint.h>
#include <string.h>

#include "encoding.h"
#include "invariants.h"
#include "utf8.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t bom = 9;
    int enc = arb_encoding_detect(data, size, &bom);
    INVARIANT(enc >= 0 && enc < ARB_ENC_COUNT, "detected %d", enc);
    INVARIANT(bom <= size && bom <= 4, "byte-order mark of %zu bytes", bom);

    int forced = size > 0 ? (int)(data[0] % (ARB_ENC_COUNT + 1)) - 1 : -1;
    arb_decoder *d = arb_decoder_new(forced);
    arb_input *in = arb_input_from_memory(data, size, "<fuzz>");
    INVARIANT(d && in, "out of memory");
    char buf[257];
    size_t total = 0;
    for (int rounds = 0; rounds < 100000; rounds++) {
        arb_status st;
        /* small and odd buffer sizes cut sequences everywhere */
        size_t cap = 16 + (size_t)(rounds * 37 % 240);
        ssize_t n = arb_decoder_read(d, in, buf, cap, &st);
        INVARIANT(n >= -1 && n <= (ssize_t)cap, "read %zd into %zu", n, cap);
        if (n <= 0)
            break;
        if (arb_decoder_converts(d))
            for (size_t i = 0; i < (size_t)n;) {
                unsigned char c = (unsigned char)buf[i];
                if (c < 0x80) {
                    i++;
                    continue;
                }
                int k = arb_utf8_sequence_length((const unsigned char *)buf + i, (size_t)n - i);
                INVARIANT(k > 0, "converted text is not UTF-8 at byte %zu", total + i);
                i += (size_t)k;
            }
        total += (size_t)n;
        INVARIANT(total <= 4 * size + 16, "%zu bytes out of %zu", total, size);
    }
    arb_input_close(in);
    arb_decoder_free(d);
    return 0;
}
