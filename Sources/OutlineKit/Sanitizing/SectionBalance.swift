import CGumbo

/// What keeps a section's HTML inside the `<details>` that markdown output wraps it in, as
/// GitHub shows it: the `</details>` end tags to write as text, and the lines that close
/// what the section leaves open.
///
/// It is found by trying: the section's HTML is parsed, as a browser parses it, between
/// a wrapper and a probe: a child section's wrapper, the wrapper's end, and something
/// after it. Where the parse puts them says what is wrong: the wrapper closed early by
/// one of the section's end tags, the child inside an element the section left open, or
/// the probe swallowed by a comment or raw text. Each finding is mended and the parse
/// tried again, until the probe stands where it should.
enum SectionBalance {
  /// The elements GitHub writes as text (its `tagfilter`): a tokenizer would read what
  /// follows them as raw text.
  static let filteredTags: [[UInt8]] = [
    "title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script", "plaintext",
  ].map { Array($0.utf8) }

  private static let wrapperID = "collapse-probe-wrapper"
  private static let childID = "collapse-probe-child"
  private static let afterID = "collapse-probe-after"

  /// The repairs for `html`, a section's HTML as cmark-gfm renders it with raw HTML kept:
  /// which of its `</details>` end tags (counted in order, from 0) to write as text, and
  /// the lines to write after it, in order.
  static func repairs(for html: [UInt8]) -> (strays: Set<Int>, closers: [String]) {
    let filtered = tagFiltered(html)
    let endTags = detailsEndTags(in: filtered)
    var strays = Set<Int>()
    var closers: [String] = []
    // Each round mends one thing; a section holds few, and a bound keeps it finite.
    rounds: for _ in 0..<64 {
      var escaped: [UInt8] = []
      var copied = 0
      for (ordinal, offset) in endTags.enumerated() where strays.contains(ordinal) {
        escaped += filtered[copied..<offset] + Array("&lt;".utf8)
        copied = offset + 1
      }
      escaped += filtered[copied...]
      let prefix = Array("<details id=\"\(wrapperID)\"><summary>s</summary>\n".utf8)
      let tail = Array(
        ("\n" + closers.map { $0 + "\n" }.joined()
          + "<details id=\"\(childID)\"><summary>c</summary></details>\n</details>\n<p id=\"\(afterID)\"></p>")
          .utf8)
      let document = prefix + escaped + tail
      let contentEnd = prefix.count + escaped.count
      guard
        let mend = document.withUnsafeBytes({ bytes -> Mend? in
          let fragment = GumboFragment(bytes, context: GUMBO_TAG_DIV)
          guard let nodes = fragment.nodes, let base = bytes.baseAddress else { return nil }
          return finding(nodes, base: base, content: prefix.count..<contentEnd)
        })
      else { break }
      switch mend {
      case .straysAt(let offset):
        // The ordinal of the end tag at `offset` among those not yet escaped.
        let shift = prefix.count
        var position = 0
        var found: Int?
        for (ordinal, original) in endTags.enumerated() {
          let escapedBefore = strays.filter { $0 < ordinal }.count
          position = original + 3 * escapedBefore + shift
          if !strays.contains(ordinal) && position == offset {
            found = ordinal
            break
          }
        }
        guard let ordinal = found else { return (strays, closers) }
        strays.insert(ordinal)
      case .close(let closer):
        // Found from the inside out: each closes what holds the one before.
        closers.append(closer)
        if closers.count > 32 { break rounds }
      case .done:
        return (strays, closers)
      }
    }
    return (strays, closers)
  }

  private enum Mend {
    /// The wrapper was closed by the end tag at this offset of the probe document.
    case straysAt(Int)
    /// This line, written before the others, closes what was left open.
    case close(String)
    case done
  }

