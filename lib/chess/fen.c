/* fen.c — FEN, X-FEN and Shredder-FEN parsing with validation, and writing. */
#include "fen.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "attacks.h"
#include "chess960.h"
#include "movegen.h"

static const char piece_letters[] = "PNBRQKpnbrqk";

/* Text that is not shaped like a FEN is a format error; a well-formed FEN of
 * a position the Laws do not allow is an illegal one. */
static int fen_error_class(int code)
{
    switch (code) {
    case ARB_FEN_EMPTY: case ARB_FEN_FIELD_COUNT: case ARB_FEN_RANK_COUNT: case ARB_FEN_PIECE_LETTER:
    case ARB_FEN_RANK_LENGTH: case ARB_FEN_SIDE: case ARB_FEN_CASTLING_SYNTAX: case ARB_FEN_EP_SYNTAX:
    case ARB_FEN_HALFMOVE: case ARB_FEN_FULLMOVE:
        return ARB_ERR_FORMAT;
    default:
        return ARB_ERR_ILLEGAL;
    }
}

static arb_status fen_error(int code, int col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    arb_status st = arb_status_verror(fen_error_class(code), code, 0, col, fmt, ap);
    va_end(ap);
    return st;
}

typedef struct {
    const char *text;
    int len;
    int col; /* 1-based column of its first character */
} fen_field;

/* Splits on runs of blanks; returns the field count (at most max + 1). */
static int split_fields(const char *fen, fen_field *fields, int max)
{
    int n = 0;
    const char *p = fen;
    while (*p) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p || *p == '\n' || *p == '\r')
            break;
        const char *start = p;
        while (*p && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')
            p++;
        if (n <= max)
            fields[n] = (fen_field){start, (int)(p - start), (int)(start - fen) + 1};
        n++;
    }
    return n;
}

static arb_status parse_placement(const fen_field *f, arb_position *pos)
{
    int rank = 7, file = 0;
    for (int i = 0; i < f->len; i++) {
        char c = f->text[i];
        int col = f->col + i;
        if (c == '/') {
            if (file != 8)
                return fen_error(ARB_FEN_RANK_LENGTH, col,
                                 "rank %d describes %d squares, expected 8", rank + 1, file);
            if (rank == 0)
                return fen_error(ARB_FEN_RANK_COUNT, col, "more than 8 ranks in the piece placement");
            rank--;
            file = 0;
        } else if (c >= '1' && c <= '8') {
            file += c - '0';
            if (file > 8)
                return fen_error(ARB_FEN_RANK_LENGTH, col,
                                 "rank %d describes more than 8 squares, expected 8", rank + 1);
        } else {
            const char *hit = c ? strchr(piece_letters, c) : NULL;
            if (!hit)
                return fen_error(ARB_FEN_PIECE_LETTER, col,
                                 "'%c' is not a piece letter, expected one of PNBRQK pnbrqk, a digit 1-8 or '/'",
                                 c);
            if (file >= 8)
                return fen_error(ARB_FEN_RANK_LENGTH, col,
                                 "rank %d describes more than 8 squares, expected 8", rank + 1);
            arb_position_put(pos, (int)(hit - piece_letters), arb_square(file, rank));
            file++;
        }
    }
    if (rank != 0)
        return fen_error(ARB_FEN_RANK_COUNT, f->col + f->len, "piece placement has %d ranks, expected 8",
                         8 - rank);
    if (file != 8)
        return fen_error(ARB_FEN_RANK_LENGTH, f->col + f->len,
                         "rank 1 describes %d squares, expected 8", file);
    return (arb_status){0};
}

