/* fuzz_locale.c — the locale YAML loader on any bytes.
 *
 *   - arb_locales_load_file never crashes: it loads, or fails with a code
 *     and a "path:line:col: ..." message;
 *   - a locale it accepts compiles with the move grammar, and then every
 *     legal move of a few positions, written in that locale, reads back to
 *     the same move (the loader's checks are what make a locale
 *     unambiguous: a hole in them shows up here);
 *   - message lookup and formatting accept whatever texts the file holds.
 *
 * The loader reads files only, so each input is written to one temporary
 * file (named *.yaml like real locales), removed at exit. */
#include <stdint.h>
#include <unistd.h>

#include "invariants.h"
#include "notation.h"

static char path[64];
static int fd = -1;
static arb_grammar *grammar;

static void remove_temp(void)
{
    if (fd >= 0)
        unlink(path);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    const char *dir = getenv("TMPDIR");
    snprintf(path, sizeof path, "%.40s/fzloc-XXXXXX.yaml", dir && *dir ? dir : "/tmp");
    fd = mkstemps(path, 5);
    INVARIANT(fd >= 0, "cannot create %s", path);
    atexit(remove_temp);
    arb_status st = arb_grammar_load(NULL, &grammar);
    INVARIANT(st.code == 0, "the grammar does not load (set ARBITER_DATA): %s", st.message);
    return 0;
}

static const char *const positions[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "4k3/8/8/2pP4/8/8/8/4K2R w K c6 0 1",
};

static void every_move_reads_back(const arb_notation *n)
{
    for (size_t p = 0; p < sizeof positions / sizeof *positions; p++) {
        arb_position pos;
        arb_status st = arb_fen_parse(positions[p], &pos);
        INVARIANT(st.code == 0, "FEN %s: %s", positions[p], st.message);
        arb_movelist list;
        arb_generate_legal(&pos, &list);
        for (int i = 0; i < list.count; i++) {
            char text[ARB_NOTATION_MAX];
            size_t len = arb_notation_write(n, &pos, list.moves[i], text);
            INVARIANT(len < ARB_NOTATION_MAX, "written length %zu", len);
            arb_move back = ARB_MOVE_NONE;
            int rc = arb_notation_read(n, &pos, text, len, &back, NULL, NULL);
            INVARIANT(rc == ARB_SAN_OK && back == list.moves[i],
                      "a locale that loads writes \"%s\" in %s and reads it back as rc %d, move %04x instead of %04x",
                      text, positions[p], rc, back, list.moves[i]);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != (ssize_t)size)
        return 0;   /* no space: nothing to learn from this input */
    arb_locale_set *set = NULL;
    arb_status st = arb_locales_load_file(path, &set);
    if (st.code) {
        INVARIANT(set == NULL, "a failed load returned a set");
        INVARIANT(st.code > ARB_LOCALE_OK && st.code <= ARB_LOCALE_NOT_FOUND, "unknown error code %d", st.code);
        INVARIANT(strncmp(st.message, path, strlen(path)) == 0, "the message does not name the file: %s",
                  st.message);
        return 0;
    }
    INVARIANT(set && arb_locales_count(set) == 1, "a loaded file is not one locale");
    const arb_locale *loc = arb_locales_at(set, 0);
    INVARIANT(arb_locale_name(loc) && arb_locale_source(loc) && arb_locale_english_name(loc), "missing texts");
    for (int kind = ARB_KNIGHT; kind <= ARB_KING; kind++)
        INVARIANT(arb_locale_piece_count(loc, kind) >= 1, "piece %d has no spelling", kind);
    for (int list = 0; list < ARB_LOCALE_LIST_COUNT; list++)
        for (size_t i = 0; i < arb_locale_list_count(loc, list); i++)
            INVARIANT(arb_locale_list_item(loc, list, i)[0], "an empty spelling in list %d", list);

    static const char *const keys[] = {"illegal-move", "bad-token", "draw-claim", "no-such-key"};
    for (size_t k = 0; k < sizeof keys / sizeof *keys; k++) {
        const char *text = arb_locales_message(set, loc, keys[k]);
        if (text) {
            const char *pairs[] = {"move", "23.", "token", "Xy9", "candidates", "a, b", NULL};
            char buf[128];
            size_t need = arb_message_format(text, pairs, buf, sizeof buf);
            INVARIANT(strlen(buf) < sizeof buf && (need >= sizeof buf || strlen(buf) == need),
                      "message format length %zu for %s", need, keys[k]);
        }
    }

    arb_notation *n = NULL;
    st = arb_notation_new(grammar, loc, &n);
    INVARIANT(st.code == 0, "a locale that loads does not compile with the grammar: %s", st.message);
    every_move_reads_back(n);
    arb_notation_free(n);
    arb_locales_free(set);
    return 0;
}
