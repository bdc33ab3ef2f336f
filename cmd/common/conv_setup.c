/* conv_setup.c — see conv_setup.h. */
#include "conv_setup.h"

#include <stdio.h>
#include <string.h>

#include "descriptive.h"
#include "grammar.h"
#include "locale_list.h"
#include "locales.h"
#include "spoken.h"

void conv_notations_free(conv_notations *n)
{
    arb_notation_free(n->to);
    arb_notation_free(n->english);
    setup_from_free(&n->from);
}

/* Sets up --from, --to LANG and --list-locales.  Returns -1 on trouble
 * (reported), 0 when the run is over (--list-locales), 1 to go on. */
int conv_setup_notations(const char *program, conv_options *o, conv_notations *n)
{
    memset(n, 0, sizeof *n);
    bool from_san = o->from && strcmp(o->from, "san") == 0;
    bool required = o->list_locales || o->to_locale || o->to_spoken || (o->from && !from_san) || o->repair;
    if (!required && from_san)
        return 1;
    arb_status st = arb_locales_load(NULL, &n->from.locales);
    if (st.code == 0)
        st = arb_grammar_load(NULL, &n->from.grammar);
    if (st.code) {
        if (required) {
            fprintf(stderr, "%s: %s\n", program, st.message);
            return -1;
        }
        /* the default still converts SAN without the data files */
        fprintf(stderr, "%s: warning: national notations unavailable (%s); reading SAN only\n",
                program, st.message);
        return 1;
    }
    if (o->list_locales) {
        locale_list_print(n->from.locales);
        return 0;
    }
    if (o->to_locale) {
        /* --to descriptive: the first descriptive locale (en-x-desc) */
        for (size_t i = 0; strcmp(o->to_locale, "descriptive") == 0 && i < arb_locales_count(n->from.locales); i++)
            if (arb_descriptive_locale(arb_locales_at(n->from.locales, i)))
                o->to_locale = arb_locale_code(arb_locales_at(n->from.locales, i));
        const arb_locale *loc = setup_find_locale(program, n->from.locales, "--to", o->to_locale,
                                                  "san, lan, uci, fan, spoken, descriptive");
        if (!loc)
            return -1;
        if ((st = arb_notation_new(n->from.grammar, loc, &n->to)).code) {
            fprintf(stderr, "%s: %s\n", program, st.message);
            return -1;
        }
        o->write.locale = n->to;
    }
    if (o->to_spoken && !(o->write.spoken = arb_spoken_locale(n->from.locales, *o->to_spoken ? o->to_spoken : NULL))) {
        fprintf(stderr, "%s: --to spoken:%s: no locale with the words of FIDE Appendix D.2.1, expected "
                        "spoken, or spoken:LANG with a locale whose file has a spoken: section\n", program,
                o->to_spoken);
        return -1;
    }
    if (o->repair) {
        const arb_locale *en = setup_find_locale(program, n->from.locales, "--repair", "en", "");
        if (!en || (st = arb_notation_new(n->from.grammar, en, &n->english)).code) {
            if (en)
                fprintf(stderr, "%s: %s\n", program, st.message);
            return -1;
        }
        o->english = n->english;
    }
    /* without --from: SAN, and games SAN cannot read are detected */
    return setup_from_notation(program, o->from, o->prefer, true, &n->from, &o->read)
           && setup_lenient(program, o->strict, &n->from, &o->read)
           && setup_encoding(program, o->encoding, true, &o->read) ? 1 : -1;
}
