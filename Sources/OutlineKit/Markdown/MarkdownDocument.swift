import CCmark

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A parsed Markdown document: its source text and its cmark blocks, regrouped so that
/// each section's own blocks hang under one container node.
///
/// It owns every cmark node it holds: the containers, the heading nodes and the
/// footnotes are freed, with their children, when the document is. It takes them from a
/// parsed tree (`takeTopLevel`), as its reader asks; once the reader hands it over its
/// tree is only read: rendering and walking read the nodes and change none. It is not to
/// be shared between threads, as the tree is not: what another thread reads is copied
/// out of it (`MarkdownBlocks.frozen()`).
final class MarkdownDocument {
  /// A document node of the document holding one content run's blocks.
  struct Container: Hashable {
    /// Its place among the document's containers, in document order.
    let number: Int
  }

  /// A heading node of the document, unlinked from it.
  struct Heading: Hashable {
    let number: Int
  }

  /// What one render of the document covers.
  enum Part: Equatable {
    /// A content run's blocks.
    case blocks(Container)
    /// A heading's inline content, which cmark renders in its `<hN>` element.
    case title(Heading)
    /// The footnotes that are referred to.
    case notes
  }

  /// The document's text.
  let source: SourceText
  /// Document nodes, each holding one content run's blocks.
  private var containers: [OpaquePointer] = []
  /// Heading nodes, unlinked from the document, their hint comments removed.
  private var headings: [OpaquePointer] = []
  /// The dialect the document was read in, which its parts are read again in.
  let dialect: MarkdownDialect
  /// The lines of YAML front matter at the top, `---` lines included, if there is any.
  let frontMatter: Range<Int>?
  /// A document node holding the footnotes that are referred to, in the order cmark-gfm
  /// numbers them, if there are any.
  private var notes: OpaquePointer?
  /// See `blocksLeftOutForSize`.
  private var leftOutForSize: Set<SourcePlace> = []
  /// See `rawHTMLErrors`.
  private var rawHTMLProblems: Set<RawHTMLError> = []
  /// The content runs and headings the document has taken, in document order.
  private(set) var order: [Part] = []
  /// Whether a top-level HTML block mentions `align`, without which no part leaves an
  /// aligned division open.
  var mentionsAlignment = false
  /// Whether its text shows emoji for their shortcodes (`showEmoji()`).
  var showsEmoji = false
  /// See `openDivisions(before:)`; found when first asked for.
  lazy var divisions: Divisions = findDivisions()

  init(source: SourceText, dialect: MarkdownDialect, frontMatter: Range<Int>?) {
    self.source = source
    self.dialect = dialect
    self.frontMatter = frontMatter
  }

  deinit {
    for node in containers { cmark_node_free(node) }
    for node in headings { cmark_node_free(node) }
    // Freed last: a footnote reference points at its definition.
    if let notes { cmark_node_free(notes) }
  }

  /// Takes ownership of the node that holds the footnotes.
  func adoptNotes(_ node: OpaquePointer) {
    notes = node
  }

  /// Takes ownership of a container node.
  func adoptContainer(_ node: OpaquePointer) -> Container {
    containers.append(node)
    let container = Container(number: containers.count - 1)
    order.append(.blocks(container))
    return container
  }

  /// Takes ownership of an unlinked heading node.
  func adoptHeading(_ node: OpaquePointer) -> Heading {
    headings.append(node)
    let heading = Heading(number: headings.count - 1)
    order.append(.title(heading))
    return heading
  }

  /// The last container, whose blocks the document ends in.
  var lastContainer: Container { Container(number: containers.count - 1) }

  /// Whether the document has footnotes that are referred to.
  var hasNotes: Bool { notes != nil }

  /// See `frozenNotes`.
  var notesFrozen: [MarkdownTree]? = nil

  /// The root node of `part`; nil only for the notes of a document without any, or the
  /// last container of one without containers.
  func root(of part: Part) -> OpaquePointer? {
    switch part {
    case .blocks(let container):
      return containers.indices.contains(container.number) ? containers[container.number] : nil
    case .title(let heading): return headings[heading.number]
    case .notes: return notes
    }
  }

  /// The address of `part`'s root node, which tells its renders apart from others'.
  func identity(of part: Part) -> UInt {
    root(of: part).map { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer($0))) } ?? 0
  }

  /// Hands `body` the HTML cmark renders for `part`, without copying it (see
  /// `CmarkRenderer.html`): its raw HTML kept when `unsafe`, and then, with `filtersTags`,
  /// written as GitHub's tag filter writes it; with a `highlighter`, its fenced code in
  /// runs with the highlighter's classes. The blocks left out of it for their size
  /// are noted (`-DPLAIN_RENDERCOPY` copies the HTML into a String first; bench/tricks.md
  /// says what this gains).
  func render(
    _ part: Part, unsafe: Bool, filtersTags: Bool = false,
    highlighter: (any CodeHighlighter)? = nil, _ body: (UnsafeRawBufferPointer) -> Void
  ) {
    guard let node = root(of: part) else { return }
    let rendered = CmarkRenderer.html(
      node, unsafe: unsafe, filtersTags: filtersTags, highlighter: highlighter)
    defer { free(rendered.bytes.baseAddress) }
    if !rendered.leftOut.isEmpty {
      leftOutForSize.formUnion(rendered.leftOut)
    }
    #if PLAIN_RENDERCOPY
      var html = String(decoding: UnsafeRawBufferPointer(rendered.bytes), as: UTF8.self)
      html.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    #else
      body(UnsafeRawBufferPointer(rendered.bytes))
    #endif
  }

  /// Notes raw HTML of the document that could not be parsed while it was written.
  func note(_ problem: RawHTMLError) {
    rawHTMLProblems.insert(problem)
  }

  /// Where the blocks start that were left out of the HTML written so far because their
  /// HTML alone would be larger than one render holds.
  var blocksLeftOutForSize: [SourcePlace] { leftOutForSize.sorted() }

  /// The raw HTML that could not be parsed in the output written so far, and what was
  /// written instead, in document order.
  var rawHTMLErrors: [RawHTMLError] { rawHTMLProblems.sorted() }
}
