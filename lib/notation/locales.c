/* locales.c — loading locales/<code>.yaml with libyaml's document API.
 *
 * The document API gives a small tree whose nodes carry their line and
 * column, which is all an error message needs; files are a few kilobytes.
 */
#include "locales.h"

#include <dirent.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <yaml.h>

#include "datadir.h"

typedef struct strlist {
    char **items;
    size_t count;
} strlist;

typedef struct message {
    char *key;
    char *text;
    int line, col;   /* of the key, for the set-level check of message keys */
} message;

struct arb_locale {
    char *code;
    char *name;
    char *english_name;
    char *source;
    strlist pieces[ARB_NO_KIND];          /* indexed by ARB_PAWN..ARB_KING */
    strlist lists[ARB_LOCALE_LIST_COUNT];
    strlist words[ARB_LOCALE_WORDS_COUNT];   /* text: words of books and web pages */
    char *promotion_mark;
    char *mate_mark;
    message *messages;
    size_t message_count;
};

struct arb_locale_set {
    arb_locale **items;
    size_t count;
    /* words_from's index: the words beginning with byte b are
     * words[word_start[b] .. word_start[b + 1]) */
    arb_locale_set_word *words;
    size_t word_start[257];
};

/* ---- small helpers ------------------------------------------------------ */

