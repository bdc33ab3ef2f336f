/* yaml_doc.h — small helpers over libyaml's document API for the data files
 * that are plain mappings of scalars (rule profiles, event regulations).
 *
 * Every failure becomes an arb_status whose message is the complete text
 * "path:line:col: what, expected what"; the first failure is kept and later
 * calls do nothing, so a loader can check once at the end.
 *
 * Ownership: arb_yaml_doc owns the parsed document; node pointers and scalar
 * strings are valid until arb_yaml_doc_free.
 */
#ifndef ARB_YAML_DOC_H
#define ARB_YAML_DOC_H

#include <stdbool.h>
#include <stddef.h>
#include <yaml.h>

#include "status.h"

typedef struct arb_yaml_doc {
    const char *path;       /* for messages */
    yaml_document_t doc;
    bool loaded;
    arb_status st;          /* code != 0 after the first failure */
} arb_yaml_doc;

/* Parses text; on failure st holds the position of the syntax error.  Every
 * failure of a document has st.code 1. */
bool arb_yaml_doc_parse(arb_yaml_doc *d, const char *text, size_t len, const char *path);
void arb_yaml_doc_free(arb_yaml_doc *d);

/* The document's top node, which must be a mapping. */
yaml_node_t *arb_yaml_root(arb_yaml_doc *d);

/* Records a failure at node (line and column from the node). Returns false. */
bool arb_yaml_fail(arb_yaml_doc *d, const yaml_node_t *node, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Iterates over a mapping: *key / *value get the i-th pair; false at the end
 * or when node is not a mapping of scalar keys (a failure is recorded). */
bool arb_yaml_pair(arb_yaml_doc *d, yaml_node_t *map, size_t i, const char **key,
                   yaml_node_t **key_node, yaml_node_t **value);

/* Scalar readers; each records "key: expected ..." on a wrong shape. */
bool arb_yaml_string(arb_yaml_doc *d, const yaml_node_t *node, const char *key, char *out, size_t size);
bool arb_yaml_int(arb_yaml_doc *d, const yaml_node_t *node, const char *key, int min, int max, int *out);
bool arb_yaml_bool(arb_yaml_doc *d, const yaml_node_t *node, const char *key, bool *out);
/* The scalar's text, or NULL (and a failure) when node is not a scalar. */
const char *arb_yaml_scalar(arb_yaml_doc *d, const yaml_node_t *node, const char *key);
yaml_node_t *arb_yaml_node(arb_yaml_doc *d, int index);

/* Reads a whole file (data files are small: at most `limit` bytes) into a
 * malloc'ed NUL-terminated buffer; NULL with st set on failure. */
char *arb_yaml_read_file(const char *path, size_t limit, size_t *len, arb_status *st);

#endif
