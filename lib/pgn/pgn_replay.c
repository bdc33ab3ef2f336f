/* pgn_replay.c — the reader's replay of movetext: start position, moves in
 * SAN or a national notation, variations, draw offers, and what stands in
 * for a bad move when the caller asked to go on (see pgn_read.h). */
#include "pgn_read_internal.h"

#include <stdlib.h>
#include <string.h>

#include "fen.h"
#include "grow.h"
#include "pgn_game_store.h"
#include "pgn_lex_fast.h"
#include "pgn_main_line.h"
#include "pgn_san_record.h"
#include "san.h"
#include "san_make.h"

static bool ensure_frames(arb_pgn_reader *r, size_t n)
{
    return arb_grow(&r->frames, &r->frame_cap, n, sizeof *r->frames);
}

/* Many puzzle files write FENs with a fullmove number of 0: read it as 1,
 * with a note. */
static bool fen_with_move_one(struct parse *p, const arb_pgn_tag *fen, arb_position *pos, unsigned flags)
{
    size_t n = strlen(fen->value);
    if (n < 2 || n > ARB_FEN_MAX || fen->value[n - 1] != '0' || fen->value[n - 2] != ' ')
        return false;
    char copy[ARB_FEN_MAX + 1];
    memcpy(copy, fen->value, n + 1);
    copy[n - 1] = '1';
    if (arb_fen_parse_with(copy, pos, flags).code)
        return false;
    if (!arb_pgn_game_add_diag(p->g, ARB_PGN_NOTE, fen->line, fen->col + (int)n,
                               "fullmove number 0 in the FEN read as 1"))
        p->oom = true;
    return true;
}

/* Sets g->start from the FEN and Variant tags, and the main line's frame. */
void pgn_replay_start(struct parse *p)
{
    arb_pgn_game *g = p->g;
    const arb_pgn_tag *variant = arb_pgn_game_tag_entry(g, "Variant");
    const arb_pgn_tag *fen = arb_pgn_game_tag_entry(g, "FEN");
    bool c960 = false;
    if (variant) {
        int kind = arb_pgn_variant_parse(variant->value);
        if (kind == ARB_PGN_VARIANT_CHESS960) {
            c960 = true;
        } else if (kind != ARB_PGN_VARIANT_STANDARD) {
            pgn_read_error(p, variant->line, variant->col,
                     "variant \"%s\" is not supported, expected Standard or Chess960",
                     variant->value);
            return;
        }
    }
    if (fen) {
        /* without a Chess960 variant, castling rights are standard chess's;
         * the moves replay whatever the counters say (pgnlint reports them) */
        unsigned flags = ARB_FEN_LENIENT_COUNTERS | (c960 ? 0 : ARB_FEN_STANDARD);
        arb_status st = arb_fen_parse_with(fen->value, &g->start, flags);
        if (st.code == ARB_FEN_FULLMOVE && fen_with_move_one(p, fen, &g->start, flags))
            st.code = st.error_class = 0;
        if (st.code) {
            pgn_read_error(p, fen->line, fen->col + (st.col > 0 ? st.col : 1), "bad FEN tag: %s",
                     st.message);
            arb_position_startpos(&g->start);
            return;
        }
        g->custom_start = true;
    }
    if (c960)
        g->start.chess960 = 1;
    g->end = g->start;
    if (p->r->opt.tags_only)
        return;
    if (!ensure_frames(p->r, 1)) {
        p->oom = true;
        p->replay = false;
        return;
    }
    struct frame *f = &p->r->frames[0];
    f->pos[0] = g->start;
    f->cur = 0;
    f->now_kept = f->before_kept = NULL;
    f->has_move = false;
}

static bool is_null_move(const arb_pgn_token *tok)
{
    return (tok->len == 2 && tok->text[0] == '-' && tok->text[1] == '-')
        || (tok->len == 2 && tok->text[0] == 'Z' && tok->text[1] == '0');
}

