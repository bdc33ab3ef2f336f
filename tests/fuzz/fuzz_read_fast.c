/* fuzz_read_fast.c — the reader's common path (pgn_lex_fast.h: moves, move
 * numbers, tag pairs and comments read straight from the window) on any
 * bytes, against the token loop and against itself keeping less.
 *
 *   - every move item of a game read without errors stands where
 *     arb_pgn_lex puts the symbol token of that move, in order (the
 *     lexer's tokens are the definition of the text's reading);
 *   - reading with skip_items, skip_tags and skip_comments gives the same
 *     games: places, raw bytes, error messages, plies, result, start and
 *     end positions, and of the tags exactly FEN, SetUp, Variant, Result
 *     (comments not kept bring no notes or warnings about their text);
 *   - reading with skip_comments alone gives the same move items;
 *   - reading with keep_main_line (pgnlint's reading, whose positions are
 *     made in the kept list itself) gives the same games, and every
 *     position kept is the one the main line's moves give from the start.
 * Options (null moves in the main line, depth limit) come from the input's
 * hash, so the seeds stay plain PGN files. */
#include <stdint.h>

#include "invariants.h"
#include "pgn_main_line.h"
#include "pgn_props.h"

static uint64_t hash_bytes(const uint8_t *data, size_t size)
{
    uint64_t h = 1469598103934665603ull;   /* FNV-1a */
    for (size_t i = 0; i < size; i++)
        h = (h ^ data[i]) * 1099511628211ull;
    return h;
}

static void read_all(const uint8_t *data, size_t size, const arb_pgn_reader_options *opt, pgn_games *out)
{
    arb_input *in = arb_input_from_memory(data, size, "<fuzz>");
    INVARIANT(in, "out of memory");
    arb_pgn_reader *r = arb_pgn_reader_new(in, opt);
    INVARIANT(r, "out of memory");
    pgn_games_read(r, out, 10000);
    arb_pgn_reader_free(r);
}

/* The next move item at or after *i, or NULL. */
static const arb_pgn_item *next_move(const arb_pgn_game *g, size_t *i)
{
    while (*i < g->item_count && g->items[*i].kind != ARB_PGN_ITEM_MOVE)
        (*i)++;
    return *i < g->item_count ? &g->items[(*i)++] : NULL;
}

/* Move items against the lexer's symbol tokens over the game's raw text. */
static void check_items_at_tokens(const arb_pgn_game *g, const char *raw, size_t n, size_t index)
{
    arb_pgn_lexer lx;
    arb_pgn_lexer_init(&lx, raw, n, true);
    lx.line = g->line;
    lx.base = (uint64_t)(g->col - 1);   /* the first byte stands at g->col */
    lx.line_start = 0;
    arb_pgn_token tok;
    int prev = ARB_PGN_TOK_EOF;
    size_t item = 0;
    for (int k; (k = arb_pgn_lex(&lx, &tok)) != ARB_PGN_TOK_EOF; prev = k) {
        if (k == ARB_PGN_TOK_RESULT)
            break;
        if (k != ARB_PGN_TOK_SYMBOL || prev == ARB_PGN_TOK_TAG_OPEN)
            continue;
        const arb_pgn_item *it = next_move(g, &item);
        INVARIANT(it, "game %zu: no move item for the token %.*s at %d:%d", index, (int)tok.len, tok.text, tok.line,
                  tok.col);
        INVARIANT(it->line == tok.line && it->col == tok.col,
                  "game %zu: the move item of %.*s stands at %d:%d, the token at %d:%d", index, (int)tok.len,
                  tok.text, (int)it->line, (int)it->col, tok.line, tok.col);
    }
    INVARIANT(!next_move(g, &item), "game %zu: more move items than symbol tokens", index);
}

/* The error lines of pgn_diag_text's "severity line:col message" lines. */
static char *errors_only(const char *texts)
{
    char *out = malloc(strlen(texts) + 1);
    INVARIANT(out, "out of memory");
    size_t n = 0;
    for (const char *line = texts; *line;) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) + 1 : strlen(line);
        if (line[0] == '0' + ARB_PGN_ERROR && line[1] == ' ') {
            memcpy(out + n, line, len);
            n += len;
        }
        line += len;
    }
    out[n] = '\0';
    return out;
}

static bool kept_tag(const char *name)
{
    return strcmp(name, "FEN") == 0 || strcmp(name, "SetUp") == 0 || strcmp(name, "Variant") == 0
        || strcmp(name, "Result") == 0;
}

