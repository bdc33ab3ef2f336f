/* lint_context.c — what the checks of one game share: adding findings,
 * move numbers and tokens as written, the words for how games end, and the
 * linter's scratch memory. */
#include "lint_context.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decimal.h"
#include "grow.h"
bool lint_reserve_depth(arb_linter *l, size_t depth)
{
    if (depth < l->depth_cap)
        return true;
    size_t cap = arb_grown_capacity(l->depth_cap, depth + 1);   /* two lists side by side */
    if (cap == 0 || !arb_resize(&l->line, cap, sizeof *l->line) || !arb_resize(&l->before, cap, sizeof *l->before))
        return false;
    l->depth_cap = cap;
    return true;
}

const char *const lint_piece_names[ARB_NO_KIND] = {"pawn", "knight", "bishop", "rook", "queen", "king"};

arb_finding *lint_add(lint_ctx *c, int check, int severity, int article, int line, int col,
                      const char *fmt, ...)
{
    arb_finding *f = arb_lint_report_add(c->r, check, severity);
    if (!f)
        return NULL;
    f->line = line;
    f->col = col;
    f->after_error = c->after_error;
    if (article >= 0 && article < ARB_ART_COUNT)
        lint_copy(f->article, sizeof f->article, c->rules->articles[article]);
    va_list ap;
    va_start(ap, fmt);
    if (fmt[0] == '%' && fmt[1] == 's' && !fmt[2]) {
        /* a message made by the caller: copied, cut where vsnprintf cuts */
        const char *text = va_arg(ap, const char *);
        size_t n = strlen(text);
        if (n >= sizeof f->message)
            n = sizeof f->message - 1;
        memcpy(f->message, text, n);
        f->message[n] = '\0';
    } else {
        vsnprintf(f->message, sizeof f->message, fmt, ap);
    }
    va_end(ap);
    return f;
}

int lint_format(char *dst, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(dst, size, fmt, ap);
    va_end(ap);
    return n;
}

void lint_move_number(const arb_position *pos, char *buf, size_t size)
{
    /* "%u%s" without printf (every draw and claim asks), cut as snprintf cuts */
    char text[16], *end = text + sizeof text - 4;   /* (room for the dots) */
    const char *d = arb_decimal_before(pos->fullmove_number, end);
    size_t len = (size_t)(end - d);
    memmove(text, d, len);
    for (int dots = pos->side == ARB_WHITE ? 1 : 3; dots > 0; dots--)
        text[len++] = '.';
    if (size == 0)
        return;
    if (len >= size)
        len = size - 1;
    memcpy(buf, text, len);
    buf[len] = '\0';
}

void lint_set_move(arb_finding *f, const arb_position *before, uint32_t ply, const char *token)
{
    f->ply = ply;
    lint_move_number(before, f->move_number, sizeof f->move_number);
    lint_copy(f->token, sizeof f->token, token);
}

static bool is_delimiter(unsigned char ch)
{
    return ch <= ' ' || strchr("{}()[];\"", ch) != NULL;
}

void lint_token_at(const arb_pgn_game *g, int line, int col, char *buf, size_t size)
{
    buf[0] = '\0';
    if (!g->raw || line < g->line || (line == g->line && col < g->col))
        return;
    /* raw starts at the game's first token, which is at g->line:g->col;
     * columns count characters, so UTF-8 continuation bytes do not count */
    const unsigned char *p = (const unsigned char *)g->raw, *end = p + g->raw_len;
    int l = g->line, c = g->col;
    /* whole lines before the one asked for: only their newlines count */
    while (l < line) {
        const unsigned char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl)
            return;
        p = nl + 1;
        l++;
        c = 1;
    }
    while (p < end && (l < line || (l == line && c < col))) {
        /* a run of ASCII bytes: one column each */
        size_t ahead = (size_t)(col - c), k = 0;
        if (ahead > (size_t)(end - p))
            ahead = (size_t)(end - p);
        /* eight bytes at a time while none is a newline or beyond ASCII
         * (a game on one long line is the common case) */
        for (uint64_t w; k + 8 <= ahead; k += 8) {
            memcpy(&w, p + k, 8);
            uint64_t nl = w ^ 0x0A0A0A0A0A0A0A0AULL;
            if ((w | ((nl - 0x0101010101010101ULL) & ~nl)) & 0x8080808080808080ULL)
                break;
        }
        while (k < ahead && p[k] < 0x80 && p[k] != '\n')
            k++;
        p += k;
        c += (int)k;
        if (p == end || c >= col)
            break;
        if (*p == '\n') {
            l++;
            c = 1;
        } else if ((*p & 0xC0) != 0x80 && !(p[0] == 0xEF && end - p >= 3 && p[1] == 0xBB && p[2] == 0xBF)) {
            c++;
        } else if (p[0] == 0xEF) {
            p += 2; /* a byte-order mark is no character */
        }
        p++;
    }
    if (l != line || c != col)
        return;
    size_t n = 0;
    while (p + n < end && n + 1 < size && !is_delimiter(p[n]))
        n++;
    if (n == 0 && p < end && *p > ' ' && size > 1)
        n = 1; /* a delimiter stands for itself */
    memcpy(buf, p, n);
    buf[n] = '\0';
}

