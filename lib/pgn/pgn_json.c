/* pgn_json.c — a game as one JSON object (pgn_export.h). */
#include <stdlib.h>
#include <string.h>

#include "fen.h"
#include "pgn_export.h"
#include "san.h"

void arb_pgn_export_move_text(const arb_position *before, arb_move move, const arb_position *after, char *san,
                              char *uci)
{
    if (move == ARB_MOVE_NULL) {
        strcpy(san, "--");
        strcpy(uci, "0000");
        return;
    }
    arb_san_write_after(before, move, after, san);
    arb_uci_write(before, move, uci);
}

/* ---- clock and engine commands in comments ---------------------------------- */

struct commands {
    bool has_clk, has_emt, has_eval, has_mate;
    double clk, emt, eval;
    long mate;
};

/* "1:02:03", "2:03", "3.5" as seconds; false when it is none of these. */
static bool parse_duration(const char *s, const char *end, double *out)
{
    double total = 0, part = 0;
    bool digits = false;
    while (s < end) {
        if (*s >= '0' && *s <= '9') {
            char *stop;
            part = strtod(s, &stop);
            if (stop > end || stop == s)
                return false;
            s = stop;
            digits = true;
        } else if (*s == ':' && digits) {
            total = total * 60 + part;
            part = 0;
            digits = false;
            s++;
        } else {
            return false;
        }
    }
    if (!digits)
        return false;
    *out = total * 60 + part;
    return true;
}

/* Reads [%clk ...], [%emt ...] and [%eval ...] in a comment. */
static void scan_commands(const char *text, struct commands *c)
{
    for (const char *p = strstr(text, "[%"); p; p = strstr(p + 2, "[%")) {
        const char *name = p + 2, *close = strchr(name, ']');
        if (!close)
            return;
        const char *arg = name;
        while (arg < close && *arg != ' ')
            arg++;
        size_t name_len = (size_t)(arg - name);
        while (arg < close && *arg == ' ')
            arg++;
        const char *arg_end = arg;
        while (arg_end < close && *arg_end != ' ' && *arg_end != ',')
            arg_end++;
        if (arg == arg_end)
            continue;
        if (name_len == 3 && memcmp(name, "clk", 3) == 0) {
            c->has_clk = parse_duration(arg, arg_end, &c->clk) || c->has_clk;
        } else if (name_len == 3 && memcmp(name, "emt", 3) == 0) {
            c->has_emt = parse_duration(arg, arg_end, &c->emt) || c->has_emt;
        } else if (name_len == 4 && memcmp(name, "eval", 4) == 0) {
            char *stop;
            if (*arg == '#') {
                long m = strtol(arg + 1, &stop, 10);
                if (stop == arg_end && stop > arg + 1) {
                    c->mate = m;
                    c->has_mate = true;
                    c->has_eval = false;
                }
            } else {
                double v = strtod(arg, &stop);
                if (stop == arg_end) {
                    c->eval = v;
                    c->has_eval = true;
                    c->has_mate = false;
                }
            }
        }
    }
}

static void put_number(arb_strbuf *out, double v)
{
    /* JSON has no NaN or infinity; strtod gives them for "nan", "inf" */
    if (v != v || v > 1e300 || v < -1e300)
        v = 0;
    arb_strbuf_printf(out, "%.10g", v);
}

/* ---- the move tree ------------------------------------------------------------ */

/* Items that annotate the move at `at` (its NAGs and comments at its own
 * depth, up to the next move of its line or the line's end), and whether
 * variations follow it. */
