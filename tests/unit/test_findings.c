/* test_findings.c — lib/lint/findings.h: stable codes, JSON string escaping,
 * the text and JSON Lines forms, messages from a locale's table with the
 * English fallback; lib/laws/profile.h: loading editions, their errors, dates,
 * TimeControl sections and event files. */
#include "helpers.h"

#include "findings.h"
#include "report.h"
#include "grammar.h"
#include "locales.h"
#include "notation.h"
#include "pgn_lex.h"
#include "profile.h"
#include "repair.h"

/* ---- codes ---------------------------------------------------------------------- */

Test(findings, codes_are_stable_and_round_trip)
{
    static const char *const codes[] = {"illegal-move", "ambiguous-move", "bad-token", "moves-after-end",
                                        "result-mismatch", "draw-claim", "early-agreement", "draw-offer",
                                        "fen-invalid", "chess960-start", "castling-960", "tag-missing",
                                        "tag-format", "trf-missing-game", "trf-duplicate-game",
                                        "trf-extra-game", "trf-result", "trf-colours", "trf-round",
                                        "trf-forfeit-played", "trf-player-id", "trf-player-name",
                                        "trf-inconsistent", "clock", "notation"};
    cr_assert_eq(sizeof codes / sizeof codes[0], ARB_CHECK_COUNT);
    for (int i = 0; i < ARB_CHECK_COUNT; i++) {
        cr_assert_str_eq(arb_check_code(i), codes[i]);
        cr_assert_eq(arb_check_parse(codes[i]), i);
    }
    cr_assert_eq(arb_check_parse("no-such-check"), -1);
    cr_assert_null(arb_check_code(ARB_CHECK_COUNT));
}

Test(findings, termination_names)
{
    static const char *const names[] = {"checkmate", "stalemate", "dead-position", "fivefold", "seventy-five",
                                        "threefold-claim", "fifty-claim", "agreement", "resignation",
                                        "time-forfeit", "unterminated", "unknown"};
    for (int i = 0; i < ARB_TERM_COUNT; i++)
        cr_assert_str_eq(arb_termination_name(i), names[i]);
}

/* ---- JSON strings --------------------------------------------------------------- */

static void expect_json(const char *in, const char *out)
{
    arb_strbuf t;
    arb_strbuf_init(&t);
    cr_assert(arb_strbuf_json_string(&t, in));
    cr_assert_str_eq(t.data, out);
    arb_strbuf_free(&t);
}

Test(findings, json_escaping)
{
    expect_json("plain", "\"plain\"");
    expect_json("say \"hi\"", "\"say \\\"hi\\\"\"");
    expect_json("back\\slash", "\"back\\\\slash\"");
    expect_json("tab\there\nline\r", "\"tab\\there\\nline\\r\"");
    expect_json("\x01\x1f", "\"\\u0001\\u001f\"");
    expect_json("Timi\xC8\x99oara \xE2\x80\x93 \xE2\x99\x98", "\"Timi\xC8\x99oara \xE2\x80\x93 \xE2\x99\x98\"");
    expect_json("bad \xFF byte", "\"bad \xEF\xBF\xBD byte\"");
    expect_json("cut \xC8", "\"cut \xEF\xBF\xBD\"");
    expect_json("", "\"\"");
}

Test(findings, text_buffer_grows)
{
    arb_strbuf t;
    arb_strbuf_init(&t);
    for (int i = 0; i < 1000; i++)
        cr_assert(arb_strbuf_printf(&t, "%04d;", i));
    cr_assert_eq(t.len, 5000);
    cr_assert(strncmp(t.data + 4995, "0999;", 5) == 0);
    char big[600];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    arb_strbuf_clear(&t);
    cr_assert(arb_strbuf_printf(&t, "[%s]", big), "longer than the small buffer");
    cr_assert_eq(t.len, 601);
    arb_strbuf_free(&t);
}

/* ---- formats ----------------------------------------------------------------------- */