static void check_lean(const pgn_games *full, const pgn_games *lean)
{
    INVARIANT(full->count == lean->count, "%zu games, keeping less %zu", full->count, lean->count);
    INVARIANT(full->end_rc == lean->end_rc, "the reading ended differently keeping less");
    for (size_t i = 0; i < full->count; i++) {
        const arb_pgn_game *a = &full->games[i], *b = &lean->games[i];
        INVARIANT(a->line == b->line && a->col == b->col && a->offset == b->offset, "game %zu: start differs", i + 1);
        INVARIANT(pgn_same_raw(a->raw, a->raw_len, b->raw, b->raw_len), "game %zu: raw bytes differ", i + 1);
        /* comments not kept are not judged: their notes and warnings (text
         * not UTF-8, control characters) go with them, errors stay */
        char *fe = errors_only(full->diag_texts[i]), *le = errors_only(lean->diag_texts[i]);
        INVARIANT(strcmp(fe, le) == 0, "game %zu: errors differ keeping less:\n%.300s-- then --\n%.300s", i + 1,
                  fe, le);
        free(fe);
        free(le);
        INVARIANT(a->error_count == b->error_count && a->main_line_plies == b->main_line_plies
                      && a->result == b->result && a->end_reason == b->end_reason
                      && a->skipped_moves == b->skipped_moves,
                  "game %zu: verdict differs keeping less", i + 1);
        INVARIANT(pgn_same_position(&a->start, &b->start) && pgn_same_position(&a->end, &b->end),
                  "game %zu: start or end position differs keeping less", i + 1);
        INVARIANT(b->item_count == 0, "game %zu: items kept", i + 1);
        size_t k = 0;
        for (size_t t = 0; t < a->tag_count; t++) {
            if (!kept_tag(a->tags[t].name))
                continue;
            INVARIANT(k < b->tag_count && strcmp(a->tags[t].name, b->tags[k].name) == 0
                          && strcmp(a->tags[t].value, b->tags[k].value) == 0,
                      "game %zu: tag %s not kept", i + 1, a->tags[t].name);
            k++;
        }
        INVARIANT(k == b->tag_count, "game %zu: other tags kept", i + 1);
    }
}

static void check_same_moves(const pgn_games *full, const pgn_games *plain)
{
    INVARIANT(full->count == plain->count, "%zu games, without comments %zu", full->count, plain->count);
    for (size_t i = 0; i < full->count; i++) {
        const arb_pgn_game *a = &full->games[i], *b = &plain->games[i];
        INVARIANT(a->error_count == b->error_count, "game %zu: errors differ without comments", i + 1);
        size_t x = 0, y = 0;
        for (;;) {
            const arb_pgn_item *p = next_move(a, &x), *q = next_move(b, &y);
            INVARIANT(!p == !q, "game %zu: move items differ in number without comments", i + 1);
            if (!p)
                break;
            INVARIANT(p->move == q->move && p->line == q->line && p->col == q->col,
                      "game %zu: move item at %d:%d differs without comments", i + 1, (int)p->line, (int)p->col);
        }
    }
}

static void check_kept(const uint8_t *data, size_t size, const arb_pgn_reader_options *opt, const pgn_games *full)
{
    arb_pgn_reader_options kept_opt = *opt;
    kept_opt.keep_main_line = true;
    arb_input *in = arb_input_from_memory(data, size, "<fuzz>");
    INVARIANT(in, "out of memory");
    arb_pgn_reader *r = arb_pgn_reader_new(in, &kept_opt);
    INVARIANT(r, "out of memory");
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    arb_status st;
    size_t n = 0;
    for (; n < full->count && arb_pgn_read(r, &g, &st) == ARB_PGN_READ_GAME; n++) {
        const arb_pgn_game *a = &full->games[n];
        INVARIANT(g.error_count == a->error_count && g.main_line_plies == a->main_line_plies
                      && pgn_same_position(&g.end, &a->end),
                  "game %zu: verdict or end position differs keeping the main line", n + 1);
        arb_position pos = g.start, next;
        size_t ply = 0;
        int depth = 0;
        for (size_t i = 0; i < g.item_count; i++) {
            const arb_pgn_item *it = &g.items[i];
            if (it->kind == ARB_PGN_ITEM_VARIATION_START)
                depth++;
            else if (it->kind == ARB_PGN_ITEM_VARIATION_END)
                depth--;
            if (it->kind != ARB_PGN_ITEM_MOVE || depth != 0)
                continue;
            if (it->move == ARB_MOVE_NULL)
                break;   /* (a null move is no position to compare) */
            arb_position_make(&pos, it->move, &next);
            const arb_position *k = arb_pgn_main_line_after(&g, ply, &pos, it->move);
            INVARIANT(!k || (pgn_same_position(k, &next) && k->key == next.key),
                      "game %zu: the position kept after main-line move %zu is not the one its moves give", n + 1,
                      ply + 1);
            pos = next;
            ply++;
        }
    }
    INVARIANT(n == full->count, "%zu games, keeping the main line %zu", full->count, n);
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint64_t h = hash_bytes(data, size);
    arb_pgn_reader_options opt = {0};
    opt.null_moves_in_main_line = h & 1;
    opt.max_depth = ((h >> 9) & 3) == 0 ? 3 : 0;

    pgn_games full;
    read_all(data, size, &opt, &full);
    for (size_t i = 0; i < full.count; i++) {
        const arb_pgn_game *g = &full.games[i];
        if (g->error_count == 0 && g->raw_complete)
            check_items_at_tokens(g, full.raws[i], g->raw_len, i + 1);
    }

    arb_pgn_reader_options lean_opt = opt;
    lean_opt.skip_items = lean_opt.skip_tags = lean_opt.skip_comments = true;
    pgn_games lean;
    read_all(data, size, &lean_opt, &lean);
    check_lean(&full, &lean);
    pgn_games_free(&lean);

    arb_pgn_reader_options plain_opt = opt;
    plain_opt.skip_comments = true;
    pgn_games plain;
    read_all(data, size, &plain_opt, &plain);
    check_same_moves(&full, &plain);
    pgn_games_free(&plain);

    check_kept(data, size, &opt, &full);

    pgn_games_free(&full);
    return 0;
}
