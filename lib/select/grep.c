/* grep.c — predicates over games (see grep.h). */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "grep.h"

#include <errno.h>
#include <pcre2.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fen.h"
#include "fen_pattern.h"
#include "grow.h"
#include "main_line.h"
#include "material.h"
#include "openings.h"
#include "tag_compare.h"

enum kind {
    P_VALID = 0,
    P_INVALID,
    P_TAG,
    P_RESULT,
    P_PLIES,
    P_CHESS960,
    P_POSITION,
    P_FINDING,
    P_TERMINATION,
    P_ECO,
    P_OPENING,
    P_TAG_COMPARE,
    P_MATERIAL,
    P_FEN_PATTERN
};

struct predicate {
    int kind;
    char *tag_name;          /* P_TAG */
    pcre2_code *regex;       /* P_TAG */
    int value;               /* P_RESULT: enum arb_pgn_result; P_FINDING: check;
                              * P_TERMINATION: enum arb_termination */
    unsigned long min, max;  /* P_PLIES */
    uint64_t key;            /* P_POSITION: repetition key */
    int pieces;              /* P_POSITION: men on the board */
    arb_eco_range eco;       /* P_ECO */
    arb_tag_compare compare; /* P_TAG_COMPARE */
    arb_material material;   /* P_MATERIAL */
    arb_fen_pattern board;   /* P_FEN_PATTERN */
};

struct arb_grep {
    struct predicate *p;
    size_t count, cap;
    bool invert;
    const arb_lint_options *lint;
    const arb_openings *openings;
    unsigned long material_plies;   /* consecutive positions a material pattern must hold */
};

struct arb_grep_matcher {
    const arb_grep *s;
    pcre2_match_data *md;
    arb_linter *linter;
    arb_lint_report report;
    bool has_report;
};

static arb_status status_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* a predicate the caller spelt wrong */
static arb_status status_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    arb_status st = arb_status_verror(ARB_ERR_ARGUMENT, ARB_ERR_ARGUMENT, 0, 0, fmt, ap);
    va_end(ap);
    return st;
}

static const arb_status ok_status = {.code = 0};

static bool number(const char **s, unsigned long *out);

arb_grep *arb_grep_new(void)
{
    return calloc(1, sizeof(arb_grep));
}

void arb_grep_free(arb_grep *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->count; i++) {
        free(s->p[i].tag_name);
        pcre2_code_free(s->p[i].regex);
    }
    free(s->p);
    free(s);
}

/* A new zeroed predicate of this kind, or NULL when out of memory. */
static struct predicate *add(arb_grep *s, int kind)
{
    if (!arb_grow(&s->p, &s->cap, s->count + 1, sizeof *s->p))
        return NULL;
    struct predicate *p = &s->p[s->count++];
    memset(p, 0, sizeof *p);
    p->kind = kind;
    return p;
}

static arb_status out_of_memory(void)
{
    return arb_status_error(ARB_ERR_MEMORY, ARB_ERR_MEMORY, 0, 0, "out of memory");
}

arb_status arb_grep_add_valid(arb_grep *s, bool valid)
{
    return add(s, valid ? P_VALID : P_INVALID) ? ok_status : out_of_memory();
}

static bool tag_name_char(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

/* A compiled PCRE2 pattern, or NULL with a message naming the option. */
static pcre2_code *compile(const char *option, const char *spec, const char *pattern, bool ignore_case,
                           arb_status *st)
{
    int err;
    PCRE2_SIZE at;
    uint32_t flags = PCRE2_UTF | PCRE2_MATCH_INVALID_UTF | (ignore_case ? PCRE2_CASELESS : 0);
    pcre2_code *re = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED, flags, &err, &at, NULL);
    if (!re) {
        char why[160];
        pcre2_get_error_message(err, (PCRE2_UCHAR *)why, sizeof why);
        *st = status_error("%s %s: %s at offset %zu of the pattern, expected a PCRE2 regular "
                           "expression", option, spec, why, (size_t)at);
        return NULL;
    }
    (void)pcre2_jit_compile(re, PCRE2_JIT_COMPLETE);   /* the interpreter serves if JIT cannot */
    return re;
}

arb_status arb_grep_add_material(arb_grep *s, const char *spec)
{
    arb_material m;
    arb_status st = arb_material_parse(spec, &m);
    if (st.code)
        return st;
    struct predicate *p = add(s, P_MATERIAL);
    if (!p)
        return out_of_memory();
    p->material = m;
    return ok_status;
}

arb_status arb_grep_set_material_plies(arb_grep *s, const char *n)
{
    unsigned long plies;
    const char *c = n;
    if (!number(&c, &plies) || *c || plies == 0)
        return status_error("--material-plies %s: expected a number of positions from 1 up", n);
    s->material_plies = plies;
    return ok_status;
}

