/* sheets.c — two scoresheets reconciled (see sheets.h). */
#include "sheets.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "movegen.h"

#define BAND 10                       /* plies a sheet may run ahead or behind */
#define WIDTH (2 * BAND + 1)
#define CANDIDATES (2 * 8 + 2)
#define COST_UNRELATED 220            /* a token that is no close reading of the move */

enum { STEP_NONE = 0, STEP_PAIR, STEP_MISSING, STEP_EXTRA };

typedef struct sheet {
    const arb_token *tokens;
    size_t count;                     /* move tokens (marks left out) */
    size_t *index;                    /* move token -> written token */
    arb_move_spec *spec;
    uint8_t *spec_ok, *repeat;
    arb_repair_result res;
    arb_move *clean;                  /* the sheet as written, when it replays */
    size_t clean_count;
    bool replays;
    /* alignment with the current candidate */
    int32_t *at;                      /* per ply: the move token there, or -1 */
    uint8_t *reads;                   /* per ply: that token reads as the move */
} sheet;

struct arb_sheets {
    arb_repairer *repairer;
    sheet sheet[2];
    size_t cap;                       /* tokens and plies the tables hold */
    arb_position *pos;
    int32_t *cost;
    uint8_t *step;
    arb_move *best;
    size_t best_count;
    int32_t *best_at[2];
    uint8_t *best_reads[2];
    arb_sheets_disagreement *dis;
};

arb_sheets *arb_sheets_new(const arb_repair_limits *limits)
{
    arb_sheets *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    arb_repair_limits lim = {0};
    if (limits)
        lim = *limits;
    lim.suggestions = 8;
    if (!(s->repairer = arb_repairer_new(&lim))) {
        free(s);
        return NULL;
    }
    return s;
}

static void sheet_free(sheet *sh)
{
    free(sh->index);
    free(sh->spec);
    free(sh->spec_ok);
    free(sh->repeat);
    free(sh->clean);
    free(sh->at);
    free(sh->reads);
}

void arb_sheets_free(arb_sheets *s)
{
    if (!s)
        return;
    arb_repairer_free(s->repairer);
    for (int i = 0; i < 2; i++) {
        sheet_free(&s->sheet[i]);
        free(s->best_at[i]);
        free(s->best_reads[i]);
    }
    free(s->pos);
    free(s->cost);
    free(s->step);
    free(s->best);
    free(s->dis);
    free(s);
}

static bool reserve(arb_sheets *s, size_t n)
{
    n += ARB_REPAIR_MAX_EDITS + 2;
    if (n <= s->cap)
        return true;
    bool ok = true;
#define GROW(p, count) do { void *q = realloc((p), (count) * sizeof *(p)); if (q) (p) = q; else ok = false; } while (0)
    for (int i = 0; i < 2; i++) {
        sheet *sh = &s->sheet[i];
        GROW(sh->index, n);
        GROW(sh->spec, n);
        GROW(sh->spec_ok, n);
        GROW(sh->repeat, n);
        GROW(sh->clean, n);
        GROW(sh->at, n);
        GROW(sh->reads, n);
        GROW(s->best_at[i], n);
        GROW(s->best_reads[i], n);
    }
    GROW(s->pos, n + 1);
    GROW(s->cost, (n + 1) * WIDTH);
    GROW(s->step, (n + 1) * WIDTH);
    GROW(s->best, n);
    GROW(s->dis, 2 * n);
#undef GROW
    if (ok)
        s->cap = n;
    return ok;
}

static bool same_text(const arb_token *a, const arb_token *b)
{
    return a->len == b->len && memcmp(a->text, b->text, a->len) == 0;
}

static void prepare(sheet *sh, const arb_token *tokens, size_t count, const arb_notation *n)
{
    sh->tokens = tokens;
    sh->count = 0;
    for (size_t i = 0; i < count; i++) {
        if (arb_notation_extra(n, tokens[i].text, tokens[i].len))
            continue;
        size_t k = sh->count++;
        sh->index[k] = i;
        sh->spec_ok[k] = arb_notation_parse(n, tokens[i].text, tokens[i].len, &sh->spec[k]) == ARB_SAN_OK;
        sh->repeat[k] = (k >= 1 && same_text(&tokens[i], &tokens[sh->index[k - 1]]))
                        || (k >= 2 && same_text(&tokens[i], &tokens[sh->index[k - 2]]));
    }
}

/* The sheet as written, if every token reads. */
static void read_clean(sheet *sh, const arb_position *start)
{
    arb_position pos = *start, next;
    sh->replays = false;
    for (size_t k = 0; k < sh->count; k++) {
        arb_move m;
        if (!sh->spec_ok[k] || arb_notation_resolve(&pos, &sh->spec[k], &m, NULL) != ARB_SAN_OK)
            return;
        sh->clean[k] = m;
        arb_position_make(&pos, m, &next);
        pos = next;
    }
    sh->clean_count = sh->count;
    sh->replays = true;
}