static void sample_report(arb_lint_report *r)
{
    arb_lint_report_init(r);
    r->source = "round5.pgn";
    r->game = 3;
    r->line = 40;
    r->white = "Popescu, Ion";
    r->black = "Novak \"Jani\" Janez";
    r->round = "5";
    r->result_tag = ARB_PGN_RESULT_WHITE;
    r->result_board = ARB_PGN_RESULT_NONE;
    r->termination = ARB_TERM_UNKNOWN;
    arb_finding *f = arb_lint_report_add(r, ARB_CHECK_ILLEGAL_MOVE, ARB_SEVERITY_ERROR);
    cr_assert_not_null(f);
    f->line = 52;
    f->col = 14;
    f->ply = 46;
    strcpy(f->article, "7.5.1");
    strcpy(f->key, "illegal-move");
    strcpy(f->move_number, "23...");
    strcpy(f->token, "Nd4");
    strcpy(f->message, "23...Nd4: no knight can reach d4; legal: Nb4, Nf4");
    arb_finding_add_candidate(f, "Nb4");
    arb_finding_add_candidate(f, "Nf4");
    arb_finding *g = arb_lint_report_add(r, ARB_CHECK_TAG_MISSING, ARB_SEVERITY_WARNING);
    g->line = 40;
    g->col = 1;
    strcpy(g->article, "PGN 8.1.1");
    strcpy(g->message, "the Seven Tag Roster lacks Site");
}

Test(findings, text_form)
{
    arb_lint_report r;
    sample_report(&r);
    cr_assert_eq(r.errors, 1);
    cr_assert_eq(r.warnings, 1);
    arb_strbuf t;
    arb_strbuf_init(&t);
    arb_report_style style = {0};
    cr_assert(arb_report_format_text(&r, &style, &t));
    cr_assert_str_eq(t.data, "Popescu, Ion \xE2\x80\x93 Novak \"Jani\" Janez, 5, round5.pgn:40\n"
                             "round5.pgn:52:14: error [7.5.1 illegal-move] 23...Nd4: no knight can reach d4; "
                             "legal: Nb4, Nf4\n"
                             "round5.pgn:40:1: warning [PGN 8.1.1 tag-missing] the Seven Tag Roster lacks Site\n");
    arb_strbuf_clear(&t);
    style.color = true;
    cr_assert(arb_report_format_text(&r, &style, &t));
    cr_assert(strstr(t.data, "\033[1;31merror\033[0m"), "errors in red on a terminal");
    arb_strbuf_free(&t);
    arb_lint_report_free(&r);
}

Test(findings, text_form_is_empty_for_a_clean_game)
{
    arb_lint_report r;
    arb_lint_report_init(&r);
    arb_strbuf t;
    arb_strbuf_init(&t);
    cr_assert(arb_report_format_text(&r, NULL, &t));
    cr_assert_eq(t.len, 0);
    arb_strbuf_free(&t);
}

Test(findings, json_lines_form)
{
    arb_lint_report r;
    sample_report(&r);
    arb_strbuf t;
    arb_strbuf_init(&t);
    cr_assert(arb_report_format_json(&r, NULL, &t));
    cr_assert_str_eq(
        t.data,
        "{\"file\":\"round5.pgn\",\"game\":3,\"line\":52,\"col\":14,\"ply\":46,\"move\":\"23...Nd4\","
        "\"token\":\"Nd4\",\"code\":\"illegal-move\",\"article\":\"7.5.1\",\"severity\":\"error\","
        "\"message\":\"23...Nd4: no knight can reach d4; legal: Nb4, Nf4\",\"candidates\":[\"Nb4\",\"Nf4\"]}\n"
        "{\"file\":\"round5.pgn\",\"game\":3,\"line\":40,\"col\":1,\"ply\":0,\"move\":null,\"token\":null,"
        "\"code\":\"tag-missing\",\"article\":\"PGN 8.1.1\",\"severity\":\"warning\","
        "\"message\":\"the Seven Tag Roster lacks Site\",\"candidates\":[]}\n"
        "{\"type\":\"game\",\"file\":\"round5.pgn\",\"game\":3,\"white\":\"Popescu, Ion\","
        "\"black\":\"Novak \\\"Jani\\\" Janez\",\"round\":\"5\",\"result_tag\":\"1-0\",\"result_board\":null,"
        "\"termination\":\"unknown\",\"findings\":2}\n");
    arb_strbuf_free(&t);
    arb_lint_report_free(&r);
}

/* The repair named in a finding's message, also as data: each edit as
 * pgnrepair's JSON writes it (ply, then written/replaced_by, inserted,
 * deleted or swapped_with; the moves without their numbers, in the game's
 * notation), with the place of its token when it has one. */
