/* input_zip.c — zip archives (libarchive, streaming: standard input works
 * too): the members whose names end in ".pgn" (any case), in archive order,
 * read as one text, a newline put between two members when the first does
 * not end with one (so games never run together).  Other members are passed
 * over.  A member cut short or corrupt is reported with its name and the
 * byte offset in the archive. */
#include <archive.h>
#include <archive_entry.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "input_codec.h"

struct zip_state {
    struct archive *a;
    arb_input *in;             /* the source, for the read callback */
    arb_status read_error;     /* a read(2) failure met in the callback */
    bool at_eof;               /* the callback saw the end of the input */
    bool in_member;            /* a .pgn member is being read */
    bool done;                 /* no more members */
    bool need_newline;         /* the last member's text did not end with one */
    char member[256];          /* its name, for messages */
    const unsigned char *block; /* decompressed by libarchive, not yet copied out */
    size_t block_len, block_pos;
};

static la_ssize_t zip_source(struct archive *a, void *ctx, const void **buffer)
{
    struct zip_state *s = ctx;
    const unsigned char *raw;
    ssize_t n = arb_input_raw_peek(s->in, &raw, &s->read_error);
    if (n < 0) {
        archive_set_error(a, ARCHIVE_FATAL, "%s", s->read_error.message);
        return -1;
    }
    if (n == 0)
        s->at_eof = true;
    /* libarchive keeps the block until it asks for the next one */
    arb_input_raw_consume(s->in, (size_t)n);
    *buffer = raw;
    return n;
}

static void *zip_open(arb_input *in, arb_status *st)
{
    struct zip_state *s = calloc(1, sizeof *s);
    if (s && (s->a = archive_read_new()) != NULL) {
        s->in = in;
        archive_read_support_format_zip_streamable(s->a);
        if (archive_read_open(s->a, s, NULL, zip_source, NULL) == ARCHIVE_OK)
            return s;
        arb_input_fail_corrupt(st, "zip", arb_input_raw_offset(in), NULL, archive_error_string(s->a));
        archive_read_free(s->a);
        free(s);
        return NULL;
    }
    free(s);
    arb_input_fail_no_memory(st, in);
    return NULL;
}

static bool is_pgn_name(const char *name)
{
    size_t n = strlen(name);
    return n > 4 && strcasecmp(name + n - 4, ".pgn") == 0;
}

/* Reports what libarchive says, as a cut when the input had ended. */
static void zip_fail(struct zip_state *s, arb_status *pending)
{
    if (s->read_error.code) {
        *pending = s->read_error;
        return;
    }
    unsigned long long at = (unsigned long long)archive_filter_bytes(s->a, 0);
    const char *member = s->in_member ? s->member : NULL;
    const char *why = archive_error_string(s->a);
    if (s->at_eof)
        arb_input_fail_truncated(pending, "zip", at, member);
    else
        arb_input_fail_corrupt(pending, "zip", at, member, why ? why : "unreadable archive");
}

/* Moves to the next .pgn member; false at the end or on a break. */
static bool next_member(struct zip_state *s, arb_status *pending)
{
    for (;;) {
        struct archive_entry *e;
        int r = archive_read_next_header(s->a, &e);
        if (r == ARCHIVE_EOF) {
            s->done = true;
            return false;
        }
        if (r < ARCHIVE_WARN) {
            zip_fail(s, pending);
            return false;
        }
        const char *name = archive_entry_pathname(e);
        if (name && archive_entry_filetype(e) == AE_IFREG && is_pgn_name(name)) {
            snprintf(s->member, sizeof s->member, "%s", name);
            s->in_member = true;
            return true;
        }
    }
}

static size_t zip_read(void *state, arb_input *in, unsigned char *dst, size_t cap, arb_status *pending)
{
    (void)in;
    struct zip_state *s = state;
    size_t made = 0;
    while (made < cap && !s->done) {
        if (!s->in_member) {
            if (!next_member(s, pending))
                break;
            if (s->need_newline) {
                dst[made++] = '\n';
                s->need_newline = false;
                continue;
            }
        }
        if (s->block_pos == s->block_len) {
            /* block by block: archive_read_data would drop the bytes made
             * before a break in the same call */
            const void *block;
            size_t len;
            la_int64_t offset;
            int r = archive_read_data_block(s->a, &block, &len, &offset);
            if (r == ARCHIVE_EOF) {
                s->in_member = false;
                continue;
            }
            if (r < ARCHIVE_WARN) {
                zip_fail(s, pending);
                break;
            }
            s->block = block;
            s->block_len = len;
            s->block_pos = 0;
            continue;
        }
        size_t n = s->block_len - s->block_pos;
        if (n > cap - made)
            n = cap - made;
        memcpy(dst + made, s->block + s->block_pos, n);
        s->block_pos += n;
        made += n;
        s->need_newline = dst[made - 1] != '\n';
    }
    return made;
}

static void zip_close(void *state)
{
    struct zip_state *s = state;
    archive_read_free(s->a);
    free(s);
}

const arb_input_codec arb_input_codec_zip = {"zip", zip_open, zip_read, zip_close};
