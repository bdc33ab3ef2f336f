/* profile.c — loading editions of the Laws (lib/laws/profiles/<name>.yaml) and
 * choosing one for a game. */
#include "profile.h"

#include <ctype.h>
#include <stdarg.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "datadir.h"
#include "embedded.h"
#include "yaml_doc.h"

#define PROFILE_FILE_LIMIT (256 * 1024)

/* vsnprintf, so that a long path is cut rather than warned about */
/* The editions of lib/laws/profiles compiled in (generated at build time). */
extern const arb_embedded_file arb_builtin_profiles[];
extern const size_t arb_builtin_profiles_count;

/* profile.c has no error enum of its own: the code repeats the class. */
static arb_status profile_error(int error_class, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static arb_status profile_error(int error_class, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    arb_status st = arb_status_verror(error_class, error_class, 0, 0, fmt, ap);
    va_end(ap);
    return st;
}

static const char *const class_names[ARB_CLASS_COUNT] = {"standard", "rapid", "blitz"};

static const char *const article_keys[ARB_ART_COUNT] = {
    [ARB_ART_ILLEGAL_MOVE] = "illegal-move",
    [ARB_ART_ILLEGAL_PENALTY] = "illegal-move-penalty",
    [ARB_ART_AMBIGUOUS_MOVE] = "ambiguous-move",
    [ARB_ART_BAD_TOKEN] = "bad-token",
    [ARB_ART_CHECKMATE] = "checkmate",
    [ARB_ART_STALEMATE] = "stalemate",
    [ARB_ART_DEAD_POSITION] = "dead-position",
    [ARB_ART_FIVEFOLD] = "fivefold",
    [ARB_ART_SEVENTY_FIVE] = "seventy-five",
    [ARB_ART_THREEFOLD_BY_MOVE] = "threefold-by-move",
    [ARB_ART_THREEFOLD_NOW] = "threefold-now",
    [ARB_ART_SAME_POSITION] = "same-position",
    [ARB_ART_FIFTY_BY_MOVE] = "fifty-by-move",
    [ARB_ART_FIFTY_NOW] = "fifty-now",
    [ARB_ART_AGREEMENT] = "agreement",
    [ARB_ART_DRAW_OFFER] = "draw-offer",
    [ARB_ART_EVENT_DRAWS] = "event-draws",
    [ARB_ART_RESULT] = "result",
    [ARB_ART_RESULT_MARKER] = "result-marker",
    [ARB_ART_FLAG_FALL] = "flag-fall",
    [ARB_ART_FEN] = "fen",
    [ARB_ART_CHESS960_START] = "chess960-start",
    [ARB_ART_CASTLING_960] = "castling-960",
    [ARB_ART_TAGS] = "tags",
};

const char *arb_time_class_name(int time_class)
{
    return time_class >= 0 && time_class < ARB_CLASS_COUNT ? class_names[time_class] : NULL;
}

int arb_time_class_parse(const char *name)
{
    for (int i = 0; i < ARB_CLASS_COUNT; i++)
        if (strcmp(name, class_names[i]) == 0)
            return i;
    return -1;
}

const char *arb_article_key(int article)
{
    return article >= 0 && article < ARB_ART_COUNT ? article_keys[article] : NULL;
}

/* ---- one section -------------------------------------------------------- */

static bool read_articles(arb_yaml_doc *d, yaml_node_t *map, arb_rules *rules)
{
    const char *key;
    yaml_node_t *kn, *value;
    for (size_t i = 0; arb_yaml_pair(d, map, i, &key, &kn, &value); i++) {
        int a = 0;
        while (a < ARB_ART_COUNT && strcmp(article_keys[a], key) != 0)
            a++;
        if (a == ARB_ART_COUNT)
            return arb_yaml_fail(d, kn, "articles: unknown fact '%.40s', expected one of illegal-move, "
                                        "checkmate, threefold-now, ... (see lib/laws/profiles/README.md)", key);
        if (!arb_yaml_string(d, value, key, rules->articles[a], sizeof rules->articles[a]))
            return false;
    }
    return !d->st.code;
}

static bool read_automatic(arb_yaml_doc *d, yaml_node_t *map, arb_rules *rules)
{
    const char *key;
    yaml_node_t *kn, *value;
    for (size_t i = 0; arb_yaml_pair(d, map, i, &key, &kn, &value); i++) {
        if (strcmp(key, "fivefold") == 0) {
            const char *s = arb_yaml_scalar(d, value, key);
            if (!s)
                return false;
            if (strcmp(s, "none") == 0)
                rules->fivefold = ARB_FIVEFOLD_NONE;
            else if (strcmp(s, "consecutive") == 0)
                rules->fivefold = ARB_FIVEFOLD_CONSECUTIVE;
            else if (strcmp(s, "any") == 0)
                rules->fivefold = ARB_FIVEFOLD_ANY;
            else
                return arb_yaml_fail(d, value, "fivefold: '%.40s', expected none, consecutive or any", s);
        } else if (strcmp(key, "seventy-five") == 0) {
            if (!arb_yaml_bool(d, value, key, &rules->seventy_five))
                return false;
        } else {
            return arb_yaml_fail(d, kn, "automatic-draws: unknown key '%.40s', expected fivefold or "
                                        "seventy-five", key);
        }
    }
    return !d->st.code;
}

static bool read_illegal(arb_yaml_doc *d, yaml_node_t *map, arb_rules *rules)
{
    const char *key;
    yaml_node_t *kn, *value;
    for (size_t i = 0; arb_yaml_pair(d, map, i, &key, &kn, &value); i++) {
        if (strcmp(key, "loses-after") == 0) {
            if (!arb_yaml_int(d, value, key, 0, 100, &rules->illegal_moves_to_lose))
                return false;
        } else if (strcmp(key, "penalty-minutes") == 0) {
            if (!arb_yaml_int(d, value, key, 0, 60, &rules->illegal_penalty_minutes))
                return false;
        } else {
            return arb_yaml_fail(d, kn, "illegal-moves: unknown key '%.40s', expected loses-after or "
                                        "penalty-minutes", key);
        }
    }
    return !d->st.code;
}

static bool read_section(arb_yaml_doc *d, yaml_node_t *map, arb_rules *rules)
{
    const char *key;
    yaml_node_t *kn, *value;
    for (size_t i = 0; arb_yaml_pair(d, map, i, &key, &kn, &value); i++) {
        bool ok;
        if (strcmp(key, "automatic-draws") == 0)
            ok = read_automatic(d, value, rules);
        else if (strcmp(key, "agreement-min-moves") == 0)
            ok = arb_yaml_int(d, value, key, 0, 1000, &rules->agreement_min_moves);
        else if (strcmp(key, "illegal-moves") == 0)
            ok = read_illegal(d, value, rules);
        else if (strcmp(key, "articles") == 0)
            ok = read_articles(d, value, rules);
        else
            ok = arb_yaml_fail(d, kn, "unknown key '%.40s', expected automatic-draws, "
                                      "agreement-min-moves, illegal-moves or articles", key);
        if (!ok)
            return false;
    }
    return !d->st.code;
}

/* ---- one file ------------------------------------------------------------ */

static bool valid_date(const char *s)
{
    return strlen(s) == 10 && isdigit((unsigned char)s[0]) && isdigit((unsigned char)s[1]) &&
           isdigit((unsigned char)s[2]) && isdigit((unsigned char)s[3]) && s[4] == '-' &&
           isdigit((unsigned char)s[5]) && isdigit((unsigned char)s[6]) && s[7] == '-' &&
           isdigit((unsigned char)s[8]) && isdigit((unsigned char)s[9]);
}

static bool read_profile(arb_yaml_doc *d, arb_profile *p)
{
    yaml_node_t *root = arb_yaml_root(d);
    if (!root)
        return false;
    yaml_node_t *sections[ARB_CLASS_COUNT] = {NULL};
    const char *key;
    yaml_node_t *kn, *value;
    for (size_t i = 0; arb_yaml_pair(d, root, i, &key, &kn, &value); i++) {
        int cls = arb_time_class_parse(key);
        bool ok = true;
        if (cls >= 0) {
            sections[cls] = value;
        } else if (strcmp(key, "name") == 0) {
            ok = arb_yaml_string(d, value, key, p->name, sizeof p->name);
        } else if (strcmp(key, "title") == 0) {
            ok = arb_yaml_string(d, value, key, p->title, sizeof p->title);
        } else if (strcmp(key, "source") == 0) {
            ok = arb_yaml_string(d, value, key, p->source, sizeof p->source);
        } else if (strcmp(key, "effective") == 0) {
            ok = arb_yaml_string(d, value, key, p->effective, sizeof p->effective);
            if (ok && !valid_date(p->effective))
                ok = arb_yaml_fail(d, value, "effective: '%s', expected a date YYYY-MM-DD", p->effective);
        } else if (strcmp(key, "blitz-max-seconds") == 0) {
            ok = arb_yaml_int(d, value, key, 0, 100000, &p->blitz_max);
        } else if (strcmp(key, "rapid-max-seconds") == 0) {
            ok = arb_yaml_int(d, value, key, 0, 100000, &p->rapid_max);
        } else {
            ok = arb_yaml_fail(d, kn, "unknown key '%.40s', expected name, title, effective, source, "
                                      "blitz-max-seconds, rapid-max-seconds, standard, rapid or blitz", key);
        }
        if (!ok)
            return false;
    }
    if (d->st.code)
        return false;
    if (!p->name[0])
        return arb_yaml_fail(d, root, "no name, expected name: fide-YYYY");
    if (!p->effective[0])
        return arb_yaml_fail(d, root, "no effective date, expected effective: YYYY-MM-DD");
    if (!sections[ARB_CLASS_STANDARD])
        return arb_yaml_fail(d, root, "no standard section, expected standard: with the rules");
    /* rapid and blitz state only what differs from standard */
    if (!read_section(d, sections[ARB_CLASS_STANDARD], &p->sections[ARB_CLASS_STANDARD]))
        return false;
    for (int c = ARB_CLASS_RAPID; c < ARB_CLASS_COUNT; c++) {
        p->sections[c] = p->sections[ARB_CLASS_STANDARD];
        if (sections[c] && !read_section(d, sections[c], &p->sections[c]))
            return false;
    }
    return true;
}

arb_status arb_profile_parse(const char *yaml, size_t len, const char *name, arb_profile *out)
{
    memset(out, 0, sizeof *out);
    out->blitz_max = 10 * 60;
    out->rapid_max = 60 * 60 - 1;
    arb_yaml_doc d;
    if (arb_yaml_doc_parse(&d, yaml, len, name))
        read_profile(&d, out);
    arb_yaml_doc_free(&d);
    return d.st;
}

/* ---- the set -------------------------------------------------------------- */

struct arb_profile_set {
    arb_profile *items;
    size_t count;
};

static int by_date(const void *a, const void *b)
{
    const arb_profile *x = a, *y = b;
    int c = strcmp(x->effective, y->effective);
    return c ? c : strcmp(x->name, y->name);
}

static bool has_yaml_suffix(const char *name)
{
    size_t n = strlen(name);
    return n > 5 && strcmp(name + n - 5, ".yaml") == 0 && name[0] != '.';
}

/* Orders the set, refuses a name defined twice; frees the set on failure. */
static arb_status finish_set(arb_profile_set *set, const char *where, arb_profile_set **out)
{
    arb_status st;
    memset(&st, 0, sizeof st);
    if (set->count == 0)
        st = profile_error(ARB_ERR_DATA, "%.150s: no profiles (*.yaml) in the directory", where);
    for (size_t i = 0; i < set->count && !st.code; i++)
        for (size_t j = 0; j < i; j++)
            if (strcmp(set->items[i].name, set->items[j].name) == 0) {
                st = profile_error(ARB_ERR_DATA, "%.150s: profile %s defined twice", where, set->items[i].name);
                break;
            }
    if (st.code) {
        arb_profiles_free(set);
        return st;
    }
    qsort(set->items, set->count, sizeof *set->items, by_date);
    *out = set;
    return st;
}

static arb_profile_set *set_new(size_t capacity)
{
    arb_profile_set *set = calloc(1, sizeof *set);
    if (set && capacity && !(set->items = calloc(capacity, sizeof *set->items))) {
        free(set);
        return NULL;
    }
    return set;
}

arb_status arb_profiles_builtin(arb_profile_set **out)
{
    *out = NULL;
    arb_profile_set *set = set_new(arb_builtin_profiles_count);
    if (!set)
        return profile_error(ARB_ERR_MEMORY, "out of memory");
    for (size_t i = 0; i < arb_builtin_profiles_count; i++) {
        const arb_embedded_file *f = &arb_builtin_profiles[i];
        arb_status st = arb_profile_parse(f->text, f->len, f->name, &set->items[set->count]);
        if (st.code) {
            arb_profiles_free(set);
            return st;
        }
        set->count++;
    }
    return finish_set(set, "built-in profiles", out);
}

arb_status arb_profiles_load(const char *dir, arb_profile_set **out)
{
    arb_status st;
    memset(&st, 0, sizeof st);
    *out = NULL;
    char found[4096];
    if (!dir) {
        if (!arb_data_find("lib/laws/profiles", found, sizeof found) &&
            !arb_data_find("profiles", found, sizeof found))
            return arb_profiles_builtin(out);
        dir = found;
    }
    DIR *dh = opendir(dir);
    if (!dh)
        return profile_error(ARB_ERR_IO, "%.150s: cannot open the profiles directory", dir);
    char **names = NULL;
    size_t count = 0;
    for (struct dirent *e; (e = readdir(dh));) {
        if (!has_yaml_suffix(e->d_name))
            continue;
        char **grown = realloc(names, (count + 1) * sizeof *grown);
        if (!grown || !(grown[count] = strdup(e->d_name))) {
            names = grown ? grown : names;
            st = profile_error(ARB_ERR_MEMORY, "out of memory");
            break;
        }
        names = grown;
        count++;
    }
    closedir(dh);
    arb_profile_set *set = st.code ? NULL : set_new(count);
    if (!set && !st.code)
        st = profile_error(ARB_ERR_MEMORY, "out of memory");
    for (size_t i = 0; i < count && !st.code; i++) {
        char path[4400];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        size_t len;
        char *text = arb_yaml_read_file(path, PROFILE_FILE_LIMIT, &len, &st);
        if (!text)
            break;
        st = arb_profile_parse(text, len, path, &set->items[set->count]);
        free(text);
        if (!st.code)
            set->count++;
    }
    for (size_t i = 0; i < count; i++)
        free(names[i]);
    free(names);
    if (st.code) {
        arb_profiles_free(set);
        return st;
    }
    return finish_set(set, dir, out);
}

void arb_profiles_free(arb_profile_set *set)
{
    if (!set)
        return;
    free(set->items);
    free(set);
}

size_t arb_profiles_count(const arb_profile_set *set)
{
    return set ? set->count : 0;
}

const arb_profile *arb_profiles_at(const arb_profile_set *set, size_t i)
{
    return set && i < set->count ? &set->items[i] : NULL;
}

const arb_profile *arb_profiles_find(const arb_profile_set *set, const char *name)
{
    for (size_t i = 0; set && i < set->count; i++)
        if (strcmp(set->items[i].name, name) == 0)
            return &set->items[i];
    return NULL;
}

/* "2016.05.??" -> "2016-05-01"; false without a year */
static bool normalise_date(const char *date, char out[11])
{
    if (!date || strlen(date) < 4)
        return false;
    for (int i = 0; i < 4; i++)
        if (!isdigit((unsigned char)date[i]))
            return false;
    memcpy(out, date, 4);
    memcpy(out + 4, "-01-01", 7);
    if ((date[4] == '.' || date[4] == '-') && isdigit((unsigned char)date[5]) &&
        isdigit((unsigned char)date[6])) {
        out[5] = date[5];
        out[6] = date[6];
        if ((date[7] == '.' || date[7] == '-') && isdigit((unsigned char)date[8]) &&
            isdigit((unsigned char)date[9])) {
            out[8] = date[8];
            out[9] = date[9];
        }
    }
    return true;
}

const arb_profile *arb_profiles_for_date(const arb_profile_set *set, const char *date)
{
    char day[11];
    if (!set || !normalise_date(date, day))
        return NULL;
    const arb_profile *best = NULL;
    for (size_t i = 0; i < set->count; i++)
        if (strcmp(set->items[i].effective, day) <= 0)
            best = &set->items[i];
    return best;
}

/* PGN standard 9.6.1: "?", "-", "40/9000", "300+2", "4500+60", "*180", and
 * several periods joined by ':'.  The first period decides. */
/* strtol for the digits TimeControl values are made of, without its cost
 * (every game asks); anything else (a sign, space, a long run) is left to
 * strtol itself. */
static long read_long(const char *s, char **end)
{
    long v = 0;
    int n = 0;
    while (s[n] >= '0' && s[n] <= '9' && n < 18)
        v = v * 10 + (s[n++] - '0');
    if (n == 0 || (s[n] >= '0' && s[n] <= '9'))
        return strtol(s, end, 10);
    *end = (char *)(s + n);
    return v;
}

int arb_profile_time_class(const arb_profile *p, const char *tc)
{
    if (!tc || !*tc || strcmp(tc, "?") == 0 || strcmp(tc, "-") == 0)
        return -1;
    const char *s = tc;
    if (*s == '*')
        s++;
    char *end;
    long a = read_long(s, &end);
    if (end == s || a < 0)
        return -1;
    long base = a, inc = 0;
    if (*end == '/') {
        /* moves/seconds: a period of a moves; the time per game is what counts */
        const char *t = end + 1;
        base = read_long(t, &end);
        if (end == t)
            return -1;
    }
    if (*end == '+') {
        const char *t = end + 1;
        inc = read_long(t, &end);
        if (end == t || inc < 0)
            return -1;
    }
    if (*end && *end != ':')
        return -1;
    long total = base + 60 * inc;
    if (total <= p->blitz_max)
        return ARB_CLASS_BLITZ;
    if (total <= p->rapid_max)
        return ARB_CLASS_RAPID;
    return ARB_CLASS_STANDARD;
}
