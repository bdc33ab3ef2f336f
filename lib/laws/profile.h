/* profile.h — editions of the FIDE Laws and event regulations, as data.
 *
 * The Laws change: fivefold repetition and the 75-move rule end a game
 * automatically only from 1 July 2014 (and the fivefold positions need not be
 * consecutive from 1 July 2017); a draw may be agreed only after each player
 * has moved from 2014; the penalties for illegal moves in rapid and blitz
 * changed in 2018 and 2023; article numbers move between editions.  Each
 * edition is one YAML file (lib/laws/profiles/fide-2023.yaml, ...), with a
 * `standard` section and `rapid`/`blitz` sections that override it.  C code
 * never names an edition: adding the 2026 Laws is adding a file.  The file
 * format is described in lib/laws/profiles/README.md.
 *
 * Event regulations (9.1.1: no draw offers before move 30, ...; extra
 * required tags; the edition and time control in force) come from a user
 * YAML file, see arb_event_load.
 *
 * Ownership: arb_profiles_load returns a set the caller frees with
 * arb_profiles_free; profiles obtained from it live as long as the set and
 * are never modified, so threads may share them.  Errors are complete
 * messages "path:line:col: what, expected what".
 */
#ifndef ARB_PROFILE_H
#define ARB_PROFILE_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include <stdbool.h>
#include <stddef.h>

#include "types.h"

enum arb_time_class { ARB_CLASS_STANDARD = 0, ARB_CLASS_RAPID, ARB_CLASS_BLITZ, ARB_CLASS_COUNT };
/* "standard", "rapid", "blitz" */
const char *arb_time_class_name(int time_class);
/* -1 when the name is none of them */
int arb_time_class_parse(const char *name);

/* 9.6.1: whether and how fivefold repetition ends the game by itself. */
enum arb_fivefold_rule {
    ARB_FIVEFOLD_NONE = 0,     /* before 2014-07-01: only claims (9.2) */
    ARB_FIVEFOLD_CONSECUTIVE,  /* 2014: "five consecutive alternate moves by each player" */
    ARB_FIVEFOLD_ANY           /* from 2017-07-01: five times, not necessarily in a row */
};

/* The facts a finding cites, each with its article in the edition. */
enum arb_article {
    ARB_ART_ILLEGAL_MOVE = 0,  /* illegal-move */
    ARB_ART_ILLEGAL_PENALTY,   /* illegal-move-penalty */
    ARB_ART_AMBIGUOUS_MOVE,    /* ambiguous-move */
    ARB_ART_BAD_TOKEN,         /* bad-token */
    ARB_ART_CHECKMATE,         /* checkmate */
    ARB_ART_STALEMATE,         /* stalemate */
    ARB_ART_DEAD_POSITION,     /* dead-position */
    ARB_ART_FIVEFOLD,          /* fivefold */
    ARB_ART_SEVENTY_FIVE,      /* seventy-five */
    ARB_ART_THREEFOLD_BY_MOVE, /* threefold-by-move: the position is about to appear */
    ARB_ART_THREEFOLD_NOW,     /* threefold-now: it has just appeared */
    ARB_ART_SAME_POSITION,     /* same-position: what "the same position" means */
    ARB_ART_FIFTY_BY_MOVE,     /* fifty-by-move */
    ARB_ART_FIFTY_NOW,         /* fifty-now */
    ARB_ART_AGREEMENT,         /* agreement */
    ARB_ART_DRAW_OFFER,        /* draw-offer */
    ARB_ART_EVENT_DRAWS,       /* event-draws: the event's own rules on draw offers */
    ARB_ART_RESULT,            /* result: the result recorded */
    ARB_ART_RESULT_MARKER,     /* result-marker: Result tag and termination marker */
    ARB_ART_FLAG_FALL,         /* flag-fall: a lost-on-time game the winner cannot mate */
    ARB_ART_FEN,               /* fen: an illegal start position */
    ARB_ART_CHESS960_START,    /* chess960-start */
    ARB_ART_CASTLING_960,      /* castling-960 */
    ARB_ART_TAGS,              /* tags: Seven Tag Roster and tag syntax */
    ARB_ART_COUNT
};
/* YAML key of an article ("illegal-move-penalty"); NULL outside the range. */
const char *arb_article_key(int article);

