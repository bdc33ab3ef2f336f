/* detect.c — notation auto-detection by replay (see detect.h).
 *
 * Candidates are grouped into classes of locales that read every token the
 * same way (identical spellings and marks); a class is replayed once.
 *
 * Before replaying, a class must pass a necessary condition on letters: the
 * "lead" of each token (its leading run of capitals and non-ASCII
 * characters, e.g. "Кр" in Кре2, "C" in Cxf3) must be the lead of one of the
 * class's piece spellings, and likewise the letters after the destination
 * square must be a promotion spelling.  A token the class's grammar accepts
 * always passes, so the filter never drops a locale replay would keep; it
 * only saves replaying locales that cannot even spell the game.
 */
#include "detect.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "descriptive.h"
#include "figurine.h"

typedef struct span {
    const char *text;
    size_t len;
} span;

typedef struct klass {
    const arb_notation *reader;   /* the first member; all members read alike */
    span *piece_leads;            /* leads of every piece spelling */
    size_t piece_lead_count;
    span *promo_leads;            /* leads of promotion spellings */
    size_t promo_lead_count;
    bool lead_filter;             /* the letter filter is sound for this class */
    bool promo_filter;
    /* state of the last arb_detect */
    bool passed_filter;
    bool replayed;
    bool alive;
    size_t fail_token;
    int fail_ply, fail_code;
    int plies;
    uint64_t move_hash;
} klass;

struct arb_detector {
    arb_notation **notations;     /* candidates in code order */
    size_t count;
    size_t *class_of;             /* candidate -> class */
    klass *classes;
    size_t class_count;
};

/* ---- letters ------------------------------------------------------------------- */

/* Length of the character at s when it ends a lead: any ASCII byte but a
 * capital, the multiplication sign and the dashes; 0 otherwise. */
static size_t stop_len(const unsigned char *s, size_t n)
{
    if (n == 0)
        return 1;
    if (s[0] < 0x80)
        return (s[0] >= 'A' && s[0] <= 'Z') ? 0 : 1;
    if (n >= 2 && s[0] == 0xC3 && s[1] == 0x97)
        return 2; /* × */
    if (n >= 3 && s[0] == 0xE2 && s[1] == 0x80 && s[2] >= 0x90 && s[2] <= 0x95)
        return 3; /* hyphen .. horizontal bar */
    if (n >= 3 && s[0] == 0xE2 && s[1] == 0x88 && s[2] == 0x92)
        return 3; /* minus sign */
    return 0;
}

static size_t lead_len(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n && !stop_len((const unsigned char *)s + i, n - i))
        i++;
    return i;
}

static bool starts_with_stop(const char *s)
{
    return *s == '\0' || stop_len((const unsigned char *)s, strlen(s)) > 0;
}

/* 0-0, O–O, o-o-o ...: castling spellings are checked by the replay. */
static bool castling_like(const char *s, size_t n)
{
    if (n < 2 || (s[0] != '0' && s[0] != 'O' && s[0] != 'o'))
        return false;
    const unsigned char *u = (const unsigned char *)s + 1;
    return u[0] == '-' || (stop_len(u, n - 1) == 3);
}

static bool span_in(const span *set, size_t count, const char *s, size_t n)
{
    for (size_t i = 0; i < count; i++)
        if (set[i].len == n && memcmp(set[i].text, s, n) == 0)
            return true;
    return false;
}

/* Where the promotion letters of a token start, or len when there are none:
 * after the last square, skipping one of ( = /. */
static size_t promotion_start(const char *s, size_t len)
{
    for (size_t i = len; i-- > 1;) {
        if (s[i] >= '1' && s[i] <= '8' && s[i - 1] >= 'a' && s[i - 1] <= 'h') {
            size_t p = i + 1;
            if (p < len && (s[p] == '(' || s[p] == '=' || s[p] == '/'))
                p++;
            return p;
        }
    }
    return len;
}

/* The distinct letter runs of a game: piece leads and promotion leads that
 * are neither empty, nor figurines, nor part of castling. */
#define MAX_DISTINCT 32

