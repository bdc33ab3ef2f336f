/* test_report_html.c — lib/report: HTML escaping, the SVG diagram (squares,
 * pieces on their squares, marked move) and the page's parts. */
#include "helpers.h"

#include "board_svg.h"
#include "report_html.h"

static int count(const char *text, const char *what)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, what)); p += strlen(what))
        n++;
    return n;
}

Test(report_html, escape)
{
    arb_strbuf out;
    arb_strbuf_init(&out);
    cr_assert(arb_html_escape(&out, "a<b & \"c\" 'd'>Ş"));
    cr_assert_str_eq(out.data, "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;Ş");
    arb_strbuf_free(&out);
}

Test(report_html, board_diagram)
{
    arb_position pos = fen_ok("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    arb_strbuf out;
    arb_strbuf_init(&out);
    cr_assert(arb_board_svg(&pos, sq("d8"), sq("h4"), "after 2...Qh4# <mate>", &out));
    const char *svg = out.data;
    cr_assert_eq(count(svg, "<rect "), 64);
    cr_assert_eq(count(svg, "data-piece="), 32);
    cr_assert(strstr(svg, "data-square=\"h4\" data-piece=\"q\""));
    cr_assert(strstr(svg, "data-square=\"e1\" data-piece=\"K\""));
    cr_assert(strstr(svg, "data-square=\"g4\" data-piece=\"P\""));
    cr_assert_null(strstr(svg, "data-square=\"d8\""));
    /* the two squares of the move are marked */
    cr_assert_eq(count(svg, "fill=\"#f6eb72\"") + count(svg, "fill=\"#dac34b\""), 2);
    cr_assert(strstr(svg, "<title>after 2...Qh4# &lt;mate&gt;</title>"));
    arb_strbuf_free(&out);
}

Test(report_html, page_parts)
{
    arb_strbuf out;
    arb_strbuf_init(&out);
    arb_html_totals t = {.games = 3, .clean = 2, .with_errors = 1};
    cr_assert(arb_html_begin("Report: A & B", &out));
    cr_assert(arb_html_summary(&t, NULL, &out));
    arb_lint_report r;
    arb_lint_report_init(&r);
    cr_assert(arb_html_report_findings(&r, "nothing", NULL, &out));   /* no findings: nothing */
    cr_assert(arb_html_end(&out));
    cr_assert(strstr(out.data, "<title>Report: A &amp; B</title>"));
    cr_assert(strstr(out.data, "3 games: 2 clean, 1 with errors, 0 with warnings."));
    cr_assert_null(strstr(out.data, "<section class=\"report\">"));
    cr_assert_null(strstr(out.data, "<script"));
    cr_assert(strstr(out.data, "@media print"));
    cr_assert(strstr(out.data, "</body>\n</html>\n"));
    arb_lint_report_free(&r);
    arb_strbuf_free(&out);
}
