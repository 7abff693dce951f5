/// What the readers of report kinds written in XML share: a document read whole with
/// libxml2's streaming reader into a `TestReportBuilder`, its elements' attributes, and
/// the figures their tools write.
enum ReportXML {
  /// Reads a whole document: `walk` is given a reader over it, its byte order mark left
  /// out, and the builder it fills; the outline counts the document's lines.
  static func read(
    _ bytes: [UInt8],
    walk: (XMLTextReader, TestReportBuilder) throws(ReadError) -> Void
  ) throws(ReadError) -> Outline {
    let bomLength = SourceMap.byteOrderMarkLength(bytes, final: true) ?? 0
    let text = bomLength > 0 ? Array(bytes.dropFirst(bomLength)) : bytes
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
    try walked.get()
    var lines = text.isEmpty ? 0 : 1
    for byte in text.dropLast() where byte == 0x0A { lines += 1 }
    var outline = builder.finish(sourceLines: lines)
    outline.sourceBytes = bytes.count
    return outline
  }

  /// Moves `reader` to its next node, as `XMLTextReader.next` does; a problem says which
  /// element was left open, `open`, and the line it started on.
  static func next(_ reader: XMLTextReader, open: (name: String, line: Int)?) throws(ReadError)
    -> Bool
  {
    do {
      return try reader.next()
    } catch {
      throw error.error(open: open)
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

  /// Seconds as a report writes them (`0.012`), when they are a number.
  static func seconds(_ text: String) -> Double? {
    let plain = text.filter { !$0.isWhitespace }
    guard let value = Double(plain), value.isFinite, value >= 0 else { return nil }
    return value
  }

  /// A line number as a report writes it, when it is a positive integer.
  static func lineNumber(_ text: String) -> Int? {
    guard let value = Int(text), value > 0 else { return nil }
    return value
  }
}
