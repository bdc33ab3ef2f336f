/* locales.h — national scoresheet notations, loaded from locales/<code>.yaml.
 *
 * One YAML file per language, named by its BCP 47 code (ro.yaml, sr-Cyrl.yaml,
 * nl-x-fide.yaml for a named variant).  A locale gives the piece letters
 * (several spellings per piece allowed; the first one is written), castling
 * spellings, capture marks, en-passant marks, how to write promotions and
 * mate, the language's name, where the letters come from, and the message
 * texts used by the tools.  C code never names a language: adding one is
 * adding a file.  The file format is described in locales/README.md.
 *
 * (Named locales.h, not locale.h: with -Ilib the latter would shadow the C
 * library's <locale.h>.)
 *
 * Ownership: arb_locales_load returns a set the caller owns and releases with
 * arb_locales_free; every arb_locale and string obtained from it lives as long
 * as the set.  A loaded set is never modified, so threads may share it.
 *
 * Errors: a malformed file (YAML syntax, unknown key, a spelling used for two
 * pieces, a missing field) fails the load.  status.line/col locate the
 * problem and, because the caller did not name the file, status.message is
 * the complete text "path:line:col: what, expected what".
 */
#ifndef ARB_LOCALES_H
#define ARB_LOCALES_H

/* public API: exported from the shared library (built -fvisibility=hidden) */
#pragma GCC visibility push(default)

#include <stddef.h>

#include "types.h"

enum arb_locale_error {
    ARB_LOCALE_OK = 0,
    ARB_LOCALE_IO,            /* directory or file cannot be read */
    ARB_LOCALE_SYNTAX,        /* not well-formed YAML, or a value of the wrong shape */
    ARB_LOCALE_UNKNOWN_KEY,   /* a key the format does not define */
    ARB_LOCALE_DUPLICATE,     /* a key twice, or one spelling for two meanings */
    ARB_LOCALE_MISSING,       /* a required key is absent */
    ARB_LOCALE_BAD_VALUE,     /* a spelling that would clash with squares or marks */
    ARB_LOCALE_NOT_FOUND,     /* no locales directory found */
    ARB_LOCALE_NO_MEMORY
};

typedef struct arb_locale arb_locale;
typedef struct arb_locale_set arb_locale_set;

/* Loads every *.yaml of `dir`; dir NULL means the data directory lookup of
 * datadir.h (sub-directory "locales").  On success *out is the set. */
arb_status arb_locales_load(const char *dir, arb_locale_set **out);
/* A set holding the single file at `path` (code = file name without .yaml). */
arb_status arb_locales_load_file(const char *path, arb_locale_set **out);
void arb_locales_free(arb_locale_set *set);

size_t arb_locales_count(const arb_locale_set *set);
/* Locales in code order (strcmp). */
const arb_locale *arb_locales_at(const arb_locale_set *set, size_t i);
/* Exact code first ("sr-Latn"), then case-insensitive, then the first locale
 * whose code starts with `code` + "-" ("sr" finds "sr-Cyrl"); NULL if none. */
const arb_locale *arb_locale_find(const arb_locale_set *set, const char *code);

const char *arb_locale_code(const arb_locale *loc);
const char *arb_locale_name(const arb_locale *loc);          /* in the language itself */
const char *arb_locale_english_name(const arb_locale *loc);  /* "" when not given */
const char *arb_locale_source(const arb_locale *loc);

/* Spellings.  kind is ARB_PAWN..ARB_KING.  Index 0 is the written form; the
 * count may be 0 (pawns are usually written without a letter). */
size_t arb_locale_piece_count(const arb_locale *loc, int kind);
const char *arb_locale_piece(const arb_locale *loc, int kind, size_t i);

enum arb_locale_list {
    ARB_LOCALE_CASTLE_SHORT = 0,  /* castling king side (with the h-side rook) */
    ARB_LOCALE_CASTLE_LONG,       /* castling queen side */
    ARB_LOCALE_CAPTURE,           /* capture marks: x, :, ... */
    ARB_LOCALE_EN_PASSANT,        /* e.p., a.p., ... */
    ARB_LOCALE_LIST_COUNT
};
size_t arb_locale_list_count(const arb_locale *loc, int list);
const char *arb_locale_list_item(const arb_locale *loc, int list, size_t i);

