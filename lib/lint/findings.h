/* findings.h — what the linter finds: named checks with stable codes and one
 * record per irregularity (their text and JSON forms: report.h).
 *
 * A check's code ("illegal-move") never changes once published: scripts
 * filter on it.  The FIDE article a finding cites comes from the rule profile
 * in force (profile.h), because article numbers differ between editions of
 * the Laws; the finding stores the text it was given.
 *
 * Severity: error — the record is wrong (an illegal move, a result the board
 * contradicts); warning — doubtful (a malformed Date tag, a draw agreed too
 * early); info — facts an arbiter wants to know (the draw claim that was
 * available, a draw offer recorded).
 *
 * Ownership: an arb_lint_report owns its findings array; arb_lint_report_reset
 * empties it keeping the memory.  The strings white/black/round/source point
 * into the game that was checked and are valid as long as that game is.
 * Nothing here keeps global state; distinct reports may be used from
 * distinct threads.
 */
#ifndef ARB_FINDINGS_H
#define ARB_FINDINGS_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "san.h"

enum arb_check {
    ARB_CHECK_ILLEGAL_MOVE = 0, /* 3.1-3.10, 7.5.1: no legal move matches the token */
    ARB_CHECK_AMBIGUOUS_MOVE,   /* C.10: several legal moves match */
    ARB_CHECK_BAD_TOKEN,        /* C, PGN 8.2: not a move, number, comment, NAG or marker */
    ARB_CHECK_MOVES_AFTER_END,  /* 5.1.1 5.2.1 5.2.2 9.6.1 9.6.2: moves after the game ended */
    ARB_CHECK_RESULT_MISMATCH,  /* 8.7, PGN 8.2.6: result contradicts marker or board */
    ARB_CHECK_DRAW_CLAIM,       /* 9.2, 9.3: which claim was available, or agreement 5.2.3 */
    ARB_CHECK_EARLY_AGREEMENT,  /* 5.2.3, 9.1.1: draw agreed before it was allowed */
    ARB_CHECK_DRAW_OFFER,       /* 8.1.5, 9.1.2.2: (=) recorded */
    ARB_CHECK_FEN_INVALID,      /* 3.10.3, 7.2.1: SetUp/FEN position illegal */
    ARB_CHECK_CHESS960_START,   /* Guidelines II.2: not a Chess960 start array */
    ARB_CHECK_CASTLING_960,     /* Guidelines II.3: castling written or made against II.3 */
    ARB_CHECK_TAG_MISSING,      /* PGN 8.1.1: Seven Tag Roster incomplete */
    ARB_CHECK_TAG_FORMAT,       /* PGN 8.1.1: malformed or duplicate tag */
    /* against the event's tournament report (TRF; tournament layer, trf_check.h) */
    ARB_CHECK_TRF_MISSING_GAME,   /* a pairing played over the board has no game */
    ARB_CHECK_TRF_DUPLICATE_GAME, /* a second game for one pairing */
    ARB_CHECK_TRF_EXTRA_GAME,     /* a game that matches no pairing */
    ARB_CHECK_TRF_RESULT,         /* the game's result is not the report's */
    ARB_CHECK_TRF_COLOURS,        /* White and Black reversed */
    ARB_CHECK_TRF_ROUND,          /* the Round tag is not the pairing's round */
    ARB_CHECK_TRF_FORFEIT_PLAYED, /* a forfeit or bye in the report, moves in the game */
    ARB_CHECK_TRF_PLAYER_ID,      /* a FideId tag the report contradicts */
    ARB_CHECK_TRF_PLAYER_NAME,    /* a player matched only loosely by name */
    ARB_CHECK_TRF_INCONSISTENT,   /* the report disagrees with itself */
    ARB_CHECK_CLOCK,            /* 6.9: %clk readings that contradict the time control or the end */
    ARB_CHECK_NOTATION,         /* C: the notation the moves were read in (info), when detected */
    ARB_CHECK_COUNT
};

/* "illegal-move", ...; NULL outside the range. */
const char *arb_check_code(int check);
/* The check with this code, or -1. */
int arb_check_parse(const char *code);

enum arb_severity { ARB_SEVERITY_INFO = 0, ARB_SEVERITY_WARNING, ARB_SEVERITY_ERROR };
/* "info", "warning", "error" */
const char *arb_severity_name(int severity);

/* How a game ended, as the JSON form reports it (report.h). */
enum arb_termination {
    ARB_TERM_CHECKMATE = 0,
    ARB_TERM_STALEMATE,
    ARB_TERM_DEAD_POSITION,
    ARB_TERM_FIVEFOLD,
    ARB_TERM_SEVENTY_FIVE,
    ARB_TERM_THREEFOLD_CLAIM,
    ARB_TERM_FIFTY_CLAIM,
    ARB_TERM_AGREEMENT,
    ARB_TERM_RESIGNATION,
    ARB_TERM_TIME_FORFEIT,
    ARB_TERM_UNTERMINATED,
    ARB_TERM_UNKNOWN,
    ARB_TERM_COUNT
};
/* "checkmate", "seventy-five", "threefold-claim", ... */
const char *arb_termination_name(int termination);

#define ARB_FINDING_MAX_CANDIDATES 24
#define ARB_FINDING_MAX_REPAIR_EDITS 3