  /// What the parse of the probe document says to mend first; nil when it cannot tell.
  private static func finding(
    _ nodes: [UnsafeMutablePointer<GumboNode>], base: UnsafeRawPointer, content: Range<Int>
  ) -> Mend? {
    var byID: [String: UnsafeMutablePointer<GumboNode>] = [:]
    var byTag: [UnsafeMutablePointer<GumboNode>] = []
    var last: UnsafeMutablePointer<GumboNode>?
    var stack = Array(nodes.reversed())
    while let node = stack.popLast() {
      last = node
      guard node.isElement else { continue }
      byTag.append(node)
      if let id = node.attributes.first(where: { $0.name == "id" })?.value { byID[id] = node }
      stack += node.children.reversed()
    }
    guard let wrapper = byID[wrapperID], let root = nodes.first?.pointee.parent else { return nil }
    // The wrapper ended early, at an end tag of the section's.
    let end = wrapper.pointee.v.element.original_end_tag
    if let data = end.data, end.length > 0 {
      let offset = base.distance(to: UnsafeRawPointer(data))
      if content.contains(offset) { return .straysAt(offset) }
    }
    guard let child = byID[childID] else {
      // Swallowed: by a comment left open, or by an element read as raw text.
      guard let last else { return nil }
      if last.pointee.type == GUMBO_NODE_COMMENT { return .close("<!-- -->") }
      // A start tag without its `>` takes the probe in as its attributes; nothing written
      // after the section can end it: leave it as written.
      let tagsRunOn = byTag.contains { tag in
        let piece = tag.pointee.v.element.original_tag
        guard let data = piece.data, piece.length > 0 else { return false }
        return base.distance(to: UnsafeRawPointer(data)) + piece.length > content.upperBound
          && base.distance(to: UnsafeRawPointer(data)) < content.upperBound
      }
      guard !tagsRunOn else { return nil }
      // Else the element that holds what came last: raw text, a select, an object.
      if let parent = last.pointee.parent, parent != root, parent.isElement {
        return .close("</\(parent.tagName)>")
      }
      return nil
    }
    // Put in front of a table left open (a parser moves what a table cannot hold in front
    // of it): close the table.
    if let parent = child.pointee.parent,
      parent.children.drop(while: { $0 != child }).contains(where: {
        $0.isElement && $0.tagName == "table" && $0.pointee.v.element.original_end_tag.length == 0
      })
    {
      return .close("</table>")
    }
    // The child's wrapper inside an element the section left open: close that one,
    // foreign content at its outermost.
    if let parent = child.pointee.parent, parent != wrapper {
      var open = parent
      while let above = open.pointee.parent, above != wrapper, above.isElement,
        above.pointee.v.element.tag_namespace != GUMBO_NAMESPACE_HTML
      {
        open = above
      }
      return .close("</\(open.tagName)>")
    }
    // What the parser put after the child (a table left open takes it in front of it).
    if let after = wrapper.children.last(where: { $0.isElement }), after != child {
      return .close("</\(after.tagName)>")
    }
    // After the wrapper's end, the probe stands beside it; inside it, a details the
    // section left open took that end.
    guard let probe = byID[afterID] else { return nil }
    return probe.pointee.parent == root ? .done : .close("</details>")
  }

  /// `html` with the `<` of each tag GitHub filters written as `&lt;`, as GitHub writes it.
  static func tagFiltered(_ html: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(html.count)
    var index = 0
    while index < html.count {
      let byte = html[index]
      if byte == UInt8(ascii: "<"), isFiltered(html, at: index) {
        output += Array("&lt;".utf8)
      } else {
        output.append(byte)
      }
      index += 1
    }
    return output
  }

  private static func isFiltered(_ html: [UInt8], at index: Int) -> Bool {
    let start =
      index + 1 < html.count && html[index + 1] == UInt8(ascii: "/") ? index + 2 : index + 1
    return filteredTags.contains { ParsedTags.spellsTag($0, at: start, in: html) }
  }

  /// Where each `</details` that reads as an end tag starts in `bytes`: the name, any
  /// case, followed by white space, `/`, `>` or the end.
  static func detailsEndTags(in bytes: [UInt8]) -> [Int] {
    bytes.indices.filter { ParsedTags.spellsTag(detailsEndTag, at: $0, in: bytes) }
  }

  /// How a `</details>` end tag starts.
  static let detailsEndTag = Array("</details".utf8)

}