static bool looks_like_coordinates(const arb_pgn_token *tok)
{
    const char *t = tok->text;
    return (tok->len == 4 || tok->len == 5) && t[0] >= 'a' && t[0] <= 'h' && t[1] >= '1'
        && t[1] <= '8' && t[2] >= 'a' && t[2] <= 'h' && t[3] >= '1' && t[3] <= '8';
}

/* A scoresheet mark standing after a move ("e.p.", "a.p.", "(=)"), which the
 * lexer cuts into pieces ("e" "." "p" "."): the whole word from the token to
 * the next white space is asked of the notation, and consumed when it is a
 * mark.  Returns the ARB_SPEC_* mark, or 0. */
static unsigned notation_mark(struct parse *p, const arb_pgn_token *tok)
{
    arb_pgn_reader *r = p->r;
    size_t start = (size_t)(tok->offset - r->lx.base), end = start + tok->len;
    for (;;) {
        while (end < r->lx.end && (unsigned char)r->lx.buf[end] > ' ' && !strchr("{}()[];\"", r->lx.buf[end]))
            end++;
        if (end < r->lx.end || r->lx.eof || end - start > 16)
            break;
        if (!pgn_reader_refill(r))   /* the word reaches the end of the window: read on */
            break;
        start = (size_t)(tok->offset - r->lx.base);
    }
    if (end - start > 16)
        return 0;
    unsigned mark = arb_notation_extra(p->notation, r->lx.buf + start, end - start);
    if (mark && r->lx.pos < end) {
        r->lx.pos = end;
        p->last_end = r->lx.base + end;
    }
    return mark;
}

/* The last square named in a token, or -1. */
static int token_square(const arb_pgn_token *tok)
{
    int sq = -1;
    for (size_t i = 0; i + 1 < tok->len; i++)
        if (tok->text[i] >= 'a' && tok->text[i] <= 'h' && tok->text[i + 1] >= '1' && tok->text[i + 1] <= '8')
            sq = arb_square(tok->text[i] - 'a', tok->text[i + 1] - '1');
    return sq;
}

/* The one legal move every suggestion notation that reads the token finds,
 * else ARB_MOVE_NONE (none reads it, or two read it differently). */
static arb_move agreed_reading(const arb_pgn_reader_options *opt, const arb_position *pos,
                               const arb_pgn_token *tok)
{
    arb_move found = ARB_MOVE_NONE;
    for (size_t i = 0; i < opt->suggest_count; i++) {
        arb_move m;
        if (arb_notation_read(opt->suggest[i], pos, tok->text, tok->len, &m, NULL, NULL) != ARB_SAN_OK)
            continue;
        if (found != ARB_MOVE_NONE && m != found)
            return ARB_MOVE_NONE;
        found = m;
    }
    return found;
}

/* What stands in for a main-line move that cannot be replayed when the
 * caller asked to go on (skip_bad_moves): the only legal move of the piece
 * written to the square written (a wrong disambiguation), else the move the
 * suggestion notations agree on (a national letter), else a null move so
 * that the turn passes, or ARB_MOVE_NONE (drop the token) when the side to
 * move is in check and may not pass. */
static arb_move replacement(const arb_pgn_reader_options *opt, const arb_position *pos, const arb_pgn_token *tok,
                            int code)
{
    arb_move m;
    arb_movelist cand;
    cand.count = 0;
    arb_san_parse(pos, tok->text, tok->len, &m, &cand);
    int to = token_square(tok);
    if (code == ARB_SAN_ILLEGAL && cand.count == 1 && arb_move_to(cand.moves[0]) == to)
        return cand.moves[0];
    arb_move read = agreed_reading(opt, pos, tok);
    if (read != ARB_MOVE_NONE)
        return read;
    return arb_in_check(pos) ? ARB_MOVE_NONE : ARB_MOVE_NULL;
}

