import CCmark
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A parsed Markdown document: its source text and its cmark blocks, regrouped so that
/// each section's own blocks hang under one container node.
///
/// It owns every cmark node it holds: the containers, the heading nodes and the
/// footnotes are freed, with their children, when the document is. The reader fills it
/// in; once the reader hands it over its tree is only read (rendering and walking read
/// the nodes and change none), and what writing it meets is kept behind a lock, so it
/// may be shared between threads as the `Outline` that holds it is.
final class MarkdownDocument: @unchecked Sendable {
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
  private let leftOutForSize = Mutex<Set<SourcePlace>>([])
  /// See `rawHTMLErrors`.
  private let rawHTMLProblems = Mutex<Set<RawHTMLError>>([])

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
    return Container(number: containers.count - 1)
  }

  /// Takes ownership of an unlinked heading node.
  func adoptHeading(_ node: OpaquePointer) -> Heading {
    headings.append(node)
    return Heading(number: headings.count - 1)
  }

  /// The last container, whose blocks the document ends in.
  var lastContainer: Container { Container(number: containers.count - 1) }

  /// Whether the document has footnotes that are referred to.
  var hasNotes: Bool { notes != nil }

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

  /// The footnotes whose first line is one of `lines` (0-based), each with its label,
  /// normalized as link labels are (`^` and all), and its source lines, blank ones at the
  /// end left out, each ending with a line end.
  func footnoteDefinitions(in lines: Range<Int>) -> [(label: String, text: String)] {
    guard let notes else { return [] }
    var found: [(label: String, text: String)] = []
    for note in CmarkWalk.children(of: notes) {
      let start = Int(cmark_node_get_start_line(note)) - 1
      guard lines.contains(start), start < source.lineCount else { continue }
      let end = min(source.lineCount, max(start + 1, Int(cmark_node_get_end_line(note))))
      let text = source.trimmingBlankLines(start..<end)
      let opening = source.bytes[source.lineRange(start)].drop { $0 == 0x20 }
      guard opening.first == UInt8(ascii: "["),
        let close = opening.firstIndex(of: UInt8(ascii: "]"))
      else { continue }
      let label = LinkDefinitions.normalizedLabel(opening[(opening.startIndex + 1)..<close])
      found.append((label, text.map { source.line($0) + "\n" }.joined()))
    }
    return found
  }

  /// The runs of link reference definitions among a container's blocks, whose `lines` are
  /// given; definitions inside a block quote or list item, or at the start of a paragraph,
  /// are not found.
  func linkDefinitions(_ container: Container, lines: Range<Int>) -> [LinkDefinitions] {
    definitionRuns(container: container, lines: lines).compactMap {
      LinkDefinitions(source: source, lines: $0, dialect: dialect)
    }
  }

  /// The runs of lines in `lines` that may hold nothing but link reference definitions:
  /// cmark keeps no node for a definition, so these are the runs of non-blank lines that no
  /// top-level block of the container covers and that start with `[`.
  private func definitionRuns(container: Container, lines: Range<Int>) -> [Range<Int>] {
    var covered: [Range<Int>] = []
    for block in CmarkWalk.children(of: containers[container.number]) {
      let start = Int(cmark_node_get_start_line(block)) - 1
      guard start >= 0 else { continue }
      var end = Int(cmark_node_get_end_line(block))
      if cmark_node_get_type(block) == CMARK_NODE_HTML_BLOCK,
        let literal = cmark_node_get_literal(block)
      {
        end = SourceMap.lineAfterHTMLBlock(
          startingAt: start, reportedEnd: end, textLines: MarkdownDocument.lineCount(literal))
      }
      covered.append(start..<max(start, end))
    }
    // cmark-gfm moves footnotes out of the blocks they stood among: their lines are no
    // link definitions either.
    for block in notes.map(CmarkWalk.children(of:)) ?? CmarkWalk.Children() {
      let start = Int(cmark_node_get_start_line(block)) - 1
      let end = Int(cmark_node_get_end_line(block))
      if start >= 0, lines.contains(start) { covered.append(start..<max(start + 1, end)) }
    }
    covered.sort { $0.lowerBound < $1.lowerBound }
    var runs: [Range<Int>] = []
    var next = 0
    var line = lines.lowerBound
    while line < lines.upperBound {
      while next < covered.count, covered[next].upperBound <= line { next += 1 }
      if next < covered.count, covered[next].lowerBound <= line {
        line = covered[next].upperBound
        continue
      }
      guard !source.isBlank(line) else {
        line += 1
        continue
      }
      let blockStart = next < covered.count ? covered[next].lowerBound : lines.upperBound
      var end = line + 1
      while end < min(blockStart, lines.upperBound), !source.isBlank(end) { end += 1 }
      let text = source.bytes[source.lineRange(line)]
      let indent = text.prefix { $0 == 0x20 }.count
      if indent <= 3, text.dropFirst(indent).first == UInt8(ascii: "[") { runs.append(line..<end) }
      line = end
    }
    return runs
  }

  /// The number of lines in a block's text: its line ends, and one more if the last line
  /// has none.
  private static func lineCount(_ literal: UnsafePointer<CChar>) -> Int {
    let text = UnsafeRawBufferPointer(start: literal, count: strlen(literal))
    var count = 0
    for index in text.indices {
      let byte = text[index]
      if byte == 0x0A || (byte == 0x0D && (index + 1 == text.count || text[index + 1] != 0x0A)) {
        count += 1
      }
    }
    if let last = text.last, last != 0x0A && last != 0x0D { count += 1 }
    return count
  }

  /// A heading's title as runs of text and code, for an entry of a table of contents:
  /// links, emphasis and raw HTML give their text, an image its description, and line
  /// breaks a space.
  func titleRuns(_ heading: Heading) -> [(text: String, isCode: Bool)] {
    let root = headings[heading.number]
    var runs: [(text: String, isCode: Bool)] = []
    for step in CmarkWalk(root) where step.isEntering {
      let current = step.node
      let type = cmark_node_get_type(current)
      switch type {
      case CMARK_NODE_TEXT, CMARK_NODE_CODE:
        let text = cmark_node_get_literal(current).map { String(cString: $0) } ?? ""
        let isCode = type == CMARK_NODE_CODE
        if let last = runs.last, last.isCode == isCode, !isCode {
          runs[runs.count - 1].text += text
        } else {
          runs.append((text, isCode))
        }
      case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
        runs.append((" ", false))
      default:
        break
      }
    }
    return runs
  }

  /// Where the first raw HTML of `part` starts; where `part` does when it holds none.
  func firstRawHTML(in part: Part) -> SourcePlace {
    guard let node = root(of: part) else { return SourcePlace(line: 1, column: 1) }
    return firstRawHTML(in: node)
  }

  /// Where the first raw HTML under `node` starts; where `node` does when it holds none.
  private func firstRawHTML(in node: OpaquePointer) -> SourcePlace {
    for step in CmarkWalk(node, includingRoot: true) where step.isEntering {
      let current = step.node
      let type = cmark_node_get_type(current)
      if type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE {
        return SourcePlace(current)
      }
    }
    return SourcePlace(node)
  }

  /// Whether source `lines` hold a `<`, without which they hold no raw HTML; found with
  /// memchr, so that a section without any pays next to nothing.
  func mayHoldRawHTML(_ lines: Range<Int>) -> Bool {
    guard !lines.isEmpty else { return false }
    let start = source.lineRange(lines.lowerBound).lowerBound
    let end = source.lineRange(lines.upperBound - 1).upperBound
    return source.bytes.withUnsafeBytes { bytes in
      bytes.baseAddress.map { memchr($0 + start, 0x3C, end - start) != nil } ?? false
    }
  }

  /// Whether source `lines` hold `![`, without which they hold no Markdown image.
  private func mayHoldImage(_ lines: Range<Int>) -> Bool {
    guard !lines.isEmpty else { return false }
    let start = source.lineRange(lines.lowerBound).lowerBound
    let end = source.lineRange(lines.upperBound - 1).upperBound
    return source.bytes.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress else { return false }
      var from = base + start
      while from < base + end, let bang = memchr(from, 0x21, base + end - from) {
        let next = UnsafeRawPointer(bang) + 1
        if next < base + end, next.load(as: UInt8.self) == 0x5B { return true }
        from = next
      }
      return false
    }
  }

  /// Whether `part` holds raw HTML, or an image when `images` are to be looked at.
  /// `lines`, when given, is the source of the part, which is only looked into if it holds
  /// a `<` or an image.
  func needsSanitizing(_ part: Part, lines: Range<Int>?, images: Bool) -> Bool {
    guard let node = root(of: part) else { return false }
    if let lines, !mayHoldRawHTML(lines) && !(images && mayHoldImage(lines)) { return false }
    for step in CmarkWalk(node, includingRoot: true) where step.isEntering {
      let current = step.node
      let type = cmark_node_get_type(current)
      if type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE
        || (images && type == CMARK_NODE_IMAGE)
      {
        return true
      }
    }
    return false
  }

  /// Hands `body` the HTML cmark renders for `part`, without copying it (see
  /// `CmarkRenderer.html`): its raw HTML kept when `unsafe`, and then, with `filtersTags`,
  /// written as GitHub's tag filter writes it. The blocks left out of it for their size
  /// are noted.
  func render(
    _ part: Part, unsafe: Bool, filtersTags: Bool = false,
    _ body: (UnsafeRawBufferPointer) -> Void
  ) {
    guard let node = root(of: part) else { return }
    let rendered = CmarkRenderer.html(node, unsafe: unsafe, filtersTags: filtersTags)
    defer { free(rendered.bytes.baseAddress) }
    if !rendered.leftOut.isEmpty {
      leftOutForSize.withLock { $0.formUnion(rendered.leftOut) }
    }
    body(UnsafeRawBufferPointer(rendered.bytes))
  }

  /// Notes raw HTML of the document that could not be parsed while it was written.
  func note(_ problem: RawHTMLError) {
    rawHTMLProblems.withLock { _ = $0.insert(problem) }
  }

  /// Where the blocks start that were left out of the HTML written so far because their
  /// HTML alone would be larger than one render holds.
  var blocksLeftOutForSize: [SourcePlace] { leftOutForSize.withLock { $0.sorted() } }

  /// The raw HTML that could not be parsed in the output written so far, and what was
  /// written instead, in document order.
  var rawHTMLErrors: [RawHTMLError] { rawHTMLProblems.withLock { $0.sorted() } }
}
