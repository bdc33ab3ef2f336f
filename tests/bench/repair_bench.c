/* repair_bench.c — the repair search's evaluation corpus and figures
 * (make bench, section tests/bench/repair.sh).
 *
 *   repair-bench SOURCE.pgn[.gz] [GAMES] [--write CORPUS.pgn]
 *
 * Takes the first GAMES (default 200) games of SOURCE that replay, from the
 * standard position, with at least 20 plies, and plants in each, with a
 * fixed seed, one recording error of each kind:
 *   piece      another piece letter (Nf3 -> Bf3)
 *   square     destination one file or rank off (Nf3 -> Ng3)
 *   capture    capture mark added or dropped
 *   disamb     disambiguation dropped (Nbd7 -> Nd7)
 *   promotion  another promotion piece
 *   castling   the other castling side
 *   missing    a move left out
 *   twice      a move written twice
 *   swap       two moves of one player in swapped order
 *   later      a legal move close to the one played, so the game breaks only
 *              some plies later
 *   national   a Romanian scoresheet (R D T N C) with one knight move
 *              written with the English N (a bishop in Romanian)
 *   sheets     two scoresheets of the game with independent errors (one
 *              error of a random kind in each), reconciled (sheets.h)
 * An error that leaves the game replaying is not an error; another ply is
 * tried.  For each kind: how often the original game is the first
 * suggestion and among the first three, how often there is no repair within
 * limits, and the median and 99th-percentile time per game; then, as the
 * peer measured in the same run, the time to replay the same games as
 * written.  --write saves the planted games (one kind after another, the
 * kind in an [Error "kind"] tag, the original line in a comment before the
 * moves) for the tool-level run.  REPAIR_BENCH_KINDS
 * (a list of kind names) runs only those kinds; REPAIR_BENCH_VERBOSE=kind
 * shows where the first suggestion differs from the original;
 * REPAIR_BENCH_DUMP=kind,... lists each miss with the error planted, the
 * first three suggestions' edits and the original's rank and cost among 16;
 * REPAIR_BENCH_SEED=N plants with another seed (a check against fitting the
 * cost model to one seed's errors); REPAIR_BENCH_SKIP=N takes the games
 * after the first N (another check of the same kind).  Columns amb1 / amb3: misses whose first
 * suggestion (amb3: each of the first three, when the original is not among
 * them), written out and given one error of a kind plant() makes, gives the
 * written text exactly -- ambiguous: no reading of the text can tell.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "locales.h"
#include "grammar.h"
#include "notation.h"
#include "pgn_read.h"
#include "repair.h"
#include "sheets.h"

enum { K_PIECE, K_SQUARE, K_CAPTURE, K_DISAMB, K_PROMOTION, K_CASTLING, K_MISSING, K_TWICE, K_SWAP, K_LATER,
       K_NATIONAL, K_SHEETS, K_COUNT };
static const char *const kind_names[K_COUNT] = {"piece", "square", "capture", "disamb", "promotion", "castling",
                                                "missing", "twice", "swap", "later", "national", "sheets"};

#define MAX_PLIES 400
#define TOKEN_MAX 64

typedef struct source_game {
    arb_move moves[MAX_PLIES];
    size_t count;
    int result;
} source_game;

typedef struct tokens {
    char text[MAX_PLIES + 2][TOKEN_MAX];
    size_t count;
} tokens;

static uint64_t rng_state = 0x2545F4914F6CDD1Dull;
static uint64_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}
static size_t pick(size_t n) { return n ? (size_t)(rng() % n) : 0; }

static size_t planted_at;   /* the ply of the last error planted */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);   /* the machine may be shared */
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The game written in a notation. */
static void write_tokens(const source_game *g, const arb_notation *n, tokens *t)
{
    arb_position pos, next;
    arb_position_startpos(&pos);
    for (size_t i = 0; i < g->count; i++) {
        char buf[ARB_NOTATION_MAX];
        arb_notation_write(n, &pos, g->moves[i], buf);
        snprintf(t->text[i], TOKEN_MAX, "%s", buf);
        arb_position_make(&pos, g->moves[i], &next);
        pos = next;
    }
    t->count = g->count;
}