Test(findings, json_lists_the_repair_edits)
{
    arb_lint_report r;
    sample_report(&r);
    arb_finding *f = &r.findings[0];
    static const struct {
        int kind;
        uint32_t ply;
        int32_t line, col;
        const char *written, *move;
    } edits[] = {
        {ARB_EDIT_REPLACE, 46, 52, 14, "23...Cd4", "23...Cb5"},
        {ARB_EDIT_INSERT, 50, 53, 2, "", "25...0-0"},
        {ARB_EDIT_DELETE, 60, 0, 0, "30.e4", ""},
    };
    f->repair_count = 3;
    for (int e = 0; e < 3; e++) {
        f->repair[e].kind = edits[e].kind;
        f->repair[e].ply = edits[e].ply;
        f->repair[e].line = edits[e].line;
        f->repair[e].col = edits[e].col;
        strcpy(f->repair[e].written, edits[e].written);
        strcpy(f->repair[e].move, edits[e].move);
    }
    arb_strbuf t;
    arb_strbuf_init(&t);
    cr_assert(arb_finding_format_json(&r, f, NULL, &t));
    cr_assert(strstr(t.data, "\"candidates\":[\"Nb4\",\"Nf4\"],\"repair\":["
                             "{\"ply\":46,\"line\":52,\"col\":14,\"written\":\"Cd4\",\"replaced_by\":\"Cb5\"},"
                             "{\"ply\":50,\"line\":53,\"col\":2,\"inserted\":\"0-0\"},"
                             "{\"ply\":60,\"deleted\":\"e4\"}]}\n"),
              "%s", t.data);
    f->repair_count = 1;
    f->repair[0].kind = ARB_EDIT_SWAP;
    f->repair[0].ply = 40;
    f->repair_followed = true;
    arb_strbuf_clear(&t);
    cr_assert(arb_finding_format_json(&r, f, NULL, &t));
    cr_assert(strstr(t.data, "\"repair\":[{\"ply\":40,\"line\":52,\"col\":14,\"swapped_with\":42}],"
                             "\"repair_followed\":true}"),
              "%s", t.data);
    arb_strbuf_free(&t);
    arb_lint_report_free(&r);
}

/* Names written as they are when plain (at any length: the check goes
 * eight bytes at a time), escaped when they hold a quote, a backslash, a
 * control character, UTF-8 or bytes that are not UTF-8, wherever in the
 * name that stands. */
Test(findings, json_strings_plain_and_escaped)
{
    static const char *const names[][2] = {
        {"Carlsen, Magnus", "\"Carlsen, Magnus\""},
        {"Ab", "\"Ab\""},
        {"", "\"\""},
        {"Abcdefgh\"", "\"Abcdefgh\\\"\""},
        {"Abcdefg\\h", "\"Abcdefg\\\\h\""},
        {"Abcdefghijk\tl", "\"Abcdefghijk\\tl\""},
        {"Abcdefgh\x1f", "\"Abcdefgh\\u001f\""},
        {"Popescu, Ștefan", "\"Popescu, Ștefan\""},
        {"Abcdefghij\xff", "\"Abcdefghij\xEF\xBF\xBD\""},
        {" ~}~}~}~}~}~}~}~}", "\" ~}~}~}~}~}~}~}~}\""},
        {"Ab\"cdefghij", "\"Ab\\\"cdefghij\""},
        {"Abc\ndefghij", "\"Abc\\ndefghij\""},
        {"Ștefanescu, Ion", "\"Ștefanescu, Ion\""},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        arb_lint_report r;
        arb_lint_report_init(&r);
        r.source = "a.pgn";
        r.game = 1;
        r.white = names[i][0];
        arb_strbuf t;
        arb_strbuf_init(&t);
        cr_assert(arb_report_format_json(&r, NULL, &t));
        char want[160];
        snprintf(want, sizeof want, ",\"white\":%s,\"black\":null", names[i][1]);
        cr_assert(strstr(t.data, want), "%s: %s", names[i][0], t.data);
        arb_strbuf_free(&t);
        arb_lint_report_free(&r);
    }
}

Test(findings, report_reset_keeps_memory_and_clears_counts)
{
    arb_lint_report r;
    sample_report(&r);
    arb_finding *mem = r.findings;
    arb_lint_report_reset(&r);
    cr_assert_eq(r.count, 0);
    cr_assert_eq(r.errors + r.warnings + r.infos, 0);
    cr_assert_eq(r.findings, mem);
    cr_assert_eq(r.termination, ARB_TERM_UNKNOWN);
    arb_lint_report_free(&r);
}

