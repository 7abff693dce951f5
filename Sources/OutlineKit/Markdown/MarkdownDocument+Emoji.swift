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
      for step in CmarkWalk(root, includingRoot: true)
      where step.isEntering && cmark_node_get_type(step.node) == CMARK_NODE_TEXT {
        guard let literal = cmark_node_get_literal(step.node),
          strchr(literal, Int32(UInt8(ascii: ":"))) != nil,
          var replaced = EmojiShortcodes.replacing(
            in: UnsafeRawBufferPointer(start: literal, count: strlen(literal)))
        else { continue }
        replaced.append(0)
        replaced.withUnsafeBufferPointer { bytes in
          bytes.withMemoryRebound(to: CChar.self) {
            _ = cmark_node_set_literal(step.node, $0.baseAddress)
          }
        }
      }
    }
  }
}