/* Plies that read as written. */
static size_t replayed(const tokens *t, const arb_notation *n)
{
    arb_position pos, next;
    arb_position_startpos(&pos);
    for (size_t i = 0; i < t->count; i++) {
        arb_move m;
        if (arb_notation_read(n, &pos, t->text[i], strlen(t->text[i]), &m, NULL, NULL) != ARB_SAN_OK)
            return i;
        arb_position_make(&pos, m, &next);
        pos = next;
    }
    return t->count;
}

static arb_position position_at(const source_game *g, size_t ply)
{
    arb_position pos, next;
    arb_position_startpos(&pos);
    for (size_t i = 0; i < ply; i++) {
        arb_position_make(&pos, g->moves[i], &next);
        pos = next;
    }
    return pos;
}

static bool is_piece_letter(char c) { return c && strchr("NBRQK", c) != NULL; }

/* The last square written in a token (its destination), or NULL. */
static char *last_square(char *s)
{
    char *found = NULL;
    for (char *p = s; p[0] && p[1]; p++)
        if (p[0] >= 'a' && p[0] <= 'h' && p[1] >= '1' && p[1] <= '8')
            found = p;
    return found;
}

static void remove_char(char *s, size_t i) { memmove(s + i, s + i + 1, strlen(s + i)); }
static void insert_char(char *s, size_t i, char c)
{
    memmove(s + i + 1, s + i, strlen(s + i) + 1);
    s[i] = c;
}

/* One try at planting an error of `kind` at a random ply; false when that
 * ply does not lend itself to it. */
static bool plant(int kind, const source_game *g, tokens *t, const arb_notation *en)
{
    size_t n = t->count;
    size_t p = 2 + pick(n - 4);
    char *s = t->text[p];
    planted_at = p;
    switch (kind) {
    case K_PIECE: {
        if (!is_piece_letter(s[0]))
            return false;
        const char *letters = "NBRQK";
        char c;
        do
            c = letters[pick(5)];
        while (c == s[0]);
        s[0] = c;
        return true;
    }
    case K_SQUARE: {
        char *sq = last_square(s);
        if (!sq || s[0] == 'O')
            return false;
        int axis = (int)pick(2), step = pick(2) ? 1 : -1;
        char c = (char)(sq[axis] + step);
        if (axis == 0 ? (c < 'a' || c > 'h') : (c < '1' || c > '8'))
            return false;
        sq[axis] = c;
        return true;
    }
    case K_CAPTURE: {
        /* a pawn capture written as a push (exd5 -> d5), or a piece move
         * with a capture mark it does not make (tolerated, so seldom an
         * error on its own) */
        char *x = strchr(s, 'x');
        if (x && !is_piece_letter(s[0])) {
            memmove(s, x + 1, strlen(x + 1) + 1);
            return true;
        }
        if (x || !is_piece_letter(s[0]))
            return false;
        char *sq = last_square(s);
        if (!sq)
            return false;
        insert_char(s, (size_t)(sq - s), 'x');
        return true;
    }
    case K_DISAMB: {
        char *sq = last_square(s);
        if (!is_piece_letter(s[0]) || !sq)
            return false;
        size_t at = 1;
        if (s + at == sq || (s[at] == 'x' && s + at + 1 == sq))
            return false;   /* nothing between the letter and the square */
        remove_char(s, at);
        return true;
    }
    case K_PROMOTION: {
        for (size_t i = p; i < n; i++) {
            char *eq = strchr(t->text[i], '=');
            if (eq && is_piece_letter(eq[1])) {
                const char *letters = "QRBN";
                char c;
                do
                    c = letters[pick(4)];
                while (c == eq[1]);
                eq[1] = c;
                return true;
            }
        }
        return false;
    }
    case K_CASTLING:
        if (strncmp(s, "O-O-O", 5) == 0)
            remove_char(s, 3), remove_char(s, 3);
        else if (strncmp(s, "O-O", 3) == 0)
            insert_char(s, 3, 'O'), insert_char(s, 3, '-');
        else
            return false;
        return true;
    case K_MISSING:
        memmove(t->text[p], t->text[p + 1], (n - p - 1) * TOKEN_MAX);
        t->count--;
        return true;
    case K_TWICE:
        memmove(t->text[p + 1], t->text[p], (n - p) * TOKEN_MAX);
        t->count++;
        return true;
    case K_SWAP: {
        char tmp[TOKEN_MAX];
        memcpy(tmp, t->text[p], TOKEN_MAX);
        memcpy(t->text[p], t->text[p + 2], TOKEN_MAX);
        memcpy(t->text[p + 2], tmp, TOKEN_MAX);
        return strcmp(t->text[p], t->text[p + 2]) != 0;
    }
    case K_LATER: {
        arb_position pos = position_at(g, p);
        arb_move_spec spec;
        if (arb_notation_parse(en, s, strlen(s), &spec) != ARB_SAN_OK)
            return false;
        arb_movelist legal;
        arb_generate_legal(&pos, &legal);
        arb_move close[64];
        int nc = 0;
        for (int i = 0; i < legal.count && nc < 64; i++)
            if (legal.moves[i] != g->moves[p] && arb_repair_distance(&pos, &spec, NULL, legal.moves[i]) >= 0)
                close[nc++] = legal.moves[i];
        if (nc == 0)
            return false;
        char buf[ARB_NOTATION_MAX];
        arb_notation_write(en, &pos, close[pick((size_t)nc)], buf);
        snprintf(s, TOKEN_MAX, "%s", buf);
        return replayed(t, en) >= p + 2;
    }
    case K_NATIONAL:   /* tokens already in Romanian: a knight (C) written N */
        if (s[0] != 'C')
            return false;
        s[0] = 'N';
        return true;
    default:
        return false;
    }
}

