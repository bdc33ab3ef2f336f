/* lint_moves.c — a move that cannot be replayed (illegal 3.1-3.10 / 7.5.1,
 * ambiguous C.10, not a move at all), explained with the legal moves closest
 * to what was written; castling notation in Chess960 (Guidelines II.3). */
#include "lint_checks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attacks.h"
#include "notation.h"
#include "san.h"

static const char *side_name(int side)
{
    return side == ARB_WHITE ? "White" : "Black";
}

static bool is_castling_token(const char *t)
{
    return (t[0] == 'O' || t[0] == '0' || t[0] == 'o') && (t[1] == '-' || (t[1] & 0x80));
}

/* 0-0-0 and O-O-O have two dashes (or other separators) */
static bool is_long_castling(const char *t)
{
    int letters = 0;
    for (; *t; t++)
        letters += *t == 'O' || *t == '0' || *t == 'o';
    return letters >= 3;
}

/* The piece kind a SAN-like token names, ARB_PAWN when none. */
static int token_kind(const char *t)
{
    switch (t[0]) {
    case 'K': return ARB_KING;
    case 'Q': return ARB_QUEEN;
    case 'R': return ARB_ROOK;
    case 'B': return ARB_BISHOP;
    case 'N': return ARB_KNIGHT;
    default: return ARB_PAWN;
    }
}

/* The last square named in the token, or -1. */
static int token_square(const char *t)
{
    int sq = -1;
    for (size_t i = 0; t[i] && t[i + 1]; i++)
        if (t[i] >= 'a' && t[i] <= 'h' && t[i + 1] >= '1' && t[i + 1] <= '8')
            sq = arb_square(t[i] - 'a', t[i + 1] - '1');
    return sq;
}

static void square_name(int sq, char out[3])
{
    out[0] = (char)('a' + arb_file_of(sq));
    out[1] = (char)('1' + arb_rank_of(sq));
    out[2] = '\0';
}

/* Closeness of a legal move to what was written: same destination first,
 * then destinations nearer to the one written (king distance). */
static int distance(arb_move m, int to)
{
    if (to < 0)
        return 0;
    int t = arb_move_to(m);
    int df = abs(arb_file_of(t) - arb_file_of(to)), dr = abs(arb_rank_of(t) - arb_rank_of(to));
    return df > dr ? df : dr;
}

static void sort_by_closeness(arb_movelist *list, int to)
{
    /* insertion sort: stable, and lists are short */
    for (int i = 1; i < list->count; i++) {
        arb_move m = list->moves[i];
        int d = distance(m, to), j = i;
        while (j > 0 && distance(list->moves[j - 1], to) > d) {
            list->moves[j] = list->moves[j - 1];
            j--;
        }
        list->moves[j] = m;
    }
}

static void add_candidates(arb_finding *f, const arb_position *pos, const arb_movelist *list)
{
    for (int i = 0; i < list->count; i++)
        if (!arb_finding_add_move(f, pos, list->moves[i]))
            break;
}

/* The first few candidates, for the message (the record keeps them all). */
#define MESSAGE_CANDIDATES 8

/* The first candidates for the message, in the game's notation (the record
 * keeps them in SAN). */
static void join(const arb_finding *f, const arb_notation *n, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < f->candidate_count && i < MESSAGE_CANDIDATES && used < size; i++) {
        char written[ARB_NOTATION_MAX];
        const char *text = f->candidates[i];
        if (n && f->has_position) {
            arb_notation_write(n, &f->position, f->candidate_moves[i], written);
            text = written;
        }
        used += (size_t)lint_format(buf + used, size - used, "%s%s", i ? ", " : "", text);
    }
}

static void castling_reason(const arb_position *pos, bool king_side, char *buf, size_t size)
{
    if (arb_castling_rook(pos, pos->side, king_side) == ARB_NO_SQUARE)
        lint_format(buf, size, "%s has no right to castle on the %s side any more", side_name(pos->side),
                 king_side ? "king" : "queen");
    else if (arb_in_check(pos))
        lint_format(buf, size, "%s may not castle out of check", side_name(pos->side));
    else
        lint_format(buf, size, "the squares between king and rook must be empty and the king may not cross "
                            "or land on an attacked square");
}

/* Adds the legal moves of other pieces to the square written (a wrong
 * piece letter is a common slip on scoresheets), after the moves that reach
 * that square and before those that go elsewhere: cand is sorted by
 * closeness to `to`. */