Test(findings, candidates_are_bounded)
{
    arb_finding f;
    memset(&f, 0, sizeof f);
    for (int i = 0; i < ARB_FINDING_MAX_CANDIDATES; i++)
        cr_assert(arb_finding_add_candidate(&f, "Qa1"));
    cr_assert(!arb_finding_add_candidate(&f, "Qa2"), "full");
    cr_assert_eq(f.candidate_count, ARB_FINDING_MAX_CANDIDATES);
}

Test(findings, messages_from_a_locale_fall_back_to_english)
{
    arb_locale_set *set = NULL;
    arb_status st = arb_locales_load(NULL, &set);
    if (st.code) {
        cr_skip_test("locales not loadable here: %s", st.message);
        return;
    }
    arb_lint_report r;
    sample_report(&r);
    arb_report_style style = {.locales = set, .locale = arb_locale_find(set, "ro")};
    cr_assert_not_null(style.locale);
    char buf[512];
    arb_finding_message(&r.findings[0], &style, buf, sizeof buf);
    const char *ro = arb_locales_message(set, style.locale, "illegal-move");
    if (ro && strstr(ro, "ilegal")) {
        cr_assert(strstr(buf, "ilegal"), "Romanian text: %s", buf);
        cr_assert(strstr(buf, "Nb4, Nf4"), "candidates filled in: %s", buf);
        cr_assert(strstr(buf, "23..."), "move number filled in: %s", buf);
    }
    /* no key: the English message */
    arb_finding_message(&r.findings[1], &style, buf, sizeof buf);
    cr_assert_str_eq(buf, "the Seven Tag Roster lacks Site");
    /* English locale: the built-in, more specific text */
    style.locale = arb_locale_find(set, "en");
    arb_finding_message(&r.findings[0], &style, buf, sizeof buf);
    cr_assert_str_eq(buf, r.findings[0].message);
    arb_lint_report_free(&r);
    arb_locales_free(set);
}

Test(findings, candidates_in_the_locale_notation)
{
    arb_locale_set *set = NULL;
    arb_grammar *grammar = NULL;
    if (arb_locales_load(NULL, &set).code || arb_grammar_load(NULL, &grammar).code) {
        arb_locales_free(set);
        cr_skip_test("locales or grammar not loadable here");
        return;
    }
    const arb_locale *ro = arb_locale_find(set, "ro");
    arb_notation *notation = NULL;
    cr_assert_eq(arb_notation_new(grammar, ro, &notation).code, 0);
    arb_lint_report r;
    arb_lint_report_init(&r);
    arb_finding *f = arb_lint_report_add(&r, ARB_CHECK_ILLEGAL_MOVE, ARB_SEVERITY_ERROR);
    strcpy(f->key, "illegal-move");
    strcpy(f->move_number, "1.");
    strcpy(f->token, "Nd5");
    strcpy(f->message, "1.Nd5: no White knight can reach d5; legal: Nf3, Nc3");
    arb_position start = fen_ok(ARB_START_FEN);
    cr_assert(arb_finding_add_move(f, &start, must_find(&start, "g1f3")));
    cr_assert(arb_finding_add_move(f, &start, must_find(&start, "b1c3")));
    cr_assert_str_eq(f->candidates[0], "Nf3", "the record keeps SAN");
    arb_report_style style = {.locales = set, .locale = ro, .notation = notation};
    char buf[512];
    arb_finding_message(f, &style, buf, sizeof buf);
    cr_assert(strstr(buf, "Cf3, Cc3"), "Romanian knight letters: %s", buf);
    style.notation = NULL;
    arb_finding_message(f, &style, buf, sizeof buf);
    cr_assert(strstr(buf, "Nf3, Nc3"), "no notation: SAN: %s", buf);
    arb_lint_report_free(&r);
    arb_notation_free(notation);
    arb_grammar_free(grammar);
    arb_locales_free(set);
}

/* ---- profiles ------------------------------------------------------------------------ */

static const char *const minimal_profile =
    "name: test-1\n"
    "effective: 2001-02-03\n"
    "standard:\n"
    "  automatic-draws: {fivefold: consecutive, seventy-five: true}\n"
    "  illegal-moves: {loses-after: 2, penalty-minutes: 2}\n"
    "  articles: {illegal-move: \"7.x\"}\n"
    "blitz:\n"
    "  illegal-moves: {loses-after: 1}\n"
    "  articles: {illegal-move: \"B.x\"}\n";