/* What token k of the sheet costs as the reading of move m at pos. */
static int32_t pair_cost(const sheet *sh, size_t k, const arb_position *pos, arb_move m, bool *reads)
{
    arb_move read;
    *reads = false;
    if (!sh->spec_ok[k])
        return COST_UNRELATED;
    if (arb_notation_resolve(pos, &sh->spec[k], &read, NULL) == ARB_SAN_OK && read == m) {
        *reads = true;
        return 0;
    }
    int d = arb_repair_distance(pos, &sh->spec[k], NULL, m);
    if (d < 0)
        return COST_UNRELATED;
    return ARB_REPAIR_COST_REPLACE + (d ? d : 10);
}

/* Aligns the sheet with the line moves[0..n) (positions s->pos); fills
 * sh->at and sh->reads; returns the cost. */
static int32_t align(arb_sheets *s, sheet *sh, size_t n)
{
    size_t m = sh->count;
    int32_t *cost = s->cost;
    uint8_t *step = s->step;
#define CELL(i, j) ((i) * WIDTH + (size_t)((long)(j) - (long)(i) + BAND))
#define IN_BAND(i, j) ((long)(j) - (long)(i) >= -BAND && (long)(j) - (long)(i) <= BAND)
    for (size_t i = 0; i <= n; i++)
        for (size_t c = 0; c < WIDTH; c++) {
            cost[i * WIDTH + c] = INT32_MAX;
            step[i * WIDTH + c] = STEP_NONE;
        }
    cost[CELL(0, 0)] = 0;
    for (size_t i = 0; i <= n; i++) {
        size_t jlo = i > BAND ? i - BAND : 0, jhi = i + BAND < m ? i + BAND : m;
        for (size_t j = jlo; j <= jhi; j++) {
            int32_t here = cost[CELL(i, j)];
            if (here == INT32_MAX)
                continue;
            if (i < n && j < m && IN_BAND(i + 1, j + 1)) {
                bool reads;
                int32_t c = here + pair_cost(sh, j, &s->pos[i], s->best[i], &reads);
                if (c < cost[CELL(i + 1, j + 1)]) {
                    cost[CELL(i + 1, j + 1)] = c;
                    step[CELL(i + 1, j + 1)] = STEP_PAIR;
                }
            }
            if (i < n && IN_BAND(i + 1, j)) {
                int32_t c = here + ARB_REPAIR_COST_INSERT;
                if (c < cost[CELL(i + 1, j)]) {
                    cost[CELL(i + 1, j)] = c;
                    step[CELL(i + 1, j)] = STEP_MISSING;
                }
            }
            if (j < m && IN_BAND(i, j + 1)) {
                int32_t c = here + (sh->repeat[j] ? ARB_REPAIR_COST_DELETE_REPEAT : ARB_REPAIR_COST_DELETE);
                if (c < cost[CELL(i, j + 1)]) {
                    cost[CELL(i, j + 1)] = c;
                    step[CELL(i, j + 1)] = STEP_EXTRA;
                }
            }
        }
    }
    if (!IN_BAND(n, m) || cost[CELL(n, m)] == INT32_MAX)
        return INT32_MAX;
    int32_t total = cost[CELL(n, m)];
    for (size_t i = 0; i < n; i++) {
        sh->at[i] = -1;
        sh->reads[i] = 0;
    }
    for (size_t i = n, j = m; i > 0 || j > 0;) {
        int st = step[CELL(i, j)];
        if (st == STEP_PAIR) {
            i--, j--;
            bool reads;
            pair_cost(sh, j, &s->pos[i], s->best[i], &reads);
            sh->at[i] = (int32_t)j;
            sh->reads[i] = reads;
        } else if (st == STEP_MISSING) {
            i--;
        } else {
            j--;
        }
    }
#undef CELL
#undef IN_BAND
    return total;
}

/* The positions along a candidate line (into s->pos); false when it does
 * not replay from start. */
static bool line_positions(arb_sheets *s, const arb_position *start, const arb_move *moves, size_t n)
{
    s->pos[0] = *start;
    for (size_t i = 0; i < n; i++) {
        if (!arb_is_legal(&s->pos[i], moves[i]))
            return false;
        arb_position_make(&s->pos[i], moves[i], &s->pos[i + 1]);
    }
    return true;
}