static void add_other_pieces(const arb_position *pos, int to, arb_movelist *cand)
{
    arb_movelist all, others;
    arb_generate_legal(pos, &all);
    others.count = 0;
    for (int i = 0; i < all.count; i++) {
        if (arb_move_to(all.moves[i]) != to || arb_move_type(all.moves[i]) == ARB_MOVE_CASTLING)
            continue;
        bool listed = false;
        for (int j = 0; j < cand->count && !listed; j++)
            listed = cand->moves[j] == all.moves[i];
        if (!listed)
            others.moves[others.count++] = all.moves[i];
    }
    if (others.count == 0 || cand->count + others.count > ARB_MAX_MOVES)
        return;
    int at = 0;
    while (at < cand->count && arb_move_to(cand->moves[at]) == to)
        at++;
    memmove(cand->moves + at + others.count, cand->moves + at, (size_t)(cand->count - at) * sizeof cand->moves[0]);
    memcpy(cand->moves + at, others.moves, (size_t)others.count * sizeof others.moves[0]);
    cand->count += others.count;
}

/* Whether the pawn on `from` moves to `to` by the pawn's rules, ignoring
 * pins and checks. */
static bool pawn_reaches(const arb_position *pos, int from, int to)
{
    int side = pos->side, step = side == ARB_WHITE ? 8 : -8;
    arb_bitboard occupied = arb_occupied(pos), target = (arb_bitboard)1 << to;
    if (arb_pawn_attacks(side, from) & target)
        return (pos->by_color[side ^ 1] & target) || to == pos->ep_square;
    if (occupied & target)
        return false;
    if (to == from + step)
        return true;
    int start_rank = side == ARB_WHITE ? 1 : 6;
    return to == from + 2 * step && arb_rank_of(from) == start_rank &&
           !(occupied & ((arb_bitboard)1 << (from + step)));
}

/* Why no piece of `kind` may go to `to`, for a token that names a square
 * no legal move of that kind reaches: an own piece stands there, a piece
 * could move there but is pinned or does not parry check, the king would be
 * attacked, or no piece of that kind moves that way at all. */
static void why_not(const arb_position *pos, int kind, int to, char *buf, size_t size)
{
    int side = pos->side;
    char sq[3];
    square_name(to, sq);
    arb_bitboard target = (arb_bitboard)1 << to;
    if (pos->by_color[side] & target) {
        lint_format(buf, size, "a %s piece already stands on %s", side_name(side), sq);
        return;
    }
    {
        arb_bitboard pieces = arb_pieces(pos, side, kind), occupied = arb_occupied(pos);
        while (pieces) {
            int from = __builtin_ctzll(pieces);
            pieces &= pieces - 1;
            if (!(kind == ARB_PAWN ? pawn_reaches(pos, from, to) : (arb_attacks_of(kind, side, from, occupied) & target)))
                continue;
            char from_sq[3];
            square_name(from, from_sq);
            if (kind == ARB_KING)
                lint_format(buf, size, "the %s king may not go to %s, which %s attacks", side_name(side), sq,
                            side_name(side ^ 1));
            else if (arb_in_check(pos))
                lint_format(buf, size, "the %s king is in check, and %s%s-%s does not parry it",
                            side_name(side), kind == ARB_PAWN     ? ""
                                             : kind == ARB_KNIGHT ? "N"
                                             : kind == ARB_BISHOP ? "B"
                                             : kind == ARB_ROOK   ? "R"
                                                                  : "Q",
                            from_sq, sq);
            else
                lint_format(buf, size, "the %s on %s is pinned: moving it to %s would expose the %s king",
                            lint_piece_names[kind], from_sq, sq, side_name(side));
            return;
        }
    }
    lint_format(buf, size, "no %s %s can reach %s%s", side_name(side), lint_piece_names[kind], sq,
                arb_in_check(pos) ? " (the king is in check)" : "");
}

/* The notation the game's moves were read in: the caller's, or the one the
 * reader detected (g->notation, the first code when several read alike),
 * found among the suggestion notations; NULL for SAN. */
static const arb_notation *game_notation(const lint_ctx *c)
{
    if (c->opt->notation)
        return c->opt->notation;
    const char *label = c->g->notation;
    if (!label || !*label)
        return NULL;
    size_t len = strcspn(label, ", "), count;
    const arb_notation *const *suggest = lint_suggestions(c, &count);
    for (size_t i = 0; i < count; i++) {
        const char *code = arb_locale_code(arb_notation_locale(suggest[i]));
        if (strlen(code) == len && strncmp(code, label, len) == 0)
            return suggest[i];
    }
    return NULL;
}

