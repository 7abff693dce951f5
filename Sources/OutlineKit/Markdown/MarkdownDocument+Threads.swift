import CCmark

extension MarkdownDocument {
  /// Readies the document to be drawn from two threads at once, each reading the blocks
  /// of other content runs (`DrawingAhead`): cmark-gfm copies a node's text or URL into a
  /// string of its own the first time it is asked for, so every one is asked for here,
  /// once; and what the document finds when first asked (its emoji, its divisions, its
  /// notes) is found now. After this, drawing changes nothing of the document.
  func readyForDrawingOnThreads() {
    showEmoji()
    _ = divisions
    _ = noteDefinitions
    var roots = order.compactMap { part -> OpaquePointer? in
      guard case .blocks = part else { return nil }
      return root(of: part)
    }
    if let notes = root(of: .notes) { roots.append(notes) }
    for root in roots {
      for step in CmarkWalk(root) where step.isEntering {
        switch cmark_node_get_type(step.node) {
        case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE, CMARK_NODE_HTML_BLOCK,
          CMARK_NODE_CODE_BLOCK, CMARK_NODE_FOOTNOTE_REFERENCE:
          _ = cmark_node_get_literal(step.node)
        case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
          _ = cmark_node_get_url(step.node)
        default:
          continue
        }
      }
    }
  }
}
