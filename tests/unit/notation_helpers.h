/* notation_helpers.h — fixtures for the locale, notation and detection tests.
 *
 * The locales and the grammar are the tree's own (found through $ARBITER_DATA,
 * which `make unit` sets, or beside the test binary).  Each Criterion test
 * runs in its own process, so the lazily built objects below are per test;
 * they are freed at exit so that `make asan` reports no leak.
 */
#ifndef ARB_TEST_NOTATION_HELPERS_H
#define ARB_TEST_NOTATION_HELPERS_H

#include "helpers.h"

#include "datadir.h"
#include "detect.h"
#include "notation.h"

static arb_locale_set *test_locales_;
static arb_grammar *test_grammar_;
static arb_detector *test_detector_;
static struct {
    const char *code;
    arb_notation *n;
} test_notations_[64];

static void free_notation_fixtures(void)
{
    for (size_t i = 0; i < 64; i++)
        arb_notation_free(test_notations_[i].n);
    arb_detector_free(test_detector_);
    arb_grammar_free(test_grammar_);
    arb_locales_free(test_locales_);
}

static inline arb_locale_set *locales(void)
{
    if (!test_locales_) {
        atexit(free_notation_fixtures);
        arb_status st = arb_locales_load(NULL, &test_locales_);
        cr_assert_eq(st.code, 0, "locales do not load: %s", st.message);
    }
    return test_locales_;
}

static inline arb_grammar *grammar(void)
{
    if (!test_grammar_) {
        arb_status st = arb_grammar_load(NULL, &test_grammar_);
        cr_assert_eq(st.code, 0, "grammar does not load: %s", st.message);
    }
    return test_grammar_;
}

static inline const arb_locale *locale(const char *code)
{
    const arb_locale *loc = arb_locale_find(locales(), code);
    cr_assert_not_null(loc, "no locale %s", code);
    return loc;
}

/* The compiled notation of a locale, made once per test process. */
static inline arb_notation *notation(const char *code)
{
    const arb_locale *loc = locale(code);
    size_t i = 0;
    while (i < 64 && test_notations_[i].n && strcmp(test_notations_[i].code, arb_locale_code(loc)) != 0)
        i++;
    cr_assert_lt(i, 64, "too many notations in one test");
    if (!test_notations_[i].n) {
        arb_status st = arb_notation_new(grammar(), loc, &test_notations_[i].n);
        cr_assert_eq(st.code, 0, "notation %s does not compile: %s", code, st.message);
        test_notations_[i].code = arb_locale_code(loc);
    }
    return test_notations_[i].n;
}

/* A detector over every locale, made once per test process. */
static inline arb_detector *detector(void)
{
    if (!test_detector_) {
        arb_status st = arb_detector_new(grammar(), locales(), NULL, &test_detector_);
        cr_assert_eq(st.code, 0, "%s", st.message);
    }
    return test_detector_;
}

/* Path of a fixture under corpora/ of the tree. */
static inline const char *corpus_path(const char *relative, char *buf, size_t size)
{
    char sub[512];
    snprintf(sub, sizeof sub, "corpora/%s", relative);
    cr_assert(arb_data_find(sub, buf, size) || (arb_data_find("corpora", buf, size) &&
              (size_t)snprintf(buf + strlen(buf), size - strlen(buf), "/%s", relative) < size),
              "corpora/%s not found", relative);
    return buf;
}

/* Splits "1.e4 e5 2.Cf3 ..." into tokens in place, dropping move numbers
 * ("2." "12..." "9", and a number glued to its move, "2.Cf3"). */
static inline size_t split_moves(char *text, arb_token *tokens, size_t max)
{
    size_t n = 0;
    for (char *save = NULL, *t = strtok_r(text, " \n", &save); t && n < max; t = strtok_r(NULL, " \n", &save)) {
        char *p = t;
        while (*p >= '0' && *p <= '9')
            p++;
        if (p > t && (*p == '.' || *p == '\0')) {
            while (*p == '.')
                p++;
            t = p;
        }
        if (*t) {
            tokens[n].text = t;
            tokens[n].len = strlen(t);
            n++;
        }
    }
    return n;
}

/* Reads a whole game under a notation from the start position and returns
 * its canonical SAN, space-separated, in out.  Every move must resolve;
 * mark-only tokens (e.p., (=)) are skipped as a PGN reader would. */
static inline const char *read_game(const arb_notation *n, const char *fen, const char *game, char *out, size_t size)
{
    char text[2048];
    snprintf(text, sizeof text, "%s", game);
    arb_token tokens[300];
    size_t count = split_moves(text, tokens, 300);
    arb_position pos = fen_ok(fen ? fen : ARB_START_FEN);
    size_t used = 0;
    out[0] = '\0';
    for (size_t i = 0; i < count; i++) {
        if (arb_notation_extra(n, tokens[i].text, tokens[i].len))
            continue;
        arb_move move;
        arb_movelist cands;
        int code = arb_notation_read(n, &pos, tokens[i].text, tokens[i].len, &move, NULL, &cands);
        cr_assert_eq(code, ARB_SAN_OK, "%s: token %zu '%.*s' gives %s", arb_locale_code(arb_notation_locale(n)),
                     i, (int)tokens[i].len, tokens[i].text, arb_san_error_text(code));
        char san[ARB_SAN_MAX];
        arb_san_write(&pos, move, san);
        used += (size_t)snprintf(out + used, size - used, "%s%s", used ? " " : "", san);
        arb_position next;
        arb_position_make(&pos, move, &next);
        pos = next;
    }
    return out;
}

#endif
