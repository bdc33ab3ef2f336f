/* trf_check.c — games matched to the report's pairings; what disagrees. */
#include "trf_check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "name_match.h"

#define MAX_CANDIDATES 8

/* snprintf for texts that may be cut (names are long, messages bounded) */
static int text(char *dst, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static int text(char *dst, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(dst, size, fmt, ap);
    va_end(ap);
    return n;
}

/* Which game a pairing has, kept in the lower start rank's cell. */
typedef struct claim {
    uint32_t file;          /* index + 1 into files; 0: no game yet */
    int32_t line;
    bool disagrees;
} claim;

struct arb_trf_check {
    const arb_trf *trf;
    arb_name_key *keys;     /* per player */
    claim *claims;          /* per cell */
    char **files;
    size_t file_count, file_cap;
    int rounds;
    unsigned *found, *extra, *disagreeing;   /* per round, [rounds + 1]: no known round */
};

typedef struct candidate {
    int player;             /* index into trf->players */
    int agreement;          /* enum arb_name_agreement */
    bool by_id;             /* the FideId tag names this player */
} candidate;

/* One side of a game, as the tags give it and as matched. */
typedef struct side {
    const char *tag;        /* "White" */
    const char *name;       /* the tag's value, NULL when absent */
    const char *id_text;    /* the FideId tag's value */
    uint64_t id;            /* 0 when absent or not a number */
    candidate cand[MAX_CANDIDATES];
    int count;
    const arb_trf_player *player;   /* the match */
    int agreement;
    bool by_id;
} side;

arb_trf_check *arb_trf_check_new(const arb_trf *trf)
{
    arb_trf_check *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->trf = trf;
    c->rounds = trf->rounds;
    size_t rows = (size_t)c->rounds + 2;
    c->keys = calloc(trf->player_count ? trf->player_count : 1, sizeof *c->keys);
    c->claims = calloc(trf->cell_count ? trf->cell_count : 1, sizeof *c->claims);
    c->found = calloc(rows, sizeof *c->found);
    c->extra = calloc(rows, sizeof *c->extra);
    c->disagreeing = calloc(rows, sizeof *c->disagreeing);
    if (!c->keys || !c->claims || !c->found || !c->extra || !c->disagreeing) {
        arb_trf_check_free(c);
        return NULL;
    }
    for (size_t i = 0; i < trf->player_count; i++)
        arb_name_key_make(trf->players[i].name, &c->keys[i]);
    return c;
}

void arb_trf_check_free(arb_trf_check *c)
{
    if (!c)
        return;
    for (size_t i = 0; i < c->file_count; i++)
        free(c->files[i]);
    free(c->files);
    free(c->keys);
    free(c->claims);
    free(c->found);
    free(c->extra);
    free(c->disagreeing);
    free(c);
}

int arb_trf_check_rounds(const arb_trf_check *c)
{
    return c->rounds;
}

/* ---- the report ------------------------------------------------------------- */

static const arb_trf_cell *cell_of(const arb_trf_check *c, const arb_trf_player *p, int round)
{
    return p ? arb_trf_cell_of(c->trf, p, round) : NULL;
}

static bool paired(const arb_trf_check *c, const arb_trf_player *p, const arb_trf_player *q, int round)
{
    const arb_trf_cell *a = cell_of(c, p, round);
    return a && q && a->opponent == q->rank && a->result != '?' && a->result != ' ';
}

/* The claim of the pairing of p and q in round: kept in the cell of the
 * lower start rank, or of the other when only its line names the pairing. */
static claim *claim_of(arb_trf_check *c, const arb_trf_player *p, const arb_trf_player *q, int round)
{
    const arb_trf_player *low = q && q->rank < p->rank ? q : p, *high = low == p ? q : p;
    if (high && !paired(c, low, high, round) && paired(c, high, low, round))
        low = high;
    if (round < 1 || round > low->cell_count)
        return NULL;
    return &c->claims[low->first_cell + (size_t)round - 1];
}

/* The result for White of a cell whose player had White. */
static int result_of(char result)
{
    switch (result) {
    case '1': case 'W': case '+': return ARB_PGN_RESULT_WHITE;
    case '0': case 'L': case '-': return ARB_PGN_RESULT_BLACK;
    case '=': case 'D': return ARB_PGN_RESULT_DRAW;
    default: return ARB_PGN_RESULT_NONE;
    }
}

/* "1-0" for the pairing as the report has it, from its White's cell;
 * "1-0 by forfeit", "0-0 (double forfeit)". */
static void report_result(const arb_trf_cell *white, const arb_trf_cell *black, char *buf, size_t size)
{
    /* (a line that does not name the other back has no cell here) */
    char white_result = white ? white->result : ' ', black_result = black ? black->result : ' ';
    if (white_result == '-' && black_result == '-')
        text(buf, size, "0-0 (both forfeited)");
    else
        text(buf, size, "%s%s", arb_pgn_result_text(result_of(white_result)),
                 white_result == '+' || white_result == '-' ? " by forfeit" :
                 strchr("WDL", white_result) ? " (not rated)" : "");
}

/* Fills the finding's pairing: the report's White first when the cells say
 * who had White, else the lower start rank. */
static void set_pairing(const arb_trf_check *c, arb_finding *f, const arb_trf_player *a,
                        const arb_trf_player *b, int round)
{
    struct arb_finding_pairing *p = &f->pairing;
    const arb_trf_cell *ca = cell_of(c, a, round);
    if (b && ((ca && ca->colour == 'b') || (!ca && a->rank > b->rank) ||
              (ca && ca->colour == '-' && a->rank > b->rank))) {
        const arb_trf_player *t = a;
        a = b;
        b = t;
    }
    p->round = round;
    text(p->report, sizeof p->report, "%s", c->trf->source);
    if (a) {
        p->white_rank = a->rank;
        text(p->white, sizeof p->white, "%s", a->name);
        p->report_line = a->line;
    }
    if (b) {
        p->black_rank = b->rank;
        text(p->black, sizeof p->black, "%s", b->name);
    }
}

/* The white and black of a pairing as the report has them. */
static void report_colours(const arb_trf_check *c, const arb_trf_player **a, const arb_trf_player **b,
                           int round)
{
    const arb_trf_cell *ca = cell_of(c, *a, round);
    if (ca && ca->colour == 'b') {
        const arb_trf_player *t = *a;
        *a = *b;
        *b = t;
    }
}

static arb_finding *add(arb_lint_report *r, int check, int severity, int32_t line, int col,
                        const char *key)
{
    arb_finding *f = arb_lint_report_add(r, check, severity);
    if (f) {
        f->line = line;
        f->col = col;
        text(f->key, sizeof f->key, "%s", key);
    }
    return f;
}

static void inconsistent(arb_trf_check *c, arb_lint_report *r, const arb_trf_player *p,
                         const arb_trf_player *q, int round, int col, const char *fmt, ...)
    __attribute__((format(printf, 7, 8)));

static void inconsistent(arb_trf_check *c, arb_lint_report *r, const arb_trf_player *p,
                         const arb_trf_player *q, int round, int col, const char *fmt, ...)
{
    arb_finding *f = add(r, ARB_CHECK_TRF_INCONSISTENT, ARB_SEVERITY_ERROR, p->line, col, "trf-inconsistent");
    if (!f)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->reason, sizeof f->reason, fmt, ap);
    va_end(ap);
    set_pairing(c, f, p, q, round);
    f->pairing.report_line = p->line;
    text(f->message, sizeof f->message, "the report disagrees with itself: %s", f->reason);
}