/* Reads the token in the suggestion notations: a legal move found there
 * goes first among the candidates, and `note` names the notations, e.g.
 * " (in ro, fr notation: Nf3)". */
static void national_readings(lint_ctx *c, const arb_position *pos, const char *token, arb_movelist *cand,
                              char *note, size_t size)
{
    note[0] = '\0';
    arb_move found = ARB_MOVE_NONE;
    char codes[96] = "";
    size_t used = 0;
    const arb_notation *own = game_notation(c);
    const char *own_code = own ? arb_locale_code(arb_notation_locale(own)) : "en";
    size_t count;
    const arb_notation *const *suggest = lint_suggestions(c, &count);
    for (size_t i = 0; i < count; i++) {
        arb_move m;
        if (strcmp(arb_locale_code(arb_notation_locale(suggest[i])), own_code) == 0)
            continue;
        if (arb_notation_read(suggest[i], pos, token, strlen(token), &m, NULL, NULL) != ARB_SAN_OK)
            continue;
        if (found != ARB_MOVE_NONE && m != found)
            continue; /* keep one reading: the first locale's */
        found = m;
        const char *code = arb_locale_code(arb_notation_locale(suggest[i]));
        if (used + strlen(code) + 3 < sizeof codes)
            used += (size_t)lint_format(codes + used, sizeof codes - used, "%s%s", used ? ", " : "", code);
    }
    if (found == ARB_MOVE_NONE)
        return;
    int at = 0;
    while (at < cand->count && cand->moves[at] != found)
        at++;
    if (at == cand->count && cand->count < ARB_MAX_MOVES)
        cand->count++;
    memmove(cand->moves + 1, cand->moves, (size_t)at * sizeof cand->moves[0]);
    cand->moves[0] = found;
    char san[ARB_SAN_MAX];
    arb_san_write(pos, found, san);
    lint_format(note, size, " (in %s notation: %s)", codes, san);
}

