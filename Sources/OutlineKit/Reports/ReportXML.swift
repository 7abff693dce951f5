#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the readers of report kinds written in XML share: a document read whole with
/// libxml2's streaming reader into a `TestReportBuilder`, its elements' attributes, and
/// the figures their tools write.
enum ReportXML {
  /// Reads a whole document: `walk` is given a reader over it, its byte order mark left
  /// out, and the builder it fills; the outline counts the document's lines. A report that
  /// ends too soon is what was read of it, and says where it stopped (`stoppedBy`); throws
  /// when libxml2 cannot be loaded. The document is let go of once it is read, before
  /// the outline is made, which holds none of it.
  static func read(
    _ bytes: consuming [UInt8],
    walk: (XMLTextReader, TestReportBuilder) throws(ReadError) -> Void
  ) throws(LoadError) -> Outline {
    try XMLLibrary.load()
    let byteCount = bytes.count
    let bomLength = SourceMap.byteOrderMarkLength(bytes, final: true) ?? 0
    var text = bomLength > 0 ? Array(bytes.dropFirst(bomLength)) : bytes
    bytes = []
    var (builder, walked) = walking(text, walk)
    // A runner that writes its colours' ESC as it is makes a document XML has no room for
    // (node's junit reporter does, with colours on): it is read again with DEL, which XML
    // allows, in place of each such control character, and a message's DEL before `[` is
    // ESC again (`TestReportBuilder.restoringEscapes`).
    if case .failure = walked, text.contains(where: ReportXML.isForbiddenControl) {
      for index in text.indices where ReportXML.isForbiddenControl(text[index]) {
        text[index] = 0x7F
      }
      (builder, walked) = walking(text, walk)
    }
    let lines = text.isEmpty ? 0 : 1 + lineEnds(in: text.dropLast())
    var stoppedBy: ReadError? = nil
    if case .failure(let error) = walked {
      // A report that ends before it is complete, as a runner killed while it wrote leaves
      // it, shows what was read; an error before its end is the document's.
      let end = endOfText(text)
      guard builder.hasStarted, (error.line, error.column) >= (end.line, end.column) else {
        throw .syntax(error)
      }
      builder.endEverything(line: error.line - 1)
      stoppedBy = error
    }
    // A large report's outline takes the memory its text took.
    text = []
    var outline = builder.finish(sourceLines: lines)
    outline.sourceBytes = byteCount
    outline.stoppedBy = stoppedBy
    return outline
  }

  /// A builder filled by `walk` over `text`, and whether it read to the end.
  private static func walking(
    _ text: [UInt8], _ walk: (XMLTextReader, TestReportBuilder) throws(ReadError) -> Void
  ) -> (TestReportBuilder, Result<Void, ReadError>) {
    let builder = TestReportBuilder()
    let walked: Result<Void, ReadError> = text.withUnsafeBytes { buffer in
      do throws(ReadError) {
        guard let reader = XMLTextReader(buffer) else {
          throw XMLProblem(code: XMLProblem.documentEmpty, line: 1, column: 1).error()
        }
        try walk(reader, builder)
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    return (builder, walked)
  }

  /// Whether `byte` is a control character XML 1.0 does not allow in a document, in any
  /// form: all below the space but tab, line feed and carriage return.
  private static func isForbiddenControl(_ byte: UInt8) -> Bool {
    byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D
  }

  /// How many `\n` `text` holds, found with memchr: a byte at a time took 5 of the 187 M
  /// instructions of a 1 MB report.
  private static func lineEnds(in text: ArraySlice<UInt8>) -> Int {
    text.withUnsafeBufferPointer { bytes in
      guard let base = bytes.baseAddress else { return 0 }
      var count = 0
      var index = 0
      while index < bytes.count, let found = memchr(base + index, 0x0A, bytes.count - index) {
        count += 1
        index = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
      }
      return count
    }
  }

  /// Where the last character of `text` that is not white space stands: its 1-based line
  /// and column, in characters as libxml2 counts them. An error there or after it is one
  /// of an input that ended too soon.
  private static func endOfText(_ text: [UInt8]) -> (line: Int, column: Int) {
    var end = text.endIndex
    while end > text.startIndex, [0x20, 0x09, 0x0A, 0x0D].contains(text[end - 1]) { end -= 1 }
    var line = 1
    var column = 0
    for byte in text[..<end] {
      if byte == 0x0A {
        line += 1
        column = 0
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return (line, column)
  }

  /// Moves `reader` to its next node, as `XMLTextReader.next` does; a problem says which
  /// element was left open, `open`, and the line it started on. On a problem, the test
  /// being read, `unfinished`, goes into `builder` with what was read of it, for a report
  /// cut short to show. Both are only asked for on a problem: a copy of the test for
  /// every node read retained and released each of its strings.
  static func next(
    _ reader: XMLTextReader, open: @autoclosure () -> (name: String, line: Int)?,
    unfinished: @autoclosure () -> TestRecord? = nil, into builder: TestReportBuilder? = nil
  ) throws(ReadError) -> Bool {
    do {
      return try reader.next()
    } catch {
      if let unfinished = unfinished(), let builder { builder.add(unfinished) }
      throw error.error(open: open())
    }
  }

  /// The error for a root element that is none of `expected`.
  static func wrongRoot(_ name: String, expected: [String], line: Int) -> ReadError {
    let names = InputFormat.inWords(expected.map { "<\($0)>" }, joinedBy: "or")
    return ReadError(
      line: line, column: 1, message: "expected \(names) as the root element, found <\(name)>")
  }

  /// The error for elements nested deeper than a report's suites may be.
  static func tooDeep(line: Int) -> ReadError {
    ReadError(
      line: line, column: 1,
      message: ReadError.tooDeepMessage("elements", levels: TestReportBuilder.deepestNesting))
  }

  /// The value of the attribute named `name`, when it is there and not empty.
  static func value(_ name: String, in attributes: [(name: String, value: String)]) -> String? {
    guard let found = attributes.first(where: { $0.name == name })?.value, !found.isEmpty else {
      return nil
    }
    return found
  }

  /// Seconds as a report writes them (`0.012`, `1,234.5` as some locales do), when they are
  /// a number.
  static func seconds(_ text: String) -> Double? {
    // Nearly every report writes a plain number, read as it is; the rest are filtered.
    let plain = Double(text) ?? Double(text.filter { $0 != "," && !$0.isWhitespace })
    guard let value = plain, value.isFinite, value >= 0 else { return nil }
    return value
  }

  /// A line number as a report writes it, when it is a positive integer.
  static func lineNumber(_ text: String) -> Int? {
    guard let value = Int(text), value > 0 else { return nil }
    return value
  }
}
