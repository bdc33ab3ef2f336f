/* example.c — embedding libarbiter: reads a PGN file, prints each game's
 * main line (in SAN, or in a national notation such as "ro" or "de") and
 * what an arbiter would find in it.  The README shows this program; `make
 * test` builds it against an installed copy through pkg-config and runs it.
 *
 *   cc example.c $(pkg-config --cflags --libs arbiter) -o example
 *   ./example games.pgn [LANG]
 */
#include <arbiter/arbiter.h>

#include <stdio.h>

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: example FILE.pgn [LANG]\n");
        return 2;
    }
    /* a national notation needs the locale files installed with the library */
    arb_locale_set *locales = NULL;
    arb_grammar *grammar = NULL;
    arb_notation *notation = NULL;
    arb_status st = {0};
    if (argc > 2) {
        st = arb_locales_load(NULL, &locales);
        if (!st.code)
            st = arb_grammar_load(NULL, &grammar);
        const arb_locale *loc = st.code ? NULL : arb_locale_find(locales, argv[2]);
        if (!st.code && !loc)
            st = arb_status_error(ARB_ERR_ARGUMENT, 0, 0, 0, "no locale %s", argv[2]);
        if (!st.code)
            st = arb_notation_new(grammar, loc, &notation);
        if (st.code) {
            fprintf(stderr, "example: %s (%s error)\n", st.message, arb_error_class_name(st.error_class));
            return 2;
        }
    }

    arb_pgn_reader *reader;
    st = arb_pgn_reader_open(argv[1], NULL, &reader);
    if (st.code) {
        fprintf(stderr, "example: %s\n", st.message);
        return 2;
    }
    /* zeroed options: SAN (or the locale), no comments, no variations */
    arb_pgn_write_options write_options = {0};
    write_options.notation = notation ? ARB_PGN_NOTATION_LOCALE : ARB_PGN_NOTATION_SAN;
    write_options.locale = notation;
    write_options.strip_comments = write_options.strip_variations = true;
    arb_pgn_writer *writer = arb_pgn_writer_new(&write_options);
    arb_linter *linter = arb_linter_new();
    arb_pgn_game game;
    arb_pgn_game_init(&game);
    arb_lint_report report;
    arb_lint_report_init(&report);
    arb_report_style style = {0};   /* English messages, no colour */
    arb_strbuf findings;
    arb_strbuf_init(&findings);

    int rc;
    uint64_t number = 0;
    while ((rc = arb_pgn_read(reader, &game, &st)) == ARB_PGN_READ_GAME) {
        number++;
        const char *text;
        size_t len;
        if (game.error_count == 0 && arb_pgn_write_game(writer, &game, &text, &len).code == 0)
            fwrite(text, 1, len, stdout);
        else
            printf("game %llu does not replay\n\n", (unsigned long long)number);
        /* zeroed (NULL) lint options: the newest edition of the Laws built
         * into the library */
        st = arb_lint_game(linter, &game, number, NULL, &report);
        arb_strbuf_clear(&findings);
        if (st.code == 0 && arb_report_format_text(&report, &style, &findings))
            fwrite(findings.data, 1, findings.len, stdout);
        printf("game %llu: %zu errors, %zu warnings\n\n", (unsigned long long)number,
               report.errors, report.warnings);
    }
    if (rc == ARB_PGN_READ_FAILED)
        fprintf(stderr, "example: %s\n", st.message);

    arb_strbuf_free(&findings);
    arb_lint_report_free(&report);
    arb_pgn_game_free(&game);
    arb_linter_free(linter);
    arb_pgn_writer_free(writer);
    arb_pgn_reader_free(reader);
    arb_notation_free(notation);
    arb_grammar_free(grammar);
    arb_locales_free(locales);
    return rc == ARB_PGN_READ_FAILED ? 2 : 0;
}
