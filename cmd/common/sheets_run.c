/* sheets_run.c — see sheets_run.h. */
#include "sheets_run.h"

#include <stdio.h>
#include <string.h>

#include "mainline.h"
#include "pgn_write.h"
#include "repair_game.h"
#include "repair_json.h"
#include "sheets.h"

/* One sheet file read game by game. */
typedef struct sheet_file {
    const char *path;
    arb_pgn_reader *reader;
    arb_pgn_game game;
    arb_mainline ml;
    const char *name;
    int rc;
} sheet_file;

static bool sheet_open(sheet_file *f, const char *path, const sheets_run *o)
{
    memset(f, 0, sizeof *f);
    f->path = path;
    arb_pgn_game_init(&f->game);
    arb_mainline_init(&f->ml);
    arb_status st = arb_pgn_reader_open(path, o->read, &f->reader);
    if (st.code) {
        fprintf(stderr, "%s: %s\n", o->program, st.message);
        return false;
    }
    f->name = arb_pgn_reader_name(f->reader);
    return true;
}

static void sheet_close(sheet_file *f)
{
    arb_pgn_reader_free(f->reader);
    arb_pgn_game_free(&f->game);
    arb_mainline_free(&f->ml);
}

/* Next game; false at the end or on an input failure (reported, f->rc). */
static bool sheet_next(sheet_file *f)
{
    arb_status st;
    f->rc = arb_pgn_read(f->reader, &f->game, &st);
    if (f->rc == ARB_PGN_READ_FAILED)
        fprintf(stderr, "%s:%d:%d: %s\n", f->name, st.line, st.col, st.message);
    return f->rc == ARB_PGN_READ_GAME;
}

static const arb_notation *notation_of(const sheets_run *o, const arb_pgn_game *g)
{
    if (g->notation_used)
        return g->notation_used;
    return o->read->notation ? o->read->notation : o->english;
}

static void json_sheets(arb_strbuf *t, unsigned long long number, const char *status, const sheet_file *w,
                        const sheet_file *b, const arb_sheets_result *res)
{
    static const char *const kept[] = {"both", "white", "black", "neither"};
    arb_strbuf_printf(t, "{\"game\":%llu,\"status\":\"%s\",\"san\":", number, status);
    repair_json_san(t, &w->game.start, res ? res->moves : NULL, res ? res->move_count : 0);
    arb_strbuf_puts(t, ",\"disagreements\":[");
    for (size_t d = 0; res && d < res->disagreement_count; d++) {
        const arb_sheets_disagreement *dis = &res->disagreements[d];
        char wt[128], bt[128];
        arb_sheets_token_text(&w->ml, dis->white_token, wt, sizeof wt);
        arb_sheets_token_text(&b->ml, dis->black_token, bt, sizeof bt);
        arb_strbuf_printf(t, "%s{\"ply\":%u,\"white\":", d ? "," : "", dis->ply + 1);
        if (dis->white_token >= 0)
            arb_strbuf_json_string(t, wt);
        else
            arb_strbuf_puts(t, "null");
        arb_strbuf_puts(t, ",\"black\":");
        if (dis->black_token >= 0)
            arb_strbuf_json_string(t, bt);
        else
            arb_strbuf_puts(t, "null");
        arb_strbuf_printf(t, ",\"kept\":\"%s\",\"extra\":%s}", kept[dis->winner], dis->extra ? "true" : "false");
    }
    arb_strbuf_puts(t, "]}\n");
}

/* Before anything is written: both files hold the same number of games,
 * at least one, and game i of each starts from the same position (FEN
 * tag).  False after the message. */
