#include "cmark_guard.h"

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
} collapse_render;

static _Thread_local collapse_render this_render;

/* The parse in progress on this thread, if `active`: where to jump when memory runs out. */
typedef struct {
  int active;
  jmp_buf jump;
} collapse_parse;

static _Thread_local collapse_parse this_parse;

/* Memory ran out: a guarded render or parse is abandoned, anything else ends the program,
   as cmark-gfm's own allocator does. */
static void out_of_memory(void) {
  if (this_render.active) longjmp(this_render.jump, 1);
  if (this_parse.active) longjmp(this_parse.jump, 1);
  abort();
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
  if (!block) out_of_memory();
  remember(block);
  return block;
}

static void *guarded_realloc(void *old, size_t size) {
  if (this_render.active && size > COLLAPSE_RENDER_LIMIT) longjmp(this_render.jump, 1);
  void *block = realloc(old, size);
  if (!block) out_of_memory();
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

char *collapse_render_html(cmark_node *root, int options) {
  this_render.count = 0;
  this_render.active = 1;
  if (setjmp(this_render.jump) != 0) {
    this_render.active = 0;
    for (int i = 0; i < this_render.count; i++) free(this_render.blocks[i]);
    return NULL;
  }
  /* No extension list: the extensions render their own nodes, and the list only brings
     in tagfilter, which collapse does not use. */
  char *html = cmark_render_html_with_mem(root, options, NULL, &allocator);
  this_render.active = 0;
  return html;
}

int collapse_parser_feed(cmark_parser *parser, const char *buffer, size_t length) {
  this_parse.active = 1;
  if (setjmp(this_parse.jump) != 0) {
    this_parse.active = 0;
    return 0;
  }
  cmark_parser_feed(parser, buffer, length);
  this_parse.active = 0;
  return 1;
}

cmark_node *collapse_parser_finish(cmark_parser *parser) {
  this_parse.active = 1;
  if (setjmp(this_parse.jump) != 0) {
    this_parse.active = 0;
    return NULL;
  }
  cmark_node *root = cmark_parser_finish(parser);
  this_parse.active = 0;
  return root;
}
