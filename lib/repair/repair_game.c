/* repair_game.c — a repair made into a game and into words (see
 * repair_game.h). */
#include "repair_game.h"

#include <stdio.h>
#include <string.h>

#include "pgn_detect.h"

arb_position arb_repair_position_at(const arb_position *start, const arb_repair *rep, size_t ply)
{
    arb_position pos = *start, next;
    for (size_t i = 0; i < ply && i < rep->move_count; i++) {
        arb_position_make(&pos, rep->moves[i], &next);
        pos = next;
    }
    return pos;
}

static int token_text_len(const arb_token *t)
{
    return (int)(t->len < 40 ? t->len : 40);
}

/* "24. Cb5" / "24... Cb5": the move played at ply `ply` of the line. */
static size_t numbered_move(const arb_position *start, const arb_repair *rep, size_t ply, const arb_notation *n,
                            char *buf, size_t size)
{
    arb_position pos = arb_repair_position_at(start, rep, ply);
    char number[16], text[ARB_NOTATION_MAX];
    text[0] = '\0';
    if (ply < rep->move_count)
        arb_notation_write(n, &pos, rep->moves[ply], text);
    int w = snprintf(buf, size, "%s %s", arb_pgn_move_number(&pos, number), text);
    return w < 0 ? 0 : (size_t)w < size ? (size_t)w : size - 1;
}

/* The next token (from k) that is a move, not a mark such as "e.p.". */
static size_t next_move_token(const arb_mainline *ml, const arb_notation *n, size_t k)
{
    while (k < ml->count && arb_notation_extra(n, ml->tokens[k].text, ml->tokens[k].len))
        k++;
    return k;
}

size_t arb_repair_describe(const arb_position *start, const arb_mainline *ml, const arb_repair *rep, int e,
                           const arb_notation *n, char *buf, size_t size)
{
    const arb_repair_edit *ed = &rep->edits[e];
    arb_position pos = arb_repair_position_at(start, rep, ed->ply);
    char number[16], now[64];
    const arb_token *t = ed->token < ml->count ? &ml->tokens[ed->token] : NULL;
    int w = 0;
    switch (ed->kind) {
    case ARB_EDIT_REPLACE:
        numbered_move(start, rep, ed->ply, n, now, sizeof now);
        w = snprintf(buf, size, "%s %.*s read %s", arb_pgn_move_number(&pos, number), t ? token_text_len(t) : 0,
                     t ? t->text : "", now);
        break;
    case ARB_EDIT_INSERT:
        numbered_move(start, rep, ed->ply, n, now, sizeof now);
        w = snprintf(buf, size, "%s inserted", now);
        break;
    case ARB_EDIT_DELETE: {
        bool twice = false;
        for (size_t k = ed->token >= 2 ? ed->token - 2 : 0; t && k < ed->token; k++)
            twice |= ml->tokens[k].len == t->len && memcmp(ml->tokens[k].text, t->text, t->len) == 0;
        w = snprintf(buf, size, "%s %.*s deleted%s", arb_pgn_move_number(&pos, number), t ? token_text_len(t) : 0,
                     t ? t->text : "", twice ? " (written twice)" : "");
        break;
    }
    default: {
        /* as written: token k at this ply, its partner two plies on */
        size_t k1 = next_move_token(ml, n, ed->token + 1), k2 = next_move_token(ml, n, k1 + 1);
        arb_position later = arb_repair_position_at(start, rep, ed->ply + 2);
        char number2[16];
        const arb_token *t2 = k2 < ml->count ? &ml->tokens[k2] : NULL;
        w = snprintf(buf, size, "%s %.*s and %s %.*s swapped", arb_pgn_move_number(&pos, number),
                     t ? token_text_len(t) : 0, t ? t->text : "", arb_pgn_move_number(&later, number2),
                     t2 ? token_text_len(t2) : 0, t2 ? t2->text : "");
        break;
    }
    }
    return w < 0 ? 0 : (size_t)w < size ? (size_t)w : size - 1;
}

void arb_repair_edit_texts(const arb_position *start, const arb_mainline *ml, const arb_repair *rep, int e,
                           const arb_notation *n, char *written, char *move, char *other, size_t size)
{
    const arb_repair_edit *ed = &rep->edits[e];
    arb_position pos = arb_repair_position_at(start, rep, ed->ply);
    char number[16];
    arb_pgn_move_number(&pos, number);
    written[0] = move[0] = other[0] = '\0';
    const arb_token *t = ed->token < ml->count ? &ml->tokens[ed->token] : NULL;
    if (t && ed->kind != ARB_EDIT_INSERT)
        snprintf(written, size, "%s%.*s", number, token_text_len(t), t->text);
    if ((ed->kind == ARB_EDIT_REPLACE || ed->kind == ARB_EDIT_INSERT) && ed->ply < rep->move_count) {
        char text[ARB_NOTATION_MAX];
        arb_notation_write(n, &pos, rep->moves[ed->ply], text);
        snprintf(move, size, "%s%s", number, text);
    }
    if (ed->kind == ARB_EDIT_SWAP) {
        size_t k1 = next_move_token(ml, n, ed->token + 1), k2 = next_move_token(ml, n, k1 + 1);
        arb_position later = arb_repair_position_at(start, rep, ed->ply + 2);
        arb_pgn_move_number(&later, number);
        if (k2 < ml->count)
            snprintf(other, size, "%s%.*s", number, token_text_len(&ml->tokens[k2]), ml->tokens[k2].text);
    }
}

