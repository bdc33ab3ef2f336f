/* input.c — plain byte streams from descriptors and memory; the containers
 * (gzip, zstd, bzip2, xz, zip) through their decoders (input_codec.h). */
#include "input.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "input_codec.h"
#include "input_sniff.h"

/* Compressed bytes are read in large blocks: fewer system calls, and zlib
 * runs longest when its input is plentiful. */
#define RAW_BUFFER_SIZE (256u * 1024u)

enum mode { MODE_UNKNOWN, MODE_PLAIN, MODE_CODEC };

/* Read-ahead (arb_input_read_ahead): a thread of its own decompresses into a
 * ring of blocks; the reading thread copies out of them. */
#define AHEAD_BLOCKS 4
#define AHEAD_BLOCK_SIZE (1u << 20)

struct ahead_block {
    unsigned char *data;
    ssize_t len;               /* bytes, or 0 at the end / -1 on error (the last block) */
    size_t pos;                /* bytes already copied out */
    arb_status status;         /* with len -1 */
};

struct ahead {
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t changed;
    struct ahead_block block[AHEAD_BLOCKS];
    unsigned filled, taken;    /* blocks produced and consumed so far (ring positions) */
    bool stop;                 /* closing: the producer quits */
};

struct arb_input {
    int fd;                    /* -1 for memory input */
    bool owns_fd;
    char *name;
    const unsigned char *raw;  /* compressed/undetected bytes: own buffer or caller memory */
    unsigned char *raw_own;
    size_t raw_pos, raw_len;
    unsigned long long raw_base;  /* offset in the input of raw[0] */
    bool raw_eof;
    enum mode mode;
    const arb_input_codec *codec; /* MODE_CODEC: the decoder and its state */
    void *codec_state;
    bool finished;
    arb_status pending;        /* an error to report after the bytes already produced */
    arb_status failure;        /* reported once: reported for ever */
    char *pushed;              /* bytes given back with arb_input_unread */
    size_t pushed_pos, pushed_len;
    arb_input_tap tap;         /* sees every byte range returned by arb_input_read */
    void *tap_ctx;
    struct ahead *ahead;       /* decompressing in a thread of its own, or NULL */
};

/* Corrupt, truncated and binary input are format errors. */
static int input_error_class(int code)
{
    return code == ARB_INPUT_OK ? ARB_ERR_NONE
           : code == ARB_INPUT_NO_MEMORY ? ARB_ERR_MEMORY
           : code == ARB_INPUT_OPEN || code == ARB_INPUT_READ ? ARB_ERR_IO
                                                               : ARB_ERR_FORMAT;
}

static void set_error(arb_status *st, int code, const char *fmt, const char *a, const char *b)
{
    st->code = code;
    st->error_class = input_error_class(code);
    st->line = 0;
    st->col = 0;
    snprintf(st->message, sizeof st->message, fmt, a, b);
}

static arb_input *input_new(const char *name)
{
    arb_input *in = calloc(1, sizeof *in);
    if (!in)
        return NULL;
    in->fd = -1;
    in->name = strdup(strcmp(name, "-") == 0 ? "<stdin>" : name);
    if (!in->name) {
        free(in);
        return NULL;
    }
    return in;
}

arb_input *arb_input_from_fd(int fd, const char *name, bool owns_fd)
{
    arb_input *in = input_new(name);
    if (!in)
        return NULL;
    in->raw_own = malloc(RAW_BUFFER_SIZE);
    if (!in->raw_own) {
        arb_input_close(in);
        return NULL;
    }
    in->raw = in->raw_own;
    in->fd = fd;
    in->owns_fd = owns_fd;
    return in;
}

arb_input *arb_input_from_memory(const void *data, size_t len, const char *name)
{
    arb_input *in = input_new(name);
    if (!in)
        return NULL;
    in->raw = data;
    in->raw_len = len;
    in->raw_eof = true;
    return in;
}

arb_status arb_input_open(const char *path, arb_input **out)
{
    arb_status st = {0};
    *out = NULL;
    bool is_stdin = strcmp(path, "-") == 0;
    int fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        set_error(&st, ARB_INPUT_OPEN, "cannot open %s: %s", path, strerror(errno));
        return st;
    }
    /* open(2) takes a directory; say so as for any file that cannot be
     * opened, not later as a read error at 1:1 */
    struct stat sb;
    if (fstat(fd, &sb) == 0 && S_ISDIR(sb.st_mode)) {
        set_error(&st, ARB_INPUT_OPEN, "cannot open %s: %s", is_stdin ? "<stdin>" : path, strerror(EISDIR));
        if (!is_stdin)
            close(fd);
        return st;
    }
