/* fuzz_lenient.c — the lenient reader of real-world text (lenient.h,
 * pgn_lenient.h) on any bytes.
 *
 *   - no crash, leak or sanitizer report; the rewrite returns in time;
 *   - the rewrite keeps every line: as many newlines out as in, and every
 *     note lies on a line of the input;
 *   - the offset map is monotone and maps into the input;
 *   - a spoken announcement (spoken.h) read at the start takes bytes of the
 *     input only and gives a short algebraic text;
 *   - the input as one descriptive token (descriptive.h, every descriptive
 *     locale, in a middle-game position) and as a marked squareless capture
 *     (shorthand.h) reads as a legal move or as an error code, and a move
 *     read is written back to a text that reads as the same move;
 *   - the PGN reader with the lenient second reading (and auto-detection
 *     half the time) gives games whose raw bytes are the input's at their
 *     offsets, in order, and whose messages all have a position.
 */
#include <stdint.h>
#include <string.h>

#include "invariants.h"
#include "lenient.h"
#include "pgn_detect.h"
#include "pgn_read.h"
#include "descriptive.h"
#include "fen.h"
#include "shorthand.h"
#include "spoken.h"

static arb_locale_set *locales;
static arb_grammar *grammar;
static arb_pgn_autodetect *detect;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    arb_status st = arb_locales_load(NULL, &locales);
    INVARIANT(st.code == 0, "locales do not load (set ARBITER_DATA): %s", st.message);
    st = arb_grammar_load(NULL, &grammar);
    INVARIANT(st.code == 0, "the grammar does not load: %s", st.message);
    arb_pgn_autodetect_options ao = {.when = ARB_PGN_DETECT_NOT_SAN};
    st = arb_pgn_autodetect_new(grammar, locales, &ao, &detect);
    INVARIANT(st.code == 0, "detection does not start: %s", st.message);
    return 0;
}

static size_t newlines(const char *s, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        k += s[i] == '\n';
    return k;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *src = (const char *)data;
    const arb_locale *typeset = size > 0 && (data[0] & 1) ? arb_locale_find(locales, "ru") : NULL;
    arb_lenient_text t;
    arb_lenient_text_init(&t);
    bool short_form = size > 0 && (data[0] & 2);
    int n = arb_lenient_rewrite_spoken(locales, typeset, short_form, src, size, 1, 1, &t);
    INVARIANT(n >= 0, "out of memory");
    INVARIANT(t.text && t.text[t.len] == '\0', "the rewrite is not a string");
    INVARIANT(newlines(t.text, t.len) == newlines(src, size), "lines added or removed");
    size_t lines = newlines(src, size) + 1;
    for (size_t i = 0; i < t.note_count; i++) {
        INVARIANT(t.notes[i].line >= 1 && (size_t)t.notes[i].line <= lines && t.notes[i].col >= 1,
                  "note %zu at %d:%d, outside the text", i, t.notes[i].line, t.notes[i].col);
        INVARIANT(t.notes[i].offset <= t.len, "note %zu beyond the rewritten text", i);
    }
    size_t prev = 0;
    for (size_t at = 0; at <= t.len; at++) {
        size_t o = arb_lenient_original_offset(&t, at);
        INVARIANT(o >= prev && o <= size + 2, "offset map not monotone at %zu (%zu after %zu)", at, o, prev);
        prev = o;
    }
    arb_lenient_text_free(&t);

    char said[ARB_SPOKEN_SAN_MAX];
    size_t took = arb_spoken_read(locales, src, size, short_form, said);
    INVARIANT(took <= size, "an announcement of %zu bytes in %zu", took, size);
    INVARIANT(!took || (said[0] && strlen(said) < ARB_SPOKEN_SAN_MAX), "announcement read as \"%s\"", said);

    arb_position pos;
    arb_status fs = arb_fen_parse("r1bqk2r/pp1p1ppp/2n2n2/2b1p3/2BPP3/2N2N2/PPP2PPP/R1BQK2R b KQkq - 0 5", &pos);
    INVARIANT(fs.code == 0, "FEN: %s", fs.message);
    size_t tl = size < 64 ? size : 64;
    for (size_t l = 0; l < arb_locales_count(locales); l++) {
        const arb_locale *loc = arb_locales_at(locales, l);
        arb_move mv;
        arb_movelist cands;
        int rc = arb_shorthand_read(loc, &pos, src, tl, &mv, NULL, &cands);
        INVARIANT(rc != ARB_SAN_OK || arb_is_legal(&pos, mv), "shorthand read an illegal move");
        if (!arb_descriptive_locale(loc))
            continue;
        rc = arb_descriptive_read(loc, &pos, src, tl, &mv, NULL, &cands);
        INVARIANT(rc == ARB_SAN_OK || rc == ARB_SAN_SYNTAX || rc == ARB_SAN_ILLEGAL || rc == ARB_SAN_AMBIGUOUS
                      || rc == ARB_SAN_BAD_PROMOTION, "descriptive read gave %d", rc);
        if (rc == ARB_SAN_OK) {
            INVARIANT(arb_is_legal(&pos, mv), "descriptive read an illegal move");
            char back[ARB_NOTATION_MAX];
            size_t bl = arb_descriptive_write(loc, &pos, mv, back);
            arb_move again;
            INVARIANT(arb_descriptive_read(loc, &pos, back, bl, &again, NULL, NULL) == ARB_SAN_OK && again == mv,
                      "%s written as %s does not read back", arb_locale_code(loc), back);
        }
    }

    arb_pgn_reader_options opt = {0};
    opt.lenient = true;
    opt.lenient_locales = locales;
    opt.autodetect = size > 1 && (data[1] & 1) ? detect : NULL;
    arb_input *in = arb_input_from_memory(data, size, "<fuzz>");
    INVARIANT(in, "out of memory");
    arb_pgn_reader *r = arb_pgn_reader_new(in, &opt);
    INVARIANT(r, "out of memory");
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    arb_status st;
    uint64_t last_end = 0;
    for (int games = 0; games < 1000 && arb_pgn_read(r, &g, &st) == ARB_PGN_READ_GAME; games++) {
        for (size_t d = 0; d < g.diag_count; d++)
            INVARIANT(g.diags[d].line >= 1 && g.diags[d].col >= 1 && g.diags[d].message[0],
                      "message without a position: %s", g.diags[d].message);
        if (g.raw && g.raw_len) {
            INVARIANT(g.offset + g.raw_len <= size && memcmp(src + g.offset, g.raw, g.raw_len) == 0,
                      "raw bytes are not the input's at offset %llu", (unsigned long long)g.offset);
            INVARIANT(g.offset >= last_end, "raw bytes out of order");
            last_end = g.offset + g.raw_len;
        }
    }
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
    return 0;
}
