/* repair_json.h — pgnrepair's JSON: a line of moves as SAN strings, and the
 * ranked repairs of a game (keys in pgnrepair(1)).
 *
 * Ownership and threads: appends to the caller's buffer; no state.
 */
#ifndef ARB_CMD_REPAIR_JSON_H
#define ARB_CMD_REPAIR_JSON_H

#include <stddef.h>

#include "mainline.h"
#include "position.h"
#include "repair.h"
#include "strbuf.h"

/* ["e4","e5",...]: count moves played from start. */
void repair_json_san(arb_strbuf *t, const arb_position *start, const arb_move *moves, size_t count);

/* "suggestions":[{"rank":1,"cost":..,"edits":[...],"san":[...]},...]: the first
 * `want` repairs of res, edits written in notation n. */
void repair_json_suggestions(arb_strbuf *t, const arb_position *start, const arb_mainline *ml,
                             const arb_repair_result *res, size_t want, const arb_notation *n);

#endif
