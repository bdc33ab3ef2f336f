/* san.c — SAN writer and parser, long algebraic and UCI.
 *
 * The parser does not generate every legal move: it finds the pieces that
 * could reach the destination (reverse attacks) and tests each for legality
 * by asking whether its own king would be attacked afterwards.  That keeps
 * the per-token cost small, which matters when millions of games stream by.
 */
#include "san.h"

#include <string.h>

#include "attacked.h"
#include "attacks.h"
#include "position_play.h"
#include "san_make.h"

static const char kind_letters[] = "PNBRQK";

/* Legal test for a non-castling move of a piece that can reach `to`.  A
 * piece other than the king is held only by the check it must answer and by
 * a pin, so most moves are settled by table lookups. */
static bool leaves_king_safe(const arb_position *pos, int from, int to, bool en_passant)
{
    int us = pos->side, them = us ^ 1;
    arb_bitboard occ = (arb_occupied(pos) ^ ARB_BB(from)) | ARB_BB(to);
    if (!en_passant && pos->board[from] != arb_piece(us, ARB_KING)) {
        int ksq = arb_king_square(pos, us);
        /* in check, a piece other than the king answers a single check only,
         * by taking the checker or standing between it and the king */
        if (pos->checkers && (arb_more_than_one(pos->checkers) ||
                              !((arb_between(ksq, arb_lsb(pos->checkers)) | pos->checkers) & ARB_BB(to))))
            return false;
        arb_bitboard line = arb_line(ksq, from);
        if (!line || (line & ARB_BB(to)))
            return true;
        const arb_bitboard *k = pos->by_kind;
        bool straight = arb_file_of(ksq) == arb_file_of(from) || arb_rank_of(ksq) == arb_rank_of(from);
        arb_bitboard pinners = straight
            ? arb_rook_attacks(ksq, occ) & (k[ARB_ROOK] | k[ARB_QUEEN])
            : arb_bishop_attacks(ksq, occ) & (k[ARB_BISHOP] | k[ARB_QUEEN]);
        return !(pinners & pos->by_color[them] & line);
    }
    arb_bitboard removed = ARB_BB(to);
    if (en_passant) {
        int captured = to + (us == ARB_WHITE ? -8 : 8);
        occ ^= ARB_BB(captured);
        removed |= ARB_BB(captured);
    }
    int ksq = pos->board[from] == arb_piece(us, ARB_KING) ? to : arb_king_square(pos, us);
    return !arb_attacked_by(pos, ksq, occ, pos->by_color[them] & ~removed, them);
}

/* Out of check, a piece other than the king that is not on a line with its
 * own king, or moves along that line, or has no enemy line piece behind it,
 * cannot expose it: table lookups settle nearly every move. */
static inline bool safe_piece_move(const arb_position *pos, int ksq, int from, int to)
{
    if (pos->checkers)
        return leaves_king_safe(pos, from, to, false);
    arb_bitboard line = arb_line(ksq, from);
    if (!line || (line & ARB_BB(to)))
        return true;
    /* pinned only by an enemy line piece of the line's kind on that line */
    const arb_bitboard *k = pos->by_kind;
    bool straight = arb_file_of(ksq) == arb_file_of(from) || arb_rank_of(ksq) == arb_rank_of(from);
    arb_bitboard pinners = pos->by_color[pos->side ^ 1] & line & (k[ARB_QUEEN] | k[straight ? ARB_ROOK : ARB_BISHOP]);
    if (!pinners)
        return true;
    arb_bitboard occ = arb_occupied(pos) ^ ARB_BB(from);
    return !((straight ? arb_rook_attacks(ksq, occ) : arb_bishop_attacks(ksq, occ)) & pinners);
}

/* Which of `pieces` (all of `kind`, not pawns) reach `to`.  Line pieces
 * one by one (attacked.h): the magic table's lookups were a quarter of the
 * time spent reading SAN.  A side has one or two of a kind. */