static arb_status check_material(const arb_position *pos, int col, bool reachable)
{
    static const char *names[2] = {"white", "black"};
    for (int c = 0; c < 2; c++) {
        int kings = arb_popcount(arb_pieces(pos, c, ARB_KING));
        if (kings != 1)
            return fen_error(ARB_FEN_KING_COUNT, col, "%s has %d kings, expected exactly one", names[c], kings);
        if (!reachable) {
            /* most moves each piece could ever have: the move list must hold them */
            static const int most_moves[6] = {12, 8, 13, 14, 27, 10};
            int bound = 0;
            for (int kind = 0; kind < 6; kind++)
                bound += most_moves[kind] * arb_popcount(arb_pieces(pos, c, kind));
            if (bound > ARB_MAX_MOVES)
                return fen_error(ARB_FEN_TOO_MANY_PIECES, col,
                                 "%s has too many pieces for any move list (up to %d moves)", names[c], bound);
            continue;
        }
        if (arb_popcount(pos->by_color[c]) > 16)
            return fen_error(ARB_FEN_TOO_MANY_PIECES, col, "%s has %d pieces, at most 16 are possible",
                             names[c], arb_popcount(pos->by_color[c]));
        if (arb_popcount(arb_pieces(pos, c, ARB_PAWN)) > 8)
            return fen_error(ARB_FEN_TOO_MANY_PIECES, col, "%s has %d pawns, at most 8 are possible",
                             names[c], arb_popcount(arb_pieces(pos, c, ARB_PAWN)));
    }
    arb_bitboard stray = pos->by_kind[ARB_PAWN] & (arb_rank_bb(0) | arb_rank_bb(7));
    if (stray) {
        int sq = arb_lsb(stray);
        return fen_error(ARB_FEN_PAWN_RANK, col, "pawn on %c%d: pawns cannot stand on the first or eighth rank",
                         'a' + arb_file_of(sq), 1 + arb_rank_of(sq));
    }
    return (arb_status){0};
}

/* The fewest captures that put pawns on the files of `pawns`, each coming
 * from its own file of the second rank (a capture moves a pawn one file):
 * the pawns in file order take start files in the same order, the best of
 * which a small table finds. */
static int captures_for_pawn_files(arb_bitboard pawns)
{
    int files[8], n = 0;
    for (int f = 0; f < 8; f++)
        for (int r = 0; r < 8; r++)
            if (pawns & ARB_BB(arb_square(f, r)) && n < 8)
                files[n++] = f;
    /* best[i][j]: pawns 0..i-1 placed on start files 0..j-1 */
    int best[9][9];
    for (int j = 0; j <= 8; j++)
        best[0][j] = 0;
    for (int i = 1; i <= n; i++) {
        best[i][i - 1] = 1 << 20;
        for (int j = i; j <= 8; j++) {
            int take = best[i - 1][j - 1] + (files[i - 1] > j - 1 ? files[i - 1] - (j - 1) : (j - 1) - files[i - 1]);
            int skip = j > i ? best[i][j - 1] : 1 << 20;
            best[i][j] = take < skip ? take : skip;
        }
    }
    return best[n][8];
}

#define FEN_DARK_SQUARES 0xAA55AA55AA55AA55ULL

/* 3.10.3: material no game can leave.  Each piece beyond the original set
 * (a second queen, a third rook or knight, a second bishop on one square
 * colour) was a pawn; and a side's pawns cannot need more captures than
 * the opponent has lost pieces. */
static arb_status check_reachable_material(const arb_position *pos, int col)
{
    static const char *names[2] = {"white", "black"};
    for (int c = 0; c < 2; c++) {
        int pawns = arb_popcount(arb_pieces(pos, c, ARB_PAWN));
        int queens = arb_popcount(arb_pieces(pos, c, ARB_QUEEN)), rooks = arb_popcount(arb_pieces(pos, c, ARB_ROOK));
        int knights = arb_popcount(arb_pieces(pos, c, ARB_KNIGHT));
        arb_bitboard bishops = arb_pieces(pos, c, ARB_BISHOP);
        int dark = arb_popcount(bishops & FEN_DARK_SQUARES), light = arb_popcount(bishops & ~FEN_DARK_SQUARES);
        int promoted = (queens > 1 ? queens - 1 : 0) + (rooks > 2 ? rooks - 2 : 0) + (knights > 2 ? knights - 2 : 0) +
                       (dark > 1 ? dark - 1 : 0) + (light > 1 ? light - 1 : 0);
        if (promoted > 8 - pawns)
            return fen_error(ARB_FEN_PROMOTIONS, col,
                             "%s has at least %d promoted piece%s but only %d pawn%s missing: a position no game "
                             "can reach (3.10.3)", names[c], promoted, promoted == 1 ? "" : "s", 8 - pawns,
                             8 - pawns == 1 ? "" : "s");
        int needed = captures_for_pawn_files(arb_pieces(pos, c, ARB_PAWN));
        int lost = 16 - arb_popcount(pos->by_color[c ^ 1]);
        if (needed > lost)
            return fen_error(ARB_FEN_CAPTURES, col,
                             "%s pawns need at least %d capture%s to stand on their files, but %s has lost "
                             "%d piece%s: a position no game can reach (3.10.3)", names[c], needed,
                             needed == 1 ? "" : "s", names[c ^ 1], lost, lost == 1 ? "" : "s");
    }
    return (arb_status){0};
}

