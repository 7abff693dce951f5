#ifndef COLLAPSE_CMARK_GUARD_H
#define COLLAPSE_CMARK_GUARD_H

#include <cmark-gfm.h>

/*
 * cmark-gfm keeps a render's HTML in one buffer and ends the program (abort) when that
 * buffer would pass 1 GiB (cmark_strbuf_grow, "requests buffer with size > 1073741823"),
 * as of 0.29.0.gfm.6 and later. HTML can be far longer than its source: a reference
 * link repeats its definition's URL each time it is used, a table row is padded with a
 * cell for every column. So collapse renders through an allocator that stops a render
 * whose buffer would pass COLLAPSE_RENDER_LIMIT, long before cmark-gfm's own limit:
 * the allocator jumps back out of cmark-gfm, frees what the render had allocated, and
 * collapse_render_html returns NULL. The tree stays whole.
 * Outside a render or a parse the allocator is calloc, realloc and free, ending the
 * program when they fail, as cmark-gfm's own does.
 *
 * Memory can also run out under a limit (ulimit -v, a container's), most often while
 * cmark-gfm parses the inlines of the whole document at its end, which takes many times
 * the memory of the blocks for a paragraph of short lines. A parse through the two
 * functions below is abandoned then, as a render is, and they report it; the tree and the
 * parser stay linked and whole, to be freed with cmark_parser_free (a block allocated and
 * not yet linked, such as an inline delimiter, is lost). Memory (64 KiB) held back while a
 * parse runs is given back when memory first runs out, and the parse goes on: it is
 * abandoned the second time, so that the small blocks cmark_parser_finish allocates once
 * it has handed over the tree are had.
 */

/* The largest HTML one render may make, in MiB: a buffer below this never grows past
   cmark-gfm's 1 GiB in one append, since no append is larger than the document (512 MiB
   at most). Swift reads the number from here too. */
#define COLLAPSE_RENDER_LIMIT_MIB 384
#define COLLAPSE_RENDER_LIMIT ((size_t)COLLAPSE_RENDER_LIMIT_MIB << 20)

/* The allocator every tree collapse parses or builds is made with. */
cmark_mem *collapse_cmark_mem(void);

/* The HTML of `root` as cmark_render_html makes it, which the caller frees with free(),
   or NULL when it would take more than COLLAPSE_RENDER_LIMIT bytes or memory ran out.
   With `filter_tags`, raw HTML goes through GitHub's tagfilter, which writes the `<` of
   the tags it names (textarea, script, title and the others whose content a browser
   reads as raw text) as `&lt;`, so that they and what follows them show as text. */
char *collapse_render_html(cmark_node *root, int options, int filter_tags);

/* Called from within a render (by an extension's render function): `block`, from malloc,
   is freed if the render in progress on this thread is abandoned, until another block or
   NULL takes its place. Outside a render it does nothing. */
void collapse_render_owns(void *block);

/* cmark_parser_feed, returning 0 when memory ran out, after which the parser may only be
   freed with cmark_parser_free. */
int collapse_parser_feed(cmark_parser *parser, const char *buffer, size_t length);

/* cmark_parser_finish, returning NULL when memory ran out, after which the parser may
   only be freed with cmark_parser_free, which frees the tree too. */
cmark_node *collapse_parser_finish(cmark_parser *parser);

#endif
