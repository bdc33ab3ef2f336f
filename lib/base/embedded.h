/* embedded.h — data files compiled into the library at build time
 * (lib/gen/gen_embed.c writes the arrays), so it works where its data
 * directory cannot be found.
 *
 * Ownership and threads: constant data, shared freely.
 */
#ifndef ARB_EMBEDDED_H
#define ARB_EMBEDDED_H

#include <stddef.h>

typedef struct arb_embedded_file {
    const char *name;    /* base name, "fide-2023.yaml" */
    const char *text;    /* the file's bytes, NUL-terminated */
    size_t len;
} arb_embedded_file;

#endif
