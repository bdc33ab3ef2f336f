/* input_bzip2.c — bzip2 input (libbz2): concatenated streams (as pbzip2 and
 * `cat a.bz2 b.bz2` make them) decompress to the concatenation; a stream
 * cut short or corrupt is reported with its byte offset.  Decoding takes
 * about 3.5 MB whatever the input. */
#include <bzlib.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "input_codec.h"

struct bzip2_state {
    bz_stream z;
    bool ready;                /* z is initialised */
    bool stream_open;          /* inside a stream: the end of the input here is a cut */
};

static bool bzip2_start(struct bzip2_state *s)
{
    memset(&s->z, 0, sizeof s->z);
    s->ready = BZ2_bzDecompressInit(&s->z, 0, 0) == BZ_OK;
    return s->ready;
}

static void *bzip2_open(arb_input *in, arb_status *st)
{
    struct bzip2_state *s = calloc(1, sizeof *s);
    if (s && bzip2_start(s))
        return s;
    free(s);
    arb_input_fail_no_memory(st, in);
    return NULL;
}

static const char *bzip2_error(int r)
{
    switch (r) {
    case BZ_DATA_ERROR_MAGIC: return "not a bzip2 stream";
    case BZ_DATA_ERROR: return "bad block or checksum";
    case BZ_MEM_ERROR: return "out of memory";
    default: return "decompression failed";
    }
}

static size_t bzip2_read(void *state, arb_input *in, unsigned char *dst, size_t cap, arb_status *pending)
{
    struct bzip2_state *s = state;
    size_t made = 0;
    while (made < cap) {
        const unsigned char *raw;
        ssize_t n = arb_input_raw_peek(in, &raw, pending);
        if (n < 0)
            break;
        if (n == 0 && !s->stream_open)
            break;
        if (!s->ready && !bzip2_start(s)) {
            /* another stream follows the one that ended */
            arb_input_fail_no_memory(pending, in);
            break;
        }
        size_t room = cap - made;
        s->z.next_in = (char *)raw;
        s->z.avail_in = (unsigned)((size_t)n > UINT_MAX ? UINT_MAX : (size_t)n);
        s->z.next_out = (char *)dst + made;
        s->z.avail_out = (unsigned)(room > UINT_MAX ? UINT_MAX : room);
        unsigned in_before = s->z.avail_in, out_before = s->z.avail_out;
        s->stream_open = true;
        int r = BZ2_bzDecompress(&s->z);
        arb_input_raw_consume(in, in_before - s->z.avail_in);
        made += out_before - s->z.avail_out;
        if (r == BZ_STREAM_END) {
            BZ2_bzDecompressEnd(&s->z);
            s->ready = false;
            s->stream_open = false;
        } else if (r != BZ_OK) {
            arb_input_fail_corrupt(pending, "bzip2", arb_input_raw_offset(in), NULL, bzip2_error(r));
            break;
        } else if (n == 0 && s->z.avail_out == out_before) {
            /* the input ended, and the decoder had nothing left to give
             * (it may hold the rest of a block it read whole): cut short */
            arb_input_fail_truncated(pending, "bzip2", arb_input_raw_offset(in), NULL);
            break;
        }
    }
    return made;
}

static void bzip2_close(void *state)
{
    struct bzip2_state *s = state;
    if (s->ready)
        BZ2_bzDecompressEnd(&s->z);
    free(s);
}

const arb_input_codec arb_input_codec_bzip2 = {"bzip2", bzip2_open, bzip2_read, bzip2_close};