static bool complementary(char a, char b)
{
    static const char *const pairs[] = {"10", "01", "==", "+-", "-+", "--", "WL", "LW", "DD"};
    for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++)
        if (pairs[i][0] == a && pairs[i][1] == b)
            return true;
    return false;
}

static void reset_event_report(const arb_trf_check *c, arb_lint_report *r)
{
    arb_lint_report_reset(r);
    r->source = c->trf->source;
    r->no_game = true;
}

void arb_trf_check_report(arb_trf_check *c, arb_lint_report *r)
{
    const arb_trf *t = c->trf;
    reset_event_report(c, r);
    for (size_t i = 0; i < t->player_count; i++) {
        const arb_trf_player *p = &t->players[i];
        int points = 0;
        bool readable = true;   /* points are compared only when every cell was read */
        for (int round = 1; round <= p->cell_count; round++) {
            const arb_trf_cell *a = cell_of(c, p, round);
            points += arb_trf_result_tenths(a->result);
            readable = readable && a->result != '?';
            if (a->opponent == 0 || a->result == '?')
                continue;
            const arb_trf_player *q = arb_trf_player_by_rank(t, a->opponent);
            if (!q) {
                inconsistent(c, r, p, NULL, round, a->col, "round %d: %s (%d) plays start rank %d, which has "
                             "no player line (001)", round, p->name, p->rank, a->opponent);
                continue;
            }
            if (q == p) {
                inconsistent(c, r, p, NULL, round, a->col, "round %d: %s (%d) is paired with themself",
                             round, p->name, p->rank);
                continue;
            }
            const arb_trf_cell *b = cell_of(c, q, round);
            if (!b || b->opponent != p->rank) {
                /* said once, from the side that names the other */
                if (b && b->result == '?')
                    continue;
                inconsistent(c, r, p, q, round, a->col, "round %d: %s (%d) plays %s (%d), whose line has %s",
                             round, p->name, p->rank, q->name, q->rank,
                             !b || b->result == ' ' ? "no game that round" : "another opponent that round");
                continue;
            }
            if (q->rank < p->rank)
                continue;   /* the pair was seen from q */
            bool opposite = (a->colour == 'w' && b->colour == 'b') || (a->colour == 'b' && b->colour == 'w') ||
                            (a->colour == '-' && b->colour == '-' && !arb_trf_result_played(a->result));
            if (!opposite)
                inconsistent(c, r, p, q, round, a->col + 5, "round %d: %s (%d) has colour %c and %s (%d) "
                             "colour %c, expected one w and the other b", round, p->name, p->rank,
                             a->colour, q->name, q->rank, b->colour);
            if (!complementary(a->result, b->result))
                inconsistent(c, r, p, q, round, a->col + 7, "round %d: %s (%d) has result %c and %s (%d) "
                             "result %c, which do not add up to one game", round, p->name, p->rank,
                             a->result, q->name, q->rank, b->result);
        }
        if (readable && p->points_tenths >= 0 && p->points_tenths != points)
            inconsistent(c, r, p, NULL, 0, 81, "%s (%d) has %d.%d points, but the results add up to %d.%d",
                         p->name, p->rank, p->points_tenths / 10, p->points_tenths % 10, points / 10,
                         points % 10);
    }
}