static bool sheets_match(const sheets_run *o)
{
    arb_pgn_reader_options tags = *o->read;
    tags.tags_only = true;
    tags.notation = NULL;
    tags.autodetect = NULL;
    arb_pgn_reader *r[2] = {NULL, NULL};
    arb_pgn_game g[2];
    unsigned long long n[2] = {0, 0};
    bool ok = true;
    for (int i = 0; i < 2; i++) {
        arb_pgn_game_init(&g[i]);
        arb_status st = arb_pgn_reader_open(o->paths[i], &tags, &r[i]);
        if (st.code) {
            fprintf(stderr, "%s: %s\n", o->program, st.message);
            ok = false;
        }
    }
    for (bool more = ok; more;) {
        arb_status st;
        int rc[2];
        for (int i = 0; i < 2; i++) {
            rc[i] = arb_pgn_read(r[i], &g[i], &st);
            if (rc[i] == ARB_PGN_READ_FAILED) {
                fprintf(stderr, "%s:%d:%d: %s\n", arb_pgn_reader_name(r[i]), st.line, st.col, st.message);
                ok = more = false;
                break;
            }
            n[i] += rc[i] == ARB_PGN_READ_GAME;
        }
        if (!more)
            break;
        if (rc[0] == ARB_PGN_READ_GAME && rc[1] == ARB_PGN_READ_GAME) {
            const char *fw = arb_pgn_game_tag(&g[0], "FEN"), *fb = arb_pgn_game_tag(&g[1], "FEN");
            if ((fw || fb) && (!fw || !fb || strcmp(fw, fb) != 0)) {
                fprintf(stderr, "%s:%d:%d: game %llu starts from another position (FEN %s) than in %s (FEN %s), "
                        "expected both sheets of a game to start alike\n", arb_pgn_reader_name(r[1]), g[1].line, g[1].col,
                        n[1], fb ? fb : "none", arb_pgn_reader_name(r[0]), fw ? fw : "none");
                ok = false;
                break;
            }
            continue;
        }
        /* one or both at their end: count the rest of the longer one */
        for (int i = 0; i < 2; i++)
            while (rc[i] == ARB_PGN_READ_GAME && (rc[i] = arb_pgn_read(r[i], &g[i], &st)) == ARB_PGN_READ_GAME)
                n[i]++;
        if (n[0] != n[1]) {
            fprintf(stderr, "%s: %s has %llu game%s and %s %llu, expected the same number (game i of each "
                    "file is the same game)\n", o->program, arb_pgn_reader_name(r[0]), n[0], n[0] == 1 ? "" : "s",
                    arb_pgn_reader_name(r[1]), n[1]);
            ok = false;
        } else if (n[0] == 0) {
            fprintf(stderr, "%s: %s and %s hold no games, expected the scoresheets of at least one game\n",
                    o->program, arb_pgn_reader_name(r[0]), arb_pgn_reader_name(r[1]));
            ok = false;
        }
        more = false;
    }
    for (int i = 0; i < 2; i++) {
        arb_pgn_reader_free(r[i]);
        arb_pgn_game_free(&g[i]);
    }
    return ok;
}