/* The main line's move number `index`, made from the frame's current
 * position into the kept list's next slot (arb_pgn_main_line_next), is
 * recorded: the frame's positions become the kept ones, with no copy. */
static inline __attribute__((always_inline)) void made_kept(arb_pgn_game *g, struct frame *f, size_t index,
                                                            arb_position *slot, arb_move m)
{
    arb_pgn_main_line_made(g, index, frame_now(f), m);
    if (f->now_kept) {
        f->before_kept = f->now_kept;
    } else {
        f->before_kept = NULL;   /* (the one before is pos[cur ^ 1], below) */
        f->cur ^= 1;
    }
    f->now_kept = slot;
}

/* The move played in the frame's own positions; a main-line move kept the
 * slow way (a list to grow, a game read again) is copied to the list. */
static __attribute__((noinline)) void played_in_frame(struct parse *p, struct frame *f, arb_move m)
{
    if (f->now_kept) {
        /* the kept ones may move when the list grows: the frame holds its own */
        f->pos[f->cur] = *f->now_kept;
        f->now_kept = f->before_kept = NULL;
    }
    const arb_position *pos = &f->pos[f->cur];
    arb_position_make(pos, m, &f->pos[f->cur ^ 1]);
    f->cur ^= 1;
    if (p->depth == 0 && p->r->opt.keep_main_line)
        arb_pgn_main_line_keep(p->g, p->g->main_line_plies - 1, pos, m, &f->pos[f->cur]);
}

/* arb_pgn_san_record out of line: for the main line's loop when it keeps
 * positions (pgnlint, which records no SAN), so that loop stays small. */
static __attribute__((noinline)) size_t san_record_apart(const arb_position *before, arb_move move,
                                                         const arb_position *after, const char *token, size_t len,
                                                         bool read_as_san, char *out)
{
    return arb_pgn_san_record(before, move, after, token, len, read_as_san, out);
}

/* A move resolved: played in the frame, counted and recorded.  `text` (len
 * bytes) is the token it was read from; `read_as_san`: arb_san_parse resolved
 * it (pgn_san_record.h); `keep`: the frame is the main line's and its
 * positions are kept (only then may they be the kept ones); `made`: the
 * caller made the move already, into the kept list's next slot when `keep`
 * (arb_pgn_main_line_next), else into the frame's other position.  False
 * when out of memory.  (Inlined: the plain moves' loops call it at every
 * ply, `keep` a constant there.) */
static inline __attribute__((always_inline)) bool played(struct parse *p, struct frame *f, arb_move m, int line,
                                                         int col, const char *text, size_t len, bool read_as_san,
                                                         bool keep, arb_position *made)
{
    if (p->depth == 0)
        p->g->main_line_plies++;
    if (keep) {
        arb_position *slot = made ? made : arb_pgn_main_line_next(p->g, p->g->main_line_plies - 1);
        if (slot) {
            if (!made)
                arb_position_make(frame_now(f), m, slot);
            made_kept(p->g, f, p->g->main_line_plies - 1, slot, m);
        } else {
            played_in_frame(p, f, m);
        }
    } else {
        if (!made)
            arb_position_make(&f->pos[f->cur], m, &f->pos[f->cur ^ 1]);
        f->cur ^= 1;
    }
    f->has_move = true;
    if (p->r->opt.skip_items)
        return true;
    const arb_position *pos = keep ? frame_before(f) : &f->pos[f->cur ^ 1];
    if (!arb_pgn_game_add_move_fast(p->g, pos, m, line, col)
        && !arb_pgn_game_add_move(p->g, pos, m, line, col)) {   /* (it grows the items) */
        p->oom = true;
        return false;
    }
    if (p->g->san_recorded) {
        char san[ARB_SAN_MAX > 8 ? ARB_SAN_MAX : 8];
        size_t n = keep ? san_record_apart(pos, m, frame_now(f), text, len, read_as_san, san)
                        : arb_pgn_san_record(pos, m, &f->pos[f->cur], text, len, read_as_san, san);
        arb_pgn_item *it = &p->g->items[p->g->item_count - 1];
        if (n < sizeof it->san) {
            memcpy(it->san, san, sizeof it->san);   /* fixed size: one store */
            it->len = (uint32_t)n;
        } else {
            p->g->san_recorded = false;
        }
    }
    return true;
}