Test(profile, parse_and_inherit_sections)
{
    arb_profile p;
    arb_status st = arb_profile_parse(minimal_profile, strlen(minimal_profile), "t.yaml", &p);
    cr_assert_eq(st.code, 0, "%s", st.message);
    cr_assert_str_eq(p.name, "test-1");
    cr_assert_str_eq(p.effective, "2001-02-03");
    cr_assert_eq(p.sections[ARB_CLASS_STANDARD].fivefold, ARB_FIVEFOLD_CONSECUTIVE);
    cr_assert(p.sections[ARB_CLASS_STANDARD].seventy_five);
    cr_assert_str_eq(p.sections[ARB_CLASS_RAPID].articles[ARB_ART_ILLEGAL_MOVE], "7.x", "rapid inherits");
    cr_assert_str_eq(p.sections[ARB_CLASS_BLITZ].articles[ARB_ART_ILLEGAL_MOVE], "B.x");
    cr_assert_eq(p.sections[ARB_CLASS_BLITZ].illegal_moves_to_lose, 1);
    cr_assert_eq(p.sections[ARB_CLASS_BLITZ].illegal_penalty_minutes, 2, "inherited");
}

static void expect_profile_error(const char *yaml, const char *where, const char *what)
{
    arb_profile p;
    arb_status st = arb_profile_parse(yaml, strlen(yaml), "bad.yaml", &p);
    cr_assert_neq(st.code, 0, "accepted: %s", yaml);
    cr_assert(strstr(st.message, where), "message '%s' should name %s", st.message, where);
    cr_assert(strstr(st.message, what), "message '%s' should say %s", st.message, what);
}

Test(profile, errors_name_file_line_and_key)
{
    expect_profile_error("name: x\neffective: 2001-01-01\nstandard:\n  colour: red\n", "bad.yaml:4:3:", "colour");
    expect_profile_error("name: x\neffective: 2001-01-01\nstandard:\n  automatic-draws: {fivefold: often}\n",
                         "bad.yaml:4:", "none, consecutive or any");
    expect_profile_error("name: x\neffective: 1.1.2001\nstandard: {}\n", "bad.yaml:2:", "YYYY-MM-DD");
    expect_profile_error("name: x\neffective: 2001-01-01\n", "bad.yaml:", "no standard section");
    expect_profile_error("name: x\nname: y\n", "bad.yaml:2:", "given twice");
    expect_profile_error("name: [x\n", "bad.yaml:", "well-formed YAML");
    expect_profile_error("name: x\neffective: 2001-01-01\nstandard:\n  articles: {checkmat: \"5\"}\n",
                         "bad.yaml:4:", "unknown fact");
    expect_profile_error("name: x\neffective: 2001-01-01\nstandard:\n  illegal-moves: {loses-after: -1}\n",
                         "bad.yaml:4:", "whole number");
}