/* ---- one game --------------------------------------------------------------- */

static const arb_pgn_tag *find_tag(const arb_pgn_game *g, const char *name)
{
    for (size_t i = 0; i < g->tag_count; i++)
        if (strcmp(g->tags[i].name, name) == 0)
            return &g->tags[i];
    return NULL;
}

/* Where a finding about this tag goes: the tag, else the game's start. */
static void tag_place(const arb_pgn_game *g, const char *name, int32_t *line, int *col)
{
    const arb_pgn_tag *t = find_tag(g, name);
    *line = t ? t->line : g->line;
    *col = t ? t->col : g->col;
}

static uint64_t parse_id(const char *s)
{
    if (!s)
        return 0;
    while (*s == ' ')
        s++;
    uint64_t v = 0;
    int digits = 0;
    for (; *s >= '0' && *s <= '9' && digits < 15; s++, digits++)
        v = v * 10 + (uint64_t)(*s - '0');
    while (*s == ' ')
        s++;
    return *s || !digits ? 0 : v;
}

/* "5" or "5.12" (round 5, board 12); 0 when there is no round number. */
static int parse_round(const char *s)
{
    if (!s)
        return 0;
    int v = 0, digits = 0;
    for (; *s >= '0' && *s <= '9' && digits < 6; s++, digits++)
        v = v * 10 + (*s - '0');
    return digits && (*s == '\0' || *s == '.') ? v : 0;
}

