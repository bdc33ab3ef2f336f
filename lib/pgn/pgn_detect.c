/* pgn_detect.c — per-game notation detection for the PGN reader (see
 * pgn_detect.h): the detector pool, the preference a game's tags give, and
 * the verdict with its message. */
#include "pgn_detect.h"

#include <pthread.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct arb_pgn_autodetect {
    const arb_grammar *grammar;
    const arb_locale_set *set;
    int when;
    char *prefer;                 /* copy of options.prefer, or NULL */
    char **candidates;            /* copy of options.candidates, NULL-terminated, or NULL */
    pthread_mutex_t mu;
    arb_detector **free_list;     /* detectors no reader holds */
    size_t free_count, free_cap;
    size_t made;                  /* every detector made: they live until arb_pgn_autodetect_free */
};

static char *copy_string(const char *s)
{
    if (!s)
        return NULL;
    size_t n = strlen(s) + 1;
    char *c = malloc(n);
    if (c)
        memcpy(c, s, n);
    return c;
}

static arb_detector *make_detector(const arb_pgn_autodetect *a, arb_status *st)
{
    arb_detector *d = NULL;
    *st = arb_detector_new(a->grammar, a->set, (const char *const *)a->candidates, &d);
    return st->code ? NULL : d;
}

arb_status arb_pgn_autodetect_new(const arb_grammar *grammar, const arb_locale_set *set,
                                  const arb_pgn_autodetect_options *options, arb_pgn_autodetect **out)
{
    arb_status st;
    memset(&st, 0, sizeof st);
    *out = NULL;
    arb_pgn_autodetect *a = calloc(1, sizeof *a);
    if (!a) {
        st = arb_status_error(ARB_ERR_MEMORY, ARB_LOCALE_NO_MEMORY, 0, 0, "out of memory");
        return st;
    }
    a->grammar = grammar;
    a->set = set;
    pthread_mutex_init(&a->mu, NULL);
    bool oom = false;
    if (options) {
        a->when = options->when;
        if (options->prefer && !(a->prefer = copy_string(options->prefer)))
            oom = true;
        if (options->candidates) {
            size_t n = 0;
            while (options->candidates[n])
                n++;
            a->candidates = calloc(n + 1, sizeof *a->candidates);
            for (size_t i = 0; a->candidates && i < n; i++)
                if (!(a->candidates[i] = copy_string(options->candidates[i])))
                    oom = true;
            if (!a->candidates)
                oom = true;
        }
    }
    if (oom) {
        arb_pgn_autodetect_free(a);
        st = arb_status_error(ARB_ERR_MEMORY, ARB_LOCALE_NO_MEMORY, 0, 0, "out of memory");
        return st;
    }
    arb_detector *first = make_detector(a, &st);
    if (!first) {
        arb_pgn_autodetect_free(a);
        return st;
    }
    a->free_list = malloc(4 * sizeof *a->free_list);
    if (!a->free_list) {
        arb_detector_free(first);
        arb_pgn_autodetect_free(a);
        st = arb_status_error(ARB_ERR_MEMORY, ARB_LOCALE_NO_MEMORY, 0, 0, "out of memory");
        return st;
    }
    a->free_cap = 4;
    a->free_list[a->free_count++] = first;
    a->made = 1;
    *out = a;
    return st;
}

void arb_pgn_autodetect_free(arb_pgn_autodetect *a)
{
    if (!a)
        return;
    for (size_t i = 0; i < a->free_count; i++)
        arb_detector_free(a->free_list[i]);
    free(a->free_list);
    for (size_t i = 0; a->candidates && a->candidates[i]; i++)
        free(a->candidates[i]);
    free(a->candidates);
    free(a->prefer);
    pthread_mutex_destroy(&a->mu);
    free(a);
}

int arb_pgn_autodetect_when(const arb_pgn_autodetect *a)
{
    return a->when;
}

arb_detector *arb_pgn_autodetect_acquire(arb_pgn_autodetect *a)
{
    arb_detector *d = NULL;
    pthread_mutex_lock(&a->mu);
    if (a->free_count > 0)
        d = a->free_list[--a->free_count];
    pthread_mutex_unlock(&a->mu);
    if (d)
        return d;
    /* compiled outside the lock: other readers need not wait for it; room
     * to give it back is made now, so that release cannot fail */
    arb_status st;
    d = make_detector(a, &st);
    if (!d)
        return NULL;
    pthread_mutex_lock(&a->mu);
    bool room = true;
    if (a->made + 1 > a->free_cap) {
        size_t cap = 2 * a->free_cap;
        arb_detector **list = realloc(a->free_list, cap * sizeof *list);
        if (list) {
            a->free_list = list;
            a->free_cap = cap;
        } else {
            room = false;
        }
    }
    if (room)
        a->made++;
    pthread_mutex_unlock(&a->mu);
    if (!room) {
        arb_detector_free(d);
        return NULL;
    }
    return d;
}

