/* setup.c — options the tools set up alike: threads, --laws, --from. */
#include "setup.h"

#include "encoding.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

int setup_default_jobs(void)
{
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    return cpus < 1 ? 1 : cpus > 4 ? 4 : (int)cpus;
}

bool setup_laws(const char *program, const arb_profile_set *profiles, const char *laws, arb_lint_options *lo)
{
    if (laws && strcmp(laws, "auto") == 0) {
        /* each game's Date picks the edition; undated games get the newest */
        lo->auto_edition = true;
        lo->profile = arb_profiles_find(profiles, "fide-2023");
        return true;
    }
    lo->profile = arb_profiles_find(profiles, laws ? laws : "fide-2023");
    if (lo->profile)
        return true;
    fprintf(stderr, "%s: --laws %s: no such edition, expected auto or one of:", program, laws ? laws : "");
    for (size_t i = 0; i < arb_profiles_count(profiles); i++)
        fprintf(stderr, " %s", arb_profiles_at(profiles, i)->name);
    fprintf(stderr, "\n");
    return false;
}

void setup_locale_codes(const arb_locale_set *set, char *buf, size_t size)
{
    size_t o = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < arb_locales_count(set) && o < size; i++) {
        int w = snprintf(buf + o, size - o, "%s%s", i ? ", " : "", arb_locale_code(arb_locales_at(set, i)));
        if (w < 0)
            break;
        o += (size_t)w;
    }
}

const arb_locale *setup_find_locale(const char *program, const arb_locale_set *locales, const char *option,
                                    const char *code, const char *also)
{
    const arb_locale *loc = arb_locale_find(locales, code);
    if (!loc) {
        char codes[1024];
        setup_locale_codes(locales, codes, sizeof codes);
        fprintf(stderr, "%s: %s %s: no such locale, expected %s or one of %s\n", program, option, code, also,
                codes);
    }
    return loc;
}

bool setup_load_notations(const char *program, setup_from *s)
{
    arb_status st = {0};
    if (!s->locales)
        st = arb_locales_load(NULL, &s->locales);
    if (st.code == 0 && !s->grammar)
        st = arb_grammar_load(NULL, &s->grammar);
    if (st.code) {
        fprintf(stderr, "%s: %s\n", program, st.message);
        return false;
    }
    return true;
}

bool setup_from_notation(const char *program, const char *from, const char *prefer, bool detect_when_not_san,
                         setup_from *s, arb_pgn_reader_options *read)
{
    /* spoken words (FIDE Appendix D) are read by the lenient reading into SAN */
    bool from_san = from && (strcmp(from, "san") == 0 || strcmp(from, "spoken") == 0);
    s->prefer = prefer;
    if (from_san || (!from && !detect_when_not_san))
        return true;
    if (!setup_load_notations(program, s))
        return false;
    arb_status st;
    if (from && strcmp(from, "auto") != 0) {
        const arb_locale *loc = setup_find_locale(program, s->locales, "--from", from, "auto, san");
        if (!loc)
            return false;
        if ((st = arb_notation_new(s->grammar, loc, &s->notation)).code) {
            fprintf(stderr, "%s: %s\n", program, st.message);
            return false;
        }
        read->notation = s->notation;
        return true;
    }
    arb_pgn_autodetect_options ao = {
        .when = from ? ARB_PGN_DETECT_EVERY_GAME : ARB_PGN_DETECT_NOT_SAN,
        .prefer = prefer,
    };
    if ((st = arb_pgn_autodetect_new(s->grammar, s->locales, &ao, &s->autodetect)).code) {
        fprintf(stderr, "%s: %s\n", program, st.message);
        return false;
    }
    read->autodetect = s->autodetect;
    return true;
}

bool setup_lenient(const char *program, bool strict, setup_from *s, arb_pgn_reader_options *read)
{
    if (strict)
        return true;
    if (!setup_load_notations(program, s))
        return false;
    read->lenient = true;
    read->lenient_locales = s->locales;
    if (!read->notation && !read->autodetect) {
        /* book text is read in the notation it is printed in */
        arb_pgn_autodetect_options ao = {.when = ARB_PGN_DETECT_NOT_SAN, .prefer = s->prefer};
        arb_status st = arb_pgn_autodetect_new(s->grammar, s->locales, &ao, &s->lenient_detect);
        if (st.code) {
            fprintf(stderr, "%s: %s\n", program, st.message);
            return false;
        }
        read->lenient_autodetect = s->lenient_detect;
    }
    return true;
}

bool setup_encoding(const char *program, const char *name, bool decode, arb_pgn_reader_options *read)
{
    if (name && arb_encoding_from_name(name) < 0) {
        fprintf(stderr, "%s: --encoding %s: unknown encoding, expected one of %s\n", program, name,
                arb_encoding_names());
        return false;
    }
    read->decode = decode || name;
    read->encoding = name;
    return true;
}

void setup_from_free(setup_from *s)
{
    arb_pgn_autodetect_free(s->autodetect);
    arb_pgn_autodetect_free(s->lenient_detect);
    arb_notation_free(s->notation);
    arb_grammar_free(s->grammar);
    arb_locales_free(s->locales);
    memset(s, 0, sizeof *s);
}
