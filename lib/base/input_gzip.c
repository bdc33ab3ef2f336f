/* input_gzip.c — gzip input: any number of members, zero padding between
 * them passed over (as gzip(1) does), a member cut short or corrupt reported
 * with its byte offset.  The deflate data is inflated by ISA-L (libisal),
 * about three times the speed of zlib's inflate, straight into the caller's
 * buffer; the member headers and their messages are read here, in the words
 * zlib uses ("unknown compression method", "incorrect data check"), at the
 * offset where zlib would stop.  The state is fixed in size (the 32 KiB
 * window and ISA-L's tables): no member can ask for more memory.
 *
 * ISA-L reads up to 8 bytes ahead into its bit buffer, and at the end of a
 * member gives back the ones it did not use, which may have been passed to
 * an earlier call: those are kept here (`carry`) and read before the rest.
 * After an error its count of bytes left is not to be trusted. */
#include <isa-l/igzip_lib.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "input_codec.h"

enum gzip_phase { AT_MEMBER, IN_DEFLATE, AT_END };

struct gzip_state {
    struct inflate_state z;
    enum gzip_phase phase;
    unsigned char tail[8];     /* the last bytes given to ISA-L in this member */
    unsigned tail_len;
    unsigned char carry[8];    /* bytes it gave back from earlier calls */
    unsigned carry_len, carry_pos;
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

/* Offset in the input of the next byte to read. */
static unsigned long long offset(const struct gzip_state *s, const arb_input *in)
{
    return arb_input_raw_offset(in) - (s->carry_len - s->carry_pos);
}

static void corrupt(const struct gzip_state *s, arb_input *in, arb_status *pending, const char *why)
{
    arb_input_fail_corrupt(pending, "gzip", offset(s, in), NULL, why);
}

/* The next compressed byte, 0..255; -1 at the end of the input (the member
 * is cut: *pending says so) or on a read error (*pending filled). */
static int next_byte(struct gzip_state *s, arb_input *in, uLong *crc, arb_status *pending)
{
    if (s->carry_pos < s->carry_len) {
        *crc = crc32(*crc, &s->carry[s->carry_pos], 1);
        return s->carry[s->carry_pos++];
    }
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
static bool member_follows(struct gzip_state *s, arb_input *in, arb_status *pending)
{
    while (s->carry_pos < s->carry_len && s->carry[s->carry_pos] == 0)
        s->carry_pos++;
    if (s->carry_pos < s->carry_len)
        return true;
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
static bool skip_string(struct gzip_state *s, arb_input *in, uLong *crc, arb_status *pending)
{
    int c;
    while ((c = next_byte(s, in, crc, pending)) > 0)
        ;
    return c == 0;
}

/* A member's header (RFC 1952 2.3), checked as zlib checks it. */
static bool read_header(struct gzip_state *s, arb_input *in, arb_status *pending)
{
    uLong crc = crc32(0, NULL, 0);
    int b[10];
    for (int i = 0; i < 10; i++) {
        if ((b[i] = next_byte(s, in, &crc, pending)) < 0)
            return false;
        if (i == 1 && (b[0] != 0x1f || b[1] != 0x8b)) {
            corrupt(s, in, pending, "incorrect header check");
            return false;
        }
        if (i == 3 && b[2] != 8) {
            corrupt(s, in, pending, "unknown compression method");
            return false;
        }
        if (i == 3 && (b[3] & 0xe0)) {
            corrupt(s, in, pending, "unknown header flags set");
            return false;
        }
    }
    int flags = b[3];
    if (flags & 4) {    /* FEXTRA */
        int lo = next_byte(s, in, &crc, pending), hi = lo < 0 ? -1 : next_byte(s, in, &crc, pending);
        if (hi < 0)
            return false;
        for (int n = lo | hi << 8; n > 0; n--)
            if (next_byte(s, in, &crc, pending) < 0)
                return false;
    }
    if ((flags & 8) && !skip_string(s, in, &crc, pending))    /* FNAME */
        return false;
    if ((flags & 16) && !skip_string(s, in, &crc, pending))   /* FCOMMENT */
        return false;
    if (flags & 2) {    /* FHCRC: the low half of the CRC of the header so far */
        uLong want = crc & 0xffff, unused = 0;
        int lo = next_byte(s, in, &unused, pending), hi = lo < 0 ? -1 : next_byte(s, in, &unused, pending);
        if (hi < 0)
            return false;
        if ((uLong)(lo | hi << 8) != want) {
            corrupt(s, in, pending, "header crc mismatch");
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

/* Accounts for one call of isal_inflate that was offered `offered` bytes
 * at `raw`: consumes what it used and keeps what it gave back. */
static void account(struct gzip_state *s, arb_input *in, const unsigned char *raw, uint32_t offered, int r)
{
    uint32_t left = s->z.avail_in;
    if (r < 0 || left <= offered) {
        uint32_t used = r < 0 || left > offered ? offered : offered - left;
        arb_input_raw_consume(in, used);
        unsigned keep = used >= 8 ? 0 : s->tail_len + used > 8 ? 8 - used : s->tail_len;
        memmove(s->tail, s->tail + s->tail_len - keep, keep);
        size_t take = used >= 8 ? 8 : used;
        memcpy(s->tail + keep, raw + used - take, take);
        s->tail_len = keep + (unsigned)take;
        return;
    }
    /* gave back bytes of earlier calls: none of this one's was used */
    unsigned back = left - offered > s->tail_len ? s->tail_len : left - offered;
    memcpy(s->carry, s->tail + s->tail_len - back, back);
    s->carry_len = back;
    s->carry_pos = 0;
}

static size_t gzip_read(void *state, arb_input *in, unsigned char *dst, size_t cap, arb_status *pending)
{
    struct gzip_state *s = state;
    size_t made = 0;
    while (made < cap && s->phase != AT_END) {
        if (s->phase == AT_MEMBER) {
            if (!member_follows(s, in, pending) || !read_header(s, in, pending)) {
                s->phase = AT_END;
                break;
            }
            isal_inflate_init(&s->z);
            /* ISA-L reads the trailer (CRC-32 and length) and checks it */
            s->z.crc_flag = ISAL_GZIP_NO_HDR_VER;
            s->phase = IN_DEFLATE;
            s->tail_len = 0;
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
        account(s, in, raw, offered, r);
        made += space - s->z.avail_out;
        if (r < 0) {
            corrupt(s, in, pending, isal_error_text(r));
            s->phase = AT_END;
        } else if (s->z.block_state == ISAL_BLOCK_FINISH) {
            s->phase = AT_MEMBER;   /* another member may follow */
        } else if (n == 0 && s->z.avail_out == space) {
            /* at the end of the input and nothing more came out */
            arb_input_fail_truncated(pending, "gzip", offset(s, in), NULL);
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
