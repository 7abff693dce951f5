import CGumbo

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a gumbo parse says of the tags in its input: the end tags it used, where
/// comments, start tags and raw text lie (the bytes of an end tag there are none), and
/// what it left open at the end. Offsets are bytes of the input.
struct ParsedTags {
  /// Where each end tag that closed an element starts.
  private(set) var usedEndTags: Set<Int> = []
  /// Where comments, start tags and the text of raw text elements lie, in order.
  private(set) var spans: [Range<Int>] = []
  /// The elements whose end tag never came, outermost first; not those whose end HTML
  /// implies, nor void ones.
  private(set) var leftOpen: [String] = []
  /// Whether a comment runs on to the end of the input.
  private(set) var commentLeftOpen = false
  /// How many `<form>` elements the parse made: gumbo keeps no end tag for a form, which
  /// the parser closes by a pointer of its own.
  private var forms = 0

  /// Elements whose end tag HTML lets a later tag or the end of their parent imply: left
  /// open, they close themselves.
  static let closedByOthers: Set<String> = [
    "p", "li", "dt", "dd", "rt", "rp", "optgroup", "option", "colgroup", "caption", "thead",
    "tbody", "tfoot", "tr", "td", "th", "html", "head", "body",
  ]

  /// The elements whose content a tokenizer reads as text up to their own end tag.
  static let rawText: Set<String> = [
    "script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript",
    "plaintext",
  ]

  static let void: Set<String> = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
    "track", "wbr", "param", "keygen",
  ]

  /// The tags of the parse whose `nodes` were read from the bytes at `base`.
  init(_ nodes: [UnsafeMutablePointer<GumboNode>], base: UnsafeRawPointer) {
    func range(_ piece: GumboStringPiece) -> Range<Int>? {
      guard let data = piece.data, piece.length > 0 else { return nil }
      let start = base.distance(to: UnsafeRawPointer(data))
      return start..<(start + piece.length)
    }
    var stack = Array(nodes.reversed())
    while let node = stack.popLast() {
      switch node.pointee.type {
      case GUMBO_NODE_ELEMENT, GUMBO_NODE_TEMPLATE:
        let element = node.pointee.v.element
        if let tag = range(element.original_tag) { spans.append(tag) }
        if element.tag == GUMBO_TAG_FORM { forms += 1 }
        if let end = range(element.original_end_tag) {
          usedEndTags.insert(end.lowerBound)
        } else if element.original_tag.length > 0,
          element.tag_namespace == GUMBO_NAMESPACE_HTML,
          case let name = node.tagName,
          !Self.closedByOthers.contains(name), !Self.void.contains(name),
          name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        {
          leftOpen.append(name)
        }
        stack.append(contentsOf: node.children.reversed())
      case GUMBO_NODE_COMMENT:
        guard let span = range(node.originalText) else { break }
        spans.append(span)
        let text = UnsafeRawBufferPointer(start: base + span.lowerBound, count: span.count)
        if !Self.isClosedComment(text) { commentLeftOpen = true }
      case GUMBO_NODE_CDATA:
        if let span = range(node.originalText) { spans.append(span) }
      default:
        // In text, `</` and a letter always start an end tag, so only the text of an
        // element a tokenizer reads as raw text can hold those bytes as text. (Gumbo's
        // span of other text runs over the end tags it dropped inside it.)
        if let parent = node.pointee.parent, parent.isElement,
          Self.rawText.contains(parent.tagName),
          let span = range(node.originalText)
        {
          spans.append(span)
        }
      }
    }
    spans.sort { $0.lowerBound < $1.lowerBound }
  }

  /// Whether `offset` falls inside a comment, a start tag or raw text.
  func isInside(_ offset: Int) -> Bool {
    // Spans do not overlap: only the last one starting at or before `offset` can hold it.
    let low = spans.countLeading { $0.lowerBound <= offset }
    return low > 0 && spans[low - 1].contains(offset)
  }

  /// The end tags in `bytes` (the parse's input) that closed nothing and that the parse
  /// dropped, with their names: not `</p>` and `</br>`, which a parser makes elements of.
  func strayEndTags(in bytes: UnsafeRawBufferPointer) -> [(offset: Int, name: String)] {
    var found: [(offset: Int, name: String)] = []
    var forms = forms
    guard let base = bytes.baseAddress else { return found }
    var from = 0
    while from + 2 < bytes.count, let at = memchr(base + from, 0x3C, bytes.count - from) {
      let offset = base.distance(to: UnsafeRawPointer(at))
      from = offset + 1
      guard offset + 2 < bytes.count, bytes[offset + 1] == UInt8(ascii: "/"),
        case let first = bytes[offset + 2] | 0x20, (0x61...0x7A).contains(first),
        !usedEndTags.contains(offset), !isInside(offset)
      else { continue }
      let name = bytes[(offset + 2)...].prefix {
        ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || (0x30...0x39).contains($0) || $0 == 0x2D
      }
      let text = String(decoding: name, as: UTF8.self).lowercased()
      if text == "form" && forms > 0 {
        forms -= 1
        continue
      }
      if text != "p" && text != "br" { found.append((offset, text)) }
    }
    return found
  }

  /// Whether `bytes` at `index` spell `text` (lower case ASCII, such as `</details` or
  /// `script`) in any case, followed by what ends a tag's name: white space, `/`, `>` or
  /// the end.
  static func spellsTag<Bytes: Collection<UInt8>>(_ text: [UInt8], at index: Int, in bytes: Bytes)
    -> Bool
  where Bytes.Index == Int {
    guard index >= bytes.startIndex, index + text.count <= bytes.endIndex else { return false }
    for (position, byte) in text.enumerated() {
      let actual = bytes[index + position]
      if ((0x41...0x5A).contains(actual) ? actual | 0x20 : actual) != byte { return false }
    }
    let after = index + text.count
    return after == bytes.endIndex
      || [0x09, 0x0A, 0x0C, 0x0D, 0x20, 0x2F, 0x3E].contains(bytes[after])
  }

  /// Whether a comment's text, delimiters and all, ends as a comment ends: `-->` (or
  /// `--!>`) after `<!--`, `>` after the `<!` or `<?` of a bogus one. One the input
  /// ends inside runs on over everything after it.
  static func isClosedComment(_ text: UnsafeRawBufferPointer) -> Bool {
    let bytes = Array(text)
    if bytes.starts(with: Array("<!--".utf8)) {
      return bytes.count >= 5
        && (bytes.suffix(3) == Array("-->".utf8)[...] || bytes.suffix(4) == Array("--!>".utf8)[...])
    }
    return bytes.last == 0x3E
  }
}
