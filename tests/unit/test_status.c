/* test_status.c — lib/base/status.h: one error space (a class shared by every
 * module, the module's code kept as detail), and the zero value of options
 * meaning the defaults (lint options, the built-in rule profiles). */
#include <criterion/criterion.h>
#include <string.h>

#include "arbiter.h"
#include "helpers.h"
#include "notation_helpers.h"
#include "test_pgn_helpers.h"

Test(status, class_names)
{
    cr_assert_str_eq(arb_error_class_name(ARB_ERR_NONE), "none");
    cr_assert_str_eq(arb_error_class_name(ARB_ERR_IO), "io");
    cr_assert_str_eq(arb_error_class_name(ARB_ERR_MEMORY), "memory");
    cr_assert_str_eq(arb_error_class_name(ARB_ERR_FORMAT), "format");
    cr_assert_str_eq(arb_error_class_name(ARB_ERR_ILLEGAL), "illegal");
    cr_assert_str_eq(arb_error_class_name(ARB_ERR_DATA), "data");
    cr_assert_str_eq(arb_error_class_name(ARB_ERR_LIMIT), "limit");
    cr_assert_str_eq(arb_error_class_name(ARB_ERR_ARGUMENT), "argument");
    cr_assert_str_eq(arb_error_class_name(ARB_ERR_CLASS_COUNT), "unknown");
    cr_assert_str_eq(arb_error_class_name(-1), "unknown");
}

Test(status, error_keeps_class_code_place_and_message)
{
    arb_status st = arb_status_error(ARB_ERR_FORMAT, 7, 3, 14, "bad %s at %d", "token", 5);
    cr_assert_eq(st.error_class, ARB_ERR_FORMAT);
    cr_assert_eq(st.code, 7);
    cr_assert_eq(st.line, 3);
    cr_assert_eq(st.col, 14);
    cr_assert_str_eq(st.message, "bad token at 5");
}

/* the same kind of failure has the same class whichever module reports it */
Test(status, fen_format_and_illegal_classes)
{
    arb_position pos;
    arb_status st = arb_fen_parse("", &pos);
    cr_assert_eq(st.code, ARB_FEN_EMPTY);
    cr_assert_eq(st.error_class, ARB_ERR_FORMAT);
    st = arb_fen_parse("8/8/8/8/8/8/8/8 w - - 0 1", &pos);
    cr_assert_eq(st.code, ARB_FEN_KING_COUNT);
    cr_assert_eq(st.error_class, ARB_ERR_ILLEGAL);
    st = arb_fen_parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &pos);
    cr_assert_eq(st.code, 0);
    cr_assert_eq(st.error_class, ARB_ERR_NONE);
}

Test(status, io_class_for_files_that_cannot_be_opened)
{
    arb_input *in = NULL;
    arb_status st = arb_input_open("/nonexistent/games.pgn", &in);
    cr_assert_null(in);
    cr_assert_eq(st.code, ARB_INPUT_OPEN);
    cr_assert_eq(st.error_class, ARB_ERR_IO);

    arb_grammar *g = NULL;
    st = arb_grammar_load("/nonexistent/move.pcre", &g);
    cr_assert_eq(st.code, ARB_GRAMMAR_IO);
    cr_assert_eq(st.error_class, ARB_ERR_IO);

    arb_profile_set *set = NULL;
    st = arb_profiles_load("/nonexistent/profiles", &set);
    cr_assert_null(set);
    cr_assert_eq(st.error_class, ARB_ERR_IO);
}

Test(status, data_class_for_bad_data_files)
{
    char path[4096];
    corpus_path("locales-bad/duplicate-key.yaml", path, sizeof path);
    arb_locale_set *set = NULL;
    arb_status st = arb_locales_load_file(path, &set);
    cr_assert_neq(st.code, 0);
    cr_assert_eq(st.error_class, ARB_ERR_DATA, "%s", st.message);

    arb_profile p;
    const char *yaml = "name: x\nno-such-key: 1\n";
    st = arb_profile_parse(yaml, strlen(yaml), "x.yaml", &p);
    cr_assert_neq(st.code, 0);
    cr_assert_eq(st.error_class, ARB_ERR_DATA, "%s", st.message);
}

Test(status, argument_class_for_a_bad_predicate)
{
    arb_grep *s = arb_grep_new();
    cr_assert_not_null(s);
    arb_status st = arb_grep_add_result(s, "2-0");
    cr_assert_eq(st.error_class, ARB_ERR_ARGUMENT);
    arb_grep_free(s);
}

/* every edition of lib/laws/profiles is compiled into the library */
Test(status, builtin_profiles_are_every_edition)
{
    arb_profile_set *builtin = NULL, *files = NULL;
    arb_status st = arb_profiles_builtin(&builtin);
    cr_assert_eq(st.code, 0, "%s", st.message);
    st = arb_profiles_load(NULL, &files);
    cr_assert_eq(st.code, 0, "%s", st.message);
    cr_assert_eq(arb_profiles_count(builtin), arb_profiles_count(files));
    cr_assert_geq(arb_profiles_count(builtin), 5);
    for (size_t i = 0; i < arb_profiles_count(files); i++) {
        const arb_profile *a = arb_profiles_at(files, i), *b = arb_profiles_at(builtin, i);
        cr_assert_str_eq(a->name, b->name);
        cr_assert_str_eq(a->effective, b->effective);
        cr_assert_eq(memcmp(a->sections, b->sections, sizeof a->sections), 0, "%s differs", a->name);
    }
    cr_assert_not_null(arb_profiles_find(builtin, "fide-2023"));
    arb_profiles_free(builtin);
    arb_profiles_free(files);
}

static const char blitz_game[] =
    "[Event \"?\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"A\"]\n[Black \"B\"]\n"
    "[Result \"1-0\"]\n[TimeControl \"180+2\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n";

/* zeroed options (or none): the newest built-in edition, the section the
 * TimeControl tag falls in */
Test(status, zero_lint_options_mean_the_defaults)
{
    arb_pgn_game g;
    arb_pgn_game_init(&g);
    read_ok(blitz_game, &g);
    arb_lint_options zero;
    memset(&zero, 0, sizeof zero);
    arb_profile_set *builtin = NULL;
    cr_assert_eq(arb_profiles_builtin(&builtin).code, 0);
    zero.profiles = builtin;
    const arb_profile *p = NULL;
    const arb_rules *rules = arb_lint_rules_for(&g, &zero, &p);
    cr_assert_not_null(rules);
    cr_assert_str_eq(p->name, arb_profiles_at(builtin, arb_profiles_count(builtin) - 1)->name);
    cr_assert_eq(rules, &p->sections[ARB_CLASS_BLITZ], "180+2 is blitz, not the zero enum (standard)");

    arb_linter *l = arb_linter_new();
    arb_lint_report r;
    arb_lint_report_init(&r);
    memset(&zero, 0, sizeof zero);
    cr_assert_eq(arb_lint_game(l, &g, 1, &zero, &r).code, 0);
    cr_assert_eq(r.game, 1);
    arb_status st = arb_lint_game(l, &g, 2, NULL, &r);
    cr_assert_eq(st.code, 0, "%s", st.message);
    cr_assert_eq(r.game, 2);
    arb_lint_report_free(&r);
    arb_linter_free(l);
    arb_profiles_free(builtin);
    arb_pgn_game_free(&g);
}
