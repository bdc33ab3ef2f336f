/* test_inputs.c — cmd/common/inputs.h: folders as inputs (name order,
 * recursion, PGN names only, links to folders not followed) and the names a
 * folder's PGN files are taken by. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../cmd/common/inputs.h"

Test(inputs, pgn_names)
{
    cr_assert(inputs_is_pgn_name("round1.pgn"));
    cr_assert(inputs_is_pgn_name("ROUND1.PGN"));
    cr_assert(inputs_is_pgn_name("a.pgn.gz"));
    cr_assert(inputs_is_pgn_name("a.Pgn.Zst"));
    cr_assert_not(inputs_is_pgn_name(".pgn"));
    cr_assert_not(inputs_is_pgn_name("a.txt"));
    cr_assert_not(inputs_is_pgn_name("a.gz"));
    cr_assert_not(inputs_is_pgn_name("a.pgn.txt"));
}

static void touch(const char *path)
{
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f, "%s", path);
    fclose(f);
}

Test(inputs, folders_in_name_order_files_in_place)
{
    char root[] = "/tmp/arb-inputs-XXXXXX", path[256];
    cr_assert_not_null(mkdtemp(root));
    snprintf(path, sizeof path, "%s/b", root);
    mkdir(path, 0700);
    snprintf(path, sizeof path, "%s/a", root);
    mkdir(path, 0700);
    const char *files[] = {"b/2.pgn", "b/10.pgn", "a/z.pgn.gz", "notes.txt", "c.PGN"};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        snprintf(path, sizeof path, "%s/%s", root, files[i]);
        touch(path);
    }
    snprintf(path, sizeof path, "%s/loop", root);
    cr_assert_eq(symlink(root, path), 0);
    char *args[] = {"-", root, "x.pgn"};
    input_list l;
    cr_assert(inputs_expand("test", args, 3, &l));
    cr_assert_eq(l.count, 6);
    cr_assert_str_eq(l.paths[0], "-");
    const char *want[] = {"a/z.pgn.gz", "b/10.pgn", "b/2.pgn", "c.PGN"};
    for (int i = 0; i < 4; i++) {
        snprintf(path, sizeof path, "%s/%s", root, want[i]);
        cr_assert_str_eq(l.paths[1 + i], path);
    }
    cr_assert_str_eq(l.paths[5], "x.pgn");
    cr_assert_not(l.trouble);
    inputs_free(&l);
    char command[300];
    snprintf(command, sizeof command, "rm -rf '%s'", root);
    cr_assert_eq(system(command), 0);
}