static inline __attribute__((always_inline)) arb_bitboard pieces_reaching(const arb_position *pos, int kind, int to,
                                                                           arb_bitboard occ, arb_bitboard pieces)
{
    if (kind == ARB_KNIGHT)
        return arb_knight_attacks(to) & pieces;
    if (kind == ARB_KING)
        return arb_king_attacks(to) & pieces;
    return arb_lines_reaching(pos->by_kind, to, occ, pieces);
}

/* The squares among `from_mask` holding a piece of `kind` (not a pawn) of
 * the side to move that can legally move to `to` (not its own piece's). */
static inline __attribute__((always_inline)) arb_bitboard legal_origins(const arb_position *pos, int kind, int to, arb_bitboard from_mask)
{
    const int us = pos->side;
    arb_bitboard origins = pieces_reaching(pos, kind, to, arb_occupied(pos), arb_pieces(pos, us, kind) & from_mask);
    arb_bitboard legal = 0;
    const int ksq = arb_king_square(pos, us);
    while (origins) {
        int sq = arb_pop_lsb(&origins);
        if (kind == ARB_KING ? leaves_king_safe(pos, sq, to, false) : safe_piece_move(pos, ksq, sq, to))
            legal |= ARB_BB(sq);
    }
    return legal;
}

/* Origins of pieces of `kind` (side to move) that attack or (pawns) move to `to`. */
static arb_bitboard origins(const arb_position *pos, int kind, int to)
{
    int us = pos->side;
    arb_bitboard ours = arb_pieces(pos, us, kind), occ = arb_occupied(pos);
    if (kind != ARB_PAWN) {
        if (pos->by_color[us] & ARB_BB(to))
            return 0;
        return arb_attacks_of(kind, us, to, occ) & ours;
    }
    arb_bitboard from = 0;
    bool capture = (pos->by_color[us ^ 1] & ARB_BB(to)) || to == pos->ep_square;
    if (capture) {
        from = arb_pawn_attacks(us ^ 1, to) & ours;
    } else if (!(occ & ARB_BB(to))) {
        int back = to + (us == ARB_WHITE ? -8 : 8);
        if (back >= 0 && back < 64) {
            if (ours & ARB_BB(back))
                from |= ARB_BB(back);
            else if (!(occ & ARB_BB(back)) && arb_rank_of(to) == (us == ARB_WHITE ? 3 : 4))
                from |= ours & ARB_BB(back + (us == ARB_WHITE ? -8 : 8));
        }
    }
    return from;
}

static int last_rank(int us) { return us == ARB_WHITE ? 7 : 0; }

/* Legal moves of `kind` onto `to`, from squares in `from_mask`; promotion kind
 * `promo` (ARB_NO_KIND = any) applies to pawn moves onto the last rank. */
static int moves_to(const arb_position *pos, int kind, int to, arb_bitboard from_mask, int promo,
                    arb_movelist *out)
{
    arb_bitboard from = origins(pos, kind, to) & from_mask;
    int n = 0;
    out->count = 0;
    bool ep = kind == ARB_PAWN && to == pos->ep_square && !(arb_occupied(pos) & ARB_BB(to));
    if (ep && !pos->ep_legal)
        return 0;
    while (from) {
        int sq = arb_pop_lsb(&from);
        if (!leaves_king_safe(pos, sq, to, ep))
            continue;
        if (kind == ARB_PAWN && arb_rank_of(to) == last_rank(pos->side)) {
            for (int k = ARB_QUEEN; k >= ARB_KNIGHT; k--)
                if (promo == ARB_NO_KIND || promo == k)
                    out->moves[n++] = arb_move_make(sq, to, ARB_MOVE_PROMOTION, k);
        } else {
            out->moves[n++] = arb_move_make(sq, to, ep ? ARB_MOVE_EN_PASSANT : ARB_MOVE_NORMAL, 0);
        }
    }
    out->count = n;
    return n;
}

