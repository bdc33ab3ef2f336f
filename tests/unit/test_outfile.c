/* test_outfile.c — cmd/common/outfile: an -o file appears complete or not at
 * all, also when the run fails, writes to a full device, or is ended by
 * SIGINT, SIGTERM, SIGHUP or SIGPIPE. */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../cmd/common/outfile.h"

static char dir[64];

static void make_dir(void)
{
    snprintf(dir, sizeof dir, "%s/outfile.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    cr_assert_not_null(mkdtemp(dir));
}

static void remove_dir(void)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    for (struct dirent *e; (e = readdir(d));) {
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            char p[512];
            snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
            unlink(p);
        }
    }
    closedir(d);
    rmdir(dir);
}

static void quiet_setup(void)
{
    make_dir();
    cr_redirect_stderr();
}

TestSuite(outfile, .init = quiet_setup, .fini = remove_dir);

/* Names in the directory, sorted, joined by spaces ("" when empty). */
static const char *listing(void)
{
    static char out[1024];
    out[0] = '\0';
    struct dirent **names;
    int n = scandir(dir, &names, NULL, alphasort);
    cr_assert_geq(n, 0);
    for (int i = 0; i < n; i++) {
        if (strcmp(names[i]->d_name, ".") && strcmp(names[i]->d_name, "..")) {
            if (out[0])
                strcat(out, " ");
            /* temporary names end in 6 random characters: show them as ###### */
            const char *tmp = strstr(names[i]->d_name, ".tmp.");
            if (tmp)
                strncat(out, names[i]->d_name, (size_t)(tmp - names[i]->d_name) + 5), strcat(out, "######");
            else
                strcat(out, names[i]->d_name);
        }
        free(names[i]);
    }
    free(names);
    return out;
}

static const char *path_in_dir(const char *name)
{
    static char p[256];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    return p;
}

static char *contents(const char *name)
{
    static char buf[256];
    FILE *f = fopen(path_in_dir(name), "r");
    cr_assert_not_null(f, "%s is missing", name);
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static void write_file(const char *name, const char *text)
{
    FILE *f = fopen(path_in_dir(name), "w");
    cr_assert_not_null(f);
    fputs(text, f);
    fclose(f);
}

Test(outfile, a_new_file_appears_only_when_closed_with_keep)
{
    outfile *f = outfile_open(path_in_dir("out.pgn"), "test");
    cr_assert_not_null(f);
    cr_assert(outfile_write(f, "game\n", 5));
    cr_assert_str_eq(listing(), "out.pgn.tmp.######", "written under a temporary name");
    cr_assert(outfile_close(f, true));
    cr_assert_str_eq(listing(), "out.pgn");
    cr_assert_str_eq(contents("out.pgn"), "game\n");
}

Test(outfile, a_failed_run_leaves_nothing_and_keeps_the_old_file)
{
    write_file("old.pgn", "old\n");
    outfile *f = outfile_open(path_in_dir("old.pgn"), "test");
    cr_assert_not_null(f);
    fputs("half a game", outfile_stream(f));
    cr_assert(outfile_close(f, false), "discarding is not an error");
    cr_assert_str_eq(listing(), "old.pgn");
    cr_assert_str_eq(contents("old.pgn"), "old\n");

    f = outfile_open(path_in_dir("new.pgn"), "test");
    outfile_write(f, "x", 1);
    outfile_close(f, false);
    cr_assert_str_eq(listing(), "old.pgn");
}

Test(outfile, an_existing_file_is_replaced_whole)
{
    write_file("out.pgn", "old\n");
    outfile *f = outfile_open(path_in_dir("out.pgn"), "test");
    outfile_write(f, "new\n", 4);
    cr_assert_str_eq(contents("out.pgn"), "old\n", "untouched until the run completes");
    cr_assert(outfile_close(f, true));
    cr_assert_str_eq(contents("out.pgn"), "new\n");
    cr_assert_str_eq(listing(), "out.pgn");
}

Test(outfile, a_symbolic_link_keeps_pointing_at_its_replaced_target)
{
    write_file("target.pgn", "old\n");
    cr_assert_eq(symlink("target.pgn", path_in_dir("link.pgn")), 0);
    outfile *f = outfile_open(path_in_dir("link.pgn"), "test");
    outfile_write(f, "new\n", 4);
    cr_assert(outfile_close(f, true));
    struct stat sb;
    cr_assert_eq(lstat(path_in_dir("link.pgn"), &sb), 0);
    cr_assert(S_ISLNK(sb.st_mode), "still a link");
    cr_assert_str_eq(contents("target.pgn"), "new\n");
    cr_assert_str_eq(listing(), "link.pgn target.pgn");
}

Test(outfile, a_device_is_written_in_place)
{
    outfile *f = outfile_open("/dev/null", "test");
    cr_assert_not_null(f);
    cr_assert(outfile_write(f, "x", 1));
    cr_assert(outfile_close(f, true));
    struct stat sb;
    cr_assert_eq(stat("/dev/null", &sb), 0);
    cr_assert(S_ISCHR(sb.st_mode), "/dev/null is still a device");
}

Test(outfile, a_full_device_is_a_reported_write_error)
{
    outfile *f = outfile_open("/dev/full", "test");
    cr_assert_not_null(f);
    cr_assert_str_eq(outfile_name(f), "/dev/full");
    outfile_write(f, "game\n", 5);
    cr_assert_not(outfile_close(f, true));
    fflush(stderr);
    cr_assert_stderr_eq_str("test: cannot write /dev/full: No space left on device\n");
}

Test(outfile, a_missing_directory_is_reported_at_open)
{
    cr_assert_null(outfile_open(path_in_dir("no/such/dir/out.pgn"), "test"));
    fflush(stderr);
    char expected[512];
    snprintf(expected, sizeof expected, "test: cannot write %s: No such file or directory\n",
             path_in_dir("no/such/dir/out.pgn"));
    cr_assert_stderr_eq_str(expected);
}

Test(outfile, standard_output_for_dash_and_null)
{
    outfile *f = outfile_open("-", "test");
    cr_assert_eq(outfile_stream(f), stdout);
    cr_assert_str_eq(outfile_name(f), "standard output");
    cr_assert(outfile_close(f, true));
    f = outfile_open(NULL, "test");
    cr_assert_eq(outfile_stream(f), stdout);
    cr_assert(outfile_close(f, false));
    cr_assert_str_eq(listing(), "");
}

Test(outfile, a_write_error_on_a_file_leaves_nothing_behind)
{
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        /* a file size limit with SIGXFSZ ignored: writes fail with EFBIG, as
         * on a full disk */
        signal(SIGXFSZ, SIG_IGN);
        struct rlimit small = {1024, 1024};
        if (setrlimit(RLIMIT_FSIZE, &small) != 0)
            _exit(3);
        outfile *f = outfile_open(path_in_dir("out.pgn"), "test");
        if (!f)
            _exit(3);
        char block[8192];
        memset(block, 'x', sizeof block);
        outfile_write(f, block, sizeof block);
        _exit(outfile_close(f, true) ? 0 : 2);
    }
    int status;
    cr_assert_eq(waitpid(pid, &status, 0), pid);
    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 2, "close reports the failure (status %#x)", status);
    cr_assert_str_eq(listing(), "", "neither the file nor its temporary remains");
}