#ifdef POSIX_FADV_SEQUENTIAL
    if (!is_stdin)
        (void)posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
    *out = arb_input_from_fd(fd, path, !is_stdin);
    if (!*out) {
        if (!is_stdin)
            close(fd);
        set_error(&st, ARB_INPUT_NO_MEMORY, "out of memory opening %s%s", path, "");
    }
    return st;
}

/* read(2) that retries interrupted calls. */
static ssize_t read_fd(int fd, void *buf, size_t cap)
{
    for (;;) {
        ssize_t n = read(fd, buf, cap);
        if (n >= 0 || errno != EINTR)
            return n;
    }
}

/* Makes more compressed bytes available in raw[raw_pos..raw_len). */
static bool raw_fill(arb_input *in, arb_status *st)
{
    if (in->raw_eof)
        return true;
    if (in->raw_pos > 0) {
        in->raw_base += in->raw_pos;
        memmove(in->raw_own, in->raw_own + in->raw_pos, in->raw_len - in->raw_pos);
        in->raw_len -= in->raw_pos;
        in->raw_pos = 0;
    }
    ssize_t n = read_fd(in->fd, in->raw_own + in->raw_len, RAW_BUFFER_SIZE - in->raw_len);
    if (n < 0) {
        set_error(st, ARB_INPUT_READ, "cannot read %s: %s", in->name, strerror(errno));
        return false;
    }
    if (n == 0)
        in->raw_eof = true;
    in->raw_len += (size_t)n;
    return true;
}

static const arb_input_codec *codec_for(enum arb_container c)
{
    switch (c) {
    case ARB_CONTAINER_GZIP: return &arb_input_codec_gzip;
    case ARB_CONTAINER_ZSTD: return &arb_input_codec_zstd;
    case ARB_CONTAINER_BZIP2: return &arb_input_codec_bzip2;
    case ARB_CONTAINER_XZ: return &arb_input_codec_xz;
    case ARB_CONTAINER_ZIP: return &arb_input_codec_zip;
    default: return NULL;
    }
}

static bool detect(arb_input *in, arb_status *st)
{
    while (in->raw_len - in->raw_pos < ARB_SNIFF_SAMPLE_BYTES && !in->raw_eof)
        if (!raw_fill(in, st))
            return false;
    const unsigned char *start = in->raw + in->raw_pos;
    size_t avail = in->raw_len - in->raw_pos;
    enum arb_container c = arb_sniff_container(start, avail);
    /* bytes given back before the first read (arb_input_unread) are the
     * stream's start: they are text to the reader, and the binary test
     * looks at them followed by the rest, as one read would have */
    unsigned char joined[ARB_SNIFF_SAMPLE_BYTES];
    size_t pushed = in->pushed_len - in->pushed_pos;
    if (pushed > 0) {
        c = ARB_CONTAINER_NONE;
        size_t a = pushed < sizeof joined ? pushed : sizeof joined;
        size_t b = avail < sizeof joined - a ? avail : sizeof joined - a;
        memcpy(joined, in->pushed + in->pushed_pos, a);
        memcpy(joined + a, start, b);
        start = joined;
        avail = a + b;
    }
    char what[96];
    if (c == ARB_CONTAINER_NONE && arb_sniff_binary(start, avail, what, sizeof what)) {
        arb_input_fail(st, ARB_INPUT_BINARY,
                       "binary input: looks like %s, expected PGN text or a gzip, zstd, bzip2, xz or zip file",
                       what);
        return false;
    }
    if (c == ARB_CONTAINER_NONE) {
        in->mode = MODE_PLAIN;
        return true;
    }
    in->codec = codec_for(c);
    if (!(in->codec_state = in->codec->open(in, st)))
        return false;
    in->mode = MODE_CODEC;
    return true;
}

static ssize_t read_plain(arb_input *in, unsigned char *buf, size_t cap, arb_status *st)
{
    if (in->raw_pos < in->raw_len) {
        size_t n = in->raw_len - in->raw_pos;
        if (n > cap)
            n = cap;
        memcpy(buf, in->raw + in->raw_pos, n);
        in->raw_pos += n;
        return (ssize_t)n;
    }
    if (in->raw_eof || in->fd < 0)
        return 0;
    ssize_t n = read_fd(in->fd, buf, cap);
    if (n < 0) {
        set_error(st, ARB_INPUT_READ, "cannot read %s: %s", in->name, strerror(errno));
        return -1;
    }
    if (n == 0)
        in->raw_eof = true;
    return n;
}

/* A decoder's bytes; its break once they were all returned. */
static ssize_t read_codec(arb_input *in, unsigned char *buf, size_t cap, arb_status *st)
{
    size_t made = in->codec->read(in->codec_state, in, buf, cap, &in->pending);
    if (made > 0)
        return (ssize_t)made;
    if (in->pending.code) {
        *st = in->pending;
        return -1;
    }
    in->finished = true;
    return 0;
}

