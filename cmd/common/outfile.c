/* outfile.c — complete-or-absent output files (see outfile.h). */
#include "outfile.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

struct outfile {
    FILE *fp;
    const char *program;
    char *name;          /* as given, for messages; NULL for standard output */
    char *target;        /* what the rename replaces: the name, or a link's target */
    int slot;            /* temporary file registered for the signal handlers, or -1 */
    bool direct;         /* standard output, or not a regular file: written in place */
    bool failed;         /* a write error was reported */
};

/* ---- temporary files the signal handlers remove -------------------------- */

/* A fixed table: the handlers may only touch static memory.  A tool has one
 * or two outputs; MAX_TEMPS is generous. */
#define MAX_TEMPS 16
static struct {
    volatile sig_atomic_t used;
    char path[PATH_MAX];
} temps[MAX_TEMPS];

static const int caught[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGXFSZ};

static void remove_temps_and_die(int sig)
{
    for (int i = 0; i < MAX_TEMPS; i++)
        if (temps[i].used)
            unlink(temps[i].path);   /* async-signal-safe */
    /* SA_RESETHAND restored the default action; the signal is blocked until
     * this handler returns, then it ends the process as it would have. */
    raise(sig);
}

static void install_handlers(void)
{
    static bool installed;
    if (installed)
        return;
    installed = true;
    for (size_t i = 0; i < sizeof caught / sizeof *caught; i++) {
        struct sigaction old;
        if (sigaction(caught[i], NULL, &old) != 0 || old.sa_handler == SIG_IGN)
            continue;   /* started ignored (nohup, trap ''): keep it so */
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = remove_temps_and_die;
        sa.sa_flags = SA_RESETHAND;
        sigfillset(&sa.sa_mask);
        sigaction(caught[i], &sa, NULL);
    }
}

/* Signals are blocked while the table changes, so a handler never sees half
 * a path. */
static void block_signals(sigset_t *saved)
{
    sigset_t all;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, saved);
}

static void restore_signals(const sigset_t *saved)
{
    sigprocmask(SIG_SETMASK, saved, NULL);
}

/* Creates the temporary file for target and registers it; -1 on failure
 * (errno set), else the descriptor; *slot receives the table index. */
static int create_temp(const char *target, int *slot)
{
    sigset_t saved;
    block_signals(&saved);
    int fd = -1, i = 0;
    while (i < MAX_TEMPS && temps[i].used)
        i++;
    if (i == MAX_TEMPS) {
        errno = EMFILE;
    } else if ((size_t)snprintf(temps[i].path, sizeof temps[i].path, "%s.tmp.XXXXXX", target)
               >= sizeof temps[i].path) {
        errno = ENAMETOOLONG;
    } else if ((fd = mkstemp(temps[i].path)) >= 0) {
        temps[i].used = 1;
        *slot = i;
    }
    restore_signals(&saved);
    return fd;
}

/* Renames (keep) or removes the temporary file and forgets it.  Returns
 * false, with errno, when the rename fails (the file is then removed). */
static bool finish_temp(int slot, const char *target, bool keep)
{
    sigset_t saved;
    block_signals(&saved);
    bool ok = true;
    if (keep && rename(temps[slot].path, target) != 0)
        ok = false;
    int saved_errno = errno;
    if (!keep || !ok)
        unlink(temps[slot].path);
    temps[slot].used = 0;
    restore_signals(&saved);
    errno = saved_errno;
    return ok;
}

/* ---- files --------------------------------------------------------------- */

static void report(const outfile *f, const char *what, const char *name)
{
    fprintf(stderr, "%s: cannot %s %s: %s\n", f->program, what, name, strerror(errno));
}

static void discard(outfile *f)
{
    free(f->name);
    free(f->target);
    free(f);
}

outfile *outfile_open(const char *path, const char *program)
{
    outfile *f = calloc(1, sizeof *f);
    if (!f) {
        fprintf(stderr, "%s: out of memory\n", program);
        return NULL;
    }
    f->program = program;
    f->slot = -1;
    if (!path || strcmp(path, "-") == 0) {
        f->fp = stdout;
        f->direct = true;
        return f;
    }
    if (!(f->name = strdup(path))) {
        fprintf(stderr, "%s: out of memory\n", program);
        discard(f);
        return NULL;
    }
    /* Only a regular file is replaced by rename: a device, a FIFO or a
     * terminal is written in place. */
    struct stat sb;
    if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) {
        if (!(f->fp = fopen(path, "w"))) {
            report(f, "write", path);
            discard(f);
            return NULL;
        }
        f->direct = true;
        return f;
    }
    /* a symbolic link keeps pointing where it did: replace its target */
    f->target = realpath(path, NULL);
    if (!f->target && !(f->target = strdup(path))) {
        fprintf(stderr, "%s: out of memory\n", program);
        discard(f);
        return NULL;
    }
    install_handlers();
    int fd = create_temp(f->target, &f->slot);
    if (fd < 0) {
        report(f, "write", path);
        discard(f);
        return NULL;
    }
    /* mkstemp makes the file private; give it the usual permissions */
    mode_t mask = umask(0);
    umask(mask);
    if (fchmod(fd, 0666 & ~mask) != 0 || !(f->fp = fdopen(fd, "w"))) {
        report(f, "write", path);
        close(fd);
        finish_temp(f->slot, f->target, false);
        discard(f);
        return NULL;
    }
    return f;
}

FILE *outfile_stream(outfile *f)
{
    return f->fp;
}

const char *outfile_name(const outfile *f)
{
    return f->name ? f->name : "standard output";
}

bool outfile_failed(const outfile *f)
{
    return f->failed;
}

static void write_failed(outfile *f)
{
    if (!f->failed)
        report(f, "write", outfile_name(f));
    f->failed = true;
}

bool outfile_flush(outfile *f)
{
    if (!f->failed && (fflush(f->fp) != 0 || ferror(f->fp)))
        write_failed(f);
    return !f->failed;
}

bool outfile_in_place(const outfile *f)
{
    return f->direct;
}

bool outfile_write(outfile *f, const void *data, size_t len)
{
    if (f->failed)
        return false;
    if (len && fwrite(data, 1, len, f->fp) != len)
        write_failed(f);
    return !f->failed;
}

bool outfile_close(outfile *f, bool keep)
{
    if (!f)
        return true;
    if (fflush(f->fp) != 0 || ferror(f->fp))
        write_failed(f);
    if (f->fp != stdout && fclose(f->fp) != 0)
        write_failed(f);
    bool ok = !f->failed;
    if (f->slot >= 0 && !finish_temp(f->slot, f->target, keep && ok)) {
        report(f, "rename the temporary file to", outfile_name(f));
        ok = false;
    }
    discard(f);
    return ok;
}
