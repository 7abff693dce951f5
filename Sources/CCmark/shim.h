#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>

/* The node types the table and strikethrough extensions register when they load: the
   library exports them, its public header does not declare them. */
extern cmark_node_type CMARK_NODE_TABLE;
extern cmark_node_type CMARK_NODE_TABLE_ROW;
extern cmark_node_type CMARK_NODE_TABLE_CELL;
extern cmark_node_type CMARK_NODE_STRIKETHROUGH;