typedef struct game_letters {
    span leads[MAX_DISTINCT], promos[MAX_DISTINCT];
    size_t lead_count, promo_count;
    bool overflow;  /* too many distinct runs: filter nothing */
} game_letters;

static void add_distinct(span *set, size_t *count, bool *overflow, const char *s, size_t n)
{
    if (n == 0 || arb_figurine_kind(s, n) != ARB_NO_KIND || span_in(set, *count, s, n))
        return;
    if (*count == MAX_DISTINCT)
        *overflow = true;
    else
        set[(*count)++] = (span){s, n};
}

static void collect_letters(const arb_token *tokens, size_t count, game_letters *g)
{
    g->lead_count = g->promo_count = 0;
    g->overflow = false;
    for (size_t i = 0; i < count; i++) {
        const char *s = tokens[i].text;
        size_t len = tokens[i].len;
        if (castling_like(s, len))
            continue;
        add_distinct(g->leads, &g->lead_count, &g->overflow, s, lead_len(s, len));
        size_t p = promotion_start(s, len);
        add_distinct(g->promos, &g->promo_count, &g->overflow, s + p, lead_len(s + p, len - p));
    }
}

static bool letters_pass(const klass *k, const game_letters *g)
{
    if (g->overflow)
        return true;
    for (size_t i = 0; k->lead_filter && i < g->lead_count; i++)
        if (!span_in(k->piece_leads, k->piece_lead_count, g->leads[i].text, g->leads[i].len))
            return false;
    for (size_t i = 0; k->promo_filter && i < g->promo_count; i++)
        if (!span_in(k->promo_leads, k->promo_lead_count, g->promos[i].text, g->promos[i].len))
            return false;
    return true;
}

/* ---- classes ----------------------------------------------------------------- */

