/* fuzz_token.c — any token read as a move in every locale with the move
 * grammar (grammars/move.pcre), in a reachable position.
 *
 *   - arb_notation_read returns one of the san.h codes; a move it accepts is
 *     legal; the move written in the locale (arb_notation_write) and in
 *     figurines (arb_fan_write) reads back to the same move;
 *   - the parse + resolve path agrees with arb_notation_read whenever both
 *     accept the token;
 *   - AMBIGUOUS lists at least two candidates; every candidate is legal.
 *
 * Input: byte 0 picks a start position (low 2 bits) and a number of plies
 * (the rest); the next bytes choose those plies; what remains is the token.
 * Locales and grammar come from $ARBITER_DATA (set by `make fuzz`). */
#include <stdint.h>

#include "invariants.h"
#include "descriptive.h"
#include "notation.h"

static arb_locale_set *locales;
static arb_grammar *grammar;
static arb_notation **notations;
static size_t notation_count;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    arb_status st = arb_locales_load(NULL, &locales);
    INVARIANT(st.code == 0, "locales do not load (set ARBITER_DATA): %s", st.message);
    st = arb_grammar_load(NULL, &grammar);
    INVARIANT(st.code == 0, "the grammar does not load: %s", st.message);
    notation_count = arb_locales_count(locales);
    notations = calloc(notation_count, sizeof *notations);
    INVARIANT(notations, "out of memory");
    for (size_t i = 0; i < notation_count; i++) {
        st = arb_notation_new(grammar, arb_locales_at(locales, i), &notations[i]);
        INVARIANT(st.code == 0, "locale %s does not compile: %s", arb_locale_code(arb_locales_at(locales, i)),
                  st.message);
    }
    return 0;
}

static const char *const starts[4] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
};

static void check_candidates(const arb_position *pos, int rc, const arb_movelist *cands, const char *where)
{
    if (rc == ARB_SAN_AMBIGUOUS)
        INVARIANT(cands->count >= 2, "%s: ambiguous with %d candidates", where, cands->count);
    if (rc != ARB_SAN_OK && rc != ARB_SAN_SYNTAX)
        for (int i = 0; i < cands->count; i++)
            INVARIANT(arb_is_legal(pos, cands->moves[i]), "%s: an illegal candidate", where);
}

static void read_back(const arb_notation *n, const arb_position *pos, arb_move move, const char *text, size_t len,
                      const char *what)
{
    arb_move back = ARB_MOVE_NONE;
    int rc = arb_notation_read(n, pos, text, len, &back, NULL, NULL);
    INVARIANT(rc == ARB_SAN_OK && back == move, "%s: %s \"%.*s\" reads back as rc %d, move %04x instead of %04x",
              arb_locale_code(arb_notation_locale(n)), what, (int)len, text, rc, back, move);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    arb_position pos, next;
    arb_status st = arb_fen_parse(starts[data[0] & 3], &pos);
    INVARIANT(st.code == 0, "start FEN: %s", st.message);
    size_t plies = data[0] >> 2;
    if (plies > size - 1)
        plies = size - 1;
    arb_movelist list;
    for (size_t i = 0; i < plies; i++) {
        arb_generate_legal(&pos, &list);
        if (!list.count)
            break;
        arb_position_make(&pos, list.moves[data[1 + i] % list.count], &next);
        pos = next;
    }
    const char *token = (const char *)data + 1 + plies;
    size_t len = size - 1 - plies;

    for (size_t i = 0; i < notation_count; i++) {
        const arb_notation *n = notations[i];
        const char *code = arb_locale_code(arb_notation_locale(n));
        /* a descriptive notation (P-K4) reads its own forms only, not figurines
         * or the algebraic grammar's (notation.h) */
        bool descriptive = arb_descriptive_locale(arb_notation_locale(n));
        arb_move move = ARB_MOVE_NONE;
        arb_move_spec spec;
        arb_movelist cands = {0};
        int rc = arb_notation_read(n, &pos, token, len, &move, &spec, &cands);
        INVARIANT(rc >= ARB_SAN_OK && rc <= ARB_SAN_BAD_PROMOTION, "%s: unknown result %d", code, rc);
        check_candidates(&pos, rc, &cands, code);
        if (rc == ARB_SAN_OK) {
            INVARIANT(arb_is_legal(&pos, move), "%s: \"%.*s\" gave an illegal move", code, (int)len, token);
            (void)arb_notation_wrong_marks(&pos, &spec, move);
            char text[ARB_NOTATION_MAX];
            size_t n_text = arb_notation_write(n, &pos, move, text);
            INVARIANT(n_text < ARB_NOTATION_MAX && strlen(text) == n_text, "%s: written length %zu", code, n_text);
            read_back(n, &pos, move, text, n_text, "written");
            n_text = arb_fan_write(&pos, move, ARB_FAN_BY_COLOR, text);
            INVARIANT(n_text < ARB_NOTATION_MAX, "%s: figurine length %zu", code, n_text);
            if (!descriptive)
                read_back(n, &pos, move, text, n_text, "figurine");
        }

        /* the slow path alone */
        arb_move_spec parsed;
        int prc = arb_notation_parse(n, token, len, &parsed);
        INVARIANT(prc == ARB_SAN_OK || prc == ARB_SAN_SYNTAX, "%s: parse returned %d", code, prc);
        if (prc == ARB_SAN_OK) {
            arb_move resolved = ARB_MOVE_NONE;
            arb_movelist rc_cands = {0};
            int rrc = arb_notation_resolve(&pos, &parsed, &resolved, &rc_cands);
            INVARIANT(rrc >= ARB_SAN_OK && rrc <= ARB_SAN_BAD_PROMOTION, "%s: resolve returned %d", code, rrc);
            check_candidates(&pos, rrc, &rc_cands, code);
            if (rrc == ARB_SAN_OK) {
                INVARIANT(arb_is_legal(&pos, resolved), "%s: resolve gave an illegal move", code);
                INVARIANT(rc != ARB_SAN_OK || descriptive || resolved == move,
                          "%s: \"%.*s\" is %04x when read, %04x when parsed and resolved", code, (int)len, token,
                          move, resolved);
            }
        }
        (void)arb_notation_extra(n, token, len);
    }
    return 0;
}