arb_status arb_grep_add_fen_pattern(arb_grep *s, const char *pattern)
{
    arb_fen_pattern b;
    arb_status st = arb_fen_pattern_parse(pattern, &b);
    if (st.code)
        return st;
    struct predicate *p = add(s, P_FEN_PATTERN);
    if (!p)
        return out_of_memory();
    p->board = b;
    return ok_status;
}

arb_status arb_grep_add_eco(arb_grep *s, const char *range)
{
    arb_eco_range r;
    if (!arb_eco_range_parse(range, &r))
        return status_error("--eco %s: expected an ECO code or range such as B90, B9, B, A00-B99 "
                            "(letters A to E)", range);
    struct predicate *p = add(s, P_ECO);
    if (!p)
        return out_of_memory();
    p->eco = r;
    return ok_status;
}

arb_status arb_grep_add_opening(arb_grep *s, const char *regex, bool ignore_case)
{
    arb_status st = ok_status;
    pcre2_code *re = compile("--opening", regex, regex, ignore_case, &st);
    if (!re)
        return st;
    struct predicate *p = add(s, P_OPENING);
    if (!p) {
        pcre2_code_free(re);
        return out_of_memory();
    }
    p->regex = re;
    return ok_status;
}

void arb_grep_set_openings(arb_grep *s, const arb_openings *openings)
{
    s->openings = openings;
}

bool arb_grep_needs_openings(const arb_grep *s)
{
    for (size_t i = 0; i < s->count; i++)
        if (s->p[i].kind == P_ECO || s->p[i].kind == P_OPENING)
            return true;
    return false;
}

arb_status arb_grep_add_tag(arb_grep *s, const char *spec, bool ignore_case)
{
    if (arb_tag_compare_is(spec)) {
        arb_tag_compare c;
        arb_status st = arb_tag_compare_parse(spec, &c);
        if (st.code)
            return st;
        struct predicate *p = add(s, P_TAG_COMPARE);
        if (!p)
            return out_of_memory();
        p->compare = c;
        return ok_status;
    }
    const char *eq = strchr(spec, '=');
    if (!eq || eq == spec)
        return status_error("--tag %s: expected NAME=REGEX (White=Carlsen) or a comparison "
                            "(WhiteElo>=2500, Date==2019..2020.06)", spec);
    for (const char *c = spec; c < eq; c++)
        if (!tag_name_char(*c))
            return status_error("--tag %s: \"%.*s\" is not a tag name, expected letters, digits "
                                "and _ before '='", spec, (int)(eq - spec), spec);
    arb_status st = ok_status;
    pcre2_code *re = compile("--tag", spec, eq + 1, ignore_case, &st);
    if (!re)
        return st;
    struct predicate *p = add(s, P_TAG);
    char *name = p ? strndup(spec, (size_t)(eq - spec)) : NULL;
    if (!name) {
        if (p)
            s->count--;
        pcre2_code_free(re);
        return out_of_memory();
    }
    p->tag_name = name;
    p->regex = re;
    return ok_status;
}

arb_status arb_grep_add_result(arb_grep *s, const char *result)
{
    int r = arb_pgn_result_parse(result, strlen(result));
    if (r == ARB_PGN_RESULT_NONE)
        return status_error("--result %s: expected 1-0, 0-1, 1/2-1/2 or *", result);
    struct predicate *p = add(s, P_RESULT);
    if (!p)
        return out_of_memory();
    p->value = r;
    return ok_status;
}

/* A decimal number at *s (advanced past it); false when there is none. */
static bool number(const char **s, unsigned long *out)
{
    if (**s < '0' || **s > '9')
        return false;
    char *end;
    errno = 0;
    *out = strtoul(*s, &end, 10);
    if (errno)
        return false;
    *s = end;
    return true;
}

arb_status arb_grep_add_plies(arb_grep *s, const char *range)
{
    unsigned long min = 0, max = (unsigned long)-1;
    const char *c = range;
    bool has_min = number(&c, &min);
    if (*c == ':') {
        c++;
        bool has_max = number(&c, &max);
        if (!has_min && !has_max)
            c = "?";   /* ":" alone says nothing */
    } else {
        max = min;
        if (!has_min)
            c = "?";
    }
    if (*c || min > max)
        return status_error("--plies %s: expected MIN:MAX, MIN:, :MAX or N with MIN <= MAX "
                            "(half-moves of the main line)", range);
    struct predicate *p = add(s, P_PLIES);
    if (!p)
        return out_of_memory();
    p->min = min;
    p->max = max;
    return ok_status;
}

arb_status arb_grep_add_chess960(arb_grep *s)
{
    return add(s, P_CHESS960) ? ok_status : out_of_memory();
}