/* REPAIR_BENCH_VERBOSE=kind: where the first suggestion differs from the
 * original game. */
static void show_miss(const source_game *s, const tokens *written, const arb_repair_result *res,
                      const arb_notation *en)
{
    const arb_repair *rep = &res->repairs[0];
    arb_position pos, next;
    arb_position_startpos(&pos);
    size_t i = 0;
    while (i < s->count && i < rep->move_count && s->moves[i] == rep->moves[i]) {
        arb_position_make(&pos, s->moves[i], &next);
        pos = next;
        i++;
    }
    char a[ARB_NOTATION_MAX] = "-", b[ARB_NOTATION_MAX] = "-";
    if (i < s->count)
        arb_notation_write(en, &pos, s->moves[i], a);
    if (i < rep->move_count)
        arb_notation_write(en, &pos, rep->moves[i], b);
    printf("  miss at ply %zu: original %s, first suggestion %s (cost %d, %d edits:", i, a, b, rep->cost,
           rep->edit_count);
    for (int e = 0; e < rep->edit_count; e++)
        printf(" %d@%u", rep->edits[e].kind, rep->edits[e].ply);
    printf(")\n");
    /* the stretch around it: the original, the written tokens, the suggestion */
    size_t from = i > 4 ? i - 4 : 0;
    const char *rows[3] = {"original", "written", "suggested"};
    for (int row = 0; row < 3; row++) {
        printf("    %-9s", rows[row]);
        arb_position_startpos(&pos);
        for (size_t k = 0; k < from + 10; k++) {
            const arb_move *line = row == 2 ? rep->moves : s->moves;
            size_t len = row == 2 ? rep->move_count : s->count;
            if (row == 1) {
                if (k >= from && k < written->count)
                    printf(" %s", written->text[k]);
                continue;
            }
            if (k >= len)
                break;
            if (k >= from) {
                arb_notation_write(en, &pos, line[k], a);
                printf(" %s", a);
            }
            arb_position_make(&pos, line[k], &next);
            pos = next;
        }
        printf("\n");
    }
}

static bool same_line(const arb_move *a, size_t na, const source_game *g)
{
    return na == g->count && memcmp(a, g->moves, na * sizeof *a) == 0;
}

/* ---- truly ambiguous misses ---------------------------------------------
 * A miss is ambiguous when the line suggested first, written out and given
 * an error of the same kind the same way plant() does, gives exactly the
 * text written: nothing in the text can then tell the two originals apart. */

