#include "cmark_guard.h"

#include <cmark-gfm-extension_api.h>
#include <cmark-gfm/houdini.h>
#include <cmark-gfm/render.h>
#include <collapse_highlight.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

/* The render in progress on this thread, if `active`, and the blocks it has allocated.
   It is not a local variable of collapse_render_html: what such a variable holds after
   longjmp is not defined once it has changed since setjmp. */
typedef struct {
  int active;
  jmp_buf jump;
  void *blocks[16];
  int count;
  /* The runs of the code being written, if any: freed when the render is abandoned. */
  collapse_code_run *runs;
} collapse_render;

static _Thread_local collapse_render this_render;

/* The parse in progress on this thread, if `active`: where to jump when memory runs out. */
typedef struct {
  int active;
  jmp_buf jump;
} collapse_parse;

static _Thread_local collapse_parse this_parse;

/* Memory held back while a parse runs, given back the first time an allocation fails so
   that it can be tried again. A parse is abandoned only when memory runs out a second
   time: the few small blocks cmark_parser_finish allocates after it has handed over the
   tree (cmark_parser_reset's) are then almost sure to be had, and a jump between the two
   would lose the tree and leave the parser unfit for cmark_parser_free. */
#define COLLAPSE_PARSE_RESERVE ((size_t)64 << 10)
static _Thread_local void *parse_reserve;

/* Memory ran out: returns 1 when the allocation may be tried again. Else a guarded render
   or parse is abandoned, and anything else ends the program, as cmark-gfm's own
   allocator does. */
static int out_of_memory(void) {
  if (this_parse.active && parse_reserve) {
    free(parse_reserve);
    parse_reserve = NULL;
    return 1;
  }
  if (this_render.active) longjmp(this_render.jump, 1);
  if (this_parse.active) longjmp(this_parse.jump, 1);
  abort();
}

/* Starts a guarded parse on this thread, with its reserve. */
static void start_parse(void) {
  if (!parse_reserve) parse_reserve = malloc(COLLAPSE_PARSE_RESERVE);
  this_parse.active = 1;
}

/* Ends a guarded parse, giving its reserve back: a thread keeps none once it is done. */
static void end_parse(void) {
  this_parse.active = 0;
  free(parse_reserve);
  parse_reserve = NULL;
}

static void forget(void *block) {
  if (!this_render.active || !block) return;
  for (int i = 0; i < this_render.count; i++) {
    if (this_render.blocks[i] == block) {
      this_render.blocks[i] = this_render.blocks[--this_render.count];
      return;
    }
  }
}

static void remember(void *block) {
  if (this_render.active && this_render.count < 16) {
    this_render.blocks[this_render.count++] = block;
  }
}

static void *guarded_calloc(size_t count, size_t size) {
  void *block = calloc(count, size);
  while (!block && out_of_memory()) block = calloc(count, size);
  remember(block);
  return block;
}

static void *guarded_realloc(void *old, size_t size) {
  if (this_render.active && size > COLLAPSE_RENDER_LIMIT) longjmp(this_render.jump, 1);
  void *block = realloc(old, size);
  while (!block && out_of_memory()) block = realloc(old, size);
  forget(old);
  remember(block);
  return block;
}

static void guarded_free(void *block) {
  forget(block);
  free(block);
}

static cmark_mem allocator = {guarded_calloc, guarded_realloc, guarded_free};

cmark_mem *collapse_cmark_mem(void) { return &allocator; }

/* The length of the first word of a fence's info string, its language, as cmark-gfm
   takes it for the `language-` class. */
static size_t language_length(const char *info) {
  size_t length = 0;
  /* cmark-gfm's cmark_isspace: space, tab, line feed and carriage return only. */
  while (info[length] && !strchr(" \t\n\r", info[length])) length++;
  return length;
}

/* Writes a code block marked for highlighting as cmark-gfm's html.c writes fenced code
   (with none of the options that change it), its code in runs with GitHub's classes. */
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
  collapse_code_run *runs = NULL;
  long count = collapse_highlight_runs(info, language, code, length, &runs);
  this_render.runs = runs;
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
  this_render.runs = NULL;
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

/* Marks the fenced code in `root` that Source-highlight knows the language of to be
   rendered by `render_highlighted`, when `marking`; else takes those marks off. */
static void mark_code(cmark_node *root, int marking) {
  cmark_node *node = root;
  for (;;) {
    if (cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK) {
      cmark_syntax_extension *now = cmark_node_get_syntax_extension(node);
      if (!marking && now == highlighting) {
        cmark_node_set_syntax_extension(node, NULL);
      } else if (marking && !now) {
        const char *info = cmark_node_get_fence_info(node);
        size_t language = info ? language_length(info) : 0;
        if (language > 0 && collapse_highlight_knows(info, language)) {
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

char *collapse_render_html(cmark_node *root, int options, int filter_tags, int highlight) {
  /* The renderer only reads the list, which lives as long as the render. */
  cmark_llist filters = {NULL, NULL};
  if (filter_tags) filters.data = cmark_find_syntax_extension("tagfilter");
  static pthread_once_t made = PTHREAD_ONCE_INIT;
  int marks = highlight && !(options & (CMARK_OPT_SOURCEPOS | CMARK_OPT_GITHUB_PRE_LANG |
                                        CMARK_OPT_FULL_INFO_STRING));
  if (marks) {
    pthread_once(&made, make_highlighting);
    mark_code(root, 1);
  }
  this_render.count = 0;
  this_render.runs = NULL;
  this_render.active = 1;
  if (setjmp(this_render.jump) != 0) {
    this_render.active = 0;
    for (int i = 0; i < this_render.count; i++) free(this_render.blocks[i]);
    free(this_render.runs);
    this_render.runs = NULL;
    if (!marks) return NULL;
    /* Highlighted code can take many times its plain HTML: unmarked, it may still fit. */
    mark_code(root, 0);
    return collapse_render_html(root, options, filter_tags, 0);
  }
  /* The extensions render their own nodes: the list only brings in tagfilter. */
  char *html =
      cmark_render_html_with_mem(root, options, filters.data ? &filters : NULL, &allocator);
  this_render.active = 0;
  if (marks) mark_code(root, 0);
  return html;
}

int collapse_parser_feed(cmark_parser *parser, const char *buffer, size_t length) {
  start_parse();
  if (setjmp(this_parse.jump) != 0) {
    end_parse();
    return 0;
  }
  cmark_parser_feed(parser, buffer, length);
  end_parse();
  return 1;
}

/* cmark_parser_finish adds the extensions' special characters (`~`, `:`, `w`…) to a table
   of the whole process while it parses inlines, and takes them out at the end
   (cmark-gfm 0.29.0.gfm.6, blocks.c, process_inlines; github/cmark-gfm#221): two parses
   finishing at once on two threads take them out from under each other, and one then
   reads `~~gone~~` and bare URLs as plain text. Inlines are parsed one document at a time. */
static pthread_mutex_t inline_parse = PTHREAD_MUTEX_INITIALIZER;

cmark_node *collapse_parser_finish(cmark_parser *parser) {
  start_parse();
  if (setjmp(this_parse.jump) != 0) {
    /* A parse abandoned while it parsed inlines must take the special characters out, or
       a later strict CommonMark parse would read `~` and `|` as the extensions do. */
    end_parse();
    cmark_manage_extensions_special_characters(parser, 0);
    pthread_mutex_unlock(&inline_parse);
    return NULL;
  }
  pthread_mutex_lock(&inline_parse);
  cmark_node *root = cmark_parser_finish(parser);
  pthread_mutex_unlock(&inline_parse);
  end_parse();
  return root;
}