static bool annotations(const arb_pgn_game *g, size_t at, arb_strbuf *out, bool *has_variations)
{
    bool ok = true;
    int depth = 0;
    size_t nags = 0, comments = 0;
    struct commands cmd = {0};
    *has_variations = false;
    /* NAGs first, then comments: two passes over the same stretch */
    for (int pass = 0; pass < 2; pass++) {
        depth = 0;
        for (size_t i = at + 1; i < g->item_count; i++) {
            const arb_pgn_item *it = &g->items[i];
            if (it->kind == ARB_PGN_ITEM_VARIATION_START) {
                *has_variations = true;
                depth++;
                continue;
            }
            if (it->kind == ARB_PGN_ITEM_VARIATION_END) {
                if (depth-- == 0)
                    break;
                continue;
            }
            if (depth > 0)
                continue;
            if (it->kind == ARB_PGN_ITEM_MOVE)
                break;
            if (pass == 0 && it->kind == ARB_PGN_ITEM_NAG) {
                ok &= arb_strbuf_puts(out, nags++ ? "," : ",\"nags\":[");
                ok &= arb_strbuf_printf(out, "%d", it->nag);
            } else if (pass == 1 && it->kind == ARB_PGN_ITEM_COMMENT) {
                ok &= arb_strbuf_puts(out, comments++ ? "," : ",\"comments\":[");
                ok &= arb_strbuf_json_string(out, it->text);
                scan_commands(it->text, &cmd);
            }
        }
        if (pass == 0 && nags)
            ok &= arb_strbuf_puts(out, "]");
    }
    if (comments)
        ok &= arb_strbuf_puts(out, "]");
    if (cmd.has_clk) {
        ok &= arb_strbuf_puts(out, ",\"clk\":");
        put_number(out, cmd.clk);
    }
    if (cmd.has_emt) {
        ok &= arb_strbuf_puts(out, ",\"emt\":");
        put_number(out, cmd.emt);
    }
    if (cmd.has_eval) {
        ok &= arb_strbuf_puts(out, ",\"eval\":");
        put_number(out, cmd.eval);
    }
    if (cmd.has_mate)
        ok &= arb_strbuf_printf(out, ",\"mate\":%ld", cmd.mate);
    return ok;
}

/* Comments between the start of the line holding the move at `at` and the
 * move, when it is the line's first. */
static bool comments_before(const arb_pgn_game *g, size_t at, arb_strbuf *out)
{
    size_t from = at;
    while (from > 0 && g->items[from - 1].kind == ARB_PGN_ITEM_COMMENT)
        from--;
    if (from == at || (from > 0 && g->items[from - 1].kind != ARB_PGN_ITEM_VARIATION_START))
        return true;
    bool ok = arb_strbuf_puts(out, ",\"comments_before\":[");
    for (size_t i = from; i < at; i++) {
        if (i > from)
            ok &= arb_strbuf_puts(out, ",");
        ok &= arb_strbuf_json_string(out, g->items[i].text);
    }
    return ok && arb_strbuf_puts(out, "]");
}

/* Per depth while writing: is a move object open, with its variations? */
struct line_state {
    bool move_open, variations_open, any_move, any_variation;
};

static bool close_move(struct line_state *l, arb_strbuf *out)
{
    bool ok = true;
    if (l->variations_open)
        ok &= arb_strbuf_puts(out, "]");
    if (l->move_open)
        ok &= arb_strbuf_puts(out, "}");
    l->move_open = l->variations_open = l->any_variation = false;
    return ok;
}

