/* pgn_props.h — "nothing lost" properties of the PGN reader and writer,
 * shared by the fuzz harness (tests/fuzz/fuzz_pgn.c) and the Criterion
 * property tests over our corpora (tests/unit/test_nothing_lost.c).
 *
 * Every check returns NULL when the property holds, else a short reason with
 * details in the caller's buffer, so libFuzzer can abort and Criterion can
 * assert with the same text.
 *
 *   pgn_check_round_trip  a game read without errors, written, read again:
 *                         the same moves, comments, NAGs, variations, start
 *                         position, result and tags (the writer may add the
 *                         Seven Tag Roster defaults and reorder tags); the
 *                         second writing is byte-identical to the first and
 *                         reads back to a game arb_pgn_game_equal to it.
 *   pgn_same_games        two reads of the same text (whole, or in two
 *                         pieces) give the same games, messages and raw bytes.
 */
#ifndef ARB_TEST_PGN_PROPS_H
#define ARB_TEST_PGN_PROPS_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pgn_read.h"
#include "pgn_write.h"

typedef struct pgn_why {
    char text[512];
} pgn_why;

static inline const char *pgn_fail(pgn_why *why, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static inline const char *pgn_fail(pgn_why *why, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why->text, sizeof why->text, fmt, ap);
    va_end(ap);
    return why->text;
}

/* All games of one text, copied out of the reader (whose pointers die at
 * the next read). */
typedef struct pgn_games {
    arb_pgn_game *games;
    char **raws;            /* copy of each game's raw bytes */
    char **diag_texts;      /* "severity line:col message\n" per game */
    size_t count;
    int end_rc;             /* ARB_PGN_READ_END or ARB_PGN_READ_FAILED */
    arb_status end_status;
} pgn_games;

static inline void pgn_games_free(pgn_games *set)
{
    for (size_t i = 0; i < set->count; i++) {
        arb_pgn_game_free(&set->games[i]);
        free(set->raws[i]);
        free(set->diag_texts[i]);
    }
    free(set->games);
    free(set->raws);
    free(set->diag_texts);
    memset(set, 0, sizeof *set);
}

static inline char *pgn_diag_text(const arb_pgn_game *g)
{
    size_t cap = 64, len = 0;
    char *s = malloc(cap);
    if (!s)
        abort();
    s[0] = '\0';
    for (size_t i = 0; i < g->diag_count; i++) {
        const arb_pgn_diag *d = &g->diags[i];
        size_t need = strlen(d->message) + 48;
        if (len + need >= cap) {
            cap = (len + need) * 2;
            if (!(s = realloc(s, cap)))
                abort();
        }
        len += (size_t)snprintf(s + len, cap - len, "%d %d:%d %s\n", d->severity, (int)d->line, (int)d->col,
                                d->message);
    }
    return s;
}

/* Copies a game by writing nothing: re-reading is the only public way to
 * own a game, so the set keeps the games the reader filled, one game
 * struct per read (each owns its arena). */
static inline void pgn_games_read(arb_pgn_reader *r, pgn_games *set, size_t max_games)
{
    memset(set, 0, sizeof *set);
    size_t cap = 0;
    for (;;) {
        if (set->count == cap) {
            cap = cap ? cap * 2 : 8;
            set->games = realloc(set->games, cap * sizeof *set->games);
            set->raws = realloc(set->raws, cap * sizeof *set->raws);
            set->diag_texts = realloc(set->diag_texts, cap * sizeof *set->diag_texts);
            if (!set->games || !set->raws || !set->diag_texts)
                abort();
        }
        arb_pgn_game *g = &set->games[set->count];
        arb_pgn_game_init(g);
        int rc = arb_pgn_read(r, g, &set->end_status);
        if (rc != ARB_PGN_READ_GAME || set->count == max_games) {
            arb_pgn_game_free(g);
            set->end_rc = rc == ARB_PGN_READ_GAME ? ARB_PGN_READ_END : rc;
            return;
        }
        set->raws[set->count] = malloc(g->raw_len + 1);
        if (!set->raws[set->count])
            abort();
        if (g->raw_len)
            memcpy(set->raws[set->count], g->raw, g->raw_len);
        set->raws[set->count][g->raw_len] = '\0';
        set->diag_texts[set->count] = pgn_diag_text(g);
        g->raw = set->raws[set->count];   /* keep it valid past the next read */
        set->count++;
    }
}

static inline bool pgn_same_position(const arb_position *a, const arb_position *b)
{
    return memcmp(a->board, b->board, sizeof a->board) == 0 && a->side == b->side &&
           a->castling_rooks == b->castling_rooks && a->ep_square == b->ep_square &&
           a->halfmove_clock == b->halfmove_clock && a->fullmove_number == b->fullmove_number;
}

