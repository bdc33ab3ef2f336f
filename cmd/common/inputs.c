/* inputs.c — folders as inputs: their PGN files in name order. */
#include "inputs.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

/* deeper folders are left out with a note: a bound on any tree */
#define MAX_DEPTH 64

static bool push(input_list *l, const char *path)
{
    if (l->count == l->cap) {
        int cap = l->cap ? l->cap * 2 : 16;
        char **grown = realloc(l->paths, (size_t)cap * sizeof *grown);
        if (!grown)
            return false;
        l->paths = grown;
        l->cap = cap;
    }
    char *copy = strdup(path);
    if (!copy)
        return false;
    l->paths[l->count++] = copy;
    return true;
}

bool inputs_is_pgn_name(const char *name)
{
    static const char *const endings[] = {".pgn", ".pgn.gz", ".pgn.bz2", ".pgn.xz", ".pgn.zst"};
    size_t len = strlen(name);
    for (size_t i = 0; i < sizeof endings / sizeof *endings; i++) {
        size_t n = strlen(endings[i]);
        if (len > n && strcasecmp(name + len - n, endings[i]) == 0)
            return true;
    }
    return false;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool expand_folder(const char *program, const char *dir, int depth, input_list *l)
{
    if (depth > MAX_DEPTH) {
        fprintf(stderr, "%s: %s: folders nested more than %d deep, expected fewer; skipped\n", program, dir,
                MAX_DEPTH);
        l->trouble = true;
        return true;
    }
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "%s: cannot open %s: %s\n", program, dir, strerror(errno));
        l->trouble = true;
        return true;
    }
    char **names = NULL;
    size_t count = 0, cap = 0;
    bool ok = true;
    for (struct dirent *e; ok && (e = readdir(d));) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        if (count == cap) {
            cap = cap ? cap * 2 : 32;
            char **grown = realloc(names, cap * sizeof *grown);
            ok = grown != NULL;
            if (ok)
                names = grown;
        }
        if (ok)
            ok = (names[count] = strdup(e->d_name)) != NULL && ++count;
    }
    closedir(d);
    if (ok && count)
        qsort(names, count, sizeof *names, by_name);
    size_t dir_len = strlen(dir);
    bool slash = dir_len && dir[dir_len - 1] == '/';
    for (size_t i = 0; ok && i < count; i++) {
        size_t size = dir_len + strlen(names[i]) + 2;
        char *path = malloc(size);
        if (!path) {
            ok = false;
            break;
        }
        snprintf(path, size, "%s%s%s", dir, slash ? "" : "/", names[i]);
        struct stat st, link;
        bool is_link = lstat(path, &link) == 0 && S_ISLNK(link.st_mode);
        if (stat(path, &st) != 0) {
            fprintf(stderr, "%s: %s: %s; skipped\n", program, path, strerror(errno));
            l->trouble = true;
        } else if (S_ISDIR(st.st_mode)) {
            if (is_link)
                fprintf(stderr, "%s: %s: a link to a folder, not followed; skipped\n", program, path);
            else
                ok = expand_folder(program, path, depth + 1, l);
        } else if (S_ISREG(st.st_mode) && inputs_is_pgn_name(names[i])) {
            ok = push(l, path);
        } else {
            fprintf(stderr, "%s: %s: not a PGN file (expected a name ending in .pgn, .pgn.gz, .pgn.bz2, "
                    ".pgn.xz or .pgn.zst); skipped\n", program, path);
        }
        free(path);
    }
    for (size_t i = 0; i < count; i++)
        free(names[i]);
    free(names);
    return ok;
}

bool inputs_expand(const char *program, char **args, int count, input_list *out)
{
    memset(out, 0, sizeof *out);
    for (int i = 0; i < count; i++) {
        struct stat st;
        bool folder = strcmp(args[i], "-") != 0 && stat(args[i], &st) == 0 && S_ISDIR(st.st_mode);
        if (!(folder ? expand_folder(program, args[i], 0, out) : push(out, args[i]))) {
            fprintf(stderr, "%s: out of memory\n", program);
            inputs_free(out);
            return false;
        }
    }
    return true;
}

void inputs_free(input_list *list)
{
    for (int i = 0; i < list->count; i++)
        free(list->paths[i]);
    free(list->paths);
    memset(list, 0, sizeof *list);
}