static size_t write_square(char *p, int sq)
{
    p[0] = (char)('a' + arb_file_of(sq));
    p[1] = (char)('1' + arb_rank_of(sq));
    return 2;
}

/* `after` NULL: the move gives no check. */
static size_t write_check(const arb_position *after, char *p)
{
    if (!after || !arb_in_check(after))
        return 0;
    *p = arb_count_legal(after) ? '+' : '#';
    return 1;
}

static size_t write_castling(arb_move move, char *p)
{
    bool king_side = arb_move_to(move) > arb_move_from(move);
    memcpy(p, king_side ? "O-O" : "O-O-O", king_side ? 3 : 5);
    return king_side ? 3 : 5;
}

/* The piece letter and origin of a short-algebraic move: nothing for a pawn
 * push, the file for a pawn capture, the letter plus the least
 * disambiguation among legal moves (file, then rank, then square). */
static char *write_short_origin(const arb_position *pos, arb_move move, int kind, bool capture, char *p)
{
    int from = arb_move_from(move), to = arb_move_to(move);
    if (kind == ARB_PAWN) {
        if (capture)
            *p++ = (char)('a' + arb_file_of(from));
        return p;
    }
    *p++ = kind_letters[kind];
    arb_bitboard rivals = legal_origins(pos, kind, to, ~ARB_BB(from));
    if (rivals) {
        if (!(rivals & arb_file_bb(arb_file_of(from))))
            *p++ = (char)('a' + arb_file_of(from));
        else if (!(rivals & arb_rank_bb(arb_rank_of(from))))
            *p++ = (char)('1' + arb_rank_of(from));
        else
            p += write_square(p, from);
    }
    return p;
}

/* SAN (short) or long algebraic: they differ only in how the origin is written. */
static size_t write_algebraic(const arb_position *pos, arb_move move, const arb_position *after, char *buf,
                              bool long_form)
{
    char *p = buf;
    int from = arb_move_from(move), to = arb_move_to(move), type = arb_move_type(move);
    if (move == ARB_MOVE_NULL) {
        memcpy(buf, "--", 3);
        return 2;
    }
    if (type == ARB_MOVE_CASTLING) {
        p += write_castling(move, p);
    } else {
        int kind = pos->board[from] - 6 * pos->side; /* the mover's piece */
        bool capture = type == ARB_MOVE_EN_PASSANT || pos->board[to] != ARB_NO_PIECE;
        if (long_form) {
            if (kind != ARB_PAWN)
                *p++ = kind_letters[kind];
            p += write_square(p, from);
            *p++ = capture ? 'x' : '-';
        } else {
            p = write_short_origin(pos, move, kind, capture, p);
            if (capture)
                *p++ = 'x';
        }
        p += write_square(p, to);
        if (type == ARB_MOVE_PROMOTION) {
            *p++ = '=';
            *p++ = kind_letters[arb_move_promotion(move)];
        }
    }
    p += write_check(after, p);
    *p = '\0';
    return (size_t)(p - buf);
}

/* A move not yet played: the position after it is needed only for the + or
 * # of a move that gives check. */
static size_t write_unplayed(const arb_position *pos, arb_move move, char *buf, bool long_form)
{
    if (!arb_move_checkers(pos, move))
        return write_algebraic(pos, move, NULL, buf, long_form);
    arb_position after;
    arb_position_make(pos, move, &after);
    return write_algebraic(pos, move, &after, buf, long_form);
}

size_t arb_san_write(const arb_position *pos, arb_move move, char *buf)
{
    return write_unplayed(pos, move, buf, false);
}

size_t arb_san_write_after(const arb_position *pos, arb_move move, const arb_position *after, char *buf)
{
    return write_algebraic(pos, move, after, buf, false);
}

size_t arb_lan_write(const arb_position *pos, arb_move move, char *buf)
{
    return write_unplayed(pos, move, buf, true);
}

