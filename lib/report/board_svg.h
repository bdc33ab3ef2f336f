/* board_svg.h — a chess position as an SVG diagram, for reports read on
 * screen and on paper.
 *
 * The diagram is inline SVG (no scripts, no fonts to fetch): 64 squares,
 * file letters and rank numbers, and each piece as the chess glyph of
 * Unicode (U+265A..U+265F, White's drawn white with a black outline, so that
 * they read on paper too), marked with data-square="e4" and data-piece="K"
 * (upper case White, lower case Black) for programs.  The squares of a move
 * may be marked.
 *
 * Ownership and threads: appends to the caller's buffer; no state.
 */
#ifndef ARB_BOARD_SVG_H
#define ARB_BOARD_SVG_H

#include <stdbool.h>

#include "position.h"
#include "strbuf.h"

/* from and to: squares to mark (ARB_NO_SQUARE for none); label: the
 * diagram's accessible title (UTF-8, escaped here). */
bool arb_board_svg(const arb_position *pos, int from, int to, const char *label, arb_strbuf *out);

/* Appends s with & < > " ' escaped for HTML and SVG text. */
bool arb_html_escape(arb_strbuf *out, const char *s);

#endif