typedef struct arb_finding {
    int check;                /* enum arb_check */
    int severity;             /* enum arb_severity */
    int32_t line, col;        /* 1-based source position; 0 when not known */
    uint32_t ply;             /* half-move concerned (1 = White's first move), 0 for none */
    bool after_error;         /* found after an illegal move was passed over */
    /* Going on after bad moves (the reader's skip_bad_moves): the move
     * replayed in place of a token that did not replay (the reading the
     * notations agree on, or the only legal move of the piece to the square
     * written), in SAN; "" when the turn passed */
    char read_as[ARB_SAN_MAX];
    char article[32];         /* "7.5.1", "PGN 8.1.1", from the rule profile */
    /* Message catalogue key (locales/en.yaml "messages"), "" when the
     * finding has no translatable text. */
    char key[32];
    char move_number[16];     /* "23." or "23..." for a move, else "" */
    char token[48];           /* the move or text as written, else "" */
    char message[320];        /* complete English text */
    /* values for the catalogue's placeholders */
    char result[16];
    char expected[128];
    char reason[128];
    int candidate_count;      /* legal moves offered in place of the token */
    char candidates[ARB_FINDING_MAX_CANDIDATES][ARB_SAN_MAX];   /* in SAN */
    /* the same moves and the position they are legal in, when known, so that
     * messages can write them in another notation */
    bool has_position;
    arb_position position;
    arb_move candidate_moves[ARB_FINDING_MAX_CANDIDATES];
    /* a finding of the cross-check against a tournament report: the pairing
     * as the report spells it (white_rank 0 when there is none) */
    struct arb_finding_pairing {
        int round;                       /* the report's round, 0 when none */
        int white_rank, black_rank;      /* start ranks (the report's White first) */
        char white[136], black[136];     /* names as the report spells them */
        char report[160];                /* the report's file name */
        int32_t report_line;             /* of the 001 record concerned, 0 for none */
    } pairing;
    /* The best repair of the game (lint_repair.c, repair.h) for its first
     * bad move, when one was found: per edit its kind (enum arb_edit_kind),
     * the ply of the move edited (1 for White's first; a swap's first move)
     * and the place of its token (an inserted move: of the token it goes
     * before), and texts in the game's notation ("24.Cd5", "24.Cb5", a
     * swap's other "26.Bb5"), for the catalogue's repair-* texts. */
    int repair_count;
    struct arb_finding_edit {
        int kind;
        uint32_t ply;
        int32_t line, col;
        char written[32], move[32], other[32];
    } repair[ARB_FINDING_MAX_REPAIR_EDITS];
    /* the rest of the game was checked along that repair */
    bool repair_followed;
} arb_finding;

/* Facts of the main line's replay, whatever the edition in force: what a
 * differential check compares with an independent replayer.  Plies are
 * 1-based (the position after the n-th half-move); 0 means never. */
typedef struct arb_game_facts {
    bool replayed;                   /* the whole main line replayed */
    uint32_t first_threefold_ply;    /* a position occurred for the third time */
    uint32_t first_fivefold_ply;     /* ... for the fifth time */
    uint32_t first_fifty_ply;        /* the halfmove clock reached 100 */
    uint32_t first_seventyfive_ply;  /* the clock reached 150, not by mate or stalemate */
    bool checkmate, stalemate, insufficient_material;  /* the final position */
    bool claim_threefold, claim_fifty;                 /* claims available at the end */
    /* 5.2.2: the ply after which the position was dead (0 = the start
     * position), -1 never; by material or by search (unwinnable.h) */
    int32_t first_dead_ply;
    bool cannot_mate[2];      /* per colour: no series of legal moves ends in its mate, at the end */
} arb_game_facts;

/* The findings of one game and what is known about its end. */
typedef struct arb_lint_report {
    const char *source;       /* input name */
    uint64_t game;            /* 1-based index of the game in its input */
    int32_t line;             /* where the game starts */
    const char *white, *black, *round;  /* tag values, NULL when absent */
    const char *notation;     /* the notation read ("de"; "bs, da, de" when several read alike), NULL for SAN */
    int result_tag;           /* enum arb_pgn_result of the Result tag; NONE when absent or malformed */
    int result_board;         /* the result the final position implies; NONE when it implies none */
    int termination;          /* enum arb_termination */
    uint32_t plies;           /* main-line half-moves replayed */
    arb_game_facts facts;
    arb_finding *findings;    /* count of them; owned (arb_lint_report_free) */
    size_t count;
    size_t errors, warnings, infos;
    bool out_of_memory;       /* a finding could not be stored */
    bool no_game;             /* the findings belong to no game (a tournament report's) */
} arb_lint_report;

void arb_lint_report_init(arb_lint_report *r);
void arb_lint_report_reset(arb_lint_report *r);
void arb_lint_report_free(arb_lint_report *r);

/* Appends a zeroed finding of this check and severity and returns it for
 * the caller to fill; NULL when out of memory (out_of_memory is then set). */
arb_finding *arb_lint_report_add(arb_lint_report *r, int check, int severity);

/* Adds a candidate move (written in SAN) to a finding; false when full. */
bool arb_finding_add_candidate(arb_finding *f, const char *san);
/* Adds a legal move of pos as a candidate (pos must be the same position for
 * every move of a finding); false when full. */
bool arb_finding_add_move(arb_finding *f, const arb_position *pos, arb_move move);

#pragma GCC visibility pop
#endif
