/* yaml_doc.c — libyaml document helpers for small data files. */
#include "yaml_doc.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static void set_message(arb_status *st, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void set_message(arb_status *st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(st->message, sizeof st->message, fmt, ap);
    va_end(ap);
}

/* yaml_doc has no error enum of its own: the code repeats the class. */
static void set_class(arb_status *st, int error_class)
{
    st->code = error_class;
    st->error_class = error_class;
}

bool arb_yaml_doc_parse(arb_yaml_doc *d, const char *text, size_t len, const char *path)
{
    memset(d, 0, sizeof *d);
    d->path = path;
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser)) {
        set_class(&d->st, ARB_ERR_MEMORY);
        set_message(&d->st, "%s: out of memory", path);
        return false;
    }
    yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
    if (!yaml_parser_load(&parser, &d->doc)) {
        set_class(&d->st, ARB_ERR_DATA);
        d->st.line = (int)parser.problem_mark.line + 1;
        d->st.col = (int)parser.problem_mark.column + 1;
        set_message(&d->st, "%.120s:%d:%d: %.60s, expected well-formed YAML",
                 path, d->st.line, d->st.col, parser.problem ? parser.problem : "syntax error");
        yaml_parser_delete(&parser);
        return false;
    }
    yaml_parser_delete(&parser);
    d->loaded = true;
    return true;
}

void arb_yaml_doc_free(arb_yaml_doc *d)
{
    if (d->loaded)
        yaml_document_delete(&d->doc);
    d->loaded = false;
}

bool arb_yaml_fail(arb_yaml_doc *d, const yaml_node_t *node, const char *fmt, ...)
{
    if (d->st.code)
        return false;
    char what[150];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    set_class(&d->st, ARB_ERR_DATA);
    d->st.line = node ? (int)node->start_mark.line + 1 : 0;
    d->st.col = node ? (int)node->start_mark.column + 1 : 0;
    set_message(&d->st, "%.40s:%d:%d: %s", d->path, d->st.line, d->st.col,
             what);
    return false;
}

yaml_node_t *arb_yaml_node(arb_yaml_doc *d, int index)
{
    return yaml_document_get_node(&d->doc, index);
}

yaml_node_t *arb_yaml_root(arb_yaml_doc *d)
{
    yaml_node_t *root = yaml_document_get_root_node(&d->doc);
    if (!root) {
        set_class(&d->st, ARB_ERR_DATA);
        set_message(&d->st, "%.120s:1:1: empty file, expected a mapping",
                 d->path);
        return NULL;
    }
    if (root->type != YAML_MAPPING_NODE) {
        arb_yaml_fail(d, root, "expected a mapping (key: value lines)");
        return NULL;
    }
    return root;
}

bool arb_yaml_pair(arb_yaml_doc *d, yaml_node_t *map, size_t i, const char **key,
                   yaml_node_t **key_node, yaml_node_t **value)
{
    if (d->st.code)
        return false;
    if (map->type != YAML_MAPPING_NODE)
        return arb_yaml_fail(d, map, "expected a mapping (key: value lines)");
    yaml_node_pair_t *p = map->data.mapping.pairs.start + i;
    if (p >= map->data.mapping.pairs.top)
        return false;
    yaml_node_t *k = arb_yaml_node(d, p->key);
    if (!k || k->type != YAML_SCALAR_NODE)
        return arb_yaml_fail(d, k ? k : map, "expected a plain key");
    /* a key given twice would silently override the first */
    for (yaml_node_pair_t *q = map->data.mapping.pairs.start; q < p; q++) {
        yaml_node_t *earlier = arb_yaml_node(d, q->key);
        if (earlier && earlier->type == YAML_SCALAR_NODE &&
            strcmp((const char *)earlier->data.scalar.value, (const char *)k->data.scalar.value) == 0)
            return arb_yaml_fail(d, k, "%s given twice, expected each key once",
                                 (const char *)k->data.scalar.value);
    }
    *key = (const char *)k->data.scalar.value;
    *key_node = k;
    *value = arb_yaml_node(d, p->value);
    return *value != NULL;
}

const char *arb_yaml_scalar(arb_yaml_doc *d, const yaml_node_t *node, const char *key)
{
    if (node->type != YAML_SCALAR_NODE) {
        arb_yaml_fail(d, node, "%s: expected a single value", key);
        return NULL;
    }
    return (const char *)node->data.scalar.value;
}

bool arb_yaml_string(arb_yaml_doc *d, const yaml_node_t *node, const char *key, char *out, size_t size)
{
    const char *s = arb_yaml_scalar(d, node, key);
    if (!s)
        return false;
    if (strlen(s) >= size)
        return arb_yaml_fail(d, node, "%s: too long, expected at most %zu bytes", key, size - 1);
    memcpy(out, s, strlen(s) + 1);
    return true;
}

bool arb_yaml_int(arb_yaml_doc *d, const yaml_node_t *node, const char *key, int min, int max, int *out)
{
    const char *s = arb_yaml_scalar(d, node, key);
    if (!s)
        return false;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (!*s || *end || errno || v < min || v > max)
        return arb_yaml_fail(d, node, "%s: '%.40s', expected a whole number from %d to %d", key, s, min,
                             max);
    *out = (int)v;
    return true;
}

bool arb_yaml_bool(arb_yaml_doc *d, const yaml_node_t *node, const char *key, bool *out)
{
    const char *s = arb_yaml_scalar(d, node, key);
    if (!s)
        return false;
    if (strcasecmp(s, "true") == 0 || strcasecmp(s, "yes") == 0) {
        *out = true;
        return true;
    }
    if (strcasecmp(s, "false") == 0 || strcasecmp(s, "no") == 0) {
        *out = false;
        return true;
    }
    return arb_yaml_fail(d, node, "%s: '%.40s', expected true or false", key, s);
}

char *arb_yaml_read_file(const char *path, size_t limit, size_t *len, arb_status *st)
{
    memset(st, 0, sizeof *st);
    FILE *f = fopen(path, "rb");
    if (!f) {
        set_class(st, ARB_ERR_IO);
        set_message(st, "%.150s: %s", path, strerror(errno));
        return NULL;
    }
    char *buf = malloc(limit + 1);
    size_t n = buf ? fread(buf, 1, limit + 1, f) : 0;
    bool too_big = n > limit, failed = !buf || ferror(f);
    fclose(f);
    if (failed || too_big) {
        free(buf);
        set_class(st, too_big ? ARB_ERR_DATA : !buf ? ARB_ERR_MEMORY : ARB_ERR_IO);
        set_message(st, "%.150s: %s", path,
                 too_big ? "file too large for a data file" : "cannot read the file");
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}
