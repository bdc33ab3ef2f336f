/* dup_select.c — see dup_select.h. */
#include "dup_select.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "size_arg.h"
#include "usage.h"

int dup_option_duplicates(void *target, const char *name, const char *value, const char *value2)
{
    dup_options *o = target;
    (void)value2;
    if (o->select == DUP_FIRSTS)
        return usage_error(o->program, "--duplicates and --unique do not go together: choose one");
    unsigned long long min = 20;
    if (!value || strcmp(value, "exact") == 0)
        o->mode = ARB_DUP_EXACT;
    else if (strcmp(value, "prefix") == 0
             || (strncmp(value, "prefix:", 7) == 0 && count_arg_parse(value + 7, 1, 100000, &min)))
        o->mode = ARB_DUP_PREFIX;
    else
        return usage_error(o->program, "%s=%s: expected --duplicates, --duplicates=exact, --duplicates=prefix "
                           "or --duplicates=prefix:N (N from 1 to 100000 plies)", name, value);
    o->min_plies = (size_t)min;
    o->select = DUP_REPEATS;
    return 0;
}

int dup_option_unique(void *target, const char *name, const char *value, const char *value2)
{
    dup_options *o = target;
    (void)name, (void)value, (void)value2;
    if (o->select == DUP_REPEATS)
        return usage_error(o->program, "--duplicates and --unique do not go together: choose one");
    o->select = DUP_FIRSTS;
    return 0;
}

bool dup_run_start(dup_run *d, const dup_options *o)
{
    *d = (dup_run){.program = o->program};
    if (o->select && !(d->table = arb_dup_table_new(o->mode, o->min_plies))) {
        fprintf(stderr, "%s: out of memory\n", o->program);
        return false;
    }
    return true;
}

bool dup_run_input(dup_run *d, const char *name, uint64_t first_ordinal)
{
    dup_input *more = realloc(d->inputs, (d->input_count + 1) * sizeof *more);
    char *copy = strdup(name);
    if (more)
        d->inputs = more;
    if (!more || !copy) {
        free(copy);
        fprintf(stderr, "%s: out of memory\n", d->program);
        return false;
    }
    d->inputs[d->input_count++] = (dup_input){copy, first_ordinal};
    return true;
}

void dup_run_print(const dup_run *d, uint64_t run_ordinal, unsigned long long first_game, bool several)
{
    size_t k = d->input_count;
    while (k > 1 && d->inputs[k - 1].first_ordinal > run_ordinal)
        k--;
    unsigned long long number = first_game + run_ordinal - d->inputs[k - 1].first_ordinal;
    if (several)
        printf("%s:%llu\n", d->inputs[k - 1].name, number);
    else
        printf("%llu\n", number);
}

void dup_run_free(dup_run *d)
{
    arb_dup_table_free(d->table);
    for (size_t k = 0; k < d->input_count; k++)
        free(d->inputs[k].name);
    free(d->inputs);
}
