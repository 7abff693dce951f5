import CGumbo

// What a parse says to mend first, and the closers that would follow it.

extension SectionBalance {
  enum NextRepair {
    /// The wrapper was closed by the end tag at this offset of the probe document; the
    /// `</details>` end tags at `after`, later in the section, closed nothing.
    case straysAt(Int, after: Set<Int>)
    /// This line, written before the others, closes what was left open; `guesses` are
    /// those that would follow, as far as the parse shows them.
    case close(String, guesses: [String])
    /// These lines, in order, close the elements open where the section ends.
    case closeAll([String])
    case done
  }

  /// What the parse of the probe document says to mend first; nil when it cannot tell.
  static func finding(
    _ nodes: [UnsafeMutablePointer<GumboNode>], base: UnsafeRawPointer, content: Range<Int>,
    closersEnd: Int
  ) -> NextRepair? {
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
      if content.contains(offset) { return .straysAt(offset, after: []) }
    }
    guard let child = byID[childID] else {
      // Swallowed: by a comment left open, or by an element read as raw text.
      guard let last else { return nil }
      if last.pointee.type == GUMBO_NODE_COMMENT { return .close("<!-- -->", guesses: []) }
      // A start tag without its `>` takes the probe in as its attributes; nothing written
      // after the section can end it: leave it as written.
      let tagsRunOn = byTag.contains { tag in
        let piece = tag.pointee.v.element.original_tag
        guard let data = piece.data, piece.length > 0 else { return false }
        return base.distance(to: UnsafeRawPointer(data)) + piece.length > content.upperBound
          && base.distance(to: UnsafeRawPointer(data)) < content.upperBound
      }
      guard !tagsRunOn else { return nil }
      // Raw text: the element the parser stands in, which need not hold what came last
      // (a table stands after what is put in front of it).
      if let current = openElements(in: wrapper, at: closersEnd).first,
        current.element?.tag_namespace == GUMBO_NAMESPACE_HTML,
        ParsedTags.rawText.contains(current.tagName)
      {
        return .close("</\(current.tagName)>", guesses: [])
      }
      // Else the element that holds what came last: raw text, a select, an object.
      if let parent = last.pointee.parent, parent != root, parent.isElement {
        return .close("</\(parent.tagName)>", guesses: [])
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
      return .close("</table>", guesses: [])
    }
    // The child's wrapper inside an element the section left open. Where foreign content
    // is open, what closes it depends on where the parser stands, and not on where the
    // child went: close every element open, innermost first.
    if let parent = child.pointee.parent, parent != wrapper {
      let stack = openElements(in: wrapper, at: closersEnd)
      if stack.contains(where: { $0.element?.tag_namespace != GUMBO_NAMESPACE_HTML }) {
        return .closeAll(stack.prefix(maximumClosers).map { "</\($0.tagName)>" })
      }
      var open = parent
      while let above = open.pointee.parent, above != wrapper, above.isElement,
        above.element?.tag_namespace != GUMBO_NAMESPACE_HTML
      {
        open = above
      }
      return .close("</\(open.tagName)>", guesses: guesses(after: open, in: wrapper, base: base))
    }
    // What the parser put after the child (a table left open takes it in front of it).
    if let after = wrapper.children.last(where: { $0.isElement }), after != child {
      return .close("</\(after.tagName)>", guesses: [])
    }
    // After the wrapper's end, the probe stands beside it; inside it, a details the
    // section left open took that end.
    guard let probe = byID[afterID] else { return nil }
    return probe.pointee.parent == root ? .done : .close("</details>", guesses: [])
  }

  /// The elements of `wrapper` open at `offset` of the probe document, innermost first:
  /// the parser's stack of open elements there. They are those it opened before and
  /// closed after, each closed element's end being where the token that closed it is;
  /// the later one was opened, the nearer the top it is, and of those one token opened,
  /// the one inside.
  static func openElements(
    in wrapper: UnsafeMutablePointer<GumboNode>, at offset: Int
  ) -> [UnsafeMutablePointer<GumboNode>] {
    var open: [(start: Int, order: Int, node: UnsafeMutablePointer<GumboNode>)] = []
    var stack = Array(wrapper.children.reversed())
    while let node = stack.popLast() {
      guard node.isElement else { continue }
      let element = node.pointee.v.element
      let start = Int(element.start_pos.offset)
      if start < offset, Int(element.end_pos.offset) >= offset {
        open.append((start, open.count, node))
      }
      stack += node.children.reversed()
    }
    return open.sorted { ($0.start, $0.order) > ($1.start, $1.order) }.map(\.node)
  }

  /// The closers that would follow the one that closes `closed`, the child having been
  /// in it: those of the elements that hold it, from the inside out, as far as the child
  /// would go into each in turn as into any element. The next parse checks them.
  static func guesses(
    after closed: UnsafeMutablePointer<GumboNode>, in wrapper: UnsafeMutablePointer<GumboNode>,
    base: UnsafeRawPointer
  ) -> [String] {
    var guesses: [String] = []
    var closed = closed
    var known: Surroundings = [:]
    while guesses.count < maximumClosers, let next = closed.pointee.parent, next != wrapper,
      next.isElement, takesDetailsLikeOthers(next, in: wrapper, base: base, known: &known)
    {
      guesses.append(closer(for: next, in: wrapper))
      closed = outermostForeign(next, in: wrapper)
    }
    return guesses
  }

  /// The closer of `holder`, the child having gone into it: its end tag, or that of the
  /// outermost of the foreign elements around it.
  static func closer(
    for holder: UnsafeMutablePointer<GumboNode>, in wrapper: UnsafeMutablePointer<GumboNode>
  ) -> String {
    "</\(outermostForeign(holder, in: wrapper).tagName)>"
  }

  /// `node`, or when it is foreign content, the outermost foreign element around it.
  static func outermostForeign(
    _ node: UnsafeMutablePointer<GumboNode>, in wrapper: UnsafeMutablePointer<GumboNode>
  ) -> UnsafeMutablePointer<GumboNode> {
    var open = node
    guard node.element?.tag_namespace != GUMBO_NAMESPACE_HTML else { return node }
    while let above = open.pointee.parent, above != wrapper, above.isElement,
      above.element?.tag_namespace != GUMBO_NAMESPACE_HTML
    {
      open = above
    }
    return open
  }
}
