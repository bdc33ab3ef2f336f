/* pgn_boundary.h — where one game ends and the next begins, judged from the
 * bytes alone (no lexer, no replay).
 *
 * Two readers need the same rules: the lexer stops an unterminated comment
 * before a line that opens a tag pair (so that the next game survives), and
 * the parallel driver cuts a stream into pieces only where a tag line
 * follows a termination marker (so that every piece holds whole games).
 * The rules live here once:
 *   - a tag pair begins at a byte '[' followed by a letter, then letters,
 *     digits or '_', then one or more blanks (space, tab), then '"';
 *   - a termination marker ends the text before a position when the last
 *     non-blank bytes (looking back at most 4 KiB) are 1-0, 0-1, 1/2-1/2,
 *     1/2 or *, standing after a blank, a line break, ')' or '}' or at the
 *     start of the buffer;
 *   - a game boundary is the start of a line that begins a tag pair right
 *     after a termination marker;
 *   - padding between games is white space and NUL bytes.
 *
 * Ownership and threads: pure functions over caller-owned bytes; nothing is
 * kept, any thread may call them.
 */
#ifndef ARB_PGN_BOUNDARY_H
#define ARB_PGN_BOUNDARY_H

#include <stdbool.h>
#include <stddef.h>

/* Whether a tag pair begins at buf[at] (buf holds len bytes).  Returns 1 or
 * 0, or -1 when the bytes end before that is known and more may follow
 * (`more`); with `more` false the end of the bytes answers 0. */
int arb_pgn_tag_pair_at(const char *buf, size_t len, size_t at, bool more);

/* Whether the last non-blank text before buf[at] is a termination marker. */
bool arb_pgn_marker_before(const char *buf, size_t at);

/* The first game boundary after a line break at or after buf[from], or 0
 * when there is none in buf[0, len) (a tag line cut by the end of the bytes
 * is none yet). */
size_t arb_pgn_find_boundary(const char *buf, size_t len, size_t from);

/* A byte the lexer passes over between games (white space, NUL), which
 * belongs to no game's own text. */
static inline bool arb_pgn_padding_byte(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v' || c == '\0';
}

#endif
