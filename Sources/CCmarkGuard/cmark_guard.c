#include "cmark_guard.h"

#include <cmark-gfm-extension_api.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdlib.h>

/* The render in progress on this thread, if `active`, and the blocks it has allocated.
   It is not a local variable of collapse_render_html: what such a variable holds after
   longjmp is not defined once it has changed since setjmp. */
typedef struct {
  int active;
  jmp_buf jump;
  void *blocks[16];
  int count;
  /* A block of the caller's, freed when the render is abandoned (collapse_render_owns). */
  void *owned;
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

void collapse_render_owns(void *block) {
  if (this_render.active) this_render.owned = block;
}

char *collapse_render_html(cmark_node *root, int options, int filter_tags) {
  /* The renderer only reads the list, which lives as long as the render. */
  cmark_llist filters = {NULL, NULL};
  if (filter_tags) filters.data = cmark_find_syntax_extension("tagfilter");
  this_render.count = 0;
  this_render.owned = NULL;
  this_render.active = 1;
  if (setjmp(this_render.jump) != 0) {
    this_render.active = 0;
    for (int i = 0; i < this_render.count; i++) free(this_render.blocks[i]);
    free(this_render.owned);
    this_render.owned = NULL;
    return NULL;
  }
  /* The extensions render their own nodes: the list only brings in tagfilter. */
  char *html =
      cmark_render_html_with_mem(root, options, filters.data ? &filters : NULL, &allocator);
  this_render.active = 0;
  this_render.owned = NULL;
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