static char *dup_string(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

static void strlist_free(strlist *l)
{
    for (size_t i = 0; i < l->count; i++)
        free(l->items[i]);
    free(l->items);
    l->items = NULL;
    l->count = 0;
}

static bool strlist_push(strlist *l, const char *s)
{
    char **grown = realloc(l->items, (l->count + 1) * sizeof *grown);
    if (!grown)
        return false;
    l->items = grown;
    if (!(l->items[l->count] = dup_string(s)))
        return false;
    l->count++;
    return true;
}

static void locale_free(arb_locale *loc)
{
    if (!loc)
        return;
    free(loc->code);
    free(loc->name);
    free(loc->english_name);
    free(loc->source);
    for (int k = 0; k < ARB_NO_KIND; k++)
        strlist_free(&loc->pieces[k]);
    for (int i = 0; i < ARB_LOCALE_LIST_COUNT; i++)
        strlist_free(&loc->lists[i]);
    for (int i = 0; i < ARB_LOCALE_WORDS_COUNT; i++)
        strlist_free(&loc->words[i]);
    free(loc->promotion_mark);
    free(loc->mate_mark);
    for (size_t i = 0; i < loc->message_count; i++) {
        free(loc->messages[i].key);
        free(loc->messages[i].text);
    }
    free(loc->messages);
    free(loc);
}

static arb_status ok_status(void)
{
    arb_status st;
    memset(&st, 0, sizeof st);
    return st;
}

/* vsnprintf, so that a long path is cut rather than a compile-time warning */
static void set_message(arb_status *st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(st->message, sizeof st->message, fmt, ap);
    va_end(ap);
}

/* ---- the loader --------------------------------------------------------- */

typedef struct loader {
    const char *path;
    yaml_document_t *doc;
    arb_locale *loc;
    arb_status st;
} loader;

/* A locale that cannot be read is an I/O failure; one that reads but is
 * wrong is a bad data file. */
static int locale_error_class(int code)
{
    return code == ARB_LOCALE_IO ? ARB_ERR_IO : code == ARB_LOCALE_NO_MEMORY ? ARB_ERR_MEMORY : ARB_ERR_DATA;
}

static bool fail_at(loader *ld, int code, int line, int col, const char *fmt, ...)
{
    char what[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    ld->st.code = code;
    ld->st.error_class = locale_error_class(code);
    ld->st.line = line;
    ld->st.col = col;
    set_message(&ld->st, "%s:%d:%d: %s", ld->path, line, col, what);
    return false;
}

static bool fail_node(loader *ld, int code, const yaml_node_t *node, const char *fmt, ...)
{
    char what[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    return fail_at(ld, code, (int)node->start_mark.line + 1, (int)node->start_mark.column + 1, "%s", what);
}

static bool out_of_memory(loader *ld)
{
    return fail_at(ld, ARB_LOCALE_NO_MEMORY, 0, 0, "out of memory");
}

static yaml_node_t *node_at(loader *ld, int index)
{
    return yaml_document_get_node(ld->doc, index);
}

static const char *scalar_of(const yaml_node_t *node)
{
    return (const char *)node->data.scalar.value;
}

/* A value that is one string, or a sequence of strings, appended to `out`. */
/* Longest spelling of a piece or mark, in bytes: a move written with the
 * longest of each still fits ARB_NOTATION_MAX, so it can be read back. */
#define SPELLING_MAX 16

static bool push_spelling(loader *ld, const yaml_node_t *node, const char *key, strlist *out)
{
    const char *s = scalar_of(node);
    /* text.* phrases are words, not move spellings */
    bool words = (strncmp(key, "text.", 5) == 0 && strncmp(key, "text.typeset", 12) != 0)
                 || strncmp(key, "spoken.", 7) == 0;
    if (strlen(s) > (words ? 4 * SPELLING_MAX : SPELLING_MAX))
        return fail_node(ld, ARB_LOCALE_BAD_VALUE, node, "%s: spelling \"%.20s...\" is too long, expected at most %d bytes",
                         key, s, SPELLING_MAX);
    return strlist_push(out, s) || out_of_memory(ld);
}

static bool read_strings(loader *ld, const yaml_node_t *node, const char *key, strlist *out)
{
    if (node->type == YAML_SCALAR_NODE)
        return push_spelling(ld, node, key, out);
    if (node->type != YAML_SEQUENCE_NODE)
        return fail_node(ld, ARB_LOCALE_SYNTAX, node, "%s: expected a string or a list of strings", key);
    for (yaml_node_item_t *it = node->data.sequence.items.start; it < node->data.sequence.items.top; it++) {
        yaml_node_t *item = node_at(ld, *it);
        if (item->type != YAML_SCALAR_NODE)
            return fail_node(ld, ARB_LOCALE_SYNTAX, item, "%s: expected a string in the list", key);
        if (!push_spelling(ld, item, key, out))
            return false;
    }
    return true;
}

static bool read_string(loader *ld, const yaml_node_t *node, const char *key, char **out)
{
    if (node->type != YAML_SCALAR_NODE)
        return fail_node(ld, ARB_LOCALE_SYNTAX, node, "%s: expected a string", key);
    free(*out);
    *out = dup_string(scalar_of(node));
    return *out || out_of_memory(ld);
}

typedef bool (*key_handler)(loader *ld, const char *key, const yaml_node_t *key_node,
                            const yaml_node_t *value, void *ctx);

/* Walks a mapping, rejecting keys that are not strings or appear twice. */
static bool each_pair(loader *ld, const yaml_node_t *node, const char *where, key_handler fn, void *ctx)
{
    if (node->type != YAML_MAPPING_NODE)
        return fail_node(ld, ARB_LOCALE_SYNTAX, node, "%s: expected a mapping (key: value lines)", where);
    for (yaml_node_pair_t *p = node->data.mapping.pairs.start; p < node->data.mapping.pairs.top; p++) {
        yaml_node_t *k = node_at(ld, p->key), *v = node_at(ld, p->value);
        if (k->type != YAML_SCALAR_NODE)
            return fail_node(ld, ARB_LOCALE_SYNTAX, k, "%s: expected a plain key", where);
        for (yaml_node_pair_t *q = node->data.mapping.pairs.start; q < p; q++) {
            yaml_node_t *earlier = node_at(ld, q->key);
            if (earlier->type == YAML_SCALAR_NODE && strcmp(scalar_of(earlier), scalar_of(k)) == 0)
                return fail_node(ld, ARB_LOCALE_DUPLICATE, k, "%s%s%s: key given twice (first on line %d)",
                                 where, *where ? "." : "", scalar_of(k), (int)earlier->start_mark.line + 1);
        }
        if (!fn(ld, scalar_of(k), k, v, ctx))
            return false;
    }
    return true;
}

static const char *const kind_keys[ARB_NO_KIND] = {"pawn", "knight", "bishop", "rook", "queen", "king"};

/* Piece spellings stand before a square: they must not look like a file,
 * rank or mark ('_' is the lenient reader's mark of a squareless capture,
 * shorthand.h).  ASCII capitals and any non-ASCII letter are fine. */
static bool valid_piece_spelling(const char *s)
{
    if (!*s)
        return false;
    unsigned char c = (unsigned char)s[0];
    if (c < 0x80 && !(c >= 'A' && c <= 'Z'))
        return false;
    for (; *s; s++)
        if (*s == ' ' || *s == '\t' || *s == '-' || *s == '=' || *s == '(' || *s == ')' || *s == '/' ||
            *s == '+' || *s == '#' || *s == '_' || (*s >= '1' && *s <= '8'))
            return false;
    return true;
}

static bool on_piece(loader *ld, const char *key, const yaml_node_t *key_node, const yaml_node_t *value,
                     void *ctx)
{
    (void)ctx;
    int kind = -1;
    for (int k = 0; k < ARB_NO_KIND; k++)
        if (strcmp(key, kind_keys[k]) == 0)
            kind = k;
    if (kind < 0)
        return fail_node(ld, ARB_LOCALE_UNKNOWN_KEY, key_node,
                         "unknown key pieces.%s, expected king, queen, rook, bishop, knight or pawn", key);
    char where[32];
    snprintf(where, sizeof where, "pieces.%s", key);
    size_t before = ld->loc->pieces[kind].count;
    if (!read_strings(ld, value, where, &ld->loc->pieces[kind]))
        return false;
    /* validate the new spellings; report them at their own line when listed */
    for (size_t i = before; i < ld->loc->pieces[kind].count; i++) {
        const yaml_node_t *at = value;
        if (value->type == YAML_SEQUENCE_NODE)
            at = node_at(ld, value->data.sequence.items.start[i - before]);
        const char *s = ld->loc->pieces[kind].items[i];
        if (!valid_piece_spelling(s))
            return fail_node(ld, ARB_LOCALE_BAD_VALUE, at,
                             "%s: spelling \"%s\" must start with a capital letter and hold no digit, "
                             "space or mark", where, s);
        for (int k = 0; k < ARB_NO_KIND; k++)
            for (size_t j = 0; j < ld->loc->pieces[k].count; j++) {
                if ((k == kind && j == i) || strcmp(ld->loc->pieces[k].items[j], s) != 0)
                    continue;
                if (k == kind && j > i)
                    continue;
                return fail_node(ld, ARB_LOCALE_DUPLICATE, at,
                                 "%s: letter \"%s\" is already the %s, expected a letter of its own",
                                 where, s, kind_keys[k]);
            }
        /* "Ac" beside "A": "Acb6" would be both a move of the Ac and the A of
         * the c-file ("Axb6" likewise with the capture mark), which written
         * moves could not tell apart */
        for (int k = 0; k < ARB_NO_KIND; k++)
            for (size_t j = 0; j < ld->loc->pieces[k].count; j++) {
                const char *t = ld->loc->pieces[k].items[j];
                const char *longer = strlen(t) > strlen(s) ? t : s, *shorter = longer == t ? s : t;
                size_t n = strlen(shorter);
                bool file_or_capture = (longer[n] >= 'a' && longer[n] <= 'h') || longer[n] == 'x';
                if (strlen(longer) != n + 1 || strncmp(longer, shorter, n) != 0 || !file_or_capture)
                    continue;
                return fail_node(ld, ARB_LOCALE_DUPLICATE, at,
                                 "%s: letters \"%s\" and \"%s\" (the %s) read alike before a square "
                                 "(\"%sb6\"), expected letters that cannot be taken for one another",
                                 where, s, t, kind_keys[k], longer);
            }
    }
    if (kind != ARB_PAWN && ld->loc->pieces[kind].count == 0)
        return fail_node(ld, ARB_LOCALE_MISSING, value, "%s: expected at least one spelling", where);
    return true;
}

static const char *const list_keys[ARB_LOCALE_LIST_COUNT] = {"castling.king-side", "castling.queen-side",
                                                              "capture", "en-passant"};

/* A castling spelling must not read as another move: no square in it, and
 * when written with O, 0 or o only (and dashes), two of them for king-side
 * and three for queen-side, as SAN reads them. */
static bool valid_castling(const char *s, int list)
{
    int circles = 0;
    bool only_circles = true;
    for (const char *c = s; *c; c++) {
        if (*c >= 'a' && *c <= 'h' && c[1] >= '1' && c[1] <= '8')
            return false;
        if (*c == 'O' || *c == '0' || *c == 'o')
            circles++;
        else if (*c != '-')
            only_circles = false;
    }
    return !only_circles || circles == (list == ARB_LOCALE_CASTLE_SHORT ? 2 : 3);
}

/* Castling spellings and marks: not empty, a capture mark not shaped like a
 * square or a piece, and no spelling with two meanings. */
static bool read_list(loader *ld, const yaml_node_t *value, const char *where, int list)
{
    strlist *l = &ld->loc->lists[list];
    size_t before = l->count;
    if (!read_strings(ld, value, where, l))
        return false;
    for (size_t i = before; i < l->count; i++) {
        const yaml_node_t *at = value;
        if (value->type == YAML_SEQUENCE_NODE)
            at = node_at(ld, value->data.sequence.items.start[i - before]);
        const char *s = l->items[i];
        if (!*s)
            return fail_node(ld, ARB_LOCALE_BAD_VALUE, at, "%s: empty spelling", where);
        /* '_' marks a squareless capture for the notation reader (shorthand.h) */
        if (strchr(s, '_'))
            return fail_node(ld, ARB_LOCALE_BAD_VALUE, at,
                             "%s: \"%s\" holds '_', which marks a capture without its square, expected a "
                             "spelling without it", where, s);
        if (list == ARB_LOCALE_CAPTURE && ((*s >= 'a' && *s <= 'h') || (*s >= '1' && *s <= '8') ||
                                           (*s >= 'A' && *s <= 'Z')))
            return fail_node(ld, ARB_LOCALE_BAD_VALUE, at,
                             "capture: mark \"%s\" would read as a square or a piece, expected x, : or "
                             "another sign", s);
        for (int m = 0; m < ARB_LOCALE_LIST_COUNT; m++)
            for (size_t j = 0; j < ld->loc->lists[m].count; j++) {
                if (m == list && j >= i)
                    break;
                if (strcmp(ld->loc->lists[m].items[j], s) == 0)
                    return fail_node(ld, ARB_LOCALE_DUPLICATE, at, "%s: \"%s\" is already listed in %s",
                                     where, s, list_keys[m]);
            }
        if ((list == ARB_LOCALE_CASTLE_SHORT || list == ARB_LOCALE_CASTLE_LONG) && !valid_castling(s, list))
            return fail_node(ld, ARB_LOCALE_BAD_VALUE, at,
                             "%s: \"%s\" would read as another move, expected no square in it, "
                             "O-O only king-side, O-O-O only queen-side", where, s);
    }
    return true;
}

static bool on_castling(loader *ld, const char *key, const yaml_node_t *key_node, const yaml_node_t *value,
                        void *ctx)
{
    (void)ctx;
    int list;
    if (strcmp(key, "king-side") == 0)
        list = ARB_LOCALE_CASTLE_SHORT;
    else if (strcmp(key, "queen-side") == 0)
        list = ARB_LOCALE_CASTLE_LONG;
    else
        return fail_node(ld, ARB_LOCALE_UNKNOWN_KEY, key_node,
                         "unknown key castling.%s, expected king-side or queen-side", key);
    char where[32];
    snprintf(where, sizeof where, "castling.%s", key);
    return read_list(ld, value, where, list);
}

static bool on_write(loader *ld, const char *key, const yaml_node_t *key_node, const yaml_node_t *value,
                     void *ctx)
{
    (void)ctx;
    /* only marks the move grammar reads back, so every move written in the
     * locale can be read again */
    if (strcmp(key, "promotion") == 0) {
        if (value->type == YAML_SCALAR_NODE && strcmp(scalar_of(value), "") != 0
            && strcmp(scalar_of(value), "=") != 0 && strcmp(scalar_of(value), "/") != 0)
            return fail_node(ld, ARB_LOCALE_BAD_VALUE, value,
                             "write.promotion \"%.40s\" cannot be read back, expected \"\", \"=\" or \"/\"",
                             scalar_of(value));
        return read_string(ld, value, "write.promotion", &ld->loc->promotion_mark);
    }
    if (strcmp(key, "mate") == 0) {
        if (value->type == YAML_SCALAR_NODE && strcmp(scalar_of(value), "#") != 0
            && strcmp(scalar_of(value), "++") != 0)
            return fail_node(ld, ARB_LOCALE_BAD_VALUE, value,
                             "write.mate \"%.40s\" cannot be read back, expected \"#\" or \"++\"", scalar_of(value));
        return read_string(ld, value, "write.mate", &ld->loc->mate_mark);
    }
    return fail_node(ld, ARB_LOCALE_UNKNOWN_KEY, key_node, "unknown key write.%s, expected promotion or mate",
                     key);
}

static const char *const words_keys[ARB_LOCALE_WORDS_COUNT] = {
    "white-wins", "black-wins", "draw", "last-mover-wins", "typeset-knight", "typeset-bishop",
    "typeset-rook", "typeset-queen", "typeset-king"};

/* text: words that books and web pages print around the moves (results in
 * words, piece letters typeset in another alphabet), read only where the
 * strict reading fails (lenient.h). */
static bool on_text(loader *ld, const char *key, const yaml_node_t *key_node, const yaml_node_t *value,
                    void *ctx)
{
    (void)ctx;
    for (int w = 0; w < ARB_LOCALE_WORDS_COUNT; w++)
        if (strcmp(key, words_keys[w]) == 0) {
            char where[48];
            snprintf(where, sizeof where, "text.%s", key);
            strlist *l = &ld->loc->words[w];
            size_t before = l->count;
            if (!read_strings(ld, value, where, l))
                return false;
            for (size_t i = before; i < l->count; i++)
                if (!*l->items[i] || (w >= ARB_LOCALE_TYPESET_KNIGHT && !valid_piece_spelling(l->items[i])))
                    return fail_node(ld, ARB_LOCALE_BAD_VALUE, value, "%s: \"%s\" is not a usable spelling",
                                     where, l->items[i]);
            return true;
        }
    return fail_node(ld, ARB_LOCALE_UNKNOWN_KEY, key_node,
                     "unknown key text.%s, expected white-wins, black-wins, draw, last-mover-wins or "
                     "typeset-king (queen, rook, bishop, knight)", key);
}

static const char *const spoken_keys[ARB_LOCALE_DESCRIPTIVE_FILE_A - ARB_LOCALE_SPOKEN_PAWN] = {
    "pawn", "knight", "bishop", "rook", "queen", "king", "a", "b", "c", "d", "e", "f", "g", "h",
    "1", "2", "3", "4", "5", "6", "7", "8", "castle-short", "castle-long", "capture", "check", "mate"};

/* spoken: the words of Appendix D.2.1 (spoken.h); each a word or words of
 * letters, as a phrase of text. */
static bool on_spoken(loader *ld, const char *key, const yaml_node_t *key_node, const yaml_node_t *value,
                      void *ctx)
{
    (void)ctx;
    for (int w = ARB_LOCALE_SPOKEN_PAWN; w < ARB_LOCALE_DESCRIPTIVE_FILE_A; w++)
        if (strcmp(key, spoken_keys[w - ARB_LOCALE_SPOKEN_PAWN]) == 0) {
            char where[48];
            snprintf(where, sizeof where, "spoken.%s", key);
            strlist *l = &ld->loc->words[w];
            if (l->count)
                return fail_node(ld, ARB_LOCALE_DUPLICATE, key_node, "%s given twice, expected it once", where);
            size_t before = l->count;
            if (!read_strings(ld, value, where, l))
                return false;
            for (size_t i = before; i < l->count; i++) {
                const char *s = l->items[i];
                bool ok = *s && *s != ' ' && s[strlen(s) - 1] != ' ' && !strstr(s, "  ");
                for (const char *c = s; ok && *c; c++)
                    ok = !(*c >= '0' && *c <= '9') && *c != '\t' && *c != '\n' && *c != '{' && *c != '('
                         && *c != '[' && *c != ';' && *c != '.';
                if (!ok)
                    return fail_node(ld, ARB_LOCALE_BAD_VALUE, value,
                                     "%s: \"%s\" is not a usable word, expected letters and single spaces", where,
                                     s);
            }
            return true;
        }
    return fail_node(ld, ARB_LOCALE_UNKNOWN_KEY, key_node,
                     "unknown key spoken.%s, expected pawn, knight, bishop, rook, queen, king, a-h, 1-8, "
                     "castle-short, castle-long, capture, check or mate", key);
}

static const char *const descriptive_keys[ARB_LOCALE_WORDS_COUNT - ARB_LOCALE_DESCRIPTIVE_FILE_A] = {
    "a", "b", "c", "d", "e", "f", "g", "h", "check", "mate", "order"};

/* descriptive: file names, check and mate words, the order of a square's
 * parts (descriptive.h). */
static bool on_descriptive(loader *ld, const char *key, const yaml_node_t *key_node, const yaml_node_t *value,
                           void *ctx)
{
    (void)ctx;
    for (int w = ARB_LOCALE_DESCRIPTIVE_FILE_A; w < ARB_LOCALE_WORDS_COUNT; w++)
        if (strcmp(key, descriptive_keys[w - ARB_LOCALE_DESCRIPTIVE_FILE_A]) == 0) {
            char where[48];
            snprintf(where, sizeof where, "descriptive.%s", key);
            strlist *l = &ld->loc->words[w];
            if (l->count)
                return fail_node(ld, ARB_LOCALE_DUPLICATE, key_node, "%s given twice, expected it once", where);
            if (!read_strings(ld, value, where, l))
                return false;
            for (size_t i = 0; i < l->count; i++) {
                const char *s = l->items[i];
                bool ok = *s != '\0';
                if (w == ARB_LOCALE_DESCRIPTIVE_ORDER)
                    ok = l->count == 1 && (strcmp(s, "file-rank") == 0 || strcmp(s, "rank-file") == 0);
                for (const char *c = s; ok && *c && w != ARB_LOCALE_DESCRIPTIVE_ORDER; c++)
                    ok = !(*c >= '0' && *c <= '9') && *c != ' ' && *c != '-' && *c != 'x';
                if (!ok)
                    return fail_node(ld, ARB_LOCALE_BAD_VALUE, value,
                                     w == ARB_LOCALE_DESCRIPTIVE_ORDER
                                         ? "%s: \"%s\" is not an order, expected file-rank or rank-file"
                                         : "%s: \"%s\" is not a usable spelling, expected letters without digits, "
                                           "blanks, - or x",
                                     where, s);
            }
            return true;
        }
    return fail_node(ld, ARB_LOCALE_UNKNOWN_KEY, key_node,
                     "unknown key descriptive.%s, expected a-h, check, mate or order", key);
}

static bool valid_message_key(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-'))
            return false;
    return true;
}

static bool on_message(loader *ld, const char *key, const yaml_node_t *key_node, const yaml_node_t *value,
                       void *ctx)
{
    (void)ctx;
    if (!valid_message_key(key))
        return fail_node(ld, ARB_LOCALE_BAD_VALUE, key_node,
                         "messages.%s: expected a key of lowercase letters, digits and dashes", key);
    arb_locale *loc = ld->loc;
    message *grown = realloc(loc->messages, (loc->message_count + 1) * sizeof *grown);
    if (!grown)
        return out_of_memory(ld);
    loc->messages = grown;
    message *m = &loc->messages[loc->message_count];
    m->key = dup_string(key);
    m->text = NULL;
    m->line = (int)key_node->start_mark.line + 1;
    m->col = (int)key_node->start_mark.column + 1;
    if (!m->key)
        return out_of_memory(ld);
    loc->message_count++;
    char where[80];
    snprintf(where, sizeof where, "messages.%s", key);
    return read_string(ld, value, where, &m->text);
}

static bool on_root(loader *ld, const char *key, const yaml_node_t *key_node, const yaml_node_t *value,
                    void *ctx)
{
    (void)ctx;
    arb_locale *loc = ld->loc;
    if (strcmp(key, "name") == 0)
        return read_string(ld, value, key, &loc->name);
    if (strcmp(key, "english-name") == 0)
        return read_string(ld, value, key, &loc->english_name);
    if (strcmp(key, "source") == 0)
        return read_string(ld, value, key, &loc->source);
    if (strcmp(key, "pieces") == 0)
        return each_pair(ld, value, "pieces", on_piece, NULL);
    if (strcmp(key, "castling") == 0)
        return each_pair(ld, value, "castling", on_castling, NULL);
    if (strcmp(key, "capture") == 0)
        return read_list(ld, value, key, ARB_LOCALE_CAPTURE);
    if (strcmp(key, "en-passant") == 0)
        return read_list(ld, value, key, ARB_LOCALE_EN_PASSANT);
    if (strcmp(key, "write") == 0)
        return each_pair(ld, value, "write", on_write, NULL);
    if (strcmp(key, "messages") == 0)
        return each_pair(ld, value, "messages", on_message, NULL);
    if (strcmp(key, "text") == 0)
        return each_pair(ld, value, "text", on_text, NULL);
    if (strcmp(key, "spoken") == 0)
        return each_pair(ld, value, "spoken", on_spoken, NULL);
    if (strcmp(key, "descriptive") == 0)
        return each_pair(ld, value, "descriptive", on_descriptive, NULL);
    return fail_node(ld, ARB_LOCALE_UNKNOWN_KEY, key_node,
                     "unknown key %s, expected name, english-name, source, pieces, castling, capture, "
                     "en-passant, write, messages, text, spoken or descriptive", key);
}

static bool check_required(loader *ld, const yaml_node_t *root)
{
    arb_locale *loc = ld->loc;
    const char *missing = NULL, *prefix = "";
    if (!loc->name)
        missing = "name";
    else if (!loc->source)
        missing = "source";
    else if (!loc->lists[ARB_LOCALE_CASTLE_SHORT].count)
        missing = "castling.king-side";
    else if (!loc->lists[ARB_LOCALE_CASTLE_LONG].count)
        missing = "castling.queen-side";
    else if (!loc->lists[ARB_LOCALE_CAPTURE].count)
        missing = "capture";
    for (int k = ARB_KING; k >= ARB_KNIGHT && !missing; k--)
        if (!loc->pieces[k].count) {
            missing = kind_keys[k];
            prefix = "pieces.";
        }
    if (missing)
        return fail_at(ld, ARB_LOCALE_MISSING, (int)root->end_mark.line + 1, 1,
                       "required key %s%s is missing", prefix, missing);
    if (!loc->english_name && !(loc->english_name = dup_string("")))
        return out_of_memory(ld);
    if (!loc->promotion_mark && !(loc->promotion_mark = dup_string("")))
        return out_of_memory(ld);
    if (!loc->mate_mark && !(loc->mate_mark = dup_string("#")))
        return out_of_memory(ld);
    return true;
}

static char *code_from_path(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = strlen(base);
    if (n > 5 && strcmp(base + n - 5, ".yaml") == 0)
        n -= 5;
    char *code = malloc(n + 1);
    if (code) {
        memcpy(code, base, n);
        code[n] = '\0';
    }
    return code;
}

static arb_status load_one(const char *path, arb_locale **out)
{
    loader ld = {.path = path, .st = ok_status()};
    *out = NULL;
    FILE *f = fopen(path, "rb");
    if (!f) {
        fail_at(&ld, ARB_LOCALE_IO, 0, 0, "cannot open the locale file");
        return ld.st;
    }
    yaml_parser_t parser;
    yaml_document_t doc;
    bool have_doc = false;
    if (!yaml_parser_initialize(&parser)) {
        fclose(f);
        fail_at(&ld, ARB_LOCALE_NO_MEMORY, 0, 0, "out of memory");
        return ld.st;
    }
    yaml_parser_set_input_file(&parser, f);
    if (!yaml_parser_load(&parser, &doc)) {
        /* libyaml says "while scanning a quoted scalar" at the end of the
         * file; the line where that scalar began is the useful one */
        char started[40] = "";
        if (parser.context && parser.context_mark.line != parser.problem_mark.line)
            snprintf(started, sizeof started, " that starts on line %d", (int)parser.context_mark.line + 1);
        fail_at(&ld, ARB_LOCALE_SYNTAX, (int)parser.problem_mark.line + 1, (int)parser.problem_mark.column + 1,
                "not valid YAML: %s%s%s%s", parser.problem ? parser.problem : "error", parser.context ? " " : "",
                parser.context ? parser.context : "", started);
        goto done;
    }
    have_doc = true;
    ld.doc = &doc;
    yaml_node_t *root = yaml_document_get_root_node(&doc);
    if (!root) {
        fail_at(&ld, ARB_LOCALE_SYNTAX, 1, 1, "empty file, expected a locale mapping (name, source, pieces, ...)");
        goto done;
    }
    if (!(ld.loc = calloc(1, sizeof *ld.loc)) || !(ld.loc->code = code_from_path(path))) {
        out_of_memory(&ld);
        goto done;
    }
    if (each_pair(&ld, root, "", on_root, NULL) && check_required(&ld, root)) {
        *out = ld.loc;
        ld.loc = NULL;
    }
done:
    locale_free(ld.loc);
    if (have_doc)
        yaml_document_delete(&doc);
    yaml_parser_delete(&parser);
    fclose(f);
    return ld.st;
}

/* ---- sets ----------------------------------------------------------------- */

static int by_code(const void *a, const void *b)
{
    const arb_locale *x = *(const arb_locale *const *)a, *y = *(const arb_locale *const *)b;
    return strcmp(x->code, y->code);
}

static bool set_push(arb_locale_set *set, arb_locale *loc)
{
    arb_locale **grown = realloc(set->items, (set->count + 1) * sizeof *grown);
    if (!grown)
        return false;
    set->items = grown;
    set->items[set->count++] = loc;
    return true;
}

static arb_status set_error(int code, const char *fmt, const char *arg)
{
    arb_status st = ok_status();
    st.code = code;
    st.error_class = locale_error_class(code);
    set_message(&st, fmt, arg);
    return st;
}

/* Message keys must be ones the English locale defines, so a misspelt key
 * is caught when the set loads rather than silently falling back. */
static arb_status check_message_keys(const arb_locale_set *set, const char *dir)
{
    const arb_locale *en = NULL;
    for (size_t i = 0; i < set->count; i++)
        if (strcmp(set->items[i]->code, "en") == 0)
            en = set->items[i];
    if (!en)
        return ok_status();
    for (size_t i = 0; i < set->count; i++) {
        const arb_locale *loc = set->items[i];
        for (size_t m = 0; m < loc->message_count; m++) {
            bool known = false;
            for (size_t e = 0; e < en->message_count && !known; e++)
                known = strcmp(en->messages[e].key, loc->messages[m].key) == 0;
            if (!known) {
                arb_status st = ok_status();
                st.code = ARB_LOCALE_UNKNOWN_KEY;
                st.error_class = ARB_ERR_DATA;
                st.line = loc->messages[m].line;
                st.col = loc->messages[m].col;
                set_message(&st, "%s/%s.yaml:%d:%d: unknown key messages.%s, expected a key that en.yaml defines",
                            dir, loc->code, st.line, st.col, loc->messages[m].key);
                return st;
            }
        }
    }
    return ok_status();
}

/* The byte a word beginning with `c` is filed under. */
static unsigned char word_key(unsigned char c)
{
    if (c >= 'A' && c <= 'Z')
        return (unsigned char)(c - 'A' + 'a');
    return c == '\t' ? ' ' : c;
}

/* Files the words of every locale by their first byte (arb_locales_words_from). */
static bool index_words(arb_locale_set *set)
{
    size_t total = 0;
    memset(set->word_start, 0, sizeof set->word_start);
    for (size_t l = 0; l < set->count; l++)
        for (int w = ARB_LOCALE_SPOKEN_PAWN; w < ARB_LOCALE_WORDS_COUNT; w++)
            for (size_t k = 0; k < set->items[l]->words[w].count; k++) {
                set->word_start[word_key((unsigned char)set->items[l]->words[w].items[k][0]) + 1]++;
                total++;
            }
    for (int b = 0; b < 256; b++)
        set->word_start[b + 1] += set->word_start[b];
    free(set->words);
    set->words = malloc((total ? total : 1) * sizeof *set->words);
    if (!set->words)
        return false;
    size_t next[256];
    memcpy(next, set->word_start, sizeof next);
    for (size_t l = 0; l < set->count; l++)
        for (int w = ARB_LOCALE_SPOKEN_PAWN; w < ARB_LOCALE_WORDS_COUNT; w++)
            for (size_t k = 0; k < set->items[l]->words[w].count; k++) {
                const char *text = set->items[l]->words[w].items[k];
                set->words[next[word_key((unsigned char)text[0])]++] = (arb_locale_set_word){text, w};
            }
    return true;
}

const arb_locale_set_word *arb_locales_words_from(const arb_locale_set *set, unsigned char first, size_t *count)
{
    unsigned char key = word_key(first);
    *count = set->word_start[key + 1] - set->word_start[key];
    return set->words + set->word_start[key];
}

arb_status arb_locales_load(const char *dir, arb_locale_set **out)
{
    *out = NULL;
    char found[4096];
    if (!dir) {
        if (!arb_data_find("locales", found, sizeof found))
            return set_error(ARB_LOCALE_NOT_FOUND,
                             "no locales directory found (looked in $ARBITER_DATA, beside the program and in %s)",
                             ARB_DATA_DIR);
        dir = found;
    }
    /* sorted, so that the file named in an error does not depend on readdir */
    struct dirent **entries;
    int n_entries = scandir(dir, &entries, NULL, alphasort);
    if (n_entries < 0)
        return set_error(ARB_LOCALE_IO, "%s: cannot read the locales directory", dir);
    arb_locale_set *set = calloc(1, sizeof *set);
    arb_status st = ok_status();
    if (!set)
        st = set_error(ARB_LOCALE_NO_MEMORY, "%s: out of memory", dir);
    for (int i = 0; i < n_entries; i++) {
        const char *name = entries[i]->d_name;
        size_t n = strlen(name);
        if (st.code == 0 && n > 5 && strcmp(name + n - 5, ".yaml") == 0 && name[0] != '.') {
            char path[4096 + 256];
            snprintf(path, sizeof path, "%s/%s", dir, name);
            arb_locale *loc;
            st = load_one(path, &loc);
            if (st.code == 0 && !set_push(set, loc)) {
                locale_free(loc);
                st = set_error(ARB_LOCALE_NO_MEMORY, "%s: out of memory", dir);
            }
        }
        free(entries[i]);
    }
    free(entries);
    if (st.code == 0 && set->count == 0)
        st = set_error(ARB_LOCALE_NOT_FOUND, "%s: no *.yaml locale files", dir);
    if (st.code == 0) {
        qsort(set->items, set->count, sizeof *set->items, by_code);
        st = check_message_keys(set, dir);
    }
    if (st.code == 0 && !index_words(set))
        st = set_error(ARB_LOCALE_NO_MEMORY, "%s: out of memory", dir);
    if (st.code != 0) {
        arb_locales_free(set);
        return st;
    }
    *out = set;
    return st;
}

arb_status arb_locales_load_file(const char *path, arb_locale_set **out)
{
    *out = NULL;
    arb_locale *loc;
    arb_status st = load_one(path, &loc);
    if (st.code != 0)
        return st;
    arb_locale_set *set = calloc(1, sizeof *set);
    if (!set || !set_push(set, loc)) {
        free(set);
        locale_free(loc);
        return set_error(ARB_LOCALE_NO_MEMORY, "%s: out of memory", path);
    }
    if (!index_words(set)) {
        arb_locales_free(set);
        return set_error(ARB_LOCALE_NO_MEMORY, "%s: out of memory", path);
    }
    *out = set;
    return st;
}

void arb_locales_free(arb_locale_set *set)
{
    if (!set)
        return;
    for (size_t i = 0; i < set->count; i++)
        locale_free(set->items[i]);
    free(set->items);
    free(set->words);
    free(set);
}

size_t arb_locales_count(const arb_locale_set *set) { return set->count; }

const arb_locale *arb_locales_at(const arb_locale_set *set, size_t i)
{
    return i < set->count ? set->items[i] : NULL;
}

const arb_locale *arb_locale_find(const arb_locale_set *set, const char *code)
{
    if (!code)
        return NULL;
    for (size_t i = 0; i < set->count; i++)
        if (strcmp(set->items[i]->code, code) == 0)
            return set->items[i];
    for (size_t i = 0; i < set->count; i++)
        if (strcasecmp(set->items[i]->code, code) == 0)
            return set->items[i];
    size_t n = strlen(code);
    for (size_t i = 0; i < set->count; i++)
        if (strncasecmp(set->items[i]->code, code, n) == 0 && set->items[i]->code[n] == '-')
            return set->items[i];
    return NULL;
}

/* ---- accessors ------------------------------------------------------------ */

const char *arb_locale_code(const arb_locale *loc) { return loc->code; }
const char *arb_locale_name(const arb_locale *loc) { return loc->name; }
const char *arb_locale_english_name(const arb_locale *loc) { return loc->english_name; }
const char *arb_locale_source(const arb_locale *loc) { return loc->source; }
const char *arb_locale_promotion_mark(const arb_locale *loc) { return loc->promotion_mark; }
const char *arb_locale_mate_mark(const arb_locale *loc) { return loc->mate_mark; }

size_t arb_locale_piece_count(const arb_locale *loc, int kind)
{
    return kind >= 0 && kind < ARB_NO_KIND ? loc->pieces[kind].count : 0;
}

const char *arb_locale_piece(const arb_locale *loc, int kind, size_t i)
{
    return i < arb_locale_piece_count(loc, kind) ? loc->pieces[kind].items[i] : NULL;
}

size_t arb_locale_list_count(const arb_locale *loc, int list)
{
    return list >= 0 && list < ARB_LOCALE_LIST_COUNT ? loc->lists[list].count : 0;
}

const char *arb_locale_list_item(const arb_locale *loc, int list, size_t i)
{
    return i < arb_locale_list_count(loc, list) ? loc->lists[list].items[i] : NULL;
}

size_t arb_locale_words_count(const arb_locale *loc, int which)
{
    return which >= 0 && which < ARB_LOCALE_WORDS_COUNT ? loc->words[which].count : 0;
}

const char *arb_locale_word(const arb_locale *loc, int which, size_t i)
{
    return i < arb_locale_words_count(loc, which) ? loc->words[which].items[i] : NULL;
}

static const char *own_message(const arb_locale *loc, const char *key)
{
    if (!loc)
        return NULL;
    for (size_t i = 0; i < loc->message_count; i++)
        if (strcmp(loc->messages[i].key, key) == 0)
            return loc->messages[i].text;
    return NULL;
}

const char *arb_locales_message(const arb_locale_set *set, const arb_locale *loc, const char *key)
{
    const char *text = own_message(loc, key);
    if (!text && set)
        text = own_message(arb_locale_find(set, "en"), key);
    return text;
}

size_t arb_message_format(const char *text, const char *const *pairs, char *buf, size_t size)
{
    size_t n = 0;
#define EMIT(c) do { if (n + 1 < size) buf[n] = (c); n++; } while (0)
    for (const char *p = text; *p;) {
        const char *value = NULL;
        size_t name_len = 0;
        if (*p == '{') {
            const char *close = strchr(p + 1, '}');
            name_len = close ? (size_t)(close - p - 1) : 0;
            for (size_t i = 0; close && pairs && pairs[i] && pairs[i + 1]; i += 2)
                if (strlen(pairs[i]) == name_len && strncmp(pairs[i], p + 1, name_len) == 0) {
                    value = pairs[i + 1];
                    break;
                }
        }
        if (value) {
            for (const char *v = value; *v; v++)
                EMIT(*v);
            p += name_len + 2;
        } else {
            EMIT(*p);
            p++;
        }
    }
#undef EMIT
    if (size)
        buf[n < size ? n : size - 1] = '\0';
    return n;
}