static void line_tokens(const arb_move *line, size_t count, const arb_notation *n, tokens *t)
{
    source_game g;
    g.count = count < MAX_PLIES ? count : MAX_PLIES;
    memcpy(g.moves, line, g.count * sizeof *line);
    write_tokens(&g, n, t);
}

static bool same_tokens_but(const tokens *a, const tokens *b, size_t *diff)
{
    if (a->count != b->count)
        return false;
    size_t n = 0;
    for (size_t i = 0; i < a->count; i++)
        if (strcmp(a->text[i], b->text[i]) != 0) {
            *diff = i;
            n++;
        }
    return n == 1;
}

static bool could_write(int kind, const arb_move *line, size_t count, const tokens *w, const arb_notation *en)
{
    static tokens l;
    if (count > MAX_PLIES || count < 5)
        return false;
    line_tokens(line, count, en, &l);
    size_t n = l.count, q = 0;
    switch (kind) {
    case K_MISSING:
        if (n != w->count + 1)
            return false;
        for (q = 2; q + 3 <= n; q++) {
            bool same = true;
            for (size_t i = 0, j = 0; i < n && same; i++) {
                if (i == q)
                    continue;
                same = strcmp(l.text[i], w->text[j++]) == 0;
            }
            if (same)
                return true;
        }
        return false;
    case K_TWICE:
        if (n + 1 != w->count)
            return false;
        for (q = 2; q + 3 <= n; q++) {
            bool same = true;
            for (size_t i = 0; i < w->count && same; i++)
                same = strcmp(w->text[i], l.text[i <= q ? i : i - 1]) == 0;
            if (same)
                return true;
        }
        return false;
    case K_SWAP:
        if (n != w->count)
            return false;
        for (q = 2; q + 3 <= n; q++) {
            if (strcmp(l.text[q], l.text[q + 2]) == 0)
                continue;
            bool same = true;
            for (size_t i = 0; i < n && same; i++) {
                size_t k = i == q ? q + 2 : i == q + 2 ? q : i;
                same = strcmp(w->text[i], l.text[k]) == 0;
            }
            if (same)
                return true;
        }
        return false;
    case K_PIECE:
        return same_tokens_but(&l, w, &q) && q >= 2 && q + 3 <= n && is_piece_letter(l.text[q][0])
               && is_piece_letter(w->text[q][0]) && strcmp(l.text[q] + 1, w->text[q] + 1) == 0;
    case K_SQUARE: {
        if (!same_tokens_but(&l, w, &q) || q < 2 || q + 3 > n || strlen(l.text[q]) != strlen(w->text[q]))
            return false;
        char *sq = last_square(l.text[q]);
        if (!sq || l.text[q][0] == 'O')
            return false;
        size_t at = (size_t)(sq - l.text[q]);
        for (size_t i = 0; l.text[q][i]; i++)
            if (l.text[q][i] != w->text[q][i] && i != at && i != at + 1)
                return false;
        int df = abs(l.text[q][at] - w->text[q][at]), dr = abs(l.text[q][at + 1] - w->text[q][at + 1]);
        return df + dr == 1;
    }
    case K_CAPTURE: {
        if (!same_tokens_but(&l, w, &q) || q < 2 || q + 3 > n)
            return false;
        char *x = strchr(l.text[q], 'x');
        if (x && !is_piece_letter(l.text[q][0]))
            return strcmp(w->text[q], x + 1) == 0;
        if (x || !is_piece_letter(l.text[q][0]) || !last_square(l.text[q]))
            return false;
        char buf[TOKEN_MAX];
        snprintf(buf, sizeof buf, "%s", l.text[q]);
        insert_char(buf, (size_t)(last_square(buf) - buf), 'x');
        return strcmp(buf, w->text[q]) == 0;
    }
    case K_DISAMB: {
        if (!same_tokens_but(&l, w, &q) || q < 2 || q + 3 > n || !is_piece_letter(l.text[q][0]))
            return false;
        char buf[TOKEN_MAX];
        snprintf(buf, sizeof buf, "%s", l.text[q]);
        char *sq = last_square(buf);
        if (!sq || sq == buf + 1 || (buf[1] == 'x' && sq == buf + 2))
            return false;
        remove_char(buf, 1);
        return strcmp(buf, w->text[q]) == 0;
    }
    case K_PROMOTION: {
        if (!same_tokens_but(&l, w, &q) || q < 2 || strlen(l.text[q]) != strlen(w->text[q]))
            return false;
        char *eq = strchr(l.text[q], '=');
        if (!eq)
            return false;
        size_t at = (size_t)(eq - l.text[q]) + 1;
        for (size_t i = 0; l.text[q][i]; i++)
            if (l.text[q][i] != w->text[q][i] && i != at)
                return false;
        return true;
    }
    case K_CASTLING:
        return same_tokens_but(&l, w, &q) && q >= 2 && q + 3 <= n
               && ((strncmp(l.text[q], "O-O-O", 5) == 0 && strncmp(w->text[q], "O-O", 3) == 0
                    && strncmp(w->text[q], "O-O-O", 5) != 0)
                   || (strncmp(l.text[q], "O-O-O", 5) != 0 && strncmp(l.text[q], "O-O", 3) == 0
                       && strncmp(w->text[q], "O-O-O", 5) == 0));
    case K_LATER: {
        if (!same_tokens_but(&l, w, &q) || q < 2 || q + 3 > n || replayed(w, en) < q + 2)
            return false;
        arb_position pos, next;
        arb_position_startpos(&pos);
        for (size_t i = 0; i < q; i++) {
            arb_position_make(&pos, line[i], &next);
            pos = next;
        }
        arb_move_spec spec;
        arb_move m;
        char buf[ARB_NOTATION_MAX];
        if (arb_notation_parse(en, l.text[q], strlen(l.text[q]), &spec) != ARB_SAN_OK
            || arb_notation_read(en, &pos, w->text[q], strlen(w->text[q]), &m, NULL, NULL) != ARB_SAN_OK
            || m == line[q] || arb_repair_distance(&pos, &spec, NULL, m) < 0)
            return false;
        arb_notation_write(en, &pos, m, buf);
        return strcmp(buf, w->text[q]) == 0;
    }
    default:
        return false;
    }
}