Test(profile, bundled_editions_load_in_date_order)
{
    arb_profile_set *set = NULL;
    arb_status st = arb_profiles_load(NULL, &set);
    cr_assert_eq(st.code, 0, "%s", st.message);
    static const char *const names[] = {"fide-2005", "fide-2014", "fide-2017", "fide-2018", "fide-2023"};
    cr_assert_eq(arb_profiles_count(set), sizeof names / sizeof names[0]);
    for (size_t i = 0; i < arb_profiles_count(set); i++)
        cr_assert_str_eq(arb_profiles_at(set, i)->name, names[i]);
    const arb_profile *p2014 = arb_profiles_find(set, "fide-2014"), *p2005 = arb_profiles_find(set, "fide-2005");
    cr_assert_eq(p2014->sections[ARB_CLASS_STANDARD].fivefold, ARB_FIVEFOLD_CONSECUTIVE);
    cr_assert_eq(arb_profiles_find(set, "fide-2017")->sections[ARB_CLASS_STANDARD].fivefold, ARB_FIVEFOLD_ANY);
    cr_assert_eq(p2005->sections[ARB_CLASS_STANDARD].fivefold, ARB_FIVEFOLD_NONE);
    cr_assert(!p2005->sections[ARB_CLASS_STANDARD].seventy_five);
    /* every article of the 2023 edition is given */
    const arb_profile *p2023 = arb_profiles_find(set, "fide-2023");
    for (int a = 0; a < ARB_ART_COUNT; a++)
        cr_assert(p2023->sections[ARB_CLASS_STANDARD].articles[a][0], "fide-2023 lacks %s", arb_article_key(a));
    /* by date */
    cr_assert_str_eq(arb_profiles_for_date(set, "2014.07.01")->name, "fide-2014");
    cr_assert_str_eq(arb_profiles_for_date(set, "2014.06.30")->name, "fide-2005");
    cr_assert_str_eq(arb_profiles_for_date(set, "2017.??.??")->name, "fide-2014", "unknown month: January");
    cr_assert_str_eq(arb_profiles_for_date(set, "2017.09.??")->name, "fide-2017");
    cr_assert_str_eq(arb_profiles_for_date(set, "2030.01.01")->name, "fide-2023");
    cr_assert_null(arb_profiles_for_date(set, "????.??.??"));
    cr_assert_null(arb_profiles_for_date(set, "1999.01.01"));
    /* TimeControl */
    cr_assert_eq(arb_profile_time_class(p2023, "180+2"), ARB_CLASS_BLITZ);
    cr_assert_eq(arb_profile_time_class(p2023, "600"), ARB_CLASS_BLITZ);
    cr_assert_eq(arb_profile_time_class(p2023, "600+1"), ARB_CLASS_RAPID);
    cr_assert_eq(arb_profile_time_class(p2023, "900+10"), ARB_CLASS_RAPID);
    cr_assert_eq(arb_profile_time_class(p2023, "3600"), ARB_CLASS_STANDARD);
    cr_assert_eq(arb_profile_time_class(p2023, "40/7200:3600"), ARB_CLASS_STANDARD);
    cr_assert_eq(arb_profile_time_class(p2005, "840"), ARB_CLASS_BLITZ, "2005: under 15 minutes");
    cr_assert_eq(arb_profile_time_class(p2023, "*180"), ARB_CLASS_BLITZ);
    cr_assert_eq(arb_profile_time_class(p2023, "?"), -1);
    cr_assert_eq(arb_profile_time_class(p2023, "-"), -1);
    cr_assert_eq(arb_profile_time_class(p2023, "fast"), -1);
    /* what strtol reads beyond plain digits: a sign, a run too long for a long */
    cr_assert_eq(arb_profile_time_class(p2023, "+300"), ARB_CLASS_BLITZ);
    cr_assert_eq(arb_profile_time_class(p2023, "99999999999999999999"), ARB_CLASS_STANDARD);
    cr_assert_eq(arb_profile_time_class(p2023, "180+x"), -1);
    arb_profiles_free(set);
}

Test(profile, missing_directory_is_an_error)
{
    arb_profile_set *set = NULL;
    arb_status st = arb_profiles_load("/nonexistent/profiles", &set);
    cr_assert_neq(st.code, 0);
    cr_assert_null(set);
    cr_assert(strstr(st.message, "/nonexistent/profiles"), "%s", st.message);
}

Test(profile, event_files)
{
    arb_event e;
    const char *yaml = "event: \"Open Timi\xC8\x99oara\"\nlaws: fide-2018\ntime-control: rapid\n"
                       "draw-offers:\n  allowed: yes\n  min-move: 30\nrequired-tags: [WhiteElo, BlackElo]\n";
    arb_status st = arb_event_parse(yaml, strlen(yaml), "ev.yaml", &e);
    cr_assert_eq(st.code, 0, "%s", st.message);
    cr_assert_str_eq(e.laws, "fide-2018");
    cr_assert_eq(e.time_class, ARB_CLASS_RAPID);
    cr_assert(e.draw_offers_allowed);
    cr_assert_eq(e.draw_min_move, 30);
    cr_assert_eq(e.required_tag_count, 2);
    cr_assert_str_eq(e.required_tags[1], "BlackElo");

    const char *bad = "draw-offers:\n  minimum: 30\n";
    st = arb_event_parse(bad, strlen(bad), "ev.yaml", &e);
    cr_assert_neq(st.code, 0);
    cr_assert(strstr(st.message, "ev.yaml:2:3:") && strstr(st.message, "minimum"), "%s", st.message);
    const char *tags = "required-tags: [\"White Elo\"]\n";
    st = arb_event_parse(tags, strlen(tags), "ev.yaml", &e);
    cr_assert(st.code && strstr(st.message, "tag name"), "%s", st.message);
    st = arb_event_load("/nonexistent/event.yaml", &e);
    cr_assert(st.code && strstr(st.message, "/nonexistent/event.yaml"), "%s", st.message);
}

