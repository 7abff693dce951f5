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
    guard let tree = parser.finishTree() else {
      // The parser has given its memory back: the message can be made.
      throw .outOfMemory(bytes: text.count, format: format, limit: MemoryLimit.tightest()?.words)
    }
    // Building the outline takes a section and a container for each heading, and an
    // allocation that fails there ends the program: their memory is looked for first,
    // where it is more than the few megabytes any process has to spare.
    let headings = tree.headingCount
    let building = headings * MarkdownOutlineBuilder.memoryPerSection
    if building > 1 << 20, let limit = MemoryLimit.tightest(), building > limit.bytes {
      throw .outOfMemory(bytes: text.count, format: format, limit: limit.words)
    }
    var frontMatterLines: Range<Int>? = nil
    if case .present(let lines, _) = frontMatter.verdict { frontMatterLines = 0..<lines }
    let map = SourceMap(
      markdown: text, leftOutAtStart: leftOutByteOrderMark ? SourceMap.byteOrderMark.count : 0,
      repairs: repair.offsets, frontMatterLines: frontMatterLines)
    var builder = MarkdownOutlineBuilder(
      source: SourceText(bytes: text, map: map), dialect: dialect)
    builder.sections.reserveCapacity(headings)
    return builder.build(from: tree)
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
