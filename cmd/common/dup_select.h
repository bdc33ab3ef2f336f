/* dup_select.h — pgngrep's --duplicates, --unique and --dup-index in the
 * thread that sees the games in input order: the options, the table of main
 * lines (duplicates.h) the games' records (dup_record.h) are checked
 * against, and the inputs seen, to name the game a duplicate repeats.
 *
 * The rows, for an options struct with a `dup_options dup` field (its
 * .program set) and the AT(field) macro of optable.h:
 *
 *   static const opt_row rows[] = {..., DUP_SELECT_ROWS, ...};
 *
 * Messages go to stderr with the program's name in front; the functions
 * return false (or -1) after one.
 *
 * Ownership and threads: a dup_run owns its table and its copies of the
 * inputs' names, freed by dup_run_free; one thread.
 */
#ifndef ARB_CMD_DUP_SELECT_H
#define ARB_CMD_DUP_SELECT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "duplicates.h"

/* --duplicates / --unique */
enum dup_select { DUP_OFF = 0, DUP_REPEATS, DUP_FIRSTS };

typedef struct dup_options {
    const char *program;
    int select;                  /* enum dup_select */
    int mode;                    /* enum arb_dup_mode */
    size_t min_plies;            /* --duplicates=prefix:N */
    bool same_players;
} dup_options;

int dup_option_duplicates(void *target, const char *name, const char *value, const char *value2);
int dup_option_unique(void *target, const char *name, const char *value, const char *value2);

#define DUP_SELECT_ROWS \
    {"--duplicates", OPT_CALL_OPTIONAL, AT(dup), .call = dup_option_duplicates, \
     .usage = "--duplicates[=exact|prefix[:N]]", \
     .help = "the main line (from the same start) repeats an earlier\n" \
             "game's; with prefix also when one of the two lines is\n" \
             "the other cut short, the shorter having N plies or more\n" \
             "(default 20); games that cannot be replayed or have no\n" \
             "move take no part"}, \
    {"--unique", OPT_CALL, AT(dup), .call = dup_option_unique, \
     .help = "the first game of every main line (no duplicate)"}, \
    {"--same-players", OPT_TRUE, AT(dup.same_players), \
     .help = "duplicates also have the same White, Black and Date"}

/* An input of the run, for naming the game a duplicate repeats. */
typedef struct dup_input {
    char *name;
    uint64_t first_ordinal;      /* games of the run before it */
} dup_input;

typedef struct dup_run {
    const char *program;
    arb_dup_table *table;
    dup_input *inputs;           /* every input so far */
    size_t input_count;
} dup_run;

/* The table for o (with o->select DUP_OFF, none); false when out of memory. */
bool dup_run_start(dup_run *d, const dup_options *o);

/* An input begins after `first_ordinal` games of the run. */
bool dup_run_input(dup_run *d, const char *name, uint64_t first_ordinal);

/* Prints the game of the run numbered run_ordinal (0-based) as "N" or,
 * with several inputs, "FILE:N", numbering each input's games from
 * first_game, and a newline. */
void dup_run_print(const dup_run *d, uint64_t run_ordinal, unsigned long long first_game, bool several);

void dup_run_free(dup_run *d);

#endif
