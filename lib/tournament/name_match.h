/* name_match.h — is this the same player?  Names as organisers write them.
 *
 * The same person appears as "Müller, Hans", "Mueller,Hans", "Hans Müller",
 * "MULLER H.", "H. Mueller" or, on a server, "HansMueller".  A name key
 * folds a name to what these share: lower-case ASCII words, diacritics
 * dropped and transliterations unified (ü, ue and u; Ş, Ș and S; ß and ss;
 * Cyrillic letters by their Latin reading), words split at spaces,
 * punctuation, hyphens, underscores, letter-digit changes and lower-upper
 * changes (user names), digits kept as words of their own (so that
 * "Player0001" is not "Player0002").
 *
 * arb_name_compare says how well two names agree:
 *   ARB_NAME_SAME   the same text but for case and the spaces around commas;
 *   ARB_NAME_WORDS  the same words, in any order or joined ("Carlsen, Magnus",
 *                   "MagnusCarlsen", "Müller" and "Mueller");
 *   ARB_NAME_PART   every word of one is a word or an initial of the other
 *                   with one whole word in common ("Müller, H." and
 *                   "Hans Mueller"; "Müller" and "Müller, Hans");
 *   ARB_NAME_DIFFERENT otherwise.
 *
 * Ownership and threads: keys are plain values; pure functions.
 */
#ifndef ARB_NAME_MATCH_H
#define ARB_NAME_MATCH_H

#include <stdbool.h>
#include <stdint.h>

#define ARB_NAME_KEY_MAX 192
#define ARB_NAME_MAX_WORDS 12

typedef struct arb_name_key {
    char plain[ARB_NAME_KEY_MAX];   /* lower-case text, spaces around commas dropped */
    char folded[ARB_NAME_KEY_MAX];  /* the words, NUL-separated */
    unsigned char word_start[ARB_NAME_MAX_WORDS], word_len[ARB_NAME_MAX_WORDS];
    int words;
    /* for rejecting most pairs at once: the words' first characters as a
     * set (a-z, digits as one), and the words' total length */
    uint64_t initials;
    unsigned letters;
} arb_name_key;

enum arb_name_agreement {
    ARB_NAME_DIFFERENT = 0,
    ARB_NAME_PART,
    ARB_NAME_WORDS,
    ARB_NAME_SAME
};

void arb_name_key_make(const char *utf8_name, arb_name_key *key);

/* enum arb_name_agreement */
int arb_name_compare(const arb_name_key *a, const arb_name_key *b);

#endif