/* A game number known only later (pgn_parallel): the hook writes it. */
static bool write_later(const arb_report_style *style, const arb_lint_report *r, arb_strbuf *out)
{
    (void)r;
    ++*(int *)style->write_game_ctx;
    return arb_strbuf_puts(out, "N");
}

Test(findings, game_number_through_the_style_hook)
{
    arb_lint_report r;
    sample_report(&r);
    int calls = 0;
    arb_report_style style = {.write_game = write_later, .write_game_ctx = &calls};
    arb_strbuf t;
    arb_strbuf_init(&t);
    cr_assert(arb_report_format_json(&r, &style, &t));
    cr_assert(arb_report_format_facts(&r, &style, &t));
    /* every line: two findings, the game line, the facts line */
    cr_assert_eq(calls, 4);
    cr_assert_null(strstr(t.data, "\"game\":3"));
    cr_assert(strstr(t.data, "{\"type\":\"game\",\"file\":\"round5.pgn\",\"game\":N,\"white\":"));
    cr_assert(strstr(t.data, "{\"type\":\"facts\",\"file\":\"round5.pgn\",\"game\":N,\"plies\":"));
    arb_strbuf_free(&t);
    arb_lint_report_free(&r);
}

/* The hook marks where the number goes by the text's length when it is
 * called: everything before the number must be in the text by then (the
 * JSON lines gather their pieces before giving them to the text). */
static bool write_at_its_place(const arb_report_style *style, const arb_lint_report *r, arb_strbuf *out)
{
    (void)r;
    static const char before[] = ",\"game\":";
    size_t n = sizeof before - 1;
    if (out->len < n || memcmp(out->data + out->len - n, before, n) != 0)
        ++*(int *)style->write_game_ctx;   /* out of place */
    return arb_strbuf_puts(out, "7");
}

Test(findings, game_number_hook_sees_the_line_up_to_its_place)
{
    arb_lint_report r;
    sample_report(&r);
    int misplaced = 0;
    arb_report_style style = {.write_game = write_at_its_place, .write_game_ctx = &misplaced};
    arb_strbuf t;
    arb_strbuf_init(&t);
    cr_assert(arb_report_format_json(&r, &style, &t));
    cr_assert_eq(misplaced, 0, "%s", t.data);
    cr_assert(strstr(t.data, "{\"file\":\"round5.pgn\",\"game\":7,\"line\":52,"), "%s", t.data);
    cr_assert(strstr(t.data, "{\"type\":\"game\",\"file\":\"round5.pgn\",\"game\":7,\"white\":"), "%s", t.data);
    arb_strbuf_free(&t);
    arb_lint_report_free(&r);
}

/* Lines longer than what the JSON form gathers before an append (names
 * and messages of any length), whole and in order. */
Test(findings, json_lines_longer_than_one_piece)
{
    static const size_t lengths[] = {100, 470, 479, 480, 481, 700, 2000};
    for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; i++) {
        char white[2001], black[2001];
        for (size_t k = 0; k < lengths[i]; k++) {
            white[k] = (char)('a' + k % 26);
            black[k] = (char)('A' + k % 26);
        }
        white[lengths[i]] = black[lengths[i]] = '\0';
        black[lengths[i] / 2] = '"';   /* one escaped, one plain */
        arb_lint_report r;
        sample_report(&r);
        r.white = white;
        r.black = black;
        arb_strbuf t, want;
        arb_strbuf_init(&t);
        arb_strbuf_init(&want);
        cr_assert(arb_report_format_json(&r, NULL, &t));
        /* the game line made piece by piece */
        cr_assert(arb_strbuf_puts(&want, "{\"type\":\"game\",\"file\":\"round5.pgn\",\"game\":3,\"white\":\""));
        cr_assert(arb_strbuf_puts(&want, white));
        cr_assert(arb_strbuf_puts(&want, "\",\"black\":"));
        cr_assert(arb_strbuf_json_string(&want, black));
        cr_assert(arb_strbuf_puts(&want, ",\"round\":\"5\",\"result_tag\":\"1-0\",\"result_board\":null,"
                                         "\"termination\":\"unknown\",\"findings\":2}\n"));
        const char *game_line = strstr(t.data, "{\"type\":\"game\"");
        cr_assert_not_null(game_line);
        cr_assert_str_eq(game_line, want.data, "length %zu", lengths[i]);
        arb_strbuf_free(&t);
        arb_strbuf_free(&want);
        arb_lint_report_free(&r);
    }
}