static bool write_moves(const arb_pgn_game *g, arb_strbuf *out)
{
    size_t max_depth = 0, depth = 0;
    for (size_t i = 0; i < g->item_count; i++) {
        if (g->items[i].kind == ARB_PGN_ITEM_VARIATION_START && ++depth > max_depth)
            max_depth = depth;
        else if (g->items[i].kind == ARB_PGN_ITEM_VARIATION_END && depth > 0)
            depth--;
    }
    struct line_state *lines = calloc(max_depth + 2, sizeof *lines);
    if (!lines)
        return false;
    bool ok = arb_strbuf_puts(out, ",\"moves\":[");
    arb_pgn_walker w;
    arb_pgn_walker_init(&w, g);
    for (const arb_pgn_item *it; ok && (it = arb_pgn_walker_next(&w)) != NULL;) {
        size_t at = (size_t)(it - g->items);
        if (it->kind == ARB_PGN_ITEM_MOVE) {
            struct line_state *l = &lines[w.depth];
            ok &= close_move(l, out);
            if (l->any_move)
                ok &= arb_strbuf_puts(out, ",");
            char san[16], uci[16];
            arb_pgn_export_move_text(&w.before, it->move, &w.after, san, uci);
            ok &= arb_strbuf_printf(out, "{\"san\":\"%s\",\"uci\":\"%s\"", san, uci);
            if (!l->any_move)
                ok &= comments_before(g, at, out);
            bool has_variations;
            ok &= annotations(g, at, out, &has_variations);
            l->any_move = l->move_open = true;
            if (has_variations) {
                ok &= arb_strbuf_puts(out, ",\"variations\":[");
                l->variations_open = true;
            }
        } else if (it->kind == ARB_PGN_ITEM_VARIATION_START) {
            struct line_state *outer = &lines[w.depth - 1], *inner = &lines[w.depth];
            ok &= arb_strbuf_puts(out, outer->any_variation ? ",[" : "[");
            outer->any_variation = true;
            *inner = (struct line_state){0};
        } else if (it->kind == ARB_PGN_ITEM_VARIATION_END) {
            ok &= close_move(&lines[w.depth + 1], out);
            ok &= arb_strbuf_puts(out, "]");
        }
    }
    ok &= !w.failed;
    ok &= close_move(&lines[0], out);
    ok &= arb_strbuf_puts(out, "]");
    /* comments of a game without moves */
    if (!lines[0].any_move) {
        size_t n = 0;
        for (size_t i = 0; i < g->item_count; i++)
            if (g->items[i].kind == ARB_PGN_ITEM_COMMENT) {
                ok &= arb_strbuf_puts(out, n++ ? "," : ",\"comments\":[");
                ok &= arb_strbuf_json_string(out, g->items[i].text);
            }
        if (n)
            ok &= arb_strbuf_puts(out, "]");
    }
    arb_pgn_walker_free(&w);
    free(lines);
    return ok;
}

bool arb_pgn_export_json(const arb_pgn_game *g, arb_strbuf *out, arb_pgn_export_number number, void *ctx)
{
    bool ok = arb_strbuf_puts(out, "{\"game\":");
    if (number)
        number(ctx, out);
    else
        ok &= arb_strbuf_puts(out, "0");
    ok &= arb_strbuf_puts(out, ",\"tags\":{");
    size_t written = 0, repeated = 0;
    for (int pass = 0; pass < 2; pass++) {
        /* keys of an object are unique: a repeated tag's later values go
         * to "repeated_tags" */
        for (size_t i = 0; i < g->tag_count; i++) {
            bool seen = false;
            for (size_t j = 0; j < i && !seen; j++)
                seen = strcmp(g->tags[j].name, g->tags[i].name) == 0;
            if (seen != (pass == 1))
                continue;
            if (pass == 0 && written++)
                ok &= arb_strbuf_puts(out, ",");
            if (pass == 1)
                ok &= arb_strbuf_puts(out, repeated++ ? ",[" : "},\"repeated_tags\":[[");
            ok &= arb_strbuf_json_string(out, g->tags[i].name);
            ok &= arb_strbuf_puts(out, pass == 0 ? ":" : ",");
            ok &= arb_strbuf_json_string(out, g->tags[i].value);
            if (pass == 1)
                ok &= arb_strbuf_puts(out, "]");
        }
    }
    if (repeated)
        ok &= arb_strbuf_puts(out, "]");
    else
        ok &= arb_strbuf_puts(out, "}");
    ok &= arb_strbuf_puts(out, ",\"result\":");
    ok &= arb_strbuf_json_string(out, arb_pgn_result_text(arb_pgn_game_result(g)));
    char fen[ARB_FEN_MAX];
    if (g->custom_start) {
        arb_fen_write(&g->start, ARB_FEN_STYLE_AUTO, fen);
        ok &= arb_strbuf_printf(out, ",\"start_fen\":\"%s\"", fen);
    }
    ok &= write_moves(g, out);
    arb_fen_write(&g->end, ARB_FEN_STYLE_AUTO, fen);
    ok &= arb_strbuf_printf(out, ",\"plies\":%zu,\"final_fen\":\"%s\"}\n", g->main_line_plies, fen);
    return ok;
}
