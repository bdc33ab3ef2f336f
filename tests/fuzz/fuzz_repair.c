/* fuzz_repair.c — the repair search on any game text (mainline.h,
 * repair.h, repair_game.h, sheets.h).
 *
 *   - arb_mainline_collect takes any bytes; its tokens lie inside the text;
 *   - arb_repair_run ends within its limits on any tokens, in any notation;
 *     a repair's moves are legal one after the other from the start, its
 *     edits are at most max_edits and in order, its cost is positive, and
 *     repairs come cheapest first;
 *   - the repaired game builds and is described without overflow;
 *   - two sheets (the text cut in two at its middle byte) reconcile to a
 *     legal line or to none;
 *   - pgnlint --continue (the reader passing bad moves over, the linter
 *     following the best repair, lint_follow.c) checks every game of the
 *     text without failing.
 *
 * Input: byte 0 picks the notation (en, ro, de, ru); the rest is a game's
 * text.  Locales and grammar come from $ARBITER_DATA (set by `make fuzz`). */
#include <stdint.h>
#include <string.h>

#include "invariants.h"
#include "lint.h"
#include "mainline.h"
#include "pgn_read.h"
#include "repair.h"
#include "repair_game.h"
#include "sheets.h"

static arb_locale_set *locales;
static arb_grammar *grammar;
static arb_notation *notations[4];
static arb_repairer *repairer;
static arb_sheets *sheets;
static arb_linter *linter;
static arb_lint_report report;
static const arb_repair_limits limits = {.max_edits = 2, .max_work = 20000, .max_nodes = 2000, .suggestions = 3};

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    arb_status st = arb_locales_load(NULL, &locales);
    INVARIANT(st.code == 0, "locales do not load (set ARBITER_DATA): %s", st.message);
    st = arb_grammar_load(NULL, &grammar);
    INVARIANT(st.code == 0, "the grammar does not load: %s", st.message);
    static const char *const codes[4] = {"en", "ro", "de", "ru"};
    for (int i = 0; i < 4; i++) {
        st = arb_notation_new(grammar, arb_locale_find(locales, codes[i]), &notations[i]);
        INVARIANT(st.code == 0, "locale %s does not compile: %s", codes[i], st.message);
    }
    repairer = arb_repairer_new(&limits);
    sheets = arb_sheets_new(&limits);
    linter = arb_linter_new();
    arb_lint_report_init(&report);
    INVARIANT(repairer && sheets && linter, "out of memory");
    return 0;
}

static void check_line(const arb_position *start, const arb_move *moves, size_t n, const char *what)
{
    arb_position pos = *start, next;
    for (size_t i = 0; i < n; i++) {
        INVARIANT(arb_is_legal(&pos, moves[i]), "%s: move %zu is illegal", what, i);
        arb_position_make(&pos, moves[i], &next);
        pos = next;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const arb_notation *n = notations[data[0] % 4];
    const char *text = (const char *)data + 1;
    size_t len = size - 1;
    arb_mainline ml;
    arb_mainline_init(&ml);
    INVARIANT(arb_mainline_collect(&ml, text, len, 1), "out of memory");
    arb_position start;
    arb_position_startpos(&start);
    arb_repair_game g = {&start, ml.tokens, ml.count, 1, n, notations[0]};
    arb_repair_result res;
    arb_status st = arb_repair_run(repairer, &g, &res);
    INVARIANT(st.code == 0, "repair failed: %s", st.message);
    INVARIANT(res.work <= limits.max_work + 100000, "work %llu past the limit", (unsigned long long)res.work);
    for (size_t i = 0; i < res.count; i++) {
        const arb_repair *rep = &res.repairs[i];
        check_line(&start, rep->moves, rep->move_count, "repair");
        INVARIANT(rep->edit_count >= 1 && rep->edit_count <= limits.max_edits, "%d edits", rep->edit_count);
        INVARIANT(rep->cost > 0, "cost %d", rep->cost);
        if (i > 0)
            INVARIANT(res.repairs[i - 1].cost <= rep->cost, "repairs out of order");
        for (int e = 1; e < rep->edit_count; e++)
            INVARIANT(rep->edits[e - 1].ply <= rep->edits[e].ply, "edits out of order");
        char what[512];
        arb_repair_describe_all(&start, &ml, rep, n, what, sizeof what);
        arb_pgn_game out;
        arb_pgn_game_init(&out);
        arb_pgn_game src;
        arb_pgn_game_init(&src);
        INVARIANT(arb_repair_build_game(&src, &ml, rep, n, &out), "out of memory");
        arb_pgn_game_free(&src);
        arb_pgn_game_free(&out);
    }
    /* two sheets: the text cut at its middle */
    arb_mainline second;
    arb_mainline_init(&second);
    INVARIANT(arb_mainline_collect(&second, text + len / 2, len - len / 2, 1), "out of memory");
    arb_mainline first;
    arb_mainline_init(&first);
    INVARIANT(arb_mainline_collect(&first, text, len / 2, 1), "out of memory");
    arb_sheets_input in = {&start, first.tokens, first.count, second.tokens, second.count, 0, n, NULL, notations[0]};
    arb_sheets_result sr;
    st = arb_sheets_reconcile(sheets, &in, &sr);
    INVARIANT(st.code == 0, "sheets failed: %s", st.message);
    if (sr.status != ARB_SHEETS_NONE)
        check_line(&start, sr.moves, sr.move_count, "sheets");
    arb_mainline_free(&first);
    arb_mainline_free(&second);
    arb_mainline_free(&ml);

    /* pgnlint --continue: the linter follows the repair */
    const arb_notation *const suggest[1] = {notations[0]};
    arb_pgn_reader_options ro = {.skip_bad_moves = true, .suggest = suggest, .suggest_count = 1,
                                 .notation = n == notations[0] ? NULL : n};
    arb_pgn_reader *reader = arb_pgn_reader_new(arb_input_from_memory(text, len, "<fuzz>"), &ro);
    INVARIANT(reader, "out of memory");
    arb_lint_options lo = {.notation = ro.notation, .suggest = suggest, .suggest_count = 1};
    arb_pgn_game game;
    arb_pgn_game_init(&game);
    uint64_t index = 0;
    while (arb_pgn_read(reader, &game, &st) == ARB_PGN_READ_GAME && index < 8) {
        st = arb_lint_game(linter, &game, ++index, &lo, &report);
        INVARIANT(st.code == 0, "lint failed: %s", st.message);
    }
    arb_pgn_game_free(&game);
    arb_pgn_reader_free(reader);
    return 0;
}
