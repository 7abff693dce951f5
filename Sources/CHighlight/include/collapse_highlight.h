#ifndef COLLAPSE_HIGHLIGHT_H
#define COLLAPSE_HIGHLIGHT_H

#include <cmark_highlight.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * GNU Source-highlight (libsource-highlight) as a highlighter of collapse's cmark-gfm hook
 * (collapse_code_highlighter, cmark_highlight.h): fenced code split into runs, each with
 * the class GitHub gives such a run in the HTML it writes (`pl-k` for a keyword, `pl-s` for
 * a string, `pl-c` for a comment…), so that a style sheet written for GitHub's code colours
 * it. Source-highlight reads its language definitions from its data folder
 * (/usr/share/source-highlight, or SOURCE_HIGHLIGHT_DATADIR) when a language is first
 * asked for, and keeps them for the life of the process; a language it has no definition
 * for, or whose definition cannot be read, is not known. One thread highlights at a time.
 * A block is left plain when its language is not known, it is larger than
 * COLLAPSE_HIGHLIGHT_LIMIT, Source-highlight failed on it (a rule's regular expression
 * that would take too long throws), or its budget is spent.
 */

/* The time the highlighting of one command may take, which every block it highlights
   takes from: once it is spent, the blocks after are left plain. Counted atomically. */
typedef struct collapse_highlight_budget collapse_highlight_budget;

/* A budget of `seconds`, for collapse_highlight_budget_free to free; NULL when memory ran
   out. */
collapse_highlight_budget *collapse_highlight_budget_new(double seconds);

void collapse_highlight_budget_free(collapse_highlight_budget *budget);

/* The seconds the blocks highlighted with `budget` have taken. */
double collapse_highlight_budget_spent(const collapse_highlight_budget *budget);

/* Source-highlight, each block's time taken from `budget`, which must outlive the
   renders it is used in. */
collapse_code_highlighter collapse_source_highlighter(collapse_highlight_budget *budget);

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

/* The time a command's highlighting may take in all, in seconds, unless it says otherwise:
   once it has, every block after is left plain. A document of many hostile blocks costs
   that and no more. */
#define COLLAPSE_HIGHLIGHT_SECONDS 5

#ifdef __cplusplus
}
#endif

#endif
