/* board_svg.c — positions as inline SVG diagrams. */
#include "board_svg.h"

#include <string.h>

bool arb_html_escape(arb_strbuf *out, const char *s)
{
    bool ok = true;
    for (const char *p = s; *p && ok;) {
        size_t run = strcspn(p, "&<>\"'");
        ok = arb_strbuf_append(out, p, run);
        p += run;
        if (!*p || !ok)
            break;
        switch (*p++) {
        case '&': ok = arb_strbuf_puts(out, "&amp;"); break;
        case '<': ok = arb_strbuf_puts(out, "&lt;"); break;
        case '>': ok = arb_strbuf_puts(out, "&gt;"); break;
        case '"': ok = arb_strbuf_puts(out, "&quot;"); break;
        default: ok = arb_strbuf_puts(out, "&#39;"); break;
        }
    }
    return ok;
}

/* the solid glyphs for both sides (♟♞♝♜♛♚), by kind */
static const char *const glyphs[6] = {"\xE2\x99\x9F", "\xE2\x99\x9E", "\xE2\x99\x9D",
                                      "\xE2\x99\x9C", "\xE2\x99\x9B", "\xE2\x99\x9A"};
static const char letters[] = "PNBRQK";

bool arb_board_svg(const arb_position *pos, int from, int to, const char *label, arb_strbuf *out)
{
    /* one unit per square, half a unit of margin for the coordinates */
    bool ok = arb_strbuf_puts(out, "<svg class=\"board\" xmlns=\"http://www.w3.org/2000/svg\" "
                                   "viewBox=\"-0.5 0 8.5 8.5\" role=\"img\"><title>") &&
              arb_html_escape(out, label ? label : "") && arb_strbuf_puts(out, "</title>");
    for (int rank = 7; rank >= 0 && ok; rank--)
        for (int file = 0; file < 8 && ok; file++) {
            int sq = arb_square(file, rank), y = 7 - rank;
            bool light = (file + rank) % 2 == 1;
            const char *fill = sq == from || sq == to ? (light ? "#f6eb72" : "#dac34b")
                               : light ? "#f0d9b5" : "#b58863";
            ok = arb_strbuf_printf(out, "<rect x=\"%d\" y=\"%d\" width=\"1\" height=\"1\" fill=\"%s\"/>", file, y,
                                   fill);
        }
    for (int i = 0; i < 8 && ok; i++)
        ok = arb_strbuf_printf(out, "<text x=\"%d.5\" y=\"8.38\" class=\"coord\">%c</text>"
                                    "<text x=\"-0.25\" y=\"%d.62\" class=\"coord\">%d</text>",
                               i, 'a' + i, 7 - i, i + 1);
    for (int sq = 0; sq < 64 && ok; sq++) {
        int piece = pos->board[sq];
        if (piece == ARB_NO_PIECE)
            continue;
        int kind = arb_piece_kind(piece);
        bool white = arb_piece_color(piece) == ARB_WHITE;
        char letter = white ? letters[kind] : (char)(letters[kind] - 'A' + 'a');
        ok = arb_strbuf_printf(out, "<text x=\"%d.5\" y=\"%d.5\" class=\"piece %s\" data-square=\"%c%d\" "
                                    "data-piece=\"%c\" fill=\"%s\" stroke=\"#000\" stroke-width=\"%s\">%s</text>",
                               arb_file_of(sq), 7 - arb_rank_of(sq), white ? "white" : "black",
                               'a' + arb_file_of(sq), arb_rank_of(sq) + 1, letter, white ? "#fff" : "#000",
                               white ? "0.03" : "0", glyphs[kind]);
    }
    return ok && arb_strbuf_puts(out, "</svg>");
}