int lint_bad_move(lint_ctx *c, const arb_position *pos, uint32_t ply, const char *token, int line, int col,
                  bool in_variation, const char *reader_message)
{
    arb_move move;
    arb_movelist cand;
    cand.count = 0;
    /* what the token says: in the game's notation when it has one */
    const arb_notation *n = game_notation(c);
    arb_move_spec spec;
    int code = n ? arb_notation_read(n, pos, token, strlen(token), &move, &spec, &cand)
                 : arb_san_parse(pos, token, strlen(token), &move, &cand);
    bool castling = n ? spec.castle != ARB_CASTLE_NONE : is_castling_token(token);
    bool long_castling = n ? spec.castle == ARB_CASTLE_LONG : is_long_castling(token);
    int severity = in_variation ? ARB_SEVERITY_WARNING : ARB_SEVERITY_ERROR;
    const char *where = in_variation ? " (in a variation)" : "";
    char number[16], detail[200] = "", list[MESSAGE_CANDIDATES * (ARB_NOTATION_MAX + 2)];
    lint_move_number(pos, number, sizeof number);
    int check, article;
    const char *key;

    switch (code) {
    case ARB_SAN_ILLEGAL:
    case ARB_SAN_BAD_PROMOTION: {
        check = ARB_CHECK_ILLEGAL_MOVE;
        article = ARB_ART_ILLEGAL_MOVE;
        key = "illegal-move";
        int kind = token_kind(token), to = token_square(token);
        if (n && !(spec.flags & ARB_SPEC_FAST_PATH)) {
            kind = spec.kind == ARB_NO_KIND ? (spec.from_file >= 0 && spec.from_rank >= 0
                                                   ? arb_piece_kind(pos->board[arb_square(spec.from_file, spec.from_rank)])
                                                   : ARB_PAWN)
                                            : spec.kind;
            to = spec.to == ARB_NO_SQUARE ? -1 : spec.to;
        } else if (n) {
            kind = spec.kind;
            to = spec.to;
        }
        if (kind < 0 || kind >= ARB_NO_KIND)
            kind = ARB_PAWN;
        char sq[3] = "";
        if (to >= 0)
            square_name(to, sq);
        if (castling) {
            castling_reason(pos, !long_castling, detail, sizeof detail);
            if (c->chess960) {
                check = ARB_CHECK_CASTLING_960;
                article = ARB_ART_CASTLING_960;
            }
        } else if (code == ARB_SAN_BAD_PROMOTION) {
            bool promotes = false;
            for (int i = 0; i < cand.count; i++)
                promotes |= arb_move_type(cand.moves[i]) == ARB_MOVE_PROMOTION;
            if (promotes && !strchr(token, '=')) {
                lint_format(detail, sizeof detail, "the piece the pawn becomes is not written");
                key = "missing-promotion";
            } else {
                lint_format(detail, sizeof detail, "this move cannot promote to the piece written");
                key = "bad-promotion";
            }
        } else if (to < 0) {
            lint_format(detail, sizeof detail, "no legal move matches it");
        } else {
            bool reaches = false;
            for (int i = 0; i < cand.count; i++)
                reaches |= arb_move_to(cand.moves[i]) == to;
            if (reaches)
                lint_format(detail, sizeof detail, "no %s move of %s to %s matches what is written",
                         lint_piece_names[kind], side_name(pos->side), sq);
            else
                why_not(pos, kind, to, detail, sizeof detail);
        }
        if (cand.count == 0)
            arb_generate_legal(pos, &cand);
        sort_by_closeness(&cand, to);
        if (to >= 0)
            add_other_pieces(pos, to, &cand);
        break;
    }
    case ARB_SAN_AMBIGUOUS:
        check = ARB_CHECK_AMBIGUOUS_MOVE;
        article = ARB_ART_AMBIGUOUS_MOVE;
        key = "ambiguous-move";
        lint_format(detail, sizeof detail, "%d legal moves fit; the file or rank of the piece moved must be written",
                 cand.count);
        break;
    case ARB_SAN_SYNTAX:
        check = ARB_CHECK_BAD_TOKEN;
        article = ARB_ART_BAD_TOKEN;
        key = "bad-token";
        if (n)
            lint_format(detail, sizeof detail, "not a move in %s notation",
                        arb_locale_code(arb_notation_locale(n)));
        else
            lint_format(detail, sizeof detail, "not a move in standard algebraic notation");
        cand.count = 0;
        break;
    default: {
        /* the token is a fine move here: the reader objected to something else */
        arb_finding *f = lint_add(c, ARB_CHECK_BAD_TOKEN, severity, ARB_ART_BAD_TOKEN, line, col, "%s%s",
                                  reader_message ? reader_message : "unexpected text", where);
        if (f)
            lint_copy(f->token, sizeof f->token, token);
        return ARB_CHECK_BAD_TOKEN;
    }
    }

    char note[128] = "";
    size_t suggest_count;
    if (check != ARB_CHECK_AMBIGUOUS_MOVE && lint_suggestions(c, &suggest_count) && suggest_count)
        national_readings(c, pos, token, &cand, note, sizeof note);
    if (note[0] && strlen(detail) + strlen(note) < sizeof detail)
        strcat(detail, note);
    arb_finding *f = lint_add(c, check, severity, article, line, col, "%s", "");
    if (!f)
        return check;
    lint_set_move(f, pos, ply, token);
    lint_copy(f->key, sizeof f->key, key);
    add_candidates(f, pos, &cand);
    join(f, n, list, sizeof list);
    if (f->candidate_count == 0)
        lint_format(f->message, sizeof f->message, "%s%s%s: %s", number, token, where, detail);
    else
        lint_format(f->message, sizeof f->message, "%s%s%s: %s; %s: %s%s", number, token, where, detail,
                 code == ARB_SAN_AMBIGUOUS ? "it fits" : "legal", list,
                 cand.count > MESSAGE_CANDIDATES ? ", ..." : "");
    return check;
}

void lint_check_castling_notation(lint_ctx *c, const arb_position *before, arb_move move, uint32_t ply,
                                  const char *token, int line, int col)
{
    if (!token[0] || is_castling_token(token))
        return;
    char san[ARB_SAN_MAX];
    arb_san_write(before, move, san);
    arb_finding *f = lint_add(c, ARB_CHECK_CASTLING_960, ARB_SEVERITY_WARNING, ARB_ART_CASTLING_960, line, col,
                              "%s: castling written as a king move; in Chess960 it is written %s", token, san);
    if (f) {
        lint_set_move(f, before, ply, token);
        char number[16];
        lint_move_number(before, number, sizeof number);
        lint_format(f->message, sizeof f->message,
                 "%s%s: castling written as a king move; in Chess960 castling is written O-O or O-O-O (%s)",
                 number, token, san);
        arb_finding_add_move(f, before, move);
    }
}
