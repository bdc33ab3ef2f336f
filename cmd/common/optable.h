/* optable.h — the tools' options as one table each, read by one parser.
 *
 * A tool lists its options, one row each:
 *
 *   #define AT(field) .offset = offsetof(options, field), .size = sizeof(((options *)0)->field)
 *   static const opt_row rows[] = {
 *       {"--strict", OPT_TRUE, AT(strict), .help = "warnings also make the exit status 1"},
 *       {"-j|--jobs", OPT_INT, AT(jobs), .min = 0, .max = 256, .expected = "a number from 0 to 256",
 *        .arg = "N", .help = "check on N threads"},
 *       {"--format", OPT_CHOICE, AT(format), .choices = "text|json|facts|html",
 *        .expected = "text, json, facts or html", .arg = "text|json", .help = "..."},
 *       {"--tag", OPT_CALL_VALUE, .call = add_tag, .arg = "NAME=REGEX", .help = "..."},
 *       {0}};
 *
 * and opt_parse reads argv with it.  The same rows make --help: the
 * synopsis, then per row with a help text "  -j, --jobs N" (the names and
 * .arg, or .usage) and the text beside it from the spec's help_column on,
 * then "  --help, --version" and the epilogue.  Every tool thereby accepts the same
 * spellings: "--jobs 2", "--jobs=2", "-j 2", "-j2", bundles of one-letter
 * options ("-cv"), "--" before files that start with '-', and "-" for
 * standard input; the values of options that take one are never taken apart
 * (a value may start with '-').  --help (-h) and --version are every tool's.
 *
 * Mistakes are said in the one wording of usage.h:
 *   TOOL: unknown option --bogus            TOOL: option --tag needs a value
 *   TOOL: option --strict takes no value    TOOL: -j 999: expected a number from 0 to 256
 * followed by "Try 'TOOL --help'.".  The option is named as it was typed.
 *
 * Ownership and threads: no state; rows and targets belong to the caller.
 */
#ifndef ARB_CMD_OPTABLE_H
#define ARB_CMD_OPTABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum opt_kind {
    OPT_TRUE,      /* no value: the bool at the target becomes true */
    OPT_SET,       /* no value: the int at the target becomes .set */
    OPT_STRING,    /* one value: the const char * at the target points to it */
    OPT_WORD,      /* the same, but not empty ("NAME: expected ...", or with .needs
                    * "NAME needs ...", when it is) */
    OPT_INT,       /* one value, digits only, .min to .max: an int or unsigned (or an
                    * unsigned long long when the target has that size) */
    OPT_SIZE,      /* one value, a byte count with K, M or G (size_arg.h): a size_t */
    OPT_CHOICE,    /* one value among .choices ("a|b|c"): its index, an int */
    OPT_CALL,      /* no value: .call(target, name, NULL, NULL) */
    OPT_CALL_VALUE,     /* one value: .call(target, name, value, NULL) */
    OPT_CALL_TWO,       /* two values: .call(target, name, first, second) */
    OPT_CALL_OPTIONAL,  /* a value only as --name=VALUE: .call(target, name, VALUE or NULL, NULL) */
    OPT_NOTE,      /* not an option: more --help text (an entry with .usage, else lines as they are) */
};
/* (a call's target is the whole options struct, or with AT(field) that
 * field: rows kept in a module of their own act on their own struct) */

/* Returns 0, or -1 after saying what was wrong (usage_error). */
typedef int (*opt_call)(void *target, const char *name, const char *value, const char *value2);

typedef struct opt_row {
    const char *names;       /* "-j|--jobs": every spelling, '|' between */
    enum opt_kind kind;
    size_t offset, size;     /* the target field in the tool's options (AT(field)) */
    int set;                 /* OPT_SET */
    unsigned long long min, max;   /* OPT_INT */
    const char *choices;     /* OPT_CHOICE */
    const char *expected;    /* after "NAME VALUE: expected " when a value is wrong */
    const char *needs;       /* OPT_CALL_TWO: after "option NAME needs " (default "two values");
                              * OPT_WORD: after "NAME needs " when empty */
    opt_call call;
    bool early;              /* applied before all others, wherever it stands (pgngrep -i) */
    /* --help: rows without help text are not shown */
    const char *arg;         /* after the names: "N", "FILE", "text|json" */
    const char *usage;       /* instead of names and arg: "--progress, --no-progress" */
    const char *help;        /* lines, '\n' between */
} opt_row;

typedef struct opt_spec {
    const char *program;
    const opt_row *rows;     /* ended by a row with names NULL */
    bool anywhere;           /* options may follow the operands (else the first operand ends them) */
    const char *synopsis;    /* --help: what comes before the options */
    const char *epilogue;    /* ... and after them */
    int help_column;         /* where the options' help texts start */
} opt_spec;

/* The --help text. */
void opt_usage(const opt_spec *spec, FILE *out);

enum { OPT_ERROR = -1, OPT_DONE = -2 };

/* Rows several tools share, for an options struct with these fields and an
 * AT(field) macro (see the top); the arguments add the tool's own help:
 * OPT_ROW_JOBS(.help = "check on N threads"). */
#define EXPECTED_BYTES "a number of bytes from 1 up, optionally followed by K, M or G (such as 512K or 64M)"
#define OPT_ROW_JOBS(...) \
    {"-j|--jobs", OPT_INT, AT(jobs), .min = 0, .max = 256, .expected = "a number from 0 to 256", .arg = "N", __VA_ARGS__}
#define OPT_ROW_MAX_GAME_BYTES(...) \
    {"--max-game-bytes", OPT_SIZE, AT(read.max_game_bytes), .expected = EXPECTED_BYTES, .arg = "N", __VA_ARGS__}
#define OPT_ROW_MAX_DEPTH(...) \
    {"--max-depth", OPT_INT, AT(read.max_depth), .min = 1, .max = 1000000, .expected = "a number from 1 to 1000000", \
     .arg = "N", __VA_ARGS__}
#define OPT_ROW_FROM(...) \
    {"--from", OPT_WORD, AT(from), .expected = "auto, san or a locale code such as ro", __VA_ARGS__}
#define OPT_ROWS_PROGRESS(...) \
    {"--progress", OPT_SET, AT(progress), .set = PROGRESS_ALWAYS, .usage = "--progress, --no-progress", __VA_ARGS__}, \
    {"--no-progress", OPT_SET, AT(progress), .set = PROGRESS_NEVER}

/* Reads argv[1..argc) into target.  Returns the number of operands, which
 * opt_parse moves to argv[1..], in order; OPT_DONE after --help or
 * --version (printed); OPT_ERROR after a usage error (said on stderr). */
int opt_parse(const opt_spec *spec, int argc, char **argv, void *target);

#endif
