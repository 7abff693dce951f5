import CCmark
import CCmarkGuard

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads Markdown into an outline with cmark-gfm, as input arrives.
///
/// Only headings that are direct children of the document open sections; a heading
/// of level n holds everything up to the next heading of level n or less. YAML front
/// matter becomes part of the preamble; invalid UTF-8 and NUL become U+FFFD.
public final class MarkdownReader {
  private let parser: CmarkParser
  private let dialect: MarkdownDialect
  /// The document as valid UTF-8, a byte order mark at its start left out: exactly the
  /// bytes cmark-gfm reads, so that lines and positions agree.
  private var bytes: [UInt8] = []
  private var repair = UTF8Repair()
  private var frontMatter = FrontMatterScanner()
  /// How many of `bytes` cmark has been given.
  private var fed = 0
  private var checkedByteOrderMark = false
  /// Whether `bytes` leaves out a byte order mark that starts the input.
  private var leftOutByteOrderMark = false

  /// A reader of Markdown in `dialect`: GitHub's unless said otherwise.
  public init(dialect: MarkdownDialect = .gfm) {
    self.dialect = dialect
    parser = CmarkParser(dialect: dialect)
  }

  /// Reads a whole document; throws `LoadError.outOfMemory` when memory runs out.
  public static func read(_ bytes: [UInt8], dialect: MarkdownDialect = .gfm) throws(LoadError)
    -> Outline
  {
    let reader = MarkdownReader(dialect: dialect)
    bytes.withUnsafeBytes { reader.feed($0) }
    return try reader.finish()
  }

  /// The bytes of text read so far, each invalid byte of the input three, as U+FFFD.
  public var textSize: Int { bytes.count }

  /// Makes room for a document of about `count` bytes.
  public func reserveCapacity(_ count: Int) {
    bytes.reserveCapacity(count)
  }

  /// Takes the next chunk of the document.
  public func feed(_ chunk: UnsafeRawBufferPointer) {
    guard !parser.ranOutOfMemory else {
      // Once memory has run out, what comes is only counted: `finish()` says so.
      fedAfterRunningOut += chunk.count
      return
    }
    // Repaired before cmark sees it, so that the text and the HTML show the same U+FFFDs.
    repair.repair(chunk, into: &bytes)
    advance(final: false)
  }

  /// The bytes given after memory ran out, which were not kept.
  private var fedAfterRunningOut = 0

  /// Ends the document and returns its outline; throws `LoadError.outOfMemory` when
  /// memory ran out while cmark-gfm parsed it.
  public func finish() throws(LoadError) -> Outline {
    let format: InputFormat = dialect == .gfm ? .markdown : .commonmark
    if !parser.ranOutOfMemory {
      repair.finish(into: &bytes)
      advance(final: true)
    }
    guard !parser.ranOutOfMemory else {
      let size = bytes.count + fedAfterRunningOut
      bytes = []
      throw .outOfMemory(bytes: size, format: format, limit: MemoryLimit.tightest()?.words)
    }
    let text = bytes
    bytes = []
    let parsed = parser.finish()
    guard let root = parsed else {
      // The parser has given its memory back: the message can be made.
      throw .outOfMemory(bytes: text.count, format: format, limit: MemoryLimit.tightest()?.words)
    }
    // Building the outline takes a section and a container for each heading, and an
    // allocation that fails there ends the program: their memory is looked for first,
    // where it is more than the few megabytes any process has to spare.
    let headings = OutlineBuilder.headingCount(root)
    let building = headings * OutlineBuilder.memoryPerSection
    if building > 1 << 20, let limit = MemoryLimit.tightest(), building > limit.bytes {
      cmark_node_free(root)
      throw .outOfMemory(bytes: text.count, format: format, limit: limit.words)
    }
    var frontMatterLines: Range<Int>? = nil
    if case .present(let lines, _) = frontMatter.verdict { frontMatterLines = 0..<lines }
    let map = SourceMap(
      markdown: text, leftOutAtStart: leftOutByteOrderMark ? SourceMap.byteOrderMark.count : 0,
      repairs: repair.offsets, frontMatterLines: frontMatterLines)
    // The root's children move into section containers; the root itself is freed here.
    defer { cmark_node_free(root) }
    var builder = OutlineBuilder(
      root: root, source: SourceText(bytes: text, map: map), dialect: dialect)
    builder.sections.reserveCapacity(headings)
    return builder.build()
  }