/* Words of real-world text (the locale file's `text:` section), read by the
 * lenient reader (lenient.h) only where strict reading fails: results in
 * words ("Weiß gibt auf" -> 0-1; last-mover-wins: "aufgegeben", "matt", the
 * side that moved last wins) and piece letters as books typeset them in
 * another alphabet (Russian Latin "Kp" for "Кр"), by piece kind. */
enum arb_locale_words {
    ARB_LOCALE_WHITE_WINS = 0,
    ARB_LOCALE_BLACK_WINS,
    ARB_LOCALE_DRAW,
    ARB_LOCALE_LAST_MOVER_WINS,
    ARB_LOCALE_TYPESET_KNIGHT,    /* ... through KING, in the order of ARB_KNIGHT..ARB_KING */
    ARB_LOCALE_TYPESET_BISHOP,
    ARB_LOCALE_TYPESET_ROOK,
    ARB_LOCALE_TYPESET_QUEEN,
    ARB_LOCALE_TYPESET_KING,
    /* spoken: the words of FIDE Laws Appendix D.2.1 (announcing moves to and
     * by blind players) as the locale's Laws text prints them: pieces in the
     * order ARB_PAWN..ARB_KING, files a..h, ranks 1..8, castling, and the
     * capture, check and mate words (the Laws name none; German ones). */
    ARB_LOCALE_SPOKEN_PAWN,
    ARB_LOCALE_SPOKEN_FILE_A = ARB_LOCALE_SPOKEN_PAWN + 6,
    ARB_LOCALE_SPOKEN_RANK_1 = ARB_LOCALE_SPOKEN_FILE_A + 8,
    ARB_LOCALE_SPOKEN_CASTLE_SHORT = ARB_LOCALE_SPOKEN_RANK_1 + 8,
    ARB_LOCALE_SPOKEN_CASTLE_LONG,
    ARB_LOCALE_SPOKEN_CAPTURE,
    ARB_LOCALE_SPOKEN_CHECK,
    ARB_LOCALE_SPOKEN_MATE,
    /* descriptive: descriptive notation (P-K4, N-KB3; Spanish P4R, C3AR,
     * descriptive.h): the spellings of each file a..h (one spelling may name
     * two files: R for QR and KR), the check and mate words, and the order
     * of a square's parts (one item: "file-rank" K4 or "rank-file" 4R) */
    ARB_LOCALE_DESCRIPTIVE_FILE_A,
    ARB_LOCALE_DESCRIPTIVE_CHECK = ARB_LOCALE_DESCRIPTIVE_FILE_A + 8,
    ARB_LOCALE_DESCRIPTIVE_MATE,
    ARB_LOCALE_DESCRIPTIVE_ORDER,
    ARB_LOCALE_WORDS_COUNT
};
size_t arb_locale_words_count(const arb_locale *loc, int which);
const char *arb_locale_word(const arb_locale *loc, int which, size_t i);

/* Written between the destination square and the promotion letter: "" gives
 * d8D (FIDE C.11), "=" gives d8=D (PGN SAN). */
const char *arb_locale_promotion_mark(const arb_locale *loc);
/* Written after a mating move: "#" or "++". */
const char *arb_locale_mate_mark(const arb_locale *loc);

/* Message text for `key` in this locale, else in the set's "en" locale, else
 * NULL.  Texts may hold {placeholders}; see arb_message_format. */
const char *arb_locales_message(const arb_locale_set *set, const arb_locale *loc, const char *key);

/* Copies `text` into buf (size bytes, always NUL-terminated), replacing each
 * {name} by the value paired with it in `pairs` ("name", "value", ...,
 * NULL); an unknown {name} is kept as written.  Returns the length the full
 * text needs (like snprintf). */
size_t arb_message_format(const char *text, const char *const *pairs, char *buf, size_t size);

#pragma GCC visibility pop

/* Internal (spoken.c): the words of lists ARB_LOCALE_SPOKEN_PAWN and after
 * of every locale in the set that begin with byte `first` (ASCII letters in
 * either case; a tab stands for a space), in the order locale, list,
 * spelling, each with its list; *count gets their number.  Spoken text is
 * matched at every word of a game that fails to replay, against every
 * locale: the index, built when the set is loaded, keeps that to the few
 * words that can match. */
typedef struct arb_locale_set_word {
    const char *text;
    int which;
} arb_locale_set_word;
const arb_locale_set_word *arb_locales_words_from(const arb_locale_set *set, unsigned char first, size_t *count);

#endif
