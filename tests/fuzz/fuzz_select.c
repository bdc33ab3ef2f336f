/* fuzz_select.c — the selection parsers of lib/select on any text, and the
 * opening table loader on any bytes.  The first byte chooses:
 *   0 material pattern: parses or fails with a column; an accepted one has
 *     min <= max for every man and matches positions without crashing
 *   1 board pattern: parses or fails with a column; when the text is a FEN
 *     the parser accepts, its board (and side) as a pattern matches it
 *   2 tag comparison: parses or fails; an accepted NAME==V matches V when
 *     V itself parses (a value equals itself, unknown date parts included)
 *   3 ECO range: an accepted range is ordered, and holds its own ends
 *   4 the rest as an opening table file (*.tsv): loads, or fails with a
 *     "path:line:col:" message; a table that loads names what it holds
 * The table goes to a temporary directory, removed at exit. */
#include <dirent.h>
#include <stdint.h>
#include <unistd.h>

#include "fen_pattern.h"
#include "invariants.h"
#include "material.h"
#include "openings.h"
#include "tag_compare.h"

static char dir[64], file[96];

static void remove_temp(void)
{
    unlink(file);
    rmdir(dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%.40s/fzsel-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    INVARIANT(mkdtemp(dir) != NULL, "cannot create %s", dir);
    snprintf(file, sizeof file, "%s/x.tsv", dir);
    atexit(remove_temp);
    return 0;
}

static const char *const positions[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "3r2k1/8/8/8/8/8/P7/3R2K1 w - - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
};

static void material(const char *text)
{
    arb_material m;
    arb_status st = arb_material_parse(text, &m);
    if (st.code) {
        INVARIANT(st.col >= 1 && st.message[0], "material error without column: %s", text);
        return;
    }
    for (int c = 0; c < 2; c++)
        for (int k = 0; k < 6; k++)
            INVARIANT(m.min[c][k] <= m.max[c][k], "material %s: min above max", text);
    for (size_t p = 0; p < sizeof positions / sizeof *positions; p++) {
        arb_position pos;
        arb_fen_parse(positions[p], &pos);
        (void)arb_material_match(&m, &pos);
    }
}

static void board(const char *text)
{
    arb_fen_pattern p;
    arb_status st = arb_fen_pattern_parse(text, &p);
    if (st.code)
        INVARIANT(st.col >= 1 && st.message[0], "pattern error without column: %s", text);
    else
        for (size_t i = 0; i < sizeof positions / sizeof *positions; i++) {
            arb_position pos;
            arb_fen_parse(positions[i], &pos);
            (void)arb_fen_pattern_match(&p, &pos);
        }
    arb_position pos;
    if (arb_fen_parse(text, &pos).code == 0) {
        /* the board and side of an accepted FEN, as a pattern */
        char fen[ARB_FEN_MAX];
        arb_fen_write(&pos, ARB_FEN_STYLE_AUTO, fen);
        char *space = strchr(fen, ' ');
        space[2] = '\0';
        st = arb_fen_pattern_parse(fen, &p);
        INVARIANT(st.code == 0, "the board of %s is refused as a pattern: %s", fen, st.message);
        INVARIANT(arb_fen_pattern_match(&p, &pos), "the board of %s does not match it", fen);
    }
}

static void compare(const char *text)
{
    arb_tag_compare c;
    arb_status st = arb_tag_compare_parse(text, &c);
    if (st.code) {
        INVARIANT(st.message[0], "comparison error without message: %s", text);
        return;
    }
    const char *eq = strstr(text, "==");
    if (eq && !strstr(eq, "..") && arb_tag_compare_is(text)) {
        INVARIANT(arb_tag_compare_match(&c, eq + 2), "%s does not hold for its own value", text);
    }
    (void)arb_tag_compare_match(&c, text);
}

static void eco(const char *text)
{
    arb_eco_range r;
    if (!arb_eco_range_parse(text, &r))
        return;
    INVARIANT(0 <= r.from && r.from <= r.to && r.to <= 499, "range %s: %d..%d", text, r.from, r.to);
    char lo[4] = {(char)('A' + r.from / 100), (char)('0' + r.from / 10 % 10), (char)('0' + r.from % 10), 0};
    char hi[4] = {(char)('A' + r.to / 100), (char)('0' + r.to / 10 % 10), (char)('0' + r.to % 10), 0};
    INVARIANT(arb_eco_in_range(lo, &r) && arb_eco_in_range(hi, &r), "range %s lacks its ends", text);
}

static void table(const uint8_t *data, size_t size)
{
    FILE *fp = fopen(file, "wb");
    if (!fp)
        return;
    size_t wrote = fwrite(data, 1, size, fp);
    fclose(fp);
    if (wrote != size)
        return;
    arb_openings *t = NULL;
    arb_status st = arb_openings_load(dir, &t);
    if (st.code) {
        INVARIANT(t == NULL, "a failed load returned a table");
        INVARIANT(strncmp(st.message, dir, strlen(dir)) == 0 || strstr(st.message, "out of memory"),
                  "message without the path: %s", st.message);
        return;
    }
    INVARIANT(arb_openings_count(t) > 0, "a table that loads is empty");
    arb_openings_free(t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    if (data[0] % 5 == 4) {
        table(data + 1, size - 1);
        return 0;
    }
    char text[512];
    size_t n = size - 1 < sizeof text - 1 ? size - 1 : sizeof text - 1;
    memcpy(text, data + 1, n);
    text[n] = '\0';
    switch (data[0] % 5) {
    case 0: material(text); break;
    case 1: board(text); break;
    case 2: compare(text); break;
    default: eco(text); break;
    }
    return 0;
}
