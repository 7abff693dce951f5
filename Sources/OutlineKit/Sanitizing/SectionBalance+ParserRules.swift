import CGumbo

// How an HTML parser places elements and closes them, read from gumbo's tree: the
// elements that bound an end tag's scope, those it moved, those a `<details>` does not
// simply go into.

extension SectionBalance {
  /// The parse flags of a node gumbo may have put elsewhere than in the element open
  /// before it. A formatting element reopened is one: its copy may stand in front of a
  /// table it is inside of, and its start tag is the first one's.
  static let moved =
    GUMBO_INSERTION_FOSTER_PARENTED.rawValue | GUMBO_INSERTION_ADOPTION_AGENCY_MOVED.rawValue
    | GUMBO_INSERTION_ADOPTION_AGENCY_CLONED.rawValue
    | GUMBO_INSERTION_RECONSTRUCTED_FORMATTING_ELEMENT.rawValue

  /// Whether `node` stops a `</details>` end tag inside it from closing a `details` around
  /// it: a `details` of its own, an element that bounds the scope an end tag looks in, a
  /// `select` (which ignores it).
  static func boundsEndTags(_ node: UnsafeMutablePointer<GumboNode>) -> Bool {
    let html = node.element?.tag_namespace == GUMBO_NAMESPACE_HTML
    return boundsScope(node) || (html ? ["details", "select"] : ["details"]).contains(node.tagName)
  }

  /// Whether `node` bounds the scope in which the parser looks for an element to close.
  static func boundsScope(_ node: UnsafeMutablePointer<GumboNode>) -> Bool {
    let name = node.tagName
    guard let element = node.element else { return false }
    switch element.tag_namespace {
    case GUMBO_NAMESPACE_HTML:
      return ["applet", "caption", "html", "table", "td", "th", "marquee", "object", "template"]
        .contains(name)
    case GUMBO_NAMESPACE_MATHML:
      return ["mi", "mo", "mn", "ms", "mtext", "annotation-xml"].contains(name)
    default:
      return ["foreignobject", "desc", "title"].contains(name.lowercased())
    }
  }

  /// Where a piece of the probe document starts; nil for one not written in it.
  static func start(_ piece: GumboStringPiece, base: UnsafeRawPointer) -> Int? {
    guard let data = piece.data, piece.length > 0 else { return nil }
    return base.distance(to: UnsafeRawPointer(data))
  }

  /// What `takesDetailsLikeOthers` found of an element and those around it: whether
  /// they are all where the parser put them as it read them and none is a select or a
  /// template, and whether it or one around it is a `p` in button scope.
  typealias Surroundings = [UnsafeMutablePointer<GumboNode>: (plain: Bool, inP: Bool)]

  /// Whether a `<details>` start tag, with `holder` the element last open, would go into
  /// it as into any element: `holder` is not one of `unlikeOthers`, no `p` it is in
  /// would be closed first, and neither it nor what holds it is where the parser moved
  /// it, or in a select or a template. `known` keeps what was found of each element, so
  /// that each is looked at once.
  static func takesDetailsLikeOthers(
    _ holder: UnsafeMutablePointer<GumboNode>, in wrapper: UnsafeMutablePointer<GumboNode>,
    base: UnsafeRawPointer, known: inout Surroundings
  ) -> Bool {
    if holder.element?.tag_namespace == GUMBO_NAMESPACE_HTML,
      unlikeOthers.contains(holder.tagName)
    {
      return false
    }
    var path: [UnsafeMutablePointer<GumboNode>] = []
    var node = holder
    var above = (plain: true, inP: false)
    while node != wrapper {
      if let found = known[node] {
        above = found
        break
      }
      path.append(node)
      guard node.isElement, let parent = node.pointee.parent else {
        above = (false, false)
        break
      }
      node = parent
    }
    for node in path.reversed() {
      let html = node.element?.tag_namespace == GUMBO_NAMESPACE_HTML
      let name = node.tagName
      let plain =
        above.plain && node.isElement && !isMoved(node, base: base)
        && !(html && (name == "select" || name == "template"))
      // A `p` is in button scope unless a button or a scope's bound is in between.
      let bounds = boundsScope(node) || (html && name == "button")
      let inP = (html && name == "p") || (!bounds && above.inP)
      above = (plain, inP)
      known[node] = above
    }
    return above.plain && !above.inP
  }

  /// Whether gumbo put `node` elsewhere than into the element open before it: in front
  /// of a table (after which it then stands, though it started later), or by the steps
  /// that mend misnested formatting. `from` is where it starts, for a text.
  static func isMoved(
    _ node: UnsafeMutablePointer<GumboNode>, from: Int? = nil, base: UnsafeRawPointer
  ) -> Bool {
    if node.pointee.parse_flags.rawValue & moved != 0 { return true }
    guard let parent = node.pointee.parent,
      let own = from ?? node.element.flatMap({ start($0.original_tag, base: base) })
    else { return false }
    return parent.children.drop { $0 != node }.dropFirst().contains {
      ($0.element.flatMap { start($0.original_tag, base: base) } ?? .max) < own
    }
  }

  /// The HTML elements a `<details>` start tag does not simply go into, as the last one
  /// open: a parser moves it in front of a table, a select ignores it, it closes a `p`;
  /// and those a parser closes by other means than their end tag.
  static let unlikeOthers: Set<String> = ParsedTags.rawText.union([
    "table", "tbody", "thead", "tfoot", "tr", "td", "th", "caption", "colgroup", "select",
    "template", "p", "form", "html", "head", "body", "frameset",
  ])
}