size_t arb_lan_write_after(const arb_position *pos, arb_move move, const arb_position *after, char *buf)
{
    return write_algebraic(pos, move, after, buf, true);
}

size_t arb_uci_write(const arb_position *pos, arb_move move, char *buf)
{
    char *p = buf;
    int from = arb_move_from(move), to = arb_move_to(move);
    if (move == ARB_MOVE_NULL) {
        memcpy(buf, "0000", 5);
        return 4;
    }
    if (arb_move_type(move) == ARB_MOVE_CASTLING && !pos->chess960)
        to = arb_square(to > from ? 6 : 2, arb_rank_of(from));
    p += write_square(p, from);
    p += write_square(p, to);
    if (arb_move_type(move) == ARB_MOVE_PROMOTION)
        *p++ = "pnbrqk"[arb_move_promotion(move)];
    *p = '\0';
    return (size_t)(p - buf);
}

static int find_castling(const arb_position *pos, bool king_side, arb_move *move)
{
    int rook = arb_castling_rook(pos, pos->side, king_side);
    if (rook == ARB_NO_SQUARE)
        return ARB_SAN_ILLEGAL;
    if (!arb_castling_is_legal(pos, rook))
        return ARB_SAN_ILLEGAL;
    *move = arb_move_make(arb_king_square(pos, pos->side), rook, ARB_MOVE_CASTLING, 0);
    return ARB_SAN_OK;
}

static int kind_of_letter(char c)
{
    switch (c) {
    case 'N': return ARB_KNIGHT;
    case 'B': return ARB_BISHOP;
    case 'R': return ARB_ROOK;
    case 'Q': return ARB_QUEEN;
    case 'K': return ARB_KING;
    default: return ARB_NO_KIND;
    }
}

static bool is_file(char c) { return c >= 'a' && c <= 'h'; }
static bool is_rank(char c) { return c >= '1' && c <= '8'; }

/* The shapes nearly every game is written in — e4, exd5, Nf3, Nbd7, R1e2,
 * Qh4xe1 — resolved from the bytes without a move list: the origins come
 * from one reverse attack lookup and only they are tested for legality.
 * Anything else (castling, promotions, en passant, other spellings, and
 * every error) returns false and is left to the general parser below; true
 * means the general parser would have found this same single move. */
static inline __attribute__((always_inline)) bool parse_common(const arb_position *pos, const char *s, size_t n,
                                                               arb_move *move, int *moved_kind)
{
    if (n < 2 || n > 6 || !is_file(s[n - 2]) || !is_rank(s[n - 1]))
        return false;
    const int us = pos->side;
    const int to = arb_square(s[n - 2] - 'a', s[n - 1] - '1');
    const arb_bitboard to_bb = ARB_BB(to), occ = arb_occupied(pos);
    const int kind = kind_of_letter(s[0]);
    int from;
    if (kind == ARB_NO_KIND) {
        arb_bitboard pawns = arb_pieces(pos, us, ARB_PAWN);
        if (arb_rank_of(to) == last_rank(us))
            return false;
        if (n == 2) {
            int back = us == ARB_WHITE ? to - 8 : to + 8;
            if ((occ & to_bb) || to == pos->ep_square || back < 0 || back >= 64)
                return false;
            if (pawns & ARB_BB(back)) {
                from = back;
            } else {
                int back2 = us == ARB_WHITE ? back - 8 : back + 8;
                if ((occ & ARB_BB(back)) || arb_rank_of(to) != (us == ARB_WHITE ? 3 : 4) ||
                    !(pawns & ARB_BB(back2)))
                    return false;
                from = back2;
            }
        } else if (n == 4 && s[1] == 'x' && is_file(s[0]) && (pos->by_color[us ^ 1] & to_bb)) {
            arb_bitboard origin = arb_pawn_attacks(us ^ 1, to) & pawns & arb_file_bb(s[0] - 'a');
            if (!origin)
                return false;
            from = arb_lsb(origin);
        } else {
            return false;
        }
        if (!safe_piece_move(pos, arb_king_square(pos, us), from, to))
            return false;
    } else {
        const char *p = s + 1, *e = s + n - 2;
        arb_bitboard from_mask = ~(arb_bitboard)0;
        if (e > p && e[-1] == 'x')
            e--;
        if (p < e && is_file(*p))
            from_mask &= arb_file_bb(*p++ - 'a');
        if (p < e && is_rank(*p))
            from_mask &= arb_rank_bb(*p++ - '1');
        if (p != e || (pos->by_color[us] & to_bb))
            return false;
        arb_bitboard origins = pieces_reaching(pos, kind, to, occ, arb_pieces(pos, us, kind) & from_mask);
        if (!origins)
            return false;
        from = arb_lsb(origins);
        if (arb_more_than_one(origins)) {
            /* several pieces reach the square: one of them legally, or ambiguous */
            origins = legal_origins(pos, kind, to, from_mask);
            if (!origins || arb_more_than_one(origins))
                return false;
            from = arb_lsb(origins);
        } else if (kind == ARB_KING || pos->checkers) {
            if (!leaves_king_safe(pos, from, to, false))
                return false;
        } else if (!safe_piece_move(pos, arb_king_square(pos, us), from, to)) {
            return false;
        }
    }
    *move = arb_move_make(from, to, ARB_MOVE_NORMAL, 0);
    *moved_kind = kind == ARB_NO_KIND ? ARB_PAWN : kind;
    return true;
}

