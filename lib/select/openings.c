/* openings.c — the opening table, keyed by position (see openings.h). */
#include "openings.h"

#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "datadir.h"
#include "grow.h"
#include "main_line.h"
#include "san.h"

struct arb_openings {
    arb_opening *items;
    size_t count, cap;
    uint32_t *slot;         /* open addressing by key: index + 1, 0 free */
    size_t mask;
    int min_men;            /* fewest men of any table position: the walk stops below */
};

static arb_status fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static arb_status fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    /* the opening table is a data file */
    arb_status st = arb_status_verror(ARB_ERR_DATA, ARB_ERR_DATA, 0, 0, fmt, ap);
    va_end(ap);
    return st;
}

static const arb_opening *find(const arb_openings *t, uint64_t key)
{
    for (size_t i = key & t->mask; t->slot[i]; i = (i + 1) & t->mask)
        if (t->items[t->slot[i] - 1].key == key)
            return &t->items[t->slot[i] - 1];
    return NULL;
}

static bool index_items(arb_openings *t)
{
    size_t size = 1;
    while (size < t->count * 2 + 2)
        size *= 2;
    t->slot = calloc(size, sizeof *t->slot);
    if (!t->slot)
        return false;
    t->mask = size - 1;
    for (size_t k = 0; k < t->count; k++) {
        if (find(t, t->items[k].key))
            continue;   /* the first line to reach a position keeps it */
        size_t i = t->items[k].key & t->mask;
        while (t->slot[i])
            i = (i + 1) & t->mask;
        t->slot[i] = (uint32_t)k + 1;
    }
    return true;
}

static bool eco_ok(const char *s, size_t len)
{
    return len == 3 && s[0] >= 'A' && s[0] <= 'E' && s[1] >= '0' && s[1] <= '9' && s[2] >= '0'
           && s[2] <= '9';
}

/* One line "ECO<tab>name<tab>moves" of file `path`, number `lineno`. */
static arb_status add_line(arb_openings *t, const char *path, int lineno, char *line)
{
    char *tab1 = strchr(line, '\t');
    char *tab2 = tab1 ? strchr(tab1 + 1, '\t') : NULL;
    if (!tab2)
        return fail("%s:%d:1: expected ECO, name and moves separated by tabs", path, lineno);
    if (!eco_ok(line, (size_t)(tab1 - line)))
        return fail("%s:%d:1: \"%.*s\" is not an ECO code, expected A00 to E99", path, lineno,
                    (int)(tab1 - line) & 63, line);
    if (tab2 == tab1 + 1)
        return fail("%s:%d:5: the opening has no name, expected one before the moves", path, lineno);
    arb_position pos[2];
    int cur = 0;
    arb_position_startpos(&pos[0]);
    unsigned plies = 0;
    for (char *c = tab2 + 1; *c;) {
        while (*c == ' ')
            c++;
        char *w = c;
        while (*c && *c != ' ')
            c++;
        size_t len = (size_t)(c - w);
        if (len == 0)
            break;
        size_t digits = strspn(w, "0123456789");
        if (digits > 0 && digits < len && w[digits] == '.')
            continue;   /* a move number */
        arb_move move;
        int rc = arb_san_parse(&pos[cur], w, len, &move, NULL);
        if (rc != ARB_SAN_OK)
            return fail("%s:%d:%d: %.*s: %s, expected a legal move in SAN", path, lineno,
                        (int)(w - line) + 1, (int)len & 63, w, arb_san_error_text(rc));
        arb_position_make(&pos[cur], move, &pos[cur ^ 1]);
        cur ^= 1;
        plies++;
    }
    if (plies == 0)
        return fail("%s:%d:%d: the opening has no moves, expected SAN moves after the name", path,
                    lineno, (int)(tab2 - line) + 2);
    if (!arb_grow(&t->items, &t->cap, t->count + 1, sizeof *t->items))
        return fail("out of memory");
    arb_opening *o = &t->items[t->count];
    char *name = strndup(tab1 + 1, (size_t)(tab2 - tab1 - 1));
    if (!name)
        return fail("out of memory");
    memcpy(o->eco, line, 3);
    o->eco[3] = '\0';
    o->name = name;
    o->plies = plies;
    o->key = pos[cur].key;
    t->count++;
    /* men never come back, so a game with fewer than the table's fewest can
     * reach no table position any more */
    int men = __builtin_popcountll(arb_occupied(&pos[cur]));
    if (men < t->min_men)
        t->min_men = men;
    return (arb_status){0};
}

