/* repair_json.c — see repair_json.h. */
#include "repair_json.h"

#include <stdio.h>

#include "notation.h"
#include "repair_game.h"
#include "san.h"

/* A line of moves from start as a JSON array of SAN strings. */
void repair_json_san(arb_strbuf *t, const arb_position *start, const arb_move *moves, size_t count)
{
    arb_position pos = *start, next;
    arb_strbuf_puts(t, "[");
    for (size_t m = 0; m < count; m++) {
        char san[ARB_SAN_MAX];
        arb_position_make(&pos, moves[m], &next);
        arb_san_write_after(&pos, moves[m], &next, san);
        pos = next;
        arb_strbuf_printf(t, "%s\"%s\"", m ? "," : "", san);
    }
    arb_strbuf_puts(t, "]");
}

/* The suggestions as JSON (see the man page for the keys). */
void repair_json_suggestions(arb_strbuf *t, const arb_position *start, const arb_mainline *ml,
                             const arb_repair_result *res, size_t want, const arb_notation *n)
{
    arb_strbuf_puts(t, "\"suggestions\":[");
    for (size_t i = 0; i < res->count && i < want; i++) {
        const arb_repair *rep = &res->repairs[i];
        arb_strbuf_printf(t, "%s{\"rank\":%zu,\"cost\":%d,\"edits\":[", i ? "," : "", i + 1, rep->cost);
        for (int e = 0; e < rep->edit_count; e++) {
            const arb_repair_edit *ed = &rep->edits[e];
            arb_position pos = arb_repair_position_at(start, rep, ed->ply);
            char text[ARB_NOTATION_MAX], written[128];
            text[0] = '\0';
            if (ed->ply < rep->move_count)
                arb_notation_write(n, &pos, rep->moves[ed->ply], text);
            const arb_token *tok = ed->token < ml->count ? &ml->tokens[ed->token] : NULL;
            snprintf(written, sizeof written, "%.*s", tok ? (int)(tok->len < 100 ? tok->len : 100) : 0,
                     tok ? tok->text : "");
            arb_strbuf_printf(t, "%s{\"ply\":%u,", e ? "," : "", ed->ply + 1);
            switch (ed->kind) {
            case ARB_EDIT_REPLACE:
                arb_strbuf_puts(t, "\"written\":");
                arb_strbuf_json_string(t, written);
                arb_strbuf_puts(t, ",\"replaced_by\":");
                arb_strbuf_json_string(t, text);
                break;
            case ARB_EDIT_INSERT:
                arb_strbuf_puts(t, "\"inserted\":");
                arb_strbuf_json_string(t, text);
                break;
            case ARB_EDIT_DELETE:
                arb_strbuf_puts(t, "\"deleted\":");
                arb_strbuf_json_string(t, written);
                break;
            default:
                arb_strbuf_printf(t, "\"swapped_with\":%u", ed->ply + 3);
                break;
            }
            arb_strbuf_puts(t, "}");
        }
        arb_strbuf_puts(t, "],\"san\":");
        repair_json_san(t, start, rep->moves, rep->move_count);
        arb_strbuf_puts(t, "}");
    }
    arb_strbuf_puts(t, "]");
}