/* For an error, list the legal moves a reader might have meant. */
static void suggest(const arb_position *pos, int kind, int to, arb_movelist *candidates)
{
    if (!candidates)
        return;
    moves_to(pos, kind, to, ~(arb_bitboard)0, ARB_NO_KIND, candidates);
    if (candidates->count)
        return;
    arb_movelist all;
    arb_generate_legal(pos, &all);
    candidates->count = 0;
    for (int i = 0; i < all.count; i++) {
        arb_move m = all.moves[i];
        int k = arb_piece_kind(pos->board[arb_move_from(m)]);
        if (k == kind && arb_move_type(m) != ARB_MOVE_CASTLING)
            candidates->moves[candidates->count++] = m;
    }
}

/* Everything parse_common leaves: the token without its suffixes is s..e. */
static int parse_general(const arb_position *pos, const char *s, const char *e, arb_move *move,
                         arb_movelist *candidates)
{
    size_t n = (size_t)(e - s);
    if (n == 0)
        return ARB_SAN_SYNTAX;
    if (s[0] == 'O' || s[0] == '0') {
        char z = s[0];
        if (n == 3 && s[1] == '-' && s[2] == z)
            return find_castling(pos, true, move);
        if (n == 5 && s[1] == '-' && s[2] == z && s[3] == '-' && s[4] == z)
            return find_castling(pos, false, move);
        return ARB_SAN_SYNTAX;
    }

    int kind = ARB_PAWN;
    if (kind_of_letter(*s) != ARB_NO_KIND)
        kind = kind_of_letter(*s++);

    int promo = ARB_NO_KIND;
    bool wrong_promotion = false; /* "=K" or "=P": shaped like a promotion, to a piece no pawn becomes */
    if (kind != ARB_PAWN && e - s >= 4 && e[-2] == '=' && kind_of_letter(e[-1]) != ARB_NO_KIND) {
        e -= 2; /* "Ke2=Q": a promotion written on a piece move */
        wrong_promotion = true;
    } else if (e - s >= 3 && kind == ARB_PAWN) {
        char letter = e[-1];
        if (e[-2] == '=' && letter >= 'a' && letter <= 'z')
            letter = (char)(letter - 32);
        int k = letter == 'P' && e[-2] == '=' ? ARB_PAWN : kind_of_letter(letter);
        if (k != ARB_NO_KIND) {
            promo = k;
            wrong_promotion = k == ARB_KING || k == ARB_PAWN;
            e--;
            if (e[-1] == '=')
                e--;
        }
    }
    if (e - s < 2 || !is_file(e[-2]) || !is_rank(e[-1]))
        return ARB_SAN_SYNTAX;
    int to = arb_square(e[-2] - 'a', e[-1] - '1');
    e -= 2;
    bool capture_mark = false;
    if (e > s && (e[-1] == 'x' || e[-1] == '-')) {
        capture_mark = e[-1] == 'x';
        e--;
    }
    arb_bitboard from_mask = ~(arb_bitboard)0;
    int from_file = -1, from_rank = -1;
    if (e > s && is_file(*s))
        from_file = *s++ - 'a';
    if (e > s && is_rank(*s))
        from_rank = *s++ - '1';
    if (s != e)
        return ARB_SAN_SYNTAX;
    if (from_file >= 0)
        from_mask &= arb_file_bb(from_file);
    if (from_rank >= 0)
        from_mask &= arb_rank_bb(from_rank);
    if (kind == ARB_PAWN && capture_mark && from_file < 0)
        return ARB_SAN_SYNTAX;
    /* coordinates without a piece letter (g1f3, e1h1): the piece is the one standing there */
    if (kind == ARB_PAWN && from_file >= 0 && from_rank >= 0) {
        int piece = pos->board[arb_square(from_file, from_rank)];
        if (piece != ARB_NO_PIECE && arb_piece_color(piece) == pos->side)
            kind = arb_piece_kind(piece);
        if (kind != ARB_PAWN && promo != ARB_NO_KIND)
            return ARB_SAN_BAD_PROMOTION;
    }
    if (wrong_promotion)
        return ARB_SAN_BAD_PROMOTION;

    /* "Kh1" onto one's own castling rook: king-takes-rook castling (Chess960 habit) */
    if (kind == ARB_KING && (pos->castling_rooks & arb_pieces(pos, pos->side, ARB_ROOK) & ARB_BB(to)) &&
        !capture_mark) {
        return find_castling(pos, to > arb_king_square(pos, pos->side), move);
    }

    arb_movelist found;
    moves_to(pos, kind, to, from_mask, kind == ARB_PAWN ? promo : ARB_NO_KIND, &found);
    if (kind == ARB_PAWN && from_file < 0) {
        /* a pawn written without its file moves straight ahead, never captures */
        int k = 0;
        for (int i = 0; i < found.count; i++)
            if (arb_file_of(arb_move_from(found.moves[i])) == arb_file_of(to))
                found.moves[k++] = found.moves[i];
        found.count = k;
    }
    bool promoting = kind == ARB_PAWN && arb_rank_of(to) == last_rank(pos->side);
    if (found.count == 0) {
        suggest(pos, kind, to, candidates);
        return (promo != ARB_NO_KIND && !promoting) ? ARB_SAN_BAD_PROMOTION : ARB_SAN_ILLEGAL;
    }
    if (promoting && promo == ARB_NO_KIND) {
        if (candidates)
            *candidates = found;
        return ARB_SAN_BAD_PROMOTION;
    }
    if (!promoting && promo != ARB_NO_KIND)
        return ARB_SAN_BAD_PROMOTION;
    if (found.count > 1) {
        if (candidates)
            *candidates = found;
        return ARB_SAN_AMBIGUOUS;
    }
    *move = found.moves[0];
    return ARB_SAN_OK;
}