size_t arb_repair_describe_all(const arb_position *start, const arb_mainline *ml, const arb_repair *rep,
                               const arb_notation *n, char *buf, size_t size)
{
    size_t len = 0;
    if (size)
        buf[0] = '\0';
    for (int e = 0; e < rep->edit_count && len + 3 < size; e++) {
        if (e > 0) {
            memcpy(buf + len, "; ", 3);
            len += 2;
        }
        len += arb_repair_describe(start, ml, rep, e, n, buf + len, size - len);
    }
    return len;
}

/* ---- the repaired game -------------------------------------------------- */

typedef struct builder {
    arb_pgn_game *out;
    const arb_mainline *ml;
    arb_position pos;
    size_t next_note;
    bool ok;
    const arb_notation *notation;   /* the tokens' notation, for "written" comments */
} builder;

static void comment(builder *b, const char *text)
{
    b->ok &= arb_pgn_game_add_comment(b->out, text, strlen(text), 0, 0);
}

/* "written: Cd5", naming the notation when it is not SAN's letters
 * ("written (ro): Nc3": N is the Romanian bishop). */
static void comment_token(builder *b, const char *what, const arb_token *t)
{
    char text[160];
    const char *code = b->notation ? arb_locale_code(arb_notation_locale(b->notation)) : "en";
    if (strcmp(code, "en") == 0)
        snprintf(text, sizeof text, "%s: %.*s", what, token_text_len(t), t->text);
    else
        snprintf(text, sizeof text, "%s (%s): %.*s", what, code, token_text_len(t), t->text);
    comment(b, text);
}

static void move(builder *b, arb_move m)
{
    arb_position next;
    b->ok &= arb_pgn_game_add_move(b->out, &b->pos, m, 0, 0);
    arb_position_make(&b->pos, m, &next);
    b->pos = next;
}

/* The comments and NAGs written before token `upto`. */
static void notes(builder *b, size_t upto)
{
    for (; b->next_note < b->ml->note_count && b->ml->notes[b->next_note].after <= upto; b->next_note++) {
        const arb_mainline_note *note = &b->ml->notes[b->next_note];
        if (note->is_nag)
            b->ok &= arb_pgn_game_add_nag(b->out, note->nag, 0, 0);
        else
            comment(b, note->text);
    }
}

/* The new game starts as src: its tags, plus `tag` saying `what`, its
 * start position and result. */
static void begin_game(builder *b, const arb_pgn_game *src, const char *tag, const char *what)
{
    arb_pgn_game *out = b->out;
    arb_pgn_game_reset(out);
    for (size_t i = 0; i < src->tag_count; i++)
        b->ok &= arb_pgn_game_add_tag(out, src->tags[i].name, strlen(src->tags[i].name), src->tags[i].value,
                                      strlen(src->tags[i].value), 0, 0);
    b->ok &= arb_pgn_game_set_tag(out, tag, what);
    out->start = src->start;
    out->custom_start = src->custom_start;
    out->result = src->result;
}

bool arb_repair_pgn_game(arb_repairer *r, arb_mainline *ml, const arb_pgn_game *g, const arb_notation **n,
                         const arb_notation *english, arb_repair_result *res)
{
    memset(res, 0, sizeof *res);
    /* a game from a book's text is repaired as it was read (prose as comments) */
    const char *text = g->read_text ? g->read_text : g->raw;
    size_t len = g->read_text ? g->read_text_len : g->raw_len;
    if (!text || !g->raw_complete || !arb_mainline_collect(ml, text, len, g->line))
        return false;
    arb_repair_game rg = {&g->start, ml->tokens, ml->count, arb_pgn_game_result(g), *n, english};
    if (arb_repair_run(r, &rg, res).code)
        return false;
    if (res->status != ARB_REPAIR_NO_REPAIR || !english || *n == english)
        return true;
    /* a SAN game with a wrong letter may have been taken for a national one */
    rg.notation = english;
    if (arb_repair_run(r, &rg, res).code)
        return false;
    if (res->status == ARB_REPAIR_REPAIRED)
        *n = english;
    return true;
}

