/* pgn_lenient.c — reading a refused game again as real-world text (pgn_lenient.h). */
#include "pgn_lenient.h"

#include <stdlib.h>
#include <string.h>

#include "descriptive.h"
#include "lenient.h"

/* One rewrite of the text and the reader of it. */
struct candidate {
    arb_lenient_text text;
    char *buf;               /* blanks up to the game's column, then text */
    size_t buf_cap;
    arb_pgn_reader *sub;
    arb_pgn_game game;       /* its first game */
    bool read;               /* game holds a reading */
    bool ok;                 /* ... without errors */
};

struct arb_pgn_lenient {
    struct candidate slot[2];
    struct candidate *best, *trial;
    const char *orig;        /* the strict game's bytes (the reader's buffer) */
    size_t orig_len;
    uint64_t orig_offset;
    bool pending;
};

arb_pgn_lenient *arb_pgn_lenient_new(void)
{
    arb_pgn_lenient *l = calloc(1, sizeof *l);
    if (!l)
        return NULL;
    for (int i = 0; i < 2; i++) {
        arb_lenient_text_init(&l->slot[i].text);
        arb_pgn_game_init(&l->slot[i].game);
    }
    l->best = &l->slot[0];
    l->trial = &l->slot[1];
    return l;
}

static void drop_reader(struct candidate *c)
{
    arb_pgn_reader_free(c->sub);
    c->sub = NULL;
    c->read = c->ok = false;
}

void arb_pgn_lenient_free(arb_pgn_lenient *l)
{
    if (!l)
        return;
    for (int i = 0; i < 2; i++) {
        drop_reader(&l->slot[i]);
        arb_lenient_text_free(&l->slot[i].text);
        arb_pgn_game_free(&l->slot[i].game);
        free(l->slot[i].buf);
    }
    free(l);
}

static int out_of_memory(const arb_pgn_game *g, arb_status *status)
{
    arb_status st = {.code = ARB_INPUT_NO_MEMORY, .error_class = ARB_ERR_MEMORY, .line = g->line, .col = g->col,
                     .message = "out of memory"};
    *status = st;
    return ARB_PGN_READ_FAILED;
}

/* Rewrites the strict game's text with `typeset` and reads its first game.
 * Returns 0 when the rewrite changes nothing, 1 when read, -1 when out of
 * memory. */
static int try_rewrite(arb_pgn_lenient *l, struct candidate *c, const arb_pgn_reader_options *opt, const char *name,
                       const arb_pgn_game *g, const arb_locale *typeset, bool spoken_short)
{
    drop_reader(c);
    int n = arb_lenient_rewrite_spoken(opt->lenient_locales, typeset, spoken_short, l->orig, l->orig_len, g->line,
                                       g->col, &c->text);
    if (n <= 0)
        return n;
    size_t pad = g->col > 1 ? (size_t)(g->col - 1) : 0;
    if (c->buf_cap < pad + c->text.len + 1) {
        char *b = realloc(c->buf, pad + c->text.len + 1);
        if (!b)
            return -1;
        c->buf = b;
        c->buf_cap = pad + c->text.len + 1;
    }
    memset(c->buf, ' ', pad);
    memcpy(c->buf + pad, c->text.text, c->text.len + 1);
    arb_input *in = arb_input_from_memory(c->buf, pad + c->text.len, name);
    if (!in)
        return -1;
    arb_pgn_reader_options o = *opt;
    o.lenient = false;
    o.decode = false;   /* the text is UTF-8 already */
    o.skip_items = o.skip_tags = false;   /* the rewrites are compared by their moves and tags */
    if (!o.notation && !o.autodetect)
        o.autodetect = opt->lenient_autodetect;
    if (!(c->sub = arb_pgn_reader_new(in, &o)))
        return -1;
    arb_pgn_reader_set_origin(c->sub, g->line, l->orig_offset - pad);
    arb_status st;
    int rc = arb_pgn_read(c->sub, &c->game, &st);
    if (rc == ARB_PGN_READ_FAILED && st.code == ARB_INPUT_NO_MEMORY)
        return -1;
    c->read = rc == ARB_PGN_READ_GAME;
    c->ok = c->read && c->game.error_count == 0 && c->game.main_line_plies > 0;
    return 1;
}

static bool better(const struct candidate *a, const struct candidate *b)
{
    if (!a->read)
        return false;
    if (!b->read)
        return true;
    if (a->ok != b->ok)
        return a->ok;
    return a->game.main_line_plies > b->game.main_line_plies;
}

static bool same_moves(const arb_pgn_game *a, const arb_pgn_game *b)
{
    size_t i = 0, j = 0;
    for (;;) {
        while (i < a->item_count && a->items[i].kind != ARB_PGN_ITEM_MOVE)
            i++;
        while (j < b->item_count && b->items[j].kind != ARB_PGN_ITEM_MOVE)
            j++;
        if (i == a->item_count || j == b->item_count)
            return i == a->item_count && j == b->item_count;
        if (a->items[i].move != b->items[j].move)
            return false;
        i++;
        j++;
    }
}