/* The token without its check and annotation suffixes. */
static inline const char *san_end(const char *token, size_t len)
{
    const char *e = token + len;
    while (e > token && (e[-1] == '+' || e[-1] == '#' || e[-1] == '!' || e[-1] == '?'))
        e--;
    return e;
}

int arb_san_parse(const arb_position *pos, const char *token, size_t len, arb_move *move,
                  arb_movelist *candidates)
{
    const char *e = san_end(token, len);
    int kind;
    if (candidates)
        candidates->count = 0;
    if (parse_common(pos, token, (size_t)(e - token), move, &kind))
        return ARB_SAN_OK;
    return parse_general(pos, token, e, move, candidates);
}

int arb_san_parse_make(const arb_position *pos, const char *token, size_t len, arb_move *move, arb_position *out)
{
    const char *e = san_end(token, len);
    int kind;
    arb_move m;
    if (parse_common(pos, token, (size_t)(e - token), &m, &kind)) {
        /* a plain move (position_play.h) is made here, the piece known: no
         * second look at the move's shape */
        const unsigned from = arb_move_from(m), to = arb_move_to(m);
        *move = m;
        if (arb_touches_castling(pos, from, to, (unsigned)kind)) {
            arb_position_make(pos, m, out);
        } else if (arb_double_step(from, to, (unsigned)kind)) {
            /* a double step (one move in ten): its e.p. square is the only special case */
            *out = *pos;
            arb_play(out, m, pos->side, ARB_MOVE_NORMAL, false);
        } else {
            *out = *pos;
            if (pos->side == ARB_WHITE)
                arb_play(out, m, ARB_WHITE, ARB_MOVE_NORMAL, true);
            else
                arb_play(out, m, ARB_BLACK, ARB_MOVE_NORMAL, true);
        }
        return ARB_SAN_OK;
    }
    int code = parse_general(pos, token, e, &m, NULL);
    if (code == ARB_SAN_OK) {
        *move = m;
        arb_position_make(pos, m, out);
    }
    return code;
}