static int compare_strings(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Everything that decides how tokens read, as one canonical string. */
static char *reading_signature(const arb_locale *loc)
{
    size_t cap = 65;
    for (int k = ARB_PAWN; k <= ARB_KING; k++)
        for (size_t i = 0; i < arb_locale_piece_count(loc, k); i++)
            cap += strlen(arb_locale_piece(loc, k, i)) + 2;
    for (int l = 0; l < ARB_LOCALE_LIST_COUNT; l++)
        for (size_t i = 0; i < arb_locale_list_count(loc, l); i++)
            cap += strlen(arb_locale_list_item(loc, l, i)) + 2;
    char *sig = malloc(cap);
    if (!sig)
        return NULL;
    size_t len = 0;
    const char *items[128];
    for (int group = 0; group < ARB_NO_KIND + ARB_LOCALE_LIST_COUNT; group++) {
        size_t n = 0;
        if (group < ARB_NO_KIND)
            for (size_t i = 0; i < arb_locale_piece_count(loc, group) && n < 128; i++)
                items[n++] = arb_locale_piece(loc, group, i);
        else
            for (size_t i = 0; i < arb_locale_list_count(loc, group - ARB_NO_KIND) && n < 128; i++)
                items[n++] = arb_locale_list_item(loc, group - ARB_NO_KIND, i);
        qsort(items, n, sizeof *items, compare_strings);
        for (size_t i = 0; i < n; i++) {
            size_t l = strlen(items[i]);
            memcpy(sig + len, items[i], l);
            len += l;
            sig[len++] = '\x1f';
        }
        sig[len++] = '\x1e';
    }
    /* descriptive notation reads other tokens with the same letters */
    if (arb_descriptive_locale(loc))
        sig[len++] = '\x1d';
    sig[len] = '\0';
    return sig;
}

static bool push_lead(span **set, size_t *count, const char *s)
{
    size_t n = lead_len(s, strlen(s));
    if (span_in(*set, *count, s, n))
        return true;
    span *grown = realloc(*set, (*count + 1) * sizeof *grown);
    if (!grown)
        return false;
    *set = grown;
    grown[(*count)++] = (span){s, n};
    return true;
}

static bool build_class(klass *k, const arb_notation *reader)
{
    const arb_locale *loc = arb_notation_locale(reader);
    k->reader = reader;
    k->lead_filter = k->promo_filter = true;
    for (int kind = ARB_PAWN; kind <= ARB_KING; kind++)
        for (size_t i = 0; i < arb_locale_piece_count(loc, kind); i++) {
            const char *s = arb_locale_piece(loc, kind, i);
            if (!push_lead(&k->piece_leads, &k->piece_lead_count, s))
                return false;
            if (kind >= ARB_KNIGHT && kind <= ARB_QUEEN && !push_lead(&k->promo_leads, &k->promo_lead_count, s))
                return false;
        }
    /* the filter's argument needs every mark after a letter to begin with a stop */
    for (size_t i = 0; i < arb_locale_list_count(loc, ARB_LOCALE_CAPTURE); i++)
        if (!starts_with_stop(arb_locale_list_item(loc, ARB_LOCALE_CAPTURE, i)))
            k->lead_filter = false;
    for (size_t i = 0; i < arb_locale_list_count(loc, ARB_LOCALE_EN_PASSANT); i++)
        if (!starts_with_stop(arb_locale_list_item(loc, ARB_LOCALE_EN_PASSANT, i)))
            k->promo_filter = false;
    /* the filters look at algebraic squares; descriptive ones have none */
    if (arb_descriptive_locale(loc))
        k->lead_filter = k->promo_filter = false;
    return true;
}

/* ---- creation ------------------------------------------------------------------ */

static arb_status error_status(int code, const char *text, const char *arg)
{
    arb_status st;
    memset(&st, 0, sizeof st);
    st.code = code;
    /* the codes asked for name locales the set does not have: the caller's */
    st.error_class = code == 0 ? ARB_ERR_NONE : code == ARB_LOCALE_NO_MEMORY ? ARB_ERR_MEMORY : ARB_ERR_ARGUMENT;
    snprintf(st.message, sizeof st.message, "%s%s", text, arg ? arg : "");
    return st;
}

arb_status arb_detector_new(const arb_grammar *grammar, const arb_locale_set *set, const char *const *codes,
                            arb_detector **out)
{
    *out = NULL;
    arb_detector *d = calloc(1, sizeof *d);
    size_t total = arb_locales_count(set);
    if (!d || !(d->notations = calloc(total ? total : 1, sizeof *d->notations)) ||
        !(d->class_of = calloc(total ? total : 1, sizeof *d->class_of)) ||
        !(d->classes = calloc(total ? total : 1, sizeof *d->classes))) {
        arb_detector_free(d);
        return error_status(ARB_LOCALE_NO_MEMORY, "out of memory", NULL);
    }
    char **signatures = calloc(total ? total : 1, sizeof *signatures);
    arb_status st = error_status(0, "", NULL);
    if (!signatures)
        st = error_status(ARB_LOCALE_NO_MEMORY, "out of memory", NULL);
    for (size_t i = 0; i < total && st.code == 0; i++) {
        const arb_locale *loc = arb_locales_at(set, i);
        bool wanted = !codes;
        for (size_t c = 0; codes && codes[c] && !wanted; c++)
            wanted = strcasecmp(codes[c], arb_locale_code(loc)) == 0;
        if (!wanted)
            continue;
        arb_notation *n;
        st = arb_notation_new(grammar, loc, &n);
        if (st.code)
            break;
        size_t me = d->count++;
        d->notations[me] = n;
        if (!(signatures[me] = reading_signature(loc))) {
            st = error_status(ARB_LOCALE_NO_MEMORY, "out of memory", NULL);
            break;
        }
        size_t c = 0;
        while (c < me && strcmp(signatures[c], signatures[me]) != 0)
            c++;
        if (c < me) {
            d->class_of[me] = d->class_of[c];
        } else {
            d->class_of[me] = d->class_count;
            if (!build_class(&d->classes[d->class_count++], n))
                st = error_status(ARB_LOCALE_NO_MEMORY, "out of memory", NULL);
        }
    }
    for (size_t i = 0; signatures && i < total; i++)
        free(signatures[i]);
    free(signatures);
    for (size_t c = 0; codes && codes[c] && st.code == 0; c++)
        if (!arb_detector_find(d, codes[c]))
            st = error_status(ARB_LOCALE_NOT_FOUND, "no locale named ", codes[c]);
    if (st.code == 0 && d->count == 0)
        st = error_status(ARB_LOCALE_NOT_FOUND, "no candidate locale to detect among", NULL);
    if (st.code) {
        arb_detector_free(d);
        return st;
    }
    *out = d;
    return st;
}

void arb_detector_free(arb_detector *d)
{
    if (!d)
        return;
    for (size_t i = 0; i < d->count; i++)
        arb_notation_free(d->notations[i]);
    for (size_t c = 0; c < d->class_count; c++) {
        free(d->classes[c].piece_leads);
        free(d->classes[c].promo_leads);
    }
    free(d->notations);
    free(d->class_of);
    free(d->classes);
    free(d);
}

size_t arb_detector_count(const arb_detector *d) { return d->count; }

const arb_notation *arb_detector_notation(const arb_detector *d, size_t i)
{
    return i < d->count ? d->notations[i] : NULL;
}

const arb_notation *arb_detector_find(const arb_detector *d, const char *code)
{
    for (size_t i = 0; i < d->count; i++)
        if (strcasecmp(arb_locale_code(arb_notation_locale(d->notations[i])), code) == 0)
            return d->notations[i];
    return NULL;
}

bool arb_detector_survived(const arb_detector *d, size_t i)
{
    return i < d->count && d->classes[d->class_of[i]].alive;
}

size_t arb_detector_survivor_list(const arb_detector *d, char *buf, size_t size)
{
    size_t n = 0;
    if (size)
        buf[0] = '\0';
    for (size_t i = 0; i < d->count; i++) {
        if (!arb_detector_survived(d, i))
            continue;
        const char *code = arb_locale_code(arb_notation_locale(d->notations[i]));
        const char *sep = n ? ", " : "";
        size_t need = strlen(sep) + strlen(code);
        if (n + need + 1 > size)
            break;
        memcpy(buf + n, sep, strlen(sep));
        memcpy(buf + n + strlen(sep), code, strlen(code));
        n += need;
        buf[n] = '\0';
    }
    return n;
}

/* ---- replay -------------------------------------------------------------------- */

static bool is_null_move(const arb_token *t)
{
    return (t->len == 2 && memcmp(t->text, "--", 2) == 0) || (t->len == 2 && memcmp(t->text, "Z0", 2) == 0);
}

/* Replays every token under one class; moves (may be NULL) receives, per
 * token, the move read (ARB_MOVE_NONE for a mark-only token). */
static void replay(klass *k, const arb_position *start, const arb_token *tokens, size_t count, arb_move *moves)
{
    arb_position pos = *start, next;
    k->replayed = true;
    k->alive = true;
    k->plies = 0;
    k->move_hash = 1469598103934665603ULL;
    for (size_t i = 0; i < count; i++) {
        const arb_token *t = &tokens[i];
        arb_move move;
        if (is_null_move(t)) {
            move = ARB_MOVE_NULL;
        } else if (arb_notation_extra(k->reader, t->text, t->len)) {
            if (moves)
                moves[i] = ARB_MOVE_NONE;
            continue;
        } else {
            int code = arb_notation_read(k->reader, &pos, t->text, t->len, &move, NULL, NULL);
            if (code != ARB_SAN_OK) {
                k->alive = false;
                k->fail_token = i;
                k->fail_ply = k->plies;
                k->fail_code = code;
                return;
            }
        }
        if (moves)
            moves[i] = move;
        arb_position_make(&pos, move, &next);
        pos = next;
        k->plies++;
        k->move_hash = (k->move_hash ^ move) * 1099511628211ULL;
    }
}

/* Does `code` answer the preference entry prefer[0..n)?  Exact (any case), or
 * a language without script or variant: "sr" matches "sr-Latn". */
static bool preference_matches(const char *pref, size_t n, const char *code)
{
    return strncasecmp(pref, code, n) == 0 && (code[n] == '\0' || code[n] == '-');
}

typedef bool (*eligible_fn)(const arb_detector *d, size_t i, size_t arg);

/* The first candidate `eligible` accepts that answers a preference entry,
 * entries taken in the caller's order; d->count when none does. */
static size_t preferred(const arb_detector *d, const char *prefer, eligible_fn eligible, size_t arg)
{
    for (const char *p = prefer; p && *p;) {
        p += strspn(p, ", ");
        size_t n = strcspn(p, ", ");
        for (size_t i = 0; n && i < d->count; i++)
            if (eligible(d, i, arg) && preference_matches(p, n, arb_locale_code(arb_notation_locale(d->notations[i]))))
                return i;
        p += n;
    }
    return d->count;
}

static size_t first_eligible(const arb_detector *d, eligible_fn eligible, size_t arg)
{
    size_t i = 0;
    while (i < d->count && !eligible(d, i, arg))
        i++;
    return i;
}

static bool is_survivor(const arb_detector *d, size_t i, size_t unused)
{
    (void)unused;
    return d->classes[d->class_of[i]].alive;
}

/* failed at the token index `arg`, i.e. got as far as the nearest */
static bool failed_at(const arb_detector *d, size_t i, size_t arg)
{
    return d->classes[d->class_of[i]].fail_token == arg;
}

int arb_detect(arb_detector *d, const arb_position *start, const arb_token *tokens, size_t count,
               const char *prefer, arb_move *moves, arb_detection *out)
{
    memset(out, 0, sizeof *out);
    game_letters letters;
    collect_letters(tokens, count, &letters);
    size_t passed = 0, last_passed = 0;
    for (size_t c = 0; c < d->class_count; c++) {
        klass *k = &d->classes[c];
        k->replayed = k->alive = false;
        k->passed_filter = letters_pass(k, &letters);
        if (k->passed_filter) {
            passed++;
            last_passed = c;
        }
    }
    /* the usual case, one class that can spell the game, replays once and
     * writes its moves on the way */
    for (size_t c = 0; c < d->class_count; c++)
        if (d->classes[c].passed_filter)
            replay(&d->classes[c], start, tokens, count, passed == 1 ? moves : NULL);
    klass *moves_from = passed == 1 ? &d->classes[last_passed] : NULL;
    size_t alive_classes = 0;
    uint64_t hash = 0;
    out->moves_agree = true;
    for (size_t c = 0; c < d->class_count; c++) {
        klass *k = &d->classes[c];
        if (!k->alive)
            continue;
        if (alive_classes++ && k->move_hash != hash)
            out->moves_agree = false;
        hash = k->move_hash;
    }
    for (size_t i = 0; i < d->count; i++)
        out->survivors += is_survivor(d, i, 0);

    if (out->survivors > 0) {
        size_t best = preferred(d, prefer, is_survivor, 0);
        if (out->survivors == 1)
            out->outcome = ARB_DETECT_UNIQUE;
        else
            out->outcome = best < d->count ? ARB_DETECT_PREFERRED : ARB_DETECT_TIE;
        if (best == d->count)
            best = first_eligible(d, is_survivor, 0);
        out->chosen = d->notations[best];
        if (moves && moves_from != &d->classes[d->class_of[best]])
            replay(&d->classes[d->class_of[best]], start, tokens, count, moves);
        return out->outcome;
    }

    /* Nobody replays the game: replay the classes the letter filter dropped
     * too, so the report names the candidate that got furthest. */
    size_t furthest = 0;
    for (size_t c = 0; c < d->class_count; c++) {
        if (!d->classes[c].replayed)
            replay(&d->classes[c], start, tokens, count, NULL);
        if (d->classes[c].fail_token > furthest)
            furthest = d->classes[c].fail_token;
    }
    size_t chosen = preferred(d, prefer, failed_at, furthest);
    if (chosen == d->count)
        chosen = first_eligible(d, failed_at, furthest);
    klass *k = &d->classes[d->class_of[chosen]];
    if (moves && moves_from != k)
        replay(k, start, tokens, count, moves);
    out->outcome = ARB_DETECT_NONE;
    out->chosen = d->notations[chosen];
    out->moves_agree = false;
    out->fail_token = k->fail_token;
    out->fail_ply = k->fail_ply;
    out->fail_code = k->fail_code;
    return out->outcome;
}