static void find_candidates(const arb_trf_check *c, side *s)
{
    const arb_trf *t = c->trf;
    s->count = 0;
    arb_name_key key;
    if (s->name)
        arb_name_key_make(s->name, &key);
    for (size_t i = 0; i < t->player_count; i++) {
        bool by_id = s->id && t->players[i].fide_id == s->id;
        int agreement = s->name ? arb_name_compare(&key, &c->keys[i]) : ARB_NAME_DIFFERENT;
        if (!by_id && agreement == ARB_NAME_DIFFERENT)
            continue;
        candidate cand = {(int)i, agreement, by_id};
        /* keep the best: by ID, then by agreement */
        int at = s->count;
        while (at > 0 && (by_id > s->cand[at - 1].by_id ||
                          (by_id == s->cand[at - 1].by_id && agreement > s->cand[at - 1].agreement)))
            at--;
        if (at >= MAX_CANDIDATES)
            continue;
        int last = s->count < MAX_CANDIDATES ? s->count : MAX_CANDIDATES - 1;
        memmove(&s->cand[at + 1], &s->cand[at], (size_t)(last - at) * sizeof *s->cand);
        s->cand[at] = cand;
        if (s->count < MAX_CANDIDATES)
            s->count++;
    }
}

static int strength(const candidate *k)
{
    return (k->by_id ? 8 : 0) + k->agreement;
}

/* The round of the pairing of a and b: the game's round when they are
 * paired in it, else their first pairing without a game, else their first;
 * 0 when they are never paired. */
static int pairing_round(arb_trf_check *c, const arb_trf_player *a, const arb_trf_player *b, int game_round)
{
    /* either line naming the other will do (the report's self-check says
     * when only one does) */
    if (game_round && (paired(c, a, b, game_round) || paired(c, b, a, game_round)))
        return game_round;
    int first = 0;
    for (int round = 1; round <= c->rounds; round++) {
        if (!paired(c, a, b, round) && !paired(c, b, a, round))
            continue;
        claim *k = claim_of(c, a, b, round);
        if (k && !k->file)
            return round;
        if (!first)
            first = round;
    }
    return first;
}

/* Chooses the players of a game: the pair of candidates the report pairs
 * (in the game's round best), strongest first.  Returns the round. */
static int choose_pair(arb_trf_check *c, side *w, side *b, int game_round)
{
    const arb_trf *t = c->trf;
    int best = 0, best_round = 0;
    for (int i = 0; i < w->count; i++)
        for (int j = 0; j < b->count; j++) {
            const arb_trf_player *pw = &t->players[w->cand[i].player], *pb = &t->players[b->cand[j].player];
            if (pw == pb)
                continue;
            int round = pairing_round(c, pw, pb, game_round);
            if (!round)
                continue;
            int score = (round == game_round ? 1000 : 500) + strength(&w->cand[i]) + strength(&b->cand[j]);
            if (score > best) {
                best = score;
                best_round = round;
                w->player = pw;
                w->agreement = w->cand[i].agreement;
                w->by_id = w->cand[i].by_id;
                b->player = pb;
                b->agreement = b->cand[j].agreement;
                b->by_id = b->cand[j].by_id;
            }
        }
    return best_round;
}

/* One side known (by ID or all its words), the other not recognisably
 * anyone: the game is taken to be the known player's pairing of its round,
 * the other name a variant. */
static int rescue(arb_trf_check *c, side *known, side *other, int game_round)
{
    if (!known->count || !game_round || strength(&known->cand[0]) < ARB_NAME_WORDS)
        return 0;
    if (known->count > 1 && strength(&known->cand[1]) == strength(&known->cand[0]))
        return 0;
    if (other->count && strength(&other->cand[0]) >= ARB_NAME_WORDS)
        return 0;
    const arb_trf_player *p = &c->trf->players[known->cand[0].player];
    const arb_trf_cell *cell = cell_of(c, p, game_round);
    if (!cell || !cell->opponent || cell->result == '?')
        return 0;
    const arb_trf_player *q = arb_trf_player_by_rank(c->trf, cell->opponent);
    if (!q)
        return 0;
    known->player = p;
    known->agreement = known->cand[0].agreement;
    known->by_id = known->cand[0].by_id;
    other->player = q;
    other->agreement = ARB_NAME_DIFFERENT;
    other->by_id = false;
    return game_round;
}

static uint32_t file_index(arb_trf_check *c, const char *source)
{
    if (c->file_count && strcmp(c->files[c->file_count - 1], source) == 0)
        return (uint32_t)c->file_count;
    if (!arb_grow(&c->files, &c->file_cap, c->file_count + 1, sizeof *c->files))
        return 0;
    char *copy = strdup(source);
    if (!copy)
        return 0;
    c->files[c->file_count++] = copy;
    return (uint32_t)c->file_count;
}

