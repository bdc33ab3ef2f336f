/* inputs.h — the tools' FILE arguments, folders expanded.
 *
 * A folder given as input stands for every PGN file under it, recursively,
 * in name order (byte order of the names, folders and files alike), plain
 * or compressed (*.pgn, *.pgn.gz, *.pgn.bz2, *.pgn.xz, *.pgn.zst, any case);
 * every other file is skipped with a note on stderr, so that nothing is left
 * out silently.  Links to folders are not followed (no loops); links to files
 * are.  Other arguments (files, "-") stay as they are, in their place.
 */
#ifndef ARB_CMD_INPUTS_H
#define ARB_CMD_INPUTS_H

#include <stdbool.h>

typedef struct input_list {
    char **paths;           /* owned; the expanded arguments in order */
    int count;
    bool trouble;           /* a folder could not be read (said on stderr) */
    int cap;
} input_list;

/* Expands args[0..count); false only when out of memory (said on stderr). */
bool inputs_expand(const char *program, char **args, int count, input_list *out);
void inputs_free(input_list *list);

/* Whether a file name is one a folder's PGN files are taken by. */
bool inputs_is_pgn_name(const char *name);

#endif
