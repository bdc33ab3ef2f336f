/* findings.c — check codes, finding records and their text/JSON forms. */
#include "findings.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation.h"
#include "pgn_lex.h"

static const char *const check_codes[ARB_CHECK_COUNT] = {
    [ARB_CHECK_ILLEGAL_MOVE] = "illegal-move",
    [ARB_CHECK_AMBIGUOUS_MOVE] = "ambiguous-move",
    [ARB_CHECK_BAD_TOKEN] = "bad-token",
    [ARB_CHECK_MOVES_AFTER_END] = "moves-after-end",
    [ARB_CHECK_RESULT_MISMATCH] = "result-mismatch",
    [ARB_CHECK_DRAW_CLAIM] = "draw-claim",
    [ARB_CHECK_EARLY_AGREEMENT] = "early-agreement",
    [ARB_CHECK_DRAW_OFFER] = "draw-offer",
    [ARB_CHECK_FEN_INVALID] = "fen-invalid",
    [ARB_CHECK_CHESS960_START] = "chess960-start",
    [ARB_CHECK_CASTLING_960] = "castling-960",
    [ARB_CHECK_TAG_MISSING] = "tag-missing",
    [ARB_CHECK_TAG_FORMAT] = "tag-format",
    [ARB_CHECK_CLOCK] = "clock",
};

static const char *const termination_names[ARB_TERM_COUNT] = {
    [ARB_TERM_CHECKMATE] = "checkmate",
    [ARB_TERM_STALEMATE] = "stalemate",
    [ARB_TERM_DEAD_POSITION] = "dead-position",
    [ARB_TERM_FIVEFOLD] = "fivefold",
    [ARB_TERM_SEVENTY_FIVE] = "seventy-five",
    [ARB_TERM_THREEFOLD_CLAIM] = "threefold-claim",
    [ARB_TERM_FIFTY_CLAIM] = "fifty-claim",
    [ARB_TERM_AGREEMENT] = "agreement",
    [ARB_TERM_RESIGNATION] = "resignation",
    [ARB_TERM_TIME_FORFEIT] = "time-forfeit",
    [ARB_TERM_UNTERMINATED] = "unterminated",
    [ARB_TERM_UNKNOWN] = "unknown",
};

const char *arb_check_code(int check)
{
    return check >= 0 && check < ARB_CHECK_COUNT ? check_codes[check] : NULL;
}

int arb_check_parse(const char *code)
{
    for (int i = 0; i < ARB_CHECK_COUNT; i++)
        if (strcmp(check_codes[i], code) == 0)
            return i;
    return -1;
}

const char *arb_severity_name(int severity)
{
    switch (severity) {
    case ARB_SEVERITY_ERROR: return "error";
    case ARB_SEVERITY_WARNING: return "warning";
    default: return "info";
    }
}

const char *arb_termination_name(int termination)
{
    return termination >= 0 && termination < ARB_TERM_COUNT ? termination_names[termination]
                                                             : "unknown";
}

/* ---- report --------------------------------------------------------------- */

void arb_lint_report_init(arb_lint_report *r)
{
    memset(r, 0, sizeof *r);
    r->termination = ARB_TERM_UNKNOWN;
}

void arb_lint_report_reset(arb_lint_report *r)
{
    arb_finding *keep = r->findings;
    size_t cap = r->capacity;
    arb_lint_report_init(r);
    r->findings = keep;
    r->capacity = cap;
}

void arb_lint_report_free(arb_lint_report *r)
{
    free(r->findings);
    arb_lint_report_init(r);
}

arb_finding *arb_lint_report_add(arb_lint_report *r, int check, int severity)
{
    if (r->count == r->capacity) {
        size_t cap = r->capacity ? r->capacity * 2 : 8;
        arb_finding *grown = realloc(r->findings, cap * sizeof *grown);
        if (!grown) {
            r->out_of_memory = true;
            return NULL;
        }
        r->findings = grown;
        r->capacity = cap;
    }
    arb_finding *f = &r->findings[r->count++];
    memset(f, 0, sizeof *f);
    f->check = check;
    f->severity = severity;
    switch (severity) {
    case ARB_SEVERITY_ERROR: r->errors++; break;
    case ARB_SEVERITY_WARNING: r->warnings++; break;
    default: r->infos++; break;
    }
    return f;
}

bool arb_finding_add_move(arb_finding *f, const arb_position *pos, arb_move move)
{
    if (f->candidate_count >= ARB_FINDING_MAX_CANDIDATES)
        return false;
    if (!f->has_position) {
        f->position = *pos;
        f->has_position = true;
    }
    f->candidate_moves[f->candidate_count] = move;
    arb_san_write(pos, move, f->candidates[f->candidate_count]);
    f->candidate_count++;
    return true;
}

