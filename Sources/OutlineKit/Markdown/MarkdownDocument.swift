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
/// It owns every cmark node it holds: the containers and the heading nodes are freed,
/// with their children, when the document is. The reader fills it in; once the reader
/// hands it over it is only read, so it may be shared between threads.
public final class MarkdownDocument: @unchecked Sendable {
  /// The document's text.
  public let source: SourceText
  /// Document nodes, each holding one content run's blocks.
  private(set) var containers: [OpaquePointer] = []
  /// Heading nodes, unlinked from the document, their hint comments removed.
  private(set) var headings: [OpaquePointer] = []
  /// The dialect the document was read in, which its parts are read again in.
  let dialect: MarkdownDialect
  /// The lines of YAML front matter at the top, `---` lines included, if there is any.
  public let frontMatter: Range<Int>?
  /// A document node holding the footnotes that are referred to, in the order cmark-gfm
  /// numbers them, if there are any.
  private(set) var notes: OpaquePointer?
  /// The link definitions of each container, found the first time they are asked for.
  private let definitions = Mutex<[Int: [LinkDefinitions]]>([:])
  /// What closes the block the document ends inside, found the first time it is asked
  /// for: `.some(nil)` when no block is left open.
  let closer = Mutex<String??>(nil)
  /// See `blocksLeftOutForSize`.
  private let leftOutForSize = Mutex<Set<SourcePlace>>([])
  /// See `rawHTMLErrors`.
  let rawHTMLProblems = Mutex<Set<RawHTMLError>>([])

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

  /// Whether the document has footnotes that are referred to.
  var hasNotes: Bool { notes != nil }