void pgn_replay_move(struct parse *p, const arb_pgn_token *tok)
{
    struct frame *f = &p->r->frames[p->depth];
    const arb_position *pos = frame_now(f);
    arb_move m;
    bool draw_offer = false;   /* "Tb1=": an offer glued to the move */
    bool read_as_san = false;  /* arb_san_parse resolved the token (pgn_san_record.h) */
    size_t main_index = 0;     /* 1 + which of the detection's moves this token is */
    if (p->premove_count && p->depth == 0)
        main_index = ++p->main_index;
    if (is_null_move(tok)) {
        if (p->depth == 0 && !p->r->opt.null_moves_in_main_line) {
            pgn_read_error(p, tok->line, tok->col,
                     "null move in the main line, expected a real move (null moves are allowed "
                     "only in variations unless enabled)");
            return;
        }
        if (arb_in_check(pos)) {
            pgn_read_error(p, tok->line, tok->col,
                     "null move while %s is in check, expected a move that answers the check",
                     pgn_side_name(pos));
            return;
        }
        m = ARB_MOVE_NULL;
    } else if (main_index > 0 && main_index <= p->premove_count) {
        /* already read by the notation detection */
        m = p->premoves[main_index - 1];
        if (m == ARB_MOVE_NONE) {
            /* a mark of the move before: "e.p.", or a draw offer, which is kept */
            if (p->notation && (arb_notation_extra(p->notation, tok->text, tok->len) & ARB_SPEC_DRAW_OFFER)
                && pgn_keeps_items(p) && !arb_pgn_game_add_comment(p->g, "(=)", 3, tok->line, tok->col))
                p->oom = true;
            return;
        }
        draw_offer = tok->len > 1 && tok->text[tok->len - 1] == '=';
    } else {
        const arb_notation *n = p->notation;
        int code;
        if (n) {
            unsigned mark = notation_mark(p, tok);
            if (mark) {
                /* "exd6 e.p.": the mark belongs to the move before; an offer is kept */
                if ((mark & ARB_SPEC_DRAW_OFFER) && pgn_keeps_items(p)
                    && !arb_pgn_game_add_comment(p->g, "(=)", 3, tok->line, tok->col))
                    p->oom = true;
                return;
            }
            arb_move_spec spec;
            code = arb_notation_read(n, pos, tok->text, tok->len, &m, &spec, NULL);
            draw_offer = code == ARB_SAN_OK && (spec.flags & ARB_SPEC_DRAW_OFFER);
        } else {
            code = arb_san_parse(pos, tok->text, tok->len, &m, NULL);
            read_as_san = code == ARB_SAN_OK;
        }
        if (code != ARB_SAN_OK) {
            /* coordinate notation (e2e4) shows up in engine output */
            if (!looks_like_coordinates(tok) || arb_uci_parse(pos, tok->text, tok->len, &m) != 0) {
                if (p->detect_on_failure) {
                    /* not SAN: the game's notation is to be detected */
                    p->needs_detection = true;
                    p->replay = false;
                    return;
                }
                if (n)
                    pgn_read_notation_error(p, tok, pos, n, code);
                else
                    pgn_read_move_error(p, tok, pos, code);
                if (p->depth == 0 && p->r->opt.skip_bad_moves && !p->replay && !p->oom &&
                    arb_count_legal(pos) > 0) {
                    p->replay = true;
                    p->g->skipped_moves++;
                    m = replacement(&p->r->opt, pos, tok, code);
                    if (m == ARB_MOVE_NONE)
                        return; /* dropped: the side to move is in check */
                } else {
                    return;
                }
            }
        }
    }
    if (!played(p, f, m, tok->line, tok->col, tok->text, tok->len, read_as_san,
                p->depth == 0 && p->r->opt.keep_main_line, NULL))
        return;
    if (draw_offer && pgn_keeps_items(p) && !arb_pgn_game_add_comment(p->g, "(=)", 3, tok->line, tok->col))
        p->oom = true;
}

