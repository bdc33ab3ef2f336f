/* args.c — one option per word (see args.h). */
#include "args.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool listed(const char *const *list, const char *opt, size_t len)
{
    for (; list && *list; list++)
        if (strlen(*list) == len && strncmp(*list, opt, len) == 0)
            return true;
    return false;
}

static int values_of(const args_spec *spec, const char *opt, size_t len)
{
    return listed(spec->one_value, opt, len) ? 1 : listed(spec->two_values, opt, len) ? 2 : 0;
}

int args_values(const args_spec *spec, const char *opt)
{
    return values_of(spec, opt, strlen(opt));
}

/* Appends a new word of len bytes to the pool. */
static char *pool_word(char **p, const char *text, size_t len)
{
    char *w = *p;
    memcpy(w, text, len);
    w[len] = '\0';
    *p += len + 1;
    return w;
}

char **args_expand(int argc, char **argv, const args_spec *spec, int *out_argc, char **pool, char *error,
                   size_t error_size)
{
    error[0] = '\0';
    size_t chars = 0;
    for (int i = 0; i < argc; i++)
        chars += 3 * strlen(argv[i]) + 3;
    char **v = calloc(chars + 2, sizeof *v);   /* never more words than characters */
    char *p = *pool = malloc(chars + 1);
    if (!v || !p) {
        free(v);
        free(p);
        *pool = NULL;
        return NULL;
    }
    size_t n = 0;
    int i = 0;
    for (; i < argc; i++) {
        char *a = argv[i];
        if (i == 0 || a[0] != '-' || a[1] == '\0') {
            v[n++] = a;   /* the program, a file, or "-" */
            continue;
        }
        if (strcmp(a, "--") == 0)
            break;        /* the rest are files, as they are */
        int values = values_of(spec, a, strlen(a));
        if (values) {
            v[n++] = a;
            for (int k = 0; k < values && i + 1 < argc; k++)
                v[n++] = argv[++i];
            continue;
        }
        if (a[1] == '-') {
            char *eq = strchr(a, '=');
            if (!eq) {
                v[n++] = a;
                continue;
            }
            size_t len = (size_t)(eq - a);
            values = values_of(spec, a, len);
            if (!values && listed(spec->optional_value, a, len)) {
                v[n++] = a;
                continue;
            }
            if (!values) {
                snprintf(error, error_size, "option %.*s takes no value", (int)len, a);
                free(v);
                free(*pool);
                *pool = NULL;
                return NULL;
            }
            v[n++] = pool_word(&p, a, len);
            v[n++] = eq + 1;
            for (int k = 1; k < values && i + 1 < argc; k++)
                v[n++] = argv[++i];
            continue;
        }
        /* one-letter options: "-cv" is "-c -v"; one that takes a value takes
         * the rest of the word ("-j2"), else the next word */
        for (char *c = a + 1; *c; c++) {
            char opt[3] = {'-', *c, '\0'};
            v[n++] = pool_word(&p, opt, 2);
            values = values_of(spec, opt, 2);
            if (values) {
                if (c[1])
                    v[n++] = c + 1;
                else if (i + 1 < argc)
                    v[n++] = argv[++i];
                for (int k = 1; k < values && i + 1 < argc; k++)
                    v[n++] = argv[++i];
                break;
            }
        }
    }
    for (; i < argc; i++)
        v[n++] = argv[i];
    v[n] = NULL;
    *out_argc = (int)n;
    return v;
}