  /// Hands cmark what can be decided so far.
  private func advance(final: Bool) {
    if !checkedByteOrderMark {
      guard let length = SourceMap.byteOrderMarkLength(bytes, final: final) else { return }
      if length > 0 {
        bytes.removeFirst(length)
        leftOutByteOrderMark = true
        repair.leftOutStart(length)
        // cmark-gfm leaves out a byte order mark that starts the first line, and no other
        // one: it is handed the one the text leaves out, so that both read the same bytes.
        SourceMap.byteOrderMark.withUnsafeBufferPointer { parser.feed($0) }
      }
      checkedByteOrderMark = true
    }
    if frontMatter.verdict == .undecided {
      frontMatter.scan(bytes, final: final)
      guard case let verdict = frontMatter.verdict, verdict != .undecided else { return }
      if case .present(let lines, let length) = verdict {
        // cmark sees blank lines in place of the front matter, so line numbers still agree.
        let blanks = [UInt8](repeating: 0x0A, count: lines)
        blanks.withUnsafeBufferPointer { parser.feed($0) }
        fed = length
      }
    }
    guard fed < bytes.count else { return }
    bytes.withUnsafeBufferPointer { buffer in
      parser.feed(UnsafeBufferPointer(rebasing: buffer[fed...]))
    }
    fed = bytes.count
  }
}

/// Walks the top level of a parsed document and groups its blocks into sections.
private struct OutlineBuilder {
  let root: OpaquePointer
  let document: MarkdownDocument
  var sections: [Section] = []
  var documentContent: [Content] = []
  /// Where each title is gathered, kept from one heading to the next.
  let titleText = FoldedText(capacity: 256)

  init(root: OpaquePointer, source: SourceText, dialect: MarkdownDialect) {
    self.root = root
    self.document = MarkdownDocument(
      source: source, dialect: dialect, frontMatter: source.map.frontMatterLines)
  }

  /// The most memory building takes for each heading: its section, and the document node
  /// that holds its content, with room for its title.
  static let memoryPerSection = MemoryLayout<Section>.stride + 256

  /// How many headings stand at the top level of the tree `root`.
  static func headingCount(_ root: OpaquePointer) -> Int {
    CmarkWalk.children(of: root).count { cmark_node_get_type($0) == CMARK_NODE_HEADING }
  }

  mutating func build() -> Outline {
    var open: [Int] = []
    var owner: Int? = nil
    var container = OutlineBuilder.newNode(CMARK_NODE_DOCUMENT)
    var contentStart = 0
    if let lines = document.source.map.frontMatterLines {
      cmark_node_append_child(container, frontMatterBlock(lines: lines.count))
    }
    // cmark-gfm moves the footnotes that are referred to after every other block, in the
    // order of their first reference; they are rendered once, after the whole document.
    var notes: OpaquePointer? = nil
    for block in CmarkWalk.children(of: root) {
      cmark_node_unlink(block)
      if cmark_node_get_type(block) == CMARK_NODE_FOOTNOTE_DEFINITION {
        let container = notes ?? OutlineBuilder.newNode(CMARK_NODE_DOCUMENT)
        cmark_node_append_child(container, block)
        notes = container
        continue
      }
      guard cmark_node_get_type(block) == CMARK_NODE_HEADING else {
        if cmark_node_get_type(block) == CMARK_NODE_BLOCK_QUOTE,
          let alert = GitHubAlert.alert(from: block)
        {
          cmark_node_append_child(container, alert)
          cmark_node_free(block)
          continue
        }
        cmark_node_append_child(container, block)
        continue
      }
      let startLine = Int(cmark_node_get_start_line(block)) - 1
      attach(container, lines: contentStart..<startLine, to: owner)
      let level = Int(cmark_node_get_heading_level(block))
      while let top = open.last, sections[top].level >= level {
        sections[top].end = sections.count
        open.removeLast()
      }
      let hint = MarkdownReaderHeading.removeHint(block)
      let (title, isPlain) = MarkdownReaderHeading.plainText(block, using: titleText)
      let endLine = document.source.map.lineAfterHeading(
        startingAt: startLine, in: document.source.bytes)
      open.append(sections.count)
      owner = sections.count
      sections.append(
        Section(
          title: title, level: level, depth: open.count - 1, parent: open.dropLast().last,
          kind: .heading, hint: hint))
      sections[sections.count - 1].span.lines = startLine..<startLine
      sections[sections.count - 1].heading = MarkdownHeading(
        document: document, node: document.adoptHeading(block), isPlainText: isPlain,
        definitions: leadingDefinitions(startLine..<endLine))
      contentStart = endLine
      container = OutlineBuilder.newNode(CMARK_NODE_DOCUMENT)
    }
    attach(container, lines: contentStart..<document.source.lineCount, to: owner)
    if let notes { document.adoptNotes(notes) }
    for index in open { sections[index].end = sections.count }
    countHiddenLines()
    placeSections()
    // Hand the sections over rather than share them, so that assigning ids copies nothing.
    var outline = Outline(sections: takeAll(&sections), content: documentContent)
    outline.documents = [document]
    outline.sourceLines = document.source.lineCount
    outline.hiddenLines = outline.topLevel.reduce(contentLineCount(documentContent)) {
      $0 + outline.sections[$1].hiddenLines
    }
    return outline
  }

