/* input_xz.c — xz input (liblzma): concatenated streams and stream padding
 * as xz(1) reads them; a stream cut short or corrupt is reported with its
 * byte offset.  The decoder may use at most 128 MiB (xz -9 needs 65 MiB), so
 * no header can ask for more. */
#include <lzma.h>
#include <stdlib.h>

#include "input_codec.h"

#define XZ_MEMORY_LIMIT (128u << 20)

struct xz_state {
    lzma_stream z;
    bool done;                 /* LZMA_STREAM_END: the whole input was read */
};

static void *xz_open(arb_input *in, arb_status *st)
{
    struct xz_state *s = calloc(1, sizeof *s);
    if (s) {
        lzma_stream init = LZMA_STREAM_INIT;
        s->z = init;
        /* LZMA_CONCATENATED: streams and padding follow one another, the end is
         * known only at LZMA_FINISH */
        if (lzma_stream_decoder(&s->z, XZ_MEMORY_LIMIT, LZMA_CONCATENATED) == LZMA_OK)
            return s;
        free(s);
    }
    arb_input_fail_no_memory(st, in);
    return NULL;
}

static const char *xz_error(lzma_ret r)
{
    switch (r) {
    case LZMA_FORMAT_ERROR: return "not an xz stream";
    case LZMA_OPTIONS_ERROR: return "unsupported options";
    case LZMA_DATA_ERROR: return "corrupt data";
    case LZMA_BUF_ERROR: return "stream cut short";
    case LZMA_MEM_ERROR: return "out of memory";
    case LZMA_MEMLIMIT_ERROR: return "needs more than 128 MiB of memory";
    case LZMA_UNSUPPORTED_CHECK: return "unsupported integrity check";
    default: return "decompression failed";
    }
}

static size_t xz_read(void *state, arb_input *in, unsigned char *dst, size_t cap, arb_status *pending)
{
    struct xz_state *s = state;
    size_t made = 0;
    while (made < cap && !s->done) {
        const unsigned char *raw;
        ssize_t n = arb_input_raw_peek(in, &raw, pending);
        if (n < 0)
            break;
        s->z.next_in = raw;
        s->z.avail_in = (size_t)n;
        s->z.next_out = dst + made;
        s->z.avail_out = cap - made;
        lzma_ret r = lzma_code(&s->z, n == 0 ? LZMA_FINISH : LZMA_RUN);
        arb_input_raw_consume(in, (size_t)n - s->z.avail_in);
        made = cap - s->z.avail_out;
        if (r == LZMA_STREAM_END) {
            s->done = true;
            break;
        }
        if (r == LZMA_OK)
            continue;
        /* at the end of the input, no progress: the stream was cut */
        if (n == 0 && r == LZMA_BUF_ERROR)
            arb_input_fail_truncated(pending, "xz", arb_input_raw_offset(in), NULL);
        else
            arb_input_fail_corrupt(pending, "xz", arb_input_raw_offset(in), NULL, xz_error(r));
        break;
    }
    return made;
}

static void xz_close(void *state)
{
    struct xz_state *s = state;
    lzma_end(&s->z);
    free(s);
}

const arb_input_codec arb_input_codec_xz = {"xz", xz_open, xz_read, xz_close};