static ssize_t read_stream(arb_input *in, void *buf, size_t cap, arb_status *st)
{
    if (in->mode == MODE_UNKNOWN && !detect(in, st))
        return -1;
    if (in->mode == MODE_PLAIN)
        return read_plain(in, buf, cap, st);
    if (in->finished)
        return 0;
    if (in->pending.code) {
        *st = in->pending;
        return -1;
    }
    return read_codec(in, buf, cap, st);
}

/* ---- what the decoders see (input_codec.h) --------------------------------- */

ssize_t arb_input_raw_peek(arb_input *in, const unsigned char **data, arb_status *st)
{
    if (in->raw_pos == in->raw_len && !in->raw_eof && !raw_fill(in, st))
        return -1;
    *data = in->raw + in->raw_pos;
    return (ssize_t)(in->raw_len - in->raw_pos);
}

void arb_input_raw_consume(arb_input *in, size_t n)
{
    in->raw_pos += n;
}

unsigned long long arb_input_raw_offset(const arb_input *in)
{
    return in->raw_base + in->raw_pos;
}

void arb_input_fail(arb_status *st, int code, const char *fmt, ...)
{
    st->code = code;
    st->error_class = input_error_class(code);
    st->line = 0;
    st->col = 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(st->message, sizeof st->message, fmt, ap);
    va_end(ap);
}

void arb_input_fail_no_memory(arb_status *st, const arb_input *in)
{
    arb_input_fail(st, ARB_INPUT_NO_MEMORY, "out of memory decompressing %s", in->name);
}

/* "zip archive", "zstd stream" */
static const char *container_noun(const char *format)
{
    return strcmp(format, "zip") == 0 ? "archive" : "stream";
}

void arb_input_fail_truncated(arb_status *st, const char *format, unsigned long long at, const char *member)
{
    arb_input_fail(st, ARB_INPUT_GZIP_TRUNCATED,
                   "%s %s truncated at byte %llu%s%s, expected more compressed data before the end of the file",
                   format, container_noun(format), at, member ? " in member " : "", member ? member : "");
}

void arb_input_fail_corrupt(arb_status *st, const char *format, unsigned long long at, const char *member,
                            const char *why)
{
    arb_input_fail(st, ARB_INPUT_GZIP_DATA, "corrupt %s data at byte %llu%s%s (%s), expected a valid %s %s",
                   format, at, member ? " in member " : "", member ? member : "", why, format,
                   container_noun(format));
}

/* ---- read-ahead ---------------------------------------------------------- */

/* The producer: decompresses blocks until the stream ends, fails, or the
 * input closes.  It alone touches the stream state meanwhile. */
static void *ahead_run(void *arg)
{
    arb_input *in = arg;
    struct ahead *a = in->ahead;
    for (;;) {
        pthread_mutex_lock(&a->lock);
        while (!a->stop && a->filled - a->taken == AHEAD_BLOCKS)
            pthread_cond_wait(&a->changed, &a->lock);
        bool stop = a->stop;
        pthread_mutex_unlock(&a->lock);
        if (stop)
            return NULL;
        struct ahead_block *b = &a->block[a->filled % AHEAD_BLOCKS];
        b->pos = 0;
        b->len = read_stream(in, b->data, AHEAD_BLOCK_SIZE, &b->status);
        pthread_mutex_lock(&a->lock);
        a->filled++;
        pthread_cond_broadcast(&a->changed);
        pthread_mutex_unlock(&a->lock);
        if (b->len <= 0)
            return NULL;
    }
}

/* The consumer's side of read_stream. */
static ssize_t ahead_read(arb_input *in, unsigned char *buf, size_t cap, arb_status *st)
{
    struct ahead *a = in->ahead;
    pthread_mutex_lock(&a->lock);
    while (a->filled == a->taken)
        pthread_cond_wait(&a->changed, &a->lock);
    struct ahead_block *b = &a->block[a->taken % AHEAD_BLOCKS];
    pthread_mutex_unlock(&a->lock);
    if (b->len <= 0) {
        /* the last block: the end or the error, for every later read too */
        if (b->len < 0)
            *st = b->status;
        return b->len;
    }
    size_t n = (size_t)b->len - b->pos;
    if (n > cap)
        n = cap;
    memcpy(buf, b->data + b->pos, n);
    b->pos += n;
    if (b->pos == (size_t)b->len) {
        pthread_mutex_lock(&a->lock);
        a->taken++;
        pthread_cond_broadcast(&a->changed);
        pthread_mutex_unlock(&a->lock);
    }
    return (ssize_t)n;
}

