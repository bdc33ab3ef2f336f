/* optable.c — one parser for every tool's option table (see optable.h). */
#include "optable.h"

#include <stdio.h>
#include <string.h>

#include "arbiter.h"
#include "size_arg.h"
#include "usage.h"

/* The row one of whose spellings is name[0..len), or NULL. */
static const opt_row *find_row(const opt_row *rows, const char *name, size_t len)
{
    for (const opt_row *r = rows; r->names; r++)
        for (const char *s = r->names; *s;) {
            size_t n = strcspn(s, "|");
            if (n == len && strncmp(s, name, len) == 0)
                return r;
            s += n + (s[n] == '|');
        }
    return NULL;
}

/* How many values a row takes after its name (OPT_CALL_OPTIONAL: none). */
static int values_of(const opt_row *r)
{
    switch (r->kind) {
    case OPT_STRING: case OPT_WORD: case OPT_INT: case OPT_SIZE: case OPT_CHOICE: case OPT_CALL_VALUE: return 1;
    case OPT_CALL_TWO: return 2;
    default: return 0;
    }
}

static int choice_index(const char *choices, const char *value)
{
    size_t len = strlen(value);
    int k = 0;
    for (const char *s = choices; *s; k++) {
        size_t n = strcspn(s, "|");
        if (n == len && strncmp(s, value, len) == 0)
            return k;
        s += n + (s[n] == '|');
    }
    return -1;
}

/* Puts a value into the row's target; -1 after a usage error. */
static int apply(const opt_spec *spec, const opt_row *r, const char *name, const char *value, const char *value2,
                 void *target)
{
    char *at = (char *)target + r->offset;
    unsigned long long n;
    switch (r->kind) {
    case OPT_TRUE: *(bool *)at = true; return 0;
    case OPT_SET: *(int *)at = r->set; return 0;
    case OPT_WORD:
        if (!*value && r->needs)
            return usage_error(spec->program, "%s needs %s", name, r->needs);
        if (!*value)
            return usage_error(spec->program, "%s: expected %s", name, r->expected);
        /* fall through */
    case OPT_STRING: *(const char **)at = value; return 0;
    case OPT_INT:
        if (!count_arg_parse(value, r->min, r->max, &n))
            break;
        if (r->size == sizeof(int))
            *(unsigned *)at = (unsigned)n;   /* an int or an unsigned field */
        else
            *(unsigned long long *)at = n;
        return 0;
    case OPT_SIZE:
        if (!size_arg_parse(value, (size_t *)(void *)at))
            break;
        return 0;
    case OPT_CHOICE:
        if ((*(int *)at = choice_index(r->choices, value)) < 0)
            break;
        return 0;
    default: return r->call(at, name, value, value2);   /* the options, or with AT(field) that field */
    }
    return usage_error(spec->program, "%s %s: expected %s", name, value, r->expected);
}

/* One pass over the words: `early` applies the early rows alone and says
 * nothing (the main pass will); else the others, moving the operands to the
 * front.  Returns the operands' count, OPT_DONE or OPT_ERROR. */
static int scan(const opt_spec *spec, int argc, char **argv, void *target, bool early)
{
    const char *prog = spec->program;
    int operands = 0;
    int i = 1;
    for (; i < argc; i++) {
        char *a = argv[i];
        if (a[0] != '-' || a[1] == '\0') {
            if (!spec->anywhere)
                break;
            if (!early)
                argv[1 + operands] = a;
            operands++;
            continue;
        }
        if (strcmp(a, "--") == 0) {
            i++;
            break;
        }
        /* one long option, or a bundle of one-letter ones */
        bool is_long = a[1] == '-';
        for (char *c = a + 1; *c; c++) {
            char *eq = is_long ? strchr(a, '=') : NULL;
            size_t len = is_long ? (eq ? (size_t)(eq - a) : strlen(a)) : 2;
            const char *spelled = is_long ? a : (char[]){'-', *c, '\0'};
            char name[64];
            if (len >= sizeof name)   /* longer than any option */
                return early ? 0 : usage_error(prog, "unknown option %.*s", (int)len, spelled);
            snprintf(name, sizeof name, "%.*s", (int)len, spelled);
            if (!early && (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) && !eq) {
                opt_usage(spec, stdout);
                return OPT_DONE;
            }
            if (!early && strcmp(name, "--version") == 0 && !eq) {
                printf("%s %s\n", prog, ARB_VERSION);
                return OPT_DONE;
            }
            const opt_row *r = find_row(spec->rows, name, len);
            if (!r)
                return early ? 0 : usage_error(prog, "unknown option %s", name);
            int want = values_of(r);
            const char *value = NULL, *value2 = NULL;
            if (eq && want == 0 && r->kind != OPT_CALL_OPTIONAL)
                return early ? 0 : usage_error(prog, "option %s takes no value", name);
            if (r->kind == OPT_CALL_OPTIONAL)
                value = eq ? eq + 1 : NULL;
            if (want > 0) {
                /* the rest of the word ("--jobs=2", "-j2"), else the next word */
                const char *rest = is_long ? (eq ? eq + 1 : NULL) : (c[1] ? c + 1 : NULL);
                if (!rest && i + 1 < argc)
                    rest = argv[++i];
                if (want == 2)
                    value2 = rest && i + 1 < argc ? argv[++i] : NULL;
                if (!rest || (want == 2 && !value2))
                    return early ? 0 : usage_error(prog, "option %s needs %s", name,
                                                   want == 1 ? "a value" : r->needs ? r->needs : "two values");
                value = rest;
            }
            if (r->early == early && apply(spec, r, name, value, value2, target) < 0)
                return OPT_ERROR;
            if (is_long || want > 0)
                break;   /* the word is used up */
        }
    }
    if (!early)
        for (; i < argc; i++)
            argv[1 + operands++] = argv[i];
    return operands;
}

void opt_usage(const opt_spec *spec, FILE *out)
{
    fputs(spec->synopsis, out);
    for (const opt_row *r = spec->rows; r->names; r++) {
        if (!r->help)
            continue;
        if (r->kind == OPT_NOTE && !r->usage) {
            fprintf(out, "%s\n", r->help);
            continue;
        }
        /* "  -j, --jobs N", then the text from the help column on (on a line
         * of its own when the names reach it) */
        int width = 2;
        fputs("  ", out);
        if (r->usage) {
            width += fprintf(out, "%s", r->usage);
        } else {
            for (const char *s = r->names; *s; s++)
                width += *s == '|' ? fprintf(out, ", ") : fprintf(out, "%c", *s);
            if (r->arg)
                width += fprintf(out, " %s", r->arg);
        }
        int column = width < spec->help_column ? width : 0;
        if (column == 0 || !*r->help)
            fputs("\n", out);
        for (const char *line = r->help; *line;) {
            size_t n = strcspn(line, "\n");
            fprintf(out, "%*s%.*s\n", spec->help_column - column, "", (int)n, line);
            column = 0;
            line += n + (line[n] == '\n');
        }
    }
    fprintf(out, "  --help, --version\n%s", spec->epilogue);
}

int opt_parse(const opt_spec *spec, int argc, char **argv, void *target)
{
    int n = scan(spec, argc, argv, target, true);
    if (n < 0)
        return n;
    return scan(spec, argc, argv, target, false);
}
