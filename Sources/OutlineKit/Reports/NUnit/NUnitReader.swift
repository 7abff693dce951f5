/// Reads NUnit's XML, NUnit 3's `<test-run>` and NUnit 2.5's and 2.6's `<test-results>`,
/// into a report's outline (`TestReportBuilder`), with libxml2's streaming reader: node by
/// node, never the document as a tree.
///
/// Each `<test-suite>` is a suite, nested as NUnit nests them (assembly, namespaces,
/// fixtures, parameterized fixtures and methods), titled by its `name`; a `<test-case>` is a
/// test titled by its `name`, which NUnit 3 writes as the method (its fixture is the suite
/// around it) and NUnit 2 as the full name. A failure's `<message>` and `<stack-trace>` are
/// its message and stack, a skip's `<reason>` message its message, `<output>` what it wrote
/// (beside a suite's tests, the suite's), and its `<property>`s, but NUnit's own, its
/// properties. How a test ended is its `result`, and in NUnit 3 its `label`: a failure
/// labelled `Error`, `Invalid` or `Cancelled` is an error, `Inconclusive` counts as skipped
/// and `Warning` as passed, its message kept. Any other element is passed over with what it
/// holds.
public enum NUnitReader {
  /// Where the text inside an element goes.
  private enum Capture {
    case none, message, details, output, suiteOutput
  }

  /// An element open: its name, the line it starts on and where its text goes.
  private struct Open {
    let name: String
    let line: Int
    let capture: Capture
  }

  /// The root elements NUnit 3 and NUnit 2 write.
  private static let roots = ["test-run", "test-results"]

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
        if stack.isEmpty {
          guard roots.contains(name) else {
            throw ReportXML.wrongRoot(name, expected: roots, line: line)
          }
          let attributes = reader.attributes()
          builder.reportName = ReportXML.value("name", in: attributes)
          // NUnit 2's `time` is the clock time the run started, not how long it took.
          if name == "test-run" {
            builder.reportDuration = ReportXML.value("duration", in: attributes).flatMap(
              ReportXML.seconds)
          }
        }
        guard stack.count < TestReportBuilder.deepestNesting else {
          throw ReportXML.tooDeep(line: line)
        }
        let parent = stack.last?.name
        var capture = Capture.none
        switch name {
        case "test-suite" where test == nil:
          let attributes = reader.attributes()
          builder.startSuite(
            name: ReportXML.value("name", in: attributes)
              ?? ReportXML.value("type", in: attributes) ?? name,
            duration: (ReportXML.value("duration", in: attributes)
              ?? ReportXML.value("time", in: attributes)).flatMap(ReportXML.seconds),
            line: line - 1)
        case "test-case" where test == nil:
          test = record(reader.attributes(), line: line - 1)
        case "message" where test != nil && (parent == "failure" || parent == "reason"):
          capture = .message
        case "stack-trace" where test != nil && parent == "failure":
          capture = .details
        case "output":
          capture = test == nil ? .suiteOutput : .output
        case "property" where test != nil:
          let attributes = reader.attributes()
          // NUnit's own properties start with `_` (`_SKIPREASON`, which `<reason>` says).
          if let key = ReportXML.value("name", in: attributes), !key.hasPrefix("_") {
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
        case .suiteOutput: builder.suiteOutput(text, isError: false)
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
    case "test-case":
      guard var finished = test, !stack.contains(where: { $0.name == "test-case" }) else {
        return
      }
      finished.lines = finished.lines.lowerBound..<max(line, finished.lines.upperBound)
      builder.add(finished)
      test = nil
    case "test-suite" where test == nil:
      builder.endSuite(line: line - 1)
    default:
      break
    }
  }

  /// A test as its `<test-case>` attributes give it.
  private static func record(_ attributes: [(name: String, value: String)], line: Int)
    -> TestRecord
  {
    let name =
      ReportXML.value("name", in: attributes) ?? ReportXML.value("fullname", in: attributes)
    var test = TestRecord(
      className: ReportXML.value("classname", in: attributes), name: name ?? "",
      title: name ?? "test-case")
    test.duration =
      (ReportXML.value("duration", in: attributes)
      ?? ReportXML.value("time", in: attributes)).flatMap(ReportXML.seconds)
    test.outcome = outcome(
      result: ReportXML.value("result", in: attributes),
      label: ReportXML.value("label", in: attributes),
      executed: ReportXML.value("executed", in: attributes))
    test.lines = line..<line + 1
    return test
  }

  /// How a test ended, from NUnit 3's `result` and `label` or NUnit 2's `result` and
  /// `executed`.
  static func outcome(result: String?, label: String?, executed: String?) -> TestOutcome {
    switch result {
    // NUnit 3.
    case "Failed":
      return ["Error", "Invalid", "Cancelled"].contains(label ?? "") ? .error : .failed
    case "Skipped", "Inconclusive": return .skipped
    case "Passed", "Warning": return .passed
    // NUnit 2.
    case "Success": return .passed
    case "Failure": return .failed
    case "Error", "NotRunnable", "Cancelled": return .error
    case "Ignored", "NotRun": return .skipped
    default:
      return executed == "False" ? .skipped : .passed
    }
  }
}