void arb_pgn_autodetect_release(arb_pgn_autodetect *a, arb_detector *d)
{
    if (!d)
        return;
    /* kept until the end: games read with its notations may outlive their reader */
    pthread_mutex_lock(&a->mu);
    a->free_list[a->free_count++] = d;
    pthread_mutex_unlock(&a->mu);
}

/* ---- preference ---------------------------------------------------------------- */

const char *arb_pgn_move_number(const arb_position *pos, char *buf)
{
    snprintf(buf, 16, "%u%s", (unsigned)pos->fullmove_number, pos->side == ARB_WHITE ? "." : "...");
    return buf;
}

static bool language_tag(const char *name)
{
    size_t n = strlen(name);
    return strcasecmp(name, "Notation") == 0 || strcasecmp(name, "Lang") == 0
        || (n >= 8 && strcasecmp(name + n - 8, "Language") == 0);
}

static void append(char *buf, size_t size, const char *s, size_t n)
{
    size_t len = strlen(buf);
    if (len + n + 2 >= size)
        return;
    if (len)
        buf[len++] = ',';
    memcpy(buf + len, s, n);
    buf[len + n] = '\0';
}

/* One item of a Language-like tag: a code ("ro", "ro-RO", "sr-Latn") or a
 * language's name in English or in itself ("Romanian", "Română"). */
static void add_tag_item(const arb_locale_set *set, const char *s, size_t n, char *buf, size_t size)
{
    char item[64];
    if (n == 0 || n >= sizeof item)
        return;
    memcpy(item, s, n);
    item[n] = '\0';
    for (size_t i = 0; i < arb_locales_count(set); i++) {
        const arb_locale *loc = arb_locales_at(set, i);
        const char *code = arb_locale_code(loc);
        size_t cl = strlen(code);
        if (strcasecmp(item, arb_locale_name(loc)) == 0 || strcasecmp(item, arb_locale_english_name(loc)) == 0) {
            append(buf, size, code, cl);
            return;
        }
        /* "sr" answers sr-Latn and sr-Cyrl; "sr-Latn-RS" answers sr-Latn */
        if (strncasecmp(item, code, n < cl ? n : cl) == 0
            && ((n <= cl && (code[n] == '\0' || code[n] == '-')) || (n > cl && item[cl] == '-'))) {
            append(buf, size, item, n <= cl ? n : cl);
            return;
        }
    }
    /* "ro-RO": the language alone */
    const char *dash = memchr(item, '-', n);
    if (dash && dash > item)
        add_tag_item(set, item, (size_t)(dash - item), buf, size);
}

/* Whether `phrase` stands in text as whole words (ASCII case ignored). */
static bool has_phrase(const char *text, const char *phrase)
{
    size_t m = strlen(phrase);
    for (const char *p = text; m && *p; p++)
        if (strncasecmp(p, phrase, m) == 0 && (p == text || !isalpha((unsigned char)p[-1]))
            && !isalpha((unsigned char)p[m]) && (unsigned char)p[m] < 0x80)
            return true;
    return false;
}

/* Locales whose words of a result ("aufgegeben", "les blancs abandonnent")
 * stand in the game's {comments} (where the lenient reading puts them), in
 * code order: the language the text is in, after the tags and --prefer
 * (German text in letters Bosnian shares is German).  Only the bytes inside
 * braces are looked at, so plain games cost nothing. */
static void words_preference(const arb_locale_set *set, const arb_pgn_game *g, char *buf, size_t size)
{
    if (!g->raw || !memchr(g->raw, '{', g->raw_len))
        return;
    char text[1024];
    size_t n = 0;
    bool inside = false;
    for (size_t i = 0; i < g->raw_len && n + 2 < sizeof text; i++) {
        char c = g->raw[i];
        if (c == '{' || c == '}') {
            inside = c == '{';
            text[n++] = ' ';
        } else if (inside) {
            text[n++] = c == '\n' || c == '\r' || c == '\t' ? ' ' : c;
        }
    }
    text[n] = '\0';
    for (size_t l = 0; l < arb_locales_count(set); l++) {
        const arb_locale *loc = arb_locales_at(set, l);
        bool found = false;
        for (int w = ARB_LOCALE_WHITE_WINS; w <= ARB_LOCALE_LAST_MOVER_WINS && !found; w++)
            for (size_t k = 0; k < arb_locale_words_count(loc, w) && !found; k++)
                found = has_phrase(text, arb_locale_word(loc, w, k));
        if (found)
            append(buf, size, arb_locale_code(loc), strlen(arb_locale_code(loc)));
    }
}

