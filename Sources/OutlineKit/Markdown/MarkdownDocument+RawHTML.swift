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

  /// Where the first raw HTML of `part` starts; where `part` does when it holds none.
  func firstRawHTML(in part: Part) -> SourcePlace {
    guard let node = root(of: part) else { return SourcePlace(line: 1, column: 1) }
    return firstRawHTML(in: node)
  }

  /// Where the first raw HTML under `node` starts; where `node` does when it holds none.
  private func firstRawHTML(in node: OpaquePointer) -> SourcePlace {
    SourcePlace(MarkdownDocument.firstRawHTMLNode(under: node) ?? node)
  }

  /// The first raw HTML node of `node` and the nodes under it, in document order.
  static func firstRawHTMLNode(under node: OpaquePointer) -> OpaquePointer? {
    for step in CmarkWalk(node, includingRoot: true) where step.isEntering {
      let type = cmark_node_get_type(step.node)
      if type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE { return step.node }
    }
    return nil
  }

  /// Whether source `lines` hold a `<`, without which they hold no raw HTML; found with
  /// memchr, so that a section without any pays next to nothing.
  func mayHoldRawHTML(_ lines: Range<Int>) -> Bool {
    guard !lines.isEmpty else { return false }
    let start = source.lineRange(lines.lowerBound).lowerBound
    let end = source.lineRange(lines.upperBound - 1).upperBound
    return source.bytes.withUnsafeBytes { bytes in
      bytes.baseAddress.map { memchr($0 + start, 0x3C, end - start) != nil } ?? false
    }
  }

  /// Whether `part` is to be sanitised: whether it holds raw HTML, or a task list, whose
  /// lists and items the sanitiser gives GitHub's classes, or an image when `images` are
  /// looked for.
  func needsSanitizer(_ part: Part, orImages images: Bool) -> Bool {
    guard let node = root(of: part) else { return false }
    return needsSanitizer(under: node, orImages: images)
  }

  /// Whether `node` or a node under it is raw HTML or a task list's item, or an image when
  /// `images` are looked for.
  func needsSanitizer(under node: OpaquePointer, orImages images: Bool) -> Bool {
    for step in CmarkWalk(node, includingRoot: true) where step.isEntering {
      let current = step.node
      let type = cmark_node_get_type(current)
      if type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE
        || (images && type == CMARK_NODE_IMAGE)
        // Only the task list extension makes items of its own.
        || (type == CMARK_NODE_ITEM && cmark_node_get_syntax_extension(current) != nil)
      {
        return true
      }
    }
    return false
  }
}
