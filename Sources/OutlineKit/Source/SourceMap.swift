#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the text a reader hands its parser stands in the input as written, and where its
/// lines start: the one place that knows how the two differ.
///
/// The text leaves out a byte order mark that starts the input, holds U+FFFD for each
/// ill-formed sequence (`UTF8Repair` says where), and is shown to cmark-gfm with blank
/// lines for its front matter. Offsets are the text's, unless named the input's. The
/// lines cmark-gfm reports wrongly are put right here too.
public struct SourceMap: Sendable {
  /// UTF-8's byte order mark.
  static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// The bytes of a byte order mark the text leaves out of the start of the input: 3 or 0.
  private(set) var leftOutAtStart = 0
  /// Where the text holds U+FFFD for bytes of the input.
  private(set) var repairs = RepairedOffsets()
  /// The lines of the front matter, from the first, when the text starts with front matter.
  private(set) var frontMatterLines: Range<Int>?
  /// The offset in the text at which each line starts.
  private var lineStarts: [Int] = []
  /// How many bytes of text there are, all that `appendLines(of:)` has been given.
  private var appended = 0
  /// Whether the last chunk `appendLines(of:)` was given ended with a line feed.
  private var endedWithLineFeed = false

  /// The map of an input whose text is read in chunks, each handed to `appendLines(of:)`.
  init() {}

  /// The map of Markdown `text`, its lines ended by `\n`, `\r\n` or a lone `\r` as in
  /// CommonMark, so that line numbers agree with cmark's.
  init(
    markdown text: [UInt8], leftOutAtStart: Int, repairs: RepairedOffsets,
    frontMatterLines: Range<Int>?
  ) {
    self.leftOutAtStart = leftOutAtStart
    self.repairs = repairs
    self.frontMatterLines = frontMatterLines
    self.lineStarts = SourceMap.commonMarkLineStarts(of: text)
    self.appended = text.count
  }

  /// The map of YAML `text`, its lines ended as libyaml ends them, so that its marks'
  /// lines are these: by `\n`, `\r\n` or a lone `\r`, and by NEL (U+0085) and the line
  /// and paragraph separators (U+2028, U+2029), which end at the line's end.
  init(yaml text: [UInt8], leftOutAtStart: Int) {
    self.leftOutAtStart = leftOutAtStart
    var starts = SourceMap.commonMarkLineStarts(of: text)
    var extra: [Int] = []
    var index = 0
    while index + 1 < text.count {
      let byte = text[index]
      if byte == 0xC2, text[index + 1] == 0x85 {
        extra.append(index + 2)
        index += 2
      } else if byte == 0xE2, index + 2 < text.count, text[index + 1] == 0x80,
        text[index + 2] == 0xA8 || text[index + 2] == 0xA9
      {
        extra.append(index + 3)
        index += 3
      } else {
        index += 1
      }
    }
    extra.removeAll { $0 >= text.count }
    if !extra.isEmpty { starts = Array(Set(starts + extra)).sorted() }
    self.lineStarts = starts
    self.appended = text.count
  }

  // MARK: The byte order mark

  /// How many bytes of a byte order mark start `input`: 3 or 0, or nil while the bytes so far
  /// could still be the start of one and more are to come (`final` says none are).
  static func byteOrderMarkLength(_ input: some Collection<UInt8>, final: Bool) -> Int? {
    if input.starts(with: byteOrderMark) { return byteOrderMark.count }
    if !final && input.count < byteOrderMark.count && byteOrderMark.starts(with: input) {
      return nil
    }
    return 0
  }

  /// Takes it that the text leaves out the byte order mark that starts the input.
  mutating func leaveOutByteOrderMark() {
    leftOutAtStart = SourceMap.byteOrderMark.count
  }

  // MARK: Lines

  /// The bytes of text there are.
  var textLength: Int { appended }

  /// The number of lines; a final line end does not start another line.
  public var lineCount: Int { lineStarts.count }

  /// The number of lines of the input as written, where a byte order mark alone is a line.
  var inputLineCount: Int { lineStarts.isEmpty && leftOutAtStart > 0 ? 1 : lineStarts.count }

  /// Where line `index` (0-based) starts in the text, or its end for `lineCount`.
  func offset(ofLine index: Int) -> Int {
    index < lineStarts.count ? lineStarts[index] : appended
  }

  /// The byte range in `text` of line `index` (0-based), without its line end.
  func lineRange(_ index: Int, in text: [UInt8]) -> Range<Int> {
    let start = lineStarts[index]
    var end = index + 1 < lineStarts.count ? lineStarts[index + 1] : text.count
    if end > start, text[end - 1] == 0x0A { end -= 1 }
    if end > start, text[end - 1] == 0x0D { end -= 1 }
    return start..<end
  }

  /// The 0-based line of `offset` in the text.
  func line(ofOffset offset: Int) -> Int {
    max(0, lineStarts.countLeading { $0 <= offset } - 1)
  }

  /// Takes the next chunk of text, whose lines end at line feeds only, as yajl counts them:
  /// JSON has no lines of its own, and a carriage return is white space to it.
  mutating func appendLines(of chunk: UnsafeBufferPointer<UInt8>) {
    guard let base = chunk.baseAddress, !chunk.isEmpty else { return }
    // A line feed that ended the last chunk starts a line now that more text follows.
    if appended == 0 || endedWithLineFeed { lineStarts.append(appended) }
    var index = 0
    while index < chunk.count, let found = memchr(base + index, 0x0A, chunk.count - index) {
      index = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
      if index < chunk.count { lineStarts.append(appended + index) }
    }
    endedWithLineFeed = chunk[chunk.count - 1] == 0x0A
    appended += chunk.count
  }

