/* pgn_epd.c — every main-line position of a game as an EPD line
 * (pgn_export.h). */
#include <string.h>

#include "fen.h"
#include "pgn_export.h"

/* "placement side castling ep hmvc H; fmvn F; game N; ply P;" */
static bool put_position(const arb_position *pos, size_t ply, arb_strbuf *out, arb_pgn_export_number number,
                         void *ctx)
{
    char fen[ARB_FEN_MAX];
    arb_fen_write(pos, ARB_FEN_STYLE_AUTO, fen);
    /* the FEN's last two fields (the clocks) become operations */
    char *fullmove = strrchr(fen, ' ');
    *fullmove = '\0';
    char *halfmove = strrchr(fen, ' ');
    *halfmove = '\0';
    bool ok = arb_strbuf_printf(out, "%s hmvc %s; fmvn %s; game ", fen, halfmove + 1, fullmove + 1);
    if (number)
        number(ctx, out);
    else
        ok &= arb_strbuf_puts(out, "0");
    return ok && arb_strbuf_printf(out, "; ply %zu;\n", ply);
}

bool arb_pgn_export_epd(const arb_pgn_game *g, arb_strbuf *out, arb_pgn_export_number number, void *ctx)
{
    bool ok = put_position(&g->start, 0, out, number, ctx);
    size_t ply = 0;
    arb_pgn_walker w;
    arb_pgn_walker_init(&w, g);
    for (const arb_pgn_item *it; ok && (it = arb_pgn_walker_next(&w)) != NULL;)
        if (it->kind == ARB_PGN_ITEM_MOVE && w.depth == 0)
            ok &= put_position(&w.after, ++ply, out, number, ctx);
    ok &= !w.failed;
    arb_pgn_walker_free(&w);
    return ok;
}
