/* progress.c — see progress.h. */
#include "progress.h"

#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* true when some input is large or of unknown size (stdin, a pipe) */
static bool large_input(char **paths, int count)
{
    uint64_t total = 0;
    if (count == 0)
        return true;
    for (int i = 0; i < count; i++) {
        struct stat st;
        if (!paths[i] || strcmp(paths[i], "-") == 0 || stat(paths[i], &st) != 0 || !S_ISREG(st.st_mode))
            return true;
        total += (uint64_t)st.st_size;
    }
    return total >= PROGRESS_MIN_BYTES;
}

void progress_init(progress *p, const char *tool, enum progress_mode mode, char **paths, int count)
{
    memset(p, 0, sizeof *p);
    p->tool = tool;
    p->out = stderr;
    p->enabled = mode == PROGRESS_ALWAYS ||
                 (mode == PROGRESS_AUTO && isatty(STDERR_FILENO) && !isatty(STDOUT_FILENO) &&
                  large_input(paths, count));
    p->started = p->last = now();
}

static void with_thousands(char *buf, size_t size, uint64_t n)
{
    char digits[32];
    int len = snprintf(digits, sizeof digits, "%llu", (unsigned long long)n);
    size_t o = 0;
    for (int i = 0; i < len && o + 2 < size; i++) {
        if (i && (len - i) % 3 == 0)
            buf[o++] = ',';
        buf[o++] = digits[i];
    }
    buf[o] = '\0';
}

size_t progress_format(char *buf, size_t size, uint64_t games, uint64_t bytes, double seconds)
{
    char count[40];
    with_thousands(count, sizeof count, games);
    double mb = (double)bytes / 1e6;
    int n = snprintf(buf, size, "%s game%s, %.1f MB, %.1f MB/s", count, games == 1 ? "" : "s", mb,
                     seconds > 0 ? mb / seconds : 0.0);
    return n < 0 ? 0 : (size_t)n;
}

void progress_update(progress *p, uint64_t games, uint64_t file_bytes)
{
    if (!p->enabled)
        return;
    double t = now();
    if (t - p->last < 0.25)
        return;
    p->last = t;
    char line[160];
    progress_format(line, sizeof line, games, p->base_bytes + file_bytes, t - p->started);
    fprintf(p->out, "\r%s: %s\033[K", p->tool, line);
    fflush(p->out);
    p->shown = true;
}

void progress_next_file(progress *p, uint64_t finished_file_bytes) { p->base_bytes += finished_file_bytes; }

void progress_done(progress *p)
{
    if (p->shown)
        fputs("\r\033[K", p->out);
    p->shown = false;
}