  // MARK: Offsets in the input

  /// The offset in the input of `offset` in the text, which is not inside a U+FFFD that
  /// stands for other bytes.
  func inputOffset(_ offset: Int) -> Int {
    leftOutAtStart + repairs.input(offset)
  }

  /// The offset in the input where line `index` starts, or the input's end for `lineCount`:
  /// the first line holds the byte order mark the text leaves out, so that a range of lines
  /// holds the bytes of its lines.
  func inputOffset(ofLine index: Int) -> Int {
    index == 0 ? 0 : inputOffset(offset(ofLine: index))
  }

  /// The 0-based line of `offset` in the input; a byte order mark stands on the first line.
  func line(ofInputOffset offset: Int) -> Int {
    line(ofOffset: repairs.text(max(0, offset - leftOutAtStart)))
  }

  // MARK: What cmark-gfm reports wrongly

  /// The line after a heading that starts on line `line` of `text`.
  ///
  /// cmark-gfm (0.29.0.gfm.6, like cmark 0.30) reports a setext heading as ending on the
  /// line after its underline, except at the end of the document, so the underline is found
  /// in the text: the first line after the heading's text that is all `=` or all `-` (no
  /// line of a setext heading's text can be one).
  func lineAfterHeading(startingAt line: Int, in text: [UInt8]) -> Int {
    guard line < lineCount else { return line + 1 }
    let opening = text[lineRange(line, in: text)].drop { $0 == 0x20 }
    let hashes = opening.prefix { $0 == UInt8(ascii: "#") }.count
    let afterHashes = opening.dropFirst(hashes).first
    if (1...6).contains(hashes)
      && (afterHashes == nil || afterHashes == 0x20 || afterHashes == 0x09)
    {
      return line + 1
    }
    var next = line + 1
    while next < lineCount {
      if SourceMap.isSetextUnderline(text[lineRange(next, in: text)]) { return next + 1 }
      next += 1
    }
    return lineCount
  }

  /// The line after an HTML block that starts on line `start` (0-based), which cmark-gfm
  /// says ends on line `reportedEnd` (1-based) and whose text is `literal`: cmark's end line
  /// for a closed HTML block is one short, while its text has every line.
  static func lineAfterHTMLBlock(
    startingAt start: Int, reportedEnd: Int, literal: UnsafeRawBufferPointer
  ) -> Int {
    max(reportedEnd, start + lineCount(of: literal))
  }

  /// The number of lines in a block's text: its line ends, and one more if the last line
  /// has none.
  static func lineCount(of text: UnsafeRawBufferPointer) -> Int {
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

  /// Where byte `offset` of a raw HTML node's literal stands in `text`: its line, and the
  /// offsets within that line to try, best first; nil when the line is not in the text.
  /// The node starts on line `startLine` at `startColumn` (both 0-based, as cmark-gfm
  /// reports them less one).
  ///
  /// An HTML block's literal is its lines, each without what its container takes from its
  /// start (`> ` in a block quote), so a line's text ends where the source line ends. An
  /// inline node's column is cmark-gfm's, which leaves out the indent a paragraph's later
  /// lines lose, so the column with that indent added is tried too.
  func rawHTMLPlace(
    ofByte offset: Int, in literal: [UInt8], isBlock: Bool, startLine: Int, startColumn: Int,
    text: [UInt8]
  ) -> (line: Int, offsets: [Int])? {
    let before = literal[..<offset]
    let line = startLine + (isBlock ? before.count(where: { $0 == 0x0A }) : 0)
    guard line >= 0, line < lineCount else { return nil }
    let lineText = text[lineRange(line, in: text)]
    if isBlock {
      let lineEnd = literal[offset...].firstIndex(of: 0x0A) ?? literal.count
      return (line, [lineText.count - (lineEnd - offset)])
    }
    let indent = lineText.prefix { $0 == 0x20 || $0 == 0x09 }.count
    return (line, [startColumn, startColumn + indent])
  }

  private static func isSetextUnderline(_ text: ArraySlice<UInt8>) -> Bool {
    let indent = text.prefix { $0 == 0x20 }.count
    guard indent <= 3 else { return false }
    let rest = text.dropFirst(indent)
    guard let mark = rest.first, mark == UInt8(ascii: "=") || mark == UInt8(ascii: "-") else {
      return false
    }
    return rest.drop { $0 == mark }.allSatisfy { $0 == 0x20 || $0 == 0x09 }
  }

  private static func commonMarkLineStarts(of bytes: [UInt8]) -> [Int] {
    var starts: [Int] = []
    guard !bytes.isEmpty else { return starts }
    starts.reserveCapacity(bytes.count / 32 + 1)
    starts.append(0)
    bytes.withUnsafeBufferPointer { buffer in
      let count = buffer.count
      guard let base = buffer.baseAddress else { return }
      #if !PLAIN_LINESTARTS
        if memchr(base, 0x0D, count) == nil {
          // Only LF line ends: let memchr find them (`-DPLAIN_LINESTARTS` leaves them to the
          // loop below; bench/tricks.md says what this gains).
          var index = 0
          while index < count, let found = memchr(base + index, 0x0A, count - index) {
            index = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
            if index < count { starts.append(index) }
          }
          return
        }
      #endif
      var index = 0
      while index < count {
        let byte = buffer[index]
        index += 1
        if byte == 0x0A {
          if index < count { starts.append(index) }
        } else if byte == 0x0D {
          if index < count, buffer[index] == 0x0A { index += 1 }
          if index < count { starts.append(index) }
        }
      }
    }
    return starts
  }
}