int arb_uci_parse(const arb_position *pos, const char *token, size_t len, arb_move *move)
{
    if ((len != 4 && len != 5) || !is_file(token[0]) || !is_rank(token[1]) || !is_file(token[2]) ||
        !is_rank(token[3]))
        return ARB_SAN_SYNTAX;
    int from = arb_square(token[0] - 'a', token[1] - '1'), to = arb_square(token[2] - 'a', token[3] - '1');
    int us = pos->side;
    arb_move m;
    if (pos->board[from] == arb_piece(us, ARB_KING) &&
        (pos->castling_rooks & arb_pieces(pos, us, ARB_ROOK) & ARB_BB(to)))
        return find_castling(pos, to > from, move);
    if (pos->board[from] == arb_piece(us, ARB_KING) && !pos->chess960 && arb_rank_of(from) == arb_rank_of(to) &&
        (from - to == 2 || to - from == 2))
        return find_castling(pos, to > from, move);
    if (len == 5) {
        int k = kind_of_letter((char)(token[4] >= 'a' ? token[4] - 32 : token[4]));
        if (k == ARB_NO_KIND || k == ARB_KING)
            return ARB_SAN_SYNTAX;
        m = arb_move_make(from, to, ARB_MOVE_PROMOTION, k);
    } else if (pos->board[from] == arb_piece(us, ARB_PAWN) && to == pos->ep_square) {
        m = arb_move_make(from, to, ARB_MOVE_EN_PASSANT, 0);
    } else {
        m = arb_move_make(from, to, ARB_MOVE_NORMAL, 0);
    }
    if (!arb_is_legal(pos, m))
        return (len == 4 && pos->board[from] == arb_piece(us, ARB_PAWN) && arb_rank_of(to) == last_rank(us))
            ? ARB_SAN_BAD_PROMOTION : ARB_SAN_ILLEGAL;
    *move = m;
    return ARB_SAN_OK;
}

const char *arb_san_error_text(int code)
{
    switch (code) {
    case ARB_SAN_OK: return "ok";
    case ARB_SAN_SYNTAX: return "not a move";
    case ARB_SAN_ILLEGAL: return "illegal move";
    case ARB_SAN_AMBIGUOUS: return "ambiguous move";
    case ARB_SAN_BAD_PROMOTION: return "wrong promotion";
    default: return "unknown error";
    }
}
