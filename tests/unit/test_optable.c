/* test_optable.c — cmd/common/optable: the one option parser and --help of every tool. */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../cmd/common/optable.h"

typedef struct options {
    bool verbose, count, early;
    bool early_first;            /* --tag saw --early already set */
    int jobs;
    int mode;
    int color;
    unsigned long long first;
    size_t bytes;
    const char *name, *from, *pair[2], *dup;
    bool dup_given;
} options;

static int tag(void *target, const char *name, const char *value, const char *value2)
{
    options *o = target;
    (void)name, (void)value2;
    o->early_first = o->early;
    o->name = value;
    return 0;
}

static int pair(void *target, const char *name, const char *value, const char *value2)
{
    options *o = target;
    (void)name;
    o->pair[0] = value;
    o->pair[1] = value2;
    return 0;
}

static int dup(void *target, const char *name, const char *value, const char *value2)
{
    options *o = target;
    (void)name, (void)value2;
    o->dup = value;
    o->dup_given = true;
    return 0;
}

#define AT(field) .offset = offsetof(options, field), .size = sizeof(((options *)0)->field)
static const opt_row rows[] = {
    {"-v|--verbose", OPT_TRUE, AT(verbose), .help = "say more"},
    {"-c|--count", OPT_TRUE, AT(count), .help = "count only"},
    {"-j|--jobs", OPT_INT, AT(jobs), .min = 0, .max = 256, .expected = "a number from 0 to 256", .arg = "N",
     .help = "threads,\none per processor by default"},
    {"--first", OPT_INT, AT(first), .max = 1000000000000ULL, .expected = "a game number"},
    {"--bytes", OPT_SIZE, AT(bytes), .expected = "a number of bytes"},
    {"--quiet", OPT_SET, AT(mode), .set = 2},
    {"--color", OPT_CHOICE, AT(color), .choices = "auto|always|never", .expected = "auto, always or never",
     .arg = "auto|always|never", .help = "colour"},
    {"--from", OPT_WORD, AT(from), .expected = "auto or a locale"},
    {"--tag", OPT_CALL_VALUE, .call = tag},
    {"--pair", OPT_CALL_TWO, .call = pair, .needs = "a first and a second"},
    {"--dup", OPT_CALL_OPTIONAL, .call = dup},
    {"--early", OPT_TRUE, AT(early), .early = true},
    {"", OPT_NOTE, .help = "\nMore:"},
    {"", OPT_NOTE, .usage = "--a-very-long-entry VALUE", .help = "on a line of its own"},
    {0}};
static const opt_spec spec = {"tool", rows, false, "usage: tool [OPTIONS] [FILE...]\n\n", "\nThe end.\n", 16};
static const opt_spec anywhere = {"tool", rows, true, "", "", 16};

/* opt_parse over a NULL-terminated word list; the words stay in *argv_out. */
static int parse(const opt_spec *s, options *o, char **words, int *argc)
{
    memset(o, 0, sizeof *o);
    int n = 0;
    while (words[n])
        n++;
    *argc = n;
    return opt_parse(s, n, words, o);
}

Test(optable, every_spelling_of_a_value)
{
    options o;
    int argc;
    char *a[] = {"tool", "--jobs=3", NULL};
    cr_assert_eq(parse(&spec, &o, a, &argc), 0);
    cr_assert_eq(o.jobs, 3);
    char *b[] = {"tool", "--jobs", "4", NULL};
    cr_assert_eq(parse(&spec, &o, b, &argc), 0);
    cr_assert_eq(o.jobs, 4);
    char *c[] = {"tool", "-j5", NULL};
    cr_assert_eq(parse(&spec, &o, c, &argc), 0);
    cr_assert_eq(o.jobs, 5);
    char *d[] = {"tool", "-vcj", "6", NULL};
    cr_assert_eq(parse(&spec, &o, d, &argc), 0);
    cr_assert(o.verbose && o.count);
    cr_assert_eq(o.jobs, 6);
    char *e[] = {"tool", "--tag", "-x", "--first", "12345678901", "--bytes=64K", "--color", "never", NULL};
    cr_assert_eq(parse(&spec, &o, e, &argc), 0);
    cr_assert_str_eq(o.name, "-x", "a value may start with '-'");
    cr_assert_eq(o.first, 12345678901ULL);
    cr_assert_eq(o.bytes, 65536);
    cr_assert_eq(o.color, 2);
    char *f[] = {"tool", "--quiet", "--pair", "a", "b", "--dup", "--from=ro", NULL};
    cr_assert_eq(parse(&spec, &o, f, &argc), 0);
    cr_assert_eq(o.mode, 2);
    cr_assert_str_eq(o.pair[0], "a");
    cr_assert_str_eq(o.pair[1], "b");
    cr_assert(o.dup_given && o.dup == NULL);
    cr_assert_str_eq(o.from, "ro");
    char *g[] = {"tool", "--dup=prefix:3", "--pair=x", "y", NULL};
    cr_assert_eq(parse(&spec, &o, g, &argc), 0);
    cr_assert_str_eq(o.dup, "prefix:3");
    cr_assert_str_eq(o.pair[0], "x");
    cr_assert_str_eq(o.pair[1], "y");
}