/* Outermost rook of `color` on its back rank on one side of the king. */
static int outer_rook(const arb_position *pos, int color, bool king_side)
{
    int back = color == ARB_WHITE ? 0 : 7;
    int ksq = arb_king_square(pos, color);
    if (arb_rank_of(ksq) != back)
        return ARB_NO_SQUARE;
    arb_bitboard rooks = arb_pieces(pos, color, ARB_ROOK) & arb_rank_bb(back);
    rooks &= king_side ? ~((ARB_BB(ksq) << 1) - 1) : (ARB_BB(ksq) - 1);
    if (!rooks)
        return ARB_NO_SQUARE;
    return king_side ? 63 - __builtin_clzll(rooks) : arb_lsb(rooks);
}

/* Standard chess (3.8.2): castling with the king on e1/e8 and the rook on
 * the corner of that side, both unmoved. */
static bool standard_right(const arb_position *pos, int color, int rook)
{
    int back = color == ARB_WHITE ? 0 : 7;
    return arb_king_square(pos, color) == arb_square(4, back) &&
           (rook == arb_square(0, back) || rook == arb_square(7, back));
}

static arb_status parse_castling(const fen_field *f, arb_position *pos, bool *chess960, bool standard)
{
    if (f->len == 1 && f->text[0] == '-')
        return (arb_status){0};
    for (int i = 0; i < f->len; i++) {
        char c = f->text[i];
        int col = f->col + i;
        int color = (c >= 'a' && c <= 'z') ? ARB_BLACK : ARB_WHITE;
        char up = (char)(color == ARB_BLACK ? c - 32 : c);
        int back = color == ARB_WHITE ? 0 : 7;
        const char *who = color == ARB_WHITE ? "white" : "black";
        int rook;
        if (up != 'K' && up != 'Q' && (up < 'A' || up > 'H'))
            return fen_error(ARB_FEN_CASTLING_SYNTAX, col,
                             "'%c' in the castling field, expected '-' or letters from KQkq or rook files A-H/a-h", c);
        int ksq = arb_king_square(pos, color);
        if (arb_rank_of(ksq) != back)
            return fen_error(ARB_FEN_CASTLING_KING, col,
                             "castling right '%c' but the %s king is not on its first rank", c, who);
        if (up == 'K' || up == 'Q') {
            rook = outer_rook(pos, color, up == 'K');
            if (rook == ARB_NO_SQUARE)
                return fen_error(ARB_FEN_CASTLING_ROOK, col,
                                 "castling right '%c' but %s has no rook on the %s side of its king", c, who,
                                 up == 'K' ? "king's" : "queen's");
        } else {
            rook = arb_square(up - 'A', back);
            if (pos->board[rook] != arb_piece(color, ARB_ROOK))
                return fen_error(ARB_FEN_CASTLING_ROOK, col, "castling right '%c' but no %s rook on %c%d", c,
                                 who, 'a' + (up - 'A'), back + 1);
            *chess960 = true;
        }
        if (standard && !standard_right(pos, color, rook))
            return fen_error(ARB_FEN_CASTLING_STANDARD, col,
                             "castling right '%c' in standard chess, but the %s king and rook are not on e%d and "
                             "%c%d (3.8.2): only Chess960 has such a right", c, who, back + 1,
                             up == 'Q' || (up != 'K' && rook < ksq) ? 'a' : 'h', back + 1);
        bool king_side = rook > ksq;
        if (pos->castling_rooks & arb_rank_bb(back) & (king_side ? ~((ARB_BB(ksq) << 1) - 1) : ARB_BB(ksq) - 1))
            return fen_error(ARB_FEN_CASTLING_SYNTAX, col,
                             "castling right '%c' repeats a %s castling right on the %s side", c, who,
                             king_side ? "king's" : "queen's");
        pos->castling_rooks |= ARB_BB(rook);
        if (arb_file_of(ksq) != 4 || (arb_file_of(rook) != 0 && arb_file_of(rook) != 7))
            *chess960 = true;
    }
    return (arb_status){0};
}

