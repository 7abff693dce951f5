#include "cmark_highlight.h"

#include <cmark-gfm-extension_api.h>
#include <cmark-gfm/houdini.h>
#include <cmark-gfm/render.h>
#include <cmark_guard.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* The highlighter of the render in progress on this thread, which the marked blocks are
   written through. */
static _Thread_local const collapse_code_highlighter *this_highlighter;

/* The length of the first word of a fence's info string, its language, as cmark-gfm
   takes it for the `language-` class. */
static size_t language_length(const char *info) {
  size_t length = 0;
  /* cmark-gfm's cmark_isspace: space, tab, line feed and carriage return only. */
  while (info[length] && !strchr(" \t\n\r", info[length])) length++;
  return length;
}

/* Writes a code block marked for highlighting as cmark-gfm's html.c writes fenced code
   (with none of the options that change it), its code in the highlighter's runs. */
static void render_highlighted(cmark_syntax_extension *extension, cmark_html_renderer *renderer,
                               cmark_node *node, cmark_event_type event, int options) {
  (void)extension;
  (void)event;
  (void)options;
  cmark_strbuf *html = renderer->html;
  /* Both strings were made when the block was marked: reading them allocates nothing. */
  const char *info = cmark_node_get_fence_info(node);
  const char *code = cmark_node_get_literal(node);
  size_t language = language_length(info);
  size_t length = strlen(code);
  if (html->size && html->ptr[html->size - 1] != '\n') cmark_strbuf_putc(html, '\n');
  cmark_strbuf_puts(html, "<pre><code class=\"language-");
  houdini_escape_html0(html, (const uint8_t *)info, (bufsize_t)language, 0);
  cmark_strbuf_puts(html, "\">");
  const collapse_code_highlighter *highlighter = this_highlighter;
  collapse_code_run *runs = NULL;
  long count = highlighter->runs(highlighter->context, info, language, code, length, &runs);
  /* Freed by the guard if the render is abandoned while they are written. */
  collapse_render_owns(runs);
  if (count < 0) {
    houdini_escape_html0(html, (const uint8_t *)code, (bufsize_t)length, 0);
  }
  const char *run = code;
  for (long i = 0; i < count; i++) {
    const char *class_name = runs[i].class_name;
    if (class_name) {
      cmark_strbuf_puts(html, "<span class=\"");
      cmark_strbuf_puts(html, class_name);
      cmark_strbuf_puts(html, "\">");
    }
    houdini_escape_html0(html, (const uint8_t *)run, (bufsize_t)runs[i].length, 0);
    if (class_name) cmark_strbuf_puts(html, "</span>");
    run += runs[i].length;
  }
  collapse_render_owns(NULL);
  free(runs);
  cmark_strbuf_puts(html, "</code></pre>\n");
}

static cmark_syntax_extension *highlighting;

static void make_highlighting(void) {
  highlighting = cmark_syntax_extension_new("collapse-highlight");
  cmark_syntax_extension_set_html_render_func(highlighting, render_highlighted);
}

/* Whether code blocks may hold code blocks: the containers of blocks do, paragraphs,
   headings and inlines do not. */
static int may_hold_code(cmark_node *node) {
  cmark_node_type type = cmark_node_get_type(node);
  return (type & CMARK_NODE_TYPE_MASK) == CMARK_NODE_TYPE_BLOCK &&
         type != CMARK_NODE_PARAGRAPH && type != CMARK_NODE_HEADING;
}

/* Marks the fenced code in `root` whose language `highlighter` knows to be rendered by
   `render_highlighted`; with no highlighter, takes those marks off. */
static void mark_code(cmark_node *root, const collapse_code_highlighter *highlighter) {
  cmark_node *node = root;
  for (;;) {
    if (cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK) {
      cmark_syntax_extension *now = cmark_node_get_syntax_extension(node);
      if (!highlighter && now == highlighting) {
        cmark_node_set_syntax_extension(node, NULL);
      } else if (highlighter && !now) {
        const char *info = cmark_node_get_fence_info(node);
        size_t language = info ? language_length(info) : 0;
        if (language > 0 && highlighter->knows(highlighter->context, info, language)) {
          /* The literal made into a C string now, outside the render, whose allocations
             are freed if it is abandoned. */
          if (cmark_node_get_literal(node)) cmark_node_set_syntax_extension(node, highlighting);
        }
      }
    }
    cmark_node *child = may_hold_code(node) ? cmark_node_first_child(node) : NULL;
    if (child) {
      node = child;
      continue;
    }
    while (node != root && !cmark_node_next(node)) node = cmark_node_parent(node);
    if (node == root) return;
    node = cmark_node_next(node);
  }
}

char *collapse_render_html_highlighting(cmark_node *root, int options, int filter_tags,
                                        const collapse_code_highlighter *highlighter) {
  if (!highlighter || (options & (CMARK_OPT_SOURCEPOS | CMARK_OPT_GITHUB_PRE_LANG |
                                  CMARK_OPT_FULL_INFO_STRING))) {
    return collapse_render_html(root, options, filter_tags);
  }
  static pthread_once_t made = PTHREAD_ONCE_INIT;
  pthread_once(&made, make_highlighting);
  mark_code(root, highlighter);
  this_highlighter = highlighter;
  char *html = collapse_render_html(root, options, filter_tags);
  this_highlighter = NULL;
  mark_code(root, NULL);
  /* Highlighted code can take many times its plain HTML: unmarked, it may still fit. */
  return html ? html : collapse_render_html(root, options, filter_tags);
}