static void ahead_free(struct ahead *a)
{
    for (int i = 0; i < AHEAD_BLOCKS; i++)
        free(a->block[i].data);
    free(a);
}

bool arb_input_read_ahead(arb_input *in)
{
    if (in->ahead || in->fd < 0)
        return in->ahead != NULL;
    /* only a regular file: closing early must not wait on a pipe's writer */
    struct stat sb;
    if (fstat(in->fd, &sb) != 0 || !S_ISREG(sb.st_mode))
        return false;
    arb_status st = {0};
    if (in->mode == MODE_UNKNOWN && !detect(in, &st))
        return false;       /* the next read meets the failure again and reports it */
    if (in->mode == MODE_PLAIN || in->finished || in->pending.code || in->failure.code)
        return false;       /* plain text is read straight into the caller's buffer anyway */
    struct ahead *a = calloc(1, sizeof *a);
    if (!a)
        return false;
    for (int i = 0; i < AHEAD_BLOCKS; i++) {
        if (!(a->block[i].data = malloc(AHEAD_BLOCK_SIZE))) {
            ahead_free(a);
            return false;
        }
    }
    pthread_mutex_init(&a->lock, NULL);
    pthread_cond_init(&a->changed, NULL);
    in->ahead = a;
    if (pthread_create(&a->thread, NULL, ahead_run, in) != 0) {
        in->ahead = NULL;
        pthread_cond_destroy(&a->changed);
        pthread_mutex_destroy(&a->lock);
        ahead_free(a);
        return false;
    }
    return true;
}

static void ahead_stop(arb_input *in)
{
    struct ahead *a = in->ahead;
    pthread_mutex_lock(&a->lock);
    a->stop = true;
    pthread_cond_broadcast(&a->changed);
    pthread_mutex_unlock(&a->lock);
    pthread_join(a->thread, NULL);
    pthread_cond_destroy(&a->changed);
    pthread_mutex_destroy(&a->lock);
    ahead_free(a);
    in->ahead = NULL;
}

static ssize_t input_read(arb_input *in, void *buf, size_t cap, arb_status *st)
{
    /* bytes given back before the first read are judged with the rest */
    if (in->pushed_pos < in->pushed_len && in->mode == MODE_UNKNOWN && !in->failure.code && !detect(in, st)) {
        in->failure = *st;
        return -1;
    }
    if (in->pushed_pos < in->pushed_len) {
        size_t n = in->pushed_len - in->pushed_pos;
        if (n > cap)
            n = cap;
        memcpy(buf, in->pushed + in->pushed_pos, n);
        in->pushed_pos += n;
        return (ssize_t)n;
    }
    if (in->failure.code) {
        *st = in->failure;
        return -1;
    }
    ssize_t n = in->ahead ? ahead_read(in, buf, cap, st) : read_stream(in, buf, cap, st);
    if (n < 0)
        in->failure = *st;
    return n;
}

ssize_t arb_input_read(arb_input *in, void *buf, size_t cap, arb_status *st)
{
    ssize_t n = input_read(in, buf, cap, st);
    if (n > 0 && in->tap)
        in->tap(in->tap_ctx, buf, (size_t)n);
    return n;
}

void arb_input_set_tap(arb_input *in, arb_input_tap tap, void *ctx)
{
    in->tap = tap;
    in->tap_ctx = ctx;
}

bool arb_input_unread(arb_input *in, const void *data, size_t len)
{
    size_t rest = in->pushed_len - in->pushed_pos;
    char *p = malloc(len + rest + 1);
    if (!p)
        return false;
    memcpy(p, data, len);
    if (rest)
        memcpy(p + len, in->pushed + in->pushed_pos, rest);
    free(in->pushed);
    in->pushed = p;
    in->pushed_pos = 0;
    in->pushed_len = len + rest;
    return true;
}

const char *arb_input_name(const arb_input *in)
{
    return in->name;
}

bool arb_input_is_gzip(const arb_input *in)
{
    return in->mode == MODE_CODEC && in->codec == &arb_input_codec_gzip;
}

const char *arb_input_format(const arb_input *in)
{
    switch (in->mode) {
    case MODE_CODEC: return in->codec->name;
    case MODE_PLAIN: return "text";
    default: return "unknown";
    }
}

void arb_input_close(arb_input *in)
{
    if (!in)
        return;
    if (in->ahead)
        ahead_stop(in);
    if (in->codec_state)
        in->codec->close(in->codec_state);
    if (in->owns_fd && in->fd >= 0)
        close(in->fd);
    free(in->raw_own);
    free(in->pushed);
    free(in->name);
    free(in);
}