  /// Writes the footnotes, as cmark-gfm renders them after a document: a `<section
  /// class="footnotes">` with a list of the notes, each with links back to its references;
  /// when `written` is given, only the links back to the references it holds.
  func writeNotesHTML<Target: ByteOutputStream>(
    options: DocumentWriterOptions, keeping written: Set<String>? = nil, to target: inout Target
  ) {
    guard let notes else { return }
    renderSafely(notes, lines: nil, place: .notes, options: options) { rendered in
      var html = rendered[...]
      // A section has a heading, for the outline of the page: GitHub's, read by screen
      // readers and hidden from view.
      let opening = Array("<section class=\"footnotes\" data-footnotes>\n".utf8)
      if html.starts(with: opening) {
        target.write(bytes: UnsafeRawBufferPointer(rebasing: html.prefix(opening.count)))
        target.write("<h2 class=\"sr-only\">Footnotes</h2>\n")
        html = html.dropFirst(opening.count)
      }
      guard let written else {
        HTML.writeValid(UnsafeRawBufferPointer(rebasing: html), to: &target)
        return
      }
      var kept = ""
      FootnoteMarkup.removingLinksBack(
        from: UnsafeRawBufferPointer(rebasing: html), notIn: written, to: &kept)
      kept.withUTF8 { HTML.writeValid(UnsafeRawBufferPointer($0), to: &target) }
    }
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

  /// Takes ownership of a container node and returns its number.
  func adoptContainer(_ node: OpaquePointer) -> Int {
    containers.append(node)
    return containers.count - 1
  }

  /// Takes ownership of an unlinked heading node and returns its number.
  func adoptHeading(_ node: OpaquePointer) -> Int {
    headings.append(node)
    return headings.count - 1
  }

  /// The HTML for a container's blocks, as `writeHTML` writes it.
  func renderHTML(container: Int, lines: Range<Int>, options: DocumentWriterOptions) -> String {
    var html = ""
    writeHTML(container: container, lines: lines, options: options, to: &html)
    return html
  }

  /// The HTML for a heading's inline content, as `writeInlineHTML` writes it.
  func renderInlineHTML(heading: Int, options: DocumentWriterOptions) -> String {
    var html = ""
    writeInlineHTML(heading: heading, options: options, to: &html)
    return html
  }

  /// The runs of link reference definitions among a container's blocks, whose `lines` are
  /// given; definitions inside a block quote or list item, or at the start of a paragraph,
  /// are not found.
  func linkDefinitions(container: Int, lines: Range<Int>) -> [LinkDefinitions] {
    if let found = definitions.withLock({ $0[container] }) { return found }
    let found = definitionRuns(container: container, lines: lines).compactMap {
      LinkDefinitions(source: source, lines: $0, dialect: dialect)
    }
    definitions.withLock { $0[container] = found }
    return found
  }

  /// The runs of lines in `lines` that may hold nothing but link reference definitions:
  /// cmark keeps no node for a definition, so these are the runs of non-blank lines that no
  /// top-level block of the container covers and that start with `[`.
  private func definitionRuns(container: Int, lines: Range<Int>) -> [Range<Int>] {
    var covered: [Range<Int>] = []
    for block in CmarkWalk.children(of: containers[container]) {
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

  /// Writes a container's blocks, whose source is `lines`, as cmark renders them, made
  /// valid HTML, their raw HTML sanitised unless `options.unsafe`.
  func writeHTML<Target: ByteOutputStream>(
    container: Int, lines: Range<Int>, options: DocumentWriterOptions, to target: inout Target
  ) {
    renderSafely(containers[container], lines: lines, place: .blocks, options: options) {
      HTML.writeValid($0, to: &target)
    }
  }

  /// Writes a heading's inline content, without the `<hN>` element around it.
  /// A heading's title as runs of text and code, for an entry of a table of contents:
  /// links, emphasis and raw HTML give their text, an image its description, and line
  /// breaks a space.
  func titleRuns(heading: Int) -> [(text: String, isCode: Bool)] {
    let root = headings[heading]
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

  func writeInlineHTML<Target: ByteOutputStream>(
    heading: Int, options: DocumentWriterOptions, to target: inout Target
  ) {
    renderSafely(headings[heading], lines: nil, place: .title, options: options) { html in
      HTML.writeValid(html, to: &target)
    }
  }

  /// Hands `body` the HTML of `node` that `options` allow: cmark's, when `node` holds no
  /// raw HTML, or images the options change, or `options.unsafe` keeps everything; else
  /// cmark's with raw HTML kept, sanitised for `place`. `lines`, when given, is the
  /// source of the node, which is only looked into if it holds a `<` or an image.
  private func renderSafely(
    _ node: OpaquePointer, lines: Range<Int>?, place: HTMLSanitizer.Place,
    options: DocumentWriterOptions, _ body: (UnsafeRawBufferPointer) -> Void
  ) {
    // A heading is rendered in `<hN>…</hN>\n`: its content is what it holds.
    func content(_ html: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
      guard place == .title else { return html }
      return UnsafeRawBufferPointer(
        rebasing: html.count >= 10 ? html[4..<(html.count - 6)] : html[0..<0])
    }
    let images = options.blocksRemoteImages || options.images != nil
    #if NO_RAW_HTML_CHECK
      // For the bench: what rendering cost before raw HTML was looked for.
      let checked = false
    #else
      let checked = needsSanitizing(node, lines: lines, images: images)
    #endif
    guard !options.unsafe, checked else {
      render(node, unsafe: options.unsafe) { body(content($0)) }
      return
    }
    var sanitizer = HTMLSanitizer(place: place)
    sanitizer.blocksRemoteImages = options.blocksRemoteImages
    sanitizer.prefixesIDs = !options.leavesIDsToGitHub
    if let embedder = options.images {
      // Each image of the render is known by its node and its place among them.
      var ordinal = 0
      let node = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(node)))
      sanitizer.embed = { [self] in
        ordinal += 1
        return embedder.dataURL(
          for: $0, in: self, at: ImageEmbedder.Reference(node: node, place: place, ordinal: ordinal)
        )
      }
    }
    var note: String?
    // Tags whose content a browser reads as raw text (`<textarea>`, `<script>`) are
    // written as text first, as GitHub does, so that what follows them is not lost.
    render(node, unsafe: true, filtersTags: true) { html in
      let html = content(html)
      if HTMLSanitizer.nestsTooDeep(html) {
        note = "its elements nest deeper than \(HTMLSanitizer.parsedDepth)"
        return
      }
      do throws(GumboFragment.Failure) {
        try sanitizer.sanitized(html).withUnsafeBytes { body($0) }
      } catch {
        let problem = RawHTMLError(
          error, bytes: html.count, place: firstRawHTML(in: node), outcome: .leftOut)
        rawHTMLProblems.withLock { _ = $0.insert(problem) }
        note = "it would take too much memory to parse"
      }
    }
    guard let note else { return }
    // Too deep or too large to parse in good time: the section without its raw HTML, and
    // why.
    render(node, unsafe: false) { html in
      (Array("<!-- collapse left out the raw HTML here: \(note) -->".utf8) + content(html))
        .withUnsafeBytes { body($0) }
    }
  }

  /// Where the first raw HTML under `node` starts; where `node` does when it holds none.
  func firstRawHTML(in node: OpaquePointer) -> SourcePlace {
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

  /// Whether `node` holds raw HTML, or an image when `images` are to be looked at.
  private func needsSanitizing(_ node: OpaquePointer, lines: Range<Int>?, images: Bool) -> Bool {
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

  /// Hands `body` the HTML cmark renders for `node`, without copying it (see
  /// `CmarkRenderer.html`).
  func render(
    _ node: OpaquePointer, unsafe: Bool, filtersTags: Bool = false,
    _ body: (UnsafeRawBufferPointer) -> Void
  ) {
    let html = rendered(node, unsafe: unsafe, filtersTags: filtersTags)
    defer { free(html.baseAddress) }
    body(UnsafeRawBufferPointer(html))
  }

  /// The HTML of `node`, to be freed with `free`; the blocks left out of it for their size
  /// are noted.
  private func rendered(_ node: OpaquePointer, unsafe: Bool, filtersTags: Bool)
    -> UnsafeMutableBufferPointer<UInt8>
  {
    let rendered = CmarkRenderer.html(node, unsafe: unsafe, filtersTags: filtersTags)
    if !rendered.leftOut.isEmpty {
      leftOutForSize.withLock { $0.formUnion(rendered.leftOut) }
    }
    return rendered.bytes
  }

  /// Where the blocks start that were left out of the HTML written so far because their
  /// HTML alone would be larger than one render holds.
  public var blocksLeftOutForSize: [SourcePlace] { leftOutForSize.withLock { $0.sorted() } }

  /// The raw HTML that could not be parsed in the output written so far, and what was
  /// written instead, in document order.
  public var rawHTMLErrors: [RawHTMLError] { rawHTMLProblems.withLock { $0.sorted() } }
}
