/* cmark-gfm the library, as collapse uses it: parse a file with GitHub's extensions and
   cmark's default allocator, render it as HTML, write that out. The cmark-gfm command
   parses into an arena instead, which makes small allocations cheaper than any program
   that frees what it parses; `make bench` times both, to tell collapse's own cost from
   the allocator's. */
#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  FILE *file = argc > 1 ? fopen(argv[1], "rb") : stdin;
  if (!file) return 1;
  cmark_gfm_core_extensions_ensure_registered();
  cmark_parser *parser = cmark_parser_new(CMARK_OPT_FOOTNOTES);
  const char *names[] = {"table", "strikethrough", "autolink", "tasklist"};
  for (int i = 0; i < 4; i++) {
    cmark_parser_attach_syntax_extension(parser, cmark_find_syntax_extension(names[i]));
  }
  char buffer[1 << 16];
  size_t count;
  while ((count = fread(buffer, 1, sizeof buffer, file)) > 0) {
    cmark_parser_feed(parser, buffer, count);
  }
  cmark_node *root = cmark_parser_finish(parser);
  char *html = cmark_render_html(root, CMARK_OPT_DEFAULT, NULL);
  fwrite(html, 1, strlen(html), stdout);
  free(html);
  cmark_node_free(root);
  cmark_parser_free(parser);
  return 0;
}