arb_status arb_grep_add_position(arb_grep *s, const char *fen)
{
    arb_position pos;
    arb_status st = arb_fen_parse(fen, &pos);
    if (st.code)
        return status_error("--position: %s", st.message);
    struct predicate *p = add(s, P_POSITION);
    if (!p)
        return out_of_memory();
    p->key = pos.key;
    p->pieces = __builtin_popcountll(arb_occupied(&pos));
    return ok_status;
}

arb_status arb_grep_add_finding(arb_grep *s, const char *code)
{
    int check = arb_check_parse(code);
    if (check < 0) {
        char list[512] = "";
        size_t o = 0;
        for (int i = 0; i < ARB_CHECK_COUNT && o < sizeof list; i++)
            o += (size_t)snprintf(list + o, sizeof list - o, "%s%s", i ? ", " : "", arb_check_code(i));
        return status_error("--finding %s: expected a pgnlint code: %s", code, list);
    }
    struct predicate *p = add(s, P_FINDING);
    if (!p)
        return out_of_memory();
    p->value = check;
    return ok_status;
}

arb_status arb_grep_add_termination(arb_grep *s, const char *kind)
{
    int term = -1;
    for (int i = 0; i < ARB_TERM_COUNT; i++)
        if (strcmp(kind, arb_termination_name(i)) == 0)
            term = i;
    if (term < 0) {
        char list[512] = "";
        size_t o = 0;
        for (int i = 0; i < ARB_TERM_COUNT && o < sizeof list; i++)
            o += (size_t)snprintf(list + o, sizeof list - o, "%s%s", i ? ", " : "",
                                  arb_termination_name(i));
        return status_error("--termination %s: expected one of %s", kind, list);
    }
    struct predicate *p = add(s, P_TERMINATION);
    if (!p)
        return out_of_memory();
    p->value = term;
    return ok_status;
}

void arb_grep_set_invert(arb_grep *s, bool invert)
{
    s->invert = invert;
}

void arb_grep_set_lint_options(arb_grep *s, const arb_lint_options *options)
{
    s->lint = options;
}

size_t arb_grep_count(const arb_grep *s)
{
    return s->count;
}

bool arb_grep_needs_lint(const arb_grep *s)
{
    for (size_t i = 0; i < s->count; i++)
        if (s->p[i].kind == P_FINDING || s->p[i].kind == P_TERMINATION)
            return true;
    return false;
}

/* What matching a predicate of this kind reads of a game: its replay, its
 * move items, tags other than those the reader always keeps. */
enum { READS_REPLAY = 1, READS_MOVES = 2, READS_TAGS = 4 };

static unsigned reads_of(int kind)
{
    switch (kind) {
    case P_VALID:
    case P_INVALID:
    case P_PLIES: return READS_REPLAY;
    case P_POSITION:
    case P_MATERIAL:
    case P_FEN_PATTERN: return READS_REPLAY | READS_MOVES;
    case P_FINDING:
    case P_TERMINATION:
    case P_ECO:
    case P_OPENING: return READS_REPLAY | READS_MOVES | READS_TAGS;
    case P_TAG:
    case P_TAG_COMPARE: return READS_TAGS;
    default: return 0;
    }
}

static bool any_reads(const arb_grep *s, unsigned what)
{
    for (size_t i = 0; i < s->count; i++)
        if (reads_of(s->p[i].kind) & what)
            return true;
    return false;
}

bool arb_grep_needs_moves(const arb_grep *s)
{
    return any_reads(s, READS_MOVES);
}

bool arb_grep_needs_tags(const arb_grep *s)
{
    return any_reads(s, READS_TAGS);
}

bool arb_grep_needs_replay(const arb_grep *s)
{
    return any_reads(s, READS_REPLAY);
}

/* ---- matching ---------------------------------------------------------------- */

arb_grep_matcher *arb_grep_matcher_new(const arb_grep *s)
{
    bool lint = arb_grep_needs_lint(s);
    if ((lint && !s->lint) || (arb_grep_needs_openings(s) && !s->openings))
        return NULL;
    arb_grep_matcher *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->s = s;
    m->md = pcre2_match_data_create(1, NULL);
    if (!m->md) {
        free(m);
        return NULL;
    }
    if (lint) {
        m->linter = arb_linter_new();
        if (!m->linter) {
            arb_grep_matcher_free(m);
            return NULL;
        }
        arb_lint_report_init(&m->report);
        m->has_report = true;
    }
    return m;
}

void arb_grep_matcher_free(arb_grep_matcher *m)
{
    if (!m)
        return;
    pcre2_match_data_free(m->md);
    arb_linter_free(m->linter);
    if (m->has_report)
        arb_lint_report_free(&m->report);
    free(m);
}

