/* fuzz_trf.c — any bytes as a tournament report (TRF): no crash; every
 * message has a line, a column and text; players, ranks and cells are
 * consistent and names are UTF-8; the cross-check runs over the report (its
 * self-check, a game between the first two players and one of unknown
 * players, the missing games and the summary) with findings that name the
 * report; name comparison is symmetric. */
#include "invariants.h"
#include "name_match.h"
#include "trf.h"
#include "trf_check.h"
#include "utf8.h"

static void check_utf8(const char *s)
{
    size_t len = strlen(s);
    for (size_t i = 0; i < len;) {
        int n = arb_utf8_sequence_length((const unsigned char *)s + i, len - i);
        INVARIANT(n > 0, "name not UTF-8 at byte %zu: %s", i, s);
        i += (size_t)n;
    }
}

static void check_findings(const arb_lint_report *r)
{
    for (size_t i = 0; i < r->count; i++) {
        const arb_finding *f = &r->findings[i];
        INVARIANT(f->message[0], "finding without a message");
        INVARIANT(f->pairing.report[0], "trf finding without the report's name");
    }
}

static void check_game(arb_trf_check *c, const char *white, const char *black, const char *round)
{
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    g.source = "fuzz.pgn";
    g.line = g.col = 1;
    arb_pgn_game_set_tag(&g, "White", white);
    arb_pgn_game_set_tag(&g, "Black", black);
    arb_pgn_game_set_tag(&g, "Round", round);
    arb_pgn_game_set_tag(&g, "Result", "1-0");
    arb_pgn_game_set_tag(&g, "WhiteFideId", "4600001");
    arb_lint_report r;
    arb_lint_report_init(&r);
    arb_trf_check_game(c, &g, &r);
    check_findings(&r);
    arb_lint_report_free(&r);
    arb_pgn_game_free(&g);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    arb_trf *t;
    arb_status st = arb_trf_parse((const char *)data, size, "fuzz.trf", &t);
    if (st.code)
        return 0;   /* out of memory only */
    for (size_t i = 0; i < t->diag_count; i++)
        INVARIANT(t->diags[i].line >= 1 && t->diags[i].col >= 1 && t->diags[i].message[0],
                  "message without a place or text");
    INVARIANT(t->rounds >= 0 && t->rounds <= ARB_TRF_MAX_ROUNDS, "rounds %d", t->rounds);
    for (size_t i = 0; i < t->player_count; i++) {
        const arb_trf_player *p = &t->players[i];
        INVARIANT(p->rank >= 1 && p->rank <= ARB_TRF_MAX_RANK, "rank %d", p->rank);
        INVARIANT(arb_trf_player_by_rank(t, p->rank) == p, "rank %d not found again", p->rank);
        INVARIANT(p->first_cell + (size_t)p->cell_count <= t->cell_count, "cells out of range");
        check_utf8(p->name);
        for (int r = 1; r <= p->cell_count; r++) {
            const arb_trf_cell *c = arb_trf_cell_of(t, p, r);
            INVARIANT(c && strchr("10=+-HFUZWDL ?", c->result), "result %d", c ? c->result : 0);
        }
    }
    arb_name_key a, b;
    for (size_t i = 0; i + 1 < t->player_count && i < 8; i++) {
        arb_name_key_make(t->players[i].name, &a);
        arb_name_key_make(t->players[i + 1].name, &b);
        INVARIANT(arb_name_compare(&a, &b) == arb_name_compare(&b, &a), "asymmetric: %s / %s",
                  t->players[i].name, t->players[i + 1].name);
        INVARIANT(arb_name_compare(&a, &a) == ARB_NAME_SAME || !a.plain[0], "not itself: %s",
                  t->players[i].name);
    }
    arb_trf_check *c = arb_trf_check_new(t);
    if (c) {
        arb_lint_report r;
        arb_lint_report_init(&r);
        arb_trf_check_report(c, &r);
        check_findings(&r);
        if (t->player_count >= 2)
            check_game(c, t->players[0].name, t->players[1].name, "1.1");
        check_game(c, "Nobody,Known", "Mueller H.", "x");
        arb_trf_check_finish(c, &r);
        check_findings(&r);
        arb_strbuf out;
        arb_strbuf_init(&out);
        arb_trf_summary_format_text(c, &out);
        arb_trf_summary_format_json(c, &out);
        arb_strbuf_free(&out);
        arb_lint_report_free(&r);
        arb_trf_check_free(c);
    }
    arb_trf_free(t);
    return 0;
}