/* ---- the tags read ---------------------------------------------------------- */

int lint_tag_kind(const char *name)
{
    /* by length and first letter, then the bytes (compared inline: the
     * lengths are constants); every tag of every game comes here */
    static const char *const names[LINT_TAG_COUNT] = {"Event", "Site", "Date", "Round", "White", "Black",
                                                      "Result", "TimeControl", "Termination", "Variant",
                                                      "FEN", "SetUp"};
    int kind;
    switch (strlen(name)) {
    case 3: return memcmp(name, "FEN", 3) == 0 ? LINT_TAG_FEN : -1;
    case 4:
        kind = name[0] == 'S' ? LINT_TAG_SITE : LINT_TAG_DATE;
        return memcmp(name, names[kind], 4) == 0 ? kind : -1;
    case 5:
        switch (name[0]) {
        case 'E': kind = LINT_TAG_EVENT; break;
        case 'R': kind = LINT_TAG_ROUND; break;
        case 'W': kind = LINT_TAG_WHITE; break;
        case 'B': kind = LINT_TAG_BLACK; break;
        case 'S': kind = LINT_TAG_SETUP; break;
        default: return -1;
        }
        return memcmp(name, names[kind], 5) == 0 ? kind : -1;
    case 6: return memcmp(name, "Result", 6) == 0 ? LINT_TAG_RESULT : -1;
    case 7: return memcmp(name, "Variant", 7) == 0 ? LINT_TAG_VARIANT : -1;
    case 11:
        kind = name[1] == 'i' ? LINT_TAG_TIME_CONTROL : LINT_TAG_TERMINATION;
        return memcmp(name, names[kind], 11) == 0 ? kind : -1;
    default: return -1;
    }
}

void lint_index_tags(lint_ctx *c)
{
    memset(c->tags, 0, sizeof c->tags);
    for (size_t i = c->g->tag_count; i-- > 0;) {
        int kind = lint_tag_kind(c->g->tags[i].name);
        if (i < LINT_FEW_TAGS)
            c->tag_kind[i] = (int8_t)kind;
        if (kind >= 0)
            c->tags[kind] = &c->g->tags[i];   /* walking back: the first one stays */
    }
}

/* ---- how the game ended --------------------------------------------------- */

const char *lint_side_name(int side)
{
    return side == ARB_WHITE ? "White" : "Black";
}

int lint_board_end_termination(int board_end)
{
    switch (board_end) {
    case ARB_BOARD_CHECKMATE: return ARB_TERM_CHECKMATE;
    case ARB_BOARD_STALEMATE: return ARB_TERM_STALEMATE;
    case ARB_BOARD_DEAD_POSITION: return ARB_TERM_DEAD_POSITION;
    default: return -1;
    }
}

int lint_termination_article(int term)
{
    switch (term) {
    case ARB_TERM_CHECKMATE: return ARB_ART_CHECKMATE;
    case ARB_TERM_STALEMATE: return ARB_ART_STALEMATE;
    case ARB_TERM_DEAD_POSITION: return ARB_ART_DEAD_POSITION;
    case ARB_TERM_FIVEFOLD: return ARB_ART_FIVEFOLD;
    case ARB_TERM_SEVENTY_FIVE: return ARB_ART_SEVENTY_FIVE;
    default: return -1;
    }
}

const char *lint_termination_words(int term)
{
    switch (term) {
    case ARB_TERM_CHECKMATE: return "checkmate";
    case ARB_TERM_STALEMATE: return "stalemate";
    case ARB_TERM_DEAD_POSITION: return "a dead position";
    case ARB_TERM_FIVEFOLD: return "fivefold repetition";
    case ARB_TERM_SEVENTY_FIVE: return "the 75-move rule";
    default: return "its end";
    }
}
