/* datadir.c — data directory lookup (see datadir.h). */
#define _GNU_SOURCE /* dladdr */
#include "datadir.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool try_dir(const char *root, const char *sub, char *out, size_t size)
{
    int n = snprintf(out, size, "%s/%s", root, sub);
    return n > 0 && (size_t)n < size && is_dir(out);
}

bool arb_data_find(const char *sub, char *out, size_t size)
{
    const char *env = getenv("ARBITER_DATA");
    if (env && *env && try_dir(env, sub, out, size))
        return true;

    /* a shared library installed under PREFIX/lib finds PREFIX/share/arbiter
     * wherever PREFIX is, even when the program using it lives elsewhere */
    Dl_info self;
    if (dladdr((void *)arb_data_find, &self) && self.dli_fname && strchr(self.dli_fname, '/')) {
        char lib[4096];
        int n = snprintf(lib, sizeof lib, "%s", self.dli_fname);
        char *slash = n > 0 && (size_t)n < sizeof lib ? strrchr(lib, '/') : NULL;
        if (slash) {
            *slash = '\0';
            char root[4096 + 32];
            snprintf(root, sizeof root, "%s/../share/arbiter", lib);
            if (try_dir(root, sub, out, size))
                return true;
        }
    }

    char exe[4096];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len > 0) {
        exe[len] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash) {
            *slash = '\0';
            char root[4096 + 32];
            snprintf(root, sizeof root, "%s/../share/arbiter", exe);
            if (try_dir(root, sub, out, size))
                return true;
            /* walk up from the executable's directory: build/bin -> tree */
            for (int up = 1; up <= 4; up++) {
                size_t used = (size_t)snprintf(root, sizeof root, "%s", exe);
                for (int i = 0; i < up && used + 3 < sizeof root; i++)
                    used += (size_t)snprintf(root + used, sizeof root - used, "/..");
                if (try_dir(root, sub, out, size))
                    return true;
            }
        }
    }
    return try_dir(ARB_DATA_DIR, sub, out, size);
}
