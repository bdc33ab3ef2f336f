/* mainline.c — the main line's move tokens, comments and NAGs of a game's
 * text (see mainline.h). */
#include "mainline.h"

#include <stdlib.h>
#include <string.h>

#include "pgn_lex.h"

void arb_mainline_init(arb_mainline *ml)
{
    memset(ml, 0, sizeof *ml);
}

void arb_mainline_free(arb_mainline *ml)
{
    free(ml->buf);
    free(ml->tokens);
    free(ml->at);
    free(ml->notes);
    free(ml->texts);
    memset(ml, 0, sizeof *ml);
}

static bool grow(void **p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return true;
    size_t cap2 = *cap ? *cap : 64;
    while (cap2 < need)
        cap2 *= 2;
    void *q = realloc(*p, cap2 * size);
    if (!q)
        return false;
    *p = q;
    *cap = cap2;
    return true;
}

static bool add_token(arb_mainline *ml, const arb_pgn_token *tok)
{
    size_t cap = ml->token_cap;
    if (!grow((void **)&ml->tokens, &cap, ml->count + 1, sizeof *ml->tokens))
        return false;
    size_t cap_at = ml->token_cap;
    if (!grow((void **)&ml->at, &cap_at, ml->count + 1, sizeof *ml->at))
        return false;
    ml->token_cap = cap < cap_at ? cap : cap_at;
    ml->tokens[ml->count].text = tok->text;
    ml->tokens[ml->count].len = tok->len;
    ml->at[ml->count].line = tok->line;
    ml->at[ml->count].col = tok->col;
    ml->count++;
    return true;
}

/* A note's text is kept as an offset into `texts` until the end (the
 * buffer may move). */
static bool add_note(arb_mainline *ml, const arb_pgn_token *tok, bool is_nag)
{
    if (!grow((void **)&ml->notes, &ml->note_cap, ml->note_count + 1, sizeof *ml->notes))
        return false;
    arb_mainline_note *n = &ml->notes[ml->note_count];
    n->after = ml->count;
    n->is_nag = is_nag;
    n->nag = is_nag ? tok->value : 0;
    n->text = NULL;
    if (!is_nag) {
        if (!grow((void **)&ml->texts, &ml->texts_cap, ml->texts_len + 3 * tok->len + 1, 1))
            return false;
        size_t at = ml->texts_len;
        ml->texts_len += arb_pgn_text_to_utf8(tok->text, tok->len, false, (tok->flags & ARB_PGN_TF_NOT_UTF8) != 0,
                                              true, ml->texts + at) + 1;
        n->text = (const char *)(uintptr_t)at;
    }
    ml->note_count++;
    return true;
}

bool arb_mainline_collect(arb_mainline *ml, const char *raw, size_t len, int line)
{
    ml->count = ml->note_count = ml->texts_len = 0;
    ml->has_variations = false;
    if (!grow((void **)&ml->buf, &ml->buf_cap, len + 1, 1))
        return false;
    memcpy(ml->buf, raw, len);
    ml->buf[len] = '\0';
    arb_pgn_lexer lx;
    arb_pgn_lexer_init(&lx, ml->buf, len, true);
    lx.line = line > 0 ? line : 1;
    int depth = 0;
    bool in_tag = false;
    arb_pgn_token tok;
    for (;;) {
        int kind = arb_pgn_lex(&lx, &tok);
        if (kind == ARB_PGN_TOK_EOF || kind == ARB_PGN_TOK_MORE)
            break;
        if (kind == ARB_PGN_TOK_TAG_OPEN && depth == 0) {
            in_tag = true;
            continue;
        }
        if (kind == ARB_PGN_TOK_TAG_CLOSE) {
            in_tag = false;
            continue;
        }
        if (in_tag)
            continue;
        switch (kind) {
        case ARB_PGN_TOK_SYMBOL:
            if (depth == 0 && !add_token(ml, &tok))
                return false;
            break;
        case ARB_PGN_TOK_RAV_OPEN:
            if (lx.pos + 2 <= lx.end && lx.buf[lx.pos] == '=' && lx.buf[lx.pos + 1] == ')') {
                lx.pos += 2;    /* "(=)": a draw offer (FIDE C.12), no variation */
                if (depth == 0) {
                    arb_pgn_token offer = tok;
                    offer.len = 3;
                    if (!add_token(ml, &offer))
                        return false;
                }
            } else {
                depth++;
                ml->has_variations = true;
            }
            break;
        case ARB_PGN_TOK_RAV_CLOSE:
            if (depth > 0)
                depth--;
            break;
        case ARB_PGN_TOK_COMMENT:
        case ARB_PGN_TOK_LINE_COMMENT:
            if (depth == 0 && !add_note(ml, &tok, false))
                return false;
            break;
        case ARB_PGN_TOK_NAG:
            if (depth == 0 && !add_note(ml, &tok, true))
                return false;
            break;
        case ARB_PGN_TOK_RESULT:
            if (depth == 0)
                goto done;
            break;
        default: break;
        }
    }
done:
    for (size_t i = 0; i < ml->note_count; i++)
        if (!ml->notes[i].is_nag)
            ml->notes[i].text = ml->texts + (size_t)(uintptr_t)ml->notes[i].text;
    return true;
}
