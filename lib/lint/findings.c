/* findings.c — check codes and finding records (their text and JSON forms
 * are the report layer's). */
#include "findings.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


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
    [ARB_CHECK_TRF_MISSING_GAME] = "trf-missing-game",
    [ARB_CHECK_TRF_DUPLICATE_GAME] = "trf-duplicate-game",
    [ARB_CHECK_TRF_EXTRA_GAME] = "trf-extra-game",
    [ARB_CHECK_TRF_RESULT] = "trf-result",
    [ARB_CHECK_TRF_COLOURS] = "trf-colours",
    [ARB_CHECK_TRF_ROUND] = "trf-round",
    [ARB_CHECK_TRF_FORFEIT_PLAYED] = "trf-forfeit-played",
    [ARB_CHECK_TRF_PLAYER_ID] = "trf-player-id",
    [ARB_CHECK_TRF_PLAYER_NAME] = "trf-player-name",
    [ARB_CHECK_TRF_INCONSISTENT] = "trf-inconsistent",
    [ARB_CHECK_CLOCK] = "clock",
    [ARB_CHECK_NOTATION] = "notation",
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

/* The capacity of r->findings is kept in a header just before the array, so
 * that the public struct shows only what callers read (findings, count). */
typedef union findings_header {
    size_t capacity;
    max_align_t align;   /* the findings after it stay aligned */
} findings_header;

static findings_header *header_of(arb_finding *findings)
{
    return findings ? (findings_header *)(void *)findings - 1 : NULL;
}

static size_t capacity_of(arb_finding *findings)
{
    return findings ? header_of(findings)->capacity : 0;
}

void arb_lint_report_reset(arb_lint_report *r)
{
    arb_finding *keep = r->findings;
    arb_lint_report_init(r);
    r->findings = keep;
}

void arb_lint_report_free(arb_lint_report *r)
{
    free(header_of(r->findings));
    arb_lint_report_init(r);
}

arb_finding *arb_lint_report_add(arb_lint_report *r, int check, int severity)
{
    size_t capacity = capacity_of(r->findings);
    if (r->count == capacity) {
        size_t cap = capacity ? capacity * 2 : 8;
        findings_header *grown = realloc(header_of(r->findings), sizeof *grown + cap * sizeof(arb_finding));
        if (!grown) {
            r->out_of_memory = true;
            return NULL;
        }
        grown->capacity = cap;
        r->findings = (arb_finding *)(void *)(grown + 1);
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
