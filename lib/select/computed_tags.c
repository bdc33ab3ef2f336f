/* computed_tags.c — ECO, Opening, PlyCount, FinalFEN (see computed_tags.h). */
#include "computed_tags.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fen.h"

static const char *const names[] = {"ECO", "Opening", "PlyCount", "FinalFEN", "Result"};
enum { NAMES = 5, LISTED = 4 /* the names --add-tags takes */ };

struct arb_computed_tags {
    unsigned mask;
    const arb_openings *openings;
    arb_pgn_tag *tags;
    size_t cap;
    char plies[24];
    char fen[ARB_FEN_MAX];
    bool fixed;
    int before;
    arb_board_result board;
};

arb_status arb_computed_tags_parse(const char *list, unsigned *mask)
{
    *mask = 0;
    const char *c = list;
    for (;;) {
        size_t len = strcspn(c, ",");
        int k = -1;
        for (int i = 0; i < LISTED; i++)
            if (strlen(names[i]) == len && strncmp(c, names[i], len) == 0)
                k = i;
        if (k < 0) {
            arb_status st = {.code = ARB_ERR_ARGUMENT, .error_class = ARB_ERR_ARGUMENT};
            snprintf(st.message, sizeof st.message,
                     "--add-tags %.60s: \"%.*s\" is not a tag computed here, expected a comma-separated "
                     "list of ECO, Opening, PlyCount and FinalFEN", list, (int)len & 31, c);
            return st;
        }
        *mask |= 1u << k;
        if (!c[len])
            break;
        c += len + 1;
    }
    return (arb_status){0};
}

arb_computed_tags *arb_computed_tags_new(unsigned mask, const arb_openings *openings)
{
    arb_computed_tags *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->mask = mask;
    c->openings = openings;
    return c;
}

void arb_computed_tags_free(arb_computed_tags *c)
{
    if (!c)
        return;
    free(c->tags);
    free(c);
}

bool arb_computed_tags_fixed(const arb_computed_tags *c, int *before, arb_board_result *board)
{
    if (c->fixed) {
        *before = c->before;
        *board = c->board;
    }
    return c->fixed;
}

bool arb_computed_tags_apply(arb_computed_tags *c, const arb_pgn_game *g, arb_pgn_tag **tags,
                             size_t *count)
{
    const char *value[NAMES] = {NULL};
    if ((c->mask & (ARB_TAG_ECO | ARB_TAG_OPENING)) && c->openings) {
        const arb_opening *o = arb_openings_classify(c->openings, g, NULL);
        if (o) {
            value[0] = o->eco;
            value[1] = o->name;
        }
    }
    snprintf(c->plies, sizeof c->plies, "%zu", g->main_line_plies);
    value[2] = c->plies;
    arb_fen_write(&g->end, ARB_FEN_STYLE_AUTO, c->fen);
    value[3] = c->fen;
    c->fixed = false;
    if (c->mask & ARB_TAG_RESULT) {
        c->board = arb_board_result_of(g);
        c->before = arb_pgn_game_result(g);
        if (c->board.result != ARB_PGN_RESULT_NONE && c->board.result != c->before) {
            value[4] = arb_pgn_result_text(c->board.result);
            c->fixed = true;
        }
    }
    if (c->cap < g->tag_count + NAMES) {
        arb_pgn_tag *t = realloc(c->tags, (g->tag_count + NAMES) * sizeof *t);
        if (!t)
            return false;
        c->tags = t;
        c->cap = g->tag_count + NAMES;
    }
    size_t n = 0;
    bool placed[NAMES] = {false};
    for (size_t i = 0; i < g->tag_count; i++) {
        c->tags[n] = g->tags[i];
        for (int k = 0; k < NAMES; k++)
            if ((c->mask & (1u << k)) && value[k] && !placed[k] && strcmp(g->tags[i].name, names[k]) == 0) {
                c->tags[n].value = value[k];
                placed[k] = true;
            }
        n++;
    }
    for (int k = 0; k < NAMES; k++)
        if ((c->mask & (1u << k)) && value[k] && !placed[k])
            c->tags[n++] = (arb_pgn_tag){names[k], value[k], 0, 0};
    *tags = c->tags;
    *count = n;
    return true;
}
