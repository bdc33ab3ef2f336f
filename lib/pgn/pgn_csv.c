/* pgn_csv.c — a game as one CSV row of chosen columns (pgn_export.h). */
#include <string.h>

#include "fen.h"
#include "pgn_export.h"

/* One field, quoted when it holds a comma, a quote or a line end (RFC 4180). */
static bool put_field(arb_strbuf *out, const char *s, size_t len)
{
    bool quote = false;
    for (size_t i = 0; i < len && !quote; i++)
        quote = s[i] == ',' || s[i] == '"' || s[i] == '\n' || s[i] == '\r';
    if (!quote)
        return arb_strbuf_append(out, s, len);
    bool ok = arb_strbuf_append(out, "\"", 1);
    for (size_t i = 0; i < len; i++)
        ok &= s[i] == '"' ? arb_strbuf_append(out, "\"\"", 2) : arb_strbuf_append(out, s + i, 1);
    return ok && arb_strbuf_append(out, "\"", 1);
}

/* The main line's moves, space-separated, in SAN or UCI. */
static bool put_moves(const arb_pgn_game *g, bool uci, arb_strbuf *out)
{
    arb_strbuf moves;
    arb_strbuf_init(&moves);
    bool ok = true;
    arb_pgn_walker w;
    arb_pgn_walker_init(&w, g);
    for (const arb_pgn_item *it; (it = arb_pgn_walker_next(&w)) != NULL;) {
        if (it->kind != ARB_PGN_ITEM_MOVE || w.depth != 0)
            continue;
        char san[16], uci_text[16];
        arb_pgn_export_move_text(&w.before, it->move, &w.after, san, uci_text);
        if (moves.len)
            ok &= arb_strbuf_append(&moves, " ", 1);
        ok &= arb_strbuf_puts(&moves, uci ? uci_text : san);
    }
    ok &= !w.failed;
    arb_pgn_walker_free(&w);
    ok &= put_field(out, moves.data ? moves.data : "", moves.len);
    arb_strbuf_free(&moves);
    return ok;
}

static bool is_column(const char *name, size_t len, const char *what)
{
    return strlen(what) == len && memcmp(name, what, len) == 0;
}

static bool put_column(const arb_pgn_game *g, const char *name, size_t len, arb_strbuf *out,
                       arb_pgn_export_number number, void *ctx)
{
    char fen[ARB_FEN_MAX];
    if (is_column(name, len, "game")) {
        if (number)
            number(ctx, out);
        return number ? true : arb_strbuf_puts(out, "0");
    }
    if (is_column(name, len, "result"))
        return arb_strbuf_puts(out, arb_pgn_result_text(arb_pgn_game_result(g)));
    if (is_column(name, len, "plies"))
        return arb_strbuf_printf(out, "%zu", g->main_line_plies);
    if (is_column(name, len, "moves") || is_column(name, len, "uci"))
        return put_moves(g, name[0] == 'u', out);
    if (is_column(name, len, "start_fen") || is_column(name, len, "final_fen")) {
        size_t n = arb_fen_write(name[0] == 's' ? &g->start : &g->end, ARB_FEN_STYLE_AUTO, fen);
        return arb_strbuf_append(out, fen, n);
    }
    for (size_t i = 0; i < g->tag_count; i++)
        if (is_column(name, len, g->tags[i].name))
            return put_field(out, g->tags[i].value, strlen(g->tags[i].value));
    return true;
}

bool arb_pgn_export_csv_header(const char *columns, arb_strbuf *out)
{
    if (!columns)
        columns = ARB_PGN_CSV_DEFAULT_COLUMNS;
    bool ok = true;
    for (const char *c = columns;;) {
        size_t len = strcspn(c, ",");
        ok &= put_field(out, c, len);
        if (!c[len])
            break;
        ok &= arb_strbuf_append(out, ",", 1);
        c += len + 1;
    }
    return ok && arb_strbuf_append(out, "\n", 1);
}

bool arb_pgn_export_csv(const arb_pgn_game *g, const char *columns, arb_strbuf *out,
                        arb_pgn_export_number number, void *ctx)
{
    if (!columns)
        columns = ARB_PGN_CSV_DEFAULT_COLUMNS;
    bool ok = true;
    for (const char *c = columns;;) {
        size_t len = strcspn(c, ",");
        ok &= put_column(g, c, len, out, number, ctx);
        if (!c[len])
            break;
        ok &= arb_strbuf_append(out, ",", 1);
        c += len + 1;
    }
    return ok && arb_strbuf_append(out, "\n", 1);
}