static arb_status parse_ep(const fen_field *f, arb_position *pos)
{
    if (f->len == 1 && f->text[0] == '-')
        return (arb_status){0};
    if (f->len != 2 || f->text[0] < 'a' || f->text[0] > 'h' || f->text[1] < '1' || f->text[1] > '8')
        return fen_error(ARB_FEN_EP_SYNTAX, f->col, "en-passant field '%.*s', expected '-' or a square such as e3",
                         f->len > 10 ? 10 : f->len, f->text);
    int sq = arb_square(f->text[0] - 'a', f->text[1] - '1');
    int mover = pos->side ^ 1; /* the side that made the double step */
    int expected_rank = mover == ARB_WHITE ? 2 : 5;
    if (arb_rank_of(sq) != expected_rank)
        return fen_error(ARB_FEN_EP_INCONSISTENT, f->col,
                         "en-passant square %.2s is not on rank %d, expected for %s to move", f->text,
                         expected_rank + 1, pos->side == ARB_WHITE ? "white" : "black");
    int pawn_sq = sq + (mover == ARB_WHITE ? 8 : -8), origin = sq + (mover == ARB_WHITE ? -8 : 8);
    if (pos->board[pawn_sq] != arb_piece(mover, ARB_PAWN) || pos->board[sq] != ARB_NO_PIECE ||
        pos->board[origin] != ARB_NO_PIECE)
        return fen_error(ARB_FEN_EP_INCONSISTENT, f->col,
                         "en-passant square %.2s does not follow a double step: expected a %s pawn on %c%d and "
                         "%.2s and %c%d empty",
                         f->text, mover == ARB_WHITE ? "white" : "black", f->text[0], arb_rank_of(pawn_sq) + 1,
                         f->text, f->text[0], arb_rank_of(origin) + 1);
    pos->ep_square = (uint8_t)sq;
    return (arb_status){0};
}

static arb_status parse_counter(const fen_field *f, int code, const char *what, int min, int max, int *out)
{
    long v = 0;
    if (f->len == 0 || f->len > 6)
        return fen_error(code, f->col, "%s '%.*s' is not a number from %d to %d", what, f->len > 12 ? 12 : f->len,
                         f->text, min, max);
    for (int i = 0; i < f->len; i++) {
        if (f->text[i] < '0' || f->text[i] > '9')
            return fen_error(code, f->col + i, "%s '%.*s' is not a number from %d to %d", what,
                             f->len > 12 ? 12 : f->len, f->text, min, max);
        v = v * 10 + (f->text[i] - '0');
    }
    if (v < min || v > max)
        return fen_error(code, f->col, "%s %ld is out of range, expected %d to %d", what, v, min, max);
    *out = (int)v;
    return (arb_status){0};
}

/* A second checker can only be a piece uncovered by the move of the first,
 * so one of them is a slider and they are not on one line with the king. */
static arb_status check_checks(const arb_position *pos, int col, bool reachable)
{
    int them = pos->side ^ 1;
    if (arb_attackers_to(pos, arb_king_square(pos, them), arb_occupied(pos)) & pos->by_color[pos->side])
        return fen_error(ARB_FEN_OPPONENT_IN_CHECK, col, "%s is in check but it is %s's turn to move",
                         them == ARB_WHITE ? "white" : "black", pos->side == ARB_WHITE ? "white" : "black");
    if (!reachable)
        return (arb_status){0};
    arb_bitboard checkers = arb_checkers(pos);
    int n = arb_popcount(checkers);
    if (n > 2)
        return fen_error(ARB_FEN_TOO_MANY_CHECKERS, col, "%d pieces give check, at most 2 can", n);
    if (n == 2) {
        int ksq = arb_king_square(pos, pos->side);
        int a = arb_lsb(checkers), b = 63 - __builtin_clzll(checkers);
        arb_bitboard sliders = pos->by_kind[ARB_BISHOP] | pos->by_kind[ARB_ROOK] | pos->by_kind[ARB_QUEEN];
        if (!(checkers & sliders))
            return fen_error(ARB_FEN_IMPOSSIBLE_CHECK, col,
                             "double check without a line piece cannot arise from one move");
        if ((checkers & sliders) == checkers && (arb_line(a, b) & ARB_BB(ksq)))
            return fen_error(ARB_FEN_IMPOSSIBLE_CHECK, col,
                             "double check by two line pieces on one line through the king cannot arise");
    }
    return (arb_status){0};
}

arb_status arb_fen_parse(const char *fen, arb_position *out) { return arb_fen_parse_with(fen, out, 0); }

