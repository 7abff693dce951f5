/// Reads xUnit.net's v2 XML into a report's outline (`TestReportBuilder`), with libxml2's
/// streaming reader: node by node, never the document as a tree.
///
/// An `<assembly>` is a suite, and each `<collection>` in it a suite of its own; a `<test>`
/// is a test titled by its `name`, the display name xUnit.net prints, its `result` (`Pass`,
/// `Fail`, `Skip`, `NotRun`) saying how it ended. A failure's `<message>` and
/// `<stack-trace>` are its message and stack, a skip's `<reason>` its message, `<output>`
/// what it wrote and its `<trait>`s its properties. An error outside any test (a class's or
/// collection's clean-up that threw, in the assembly's `<errors>`) is an errored test of its
/// assembly, titled by what failed and its name, as the runner counts it apart from the
/// tests. Any other element is passed over with what it holds.
public enum XUnitReader {
  /// Where the text inside an element goes.
  private enum Capture {
    case none, message, details, output
  }

  /// An element open: its name, the line it starts on and where its text goes.
  private struct Open {
    let name: String
    let line: Int
    let capture: Capture
  }

  /// Reads a whole document.
  public static func read(_ bytes: consuming [UInt8]) throws(LoadError) -> Outline {
    try ReportXML.read(consume bytes) { reader, builder throws(ReadError) in
      try walk(reader, into: builder)
    }
  }

  private static func walk(_ reader: XMLTextReader, into builder: TestReportBuilder)
    throws(ReadError)
  {
    var stack: [Open] = []
    var test: TestRecord? = nil
    var lastLine = 1
    while try ReportXML.next(
      reader, open: stack.last.map { ($0.name, $0.line) }, unfinished: test, into: builder)
    {
      // libxml2 gives an end tag its start tag's line; the text before it ends on the end
      // tag's line, so the last line seen is where an element ends.
      if let line = reader.line { lastLine = max(lastLine, line) }
      switch reader.kind {
      case .elementStart:
        let name = reader.name
        let line = reader.line ?? stack.last?.line ?? 1
        if stack.isEmpty, name != "assemblies" {
          throw ReportXML.wrongRoot(name, expected: ["assemblies"], line: line)
        }
        guard stack.count < TestReportBuilder.deepestNesting else {
          throw ReportXML.tooDeep(line: line)
        }
        let parent = stack.last?.name
        var capture = Capture.none
        switch name {
        case "assembly" where test == nil, "collection" where test == nil:
          let attributes = reader.attributes()
          builder.startSuite(
            name: ReportXML.value("name", in: attributes) ?? name,
            duration: ReportXML.value("time", in: attributes).flatMap(ReportXML.seconds),
            line: line - 1)
        case "test" where test == nil:
          test = record(reader.attributes(), line: line - 1)
        case "error" where test == nil && parent == "errors":
          // What failed outside any test: `type` says where (`test-class-cleanup`), `name`
          // which class or collection.
          let attributes = reader.attributes()
          let kind = ReportXML.value("type", in: attributes) ?? "error"
          let what = ReportXML.value("name", in: attributes)
          var record = TestRecord(
            className: kind, name: what ?? "",
            title: what.map { "\(kind): \($0)" } ?? kind)
          record.outcome = .error
          record.lines = line - 1..<line
          test = record
        case "message" where parent == "failure", "reason" where test != nil:
          capture = .message
        case "stack-trace" where parent == "failure":
          capture = .details
        case "output" where test != nil:
          capture = .output
        case "trait" where test != nil:
          let attributes = reader.attributes()
          if let key = ReportXML.value("name", in: attributes) {
            test?.properties.append((key, ReportXML.value("value", in: attributes) ?? ""))
          }
        default:
          break
        }
        stack.append(Open(name: name, line: line, capture: capture))
        if reader.isEmptyElement {
          ended(&stack, &test, builder, line: line)
        }
      case .elementEnd:
        ended(&stack, &test, builder, line: lastLine)
      case .text, .cdata:
        // The white space between elements, which nothing keeps, is never made a string.
        guard let capture = stack.last?.capture else { continue }
        if case .none = capture { continue }
        guard let text = reader.value else { continue }
        switch capture {
        case .none: break
        case .message: test?.appendMessage(text)
        case .details: test?.details += text
        case .output: test?.output += text
        }
      case .entityReference, .comment, .processingInstruction, .documentType, .other:
        continue
      }
    }
  }

  /// Closes the innermost element, which ends on `line` (1-based).
  private static func ended(
    _ stack: inout [Open], _ test: inout TestRecord?, _ builder: TestReportBuilder, line: Int
  ) {
    guard let open = stack.popLast() else { return }
    switch open.name {
    case "test", "error":
      guard var finished = test,
        open.name == "test" || stack.last?.name == "errors",
        !stack.contains(where: { $0.name == "test" })
      else { return }
      finished.lines = finished.lines.lowerBound..<max(line, finished.lines.upperBound)
      builder.add(finished)
      test = nil
    case "assembly" where test == nil, "collection" where test == nil:
      builder.endSuite(line: line - 1)
    default:
      break
    }
  }

  /// A test as its `<test>` attributes give it.
  private static func record(_ attributes: [(name: String, value: String)], line: Int)
    -> TestRecord
  {
    let name = ReportXML.value("name", in: attributes) ?? ReportXML.value("method", in: attributes)
    var test = TestRecord(
      className: ReportXML.value("type", in: attributes), name: name ?? "",
      title: name ?? "test")
    test.duration = ReportXML.value("time", in: attributes).flatMap(ReportXML.seconds)
    switch ReportXML.value("result", in: attributes) {
    case "Fail": test.outcome = .failed
    case "Skip", "NotRun": test.outcome = .skipped
    default: test.outcome = .passed
    }
    // Schema version 3 and later say where a test is written.
    test.file = ReportXML.value("source-file", in: attributes)
    test.line = ReportXML.value("source-line", in: attributes).flatMap(ReportXML.lineNumber)
    test.lines = line..<line + 1
    return test
  }
}
