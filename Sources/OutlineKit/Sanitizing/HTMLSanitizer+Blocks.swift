import CGumbo

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension HTMLSanitizer {
  /// A piece of a section's HTML: one top-level block as cmark-gfm renders it.
  struct Block {
    let html: UnsafeRawBufferPointer
    /// Whether the block holds raw HTML (or an image or a task list, which the sanitiser
    /// changes): its HTML is then parsed, else it is cmark-gfm's own and may be kept as it
    /// is.
    let needsSanitizer: Bool
  }

  /// A section whose HTML is `blocks` in order, made safe byte for byte as `sanitized(_:)`
  /// makes it whole, but parsing only the blocks that hold raw HTML or that the sanitiser
  /// would change: most of a section is cmark-gfm's HTML, which the sanitiser writes back
  /// as it is, and parsing it took most of the time of a section with one raw anchor.
  ///
  /// A block is parsed by itself when it ends with the parser as it began: every element
  /// it opens is closed within it, no formatting element is left to be opened again, and
  /// no tag, comment or quoted value runs on past it. It then reads as it does among the
  /// others. One that leaves an element open (a `<details>` closed in a later block) is
  /// parsed with the blocks up to the one its tags close in. Nil when that does not end
  /// as it began either, or the section nests deeper than is parsed, or a parse fails:
  /// the whole is then sanitised as one.
  func sanitized(blocks: [Block]) -> [UInt8]? {
    var depth = 0
    for block in blocks where HTMLSanitizer.nestsTooDeep(block.html, from: &depth) {
      return nil
    }
    var writer = SanitizedWriter(settings: self)
    var index = 0
    while index < blocks.count {
      let block = blocks[index]
      index += 1
      if !block.needsSanitizer, HTMLSanitizer.keepsUnchanged(block.html) {
        writer.output.append(contentsOf: block.html)
        continue
      }
      if HTMLSanitizer.write(block.html, to: &writer) { continue }
      guard let last = HTMLSanitizer.closingBlock(of: blocks, from: index - 1) else { return nil }
      var joined: [UInt8] = []
      for block in blocks[(index - 1)...last] { joined.append(contentsOf: block.html) }
      index = last + 1
      guard joined.withUnsafeBytes({ HTMLSanitizer.write($0, to: &writer) }) else { return nil }
    }
    // Blocks end their line, as cmark's do, so that what follows starts on its own.
    if let last = writer.output.last, last != 0x0A { writer.output.append(0x0A) }
    return writer.output
  }

  /// Parses `html` and writes it with `writer` when it ends with the parser as it began
  /// and holds no end tag that closed nothing; false, writing nothing, when it does not.
  private static func write(_ html: UnsafeRawBufferPointer, to writer: inout SanitizedWriter)
    -> Bool
  {
    guard let base = html.baseAddress, standsAlone(html) else { return html.isEmpty }
    let fragment = GumboFragment(html, context: GUMBO_TAG_DIV)
    // An end tag that closed nothing is noted before the node after it, which in the
    // whole may be text that began before it, in the block before.
    guard let nodes = fragment.nodes, endsAsItBegan(nodes, count: html.count),
      ParsedTags(nodes, base: base).strayEndTags(in: html).isEmpty
    else { return false }
    writer.write(nodes, model: .flow)
    return true
  }

  /// The last of the blocks from `first` on by the end of which the elements `first`
  /// opens are closed, counted on their tags as `nestsTooDeep` counts; nil when that is
  /// past the last block.
  private static func closingBlock(of blocks: [Block], from first: Int) -> Int? {
    var depth = 0
    for index in first..<blocks.count {
      _ = nestsTooDeep(blocks[index].html, from: &depth)
      if index > first, depth == 0 { return index }
    }
    return nil
  }

  /// Whether the sanitiser would write `html`, cmark-gfm's own HTML of blocks without raw
  /// HTML or images to change, back as it is. What it would change: a URL it refuses or
  /// writes otherwise (a scheme it does not allow, a `'`, which cmark-gfm writes `&#x27;`,
  /// a `%` that starts no escape, a character it escapes), an id (cmark-gfm's footnote
  /// references'), a line end of `\r`, and elements nested near where it flattens them.
  /// Everything else cmark-gfm writes it writes the same: the tags, the escapes of `&`, `<`,
  /// `>` and `"`, the attributes of tables, code and alerts. A task list it writes with
  /// GitHub's classes.
  static func keepsUnchanged(_ html: UnsafeRawBufferPointer) -> Bool {
    guard let base = html.baseAddress else { return true }
    let count = html.count
    if memchr(base, 0x0D, count) != nil { return false }
    var depth = 0
    // Links open: cmark-gfm writes an autolink in a link's text as an `a` in an `a`,
    // which a parser takes apart.
    var links = 0
    var index = 0
    while index < count {
      let byte = html[index]
      if byte == UInt8(ascii: "&") {
        // cmark-gfm writes no character reference but these in text.
        if index + 1 < count, html[index + 1] == UInt8(ascii: "#") { return false }
        index += 1
        continue
      }
      guard byte == UInt8(ascii: "<") else {
        index += 1
        continue
      }
      // One of cmark-gfm's tags, whose attribute values hold no `>`.
      guard let found = memchr(base + index, 0x3E, count - index) else { return false }
      let end = base.distance(to: UnsafeRawPointer(found))
      if index + 1 < count, html[index + 1] == UInt8(ascii: "/") {
        depth -= 1
        if end - index == 3, html[index + 2] == UInt8(ascii: "a") { links -= 1 }
      } else if end - index >= 6, memcmp(base + index, "<input", 6) == 0 {
        // A task's checkbox: the sanitiser gives it and its list GitHub's classes.
        return false
      } else {
        if end - index >= 3, memcmp(base + index, "<a ", 3) == 0 {
          links += 1
          if links > 1 { return false }
        }
        if html[end - 1] != UInt8(ascii: "/") {
          depth += 1
          if depth > maximumDepth / 2 { return false }
        }
        if !attributesKeepUnchanged(UnsafeRawBufferPointer(rebasing: html[index..<end])) {
          return false
        }
      }
      index = end + 1
    }
    return true
  }

  /// Whether a tag of cmark-gfm's, from its `<` to before its `>`, has no id and only URLs
  /// the sanitiser writes back as they are.
  private static func attributesKeepUnchanged(_ tag: UnsafeRawBufferPointer) -> Bool {
    var index = 1
    let count = tag.count
    while index < count {
      guard tag[index] == UInt8(ascii: " ") else {
        index += 1
        continue
      }
      var nameEnd = index + 1
      while nameEnd < count, tag[nameEnd] != UInt8(ascii: "="), tag[nameEnd] != UInt8(ascii: " ") {
        nameEnd += 1
      }
      let name = UnsafeRawBufferPointer(rebasing: tag[(index + 1)..<nameEnd])
      guard nameEnd + 1 < count, tag[nameEnd] == UInt8(ascii: "="),
        tag[nameEnd + 1] == UInt8(ascii: "\"")
      else {
        index = nameEnd
        continue
      }
      var valueEnd = nameEnd + 2
      while valueEnd < count, tag[valueEnd] != UInt8(ascii: "\"") { valueEnd += 1 }
      let value = UnsafeRawBufferPointer(rebasing: tag[(nameEnd + 2)..<valueEnd])
      if name.elementsEqual("id".utf8) { return false }
      // cmark-gfm writes a `'` in a URL `&#x27;`; the sanitiser writes it as it is.
      for offset in value.indices.dropLast()
      where value[offset] == UInt8(ascii: "&") && value[offset + 1] == UInt8(ascii: "#") {
        return false
      }
      if name.elementsEqual("href".utf8) || name.elementsEqual("src".utf8) {
        let schemes = HTMLAllowlist.urlSchemes[name.count == 4 ? "href" : "src"] ?? []
        guard urlKeepsUnchanged(value, schemes: schemes) else { return false }
      }
      index = valueEnd + 1
    }
    return true
  }

  /// Whether a URL as cmark-gfm writes it has a scheme in `schemes` and nothing that the
  /// sanitiser's percent-encoding would change.
  private static func urlKeepsUnchanged(_ url: UnsafeRawBufferPointer, schemes: Set<String>)
    -> Bool
  {
    var scheme = ""
    if let first = url.first, (first | 0x20) >= 0x61, (first | 0x20) <= 0x7A {
      for (index, byte) in url.enumerated() {
        if byte == UInt8(ascii: ":") {
          scheme = String(decoding: url[..<index].map { $0 | 0x20 }, as: UTF8.self)
          break
        }
        let letter = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
        guard
          letter || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        else { break }
      }
    }
    guard schemes.contains(scheme) else { return false }
    for (index, byte) in url.enumerated() {
      switch SanitizedWriter.urlBytes[Int(byte)] {
      case 2: return false
      case 1:
        guard index + 2 < url.count, SanitizedWriter.isHexDigit(url[index + 1]),
          SanitizedWriter.isHexDigit(url[index + 2])
        else { return false }
      default: continue
      }
    }
    return true
  }

  /// Whether `html`, read by itself, leaves the tokenizer in text: no tag, comment or
  /// quoted value runs on past its end. What a tokenizer reads otherwise only within
  /// its element (a `noscript`, an `svg` or `math` and their CDATA, the raw text of a
  /// `script` or `xmp`, which GitHub's tag filter leaves open when its name is followed
  /// by `/x`) is not read alone.
  private static func standsAlone(_ html: UnsafeRawBufferPointer) -> Bool {
    for name in standingApart where contains(name, in: html) { return false }
    return UnfinishedToken.at(
      endOf: 0..<html.count, in: html, opensRawText: { _ in nil }, opensCDATA: { _ in false })
      == nil
  }

  /// The start tags of the elements `standsAlone` does not read alone.
  private static let standingApart = [
    "<noscript", "<svg", "<math", "<script", "<style", "<xmp", "<iframe", "<noembed",
    "<noframes", "<textarea", "<title", "<plaintext",
  ]

  /// Whether `html` holds `text` (lower case ASCII) in any case.
  private static func contains(_ text: String, in html: UnsafeRawBufferPointer) -> Bool {
    let pattern = Array(text.utf8)
    guard let base = html.baseAddress, html.count >= pattern.count else { return false }
    var from = 0
    while from < html.count, let at = memchr(base + from, 0x3C, html.count - from) {
      let offset = base.distance(to: UnsafeRawPointer(at))
      if offset + pattern.count <= html.count,
        zip(pattern, html[offset..<(offset + pattern.count)]).allSatisfy({
          $0 == ((0x41...0x5A).contains($1) ? $1 | 0x20 : $1)
        })
      {
        return true
      }
      from = offset + 1
    }
    return false
  }

  /// Whether the parser of `count` bytes whose `nodes` these are ended as it began: no
  /// element was still open at the end (gumbo then ends it there), no formatting element
  /// was closed by another's tag (it stays on the list of those a parser opens again),
  /// none was opened again or moved, and no `<form>`, template or foreign element, which
  /// the parser keeps other state for, was made.
  private static func endsAsItBegan(_ nodes: [UnsafeMutablePointer<GumboNode>], count: Int)
    -> Bool
  {
    let implicitEnd = GUMBO_INSERTION_IMPLICIT_END_TAG.rawValue
    let moved =
      GUMBO_INSERTION_RECONSTRUCTED_FORMATTING_ELEMENT.rawValue
      | GUMBO_INSERTION_ADOPTION_AGENCY_CLONED.rawValue
      | GUMBO_INSERTION_ADOPTION_AGENCY_MOVED.rawValue | GUMBO_INSERTION_FOSTER_PARENTED.rawValue
    var stack = nodes
    while let node = stack.popLast() {
      let flags = node.pointee.parse_flags.rawValue
      guard flags & moved == 0 else { return false }
      switch node.pointee.type {
      case GUMBO_NODE_ELEMENT:
        let element = node.pointee.v.element
        let tag = element.tag.rawValue
        guard element.tag_namespace == GUMBO_NAMESPACE_HTML, element.tag != GUMBO_TAG_FORM,
          voidTags.contains(tag) || Int(element.end_pos.offset) < count,
          flags & implicitEnd == 0 || !formattingTags.contains(tag)
        else { return false }
        stack.append(contentsOf: node.children)
      case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE, GUMBO_NODE_COMMENT:
        continue
      default:
        return false
      }
    }
    return true
  }

  /// The elements that have no end tag.
  private static let voidTags: Set<UInt32> = Set(
    [
      GUMBO_TAG_AREA, GUMBO_TAG_BASE, GUMBO_TAG_BR, GUMBO_TAG_COL, GUMBO_TAG_EMBED,
      GUMBO_TAG_HR, GUMBO_TAG_IMG, GUMBO_TAG_INPUT, GUMBO_TAG_LINK, GUMBO_TAG_META,
      GUMBO_TAG_SOURCE, GUMBO_TAG_TRACK, GUMBO_TAG_WBR, GUMBO_TAG_PARAM, GUMBO_TAG_KEYGEN,
    ].map(\.rawValue))

  /// HTML's formatting elements, which a parser opens again after an element that closed
  /// them without their end tag.
  private static let formattingTags: Set<UInt32> = Set(
    [
      GUMBO_TAG_A, GUMBO_TAG_B, GUMBO_TAG_BIG, GUMBO_TAG_CODE, GUMBO_TAG_EM, GUMBO_TAG_FONT,
      GUMBO_TAG_I, GUMBO_TAG_NOBR, GUMBO_TAG_S, GUMBO_TAG_SMALL, GUMBO_TAG_STRIKE,
      GUMBO_TAG_STRONG, GUMBO_TAG_TT, GUMBO_TAG_U,
    ].map(\.rawValue))
}