arb_status arb_sheets_reconcile(arb_sheets *s, const arb_sheets_input *in, arb_sheets_result *out)
{
    arb_status ok = {.code = 0}, oom = {.code = ARB_ERR_MEMORY, .error_class = ARB_ERR_MEMORY, .message = "out of memory"};
    memset(out, 0, sizeof *out);
    size_t most = in->white_count > in->black_count ? in->white_count : in->black_count;
    if (!reserve(s, most))
        return oom;
    const arb_token *tokens[2] = {in->white, in->black};
    size_t counts[2] = {in->white_count, in->black_count};
    const arb_notation *notation[2] = {in->notation, in->black_notation ? in->black_notation : in->notation};
    for (int w = 0; w < 2; w++) {
        prepare(&s->sheet[w], tokens[w], counts[w], notation[w]);
        read_clean(&s->sheet[w], in->start);
    }
    /* Candidates: each sheet as written when it replays, else its repairs
     * (scored before the repairer runs again: its lines live in it). */
    int32_t best_cost = INT32_MAX;
    s->best_count = 0;
    arb_move *cand = NULL;
    size_t cand_cap = 0;
    for (int w = 0; w < 2; w++) {
        sheet *sh = &s->sheet[w];
        memset(&sh->res, 0, sizeof sh->res);
        if (!sh->replays) {
            arb_repair_game g = {in->start, tokens[w], counts[w], in->result, notation[w], in->english};
            arb_status st = arb_repair_run(s->repairer, &g, &sh->res);
            if (st.code) {
                free(cand);
                return st;
            }
        }
        size_t options = sh->replays ? 1 : sh->res.count;
        for (size_t c = 0; c < options; c++) {
            const arb_move *moves = sh->replays ? sh->clean : sh->res.repairs[c].moves;
            size_t n = sh->replays ? sh->clean_count : sh->res.repairs[c].move_count;
            if (n > s->cap)
                continue;
            if (n > cand_cap) {
                arb_move *q = realloc(cand, n * sizeof *q);
                if (!q) {
                    free(cand);
                    return oom;
                }
                cand = q;
                cand_cap = n;
            }
            if (n)   /* an empty sheet is an empty line */
                memcpy(cand, moves, n * sizeof *cand);
            if (!line_positions(s, in->start, cand, n))
                continue;
            /* align() reads the candidate from s->best: swap it in */
            arb_move *keep = s->best;
            s->best = cand;
            int32_t total = 0;
            for (int v = 0; v < 2 && total != INT32_MAX; v++) {
                int32_t c2 = align(s, &s->sheet[v], n);
                total = c2 == INT32_MAX ? INT32_MAX : total + c2;
            }
            s->best = keep;
            /* on a tie, the longer line: a move one sheet left out is likelier than one the
             * other made up */
            if (total < best_cost || (total == best_cost && total != INT32_MAX && n > s->best_count)) {
                best_cost = total;
                s->best_count = n;
                for (size_t i = 0; i < n; i++) {
                    s->best[i] = cand[i];
                    for (int v = 0; v < 2; v++) {
                        s->best_at[v][i] = s->sheet[v].at[i];
                        s->best_reads[v][i] = s->sheet[v].reads[i];
                    }
                }
            }
        }
    }
    free(cand);
    if (best_cost == INT32_MAX) {
        out->status = ARB_SHEETS_NONE;
        return ok;
    }
    out->moves = s->best;
    out->move_count = s->best_count;
    out->cost = best_cost;
    /* the disagreements: plies where a sheet does not read as the move, and
     * tokens of a sheet that are no move of the game */
    size_t nd = 0;
    for (size_t i = 0; i < s->best_count; i++) {
        bool rw = s->best_reads[0][i], rb = s->best_reads[1][i];
        if (rw && rb)
            continue;
        arb_sheets_disagreement *d = &s->dis[nd++];
        d->ply = (uint32_t)i;
        d->white_token = s->best_at[0][i] >= 0 ? (int32_t)s->sheet[0].index[s->best_at[0][i]] : -1;
        d->black_token = s->best_at[1][i] >= 0 ? (int32_t)s->sheet[1].index[s->best_at[1][i]] : -1;
        d->winner = rw ? ARB_SHEETS_WHITE : rb ? ARB_SHEETS_BLACK : ARB_SHEETS_NEITHER;
        d->extra = false;
    }
    for (int v = 0; v < 2; v++) {
        /* tokens aligned with no ply */
        size_t next_ply = 0;
        uint8_t *used = s->sheet[v].reads;   /* reuse as scratch: mark aligned tokens */
        memset(used, 0, s->sheet[v].count);
        for (size_t i = 0; i < s->best_count; i++)
            if (s->best_at[v][i] >= 0)
                used[s->best_at[v][i]] = 1;
        for (size_t k = 0; k < s->sheet[v].count && nd < 2 * s->cap; k++) {
            while (next_ply < s->best_count && (s->best_at[v][next_ply] < 0 || (size_t)s->best_at[v][next_ply] < k))
                next_ply++;
            if (used[k])
                continue;
            arb_sheets_disagreement *d = &s->dis[nd++];
            d->ply = (uint32_t)next_ply;
            d->white_token = v == 0 ? (int32_t)s->sheet[0].index[k] : -1;
            d->black_token = v == 1 ? (int32_t)s->sheet[1].index[k] : -1;
            d->winner = v == 0 ? ARB_SHEETS_BLACK : ARB_SHEETS_WHITE;
            d->extra = true;
        }
    }
    out->disagreements = s->dis;
    out->disagreement_count = nd;
    out->status = nd == 0 ? ARB_SHEETS_AGREE : ARB_SHEETS_RECONCILED;
    return ok;
}