static void preference(const arb_pgn_autodetect *a, const arb_pgn_game *g, char *buf, size_t size)
{
    buf[0] = '\0';
    for (size_t t = 0; t < g->tag_count; t++) {
        if (!language_tag(g->tags[t].name))
            continue;
        for (const char *p = g->tags[t].value; *p;) {
            p += strspn(p, ",; ");
            size_t n = strcspn(p, ",;");
            while (n > 0 && p[n - 1] == ' ')
                n--;
            add_tag_item(a->set, p, n, buf, size);
            p += n;
            p += strcspn(p, ",;");
        }
    }
    if (a->prefer)
        append(buf, size, a->prefer, strlen(a->prefer));
    words_preference(a->set, g, buf, size);
    if (a->when == ARB_PGN_DETECT_NOT_SAN)
        append(buf, size, "en", 2);
}

/* ---- verdicts ------------------------------------------------------------------- */

static const char *code_of(const arb_notation *n)
{
    return arb_locale_code(arb_notation_locale(n));
}

/* A language in words for messages: "German" (its English name, else its
 * own name, else its code). */
static const char *name_of(const arb_notation *n)
{
    const arb_locale *loc = arb_notation_locale(n);
    const char *name = arb_locale_english_name(loc);
    if (!name[0])
        name = arb_locale_name(loc);
    return name[0] ? name : arb_locale_code(loc);
}

/* "German, Bosnian and Danish read these moves alike; read as German (de)":
 * the notations of `alike` (the chosen one first) in words. */
static void alike_message(const arb_notation *const *alike, size_t count, arb_pgn_detected *out)
{
    char names[300] = "";
    size_t used = 0;
    for (size_t i = 0; i < count; i++) {
        int w = snprintf(names + used, sizeof names - used, "%s%s", i == 0 ? "" : i + 1 == count ? " and " : ", ",
                         name_of(alike[i]));
        if (w < 0 || (size_t)w >= sizeof names - used)
            break;
        used += (size_t)w;
    }
    snprintf(out->message, sizeof out->message, "%s read these moves alike; read as %s (%s)", names,
             name_of(alike[0]), code_of(alike[0]));
}

/* The position before tokens[upto] read with `moves` from start. */
static arb_position position_at(const arb_position *start, const arb_move *moves, size_t upto)
{
    arb_position pos = *start, next;
    for (size_t i = 0; i < upto; i++) {
        if (moves[i] == ARB_MOVE_NONE)
            continue;
        arb_position_make(&pos, moves[i], &next);
        pos = next;
    }
    return pos;
}

/* Replays every token under n into out; false when a token does not read. */
static bool read_all(const arb_notation *n, const arb_position *start, const arb_token *tokens, size_t count,
                     arb_move *out)
{
    arb_position pos = *start, next;
    for (size_t i = 0; i < count; i++) {
        const arb_token *t = &tokens[i];
        arb_move m;
        if (t->len == 2 && (memcmp(t->text, "--", 2) == 0 || memcmp(t->text, "Z0", 2) == 0)) {
            m = ARB_MOVE_NULL;
        } else if (arb_notation_extra(n, t->text, t->len)) {
            out[i] = ARB_MOVE_NONE;
            continue;
        } else if (arb_notation_read(n, &pos, t->text, t->len, &m, NULL, NULL) != ARB_SAN_OK) {
            return false;
        }
        out[i] = m;
        arb_position_make(&pos, m, &next);
        pos = next;
    }
    return true;
}

/* Survivors that read the game differently from the chosen one: the
 * message names the first move where they part, with every reading there. */