/* The rules of one section (standard, rapid or blitz) of an edition. */
typedef struct arb_rules {
    int fivefold;                /* enum arb_fivefold_rule */
    bool seventy_five;           /* 9.6.2 ends the game by itself */
    int agreement_min_moves;     /* moves each player must have made before a draw may be agreed; 0 = any time */
    int illegal_moves_to_lose;   /* the n-th completed illegal move of a player loses; 0 = never by count */
    int illegal_penalty_minutes; /* time added to the opponent for the ones before */
    char articles[ARB_ART_COUNT][32];
} arb_rules;

typedef struct arb_profile {
    char name[32];               /* "fide-2023" */
    char title[128];
    char effective[11];          /* "YYYY-MM-DD": first day the edition applies */
    char source[256];
    /* How a TimeControl tag maps to a section: base time plus 60 times the
     * increment, in seconds; at most blitz_max is blitz, at most rapid_max rapid. */
    int blitz_max, rapid_max;
    arb_rules sections[ARB_CLASS_COUNT];
} arb_profile;

typedef struct arb_profile_set arb_profile_set;

/* Loads every *.yaml of dir; NULL means the data directory (datadir.h)
 * "lib/laws/profiles" (the source tree) or "profiles" (an installation),
 * and where neither is found, the editions built into the library. */
arb_status arb_profiles_load(const char *dir, arb_profile_set **out);
/* The editions compiled into the library (lib/laws/profiles at build time). */
arb_status arb_profiles_builtin(arb_profile_set **out);
/* Loads one profile from YAML text (tests, embedded data); `name` is used in
 * messages. */
arb_status arb_profile_parse(const char *yaml, size_t len, const char *name, arb_profile *out);
void arb_profiles_free(arb_profile_set *set);

size_t arb_profiles_count(const arb_profile_set *set);
/* Profiles ordered by effective date, oldest first. */
const arb_profile *arb_profiles_at(const arb_profile_set *set, size_t i);
const arb_profile *arb_profiles_find(const arb_profile_set *set, const char *name);
/* The latest edition in force on `date` ("YYYY.MM.DD" or "YYYY-MM-DD"; an
 * unknown month or day, "??", counts as the first of the known period);
 * NULL when the date has no year or precedes every edition. */
const arb_profile *arb_profiles_for_date(const arb_profile_set *set, const char *date);

/* The section a PGN TimeControl tag value ("40/7200:3600", "300+2", "900")
 * falls in under this edition, or -1 when the value says nothing ("?", "-",
 * malformed). */
int arb_profile_time_class(const arb_profile *p, const char *time_control);

/* Event regulations: `--event FILE`. */
#define ARB_EVENT_MAX_TAGS 16
typedef struct arb_event {
    char name[128];
    char laws[32];               /* profile name, "" = not set */
    int time_class;              /* -1 = not set */
    bool draw_offers_allowed;    /* false: no offers or agreements without the arbiter (9.1.1) */
    int draw_min_move;           /* no offer or agreement before this move number: the last move
                                  * made must be move draw_min_move or later; 0 = none */
    int required_tag_count;      /* tags required beyond the Seven Tag Roster */
    char required_tags[ARB_EVENT_MAX_TAGS][32];
} arb_event;

void arb_event_init(arb_event *e);
arb_status arb_event_load(const char *path, arb_event *out);
arb_status arb_event_parse(const char *yaml, size_t len, const char *name, arb_event *out);

#pragma GCC visibility pop
#endif