bool arb_repair_build_game(const arb_pgn_game *src, const arb_mainline *ml, const arb_repair *rep,
                           const arb_notation *n, arb_pgn_game *out)
{
    builder b = {out, ml, src->start, 0, true, n};
    char what[1024];
    arb_repair_describe_all(&src->start, ml, rep, n, what, sizeof what);
    begin_game(&b, src, "Repaired", what);
    notes(&b, 0);
    size_t k = 0, mi = 0;
    int e = 0;
    while (b.ok) {
        if (e < rep->edit_count && rep->edits[e].token == k) {
            const arb_repair_edit *ed = &rep->edits[e++];
            switch (ed->kind) {
            case ARB_EDIT_REPLACE:
                move(&b, rep->moves[mi++]);
                comment_token(&b, "written", &ml->tokens[k]);
                k++;
                break;
            case ARB_EDIT_INSERT:
                move(&b, rep->moves[mi++]);
                comment(&b, "inserted: not on the scoresheet");
                break;
            case ARB_EDIT_DELETE:
                comment_token(&b, "deleted", &ml->tokens[k]);
                k++;
                break;
            default: { /* SWAP: the moves of tokens k+2, k+1, k */
                size_t k1 = next_move_token(ml, n, k + 1), k2 = next_move_token(ml, n, k1 + 1);
                move(&b, rep->moves[mi++]);
                comment_token(&b, "written", &ml->tokens[k]);
                move(&b, rep->moves[mi++]);
                move(&b, rep->moves[mi++]);
                comment_token(&b, "written", &ml->tokens[k2]);
                k = k2 + 1;
                break;
            }
            }
        } else if (k >= ml->count) {
            break;
        } else if (arb_notation_extra(n, ml->tokens[k].text, ml->tokens[k].len) == ARB_SPEC_DRAW_OFFER) {
            comment(&b, "(=)");
            k++;
        } else if (arb_notation_extra(n, ml->tokens[k].text, ml->tokens[k].len)) {
            k++;
        } else {
            if (mi >= rep->move_count)
                break;
            move(&b, rep->moves[mi++]);
            k++;
        }
        notes(&b, k);
    }
    while (b.ok && mi < rep->move_count)   /* a move inserted at the end */
        move(&b, rep->moves[mi++]);
    notes(&b, ml->count + 1);
    out->end = b.pos;
    out->main_line_plies = rep->move_count;
    return b.ok;
}

/* ---- two scoresheets ------------------------------------------------------ */

void arb_sheets_token_text(const arb_mainline *ml, int32_t token, char *buf, size_t size)
{
    if (token < 0 || (size_t)token >= ml->count)
        snprintf(buf, size, "-");
    else
        snprintf(buf, size, "%.*s", token_text_len(&ml->tokens[token]), ml->tokens[token].text);
}

bool arb_sheets_build_game(const arb_pgn_game *src, const arb_mainline *white, const arb_mainline *black,
                           const arb_sheets_result *res, arb_pgn_game *out)
{
    builder b = {out, white, src->start, 0, true, NULL};
    char what[128];
    snprintf(what, sizeof what, "from both players' scoresheets; they disagree at %zu place%s",
             res->disagreement_count, res->disagreement_count == 1 ? "" : "s");
    begin_game(&b, src, "Reconciled", what);
    for (size_t i = 0; i <= res->move_count && b.ok; i++) {
        for (size_t d = 0; d < res->disagreement_count; d++) {
            const arb_sheets_disagreement *dis = &res->disagreements[d];
            if (dis->ply != i || !dis->extra)
                continue;   /* tokens that are no move of the game: before the move they preceded */
            char w[64], k[64], text[200];
            arb_sheets_token_text(white, dis->white_token, w, sizeof w);
            arb_sheets_token_text(black, dis->black_token, k, sizeof k);
            snprintf(text, sizeof text, "white sheet: %s, black sheet: %s (not a move of the game)", w, k);
            comment(&b, text);
        }
        if (i == res->move_count)
            break;
        move(&b, res->moves[i]);
        for (size_t d = 0; d < res->disagreement_count; d++) {
            const arb_sheets_disagreement *dis = &res->disagreements[d];
            if (dis->ply != i || dis->extra)
                continue;
            char w[64], k[64], text[200];
            arb_sheets_token_text(white, dis->white_token, w, sizeof w);
            arb_sheets_token_text(black, dis->black_token, k, sizeof k);
            snprintf(text, sizeof text, "white sheet: %s, black sheet: %s", w, k);
            comment(&b, text);
        }
    }
    notes(&b, white->count + 1);
    out->end = b.pos;
    out->main_line_plies = res->move_count;
    return b.ok;
}
