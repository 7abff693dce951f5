#ifndef COLLAPSE_HIGHLIGHT_H
#define COLLAPSE_HIGHLIGHT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Fenced code split into runs by GNU Source-highlight (libsource-highlight), each with the
 * class GitHub gives such a run in the HTML it writes (`pl-k` for a keyword, `pl-s` for a
 * string, `pl-c` for a comment…), so that a style sheet written for GitHub's code colours
 * it. Source-highlight reads its language definitions from its data folder
 * (/usr/share/source-highlight, or SOURCE_HIGHLIGHT_DATADIR) when a language is first
 * asked for; a language it has no definition for, or whose definition cannot be read, is
 * not known. One thread highlights at a time.
 */

/* A run of code: `length` bytes, and GitHub's class for them, or NULL for none. */
typedef struct {
  size_t length;
  const char *class_name;
} collapse_code_run;

/* Whether code marked with `language` (a fence info string's first word, in any case:
   `rust`, `Python`, `c++`) can be highlighted. */
int collapse_highlight_knows(const char *language, size_t language_length);

/* The runs of `code`, which follow each other and together cover it, in `*runs`, an
   array from malloc for the caller to free; their number is returned. -1, with `*runs`
   NULL, when the code is not highlighted: its language is not known, it is larger than
   COLLAPSE_HIGHLIGHT_LIMIT, or Source-highlight failed on it (a rule's regular
   expression that would take too long throws, and the code is then left plain). */
long collapse_highlight_runs(const char *language, size_t language_length, const char *code,
                             size_t length, collapse_code_run **runs);

/* The largest code highlighted, in bytes: a block larger than this is left plain. */
#define COLLAPSE_HIGHLIGHT_LIMIT ((size_t)1 << 20)

/* The longest line highlighted, in bytes; a longer one is left plain. Source-highlight
   looks for each of a language's rules from each place in a line to its end, so a line
   can cost up to the cube of its length: a line of 45 KB (a JSON response written on one
   line) took 11 s, while code in lines of usual length takes about 0.3 s a megabyte.
   Even at this length, hostile lines (511 slashes in sh) take 0.2 s each, which the
   limits of time below bound. */
#define COLLAPSE_HIGHLIGHT_LINE_LIMIT ((size_t)512)

/* The time one block may take, in milliseconds: the rest of a block that has taken it is
   left plain, checked between lines. */
#define COLLAPSE_HIGHLIGHT_BLOCK_MILLISECONDS 1000

/* The time highlighting may take in all, in seconds, in one process: once it has, every
   block after is left plain. A document of many hostile blocks costs that and no more. */
#define COLLAPSE_HIGHLIGHT_SECONDS 5

#ifdef __cplusplus
}
#endif

#endif
