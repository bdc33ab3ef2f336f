/* lint_start.c — the position a game starts from: FEN legality (3.10.3,
 * 7.2.1) and Chess960 start arrays (Guidelines II.2). */
#include "lint_checks.h"

#include <stdio.h>
#include <string.h>

#include "chess960.h"
#include "fen.h"

#define RANK_1 0x00000000000000FFULL
#define RANK_2 0x000000000000FF00ULL
#define RANK_7 0x00FF000000000000ULL
#define RANK_8 0xFF00000000000000ULL

/* A position that is meant as a start array: move 1, White to move, every
 * piece and pawn of both sides on its first two ranks. */
static bool looks_like_start_array(const arb_position *pos)
{
    return pos->fullmove_number == 1 && pos->side == ARB_WHITE &&
           pos->by_color[ARB_WHITE] == (RANK_1 | RANK_2) && pos->by_color[ARB_BLACK] == (RANK_7 | RANK_8) &&
           (pos->by_kind[ARB_PAWN] & (RANK_2 | RANK_7)) == (RANK_2 | RANK_7);
}

/* Why a start array breaks II.2 (the first reason found). */
static const char *start_array_problem(const arb_position *pos)
{
    int king = -1, rooks[2], nrooks = 0, bishops[2], nbishops = 0, knights = 0, queens = 0;
    for (int f = 0; f < 8; f++) {
        int piece = pos->board[arb_square(f, 0)];
        if (piece == ARB_NO_PIECE || arb_piece_color(piece) != ARB_WHITE)
            return "White's first rank is not fully occupied by its pieces";
        switch (arb_piece_kind(piece)) {
        case ARB_KING: king = f; break;
        case ARB_ROOK: if (nrooks < 2) rooks[nrooks] = f; nrooks++; break;
        case ARB_BISHOP: if (nbishops < 2) bishops[nbishops] = f; nbishops++; break;
        case ARB_KNIGHT: knights++; break;
        case ARB_QUEEN: queens++; break;
        default: return "a pawn stands on White's first rank";
        }
    }
    if (king < 0 || nrooks != 2 || nbishops != 2 || knights != 2 || queens != 1)
        return "White's first rank does not hold king, queen and two each of rooks, bishops and knights";
    if (!(rooks[0] < king && king < rooks[1]))
        return "the king does not stand between the rooks";
    if ((bishops[0] & 1) == (bishops[1] & 1))
        return "the bishops stand on squares of the same colour";
    for (int f = 0; f < 8; f++) {
        int w = pos->board[arb_square(f, 0)], b = pos->board[arb_square(f, 7)];
        if (b == ARB_NO_PIECE || arb_piece_color(b) != ARB_BLACK || arb_piece_kind(b) != arb_piece_kind(w))
            return "Black's pieces do not mirror White's";
    }
    return NULL;
}

bool lint_check_start(lint_ctx *c)
{
    const arb_pgn_game *g = c->g;
    const arb_pgn_tag *fen = c->tags[LINT_TAG_FEN];
    const arb_pgn_tag *setup = c->tags[LINT_TAG_SETUP];
    if (!fen) {
        if (setup && strcmp(setup->value, "1") == 0)
            lint_add(c, ARB_CHECK_TAG_MISSING, ARB_SEVERITY_ERROR, ARB_ART_TAGS, setup->line, setup->col,
                     "SetUp \"1\" says the game starts from a set-up position, but there is no FEN tag");
        return true;
    }
    if (setup && strcmp(setup->value, "0") == 0)
        lint_add(c, ARB_CHECK_TAG_FORMAT, ARB_SEVERITY_WARNING, ARB_ART_TAGS, setup->line, setup->col,
                 "SetUp \"0\" contradicts the FEN tag, expected SetUp \"1\"");
    else if (!setup)
        /* the PGN standard (9.7.1) pairs a FEN tag with SetUp "1"; the FEN is
         * still used, as every reader does */
        lint_add(c, ARB_CHECK_TAG_MISSING, ARB_SEVERITY_WARNING, ARB_ART_TAGS, fen->line, fen->col,
                 "FEN tag without SetUp \"1\": the PGN standard asks for both (9.7.1), expected SetUp \"1\"");

    arb_position pos;
    arb_status st = arb_fen_parse_with(fen->value, &pos, c->chess960 ? 0 : ARB_FEN_STANDARD);
    /* the value starts after '[FEN "' as written in export format */
    int value_col = fen->col + (int)strlen(fen->name) + 3;
    /* a Chess960 start array with two bishops on one colour is better
     * explained by II.2 than by its "promoted" bishop */
    if (st.code == ARB_FEN_PROMOTIONS && c->chess960 &&
        arb_fen_parse_with(fen->value, &pos, ARB_FEN_ALLOW_UNREACHABLE).code == 0 && looks_like_start_array(&pos))
        st.code = 0;
    if (st.code) {
        arb_finding *f = lint_add(c, ARB_CHECK_FEN_INVALID, ARB_SEVERITY_ERROR, ARB_ART_FEN, fen->line,
                                  value_col + (st.col > 0 ? st.col - 1 : 0), "FEN: %s", st.message);
        if (f)
            lint_copy(f->token, sizeof f->token, fen->value);
        /* the reader may still have replayed from it (it is lenient about
         * positions test suites use); otherwise nothing can be checked */
        return g->custom_start;
    }
    if (c->chess960 && looks_like_start_array(&pos) && arb_chess960_number(&pos) < 0) {
        const char *why = start_array_problem(&pos);
        arb_finding *f = lint_add(c, ARB_CHECK_CHESS960_START, ARB_SEVERITY_ERROR, ARB_ART_CHESS960_START,
                                  fen->line, value_col, "not a Chess960 start position: %s",
                                  why ? why : "the pawns or castling rights are not those of a start array");
        if (f)
            lint_copy(f->token, sizeof f->token, fen->value);
    }
    return g->custom_start || g->error_count == 0;
}