static bool has_note(const arb_lenient_text *t, int kind)
{
    for (size_t i = 0; i < t->note_count; i++)
        if (t->notes[i].kind == kind)
            return true;
    return false;
}

/* Descriptive notation reads NxP itself: the squareless-capture mark on it
 * (shorthand.h) is no reading of the lenient reader's. */
static bool descriptive_game(const arb_pgn_game *g)
{
    return g->notation_used && arb_descriptive_locale(arb_notation_locale(g->notation_used));
}

/* A spoken or squareless-capture reading before the game's first error. */
static bool own_words_before_error(const arb_lenient_text *t, const arb_pgn_game *g)
{
    const arb_pgn_diag *err = NULL;
    for (size_t k = 0; k < g->diag_count && !err; k++)
        if (g->diags[k].severity == ARB_PGN_ERROR)
            err = &g->diags[k];
    for (size_t i = 0; err && i < t->note_count; i++) {
        const arb_lenient_note *n = &t->notes[i];
        if ((n->kind == ARB_LENIENT_SPOKEN || (n->kind == ARB_LENIENT_SHORTHAND && !descriptive_game(g)))
            && (n->line < err->line || (n->line == err->line && n->col <= err->col)))
            return true;
    }
    return false;
}

/* Messages quote tokens as read: "e_d" is the reader's mark on the "ed" of
 * the text (shorthand.h), taken out again (the message only shrinks). */
static void unmark(char *m)
{
    char *o = m;
    for (const char *p = m; *p; p++) {
        bool mark = *p == '_' && p > m && ((p[-1] >= 'a' && p[-1] <= 'h') || (unsigned char)p[-1] >= 0x80
                                         || (p[-1] >= 'A' && p[-1] <= 'Z') || p[-1] == 'p');
        if (!mark)
            *o++ = *p;
    }
    *o = '\0';
}

/* g now holds a game of the best rewrite: its original bytes, and a
 * warning for each rewrite inside it. */
static bool adopt(arb_pgn_lenient *l, arb_pgn_game *g)
{
    size_t before = g->diag_count;
    const arb_lenient_text *t = &l->best->text;
    if (has_note(t, ARB_LENIENT_SHORTHAND))
        for (size_t k = 0; k < before; k++)
            unmark((char *)g->diags[k].message);
    size_t s = g->offset >= l->orig_offset ? (size_t)(g->offset - l->orig_offset) : 0;
    size_t e = s + g->raw_len;
    size_t os = arb_lenient_original_offset(t, s), oe = arb_lenient_original_offset(t, e);
    if (e >= t->len || !arb_pgn_lenient_pending(l))
        oe = l->orig_len;
    if (os > l->orig_len)
        os = l->orig_len;
    if (oe > l->orig_len || oe < os)
        oe = l->orig_len;
    g->read_text = g->raw_complete ? g->raw : NULL;   /* the rewritten text the moves came from */
    g->read_text_len = g->raw_complete ? g->raw_len : 0;
    g->raw = l->orig + os;
    g->raw_len = oe - os;
    g->offset = l->orig_offset + os;
    /* each kind once, at its first place, with how often it was needed */
    size_t count[ARB_LENIENT_KIND_COUNT] = {0}, first[ARB_LENIENT_KIND_COUNT];
    for (size_t i = 0; i < t->note_count; i++) {
        const arb_lenient_note *n = &t->notes[i];
        if (n->kind == ARB_LENIENT_SHORTHAND && descriptive_game(g))
            continue;
        if (n->offset >= s && n->offset <= e && count[n->kind]++ == 0)
            first[n->kind] = i;
    }
    for (size_t i = 0; i < t->note_count; i++) {
        const arb_lenient_note *n = &t->notes[i];
        if (count[n->kind] == 0 || first[n->kind] != i)
            continue;
        bool ok = count[n->kind] == 1
                      ? arb_pgn_game_add_diag(g, ARB_PGN_WARNING, n->line, n->col, "%s", arb_lenient_describe(n->kind))
                      : arb_pgn_game_add_diag(g, ARB_PGN_WARNING, n->line, n->col, "%s (%zu times in this game)",
                                              arb_lenient_describe(n->kind), count[n->kind]);
        if (!ok)
            return false;
    }
    /* the rewrites first: they explain what the messages after them read */
    for (size_t k = before; k < g->diag_count; k++) {
        arb_pgn_diag d = g->diags[k];
        memmove(g->diags + (k - before) + 1, g->diags + (k - before), before * sizeof *g->diags);
        g->diags[k - before] = d;
    }
    return true;
}

/* The text holds a typeset spelling of two letters or more before a file
 * (Kpg1): no Latin locale writes a piece so. */
