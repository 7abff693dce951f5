import CCmark

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a heading node says beside its markup: its plain title and its hint comment.
enum HeadingText {
  /// The heading's text without markup, white space folded, and whether the heading is
  /// nothing but text; `text` is where it is gathered.
  static func plainText(_ heading: OpaquePointer, using text: FoldedText) -> (String, Bool) {
    text.removeAll()
    var isPlain = true
    for step in CmarkWalk(heading) where step.isEntering {
      let current = step.node
      switch cmark_node_get_type(current) {
      case CMARK_NODE_TEXT, CMARK_NODE_CODE:
        if let literal = cmark_node_get_literal(current) {
          literal.withMemoryRebound(to: UInt8.self, capacity: 1) {
            text.append(UnsafeBufferPointer(start: $0, count: strlen(literal)))
          }
        }
        if cmark_node_get_type(current) == CMARK_NODE_CODE { isPlain = false }
      case CMARK_NODE_SOFTBREAK:
        text.appendSpace()
      case CMARK_NODE_LINEBREAK:
        text.appendSpace()
        isPlain = false
      default:
        isPlain = false
      }
    }
    return (text.string, isPlain)
  }

  /// Removes a trailing `<!-- collapsed -->` or `<!-- expanded -->` and returns it.
  static func removeHint(_ heading: OpaquePointer) -> HeadingHint? {
    guard let last = cmark_node_last_child(heading),
      cmark_node_get_type(last) == CMARK_NODE_HTML_INLINE,
      let literal = cmark_node_get_literal(last)
    else { return nil }
    let hint: HeadingHint
    switch commentText(String(cString: literal)) {
    case "collapsed": hint = .collapsed
    case "expanded": hint = .expanded
    default: return nil
    }
    let previous = cmark_node_previous(last)
    cmark_node_free(last)
    if let previous, cmark_node_get_type(previous) == CMARK_NODE_TEXT,
      let text = cmark_node_get_literal(previous)
    {
      var trimmed = String(cString: text)
      while trimmed.last == " " || trimmed.last == "\t" { trimmed.removeLast() }
      cmark_node_set_literal(previous, trimmed)
    }
    return hint
  }

  /// The lower-cased words inside an HTML comment, or nil if `html` is not one.
  private static func commentText(_ html: String) -> String? {
    guard html.hasPrefix("<!--"), html.hasSuffix("-->"), html.count >= 7 else { return nil }
    return foldWhiteSpace(String(html.dropFirst(4).dropLast(3))).lowercased()
  }
}

extension HeadingText {
  /// The title of a heading written `# ` and `markdown`, as the heading's own Markdown
  /// gives it: `` `fzf` `` is `fzf`, `**Note** on use` is `Note on use`. Nil for text of
  /// more than one line, or that makes no heading.
  static func plainTitle(ofMarkdown markdown: String) -> String? {
    guard !markdown.contains(where: \.isNewline) else { return nil }
    let source = Array(("# " + markdown).utf8)
    guard let root = source.withUnsafeBufferPointer({ CmarkParser.parse($0, dialect: .gfm) })
    else { return nil }
    defer { cmark_node_free(root) }
    guard let heading = cmark_node_first_child(root),
      cmark_node_get_type(heading) == CMARK_NODE_HEADING
    else { return nil }
    return plainText(heading, using: FoldedText(capacity: source.count)).0
  }
}
