/* locale_list.c — see locale_list.h. */
#include "locale_list.h"

#include <stdio.h>
#include <string.h>

#include "position.h"

/* Display width of UTF-8 text (characters, not bytes). */
static size_t text_width(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

static void print_padded(const char *s, size_t width)
{
    fputs(s, stdout);
    for (size_t w = text_width(s); w < width; w++)
        putchar(' ');
}

void locale_list_print(const arb_locale_set *set)
{
    print_padded("code", 11);
    print_padded("K Q R B N", 18);
    printf("name\n");
    for (size_t i = 0; i < arb_locales_count(set); i++) {
        const arb_locale *loc = arb_locales_at(set, i);
        char letters[128] = "";
        size_t o = 0;
        for (int k = ARB_KING; k >= ARB_KNIGHT; k--)
            o += (size_t)snprintf(letters + o, sizeof letters - o, "%s%s", o ? " " : "",
                                  arb_locale_piece(loc, k, 0));
        print_padded(arb_locale_code(loc), 11);
        print_padded(letters, 18);
        const char *english = arb_locale_english_name(loc);
        if (english[0] && strcmp(english, arb_locale_name(loc)) != 0)
            printf("%s (%s)\n", arb_locale_name(loc), english);
        else
            printf("%s\n", arb_locale_name(loc));
    }
}