bool arb_finding_add_candidate(arb_finding *f, const char *san)
{
    if (f->candidate_count >= ARB_FINDING_MAX_CANDIDATES)
        return false;
    snprintf(f->candidates[f->candidate_count++], ARB_SAN_MAX, "%s", san);
    return true;
}

/* ---- messages -------------------------------------------------------------- */

/* The candidates, comma-separated, in the notation when one is given (and
 * the finding knows their position), else in SAN. */
static void join_candidates(const arb_finding *f, const struct arb_notation *notation, char *buf,
                            size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < f->candidate_count && used < size; i++) {
        char written[ARB_NOTATION_MAX];
        const char *text = f->candidates[i];
        if (notation && f->has_position) {
            arb_notation_write(notation, &f->position, f->candidate_moves[i], written);
            text = written;
        }
        used += (size_t)snprintf(buf + used, size - used, "%s%s", i ? ", " : "", text);
    }
}

/* The locale's own text for key; NULL when it has none (the catalogue would
 * fall back to English) or the locale is English, whose built-in texts are
 * the more specific ones. */
static const char *own_text(const arb_report_style *style, const char *key)
{
    if (!style || !style->locales || !style->locale || !key[0])
        return NULL;
    const arb_locale *en = arb_locale_find(style->locales, "en");
    if (en == style->locale)
        return NULL;
    const char *text = arb_locales_message(style->locales, style->locale, key);
    if (text && en && text == arb_locales_message(style->locales, en, key))
        return NULL;
    return text;
}

size_t arb_finding_message(const arb_finding *f, const arb_report_style *style, char *buf,
                           size_t size)
{
    const char *text = own_text(style, f->key);
    if (!text)
        return (size_t)snprintf(buf, size, "%s", f->message);
    char candidates[ARB_FINDING_MAX_CANDIDATES * (ARB_NOTATION_MAX + 2) + 1];
    join_candidates(f, style->notation, candidates, sizeof candidates);
    const char *pairs[] = {"move", f->move_number, "token", f->token,
                           "candidates", candidates, "result", f->result,
                           "expected", f->expected, "reason", f->reason, NULL};
    return arb_message_format(text, pairs, buf, size);
}

/* ---- text form ------------------------------------------------------------- */

static const char *severity_color(int severity)
{
    switch (severity) {
    case ARB_SEVERITY_ERROR: return "\033[1;31m";
    case ARB_SEVERITY_WARNING: return "\033[1;33m";
    default: return "\033[1;36m";
    }
}

bool arb_report_format_text(const arb_lint_report *r, const arb_report_style *style, arb_strbuf *out)
{
    if (r->count == 0)
        return true;
    bool color = style && style->color;
    const char *src = r->source ? r->source : "-";
    bool ok = arb_strbuf_printf(out, "%s%s \xE2\x80\x93 %s, %s, %s:%d%s\n", color ? "\033[1m" : "",
                              r->white ? r->white : "?", r->black ? r->black : "?",
                              r->round ? r->round : "?", src, (int)r->line, color ? "\033[0m" : "");
    char message[1024];
    for (size_t i = 0; i < r->count && ok; i++) {
        const arb_finding *f = &r->findings[i];
        arb_finding_message(f, style, message, sizeof message);
        ok = arb_strbuf_printf(out, "%s:%d:%d: %s%s%s [%s%s%s] %s%s\n", src, (int)f->line, (int)f->col,
                             color ? severity_color(f->severity) : "", arb_severity_name(f->severity),
                             color ? "\033[0m" : "", f->article, f->article[0] ? " " : "",
                             arb_check_code(f->check), f->after_error ? "(after an error) " : "",
                             message);
    }
    return ok;
}

/* ---- JSON Lines ------------------------------------------------------------ */

/* ,"game":N */
static bool json_game(arb_strbuf *t, const arb_lint_report *r, const arb_report_style *style)
{
    if (!arb_strbuf_puts(t, ",\"game\":"))
        return false;
    if (style && style->write_game)
        return style->write_game(style, r, t);
    return arb_strbuf_printf(t, "%llu", (unsigned long long)r->game);
}

static bool json_string_or_null(arb_strbuf *t, const char *s)
{
    return s ? arb_strbuf_json_string(t, s) : arb_strbuf_puts(t, "null");
}

static bool json_result(arb_strbuf *t, int result)
{
    if (result == ARB_PGN_RESULT_NONE)
        return arb_strbuf_puts(t, "null");
    return arb_strbuf_json_string(t, arb_pgn_result_text(result));
}

