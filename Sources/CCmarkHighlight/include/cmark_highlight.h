#ifndef COLLAPSE_CMARK_HIGHLIGHT_H
#define COLLAPSE_CMARK_HIGHLIGHT_H

#include <cmark-gfm.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * A hook on cmark-gfm's HTML render that writes fenced code in runs, each with the class
 * a highlighter gives it, `<span class="pl-k">fn</span>`, and otherwise as cmark-gfm
 * writes it. The hook knows no highlighter: it asks the one it is handed, through
 * collapse_code_highlighter, whether it knows a language and what the runs of a block are.
 * The code blocks to be highlighted are marked (given the hook's syntax extension) for the
 * render and unmarked after it: a tree is rendered on one thread at a time.
 */

/* A run of code: `length` bytes, and its class, or NULL for none. */
typedef struct {
  size_t length;
  const char *class_name;
} collapse_code_run;

/* What colours code: `context` is handed back to both functions. */
typedef struct {
  void *context;
  /* Whether code marked with `language` (a fence info string's first word, in any case)
     can be highlighted. */
  int (*knows)(void *context, const char *language, size_t language_length);
  /* The runs of `code`, which follow each other and together cover it, in `*runs`, an
     array from malloc for the caller to free; their number is returned, or -1, with
     `*runs` NULL, when the code is left plain. */
  long (*runs)(void *context, const char *language, size_t language_length, const char *code,
               size_t length, collapse_code_run **runs);
} collapse_code_highlighter;

/* collapse_render_html (CCmarkGuard) with, when `highlighter` is not NULL, fenced code in
   a language it knows written in its runs; without the spans, the HTML is cmark-gfm's, byte
   for byte. Options that change how cmark-gfm writes code (CMARK_OPT_SOURCEPOS,
   CMARK_OPT_GITHUB_PRE_LANG, CMARK_OPT_FULL_INFO_STRING) leave it unhighlighted. A
   highlighted render that would pass the guard's limit is made again unhighlighted. */
char *collapse_render_html_highlighting(cmark_node *root, int options, int filter_tags,
                                        const collapse_code_highlighter *highlighter);

#ifdef __cplusplus
}
#endif

#endif
