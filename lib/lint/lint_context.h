/* lint_context.h — the context the checks of one game share (lint_ctx, the
 * replay's line_facts, the linter's scratch memory) and the helpers they
 * call: the bottom of the lint layer, which calls nothing above it.  The
 * checks themselves are declared in lint_checks.h.  Not part of the public
 * API.
 *
 * Ownership and threads: a lint_ctx lives for one arb_lint_game call on one
 * thread; it points into the game, the options and the report.
 */
#ifndef ARB_LINT_CONTEXT_H
#define ARB_LINT_CONTEXT_H

#include <string.h>

#include "lint.h"
#include "rules.h"

/* Copies src into dst (size bytes), cut at a UTF-8 character boundary. */
static inline void lint_copy(char *dst, size_t size, const char *src)
{
    size_t n = strlen(src);
    if (n >= size) {
        n = size - 1;
        while (n > 0 && ((unsigned char)src[n] & 0xC0) == 0x80)
            n--;
    }
    memcpy(dst, src, n);
    dst[n] = '\0';
}

/* snprintf(dst, size, "%s%s", a, b) without printf: cut where it cuts. */
static inline void lint_join(char *dst, size_t size, const char *a, const char *b)
{
    size_t na = strlen(a), nb = strlen(b);
    if (na > size - 1)
        na = size - 1;
    if (nb > size - 1 - na)
        nb = size - 1 - na;
    memcpy(dst, a, na);
    memcpy(dst + na, b, nb);
    dst[na + nb] = '\0';
}

/* snprintf through a va_list: messages are cut where they must be, which
 * the compiler's truncation warnings cannot know is intended. */
int lint_format(char *dst, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* The tags the checks read, found once per game (lint_index_tags); the
 * first seven are the Seven Tag Roster in its order. */
enum lint_tag {
    LINT_TAG_EVENT = 0, LINT_TAG_SITE, LINT_TAG_DATE, LINT_TAG_ROUND, LINT_TAG_WHITE, LINT_TAG_BLACK,
    LINT_TAG_RESULT, LINT_TAG_TIME_CONTROL, LINT_TAG_TERMINATION, LINT_TAG_VARIANT, LINT_TAG_FEN, LINT_TAG_SETUP,
    LINT_TAG_COUNT
};

/* Tags of a game whose kinds are kept (every real game has fewer). */
#define LINT_FEW_TAGS 32

/* One game being checked. */
typedef struct lint_ctx {
    const arb_pgn_game *g;
    const arb_pgn_tag *tags[LINT_TAG_COUNT]; /* the first tag of each name, NULL when none */
    int8_t tag_kind[LINT_FEW_TAGS];   /* of each tag (enum lint_tag or -1), in a game of that many at most */
    int result;              /* arb_pgn_game_result of the game */
    const arb_lint_options *opt;
    const arb_rules *rules;
    const arb_event *event;
    arb_lint_report *r;
    arb_history *history;
    bool chess960;           /* Variant tag says Chess960 */
    bool after_error;        /* a bad move was passed over: later findings are marked */
    int illegal_by[2];       /* illegal moves passed over, per side (7.5.5 counts them) */
    bool mate_known[2];      /* a search at the end decided whether each side could mate */
    int mate_verdict[2];     /* its answer (enum arb_mate_verdict) */
    uint32_t main_comments;  /* comments on the main line after its first move (counted by the replay) */
    bool time_evidence_known; /* lint_time_forfeit_evidence was asked about this loser */
    int time_evidence_loser, time_evidence;
} lint_ctx;

/* Appends a finding citing `article` (enum arb_article of the rules in
 * force); the message is printf-formatted.  NULL when out of memory. */
arb_finding *lint_add(lint_ctx *c, int check, int severity, int article, int line, int col,
                      const char *fmt, ...) __attribute__((format(printf, 7, 8)));

/* Sets the finding's move fields from the position before the move. */
void lint_set_move(arb_finding *f, const arb_position *before, uint32_t ply, const char *token);

/* "23." or "23..." for the move about to be made in pos. */
void lint_move_number(const arb_position *pos, char *buf, size_t size);

/* The text of the token that starts at line/col in the game's original
 * bytes (up to white space or a PGN delimiter); "" when not available. */
void lint_token_at(const arb_pgn_game *g, int line, int col, char *buf, size_t size);

extern const char *const lint_piece_names[ARB_NO_KIND];

/* The linter's scratch memory, reused from game to game. */
struct arb_linter {
    arb_history history;
    arb_position *line;      /* per variation depth: the position where the next move is played */
    arb_position *before;    /* per depth: the position before that line's last move */
    size_t depth_cap;
    /* main-line positions the reader did not keep: the current one, the one
     * before it, and the next being made (the line reads the reader's kept
     * positions in place, lint_replay) */
    arb_position main_own[3];
    arb_profile_set *builtin; /* the built-in editions, loaded when options give none */
};
bool lint_reserve_depth(arb_linter *l, size_t depth);

/* What the replay of the main line found. */
typedef struct line_facts {
    uint32_t plies;           /* main-line moves replayed */
    bool complete;            /* the whole main line replayed */
    const arb_position *last_before; /* before the last main-line move (the start when none) */
    const arb_position *final; /* after the last main-line move replayed */
    const arb_pgn_item *last_item; /* that move */
    char last_token[48];      /* as written, filled on demand by last_token() */
    bool last_token_ready;
    int end_term;             /* first automatic end (ARB_TERM_*), -1 while playing */
    uint32_t end_ply;         /* ply after which it happened (0 = start position) */
    arb_position end_before;  /* before the move that ended it */
    char end_token[48];
    bool after_end_seen;      /* a move was recorded after end_ply */
    uint32_t threefold_ply;   /* first ply whose position occurred a third time, 0 = none */
    arb_position threefold_before;
    uint32_t fifty_ply;       /* first ply completing 50 moves without pawn move or capture */
    uint32_t repeat_ply;      /* last ply whose position had occurred before, 0 = none */
    bool claims_known;        /* claims below computed */
    arb_claims claims;        /* the claims available at the end */
    arb_position fifty_before;
    bool alive_known;         /* 5.2.2 by search: a position with this structure was not dead */
    uint64_t alive_signature;
} line_facts;

/* The suggestion notations of the options (made on first need when they
 * have a suggest_load), *count of them. */
static inline const struct arb_notation *const *lint_suggestions(const lint_ctx *c, size_t *count)
{
    const arb_lint_options *o = c->opt;
    if (o->suggest || !o->suggest_load) {
        *count = o->suggest_count;
        return o->suggest;
    }
    *count = 0;
    const struct arb_notation *const *list = o->suggest_load(o->suggest_ctx, count);
    if (!list)
        *count = 0;
    return list;
}

/* Which enum lint_tag a tag name is (case-sensitive, as the standard
 * asks), -1 for the others; and the first tag of each such name into
 * c->tags (with each tag's kind into c->tag_kind in a game of at most
 * LINT_FEW_TAGS). */
int lint_tag_kind(const char *name);
void lint_index_tags(lint_ctx *c);

/* The value of a tag read by the checks, NULL when the game has none. */
static inline const char *lint_tag(const lint_ctx *c, int tag)
{
    return c->tags[tag] ? c->tags[tag]->value : NULL;
}

/* how games end */
const char *lint_side_name(int side);
int lint_board_end_termination(int board_end);     /* ARB_TERM_* or -1 */
int lint_termination_article(int termination);     /* ARB_ART_* or -1 */
const char *lint_termination_words(int termination);

#endif