static void open_variation(struct parse *p, const arb_pgn_token *tok)
{
    arb_pgn_reader *r = p->r;
    if (p->depth + 1 > r->opt.max_depth) {
        pgn_read_error(p, tok->line, tok->col,
                 "variations nested more than %d deep, expected at most %d levels of '('",
                 r->opt.max_depth, r->opt.max_depth);
        return;
    }
    struct frame *f = &r->frames[p->depth];
    if (!f->has_move) {
        pgn_read_error(p, tok->line, tok->col,
                 "'(' before any move, expected a move for the variation to replace");
        return;
    }
    if (!ensure_frames(r, (size_t)p->depth + 2)) {
        p->oom = true;
        return;
    }
    f = &r->frames[p->depth];
    struct frame *nf = &r->frames[p->depth + 1];
    nf->pos[0] = *frame_before(f);
    nf->cur = 0;
    nf->now_kept = nf->before_kept = NULL;
    nf->has_move = false;
    nf->line = tok->line;
    nf->col = tok->col;
    p->depth++;
    if (pgn_keeps_items(p) && !arb_pgn_game_begin_variation(p->g, tok->line, tok->col))
        p->oom = true;
}

static void close_variation(struct parse *p, const arb_pgn_token *tok)
{
    if (p->depth == 0) {
        pgn_read_error(p, tok->line, tok->col,
                 "')' without a matching '(', expected a move, comment or termination marker");
        return;
    }
    p->depth--;
    if (pgn_keeps_items(p) && !arb_pgn_game_end_variation(p->g, tok->line, tok->col))
        p->oom = true;
}

/* "(=)": a draw offer (FIDE Laws 8.1.5, C.12), not a variation.  Called
 * right after the '(' was lexed; makes sure the two bytes after it are in
 * the window. */
bool pgn_draw_offer_follows(struct parse *p)
{
    arb_pgn_reader *r = p->r;
    while (r->lx.pos + 2 > r->lx.end && !r->lx.eof)
        if (!pgn_reader_refill(r))
            break;
    return r->lx.pos + 2 <= r->lx.end && r->lx.buf[r->lx.pos] == '=' && r->lx.buf[r->lx.pos + 1] == ')';
}

/* Consumes "=)" and records the offer as the comment "(=)", which is how
 * pgnconv writes it back ({(=)} after the move). */
static void add_draw_offer(struct parse *p, const arb_pgn_token *tok)
{
    p->r->lx.pos += 2;
    p->last_end = tok->end_offset + 2;
    if (pgn_keeps_items(p) && !arb_pgn_game_add_comment(p->g, "(=)", 3, tok->line, tok->col))
        p->oom = true;
}

/* A movetext token other than a move, a move number or dots. */
void pgn_replay_other(struct parse *p, const arb_pgn_token *tok)
{
    switch (tok->kind) {
    case ARB_PGN_TOK_NAG:
        if (!pgn_keeps_items(p))
            p->dropped_nag = true;
        else if (!arb_pgn_game_add_nag(p->g, tok->value, tok->line, tok->col))
            p->oom = true;
        break;
    case ARB_PGN_TOK_RAV_OPEN:
        if (pgn_draw_offer_follows(p))
            add_draw_offer(p, tok);
        else
            open_variation(p, tok);
        break;
    case ARB_PGN_TOK_RAV_CLOSE: close_variation(p, tok); break;
    case ARB_PGN_TOK_TAG_OPEN:
        pgn_read_unexpected(p, tok, "inside movetext (a tag line must start a line)",
                   "a move, comment, variation or termination marker");
        break;
    default:
        pgn_read_unexpected(p, tok, "in movetext", "a move, comment, variation or termination marker");
        break;
    }
}

