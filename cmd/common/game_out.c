/* game_out.c — see game_out.h. */
#include "game_out.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Writes to a split file, or to standard output when `to` is NULL. */
static void write_bytes(game_out *g, outfile *to, const char *data, size_t len)
{
    if (len == 0 || g->failed)
        return;
    bool ok = to ? outfile_write(to, data, len) : fwrite(data, 1, len, stdout) == len;
    if (!ok) {
        if (!to)
            fprintf(stderr, "%s: cannot write standard output: %s\n", g->program, strerror(errno));
        g->failed = true;
        return;
    }
    g->wrote = true;
    g->ends_in_newline = data[len - 1] == '\n';
}

static bool split_close(game_out *g)
{
    if (!g->split_out)
        return true;
    /* a chunk takes its name only when every byte of it was written (the
     * games in it are whole even when the run fails later) */
    bool ok = outfile_close(g->split_out, true);
    if (!ok)
        g->failed = true;
    g->split_out = NULL;
    return ok;
}

/* The file the next selected game goes to. */
static outfile *split_file(game_out *g)
{
    if (g->split_out && g->in_file < g->split_size)
        return g->split_out;
    if (!split_close(g))
        return NULL;
    g->files++;
    g->in_file = 0;
    free(g->split_path);
    size_t n = strlen(g->split_prefix) + 32;
    g->split_path = malloc(n);
    if (!g->split_path) {
        fprintf(stderr, "%s: out of memory\n", g->program);
        g->failed = true;
        return NULL;
    }
    snprintf(g->split_path, n, "%s-%04llu.pgn", g->split_prefix, g->files);
    g->split_out = outfile_open(g->split_path, g->program);   /* says why when it cannot */
    if (!g->split_out)
        g->failed = true;
    return g->split_out;
}

void game_out_write(game_out *g, const char *input, unsigned long long ordinal, const char *data, size_t len)
{
    outfile *fp = NULL;
    if (g->split_size) {
        fp = split_file(g);
        if (!fp)
            return;
        g->in_file++;
    }
    /* a game that followed another on the same line keeps it company only
     * when that one is written too */
    bool next_to_last = g->last_input == input && ordinal == g->last_ordinal + 1;
    if (g->wrote && !g->ends_in_newline && !next_to_last)
        write_bytes(g, fp, "\n", 1);
    write_bytes(g, fp, data, len);
    g->last_ordinal = ordinal;
    g->last_input = input;
}

void game_out_end_input(game_out *g, const char *input, unsigned long long next_ordinal, bool read_to_end)
{
    if (g->last_input != input)
        return;
    /* a game that shared its last line with a game left out ends its line */
    bool last_of_input = g->last_ordinal + 1 == next_ordinal;
    bool has_output = !g->split_size || g->split_out;
    if (has_output && !g->ends_in_newline && !(last_of_input && read_to_end))
        write_bytes(g, g->split_size ? g->split_out : NULL, "\n", 1);
    g->last_input = NULL;   /* the name may be reused for the next input */
}

bool game_out_close(game_out *g)
{
    bool ok = split_close(g);
    free(g->split_path);
    g->split_path = NULL;
    return ok;
}