static bool tag_matches(arb_grep_matcher *m, const struct predicate *p, const arb_pgn_game *g)
{
    for (size_t i = 0; i < g->tag_count; i++) {
        const arb_pgn_tag *t = &g->tags[i];
        if (strcmp(t->name, p->tag_name) != 0)
            continue;
        if (pcre2_match(p->regex, (PCRE2_SPTR)t->value, strlen(t->value), 0, 0, m->md, NULL) >= 0)
            return true;
    }
    return false;
}

static bool tag_compares(const struct predicate *p, const arb_pgn_game *g)
{
    for (size_t i = 0; i < g->tag_count; i++)
        if (strcmp(g->tags[i].name, p->compare.name) == 0
            && arb_tag_compare_match(&p->compare, g->tags[i].value))
            return true;
    return false;
}

/* The main line passes through a position with this key.  Men only leave
 * the board, so the walk stops once fewer remain than the position has. */
static bool passes_through(const struct predicate *p, const arb_pgn_game *g)
{
    arb_position pos[2];
    int cur = 0;
    pos[0] = g->start;
    if (pos[0].key == p->key)
        return true;
    int depth = 0;
    for (size_t i = 0; i < g->item_count; i++) {
        const arb_pgn_item *it = &g->items[i];
        if (it->kind == ARB_PGN_ITEM_VARIATION_START)
            depth++;
        else if (it->kind == ARB_PGN_ITEM_VARIATION_END)
            depth--;
        else if (it->kind == ARB_PGN_ITEM_MOVE && depth == 0) {
            if (__builtin_popcountll(arb_occupied(&pos[cur])) < p->pieces)
                return false;
            arb_position_make(&pos[cur], it->move, &pos[cur ^ 1]);
            cur ^= 1;
            if (pos[cur].key == p->key)
                return true;
        }
    }
    return false;
}

/* The pattern holds in `need` consecutive positions of the main line (its
 * start and the position after every move). */
static bool holds_along(const struct predicate *p, const arb_pgn_game *g, unsigned long need)
{
    arb_position pos[2];
    int cur = 0;
    pos[0] = g->start;
    unsigned long run = 0;
    arb_main_line w;
    arb_main_line_start(&w, g);
    for (;;) {
        bool yes = p->kind == P_MATERIAL ? arb_material_match(&p->material, &pos[cur])
                                         : arb_fen_pattern_match(&p->board, &pos[cur]);
        run = yes ? run + 1 : 0;
        if (run >= need)
            return true;
        const arb_pgn_item *it = arb_main_line_next(&w);
        if (!it)
            return false;
        arb_position_make(&pos[cur], it->move, &pos[cur ^ 1]);
        cur ^= 1;
    }
}

static bool lint_has(const arb_lint_report *r, int check)
{
    for (size_t i = 0; i < r->count; i++)
        if (r->findings[i].check == check)
            return true;
    return false;
}

bool arb_grep_match(arb_grep_matcher *m, const arb_pgn_game *g, uint64_t index, arb_status *status)
{
    const arb_grep *s = m->s;
    *status = ok_status;
    bool linted = false, classified = false;
    const arb_opening *opening = NULL;
    bool all = true;
    for (size_t i = 0; i < s->count && all; i++) {
        const struct predicate *p = &s->p[i];
        switch (p->kind) {
        case P_VALID: all = g->error_count == 0; break;
        case P_INVALID: all = g->error_count > 0; break;
        case P_TAG: all = tag_matches(m, p, g); break;
        case P_TAG_COMPARE: all = tag_compares(p, g); break;
        case P_MATERIAL: all = holds_along(p, g, s->material_plies ? s->material_plies : 1); break;
        case P_FEN_PATTERN: all = holds_along(p, g, 1); break;
        case P_RESULT: all = arb_pgn_game_result(g) == p->value; break;
        case P_PLIES:
            all = g->main_line_plies >= p->min && g->main_line_plies <= p->max;
            break;
        case P_CHESS960: all = g->start.chess960 != 0; break;
        case P_POSITION: all = passes_through(p, g); break;
        case P_FINDING:
        case P_TERMINATION:
            if (!linted) {
                arb_status st = arb_lint_game(m->linter, g, index, s->lint, &m->report);
                if (st.code || m->report.out_of_memory) {
                    *status = st.code ? st : out_of_memory();
                    return false;
                }
                linted = true;
            }
            all = p->kind == P_FINDING ? lint_has(&m->report, p->value)
                                       : m->report.termination == p->value;
            break;
        case P_ECO:
        case P_OPENING:
            if (!classified) {
                opening = arb_openings_classify(s->openings, g, NULL);
                classified = true;
            }
            all = opening && (p->kind == P_ECO ? arb_eco_in_range(opening->eco, &p->eco)
                              : pcre2_match(p->regex, (PCRE2_SPTR)opening->name, strlen(opening->name),
                                            0, 0, m->md, NULL) >= 0);
            break;
        default: all = false; break;
        }
    }
    return all != s->invert;
}