static void tie_message(arb_detector *d, const arb_notation *chosen, const arb_position *start,
                        const arb_token *tokens, const arb_pgn_token_at *at, size_t count, const arb_move *moves,
                        const char *survivors, arb_pgn_detected *out)
{
    size_t first = count;
    arb_move *other = malloc(count * sizeof *other);
    for (size_t i = 0; other && i < arb_detector_count(d); i++) {
        const arb_notation *n = arb_detector_notation(d, i);
        if (!arb_detector_survived(d, i) || n == chosen || !read_all(n, start, tokens, count, other))
            continue;
        for (size_t k = 0; k < first; k++)
            if (other[k] != moves[k]) {
                first = k;
                break;
            }
    }
    out->severity = ARB_PGN_ERROR;
    if (first == count || !other) {   /* cannot happen when the moves disagree; be safe */
        out->line = at[0].line;
        out->col = at[0].col;
        snprintf(out->message, sizeof out->message,
                 "the moves are legal in several notations (%s) that read them differently, "
                 "expected one chosen with --from or --prefer", survivors);
        free(other);
        return;
    }
    arb_position pos = position_at(start, moves, first);
    char number[16], readings[320] = "";
    size_t used = 0;
    for (size_t i = 0; i < arb_detector_count(d) && used < sizeof readings; i++) {
        const arb_notation *n = arb_detector_notation(d, i);
        if (!arb_detector_survived(d, i) || !read_all(n, start, tokens, count, other))
            continue;
        char san[ARB_SAN_MAX] = "--";
        if (other[first] != ARB_MOVE_NULL && other[first] != ARB_MOVE_NONE)
            arb_san_write(&pos, other[first], san);
        int w = snprintf(readings + used, sizeof readings - used, "%s%s %s", used ? ", " : "", code_of(n), san);
        if (w < 0 || (size_t)w >= sizeof readings - used)
            break;   /* the list is long enough */
        used += (size_t)w;
    }
    free(other);
    out->line = at[first].line;
    out->col = at[first].col;
    snprintf(out->message, sizeof out->message,
             "the moves are legal in several notations (%.100s) that read them differently, expected one "
             "chosen with --from or --prefer; %s %.*s reads as %.200s",
             survivors, arb_pgn_move_number(&pos, number), (int)(tokens[first].len < 40 ? tokens[first].len : 40),
             tokens[first].text, readings);
}

void arb_pgn_detected_narrow(arb_pgn_detected *out, const bool *ok)
{
    size_t kept = 0;
    size_t used = 0;
    out->label[0] = '\0';
    for (size_t i = 0; i < out->alike_count; i++) {
        if (!ok[i])
            continue;
        out->alike[kept++] = out->alike[i];
        int w = snprintf(out->label + used, sizeof out->label - used, "%s%s", used ? ", " : "",
                         code_of(out->alike[i]));
        if (w > 0 && (size_t)w < sizeof out->label - used)
            used += (size_t)w;
    }
    if (kept == 0)
        return;
    out->alike_count = kept;
    out->notation = out->alike[0];
    if (kept == 1) {
        out->severity = -1;
        out->message[0] = '\0';
        return;
    }
    alike_message(out->alike, out->alike_count, out);
}

void arb_pgn_autodetect_game(arb_pgn_autodetect *a, arb_detector *d, const arb_pgn_game *g,
                             const arb_position *start, const arb_token *tokens,
                             const arb_pgn_token_at *at, size_t count, arb_move *moves,
                             arb_pgn_detected *out)
{
    memset(out, 0, sizeof *out);
    out->severity = -1;
    char prefer[256];
    preference(a, g, prefer, sizeof prefer);
    arb_detection r;
    arb_detect(d, start, tokens, count, prefer[0] ? prefer : NULL, moves, &r);
    out->notation = r.chosen;
    snprintf(out->label, sizeof out->label, "%s", code_of(r.chosen));
    switch (r.outcome) {
    case ARB_DETECT_UNIQUE:
    case ARB_DETECT_PREFERRED:
        out->resolved = count;
        return;
    case ARB_DETECT_TIE: {
        char survivors[160];
        arb_detector_survivor_list(d, survivors, sizeof survivors);
        out->resolved = count;
        if (r.moves_agree) {
            out->alike[out->alike_count++] = r.chosen;
            for (size_t i = 0; i < arb_detector_count(d) && out->alike_count < 40; i++)
                if (arb_detector_survived(d, i) && arb_detector_notation(d, i) != r.chosen)
                    out->alike[out->alike_count++] = arb_detector_notation(d, i);
            snprintf(out->label, sizeof out->label, "%s", survivors);
            out->severity = ARB_PGN_NOTE;
            out->line = at[0].line;
            out->col = at[0].col;
            alike_message(out->alike, out->alike_count, out);
            return;
        }
        tie_message(d, r.chosen, start, tokens, at, count, moves, survivors, out);
        return;
    }
    default:
        break;
    }
    /* NONE: the reader replays up to the failure and reports that move */
    out->resolved = r.fail_token;
    if (a->when == ARB_PGN_DETECT_NOT_SAN && strcmp(code_of(r.chosen), "en") == 0) {
        /* an English game with a bad move: read as SAN, reported as SAN */
        out->notation = NULL;
        out->label[0] = '\0';
        return;
    }
    arb_position pos = position_at(start, moves, r.fail_token);
    char number[16];
    const arb_token *t = &tokens[r.fail_token];
    out->severity = ARB_PGN_ERROR;
    out->line = at[r.fail_token].line;
    out->col = at[r.fail_token].col;
    snprintf(out->message, sizeof out->message,
             "no known notation replays this game, expected one under which every move is legal; the nearest, %s "
             "(%s), fails at %s %.*s",
             name_of(r.chosen), code_of(r.chosen), arb_pgn_move_number(&pos, number), (int)(t->len < 40 ? t->len : 40), t->text);
}