/* A finding's English message into a buffer of any size: cut to fit, the
 * whole length returned (as snprintf does). */
Test(findings, english_message_cut_to_the_buffer)
{
    arb_lint_report r;
    sample_report(&r);
    const char *whole = r.findings[1].message;
    size_t n = strlen(whole);
    char buf[64];
    memset(buf, 'x', sizeof buf);
    cr_assert_eq(arb_finding_message(&r.findings[1], NULL, buf, 10), n);
    cr_assert_eq(strncmp(buf, whole, 9), 0);
    cr_assert_eq(buf[9], '\0');
    cr_assert_eq(buf[10], 'x', "nothing written past the buffer");
    cr_assert_eq(arb_finding_message(&r.findings[1], NULL, buf, sizeof buf), n);
    cr_assert_str_eq(buf, whole);
    cr_assert_eq(arb_finding_message(&r.findings[1], NULL, buf, 1), n);
    cr_assert_eq(buf[0], '\0');
    arb_lint_report_free(&r);
}

/* A byte to escape is found wherever it stands, in a name of any length
 * (words of eight bytes, the last eight overlapping, short names byte by
 * byte): escaped as arb_strbuf_json_string escapes it, and a name without
 * one written as it is. */
Test(findings, json_escape_found_at_every_place)
{
    static const char bad[] = {'"', '\\', '\n', '\x1f', '\x7f', (char)0xC3};
    for (size_t n = 1; n <= 25; n++)
        for (size_t at = 0; at <= n; at++)
            for (size_t b = 0; b < sizeof bad; b++) {
                char name[32];
                memset(name, 'x', n);
                name[n] = '\0';
                if (at < n)
                    name[at] = bad[b];
                arb_lint_report r;
                arb_lint_report_init(&r);
                r.source = "a.pgn";
                r.game = 1;
                r.white = name;
                arb_strbuf t, want;
                arb_strbuf_init(&t);
                arb_strbuf_init(&want);
                cr_assert(arb_report_format_json(&r, NULL, &t));
                cr_assert(arb_strbuf_puts(&want, ",\"white\":"));
                if (at < n && bad[b] != '\x7f') {
                    cr_assert(arb_strbuf_json_string(&want, name));
                } else {   /* (DEL is printable ASCII to JSON) */
                    cr_assert(arb_strbuf_puts(&want, "\""));
                    cr_assert(arb_strbuf_puts(&want, name));
                    cr_assert(arb_strbuf_puts(&want, "\""));
                }
                cr_assert(arb_strbuf_puts(&want, ",\"black\":null"));
                cr_assert(strstr(t.data, want.data), "length %zu, byte %zu is 0x%02x: %s", n, at,
                          (unsigned char)bad[b], t.data);
                arb_strbuf_free(&t);
                arb_strbuf_free(&want);
                arb_lint_report_free(&r);
            }
}

/* The file's name is looked at once per game: escaped, or not, the same on
 * every line of the game (findings and game line). */
Test(findings, json_file_name_on_every_line)
{
    static const char *const sources[][2] = {{"round5.pgn", "{\"file\":\"round5.pgn\","},
                                             {"dir\\\"quoted\".pgn", "{\"file\":\"dir\\\\\\\"quoted\\\".pgn\","},
                                             {"Ștefan.pgn", "{\"file\":\"Ștefan.pgn\","}};
    for (size_t s = 0; s < sizeof sources / sizeof sources[0]; s++) {
        arb_lint_report r;
        sample_report(&r);
        r.source = sources[s][0];
        arb_strbuf t;
        arb_strbuf_init(&t);
        cr_assert(arb_report_format_json(&r, NULL, &t));
        size_t lines = 0;
        for (const char *p = t.data; *p; p = strchr(p, '\n') + 1, lines++) {
            const char *line = strncmp(p, "{\"type\":\"game\",", 15) == 0 ? p + 15 : p;
            if (line != p)
                cr_assert_eq(strncmp(line, sources[s][1] + 1, strlen(sources[s][1]) - 1), 0, "%s", p);
            else
                cr_assert_eq(strncmp(line, sources[s][1], strlen(sources[s][1])), 0, "%s", p);
        }
        cr_assert_eq(lines, 3);
        arb_strbuf_free(&t);
        arb_lint_report_free(&r);
    }
}