arb_status arb_fen_parse_with(const char *fen, arb_position *out, unsigned flags)
{
    bool reachable = !(flags & ARB_FEN_ALLOW_UNREACHABLE);
    fen_field f[7];
    arb_position pos;
    arb_status st;
    arb_position_clear(&pos);
    int n = split_fields(fen ? fen : "", f, 6);
    if (n == 0)
        return fen_error(ARB_FEN_EMPTY, 1, "empty FEN, expected piece placement, side, castling, en passant");
    if (n > 6 && (flags & ARB_FEN_IGNORE_EXTRA_FIELDS))
        n = 6;
    if (n < 4 || n > 6)
        return fen_error(ARB_FEN_FIELD_COUNT, n > 6 ? f[6].col : 1,
                         "FEN has %d fields, expected 6 (or 4 without the move counters)", n);
    if ((st = parse_placement(&f[0], &pos)).code)
        return st;
    if ((st = check_material(&pos, f[0].col, reachable)).code)
        return st;
    if (reachable && (st = check_reachable_material(&pos, f[0].col)).code)
        return st;
    if (f[1].len != 1 || (f[1].text[0] != 'w' && f[1].text[0] != 'b'))
        return fen_error(ARB_FEN_SIDE, f[1].col, "side to move '%.*s', expected 'w' or 'b'",
                         f[1].len > 10 ? 10 : f[1].len, f[1].text);
    pos.side = f[1].text[0] == 'w' ? ARB_WHITE : ARB_BLACK;
    bool chess960 = false;
    /* a Chess960 start array is one whatever the tags say */
    bool standard = (flags & ARB_FEN_STANDARD) && arb_chess960_number(&pos) < 0;
    if ((st = parse_castling(&f[2], &pos, &chess960, standard)).code)
        return st;
    if ((st = parse_ep(&f[3], &pos)).code)
        return st;
    int halfmove = 0, fullmove = 1;
    if (n >= 5 && (st = parse_counter(&f[4], ARB_FEN_HALFMOVE, "halfmove clock", 0, 9999, &halfmove)).code)
        return st;
    if (n >= 6 && (st = parse_counter(&f[5], ARB_FEN_FULLMOVE, "fullmove number", 1, 9999, &fullmove)).code)
        return st;
    if (pos.ep_square != ARB_NO_SQUARE && halfmove != 0)
        return fen_error(ARB_FEN_HALFMOVE, f[4].col,
                         "halfmove clock %d after a double step, expected 0 with an en-passant square", halfmove);
    /* the clock counts half-moves, which the fullmove number bounds */
    int played = 2 * (fullmove - 1) + (pos.side == ARB_BLACK);
    if (reachable && !(flags & ARB_FEN_LENIENT_COUNTERS) && n >= 6 && halfmove > played)
        return fen_error(ARB_FEN_HALFMOVE, f[4].col,
                         "halfmove clock %d exceeds the %d half-move%s played before move %d%s, expected at most %d",
                         halfmove, played, played == 1 ? "" : "s", fullmove, pos.side == ARB_BLACK ? " by Black" : "",
                         played);
    pos.halfmove_clock = (uint16_t)halfmove;
    pos.fullmove_number = (uint16_t)fullmove;
    pos.chess960 = chess960;
    arb_position_finish(&pos);
    if ((st = check_checks(&pos, f[0].col, reachable)).code)
        return st;
    *out = pos;
    return (arb_status){0};
}

size_t arb_fen_write(const arb_position *pos, int style, char *buf)
{
    char *p = buf;
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            int piece = pos->board[arb_square(file, rank)];
            if (piece == ARB_NO_PIECE) {
                empty++;
                continue;
            }
            if (empty)
                *p++ = (char)('0' + empty);
            empty = 0;
            *p++ = piece_letters[piece];
        }
        if (empty)
            *p++ = (char)('0' + empty);
        if (rank)
            *p++ = '/';
    }
    *p++ = ' ';
    *p++ = pos->side == ARB_WHITE ? 'w' : 'b';
    *p++ = ' ';
    char *castling = p;
    for (int color = 0; color < 2; color++) {
        for (int king_side = 1; king_side >= 0; king_side--) {
            int rook = arb_castling_rook(pos, color, king_side);
            if (rook == ARB_NO_SQUARE)
                continue;
            char letter;
            if ((style & 0xff) == ARB_FEN_STYLE_SHREDDER || rook != outer_rook(pos, color, king_side))
                letter = (char)('A' + arb_file_of(rook));
            else
                letter = king_side ? 'K' : 'Q';
            *p++ = color == ARB_WHITE ? letter : (char)(letter + 32);
        }
    }
    if (p == castling)
        *p++ = '-';
    *p++ = ' ';
    bool write_ep = pos->ep_square != ARB_NO_SQUARE && (!(style & ARB_FEN_EP_LEGAL_ONLY) || pos->ep_legal);
    if (write_ep) {
        *p++ = (char)('a' + arb_file_of(pos->ep_square));
        *p++ = (char)('1' + arb_rank_of(pos->ep_square));
    } else {
        *p++ = '-';
    }
    p += sprintf(p, " %u %u", (unsigned)pos->halfmove_clock, (unsigned)pos->fullmove_number);
    return (size_t)(p - buf);
}