bool arb_report_format_json(const arb_lint_report *r, const arb_report_style *style, arb_strbuf *out)
{
    const char *src = r->source ? r->source : "-";
    char message[1024], move[96];
    bool ok = true;
    for (size_t i = 0; i < r->count && ok; i++) {
        const arb_finding *f = &r->findings[i];
        arb_finding_message(f, style, message, sizeof message);
        ok = arb_strbuf_puts(out, "{\"file\":") && arb_strbuf_json_string(out, src) &&
             json_game(out, r, style) &&
             arb_strbuf_printf(out, ",\"line\":%d,\"col\":%d,\"ply\":%u,\"move\":",
                             (int)f->line, (int)f->col, (unsigned)f->ply);
        if (f->move_number[0]) {
            snprintf(move, sizeof move, "%s%s", f->move_number, f->token);
            ok = ok && arb_strbuf_json_string(out, move);
        } else {
            ok = ok && arb_strbuf_puts(out, "null");
        }
        ok = ok && arb_strbuf_puts(out, ",\"token\":") &&
             json_string_or_null(out, f->token[0] ? f->token : NULL) &&
             arb_strbuf_puts(out, ",\"code\":") && arb_strbuf_json_string(out, arb_check_code(f->check)) &&
             arb_strbuf_puts(out, ",\"article\":") &&
             json_string_or_null(out, f->article[0] ? f->article : NULL) &&
             arb_strbuf_puts(out, ",\"severity\":") &&
             arb_strbuf_json_string(out, arb_severity_name(f->severity)) &&
             arb_strbuf_puts(out, ",\"message\":") && arb_strbuf_json_string(out, message) &&
             arb_strbuf_puts(out, ",\"candidates\":[");
        for (int c = 0; c < f->candidate_count && ok; c++)
            ok = (c == 0 || arb_strbuf_puts(out, ",")) && arb_strbuf_json_string(out, f->candidates[c]);
        ok = ok && arb_strbuf_puts(out, "]") &&
             (!f->after_error || arb_strbuf_puts(out, ",\"after_error\":true")) &&
             arb_strbuf_puts(out, "}\n");
    }
    ok = ok && arb_strbuf_puts(out, "{\"type\":\"game\",\"file\":") && arb_strbuf_json_string(out, src) &&
         json_game(out, r, style) && arb_strbuf_puts(out, ",\"white\":") &&
         json_string_or_null(out, r->white) && arb_strbuf_puts(out, ",\"black\":") &&
         json_string_or_null(out, r->black) && arb_strbuf_puts(out, ",\"round\":") &&
         json_string_or_null(out, r->round) && arb_strbuf_puts(out, ",\"result_tag\":") &&
         json_result(out, r->result_tag) && arb_strbuf_puts(out, ",\"result_board\":") &&
         json_result(out, r->result_board) && arb_strbuf_puts(out, ",\"termination\":") &&
         arb_strbuf_json_string(out, arb_termination_name(r->termination)) &&
         arb_strbuf_printf(out, ",\"findings\":%zu}\n", r->count);
    return ok;
}

static bool json_ply(arb_strbuf *t, const char *name, uint32_t ply)
{
    return ply ? arb_strbuf_printf(t, ",\"%s\":%u", name, (unsigned)ply) : arb_strbuf_printf(t, ",\"%s\":null", name);
}

bool arb_report_format_facts(const arb_lint_report *r, const arb_report_style *style, arb_strbuf *out)
{
    const arb_game_facts *f = &r->facts;
    return arb_strbuf_puts(out, "{\"type\":\"facts\",\"file\":") &&
           arb_strbuf_json_string(out, r->source ? r->source : "-") &&
           json_game(out, r, style) &&
           arb_strbuf_printf(out, ",\"plies\":%u,\"ok\":%s,\"checkmate\":%s,\"stalemate\":%s,"
                                "\"insufficient_material\":%s", (unsigned)r->plies,
                           f->replayed ? "true" : "false", f->checkmate ? "true" : "false",
                           f->stalemate ? "true" : "false", f->insufficient_material ? "true" : "false") &&
           json_ply(out, "first_threefold_ply", f->first_threefold_ply) &&
           json_ply(out, "first_fivefold_ply", f->first_fivefold_ply) &&
           json_ply(out, "first_fifty_ply", f->first_fifty_ply) &&
           json_ply(out, "first_seventyfive_ply", f->first_seventyfive_ply) &&
           arb_strbuf_printf(out, ",\"claim_threefold_final\":%s,\"claim_fifty_final\":%s",
                           f->claim_threefold ? "true" : "false", f->claim_fifty ? "true" : "false") &&
           (f->first_dead_ply >= 0 ? arb_strbuf_printf(out, ",\"first_dead_ply\":%d", (int)f->first_dead_ply)
                                   : arb_strbuf_puts(out, ",\"first_dead_ply\":null")) &&
           arb_strbuf_printf(out, ",\"white_cannot_mate\":%s,\"black_cannot_mate\":%s}\n",
                           f->cannot_mate[ARB_WHITE] ? "true" : "false", f->cannot_mate[ARB_BLACK] ? "true" : "false");
}