Test(optable, operands_in_order)
{
    options o;
    int argc;
    char *a[] = {"tool", "-v", "one", "-c", "-", NULL};
    cr_assert_eq(parse(&spec, &o, a, &argc), 3, "the first operand ends the options");
    cr_assert(o.verbose && !o.count);
    cr_assert_str_eq(a[1], "one");
    cr_assert_str_eq(a[2], "-c");
    cr_assert_str_eq(a[3], "-");
    char *b[] = {"tool", "-v", "--", "-c", "--", NULL};
    cr_assert_eq(parse(&spec, &o, b, &argc), 2);
    cr_assert(!o.count);
    cr_assert_str_eq(b[1], "-c");
    cr_assert_str_eq(b[2], "--");
    char *c[] = {"tool", "w", "-v", "-", "--jobs", "2", "KQkq", "--", "-c", NULL};
    cr_assert_eq(parse(&anywhere, &o, c, &argc), 4, "options among the operands");
    cr_assert(o.verbose && !o.count);
    cr_assert_eq(o.jobs, 2);
    cr_assert_str_eq(c[1], "w");
    cr_assert_str_eq(c[2], "-");
    cr_assert_str_eq(c[3], "KQkq");
    cr_assert_str_eq(c[4], "-c");
}

Test(optable, early_rows_first)
{
    options o;
    int argc;
    char *a[] = {"tool", "--tag", "x", "--early", NULL};
    cr_assert_eq(parse(&spec, &o, a, &argc), 0);
    cr_assert(o.early_first, "--early applies before --tag, though it comes after");
}

/* Each mistake: its message, and OPT_ERROR. */
Test(optable, usage_errors, .init = cr_redirect_stderr)
{
    static const char *const cases[][4] = {
        {"--bogus", NULL}, {"--bogus=1", NULL}, {"-x", NULL}, {"-vx", NULL}, {"--verbose=yes", NULL},
        {"--jobs", NULL}, {"-j", NULL}, {"-j", "257"}, {"--jobs=x", NULL}, {"--first", "-1"},
        {"--bytes", "1T"}, {"--color", "red"}, {"--from=", NULL}, {"--pair", "a"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *words[4] = {"tool", (char *)cases[i][0], (char *)cases[i][1], NULL};
        options o;
        int argc;
        cr_assert_eq(parse(&spec, &o, words, &argc), OPT_ERROR, "%s", cases[i][0]);
    }
    fflush(stderr);
    cr_assert_stderr_eq_str(
        "tool: unknown option --bogus\nTry 'tool --help'.\n"
        "tool: unknown option --bogus\nTry 'tool --help'.\n"
        "tool: unknown option -x\nTry 'tool --help'.\n"
        "tool: unknown option -x\nTry 'tool --help'.\n"
        "tool: option --verbose takes no value\nTry 'tool --help'.\n"
        "tool: option --jobs needs a value\nTry 'tool --help'.\n"
        "tool: option -j needs a value\nTry 'tool --help'.\n"
        "tool: -j 257: expected a number from 0 to 256\nTry 'tool --help'.\n"
        "tool: --jobs x: expected a number from 0 to 256\nTry 'tool --help'.\n"
        "tool: --first -1: expected a game number\nTry 'tool --help'.\n"
        "tool: --bytes 1T: expected a number of bytes\nTry 'tool --help'.\n"
        "tool: --color red: expected auto, always or never\nTry 'tool --help'.\n"
        "tool: --from: expected auto or a locale\nTry 'tool --help'.\n"
        "tool: option --pair needs a first and a second\nTry 'tool --help'.\n");
}

Test(optable, help_from_the_rows)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    cr_assert_not_null(out);
    opt_usage(&spec, out);
    fclose(out);
    cr_assert_str_eq(text,
                     "usage: tool [OPTIONS] [FILE...]\n\n"
                     "  -v, --verbose say more\n"
                     "  -c, --count   count only\n"
                     "  -j, --jobs N  threads,\n"
                     "                one per processor by default\n"
                     "  --color auto|always|never\n"
                     "                colour\n"
                     "\nMore:\n"
                     "  --a-very-long-entry VALUE\n"
                     "                on a line of its own\n"
                     "  --help, --version\n"
                     "\nThe end.\n");
    free(text);
}
