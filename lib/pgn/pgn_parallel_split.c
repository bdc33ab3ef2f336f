/* pgn_parallel_split.c — the stream cut into pieces at game boundaries
 * (pgn_boundary.h): read in blocks, a piece ends at the first boundary past
 * piece_size; a stream without one for search_limit bytes is left to one
 * reader. */
#include "pgn_parallel_internal.h"

#include <stdlib.h>
#include <string.h>

#include "pgn_boundary.h"

static int count_lines(const char *buf, size_t len)
{
    int n = 0;
    for (const char *p = buf, *end = buf + len; (p = memchr(p, '\n', (size_t)(end - p))); p++)
        n++;
    return n;
}

enum pgn_split_step pgn_split_next(struct splitter *s, arb_input *in, arb_status *status,
                                   size_t *piece_len)
{
    size_t b = s->len > s->piece_size
                 ? arb_pgn_find_boundary(s->buf, s->len,
                                         s->search_from > s->piece_size ? s->search_from : s->piece_size)
                 : 0;
    if (b == 0 && !s->at_end) {
        if (s->len >= s->search_limit)
            return PGN_SPLIT_NO_BOUNDARY;
        s->search_from = s->len > 1024 ? s->len - 1024 : 0;   /* a line may continue */
        if (s->cap - s->len < READ_SIZE) {
            size_t ncap = s->cap ? s->cap * 2 : 2 * s->piece_size + READ_SIZE;
            /* never more than the search needs (len < search_limit here) */
            if (ncap > s->search_limit + READ_SIZE)
                ncap = s->search_limit + READ_SIZE;
            char *p = realloc(s->buf, ncap + 1);
            if (!p)
                return PGN_SPLIT_NO_MEMORY;
            s->buf = p;
            s->cap = ncap;
        }
        ssize_t n = arb_input_read(in, s->buf + s->len, s->cap - s->len, status);
        if (n < 0) {
            s->input_failed = true;
            s->at_end = true;
        } else if (n == 0) {
            s->at_end = true;
        } else {
            s->len += (size_t)n;
        }
        return PGN_SPLIT_READ;
    }
    if (b == 0) {
        if (s->input_failed || s->len == 0)
            return PGN_SPLIT_END;   /* after a failure the tail goes to one reader */
        b = s->len;
    }
    *piece_len = b;
    return PGN_SPLIT_PIECE;
}

void pgn_split_cut(struct splitter *s, size_t len)
{
    s->line += count_lines(s->buf, len);
    s->offset += len;
    memmove(s->buf, s->buf + len, s->len - len);
    s->len -= len;
    s->search_from = 0;
}

bool pgn_split_put_back(struct splitter *s, const struct piece *pc)
{
    char *joined = malloc(pc->len + s->len + 1);
    if (!joined)
        return false;
    memcpy(joined, pc->data, pc->len);
    memcpy(joined + pc->len, s->buf, s->len);
    free(s->buf);
    s->buf = joined;
    s->cap = pc->len + s->len;
    s->len += pc->len;
    s->line = pc->line;
    s->offset = pc->offset;
    return true;
}
