import CCmark

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension MarkdownDocument {
  /// A top-level block of a part, rendered by itself, and whether it is to be sanitised.
  struct BlockHTML {
    /// Its HTML, in a buffer this does not own.
    let html: UnsafeRawBufferPointer
    /// Whether the block holds raw HTML or a task list, or an image when images were
    /// looked for (`needsSanitizer(under:orImages:)`).
    let needsSanitizer: Bool
  }

  /// Hands `body` the HTML of each top-level block of `part` in order, each rendered
  /// alone as `render(part, unsafe: true, filtersTags: true, highlighter: highlighter)`
  /// renders it among the others,
  /// so that together they are that render. Returns false, handing nothing, when a block
  /// could not be rendered alone (its HTML would pass what one render holds) or `part`
  /// holds what is rendered only with the whole (a footnote's definition).
  func renderBlocks(
    _ part: Part, orImages images: Bool, highlighter: (any CodeHighlighter)? = nil,
    _ body: ([BlockHTML]) -> Void
  ) -> Bool {
    guard case .blocks = part, let root = root(of: part) else { return false }
    var buffers: [UnsafeMutableBufferPointer<UInt8>] = []
    defer { for buffer in buffers { free(buffer.baseAddress) } }
    var holds: [Bool] = []
    for block in CmarkWalk.children(of: root) {
      guard cmark_node_get_type(block) != CMARK_NODE_FOOTNOTE_DEFINITION,
        let html = CmarkRenderer.htmlAlone(
          block, unsafe: true, filtersTags: true, highlighter: highlighter)
      else { return false }
      buffers.append(html)
      holds.append(needsSanitizer(under: block, orImages: images))
    }
    body(
      zip(buffers, holds).map { BlockHTML(html: UnsafeRawBufferPointer($0), needsSanitizer: $1) })
    return true
  }
}
