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
  if (!block) abort();
  remember(block);
  return block;
}

static void *guarded_realloc(void *old, size_t size) {
  if (this_render.active && size > COLLAPSE_RENDER_LIMIT) longjmp(this_render.jump, 1);
  void *block = realloc(old, size);
  if (!block) abort();
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
