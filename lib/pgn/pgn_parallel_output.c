/* pgn_parallel_output.c — what the games of a piece produced: texts,
 * counts, and the places where game numbers go (pgn_parallel.h). */
#include "pgn_parallel_internal.h"

#include <stdio.h>
#include <string.h>

#include "decimal.h"

void pgn_output_free(arb_pgn_output *out)
{
    for (int i = 0; i < ARB_PGN_TEXTS; i++)
        arb_strbuf_free(&out->text[i]);
    arb_strbuf_free(&out->numbers);
}

bool pgn_output_failed(const arb_pgn_output *out)
{
    for (int i = 0; i < ARB_PGN_TEXTS; i++)
        if (out->text[i].failed)
            return true;
    return out->numbers.failed;
}

/* Empties an output for the next batch, keeping its memory. */
void pgn_output_clear(arb_pgn_output *out)
{
    for (int i = 0; i < ARB_PGN_TEXTS; i++) {
        out->text[i].len = 0;
        out->text[i].failed = false;
    }
    out->numbers.len = 0;
    out->numbers.failed = false;
    memset(out->count, 0, sizeof out->count);
    out->games = 0;
    out->first = 0;
}

/* A place in a text where a game's number goes. */
struct number_mark {
    size_t at;              /* offset in the text */
    uint64_t game;          /* the game's index in the output */
    int text;
};

bool arb_pgn_output_number(arb_pgn_output *out, int text)
{
    if (text < 0 || text >= ARB_PGN_TEXTS)
        return false;
    struct number_mark m = {.at = out->text[text].len, .game = out->games, .text = text};
    return arb_strbuf_append(&out->numbers, (const char *)&m, sizeof m);
}

bool arb_pgn_output_write(const arb_pgn_output *out, int text, unsigned long long first_number,
                          FILE *fp)
{
    if (text < 0 || text >= ARB_PGN_TEXTS)
        return false;
    const arb_strbuf *t = &out->text[text];
    size_t n = out->numbers.len / sizeof(struct number_mark), from = 0;
    for (size_t i = 0; i < n; i++) {
        struct number_mark m;   /* (copied: the strbuf's bytes need not be aligned) */
        memcpy(&m, out->numbers.data + i * sizeof m, sizeof m);
        if (m.text != text || m.at > t->len || m.at < from)
            continue;
        if (m.at > from && fwrite(t->data + from, 1, m.at - from, fp) != m.at - from)
            return false;
        char digits[ARB_DECIMAL_MAX];   /* (no printf: a number in every line of some outputs) */
        const char *d = arb_decimal_before(first_number + out->first + m.game, digits + sizeof digits);
        if (fwrite(d, 1, (size_t)(digits + sizeof digits - d), fp) != (size_t)(digits + sizeof digits - d))
            return false;
        from = m.at;
    }
    return t->len == from || fwrite(t->data + from, 1, t->len - from, fp) == t->len - from;
}

/* Every game reaches `game` through here, so that the games are counted. */
void pgn_call_game(const arb_pgn_parallel_ops *ops, void *state, const arb_pgn_game *g,
                      arb_pgn_output *out)
{
    ops->game(state, g, out);
    out->games++;
}