static void extra_game(arb_trf_check *c, const arb_pgn_game *g, arb_lint_report *r, side *w, side *b,
                       int game_round)
{
    /* name the closest players the report has, if any */
    char dw[200], db[200];
    const arb_trf *t = c->trf;
    side *sides[2] = {w, b};
    char *texts[2] = {dw, db};
    for (int i = 0; i < 2; i++) {
        side *s = sides[i];
        if (!s->name)
            text(texts[i], 200, "no %s tag", s->tag);
        else if (s->count)
            text(texts[i], 200, "%s \"%s\" is %s (%d)", s->tag, s->name,
                     t->players[s->cand[0].player].name, t->players[s->cand[0].player].rank);
        else
            text(texts[i], 200, "%s \"%s\" is not in the report", s->tag, s->name);
    }
    arb_finding *f = add(r, ARB_CHECK_TRF_EXTRA_GAME, ARB_SEVERITY_ERROR, g->line, g->col, "trf-extra-game");
    if (!f)
        return;
    const arb_trf_player *pw = w->count ? &t->players[w->cand[0].player] : NULL;
    const arb_trf_player *pb = b->count ? &t->players[b->cand[0].player] : NULL;
    text(f->reason, sizeof f->reason, "%s, %s%s", dw, db,
             pw && pb ? ", who are not paired" : "");
    if (game_round && pw && pb)
        text(f->reason + strlen(f->reason), sizeof f->reason - strlen(f->reason), " in any round");
    set_pairing(c, f, pw ? pw : pb, pw ? pb : NULL, game_round <= c->rounds ? game_round : 0);
    if (!pw && !pb)
        f->pairing.report_line = 0;
    text(f->message, sizeof f->message, "no pairing of the report matches this game: %s", f->reason);
    c->extra[game_round >= 1 && game_round <= c->rounds ? game_round : c->rounds + 1]++;
}

static void side_findings(arb_trf_check *c, const arb_pgn_game *g, arb_lint_report *r, const side *s,
                          const arb_trf_player *pw, const arb_trf_player *pb, int round, bool *disagrees)
{
    int32_t line;
    int col;
    char id_tag[16];
    text(id_tag, sizeof id_tag, "%sFideId", s->tag);
    if (s->id && s->player->fide_id && s->id != s->player->fide_id) {
        tag_place(g, id_tag, &line, &col);
        arb_finding *f = add(r, ARB_CHECK_TRF_PLAYER_ID, ARB_SEVERITY_ERROR, line, col, "trf-player-id");
        if (f) {
            const arb_trf_player *owner = NULL;
            for (size_t i = 0; i < c->trf->player_count && !owner; i++)
                if (c->trf->players[i].fide_id == s->id)
                    owner = &c->trf->players[i];
            text(f->reason, sizeof f->reason, "%s %s", id_tag, s->id_text);
            if (owner)
                text(f->expected, sizeof f->expected, "it is %s (%d)'s; %s (%d) has %llu", owner->name,
                         owner->rank, s->player->name, s->player->rank, (unsigned long long)s->player->fide_id);
            else
                text(f->expected, sizeof f->expected, "%s (%d) has %llu", s->player->name, s->player->rank,
                         (unsigned long long)s->player->fide_id);
            set_pairing(c, f, pw, pb, round);
            f->pairing.report_line = s->player->line;
            text(f->message, sizeof f->message, "%s contradicts the report (%s:%d): %s", f->reason,
                     f->pairing.report, (int)f->pairing.report_line, f->expected);
        }
        *disagrees = true;
    }
    if (s->agreement != ARB_NAME_SAME) {
        tag_place(g, s->tag, &line, &col);
        arb_finding *f = add(r, ARB_CHECK_TRF_PLAYER_NAME, ARB_SEVERITY_WARNING, line, col, "trf-player-name");
        if (f) {
            text(f->reason, sizeof f->reason, "%s \"%s\"%s", s->tag, s->name ? s->name : "",
                     s->by_id ? " (by FIDE ID)" : s->agreement == ARB_NAME_DIFFERENT ? " (by the pairing)" : "");
            text(f->expected, sizeof f->expected, "%s (%d)", s->player->name, s->player->rank);
            set_pairing(c, f, pw, pb, round);
            f->pairing.report_line = s->player->line;
            text(f->message, sizeof f->message, "%s is taken to be %s, as the report (%s:%d) spells the name",
                     f->reason, f->expected, f->pairing.report, (int)f->pairing.report_line);
        }
    }
}

