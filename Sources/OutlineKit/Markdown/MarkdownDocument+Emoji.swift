import CCmark

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension MarkdownDocument {
  /// Writes GitHub's emoji shortcodes (`:tada:`) in the text of every content run, heading
  /// and note as their emoji, as GitHub shows them; once, before the document is first
  /// rendered as HTML. Code spans and blocks are nodes of their own and keep theirs, as
  /// do raw HTML and URLs. The titles the outline was built with keep them too, so that
  /// ids and names are GitHub's (`## :tada: Done` is `#tada-done`).
  func showEmoji() {
    guard !showsEmoji else { return }
    showsEmoji = true
    // Most documents have no shortcode at all: their source is scanned, not their tree.
    let mayHoldOne = source.bytes.withUnsafeBytes { EmojiShortcodes.next(in: $0, from: 0) != nil }
    guard mayHoldOne else { return }
    var roots = order.compactMap { root(of: $0) }
    if let notes = root(of: .notes) { roots.append(notes) }
    for root in roots {
      // Inside an image, text is its alt attribute; inside raw `<code>`, `<tt>` or `<pre>`
      // tags, code: GitHub leaves both as written.
      var images = 0
      var rawCode = 0
      for step in CmarkWalk(root, includingRoot: true) {
        let node = step.node
        let type = cmark_node_get_type(node)
        if type == CMARK_NODE_IMAGE { images += step.isEntering ? 1 : -1 }
        guard step.isEntering else { continue }
        if type.rawValue & MarkdownDocument.nodeKindMask == MarkdownDocument.blockKind {
          rawCode = 0
        } else if type == CMARK_NODE_HTML_INLINE, let literal = cmark_node_get_literal(node) {
          rawCode = max(0, rawCode + MarkdownDocument.codeTagChange(literal))
        }
        guard type == CMARK_NODE_TEXT, images == 0, rawCode == 0,
          let literal = cmark_node_get_literal(node),
          strchr(literal, Int32(UInt8(ascii: ":"))) != nil,
          var replaced = EmojiShortcodes.replacing(
            in: UnsafeRawBufferPointer(start: literal, count: strlen(literal)))
        else { continue }
        replaced.append(0)
        replaced.withUnsafeBufferPointer { bytes in
          bytes.withMemoryRebound(to: CChar.self) {
            _ = cmark_node_set_literal(node, $0.baseAddress)
          }
        }
      }
    }
  }

  /// cmark-gfm's bits of a node type that say whether it is a block or an inline
  /// (`CMARK_NODE_TYPE_MASK`, `CMARK_NODE_TYPE_BLOCK`), which Swift does not import.
  private static let nodeKindMask: UInt32 = 0xC000
  private static let blockKind: UInt32 = 0x8000

  /// 1 for a raw start tag of `code`, `tt` or `pre`, -1 for its end tag, else 0.
  private static func codeTagChange(_ literal: UnsafePointer<CChar>) -> Int {
    let tag = UnsafeRawBufferPointer(start: literal, count: strlen(literal))
    guard tag.count > 2, tag[0] == UInt8(ascii: "<") else { return 0 }
    let closing = tag[1] == UInt8(ascii: "/")
    let start = closing ? 2 : 1
    for name in ["code", "tt", "pre"] {
      let bytes = Array(name.utf8)
      guard tag.count > start + bytes.count,
        bytes.indices.allSatisfy({ tag[start + $0] | 0x20 == bytes[$0] })
      else { continue }
      let after = tag[start + bytes.count]
      if after == UInt8(ascii: ">") || after == UInt8(ascii: "/") || after == 0x20 || after == 0x09
        || after == 0x0A
      {
        return closing ? -1 : 1
      }
    }
    return 0
  }
}
