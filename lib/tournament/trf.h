/* trf.h — reading a FIDE Tournament Report File (TRF-16).
 *
 * A TRF is a text file of fixed-column records, one per line, each opening
 * with a three-character record type.  What the cross-check needs is read:
 * `012` (the event's name), `042`/`052` (dates), `001` (one player: start
 * rank, sex, title, name, rating, federation, FIDE ID, birth date, points,
 * place, then one 10-column cell per round: opponent's start rank, colour
 * w/b/-, result 1 0 = + - H F U Z W D L) and the pairing programs' `XXR`
 * (number of rounds).  Every other record type is ignored.
 *
 * Lenient where files really vary: LF, CRLF or CR line ends; names in UTF-8
 * or, line by line, Latin-1/Windows-1252 (converted to UTF-8); columns counted
 * in characters, so that a UTF-8 name does not shift the cells; lines cut
 * short (missing columns are blank) or padded.  A malformed `001` field is a
 * diagnostic with its line and column, and reading goes on with the next
 * field or line: the report is used as far as it can be.
 *
 * Limits, so that any input costs bounded memory: start ranks 1..9999,
 * ARB_TRF_MAX_ROUNDS rounds, lines of ARB_TRF_MAX_LINE bytes (the rest is
 * ignored with a diagnostic), ARB_TRF_MAX_DIAGS diagnostics kept (the others
 * counted).
 *
 * Ownership and threads: arb_trf_parse returns a report the caller frees
 * with arb_trf_free; it copies what it keeps from the input.  A report is
 * read-only after parsing and may be shared between threads.
 */
#ifndef ARB_TRF_H
#define ARB_TRF_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "status.h"

#define ARB_TRF_MAX_RANK 9999
#define ARB_TRF_MAX_ROUNDS 255
#define ARB_TRF_MAX_LINE 8192
#define ARB_TRF_MAX_DIAGS 200
#define ARB_TRF_NAME_MAX 136   /* 33 characters of up to 4 UTF-8 bytes */

/* One round of one player.  result ' ' means no cell (not paired, or the
 * line ends before it). */
typedef struct arb_trf_cell {
    uint16_t opponent;   /* start rank, 0 for none (a bye) */
    char colour;         /* 'w', 'b', '-' */
    char result;         /* '1' '0' '=' '+' '-' 'H' 'F' 'U' 'Z' 'W' 'D' 'L' or ' ' */
    uint16_t col;        /* first column of the cell in the player's line */
} arb_trf_cell;

typedef struct arb_trf_player {
    int rank;                     /* start rank, 1..ARB_TRF_MAX_RANK */
    char sex;                     /* 'm', 'w', or ' ' */
    char title[4];
    char name[ARB_TRF_NAME_MAX];  /* UTF-8, trimmed */
    int rating;                   /* 0 when blank */
    char federation[4];
    uint64_t fide_id;             /* 0 when blank */
    char birth[12];
    int points_tenths;            /* the points column in tenths; -1 when blank or unreadable */
    int place;                    /* 0 when blank */
    int32_t line;                 /* of its 001 record */
    size_t first_cell;            /* its cells: cells[first_cell .. first_cell + cell_count) */
    int cell_count;
} arb_trf_player;

typedef struct arb_trf_diag {
    int32_t line, col;
    char message[200];            /* English, no trailing period */
} arb_trf_diag;

typedef struct arb_trf {
    char source[256];             /* the name given to the parser */
    char event[ARB_TRF_NAME_MAX]; /* 012 */
    char start_date[32], end_date[32];   /* 042, 052 as written */
    int declared_rounds;          /* XXR; 0 when absent */
    int rounds;                   /* XXR or the most cells of any player, whichever is more */
    arb_trf_player *players;      /* in file order */
    size_t player_count;
    arb_trf_cell *cells;
    size_t cell_count;
    arb_trf_diag *diags;
    size_t diag_count;
    size_t diags_dropped;         /* beyond ARB_TRF_MAX_DIAGS */
    bool converted_encoding;      /* some line was read as Windows-1252 */
    /* internal */
    int32_t *by_rank;             /* rank -> player index + 1, 0 for none */
    size_t player_cap, cell_cap;
} arb_trf;

/* Parses a report held in memory.  The returned status is nonzero only when
 * out of memory (then *out is NULL); problems of the text are diagnostics in
 * the report. */
arb_status arb_trf_parse(const char *data, size_t len, const char *name, arb_trf **out);

/* Reads the file at path (plain or gzip; at most 64 MiB) and parses it;
 * a nonzero status when it cannot be read. */
arb_status arb_trf_load(const char *path, arb_trf **out);

void arb_trf_free(arb_trf *t);

/* The player of this start rank, or NULL. */
const arb_trf_player *arb_trf_player_by_rank(const arb_trf *t, int rank);

/* The player's cell for round (1-based), or NULL when the line has none. */
const arb_trf_cell *arb_trf_cell_of(const arb_trf *t, const arb_trf_player *p, int round);

/* A game was (or should have been) played over the board: 1 0 = W D L. */
bool arb_trf_result_played(char result);
/* Points of a result in tenths (1 + W F U: 10; = D H: 5; others 0). */
int arb_trf_result_tenths(char result);

#pragma GCC visibility pop
#endif
