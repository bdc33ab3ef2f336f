/* test_progress.c — the tools' progress line (cmd/common/progress.h). */
#include <criterion/criterion.h>
#include <string.h>

#include "../../cmd/common/progress.h"

Test(progress, line_shows_games_megabytes_and_rate)
{
    char line[160];
    progress_format(line, sizeof line, 120000, 84000000, 2.0);
    cr_assert_str_eq(line, "120,000 games, 84.0 MB, 42.0 MB/s");
}

Test(progress, one_game_is_singular_and_zero_time_has_no_rate)
{
    char line[160];
    progress_format(line, sizeof line, 1, 500000, 0.0);
    cr_assert_str_eq(line, "1 game, 0.5 MB, 0.0 MB/s");
}

Test(progress, never_mode_and_small_files_stay_silent)
{
    progress p;
    char *paths[] = {"Makefile"};
    progress_init(&p, "test", PROGRESS_NEVER, paths, 1);
    cr_assert(!p.enabled);
    progress_init(&p, "test", PROGRESS_AUTO, paths, 1);
    cr_assert(!p.enabled, "a small regular file needs no progress line");
}

Test(progress, always_mode_writes_and_done_erases)
{
    progress p;
    char buf[512] = {0};
    FILE *out = fmemopen(buf, sizeof buf, "w");
    cr_assert_not_null(out);
    progress_init(&p, "pgnconv", PROGRESS_ALWAYS, NULL, 0);
    p.out = out;
    p.last -= 1.0; /* as if a second had passed since the last update */
    progress_update(&p, 5000, 3000000);
    progress_done(&p);
    fclose(out);
    cr_assert(strstr(buf, "\rpgnconv: 5,000 games, 3.0 MB, ") != NULL, "got '%s'", buf);
    cr_assert(strstr(buf, "\r\033[K") != NULL, "the line is erased at the end");
}