static arb_status load_file(arb_openings *t, const char *path)
{
    FILE *fp = fopen(path, "r");
    if (!fp)
        return fail("%s: cannot open the opening table", path);
    arb_status st = {0};
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    int lineno = 0;
    while (!st.code && (len = getline(&line, &cap, fp)) >= 0) {
        lineno++;
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        if (len == 0 || (lineno == 1 && strncmp(line, "eco\t", 4) == 0))
            continue;   /* the header, blank lines */
        st = add_line(t, path, lineno, line);
    }
    free(line);
    fclose(fp);
    return st;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

arb_status arb_openings_load(const char *dir, arb_openings **out)
{
    *out = NULL;
    char found[4096];
    if (!dir) {
        if (!arb_data_find("lib/select/openings", found, sizeof found)
            && !arb_data_find("openings", found, sizeof found))
            return fail("no opening table found, expected lib/select/openings or openings under "
                        "$ARBITER_DATA, the source tree or %s", ARB_DATA_DIR);
        dir = found;
    }
    DIR *dh = opendir(dir);
    if (!dh)
        return fail("%.150s: cannot open the opening table's directory", dir);
    char **names = NULL;
    size_t count = 0;
    arb_status st = {0};
    for (struct dirent *e; (e = readdir(dh));) {
        size_t n = strlen(e->d_name);
        if (n < 5 || e->d_name[0] == '.' || strcmp(e->d_name + n - 4, ".tsv") != 0)
            continue;
        char **grown = realloc(names, (count + 1) * sizeof *grown);
        if (grown)
            names = grown;
        if (!grown || !(names[count] = strdup(e->d_name))) {
            st = fail("out of memory");
            break;
        }
        count++;
    }
    closedir(dh);
    if (names)
        qsort(names, count, sizeof *names, by_name);
    arb_openings *t = calloc(1, sizeof *t);
    if (!st.code && !t)
        st = fail("out of memory");
    if (t)
        t->min_men = 32;
    for (size_t i = 0; i < count && !st.code; i++) {
        char path[4400];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        st = load_file(t, path);
    }
    for (size_t i = 0; i < count; i++)
        free(names[i]);
    free(names);
    if (!st.code && t->count == 0)
        st = fail("%.150s: no opening in the table, expected *.tsv files of ECO, name and moves", dir);
    if (!st.code && !index_items(t))
        st = fail("out of memory");
    if (st.code) {
        arb_openings_free(t);
        return st;
    }
    *out = t;
    return st;
}

void arb_openings_free(arb_openings *t)
{
    if (!t)
        return;
    for (size_t k = 0; k < t->count; k++)
        free((char *)t->items[k].name);
    free(t->items);
    free(t->slot);
    free(t);
}

size_t arb_openings_count(const arb_openings *t)
{
    return t->count;
}

const arb_opening *arb_openings_classify(const arb_openings *t, const arb_pgn_game *g, size_t *ply)
{
    arb_position pos[2];
    int cur = 0;
    pos[0] = g->start;
    const arb_opening *best = find(t, pos[0].key);
    size_t best_ply = 0, plies = 0;
    arb_main_line w;
    arb_main_line_start(&w, g);
    for (const arb_pgn_item *it; (it = arb_main_line_next(&w));) {
        if (it->move == ARB_MOVE_NULL || __builtin_popcountll(arb_occupied(&pos[cur])) < t->min_men)
            break;
        arb_position_make(&pos[cur], it->move, &pos[cur ^ 1]);
        cur ^= 1;
        plies++;
        const arb_opening *o = find(t, pos[cur].key);
        if (o) {
            best = o;
            best_ply = plies;
        }
    }
    if (ply)
        *ply = best_ply;
    return best;
}

/* "C", "C4", "C45" -> the first and last codes they cover */
static bool eco_end(const char *s, size_t len, int *lo, int *hi)
{
    if (len < 1 || len > 3 || s[0] < 'A' || s[0] > 'E')
        return false;
    for (size_t i = 1; i < len; i++)
        if (s[i] < '0' || s[i] > '9')
            return false;
    int base = (s[0] - 'A') * 100;
    if (len == 1) {
        *lo = base;
        *hi = base + 99;
    } else if (len == 2) {
        *lo = base + (s[1] - '0') * 10;
        *hi = *lo + 9;
    } else {
        *lo = *hi = base + (s[1] - '0') * 10 + (s[2] - '0');
    }
    return true;
}

bool arb_eco_range_parse(const char *text, arb_eco_range *range)
{
    const char *dash = strchr(text, '-');
    int lo, hi, lo2, hi2;
    if (!dash)
        return eco_end(text, strlen(text), &range->from, &range->to);
    if (!eco_end(text, (size_t)(dash - text), &lo, &hi) || !eco_end(dash + 1, strlen(dash + 1), &lo2, &hi2)
        || lo2 < lo)
        return false;
    range->from = lo;
    range->to = hi2;
    return true;
}

bool arb_eco_in_range(const char *eco, const arb_eco_range *range)
{
    int lo, hi;
    if (!eco || !eco_end(eco, strlen(eco), &lo, &hi) || lo != hi)
        return false;
    return lo >= range->from && lo <= range->to;
}