/* The items of two games: kinds, moves, NAGs, comment texts. */
static inline const char *pgn_same_items(const arb_pgn_game *a, const arb_pgn_game *b, pgn_why *why)
{
    size_t n = a->item_count < b->item_count ? a->item_count : b->item_count;
    for (size_t i = 0; i < n; i++) {
        const arb_pgn_item *x = &a->items[i], *y = &b->items[i];
        if (x->kind != y->kind)
            return pgn_fail(why, "item %zu (line %d) is of kind %d, then %d", i, (int)x->line, x->kind, y->kind);
        if (x->kind == ARB_PGN_ITEM_MOVE && x->move != y->move)
            return pgn_fail(why, "item %zu (line %d): move %04x became %04x", i, (int)x->line, x->move, y->move);
        if (x->kind == ARB_PGN_ITEM_NAG && x->nag != y->nag)
            return pgn_fail(why, "item %zu (line %d): NAG %d became %d", i, (int)x->line, x->nag, y->nag);
        if (x->kind == ARB_PGN_ITEM_COMMENT && (x->len != y->len || memcmp(x->text, y->text, x->len) != 0))
            return pgn_fail(why, "item %zu (line %d): comment {%.60s} became {%.60s}", i, (int)x->line, x->text,
                            y->text);
    }
    if (a->item_count != b->item_count)
        return pgn_fail(why, "%zu items became %zu", a->item_count, b->item_count);
    return NULL;
}

/* A tag value as the export format can hold it: one line. */
static inline bool pgn_same_value(const char *a, const char *b)
{
    for (;; a++, b++) {
        char x = *a == '\n' || *a == '\r' || *a == '\t' ? ' ' : *a;
        char y = *b == '\n' || *b == '\r' || *b == '\t' ? ' ' : *b;
        if (x != y)
            return false;
        if (!x)
            return true;
    }
}

