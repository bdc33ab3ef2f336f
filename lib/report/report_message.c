/* report_message.c — a finding's message and the closing summary in the
 * reader's language (the locales' message catalogue), else English. */
#include "report.h"

#include <stdio.h>
#include <string.h>

#include "notation.h"

/* The candidates, comma-separated, in the notation when one is given (and
 * the finding knows their position), else in SAN. */
static void join_candidates(const arb_finding *f, const struct arb_notation *notation, char *buf,
                            size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < f->candidate_count && used < size; i++) {
        char written[ARB_NOTATION_MAX];
        const char *text = f->candidates[i];
        if (notation && f->has_position) {
            arb_notation_write(notation, &f->position, f->candidate_moves[i], written);
            text = written;
        }
        used += (size_t)snprintf(buf + used, size - used, "%s%s", i ? ", " : "", text);
    }
}

/* The locale's own text for key; NULL when it has none (the catalogue would
 * fall back to English) or the locale is English, whose built-in texts are
 * the more specific ones. */
static const char *own_text(const arb_report_style *style, const char *key)
{
    if (!style || !style->locales || !style->locale || !key[0])
        return NULL;
    const arb_locale *en = arb_locale_find(style->locales, "en");
    if (en == style->locale)
        return NULL;
    const char *text = arb_locales_message(style->locales, style->locale, key);
    if (text && en && text == arb_locales_message(style->locales, en, key))
        return NULL;
    return text;
}

bool arb_report_format_summary(const arb_report_style *style, uint64_t games, uint64_t clean,
                               uint64_t with_errors, uint64_t with_warnings, arb_strbuf *out)
{
    const char *text = own_text(style, games == 1 ? "lint-summary-one" : "lint-summary");
    if (!text)
        return arb_strbuf_printf(out, "%llu game%s, %llu clean, %llu with errors, %llu with warnings",
                                 (unsigned long long)games, games == 1 ? "" : "s",
                                 (unsigned long long)clean, (unsigned long long)with_errors,
                                 (unsigned long long)with_warnings);
    char n[4][24], buf[400];
    unsigned long long v[4] = {games, clean, with_errors, with_warnings};
    for (int i = 0; i < 4; i++)
        snprintf(n[i], sizeof n[i], "%llu", v[i]);
    const char *pairs[] = {"games", n[0], "clean", n[1], "errors", n[2], "warnings", n[3], NULL};
    arb_message_format(text, pairs, buf, sizeof buf);
    return arb_strbuf_puts(out, buf);
}

/* "; " and the finding's repair in the style's language (catalogue keys
 * repair-hint, repair-read, repair-inserted, repair-deleted,
 * repair-swapped, repair-followed) appended to buf, which holds len bytes. */
static size_t append_repair(const arb_finding *f, const arb_report_style *style, char *buf, size_t size,
                            size_t len)
{
    static const char *const keys[4] = {"repair-read", "repair-inserted", "repair-deleted", "repair-swapped"};
    const char *hint = arb_locales_message(style->locales, style->locale, "repair-hint");
    if (!hint || f->repair_count <= 0 || len + 3 >= size)
        return len;
    char edits[512];
    size_t used = 0;
    for (int e = 0; e < f->repair_count && e < ARB_FINDING_MAX_REPAIR_EDITS; e++) {
        const char *text = f->repair[e].kind >= 0 && f->repair[e].kind < 4
                               ? arb_locales_message(style->locales, style->locale, keys[f->repair[e].kind]) : NULL;
        if (!text || used + 3 >= sizeof edits)
            return len;
        if (e > 0)
            used += (size_t)snprintf(edits + used, sizeof edits - used, ", ");
        const char *pairs[] = {"written", f->repair[e].written, "move", f->repair[e].move, "other",
                               f->repair[e].other, NULL};
        size_t w = arb_message_format(text, pairs, edits + used, sizeof edits - used);
        used += w < sizeof edits - used ? w : sizeof edits - used - 1;
    }
    const char *pairs[] = {"repair", edits, NULL};
    len += (size_t)snprintf(buf + len, size - len, "; ");
    if (len >= size)
        return size - 1;
    size_t w = arb_message_format(hint, pairs, buf + len, size - len);
    len += w < size - len ? w : size - len - 1;
    /* --continue went on along it */
    const char *followed = f->repair_followed
                               ? arb_locales_message(style->locales, style->locale, "repair-followed") : NULL;
    if (followed && len + 3 < size) {
        len += (size_t)snprintf(buf + len, size - len, "; ");
        w = arb_message_format(followed, NULL, buf + len, size - len);
        len += w < size - len ? w : size - len - 1;
    }
    return len;
}

size_t arb_finding_message(const arb_finding *f, const arb_report_style *style, char *buf,
                           size_t size)
{
    const char *text = own_text(style, f->key);
    if (!text) {
        /* English, the repair in it: copied as snprintf "%s" would (every
         * finding of every JSON line comes here) */
        size_t n = strlen(f->message);
        if (size) {
            size_t kept = n < size ? n : size - 1;
            memcpy(buf, f->message, kept);
            buf[kept] = '\0';
        }
        return n;
    }
    char candidates[ARB_FINDING_MAX_CANDIDATES * (ARB_NOTATION_MAX + 2) + 1];
    join_candidates(f, style->notation, candidates, sizeof candidates);
    /* a tournament report's pairing: {round}, {pairing}, {report} */
    const struct arb_finding_pairing *p = &f->pairing;
    char round[16], pairing[sizeof p->white + sizeof p->black + 40], report[sizeof p->report + 16];
    snprintf(round, sizeof round, "%d", p->round);
    snprintf(pairing, sizeof pairing, "%s (%d) \xE2\x80\x93 %s (%d)", p->white, p->white_rank, p->black,
             p->black_rank);
    snprintf(report, sizeof report, "%s:%d", p->report, (int)p->report_line);
    const char *pairs[] = {"move", f->move_number, "token", f->token,
                           "candidates", candidates, "result", f->result,
                           "expected", f->expected, "reason", f->reason,
                           "round", round, "pairing", pairing, "report", report, NULL};
    size_t len = arb_message_format(text, pairs, buf, size);
    return f->repair_count > 0 && len < size ? append_repair(f, style, buf, size, len) : len;
}
