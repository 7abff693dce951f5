import CCmark

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension MarkdownDocument {
  /// A raw HTML node's text and where it starts.
  struct RawPiece {
    let literal: [UInt8]
    let isBlock: Bool
    let line: Int
    let column: Int
  }

  /// The raw HTML nodes of `part`, in order.
  func rawHTML(in part: Part) -> [RawPiece] {
    guard let node = root(of: part) else { return [] }
    var pieces: [RawPiece] = []
    for step in CmarkWalk(node, includingRoot: true) where step.isEntering {
      let current = step.node
      let type = cmark_node_get_type(current)
      guard type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE,
        let literal = cmark_node_get_literal(current)
      else { continue }
      pieces.append(
        RawPiece(
          literal: Array(UnsafeRawBufferPointer(start: literal, count: strlen(literal))),
          isBlock: type == CMARK_NODE_HTML_BLOCK,
          line: Int(cmark_node_get_start_line(current)) - 1,
          column: Int(cmark_node_get_start_column(current)) - 1))
    }
    return pieces
  }
}