void arb_trf_check_game(arb_trf_check *c, const arb_pgn_game *g, arb_lint_report *r)
{
    side w = {.tag = "White"}, b = {.tag = "Black"};
    w.name = arb_pgn_game_tag(g, "White");
    b.name = arb_pgn_game_tag(g, "Black");
    w.id_text = arb_pgn_game_tag(g, "WhiteFideId");
    b.id_text = arb_pgn_game_tag(g, "BlackFideId");
    w.id = parse_id(w.id_text);
    b.id = parse_id(b.id_text);
    const char *round_tag = arb_pgn_game_tag(g, "Round");
    int game_round = parse_round(round_tag);
    find_candidates(c, &w);
    find_candidates(c, &b);
    int round = choose_pair(c, &w, &b, game_round);
    if (!round)
        round = rescue(c, &w, &b, game_round);
    if (!round)
        round = rescue(c, &b, &w, game_round);
    if (!round) {
        extra_game(c, g, r, &w, &b, game_round);
        return;
    }
    const arb_trf_player *pw = w.player, *pb = b.player;
    /* the report's White and Black, for the messages */
    const arb_trf_player *rw = pw, *rb = pb;
    report_colours(c, &rw, &rb, round);
    const arb_trf_cell *cw = cell_of(c, pw, round), *cb = cell_of(c, pb, round);
    bool disagrees = false;
    int32_t line;
    int col;
    arb_finding *f;
    claim *k = claim_of(c, pw, pb, round);
    uint32_t file = file_index(c, g->source ? g->source : "-");
    if (k && k->file) {
        f = add(r, ARB_CHECK_TRF_DUPLICATE_GAME, ARB_SEVERITY_ERROR, g->line, g->col, "trf-duplicate-game");
        if (f) {
            text(f->reason, sizeof f->reason, "%s:%d", c->files[k->file - 1], (int)k->line);
            set_pairing(c, f, rw, rb, round);
            text(f->message, sizeof f->message, "round %d: a second game for %s (%d) \xE2\x80\x93 %s (%d); the "
                     "first is %s", round, rw->name, rw->rank, rb->name, rb->rank, f->reason);
        }
        c->extra[round]++;
        return;
    }
    if (k) {
        k->file = file;
        k->line = g->line;
    }
    if (cw && arb_trf_result_played(cw->result))
        c->found[round]++;
    /* the round */
    if (round != game_round) {
        tag_place(g, "Round", &line, &col);
        f = add(r, ARB_CHECK_TRF_ROUND, ARB_SEVERITY_ERROR, line, col, "trf-round");
        if (f) {
            text(f->result, sizeof f->result, "%.14s", round_tag ? round_tag : "(none)");
            set_pairing(c, f, rw, rb, round);
            text(f->message, sizeof f->message, "Round tag %s, but the report (%s:%d) pairs %s (%d) \xE2\x80\x93 "
                     "%s (%d) in round %d", f->result, f->pairing.report, (int)f->pairing.report_line,
                     rw->name, rw->rank, rb->name, rb->rank, round);
        }
        disagrees = true;
    }
    /* colours */
    if (cw && cw->colour == 'b') {
        tag_place(g, "White", &line, &col);
        f = add(r, ARB_CHECK_TRF_COLOURS, ARB_SEVERITY_ERROR, line, col, "trf-colours");
        if (f) {
            set_pairing(c, f, rw, rb, round);
            text(f->message, sizeof f->message, "round %d: White and Black reversed; the report (%s:%d) has "
                     "%s (%d) \xE2\x80\x93 %s (%d)", round, f->pairing.report, (int)f->pairing.report_line,
                     rw->name, rw->rank, rb->name, rb->rank);
        }
        disagrees = true;
    }
    /* forfeits and byes with moves */
    bool has_moves = g->main_line_plies > 0 || g->error_count > 0;
    if (((cw && strchr("+-", cw->result)) || (cb && strchr("+-", cb->result))) && has_moves) {
        f = add(r, ARB_CHECK_TRF_FORFEIT_PLAYED, ARB_SEVERITY_ERROR, g->line, g->col, "trf-forfeit-played");
        if (f) {
            const arb_trf_cell *crw = cell_of(c, rw, round), *crb = cell_of(c, rb, round);
            report_result(crw, crb, f->expected, sizeof f->expected);
            set_pairing(c, f, rw, rb, round);
            text(f->message, sizeof f->message, "round %d: the game has moves, but the report (%s:%d) has %s "
                     "for %s (%d) \xE2\x80\x93 %s (%d)", round, f->pairing.report, (int)f->pairing.report_line,
                     f->expected, rw->name, rw->rank, rb->name, rb->rank);
        }
        disagrees = true;
    }
    /* the result, for the game's White */
    int expected = cw ? result_of(cw->result) : ARB_PGN_RESULT_NONE;
    if (cw && cb && cw->result == '-' && cb->result == '-')
        expected = ARB_PGN_RESULT_NONE;   /* both forfeited: no result a game can show */
    int result = arb_pgn_game_result(g);
    if (expected != ARB_PGN_RESULT_NONE && result != expected) {
        tag_place(g, "Result", &line, &col);
        f = add(r, ARB_CHECK_TRF_RESULT, ARB_SEVERITY_ERROR, line, col, "trf-result");
        if (f) {
            const arb_trf_cell *crw = cell_of(c, rw, round), *crb = cell_of(c, rb, round);
            text(f->result, sizeof f->result, "%s", arb_pgn_result_text(result));
            report_result(crw, crb, f->expected, sizeof f->expected);
            set_pairing(c, f, rw, rb, round);
            text(f->message, sizeof f->message, "round %d: result %s, but the report (%s:%d) has %s for "
                     "%s (%d) \xE2\x80\x93 %s (%d)", round, f->result, f->pairing.report,
                     (int)f->pairing.report_line, f->expected, rw->name, rw->rank, rb->name, rb->rank);
        }
        disagrees = true;
    }
    side_findings(c, g, r, &w, rw, rb, round, &disagrees);
    side_findings(c, g, r, &b, rw, rb, round, &disagrees);
    if (disagrees) {
        c->disagreeing[round]++;
        if (k)
            k->disagrees = true;
    }
}

