import CGumbo

/// HTML parsed by gumbo as a browser parses what is set as an element's `innerHTML`:
/// the tree a browser would build from it, whatever the markup's mistakes.
///
/// Every node lives in an arena that goes with the fragment, so that no tree, however
/// deep, is freed one level of nesting at a time.
///
/// A parse may take at most `budget(for:)` bytes: each element left open, such as a
/// `<b>`, is copied into every paragraph after it, so that 70 KB of HTML had made a tree
/// of 5 GB in 8 seconds.
final class GumboFragment {
  /// Why a parse made no tree.
  enum Failure: Error, Equatable {
    /// It would have taken more than `budget` bytes.
    case overBudget(budget: Int)
    /// Memory ran out.
    case outOfMemory
  }

  private let arena: UnsafeMutablePointer<collapse_gumbo_arena>
  private let output: UnsafeMutablePointer<GumboOutput>?

  /// How many bytes a parse may take for each byte of HTML, beyond `budgetBase`. The
  /// Markdown and HTML of 5,000 files of documentation (READMEs, changelogs, Node.js's
  /// manual) take at most 37 for each byte, and 2 KiB more; HTML as dense as `<br>` or
  /// `<i>a</i>` repeated, 55.
  static let budgetPerByte = 256
  /// How many bytes any parse may take, beyond `budgetPerByte` for each byte of HTML.
  static let budgetBase = 1 << 20

  /// How many bytes a parse of `count` bytes of HTML may take.
  static func budget(for count: Int) -> Int {
    let (product, overflow) = count.multipliedReportingOverflow(by: budgetPerByte)
    return overflow || product > Int.max - budgetBase ? Int.max : product + budgetBase
  }

  /// Parses `html` as the content of a `context` element (`GUMBO_TAG_DIV` for a
  /// section's blocks), or as a whole document for `GUMBO_TAG_LAST`: `nodes` are then
  /// its `head` and `body`.
  init(_ html: UnsafeRawBufferPointer, context: GumboTag) {
    arena = .allocate(capacity: 1)
    arena.initialize(to: collapse_gumbo_arena())
    arena.pointee.budget = size_t(Self.budget(for: html.count))
    // An empty buffer may have no address: gumbo then reads one without a byte.
    let empty: StaticString = ""
    let text = UnsafeRawPointer(html.baseAddress ?? UnsafeRawPointer(empty.utf8Start))
    output = collapse_gumbo_parse_fragment(
      arena, text.assumingMemoryBound(to: CChar.self), html.count, context)
  }

  deinit {
    collapse_gumbo_free(arena)
    arena.deallocate()
  }

  /// Why the parse made no tree; nil when it made one.
  var failure: Failure? {
    guard output == nil else { return nil }
    return arena.pointee.over_budget != 0
      ? .overBudget(budget: Int(arena.pointee.budget)) : .outOfMemory
  }

  /// The parsed nodes, in order; nil when the parse made no tree (see `failure`).
  var nodes: [UnsafeMutablePointer<GumboNode>]? {
    guard let root = output?.pointee.root else { return nil }
    return root.children
  }
}

extension UnsafeMutablePointer where Pointee == GumboNode {
  /// An element's or template's children; none for other nodes.
  var children: [UnsafeMutablePointer<GumboNode>] {
    guard let children = element?.children else { return [] }
    return (0..<Int(children.length)).compactMap {
      children.data[$0]?.assumingMemoryBound(to: GumboNode.self)
    }
  }

  /// Whether the node is an element or a template, which has a tag and attributes.
  var isElement: Bool { pointee.type == GUMBO_NODE_ELEMENT || pointee.type == GUMBO_NODE_TEMPLATE }

  /// The node as an element; nil for a text, comment or document node, whose fields
  /// share the element's place in gumbo's union and read as garbage through it.
  var element: GumboElement? { isElement ? pointee.v.element : nil }

  /// An element's tag; nil for any other node.
  var tag: GumboTag? { element?.tag }

  /// An element's tag name, lower case, as written when gumbo does not know it; empty
  /// for any other node.
  var tagName: String {
    guard let element else { return "" }
    if element.tag != GUMBO_TAG_UNKNOWN, element.tag.rawValue < GUMBO_TAG_LAST.rawValue,
      let name = gumbo_normalized_tagname(element.tag)
    {
      return String(cString: name)
    }
    var piece = element.original_tag
    gumbo_tag_from_original_text(&piece)
    guard let data = piece.data, piece.length > 0 else { return "" }
    let bytes = UnsafeRawBufferPointer(start: data, count: piece.length)
    return String(decoding: bytes, as: UTF8.self).lowercased()
  }

  /// An element's attributes, names and values as the browser reads them: character
  /// references decoded; none for any other node.
  var attributes: [(name: String, value: String)] {
    guard let attributes = element?.attributes else { return [] }
    return (0..<Int(attributes.length)).compactMap {
      guard let attribute = attributes.data[$0]?.assumingMemoryBound(to: GumboAttribute.self)
      else { return nil }
      return (String(cString: attribute.pointee.name), String(cString: attribute.pointee.value))
    }
  }

  /// Whether the node is text, white space, CDATA or a comment, which has a text.
  var isText: Bool {
    switch pointee.type {
    case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE, GUMBO_NODE_CDATA, GUMBO_NODE_COMMENT: return true
    default: return false
    }
  }

  /// A text, white-space, CDATA or comment node's text; empty for any other node.
  var text: String {
    guard isText, let text = pointee.v.text.text else { return "" }
    return String(cString: text)
  }

  /// Where a text, white-space, CDATA or comment node's text is written in the parsed
  /// HTML; an empty piece for any other node.
  var originalText: GumboStringPiece {
    isText ? pointee.v.text.original_text : GumboStringPiece(data: nil, length: 0)
  }
}