  /// Gives every section its span: from its heading's first line, which it holds so far,
  /// to where the next section outside it starts, or the end of the document.
  private mutating func placeSections() {
    let source = document.source
    let bytes = { (line: Int) in source.map.inputOffset(ofLine: line) }
    for index in sections.indices {
      let start = sections[index].span.lines.lowerBound
      let next = sections[index].end
      let end = next < sections.count ? sections[next].span.lines.lowerBound : source.lineCount
      sections[index].span = SourceSpan(lines: start..<end, bytes: bytes(start)..<bytes(end))
    }
  }

  /// The lines that open a setext heading of `lines` (its underline the last) with link
  /// reference definitions, which cmark takes out of the heading's text: `[a]: /url`,
  /// then `Title`, then `===`.
  private func leadingDefinitions(_ lines: Range<Int>) -> Range<Int>? {
    let source = document.source
    guard lines.count > 2, lines.lowerBound < source.lineCount else { return nil }
    let first = source.bytes[source.lineRange(lines.lowerBound)].drop { $0 == 0x20 }
    guard first.first == UInt8(ascii: "[") else { return nil }
    // The longest run of whole lines before the title's last line that reads as nothing
    // but definitions; a setext heading's text is rarely more than a few lines.
    let last = min(lines.upperBound - 2, lines.lowerBound + 50)
    for end in stride(from: last, to: lines.lowerBound, by: -1)
    where LinkDefinitions(source: source, lines: lines.lowerBound..<end, dialect: document.dialect)
      != nil
    {
      return lines.lowerBound..<end
    }
    return nil
  }

  /// Gives a content run to its section, or to the document for the preamble; a run with
  /// neither blocks nor text is dropped.
  private mutating func attach(_ container: OpaquePointer, lines: Range<Int>, to owner: Int?) {
    let lines = lines.clamped(to: 0..<document.source.lineCount)
    if cmark_node_first_child(container) == nil && document.source.nonBlankCount(lines) == 0 {
      cmark_node_free(container)
      return
    }
    let blocks = MarkdownBlocks(
      lines: lines, document: document, node: document.adoptContainer(container))
    let content = Content(position: 0, body: .markdown(blocks))
    if let owner {
      sections[owner].content = [content]
    } else {
      documentContent = [content]
    }
  }

  /// A new node of `type`, made with collapse's allocator; the tree it joins frees it.
  private static func newNode(_ type: cmark_node_type) -> OpaquePointer {
    guard let node = cmark_node_new_with_mem(type, collapse_cmark_mem()) else {
      // cmark returns NULL only when allocation fails, and collapse's allocator never
      // returns NULL: it aborts, or jumps out of a guarded parse or render (CCmarkGuard).
      preconditionFailure("cmark could not allocate a node, which CCmarkGuard never lets happen")
    }
    return node
  }

  /// A fenced YAML code block holding the front matter, without its `---` lines.
  private func frontMatterBlock(lines: Int) -> OpaquePointer {
    let source = document.source
    var yaml = ""
    for line in 1..<max(1, lines - 1) where line < source.lineCount {
      yaml += source.line(line)
      yaml += "\n"
    }
    let block = OutlineBuilder.newNode(CMARK_NODE_CODE_BLOCK)
    cmark_node_set_fence_info(block, "yaml")
    cmark_node_set_literal(block, yaml)
    return block
  }

  /// The non-blank source lines of content runs.
  private func contentLineCount(_ content: [Content]) -> Int {
    content.reduce(0) { total, run in
      guard case .markdown(let blocks) = run.body else { return total }
      return total + document.source.nonBlankCount(blocks.lines)
    }
  }

  /// Counts, for every section, the non-blank content lines that collapsing it hides;
  /// the headings of its subsections are counted as sections, not lines.
  private mutating func countHiddenLines() {
    for index in sections.indices.reversed() {
      sections[index].hiddenLines += contentLineCount(sections[index].content)
      if let parent = sections[index].parent {
        sections[parent].hiddenLines += sections[index].hiddenLines
      }
    }
  }
}