static bool typeset_signature(const arb_pgn_lenient *l, const arb_locale *typeset)
{
    for (int w = ARB_LOCALE_TYPESET_KNIGHT; w <= ARB_LOCALE_TYPESET_KING; w++)
        for (size_t i = 0; i < arb_locale_words_count(typeset, w); i++) {
            const char *word = arb_locale_word(typeset, w, i);
            size_t m = strlen(word), chars = 0;
            for (size_t b = 0; b < m; b++)
                chars += ((unsigned char)word[b] & 0xC0) != 0x80;
            if (chars < 2)   /* one letter (K, К) is any locale's */
                continue;
            for (size_t at = 0; at + m < l->orig_len; at++)
                if (memcmp(l->orig + at, word, m) == 0 && l->orig[at + m] >= 'a' && l->orig[at + m] <= 'h'
                    && (at == 0 || l->orig[at - 1] == ' ' || l->orig[at - 1] == '.' || l->orig[at - 1] == '\n'))
                    return true;
        }
    return false;
}

static void swap_games(arb_pgn_game *a, arb_pgn_game *b)
{
    arb_pgn_game t = *a;
    *a = *b;
    *b = t;
}

int arb_pgn_lenient_retry(arb_pgn_lenient *l, const arb_pgn_reader_options *opt, const char *name, arb_pgn_game *g,
                          arb_status *status)
{
    l->pending = false;
    drop_reader(l->best);
    drop_reader(l->trial);
    l->orig = g->raw;
    l->orig_len = g->raw_len;
    l->orig_offset = g->offset;
    const arb_locale_set *set = opt->lenient_locales;
    /* the text as it is; with each locale's typeset letters; spoken
     * announcements read the short way (Turm Anna eins, Anna vier) */
    size_t variants = 2 + (set ? arb_locales_count(set) : 0);
    bool doubt = false, spoken = false, spoken_doubt = false;
    for (size_t v = 0; v < variants; v++) {
        const arb_locale *typeset = NULL;
        bool spoken_short = v == variants - 1;
        if (spoken_short && !spoken)
            continue;
        if (v > 0 && !spoken_short) {
            typeset = arb_locales_at(set, v - 1);
            bool any = false;
            for (int w = ARB_LOCALE_TYPESET_KNIGHT; w <= ARB_LOCALE_TYPESET_KING; w++)
                any |= arb_locale_words_count(typeset, w) > 0;
            if (!any)
                continue;
        }
        int rc = try_rewrite(l, l->trial, opt, name, g, typeset, spoken_short);
        if (rc < 0)
            return out_of_memory(g, status);
        if (rc == 0)
            continue;
        if (v == 0)
            for (size_t i = 0; i < l->trial->text.note_count; i++)
                spoken |= l->trial->text.notes[i].kind == ARB_LENIENT_SPOKEN;
        if (l->trial->ok && l->best->ok && !same_moves(&l->trial->game, &l->best->game)) {
            doubt = true;
            spoken_doubt = spoken_short;
        }
        /* letters typeset for a locale are its letters only if the whole
         * game then replays, or the text holds a spelling only that locale's
         * typesetting makes (Kp): a reading that merely gets further is no
         * evidence */
        if (typeset && !l->trial->ok && !typeset_signature(l, typeset))
            continue;
        if (better(l->trial, l->best)) {
            struct candidate *t = l->best;
            l->best = l->trial;
            l->trial = t;
        }
    }
    if (doubt) {
        if (!arb_pgn_game_add_diag(g, ARB_PGN_ERROR, g->line, g->col,
                                   spoken_doubt ? "the text reads as two different games (announcements naming "
                                                  "one square or two), expected a text that reads one way; "
                                                  "announce pawn moves with \"Bauer\""
                                                : "the text reads as two different games (with and without "
                                                  "letters typeset in another alphabet), expected a text that "
                                                  "reads one way; name the notation with --from"))
            return out_of_memory(g, status);
        drop_reader(l->best);
        return ARB_PGN_READ_GAME;
    }
    /* a reading of spoken words or squareless captures that gets as far
     * tells why it stops (an ambiguous "TxT" with its candidates) */
    bool own_words = l->best->read && own_words_before_error(&l->best->text, &l->best->game);
    if (!l->best->read
        || !(l->best->ok || l->best->game.main_line_plies > g->main_line_plies
             || (own_words && l->best->game.main_line_plies == g->main_line_plies))) {
        drop_reader(l->best);
        return ARB_PGN_READ_GAME;
    }
    swap_games(g, &l->best->game);
    l->pending = true;
    if (!adopt(l, g))
        return out_of_memory(g, status);
    return ARB_PGN_READ_GAME;
}

bool arb_pgn_lenient_pending(arb_pgn_lenient *l)
{
    return l && l->pending;
}

int arb_pgn_lenient_next(arb_pgn_lenient *l, arb_pgn_game *g, arb_status *status)
{
    int rc = arb_pgn_read(l->best->sub, g, status);
    if (rc != ARB_PGN_READ_GAME) {
        l->pending = false;
        return rc == ARB_PGN_READ_FAILED && status->code == ARB_INPUT_NO_MEMORY ? rc : ARB_PGN_READ_END;
    }
    if (!adopt(l, g))
        return out_of_memory(g, status);
    return ARB_PGN_READ_GAME;
}
