/* arbiter.h — the whole public API of libarbiter in one include.
 *
 * An embedding program includes <arbiter/arbiter.h> and links with
 * `pkg-config --cflags --libs arbiter` (add --static for libarbiter.a).
 * The headers listed here are the public ones: `make install` installs
 * exactly these, the tools in cmd/ are compiled against them alone, and the
 * shared library exports their functions and nothing else (every exported
 * name starts with arb_).
 *
 * Conventions shared by the whole API (details in status.h):
 *   - a fallible call returns an arb_status (or fills one): code 0 is
 *     success; otherwise `error_class` says what kind of failure it is and
 *     line/col/message say where and what;
 *   - an object made by arb_X_new / arb_X_load / arb_X_open is freed by
 *     the matching arb_X_free / arb_X_close, which accept NULL;
 *   - pointers returned by a getter are owned by the object they come from
 *     and live as long as it does, unless the header says otherwise;
 *   - the library keeps no mutable global state: separate objects may be
 *     used from separate threads at once; one object is used by one thread
 *     at a time unless its header says it may be shared (loaded locales,
 *     grammars, notations and profiles are read-only and may be shared);
 *   - an options struct set to zero means "the defaults".
 */
#ifndef ARBITER_H
#define ARBITER_H

#define ARB_VERSION_MAJOR 0
#define ARB_VERSION_MINOR 2
#define ARB_VERSION_PATCH 0
#define ARB_VERSION "0.2.0"
/* ARB_VERSION_NUMBER >= ARB_VERSION_AT(0, 2, 0) tests for a release */
#define ARB_VERSION_AT(major, minor, patch) ((major) * 10000 + (minor) * 100 + (patch))
#define ARB_VERSION_NUMBER ARB_VERSION_AT(ARB_VERSION_MAJOR, ARB_VERSION_MINOR, ARB_VERSION_PATCH)

/* base: status values, text buffers, input streams */
#include "status.h"
#include "utf8.h"
#include "strbuf.h"
#include "input.h"
#include "encoding.h"
/* chess: the board, legal moves, FEN, SAN, how positions end */
#include "types.h"
#include "bitboard.h"
#include "attacks.h"
#include "position.h"
#include "movegen.h"
#include "fen.h"
#include "san.h"
#include "perft.h"
#include "chess960.h"
#include "rules.h"
#include "unwinnable.h"
/* notation: national piece letters, move grammar, detection */
#include "locales.h"
#include "grammar.h"
#include "notation.h"
#include "detect.h"
#include "spoken.h"
#include "descriptive.h"
/* laws: editions of the Laws and event regulations */
#include "profile.h"
/* pgn: reading, replaying and writing games (PGN, and JSON, CSV, EPD) */
#include "pgn_lex.h"
#include "pgn_game.h"
#include "pgn_read.h"
#include "pgn_detect.h"
#include "pgn_write.h"
#include "pgn_parallel.h"
#include "pgn_export.h"
#include "clock.h"
/* repair: the fewest edits that make a recorded game replay, and two
 * players' scoresheets reconciled */
#include "mainline.h"
#include "repair.h"
#include "repair_game.h"
#include "sheets.h"
/* lint: checking a game the way an arbiter would */
#include "findings.h"
#include "lint.h"
/* tournament: the event's FIDE tournament report (TRF) and the games checked
 * against it */
#include "trf.h"
#include "trf_check.h"
/* report: findings written for people (text, an HTML page) and programs
 * (JSON Lines) */
#include "report.h"
#include "report_html.h"
/* select: choosing games (predicates, duplicates, openings, patterns) and
 * the tags and results computed from the board */
#include "grep.h"
#include "duplicates.h"
#include "dup_record.h"
#include "openings.h"
#include "board_result.h"
#include "computed_tags.h"

#endif
