/* input_zstd.c — zstd input (libzstd, streaming): any number of frames,
 * skippable frames passed over, a frame cut short or corrupt reported with
 * its byte offset.  The window is bounded (ZSTD_d_windowLogMax 27: 128 MiB,
 * what `zstd -d` accepts without --long), so no frame can ask for more. */
#include <stdlib.h>
#include <zstd.h>

#include "input_codec.h"

struct zstd_state {
    ZSTD_DStream *d;
    bool frame_open;           /* inside a frame: the end of the input here is a cut */
};

static void *zstd_open(arb_input *in, arb_status *st)
{
    struct zstd_state *s = calloc(1, sizeof *s);
    if (s && (s->d = ZSTD_createDStream()) != NULL
        && !ZSTD_isError(ZSTD_DCtx_setParameter(s->d, ZSTD_d_windowLogMax, 27)))
        return s;
    if (s)
        ZSTD_freeDStream(s->d);
    free(s);
    arb_input_fail_no_memory(st, in);
    return NULL;
}

static size_t zstd_read(void *state, arb_input *in, unsigned char *dst, size_t cap, arb_status *pending)
{
    struct zstd_state *s = state;
    ZSTD_outBuffer out = {dst, cap, 0};
    while (out.pos < out.size) {
        const unsigned char *raw;
        ssize_t n = arb_input_raw_peek(in, &raw, pending);
        if (n < 0 || (n == 0 && !s->frame_open))
            break;
        /* at the end of the input the decoder may still hold output of a
         * block it has read whole: only when it gives nothing more is an
         * open frame cut short */
        ZSTD_inBuffer src = {raw, (size_t)n, 0};
        size_t before = out.pos;
        size_t r = ZSTD_decompressStream(s->d, &out, &src);
        if (ZSTD_isError(r)) {
            arb_input_fail_corrupt(pending, "zstd", arb_input_raw_offset(in), NULL, ZSTD_getErrorName(r));
            break;
        }
        arb_input_raw_consume(in, src.pos);
        /* 0: a frame ended exactly here; another may follow */
        s->frame_open = r != 0;
        if (n == 0 && out.pos == before && s->frame_open) {
            arb_input_fail_truncated(pending, "zstd", arb_input_raw_offset(in), NULL);
            break;
        }
    }
    return out.pos;
}

static void zstd_close(void *state)
{
    struct zstd_state *s = state;
    ZSTD_freeDStream(s->d);
    free(s);
}

const arb_input_codec arb_input_codec_zstd = {"zstd", zstd_open, zstd_read, zstd_close};
