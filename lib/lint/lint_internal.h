/* lint_internal.h — shared by the lint_*.c files (lint.c the driver and
 * helpers, lint_tags.c, lint_start.c, lint_replay.c, lint_moves.c,
 * lint_end.c); not part of the public API. */
#ifndef ARB_LINT_INTERNAL_H
#define ARB_LINT_INTERNAL_H

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

/* snprintf through a va_list: messages are cut where they must be, which
 * the compiler's truncation warnings cannot know is intended. */
int lint_format(char *dst, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* One game being checked. */
typedef struct lint_ctx {
    const arb_pgn_game *g;
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

/* The value of the tag, or NULL (first occurrence). */
const char *lint_tag(const arb_pgn_game *g, const char *name);
const arb_pgn_tag *lint_tag_entry(const arb_pgn_game *g, const char *name);

void lint_check_tags(lint_ctx *c);
/* false when the start position is unusable (the FEN was rejected) */
bool lint_check_start(lint_ctx *c);
/* a castling move in a Chess960 game written the way II.3 does not know */
void lint_check_castling_notation(lint_ctx *c, const arb_position *before, arb_move move,
                                  uint32_t ply, const char *token, int line, int col);
/* illegal / ambiguous / syntax: the first bad token of the main line or a
 * variation, replayed from `pos`. Returns the check used. */
int lint_bad_move(lint_ctx *c, const arb_position *pos, uint32_t ply, const char *token,
                  int line, int col, bool in_variation, const char *reader_message);

extern const char *const lint_piece_names[ARB_NO_KIND];

/* The linter's scratch memory, reused from game to game. */
struct arb_linter {
    arb_history history;
    arb_position *line;      /* per variation depth: the position where the next move is played */
    arb_position *before;    /* per depth: the position before that line's last move */
    size_t depth_cap;
};
bool lint_reserve_depth(arb_linter *l, size_t depth);

/* What the replay of the main line found. */
typedef struct line_facts {
    uint32_t plies;           /* main-line moves replayed */
    bool complete;            /* the whole main line replayed */
    arb_position last_before; /* before the last main-line move */
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


/* how games end (lint.c) */
const char *lint_side_name(int side);
int lint_board_end_termination(int board_end);     /* ARB_TERM_* or -1 */
int lint_termination_article(int termination);     /* ARB_ART_* or -1 */
const char *lint_termination_words(int termination);

/* lint_replay.c */
const char *lint_last_token(const lint_ctx *c, line_facts *lf);
/* Replays the game's items; false when out of memory. */
bool lint_replay(lint_ctx *c, arb_linter *l, line_facts *lf, bool start_ok);

/* lint_end.c */
int lint_board_result(int termination, const arb_position *final, const line_facts *lf);
int lint_termination_from_tag(const char *tag);   /* ARB_TERM_*, -1 for "normal" or none */
void lint_check_result(lint_ctx *c, const line_facts *lf, int board_term, const arb_position *final);
int lint_check_draw(lint_ctx *c, line_facts *lf, const arb_position *final);
void lint_check_agreement(lint_ctx *c, const line_facts *lf);
void lint_missed_claims(lint_ctx *c, const line_facts *lf, int termination);
void lint_record_facts(lint_ctx *c, line_facts *lf, const arb_position *final);

/* lint_dead.c: 5.2.2 and 6.9 by search */
/* The position is dead though the material alone does not say so (checked
 * cheaply at every ply: a search runs only when no pawn can move, and once
 * per pawn structure and material). */
bool lint_dead_by_search(const lint_ctx *c, line_facts *lf, const arb_position *pos);
enum { LINT_TIME_NONE = 0, LINT_TIME_BY_TAG, LINT_TIME_BY_COMMENT, LINT_TIME_BY_CLOCK };
/* How the record shows that `loser` lost on time (LINT_TIME_*). */
int lint_time_forfeit_evidence(lint_ctx *c, int loser);
/* 6.9: a game lost on time where the winner could not mate by any series of
 * legal moves (beyond what the material rule of lint_check_result found). */
void lint_check_flag_fall(lint_ctx *c, const arb_position *final, int line, int col);
/* lint_clock.c: TimeControl, [%clk] rising, time forfeit and flag fall */
void lint_check_clocks(lint_ctx *c, const line_facts *lf);
/* The first dead ply and the sides that cannot mate at the end (facts). */
void lint_record_unwinnable(lint_ctx *c, const line_facts *lf, const arb_position *final);

#endif
