/* event.c — event regulations (`pgnlint --event FILE`), see profile.h.
 *
 *   event: "Open Internațional Timișoara 2024"
 *   laws: fide-2023            # edition in force (a profile name)
 *   time-control: standard     # standard, rapid or blitz
 *   draw-offers:
 *     allowed: true            # false: no offers or agreements without the arbiter (9.1.1)
 *     min-move: 30             # none before this move number (9.1.1)
 *   required-tags: [WhiteElo, BlackElo]
 */
#include "profile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "yaml_doc.h"

#define EVENT_FILE_LIMIT (64 * 1024)

void arb_event_init(arb_event *e)
{
    memset(e, 0, sizeof *e);
    e->time_class = -1;
    e->draw_offers_allowed = true;
}

static bool read_draw_offers(arb_yaml_doc *d, yaml_node_t *map, arb_event *e)
{
    const char *key;
    yaml_node_t *kn, *value;
    for (size_t i = 0; arb_yaml_pair(d, map, i, &key, &kn, &value); i++) {
        bool ok;
        if (strcmp(key, "allowed") == 0)
            ok = arb_yaml_bool(d, value, key, &e->draw_offers_allowed);
        else if (strcmp(key, "min-move") == 0)
            ok = arb_yaml_int(d, value, key, 0, 10000, &e->draw_min_move);
        else
            ok = arb_yaml_fail(d, kn, "draw-offers: unknown key '%.40s', expected allowed or min-move", key);
        if (!ok)
            return false;
    }
    return !d->st.code;
}

static bool read_tags(arb_yaml_doc *d, yaml_node_t *node, arb_event *e)
{
    if (node->type != YAML_SEQUENCE_NODE)
        return arb_yaml_fail(d, node, "required-tags: expected a list of tag names");
    for (yaml_node_item_t *it = node->data.sequence.items.start; it < node->data.sequence.items.top; it++) {
        if (e->required_tag_count == ARB_EVENT_MAX_TAGS)
            return arb_yaml_fail(d, node, "required-tags: expected at most %d names", ARB_EVENT_MAX_TAGS);
        yaml_node_t *item = arb_yaml_node(d, *it);
        char *name = e->required_tags[e->required_tag_count];
        if (!arb_yaml_string(d, item, "required-tags", name, sizeof e->required_tags[0]))
            return false;
        for (const char *c = name; *c; c++)
            if (!((*c >= 'A' && *c <= 'Z') || (*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') ||
                  *c == '_'))
                return arb_yaml_fail(d, item, "required-tags: '%.40s', expected a PGN tag name "
                                              "(letters, digits, _)", name);
        e->required_tag_count++;
    }
    return true;
}

arb_status arb_event_parse(const char *yaml, size_t len, const char *name, arb_event *out)
{
    arb_event_init(out);
    arb_yaml_doc d;
    if (arb_yaml_doc_parse(&d, yaml, len, name)) {
        yaml_node_t *root = arb_yaml_root(&d);
        const char *key;
        yaml_node_t *kn, *value;
        for (size_t i = 0; root && arb_yaml_pair(&d, root, i, &key, &kn, &value); i++) {
            bool ok;
            if (strcmp(key, "event") == 0) {
                ok = arb_yaml_string(&d, value, key, out->name, sizeof out->name);
            } else if (strcmp(key, "laws") == 0) {
                ok = arb_yaml_string(&d, value, key, out->laws, sizeof out->laws);
            } else if (strcmp(key, "time-control") == 0) {
                const char *s = arb_yaml_scalar(&d, value, key);
                ok = s && (out->time_class = arb_time_class_parse(s)) >= 0;
                if (s && !ok)
                    arb_yaml_fail(&d, value, "time-control: '%.40s', expected standard, rapid or blitz", s);
            } else if (strcmp(key, "draw-offers") == 0) {
                ok = read_draw_offers(&d, value, out);
            } else if (strcmp(key, "required-tags") == 0) {
                ok = read_tags(&d, value, out);
            } else {
                ok = arb_yaml_fail(&d, kn, "unknown key '%.40s', expected event, laws, time-control, "
                                           "draw-offers or required-tags", key);
            }
            if (!ok)
                break;
        }
    }
    arb_yaml_doc_free(&d);
    return d.st;
}

arb_status arb_event_load(const char *path, arb_event *out)
{
    arb_status st;
    size_t len;
    arb_event_init(out);
    char *text = arb_yaml_read_file(path, EVENT_FILE_LIMIT, &len, &st);
    if (!text)
        return st;
    st = arb_event_parse(text, len, path, out);
    free(text);
    return st;
}