/* ---- the end ---------------------------------------------------------------- */

/* The opponent of p in round when they played over the board and p has the
 * lower start rank (so that each pairing is counted once), else NULL. */
static const arb_trf_player *played_opponent(const arb_trf_check *c, const arb_trf_player *p, int round)
{
    const arb_trf_cell *a = cell_of(c, p, round);
    if (!a || !arb_trf_result_played(a->result))
        return NULL;
    const arb_trf_player *q = arb_trf_player_by_rank(c->trf, a->opponent);
    return q && q->rank > p->rank && paired(c, q, p, round) ? q : NULL;
}

void arb_trf_check_finish(arb_trf_check *c, arb_lint_report *r)
{
    const arb_trf *t = c->trf;
    reset_event_report(c, r);
    for (int round = 1; round <= c->rounds; round++)
        for (size_t i = 0; i < t->player_count; i++) {
            const arb_trf_player *p = &t->players[i], *q = played_opponent(c, p, round);
            if (!q)
                continue;
            claim *k = claim_of(c, p, q, round);
            if (!k || k->file)
                continue;
            const arb_trf_player *rw = p, *rb = q;
            report_colours(c, &rw, &rb, round);
            const arb_trf_cell *crw = cell_of(c, rw, round), *crb = cell_of(c, rb, round);
            arb_finding *f = add(r, ARB_CHECK_TRF_MISSING_GAME, ARB_SEVERITY_ERROR, rw->line, crw->col,
                                 "trf-missing-game");
            if (!f)
                continue;
            report_result(crw, crb, f->expected, sizeof f->expected);
            set_pairing(c, f, rw, rb, round);
            text(f->message, sizeof f->message, "round %d: no game for %s (%d) \xE2\x80\x93 %s (%d), %s in the "
                     "report (%s:%d)", round, rw->name, rw->rank, rb->name, rb->rank, f->expected,
                     f->pairing.report, (int)f->pairing.report_line);
        }
}

/* ---- the summary ------------------------------------------------------------ */

