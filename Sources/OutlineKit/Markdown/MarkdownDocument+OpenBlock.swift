import CCmark

extension MarkdownDocument {
  /// The line that closes the block a container ends inside, if one is left open there:
  /// written after the container's lines, it keeps what follows them (a `</details>`,
  /// another section, another file) out of that block.
  ///
  /// Only a block that a blank line does not end can be open: a fenced code block, or
  /// raw HTML of one of CommonMark's first five kinds (`<pre`, `<script`, `<style`,
  /// `<!--`, `<?`, `<!X`, `<![CDATA[`). Such a block left open runs to the end of the
  /// document, so only the document's last container can end inside one.
  func closingLine(_ container: Container) -> String? {
    guard container == lastContainer else { return nil }
    return findCloser()
  }

  /// The closer of the document's last block, asked of cmark-gfm itself: the block is
  /// read again from its first line to the end of the document, followed by the
  /// `</details>` a Markdown writer would put next, and cmark-gfm says whether that line
  /// stays outside the block, with a candidate closer before it or without one.
  private func findCloser() -> String? {
    guard let container = root(of: .blocks(lastContainer)),
      let last = cmark_node_last_child(container)
    else {
      return nil
    }
    let candidates: [String]
    switch cmark_node_get_type(last) {
    case CMARK_NODE_CODE_BLOCK:
      var length: Int32 = 0
      var offset: Int32 = 0
      var character: CChar = 0
      guard cmark_node_get_fenced(last, &length, &offset, &character) != 0, length > 0 else {
        return nil
      }
      // A line of the same fence character, at least as long, indented less than 4
      // spaces (none here) closes the block.
      let mark = String(UnicodeScalar(UInt8(bitPattern: character)))
      candidates = [String(repeating: mark, count: Int(length))]
    case CMARK_NODE_HTML_BLOCK:
      candidates = MarkdownDocument.htmlEnds(preferring: cmark_node_get_literal(last))
    default:
      return nil
    }
    let start = Int(cmark_node_get_start_line(last)) - 1
    guard start >= 0, start < source.lineCount else { return nil }
    let rest = Array(source.bytes[source.lineRange(start).lowerBound...])
    guard !staysOutside(rest, after: nil) else { return nil }
    return candidates.first { staysOutside(rest, after: $0) }
  }

  /// Whether a `</details>` line after `text`, and after `closer` on a line of its own
  /// when there is one, is a block of its own rather than part of the block `text` starts.
  private func staysOutside(_ text: [UInt8], after closer: String?) -> Bool {
    var probe = text
    if let end = probe.last, end != 0x0A && end != 0x0D { probe.append(0x0A) }
    if let closer { probe += Array(closer.utf8) + [0x0A] }
    probe += Array("\n</details>\n".utf8)
    return probe.withUnsafeBufferPointer { bytes in
      guard let root = CmarkParser.parse(bytes, dialect: dialect) else { return false }
      defer { cmark_node_free(root) }
      guard let block = cmark_node_last_child(root), cmark_node_previous(block) != nil,
        cmark_node_get_type(block) == CMARK_NODE_HTML_BLOCK,
        let literal = cmark_node_get_literal(block)
      else { return false }
      return String(cString: literal) == "</details>\n"
    }
  }

  /// The ends of CommonMark's raw HTML kinds that a blank line does not end, each of
  /// which cmark-gfm is asked about in turn: `>` first, which ends only declarations, so
  /// that the first to work is the one that ends the block's own kind. Of the end tags
  /// that all end the first kind, the one naming the block's opening tag comes first.
  private static func htmlEnds(preferring literal: UnsafePointer<CChar>?) -> [String] {
    let tags = ["pre", "script", "style"]
    let opening = literal.map { String(cString: $0).drop { $0 == " " }.prefix(8).lowercased() }
    let named = tags.filter { opening?.hasPrefix("<" + $0) ?? false }
    let others = tags.filter { !named.contains($0) }
    return [">", "?>", "]]>", "-->"] + (named + others).map { "</\($0)>" }
  }
}
