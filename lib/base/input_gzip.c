/* input_gzip.c — gzip input: any number of members, zero padding between
 * them passed over (as gzip(1) does), a member cut short or corrupt reported
 * with its byte offset.  The deflate data is inflated by ISA-L (libisal),
 * about three times the speed of zlib's inflate, straight into the caller's
 * buffer; the member headers and their messages are read here, in the words
 * zlib uses ("unknown compression method", "incorrect data check"), at the
 * offset where zlib would stop.  The state is fixed in size (the 32 KiB
 * window and ISA-L's tables): no member can ask for more memory. */
#include <isa-l/igzip_lib.h>
#include <stdlib.h>
#include <zlib.h>

#include "input_codec.h"

enum gzip_phase { AT_MEMBER, IN_DEFLATE, AT_END };

struct gzip_state {
    struct inflate_state z;
    enum gzip_phase phase;
};

static void *gzip_open(arb_input *in, arb_status *st)
{
    struct gzip_state *s = calloc(1, sizeof *s);
    if (!s) {
        arb_input_fail_no_memory(st, in);
        return NULL;
    }
    s->phase = AT_MEMBER;
    return s;
}

static void corrupt(arb_input *in, arb_status *pending, const char *why)
{
    arb_input_fail_corrupt(pending, "gzip", arb_input_raw_offset(in), NULL, why);
}

/* The next compressed byte, 0..255; -1 at the end of the input (the member
 * is cut: *pending says so) or on a read error (*pending filled). */
static int next_byte(arb_input *in, uLong *crc, arb_status *pending)
{
    const unsigned char *raw;
    ssize_t n = arb_input_raw_peek(in, &raw, pending);
    if (n <= 0) {
        if (n == 0)
            arb_input_fail_truncated(pending, "gzip", arb_input_raw_offset(in), NULL);
        return -1;
    }
    arb_input_raw_consume(in, 1);
    *crc = crc32(*crc, raw, 1);
    return raw[0];
}

/* Passes over zero padding; false at the end of the input (or on a read
 * error, kept in *pending). */
static bool member_follows(arb_input *in, arb_status *pending)
{
    for (;;) {
        const unsigned char *raw;
        ssize_t n = arb_input_raw_peek(in, &raw, pending);
        if (n <= 0)
            return false;
        size_t zeros = 0;
        while (zeros < (size_t)n && raw[zeros] == 0)
            zeros++;
        arb_input_raw_consume(in, zeros);
        if (zeros < (size_t)n)
            return true;
    }
}

/* Skips a field ended by a NUL (file name, comment). */
static bool skip_string(arb_input *in, uLong *crc, arb_status *pending)
{
    int c;
    while ((c = next_byte(in, crc, pending)) > 0)
        ;
    return c == 0;
}

/* A member's header (RFC 1952 2.3), checked as zlib checks it. */
static bool read_header(arb_input *in, arb_status *pending)
{
    uLong crc = crc32(0, NULL, 0);
    int b[10];
    for (int i = 0; i < 10; i++) {
        if ((b[i] = next_byte(in, &crc, pending)) < 0)
            return false;
        if (i == 1 && (b[0] != 0x1f || b[1] != 0x8b)) {
            corrupt(in, pending, "incorrect header check");
            return false;
        }
        if (i == 3 && b[2] != 8) {
            corrupt(in, pending, "unknown compression method");
            return false;
        }
        if (i == 3 && (b[3] & 0xe0)) {
            corrupt(in, pending, "unknown header flags set");
            return false;
        }
    }
    int flags = b[3];
    if (flags & 4) {    /* FEXTRA */
        int lo = next_byte(in, &crc, pending), hi = lo < 0 ? -1 : next_byte(in, &crc, pending);
        if (hi < 0)
            return false;
        for (int n = lo | hi << 8; n > 0; n--)
            if (next_byte(in, &crc, pending) < 0)
                return false;
    }
    if ((flags & 8) && !skip_string(in, &crc, pending))    /* FNAME */
        return false;
    if ((flags & 16) && !skip_string(in, &crc, pending))   /* FCOMMENT */
        return false;
    if (flags & 2) {    /* FHCRC: the low half of the CRC of the header so far */
        uLong want = crc & 0xffff, unused = 0;
        int lo = next_byte(in, &unused, pending), hi = lo < 0 ? -1 : next_byte(in, &unused, pending);
        if (hi < 0)
            return false;
        if ((uLong)(lo | hi << 8) != want) {
            corrupt(in, pending, "header crc mismatch");
            return false;
        }
    }
    return true;
}

static const char *isal_error_text(int r)
{
    switch (r) {
    case ISAL_INVALID_BLOCK: return "invalid block";
    case ISAL_INVALID_SYMBOL: return "invalid code";
    case ISAL_INVALID_LOOKBACK: return "invalid distance too far back";
    case ISAL_INCORRECT_CHECKSUM: return "incorrect data check";
    case ISAL_NEED_DICT: return "a preset dictionary is needed";
    default: return "inflate failed";
    }
}

static size_t gzip_read(void *state, arb_input *in, unsigned char *dst, size_t cap, arb_status *pending)
{
    struct gzip_state *s = state;
    size_t made = 0;
    while (made < cap && s->phase != AT_END) {
        if (s->phase == AT_MEMBER) {
            if (!member_follows(in, pending) || !read_header(in, pending)) {
                s->phase = AT_END;
                break;
            }
            isal_inflate_init(&s->z);
            /* ISA-L reads the trailer (CRC-32 and length) and checks it */
            s->z.crc_flag = ISAL_GZIP_NO_HDR_VER;
            s->phase = IN_DEFLATE;
        }
        const unsigned char *raw;
        ssize_t n = arb_input_raw_peek(in, &raw, pending);
        if (n < 0) {
            s->phase = AT_END;
            break;
        }
        size_t room = cap - made;
        s->z.next_in = (uint8_t *)raw;
        s->z.avail_in = (uint32_t)((size_t)n > 0x40000000u ? 0x40000000u : (size_t)n);
        s->z.next_out = dst + made;
        s->z.avail_out = (uint32_t)(room > 0x40000000u ? 0x40000000u : room);
        uint32_t offered = s->z.avail_in, space = s->z.avail_out;
        int r = isal_inflate(&s->z);
        arb_input_raw_consume(in, offered - s->z.avail_in);
        made += space - s->z.avail_out;
        if (r < 0) {
            corrupt(in, pending, isal_error_text(r));
            s->phase = AT_END;
        } else if (s->z.block_state == ISAL_BLOCK_FINISH) {
            s->phase = AT_MEMBER;   /* another member may follow */
        } else if (n == 0 && s->z.avail_out == space) {
            /* at the end of the input and nothing more came out */
            arb_input_fail_truncated(pending, "gzip", arb_input_raw_offset(in), NULL);
            s->phase = AT_END;
        }
    }
    return made;
}

static void gzip_close(void *state)
{
    free(state);
}

const arb_input_codec arb_input_codec_gzip = {"gzip", gzip_open, gzip_read, gzip_close};