/* By one error of any kind the bench plants (a text that two originals
 * give, each with one error, tells them apart by no letter of it). */
static bool could_write_any(const arb_move *line, size_t count, const tokens *w, const arb_notation *en)
{
    for (int kind = K_PIECE; kind <= K_LATER; kind++)
        if (could_write(kind, line, count, w, en))
            return true;
    return false;
}

/* REPAIR_BENCH_DUMP=kind: each miss with the error planted, the edits of
 * the first suggestion, where the original ranks among 16 and its cost,
 * and whether the miss is ambiguous. */
static void san_at(const arb_move *line, size_t ply, arb_move m, const arb_notation *en, char *buf)
{
    arb_position pos, next;
    arb_position_startpos(&pos);
    for (size_t i = 0; i < ply; i++) {
        arb_position_make(&pos, line[i], &next);
        pos = next;
    }
    arb_notation_write(en, &pos, m, buf);
}

static void dump_miss(size_t game, const source_game *s, const tokens *t, const tokens *orig,
                      const arb_repair_result *res, const arb_repair_result *wide, bool ambiguous,
                      const arb_notation *en)
{
    static const char *const names[4] = {"read", "insert", "delete", "swap"};
    size_t p = planted_at;
    printf("game %zu planted at %zu: original %s, written %s%s\n", game, p, orig->text[p],
           p < t->count ? t->text[p] : "-", ambiguous ? "  [same text]" : "");
    for (size_t i = 0; i < res->count && i < 3; i++) {
        const arb_repair *r = &res->repairs[i];
        printf("  #%zu cost %d:", i + 1, r->cost);
        for (int e = 0; e < r->edit_count; e++) {
            const arb_repair_edit *ed = &r->edits[e];
            char mv[ARB_NOTATION_MAX] = "";
            if (ed->kind == ARB_EDIT_REPLACE || ed->kind == ARB_EDIT_INSERT)
                san_at(r->moves, ed->ply, ed->move, en, mv);
            printf(" %s@%u %s%s%s", names[ed->kind], ed->ply, ed->token < t->count ? t->text[ed->token] : "-",
                   *mv ? "->" : "", mv);
        }
        printf("%s\n", same_line(r->moves, r->move_count, s) ? "  (original)" : "");
    }
    for (size_t i = 0; i < wide->count; i++)
        if (same_line(wide->repairs[i].moves, wide->repairs[i].move_count, s)) {
            printf("  original: rank %zu cost %d\n", i + 1, wide->repairs[i].cost);
            return;
        }
    printf("  original: not among %zu\n", wide->count);
}

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double percentile(double *v, size_t n, double q)
{
    if (n == 0)
        return 0;
    qsort(v, n, sizeof *v, compare_double);
    size_t i = (size_t)(q * (double)(n - 1) + 0.5);
    return v[i];
}


