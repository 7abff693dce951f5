import CCmark

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension MarkdownDocument {
  /// Writes the text a reader sees in a container's blocks, for a page's search: the
  /// literal text and code of its inlines, a space for each line break, each block (a
  /// paragraph, an item, a table cell) on a line of its own. Raw HTML is left out, tags
  /// and text alike.
  func writePlainText<Target: ByteOutputStream>(_ container: Container, to target: inout Target) {
    guard let root = root(of: .blocks(container)) else { return }
    var lineStarted = false
    var walk = CmarkWalk(root)
    while let step = walk.next() {
      guard step.isEntering else { continue }
      let current = step.node
      let type = cmark_node_get_type(current)
      // cmark's node types say their class in their top bits (cmark-gfm.h).
      if type.rawValue & 0xC000 == 0x8000, lineStarted {
        target.write("\n")
        lineStarted = false
      }
      switch type {
      case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_CODE_BLOCK:
        if let literal = cmark_node_get_literal(current) {
          target.write(bytes: UnsafeRawBufferPointer(start: literal, count: strlen(literal)))
          lineStarted = true
        }
      case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
        target.write(" ")
      default:
        break
      }
      // Raw HTML gives no text.
      if type == CMARK_NODE_HTML_INLINE { walk.skipChildren() }
    }
  }
}
