/* lint_setup.h — what pgnlint loads before it checks a game: the editions
 * of the Laws, the event's regulations (--event) and the edition in force
 * (--laws, else the event's), the language of its messages (--lang), and
 * the national notations that suggest a reading of a move that does not
 * replay.
 *
 *   lint_setup s = {0};
 *   if (!lint_setup_profiles(PROGRAM, &s, &lo)) ...            // said
 *   if (!lint_setup_laws(PROGRAM, event_file, laws, &s, &lo)
 *       || !lint_setup_lang(PROGRAM, lang, &s, &style)) ...     // said
 *   ... --from and --encoding into s.from (setup.h)
 *   if (suggest) lint_setup_suggestions(&s, &lo, &read);
 *   lint_setup_free(&s);
 *
 * Messages go to stderr with the program's name in front; the functions
 * return false after one.
 *
 * Ownership and threads: s owns everything it loaded (lo, style and read
 * point into it, so it outlives them); it is set up in one thread, then
 * only read, by any number of threads (but for the suggestions made on
 * first need, under a lock).
 */
#ifndef ARB_CMD_LINT_SETUP_H
#define ARB_CMD_LINT_SETUP_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#include "setup.h"
#include "report.h"
#include "lint.h"
#include "notation.h"
#include "pgn_read.h"
#include "profile.h"

typedef struct lint_setup {
    arb_profile_set *profiles;
    arb_event event;             /* --event */
    setup_from from;             /* locales, grammar; --from: moves in the input */
    arb_notation *lang;          /* --lang: moves in messages */
    arb_notation **suggest;      /* every locale's, for suggestions */
    size_t suggest_count;
    bool suggest_lazy;           /* made on first need, under suggest_lock */
    bool suggest_tried;
    pthread_mutex_t suggest_lock;
} lint_setup;

/* Loads the editions of the Laws into s and lo->profiles. */
bool lint_setup_profiles(const char *program, lint_setup *s, arb_lint_options *lo);

/* --list-profiles: one line per edition on stdout. */
void lint_setup_list_profiles(const lint_setup *s);

/* --event FILE (NULL: none) into lo->event; --laws NAME|auto (NULL: the
 * event's edition, else the default) into lo. */
bool lint_setup_laws(const char *program, const char *event_file, const char *laws, lint_setup *s,
                     arb_lint_options *lo);

/* --lang LANG (NULL: English) into style's locale and notation. */
bool lint_setup_lang(const char *program, const char *lang, lint_setup *s, arb_report_style *style);

/* Every locale's notation into lo's and read's suggestions (--continue
 * follows a move they agree on); nothing when the data cannot be loaded:
 * suggestions are a help, not a need.  Without --continue they are compiled
 * on first need (lo->suggest_load), by whichever thread checks the first
 * move that does not replay: most runs never compile them. */
void lint_setup_suggestions(lint_setup *s, arb_lint_options *lo, arb_pgn_reader_options *read);

void lint_setup_free(lint_setup *s);

#endif