/* The moves of a line when nothing is recorded per move (a count, a filter
 * on tags or results): only played, with the state in locals.  Its own
 * loop, so that the recording one's inlined bookkeeping costs it nothing. */
static void play_plain_moves(struct parse *p, struct frame *f, bool pass_comments)
{
    arb_pgn_lexer *lx = &p->r->lx;
    size_t plies = 0;
    uint64_t last_end = p->last_end;
    /* the two positions by pointer, swapped at each ply (not indexed by cur) */
    arb_position *now = &f->pos[f->cur], *next = &f->pos[f->cur ^ 1];
    for (;;) {
        uint64_t passed_end = 0;
        size_t len = arb_pgn_lex_plain_symbol(lx, pass_comments, &passed_end);
        if (passed_end > last_end)
            last_end = passed_end;
        if (len == 0)
            break;
        arb_move m;
        /* anything SAN does not read (null moves, coordinates, errors)
         * goes the long way, from the token's first byte */
        if (arb_san_parse_make(now, lx->buf + lx->pos, len, &m, next) != ARB_SAN_OK)
            break;
        arb_pgn_lex_take(lx, len);
        last_end = arb_pgn_lexer_offset(lx);
        arb_position *played = next;
        next = now;
        now = played;
        plies++;
    }
    f->cur = now == &f->pos[1];
    if (plies) {
        f->has_move = true;
        if (p->depth == 0)
            p->g->main_line_plies += plies;
    }
    p->last_end = last_end;
}

/* The moves of a line, each recorded (`keep` as for played: a constant in
 * each of the two copies). */
static inline __attribute__((always_inline)) void record_plain_moves(struct parse *p, struct frame *f,
                                                                     bool pass_comments, bool keep)
{
    arb_pgn_lexer *lx = &p->r->lx;
    const arb_pgn_reader_options *opt = &p->r->opt;
    uint64_t last_end = p->last_end;
    for (;;) {
        uint64_t passed_end = 0;
        size_t len = arb_pgn_lex_plain_symbol(lx, pass_comments, &passed_end);
        if (passed_end > last_end)
            last_end = passed_end;
        if (len == 0)
            break;
        arb_move m;
        /* (as above; made where played() keeps it, when that is known now) */
        const char *text = lx->buf + lx->pos;
        arb_position *made = keep ? arb_pgn_main_line_next(p->g, p->g->main_line_plies) : &f->pos[f->cur ^ 1];
        const arb_position *pos = keep ? frame_now(f) : &f->pos[f->cur];
        if ((made ? arb_san_parse_make(pos, text, len, &m, made) : arb_san_parse(pos, text, len, &m, NULL))
            != ARB_SAN_OK)
            break;
        int line = lx->line, col = opt->skip_items ? 0 : arb_pgn_lex_col(lx);   /* (for the item) */
        arb_pgn_lex_take(lx, len);
        p->last_end = last_end = arb_pgn_lexer_offset(lx);
        if (!played(p, f, m, line, col, text, len, true, keep, made))
            break;
    }
    p->last_end = last_end;
}

void pgn_replay_plain_moves(struct parse *p)
{
    const arb_pgn_reader_options *opt = &p->r->opt;
    const bool pass_comments = opt->skip_comments || opt->skip_items;   /* (add_comment keeps none) */
    struct frame *f = &p->r->frames[p->depth];
    const bool keep = p->depth == 0 && opt->keep_main_line;
    if (keep)
        record_plain_moves(p, f, pass_comments, true);
    else if (!opt->skip_items)
        record_plain_moves(p, f, pass_comments, false);
    else
        play_plain_moves(p, f, pass_comments);
}
