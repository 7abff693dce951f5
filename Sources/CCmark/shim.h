#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>

/* The node types the table and strikethrough extensions register when they load: the
   library exports them, its public header does not declare them. */
extern cmark_node_type CMARK_NODE_TABLE;
extern cmark_node_type CMARK_NODE_STRIKETHROUGH;

/* Read once the extensions have registered (cmark_gfm_core_extensions_ensure_registered),
   after which they do not change. */
static inline cmark_node_type collapse_node_type_table(void) { return CMARK_NODE_TABLE; }
static inline cmark_node_type collapse_node_type_strikethrough(void) {
  return CMARK_NODE_STRIKETHROUGH;
}