bool sheets_run_files(sheets_run *o)
{
    if (!sheets_match(o))
        return false;
    sheet_file w, b;
    bool opened_w = sheet_open(&w, o->paths[0], o), opened_b = opened_w && sheet_open(&b, o->paths[1], o);
    if (!opened_w || !opened_b) {
        if (opened_w)
            sheet_close(&w);
        return false;
    }
    arb_sheets *rec = arb_sheets_new(o->limits);
    arb_pgn_game fixed;
    arb_pgn_game_init(&fixed);
    arb_pgn_writer *writer = arb_pgn_writer_new(NULL);
    arb_strbuf t;
    arb_strbuf_init(&t);
    bool good = rec && writer;
    unsigned long long number = 0;
    for (; good;) {
        bool hw = sheet_next(&w), hb = sheet_next(&b);
        if (w.rc == ARB_PGN_READ_FAILED || b.rc == ARB_PGN_READ_FAILED) {
            good = false;
            break;
        }
        if (!hw || !hb) {
            if (hw != hb) {
                /* count the rest of the longer file for the message */
                sheet_file *longer = hw ? &w : &b, *shorter = hw ? &b : &w;
                unsigned long long more = 1;
                while (sheet_next(longer))
                    more++;
                fprintf(stderr, "%s: %s has %llu game%s and %s %llu, expected the same number "
                        "(game i of each file is the same game)\n", o->program, longer->name, number + more,
                        number + more == 1 ? "" : "s", shorter->name, number);
                good = false;
            } else if (number == 0) {
                fprintf(stderr, "%s: %s and %s hold no games, expected one scoresheet per game in each\n",
                        o->program, w.name, b.name);
                good = false;
            }
            break;
        }
        number++;
        o->games++;
        const arb_pgn_game *gw = &w.game, *gb = &b.game;
        if (gw->start.key != gb->start.key || gw->start.side != gb->start.side) {
            fprintf(stderr, "%s:%d:%d: game %llu starts from another position than in %s (FEN tags differ), "
                    "expected both sheets to start alike\n", b.name, gb->line, gb->col, number, w.name);
            good = false;
            break;
        }
        bool collected = gw->raw && gw->raw_complete && gb->raw && gb->raw_complete
                         && arb_mainline_collect(&w.ml, gw->raw, gw->raw_len, gw->line)
                         && arb_mainline_collect(&b.ml, gb->raw, gb->raw_len, gb->line);
        arb_sheets_result res;
        memset(&res, 0, sizeof res);
        res.status = ARB_SHEETS_NONE;
        if (collected) {
            arb_sheets_input in = {&gw->start, w.ml.tokens, w.ml.count, b.ml.tokens, b.ml.count,
                                   arb_pgn_game_result(gw), notation_of(o, gw), notation_of(o, gb), o->english};
            if (arb_sheets_reconcile(rec, &in, &res).code)
                res.status = ARB_SHEETS_NONE;
        }
        arb_strbuf_clear(&t);
        if (res.status == ARB_SHEETS_NONE) {
            o->unrepaired++;
            fprintf(stderr, "%s:%d:%d: game %llu: no game within limits agrees with both sheets, "
                    "White's sheet passed through unchanged\n", w.name, gw->line, gw->col, number);
            if (o->json)
                json_sheets(&t, number, "unrepairable", &w, &b, NULL);
            else if (gw->raw)
                arb_strbuf_append(&t, gw->raw, gw->raw_len);
        } else {
            if (res.status == ARB_SHEETS_AGREE)
                o->clean++;
            else
                o->repaired++;
            for (size_t d = 0; d < res.disagreement_count; d++) {
                const arb_sheets_disagreement *dis = &res.disagreements[d];
                static const char *const kept[] = {"both", "White's sheet", "Black's sheet", "neither sheet"};
                char wt[64], bt[64];
                arb_sheets_token_text(&w.ml, dis->white_token, wt, sizeof wt);
                arb_sheets_token_text(&b.ml, dis->black_token, bt, sizeof bt);
                /* where the sheet that has a token there wrote it */
                bool on_white = dis->white_token >= 0 || dis->black_token < 0;
                const sheet_file *at = on_white ? &w : &b;
                int32_t tok = on_white ? dis->white_token : dis->black_token;
                int line = tok >= 0 ? at->ml.at[tok].line : at->game.line;
                int col = tok >= 0 ? at->ml.at[tok].col : at->game.col;
                fprintf(stderr, "%s:%d:%d: game %llu, ply %u: white sheet %s, black sheet %s%s; %s followed\n",
                        at->name, line, col, number, dis->ply + 1, wt, bt, dis->extra ? " (no move of the game)" : "",
                        kept[dis->winner]);
            }
            const char *text = NULL;
            size_t len = 0;
            if (o->json) {
                json_sheets(&t, number, res.status == ARB_SHEETS_AGREE ? "clean" : "repaired", &w, &b, &res);
            } else if (arb_sheets_build_game(gw, &w.ml, &b.ml, &res, &fixed)
                       && arb_pgn_write_game(writer, &fixed, &text, &len).code == 0) {
                arb_strbuf_append(&t, text, len);
            } else {
                good = false;
            }
        }
        if (!outfile_write(o->out, t.data, t.len))
            good = false;
    }
    arb_strbuf_free(&t);
    arb_pgn_writer_free(writer);
    arb_pgn_game_free(&fixed);
    arb_sheets_free(rec);
    sheet_close(&w);
    sheet_close(&b);
    return good;
}