/* A child opens two outputs, writes, and is ended by `sig` before closing. */
static void interrupted_by(int sig)
{
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        outfile *a = outfile_open(path_in_dir("out.pgn"), "test");
        outfile *b = outfile_open(path_in_dir("rejects.pgn"), "test");
        if (!a || !b)
            _exit(3);
        outfile_write(a, "half a game", 11);
        outfile_write(b, "half a game", 11);
        fflush(outfile_stream(a));
        raise(sig);
        _exit(4);   /* not reached: the signal ends the process */
    }
    int status;
    cr_assert_eq(waitpid(pid, &status, 0), pid);
    cr_assert(WIFSIGNALED(status), "ended by the signal (status %#x)", status);
    cr_assert_eq(WTERMSIG(status), sig, "the exit status still names signal %d", sig);
    cr_assert_str_eq(listing(), "", "no output and no temporary file left");
}

Test(outfile, sigint_leaves_no_file)
{
    interrupted_by(SIGINT);
}

Test(outfile, sigterm_leaves_no_file)
{
    interrupted_by(SIGTERM);
}

Test(outfile, sighup_leaves_no_file)
{
    interrupted_by(SIGHUP);
}

Test(outfile, sigpipe_leaves_no_file)
{
    interrupted_by(SIGPIPE);
}

Test(outfile, an_ignored_signal_stays_ignored)
{
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        signal(SIGHUP, SIG_IGN);   /* as under nohup */
        outfile *f = outfile_open(path_in_dir("out.pgn"), "test");
        if (!f)
            _exit(3);
        outfile_write(f, "game\n", 5);
        raise(SIGHUP);
        _exit(outfile_close(f, true) ? 0 : 2);
    }
    int status;
    cr_assert_eq(waitpid(pid, &status, 0), pid);
    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "status %#x", status);
    cr_assert_str_eq(listing(), "out.pgn");
}