static inline bool pgn_is_roster(const char *name)
{
    static const char *const roster[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
    for (size_t i = 0; i < sizeof roster / sizeof *roster; i++)
        if (strcmp(name, roster[i]) == 0)
            return true;
    return false;
}

/* Every tag of `a` is in `b` with its value (the Result tag may be replaced
 * by the game's result); `b` adds only Seven Tag Roster tags. */
static inline const char *pgn_tags_kept(const arb_pgn_game *a, const arb_pgn_game *b, pgn_why *why)
{
    bool *used = calloc(b->tag_count + 1, 1);
    if (!used)
        abort();
    const char *fail = NULL;
    bool result_seen = false;
    for (size_t i = 0; i < a->tag_count && !fail; i++) {
        const arb_pgn_tag *t = &a->tags[i];
        bool is_result = strcmp(t->name, "Result") == 0 && !result_seen;
        result_seen |= is_result;
        size_t j = 0;
        for (; j < b->tag_count; j++)
            if (!used[j] && strcmp(b->tags[j].name, t->name) == 0
                && (is_result || pgn_same_value(b->tags[j].value, t->value)))
                break;
        if (j == b->tag_count)
            fail = pgn_fail(why, "tag [%.40s \"%.60s\"] (line %d) was lost", t->name, t->value, (int)t->line);
        else
            used[j] = true;
    }
    for (size_t j = 0; j < b->tag_count && !fail; j++)
        if (!used[j] && !pgn_is_roster(b->tags[j].name))
            fail = pgn_fail(why, "tag [%.40s \"%.60s\"] was added", b->tags[j].name, b->tags[j].value);
    free(used);
    return fail;
}

/* The game tree survived: same start, result, items and tags. */
static inline const char *pgn_same_tree(const arb_pgn_game *a, const arb_pgn_game *b, pgn_why *why)
{
    if (!pgn_same_position(&a->start, &b->start))
        return pgn_fail(why, "the start position changed");
    if (arb_pgn_game_result(a) != arb_pgn_game_result(b))
        return pgn_fail(why, "result %d became %d", arb_pgn_game_result(a), arb_pgn_game_result(b));
    const char *fail = pgn_same_items(a, b, why);
    return fail ? fail : pgn_tags_kept(a, b, why);
}

/* Reads exactly one game from text into g (initialised by the caller). */
static inline const char *pgn_read_one(const char *text, size_t len, const arb_pgn_reader_options *opt,
                                       arb_pgn_game *g, pgn_why *why)
{
    arb_pgn_reader *r = arb_pgn_reader_new(arb_input_from_memory(text, len, "<written>"), opt);
    if (!r)
        abort();
    arb_status st;
    int rc = arb_pgn_read(r, g, &st);
    const char *fail = NULL;
    if (rc != ARB_PGN_READ_GAME) {
        fail = pgn_fail(why, "the written text holds no game (rc %d)", rc);
    } else if (g->error_count) {
        for (size_t i = 0; i < g->diag_count; i++)
            if (g->diags[i].severity == ARB_PGN_ERROR) {
                fail = pgn_fail(why, "the written game has an error at %d:%d: %.200s", (int)g->diags[i].line,
                                (int)g->diags[i].col, g->diags[i].message);
                break;
            }
    } else {
        arb_pgn_game extra;
        arb_pgn_game_init(&extra);
        rc = arb_pgn_read(r, &extra, &st);
        if (rc != ARB_PGN_READ_END)
            fail = pgn_fail(why, "the written text holds more than one game (rc %d)", rc);
        arb_pgn_game_free(&extra);
    }
    /* g->raw points into the reader: not used after this */
    g->raw = NULL;
    g->raw_len = 0;
    arb_pgn_reader_free(r);
    return fail;
}

static inline char *pgn_write_copy(arb_pgn_writer *w, const arb_pgn_game *g, size_t *len, pgn_why *why,
                                   const char **fail)
{
    const char *text;
    arb_status st = arb_pgn_write_game(w, g, &text, len);
    if (st.code) {
        *fail = pgn_fail(why, "the writer failed: %s", st.message);
        return NULL;
    }
    char *copy = malloc(*len + 1);
    if (!copy)
        abort();
    memcpy(copy, text, *len);
    copy[*len] = '\0';
    return copy;
}

/* g1 was read without errors with `opt`; w writes with the options under
 * test (no stripping). */
static inline const char *pgn_check_round_trip(const arb_pgn_game *g1, const arb_pgn_reader_options *opt,
                                               arb_pgn_writer *w, pgn_why *why)
{
    const char *fail = NULL;
    size_t len1 = 0, len2 = 0;
    arb_pgn_game g2, g3;
    arb_pgn_game_init(&g2);
    arb_pgn_game_init(&g3);
    char *t2 = NULL;
    char *t1 = pgn_write_copy(w, g1, &len1, why, &fail);
    if (!fail)
        fail = pgn_read_one(t1, len1, opt, &g2, why);
    if (!fail && (fail = pgn_same_tree(g1, &g2, why)) != NULL) {
        size_t used = strlen(why->text);
        snprintf(why->text + used, sizeof why->text - used, "; written as: %.200s", t1);
    }
    if (!fail)
        t2 = pgn_write_copy(w, &g2, &len2, why, &fail);
    if (!fail && (len1 != len2 || memcmp(t1, t2, len1) != 0))
        fail = pgn_fail(why, "writing the game read back changed the text: %.200s -- %.200s", t1, t2);
    if (!fail)
        fail = pgn_read_one(t2, len2, opt, &g3, why);
    if (!fail && !arb_pgn_game_equal(&g2, &g3))
        fail = pgn_fail(why, "the second reading differs from the first (arb_pgn_game_equal)");
    free(t1);
    free(t2);
    arb_pgn_game_free(&g2);
    arb_pgn_game_free(&g3);
    return fail;
}

/* Raw bytes agree, except that one may go on through the end of its last
 * line: the reader adds the rest of the line only when it is already in its
 * buffer (reported: g->raw depends on where reads end). */
static inline bool pgn_same_raw(const char *a, size_t na, const char *b, size_t nb)
{
    if (na > nb) {
        const char *t = a;
        size_t nt = na;
        a = b, na = nb, b = t, nb = nt;
    }
    if (memcmp(a, b, na) != 0)
        return false;
    for (size_t i = na; i < nb; i++)
        if (b[i] != ' ' && b[i] != '\t' && b[i] != '\r' && !(b[i] == '\n' && i == nb - 1))
            return false;
    return true;
}

/* Two readings of the same text agree game by game. */
static inline const char *pgn_same_games(const pgn_games *a, const pgn_games *b, pgn_why *why)
{
    if (a->count != b->count)
        return pgn_fail(why, "%zu games, then %zu", a->count, b->count);
    for (size_t i = 0; i < a->count; i++) {
        const arb_pgn_game *x = &a->games[i], *y = &b->games[i];
        if (!arb_pgn_game_equal(x, y))
            return pgn_fail(why, "game %zu differs (arb_pgn_game_equal)", i + 1);
        if (x->line != y->line || x->col != y->col || x->offset != y->offset)
            return pgn_fail(why, "game %zu starts at %d:%d, then at %d:%d", i + 1, (int)x->line, (int)x->col,
                            (int)y->line, (int)y->col);
        if (!pgn_same_raw(x->raw, x->raw_len, y->raw, y->raw_len))
            return pgn_fail(why, "game %zu: raw bytes differ (%zu, then %zu bytes)", i + 1, x->raw_len, y->raw_len);
        if (strcmp(a->diag_texts[i], b->diag_texts[i]) != 0)
            return pgn_fail(why, "game %zu: messages differ:\n%.300s-- then --\n%.300s", i + 1, a->diag_texts[i],
                            b->diag_texts[i]);
        if (x->end_reason != y->end_reason || x->error_count != y->error_count)
            return pgn_fail(why, "game %zu: end reason or error count differ", i + 1);
    }
    if (a->end_rc != b->end_rc)
        return pgn_fail(why, "the reading ended with %d, then %d", a->end_rc, b->end_rc);
    if (a->end_rc == ARB_PGN_READ_FAILED
        && (a->end_status.code != b->end_status.code || a->end_status.line != b->end_status.line
            || a->end_status.col != b->end_status.col))
        return pgn_fail(why, "the failure differs: %d:%d %s, then %d:%d %s", a->end_status.line,
                        a->end_status.col, a->end_status.message, b->end_status.line, b->end_status.col,
                        b->end_status.message);
    return NULL;
}

#endif
