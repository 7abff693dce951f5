#include <gumbo.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>

/* Gumbo frees a tree one call per level of nesting, so a document of deeply nested
   elements would run the stack out when its tree is freed. collapse hands gumbo an arena
   instead: blocks come from large chunks, gumbo's frees do nothing, and the chunks go
   together once the tree has been read. Nothing of the tree is walked to free it. */

typedef struct collapse_gumbo_chunk {
  struct collapse_gumbo_chunk *next;
  size_t used;
  size_t size;
} collapse_gumbo_chunk;

typedef struct collapse_gumbo_arena {
  collapse_gumbo_chunk *chunks;
  /* The bytes gumbo has asked for, and the most it may: a parse that would take more is
     abandoned as one that ran out of memory, with `over_budget` set. Gumbo builds a node
     for every element it makes, and some markup makes it copy many elements for each
     tag (the formatting elements it reopens in every paragraph), so what it asks for
     counts the nodes it makes. 0: no bound. */
  size_t allocated;
  size_t budget;
  int over_budget;
  /* Where a parse goes back to when memory runs out. */
  jmp_buf out_of_memory;
} collapse_gumbo_arena;

static inline void *collapse_gumbo_allocate(void *userdata, size_t size) {
  collapse_gumbo_arena *arena = (collapse_gumbo_arena *)userdata;
  size_t rounded = (size + 15) & ~(size_t)15;
  arena->allocated += rounded;
  if (arena->budget != 0 && arena->allocated > arena->budget) {
    arena->over_budget = 1;
    longjmp(arena->out_of_memory, 1);
  }
  collapse_gumbo_chunk *chunk = arena->chunks;
  size_t header = (sizeof(collapse_gumbo_chunk) + 15) & ~(size_t)15;
  if (chunk == NULL || chunk->size - chunk->used < rounded) {
    size_t capacity = rounded > (256u << 10) ? rounded : (256u << 10);
    chunk = (collapse_gumbo_chunk *)malloc(header + capacity);
    /* Gumbo does not check what its allocator returns: the parse is abandoned instead.
       Everything it made is in the arena, and nothing outside it holds any of it. */
    if (chunk == NULL) longjmp(arena->out_of_memory, 1);
    chunk->used = 0;
    chunk->size = capacity;
    if (arena->chunks != NULL && rounded > (256u << 10)) {
      /* A large block gets a chunk of its own, kept behind the one being filled. */
      chunk->next = arena->chunks->next;
      arena->chunks->next = chunk;
    } else {
      chunk->next = arena->chunks;
      arena->chunks = chunk;
    }
  }
  void *block = (char *)chunk + header + chunk->used;
  chunk->used += rounded;
  return block;
}

static inline void collapse_gumbo_deallocate(void *userdata, void *block) {
  (void)userdata;
  (void)block;
}

/* Parses `length` bytes of HTML as the children of an element `context` would, as a
   browser parses what is set as that element's innerHTML. Every part of the result lives
   in `arena`; free it with `collapse_gumbo_free` and never with gumbo's own functions.
   NULL when memory ran out, or when the parse would take more than the arena's budget.
   Parse errors are not kept: nothing reads them. */
static inline GumboOutput *collapse_gumbo_parse_fragment(
    collapse_gumbo_arena *arena, const char *html, size_t length, GumboTag context) {
  GumboOptions options = kGumboDefaultOptions;
  options.allocator = collapse_gumbo_allocate;
  options.deallocator = collapse_gumbo_deallocate;
  options.userdata = arena;
  options.max_errors = 0;
  options.fragment_context = context;
  options.fragment_namespace = GUMBO_NAMESPACE_HTML;
  if (setjmp(arena->out_of_memory) != 0) return NULL;
  return gumbo_parse_with_options(&options, html, length);
}

static inline void collapse_gumbo_free(collapse_gumbo_arena *arena) {
  collapse_gumbo_chunk *chunk = arena->chunks;
  while (chunk != NULL) {
    collapse_gumbo_chunk *next = chunk->next;
    free(chunk);
    chunk = next;
  }
  arena->chunks = NULL;
}