size_t arb_trf_check_summary(const arb_trf_check *c, arb_trf_round_summary *rows, size_t cap)
{
    size_t n = (size_t)c->rounds + 2;
    if (cap < n)
        return 0;
    memset(rows, 0, n * sizeof *rows);
    const arb_trf *t = c->trf;
    for (int round = 1; round <= c->rounds; round++) {
        arb_trf_round_summary *row = &rows[round];
        row->round = round;
        for (size_t i = 0; i < t->player_count; i++) {
            const arb_trf_player *p = &t->players[i];
            if (!played_opponent(c, p, round))
                continue;
            row->expected++;
            const claim *k = &c->claims[p->first_cell + (size_t)round - 1];
            if (!k->file)
                row->missing++;
        }
        row->found = c->found[round];
        row->extra = c->extra[round];
        row->disagreeing = c->disagreeing[round];
    }
    rows[n - 1].round = 0;
    rows[n - 1].extra = c->extra[c->rounds + 1];
    for (size_t i = 1; i < n; i++) {
        rows[0].expected += rows[i].expected;
        rows[0].found += rows[i].found;
        rows[0].missing += rows[i].missing;
        rows[0].extra += rows[i].extra;
        rows[0].disagreeing += rows[i].disagreeing;
    }
    return n;
}

static arb_trf_round_summary *summary_rows(const arb_trf_check *c, size_t *n)
{
    size_t count = (size_t)c->rounds + 2;
    arb_trf_round_summary *rows = calloc(count, sizeof *rows);
    *n = rows ? arb_trf_check_summary(c, rows, count) : 0;
    return rows;
}

bool arb_trf_summary_format_text(const arb_trf_check *c, arb_strbuf *out)
{
    size_t n;
    arb_trf_round_summary *rows = summary_rows(c, &n);
    if (!rows)
        return false;
    bool ok = arb_strbuf_printf(out, "%s%s%s\n%-7s %8s %6s %8s %6s %12s\n", c->trf->source,
                                c->trf->event[0] ? ": " : "", c->trf->event, "round", "expected", "found",
                                "missing", "extra", "disagreeing");
    for (size_t i = 1; i + 1 < n && ok; i++)
        ok = arb_strbuf_printf(out, "%-7d %8u %6u %8u %6u %12u\n", rows[i].round, rows[i].expected,
                               rows[i].found, rows[i].missing, rows[i].extra, rows[i].disagreeing);
    if (ok && rows[n - 1].extra)
        ok = arb_strbuf_printf(out, "%-7s %8s %6s %8s %6u %12s\n", "?", "", "", "", rows[n - 1].extra, "");
    ok = ok && arb_strbuf_printf(out, "%-7s %8u %6u %8u %6u %12u\n", "total", rows[0].expected, rows[0].found,
                                 rows[0].missing, rows[0].extra, rows[0].disagreeing);
    free(rows);
    return ok;
}

static bool json_row(arb_strbuf *out, const arb_trf_round_summary *row)
{
    return arb_strbuf_printf(out, "\"expected\":%u,\"found\":%u,\"missing\":%u,\"extra\":%u,\"disagreeing\":%u}",
                             row->expected, row->found, row->missing, row->extra, row->disagreeing);
}

bool arb_trf_summary_format_json(const arb_trf_check *c, arb_strbuf *out)
{
    size_t n;
    arb_trf_round_summary *rows = summary_rows(c, &n);
    if (!rows)
        return false;
    bool ok = arb_strbuf_puts(out, "{\"type\":\"trf-summary\",\"report\":") &&
              arb_strbuf_json_string(out, c->trf->source) && arb_strbuf_puts(out, ",\"event\":") &&
              arb_strbuf_json_string(out, c->trf->event) && arb_strbuf_puts(out, ",\"rounds\":[");
    for (size_t i = 1; i + 1 < n && ok; i++)
        ok = arb_strbuf_printf(out, "%s{\"round\":%d,", i > 1 ? "," : "", rows[i].round) && json_row(out, &rows[i]);
    if (ok && rows[n - 1].extra)
        ok = arb_strbuf_printf(out, "%s{\"round\":null,", n > 2 ? "," : "") && json_row(out, &rows[n - 1]);
    ok = ok && arb_strbuf_puts(out, "],\"total\":{") && json_row(out, &rows[0]) && arb_strbuf_puts(out, "}\n");
    free(rows);
    return ok;
}
