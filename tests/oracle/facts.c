/* facts.c — one JSON line of facts per game, in the shape of the oracle's
 * output (../shared/tools/oracle), for `make check-oracle`: whether the game
 * replays, its main line in canonical SAN, and the final position.
 *
 *   oracle-facts FILE...     (- or no file: stdin; .gz by content)
 *
 * A development aid, not an installed tool. */
#include <stdio.h>
#include <string.h>

#include "arbiter.h"
#include "pgn_read.h"

static void print_json_string(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            printf("\\%c", c);
        else if (c < 0x20)
            printf("\\u%04x", c);
        else
            putchar(c);
    }
    putchar('"');
}

static int facts_of(const char *path, long *index)
{
    arb_pgn_reader *r;
    arb_status st = arb_pgn_reader_open(path, NULL, &r);
    if (st.code) {
        fprintf(stderr, "oracle-facts: %s\n", st.message);
        return 2;
    }
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    int rc;
    while ((rc = arb_pgn_read(r, &g, &st)) == ARB_PGN_READ_GAME) {
        printf("{\"index\":%ld,\"line\":%d,\"ok\":%s,\"san\":[", (*index)++, (int)g.line,
               g.error_count ? "false" : "true");
        arb_pgn_walker w;
        arb_pgn_walker_init(&w, &g);
        int plies = 0;
        for (const arb_pgn_item *it; (it = arb_pgn_walker_next(&w));) {
            if (it->kind != ARB_PGN_ITEM_MOVE || w.depth != 0)
                continue;
            char san[ARB_SAN_MAX];
            arb_san_write_after(&w.before, it->move, &w.after, san);
            printf("%s\"%s\"", plies++ ? "," : "", san);
        }
        arb_pgn_walker_free(&w);
        char fen[ARB_FEN_MAX];
        arb_fen_write(&g.end, ARB_FEN_STYLE_AUTO | ARB_FEN_EP_LEGAL_ONLY, fen);
        printf("],\"plies\":%d,\"final_fen\":", plies);
        print_json_string(fen);
        printf(",\"error\":");
        if (g.error_count) {
            for (size_t i = 0; i < g.diag_count; i++)
                if (g.diags[i].severity == ARB_PGN_ERROR) {
                    printf("{\"line\":%d,\"message\":", (int)g.diags[i].line);
                    print_json_string(g.diags[i].message);
                    printf("}");
                    break;
                }
        } else {
            printf("null");
        }
        printf("}\n");
    }
    if (rc == ARB_PGN_READ_FAILED)
        fprintf(stderr, "%s:%d:%d: %s\n", arb_pgn_reader_name(r), st.line, st.col, st.message);
    arb_pgn_game_free(&g);
    arb_pgn_reader_free(r);
    return rc == ARB_PGN_READ_FAILED ? 2 : 0;
}

int main(int argc, char **argv)
{
    long index = 0;
    int status = 0;
    if (argc < 2)
        return facts_of("-", &index);
    for (int i = 1; i < argc; i++) {
        int s = facts_of(argv[i], &index);
        if (s > status)
            status = s;
    }
    return status;
}