static void to_arb_tokens(const tokens *t, arb_token *out)
{
    for (size_t i = 0; i < t->count; i++) {
        out[i].text = t->text[i];
        out[i].len = strlen(t->text[i]);
    }
}

/* The planted game, its original main line in a comment before the moves. */
static void write_game(FILE *fp, int kind, const tokens *t, const source_game *s, const arb_notation *en)
{
    static const char *const results[] = {"*", "1-0", "0-1", "1/2-1/2", "*"};
    int result = s->result;
    fprintf(fp, "[Event \"repair bench\"]\n[Error \"%s\"]\n[Result \"%s\"]\n\n{original:", kind_names[kind],
            results[result]);
    arb_position pos, next;
    arb_position_startpos(&pos);
    for (size_t i = 0; i < s->count; i++) {
        char buf[ARB_NOTATION_MAX];
        arb_notation_write(en, &pos, s->moves[i], buf);
        fprintf(fp, " %s", buf);
        arb_position_make(&pos, s->moves[i], &next);
        pos = next;
    }
    fprintf(fp, "}\n");
    for (size_t i = 0; i < t->count; i++) {
        if (i % 2 == 0)
            fprintf(fp, "%zu. ", i / 2 + 1);
        fprintf(fp, "%s%s", t->text[i], i % 16 == 15 ? "\n" : " ");
    }
    fprintf(fp, "%s\n\n", results[result]);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: repair-bench SOURCE.pgn[.gz] [GAMES] [--write CORPUS.pgn]\n");
        return 2;
    }
    size_t want = argc > 2 && argv[2][0] != '-' ? (size_t)strtoul(argv[2], NULL, 10) : 200;
    const char *write_path = NULL;
    for (int i = 2; i + 1 < argc; i++)
        if (strcmp(argv[i], "--write") == 0)
            write_path = argv[i + 1];
    FILE *corpus = write_path ? fopen(write_path, "w") : NULL;
    if (write_path && !corpus) {
        perror(write_path);
        return 2;
    }

    arb_locale_set *set;
    arb_grammar *grammar;
    arb_notation *en = NULL, *ro = NULL;
    arb_status st = arb_locales_load(NULL, &set);
    if (st.code == 0)
        st = arb_grammar_load(NULL, &grammar);
    if (st.code == 0)
        st = arb_notation_new(grammar, arb_locale_find(set, "en"), &en);
    if (st.code == 0)
        st = arb_notation_new(grammar, arb_locale_find(set, "ro"), &ro);
    if (st.code) {
        fprintf(stderr, "repair-bench: %s\n", st.message);
        return 2;
    }

    source_game *games = calloc(want, sizeof *games);
    arb_pgn_reader *r;
    st = arb_pgn_reader_open(argv[1], NULL, &r);
    if (st.code || !games) {
        fprintf(stderr, "repair-bench: %s\n", st.code ? st.message : "out of memory");
        return 2;
    }
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    size_t have = 0;
    /* REPAIR_BENCH_SKIP=N: leave out the first N such games (tuning on games
     * the figures are not taken from) */
    const char *skip_text = getenv("REPAIR_BENCH_SKIP");
    size_t skip = skip_text ? (size_t)strtoul(skip_text, NULL, 10) : 0;
    while (have < want && arb_pgn_read(r, &g, &st) == ARB_PGN_READ_GAME) {
        if (g.error_count || g.custom_start || g.main_line_plies < 20 || g.main_line_plies > MAX_PLIES)
            continue;
        if (skip) {
            skip--;
            continue;
        }
        source_game *s = &games[have];
        s->count = 0;
        for (size_t i = 0; i < g.item_count; i++)
            if (g.items[i].kind == ARB_PGN_ITEM_VARIATION_START)
                break;
            else if (g.items[i].kind == ARB_PGN_ITEM_MOVE)
                s->moves[s->count++] = g.items[i].move;
        s->result = arb_pgn_game_result(&g);
        have++;
    }
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);

    arb_repair_limits limits = {0};
    arb_repairer *rep = arb_repairer_new(&limits);
    arb_sheets *rec = arb_sheets_new(&limits);
    double *times = calloc(have + 1, sizeof *times), *all = calloc(have * K_COUNT + 1, sizeof *all);
    arb_token *atoks = calloc(MAX_PLIES + 2, sizeof *atoks), *btoks = calloc(MAX_PLIES + 2, sizeof *btoks);
    tokens *t = malloc(sizeof *t), *u = malloc(sizeof *u);
    if (!rep || !rec || !times || !all || !atoks || !btoks || !t || !u) {
        fprintf(stderr, "repair-bench: out of memory\n");
        return 2;
    }
    size_t all_n = 0;
    const char *verbose = getenv("REPAIR_BENCH_VERBOSE");
    unsigned long long total = 0, total_first = 0, total_top3 = 0;
    const char *only = getenv("REPAIR_BENCH_KINDS");   /* e.g. "missing,swap" */
    const char *seed_text = getenv("REPAIR_BENCH_SEED");
    uint64_t seed = seed_text ? strtoull(seed_text, NULL, 10) : 0;
    if (seed)
        printf("seed %llu\n", (unsigned long long)seed);
    printf("%-10s %6s %8s %8s %8s %9s %9s %9s %4s %4s\n", "kind", "games", "first", "top3", "none", "median", "p99",
           "max", "amb1", "amb3");
    const char *dump = getenv("REPAIR_BENCH_DUMP");
    arb_repair_limits wide_limits = {.suggestions = ARB_REPAIR_MAX_SUGGESTIONS};
    arb_repairer *dump_rep = arb_repairer_new(&wide_limits);
    for (int kind = 0; kind < K_COUNT; kind++) {
        if (only && !strstr(only, kind_names[kind]))
            continue;
        rng_state = 0x2545F4914F6CDD1Dull + (uint64_t)kind * 7919 + seed * 0x9E3779B97F4A7C15ull;
        if (rng_state == 0)
            rng_state = 1;
        size_t n = 0, first = 0, top3 = 0, none = 0, same_first = 0, same_top3 = 0;
        for (size_t gi = 0; gi < have; gi++) {
            const source_game *s = &games[gi];
            const arb_notation *nota = kind == K_NATIONAL ? ro : en;
            bool planted = false;
            for (int attempt = 0; attempt < 12 && !planted; attempt++) {
                write_tokens(s, nota, t);
                if (kind == K_SHEETS) {
                    write_tokens(s, nota, u);
                    int k1 = (int)pick(K_LATER + 1), k2 = (int)pick(K_LATER + 1);
                    planted = plant(k1, s, t, en) && replayed(t, en) < t->count
                              && plant(k2, s, u, en) && replayed(u, en) < u->count;
                } else {
                    planted = plant(kind, s, t, en) && replayed(t, nota) < t->count;
                }
            }
            if (!planted)
                continue;
            n++;
            if (corpus && kind != K_SHEETS)
                write_game(corpus, kind, t, s, en);
            to_arb_tokens(t, atoks);
            arb_position start;
            arb_position_startpos(&start);
            arb_repair_result res;
            double t0 = now();
            if (kind == K_SHEETS) {
                to_arb_tokens(u, btoks);
                arb_sheets_input in = {&start, atoks, t->count, btoks, u->count, s->result, en, NULL, en};
                arb_sheets_result sr;
                arb_sheets_reconcile(rec, &in, &sr);
                double t1 = now();
                times[n - 1] = all[all_n++] = t1 - t0;
                if (sr.status != ARB_SHEETS_NONE && same_line(sr.moves, sr.move_count, s))
                    first++, top3++;
                else if (sr.status == ARB_SHEETS_NONE)
                    none++;
                continue;
            }
            arb_repair_game rg = {&start, atoks, t->count, s->result, nota, en};
            arb_repair_run(rep, &rg, &res);
            double t1 = now();
            times[n - 1] = all[all_n++] = t1 - t0;
            if (res.status != ARB_REPAIR_REPAIRED) {
                none++;
                continue;
            }
            bool found = false;
            for (size_t i = 0; i < res.count && i < 3 && !found; i++)
                if (same_line(res.repairs[i].moves, res.repairs[i].move_count, s)) {
                    top3++;
                    first += i == 0;
                    found = i == 0;
                }
            if (!found && verbose && strcmp(verbose, kind_names[kind]) == 0)
                show_miss(s, t, &res, en);
            if (!found) {
                /* ambiguous: the first suggestion (or, for top 3, each of the three) could
                 * have been written as this very text */
                bool amb_first = kind != K_NATIONAL
                                 && could_write_any(res.repairs[0].moves, res.repairs[0].move_count, t, en);
                same_first += amb_first;
                bool in3 = false;
                for (size_t i = 0; i < res.count && i < 3; i++)
                    in3 = in3 || same_line(res.repairs[i].moves, res.repairs[i].move_count, s);
                if (!in3) {
                    bool all = res.count >= 3;
                    for (size_t i = 0; i < res.count && i < 3 && all; i++)
                        all = kind != K_NATIONAL
                              && could_write_any(res.repairs[i].moves, res.repairs[i].move_count, t, en);
                    same_top3 += all;
                }
                if (dump && strstr(dump, kind_names[kind])) {
                    arb_repair_result wide;
                    tokens *o = malloc(sizeof *o);
                    write_tokens(s, nota, o);
                    arb_repair_run(dump_rep, &rg, &wide);
                    dump_miss(gi, s, t, o, &res, &wide, amb_first, en);
                    free(o);
                }
            }
        }
        total += n;
        total_first += first;
        total_top3 += top3;
        double median = percentile(times, n, 0.5), p99 = percentile(times, n, 0.99), max = percentile(times, n, 1.0);
        printf("%-10s %6zu %7.1f%% %7.1f%% %7.1f%% %7.2fms %7.2fms %7.2fms %4zu %4zu\n", kind_names[kind], n,
               n ? 100.0 * (double)first / (double)n : 0, n ? 100.0 * (double)top3 / (double)n : 0,
               n ? 100.0 * (double)none / (double)n : 0, median * 1e3, p99 * 1e3, max * 1e3, same_first, same_top3);
    }
    double median = percentile(all, all_n, 0.5), p99 = percentile(all, all_n, 0.99);
    printf("%-10s %6llu %7.1f%% %7.1f%% %8s %7.2fms %7.2fms\n", "all", total,
           total ? 100.0 * (double)total_first / (double)total : 0,
           total ? 100.0 * (double)total_top3 / (double)total : 0, "", median * 1e3, p99 * 1e3);

    /* the peer: replaying the same games as written */
    double t0 = now();
    for (size_t gi = 0; gi < have; gi++) {
        write_tokens(&games[gi], en, t);
        replayed(t, en);
    }
    double replay = (now() - t0) / (double)(have ? have : 1);
    printf("peer: replaying a game as written takes %.3f ms; median repair = %.0fx that\n", replay * 1e3,
           replay > 0 ? median / replay : 0);

    if (corpus)
        fclose(corpus);
    free(times);
    free(all);
    free(atoks);
    free(btoks);
    free(t);
    free(u);
    free(games);
    arb_sheets_free(rec);
    arb_repairer_free(rep);
    arb_repairer_free(dump_rep);
    arb_notation_free(en);
    arb_notation_free(ro);
    arb_grammar_free(grammar);
    arb_locales_free(set);
    return 0;
}
