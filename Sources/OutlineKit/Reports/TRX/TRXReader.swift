/// Reads Visual Studio's test results (TRX) into a report's outline (`TestReportBuilder`),
/// with libxml2's streaming reader: node by node, never the document as a tree.
///
/// Each `<UnitTestResult>` in `<Results>` is a test, its `outcome` saying how it ended and
/// its `duration` (`hh:mm:ss.fffffff`) how long it took; its `<Output>` holds what it wrote
/// (`<StdOut>`, `<StdErr>`) and why it failed (`<ErrorInfo>`'s `<Message>` and
/// `<StackTrace>`). A result names its test's definition by `testId`, a `<UnitTest>` in
/// `<TestDefinitions>` whose `<TestMethod>` gives its class; as the definitions may come
/// before or after the results, both are kept and joined once the document ends. The
/// tests are grouped in suites by their class and titled `class.name` (`testName` alone
/// when it holds the class already, or no definition names one). A data-driven result's
/// `<InnerResults>`, one result per data row, are tests in a suite that is their parent.
public enum TRXReader {
  /// Where the text inside an element goes.
  private enum Capture {
    case none, message, details, output, errorOutput
  }

  /// An element open: its name, the line it starts on and where its text goes.
  private struct Open {
    let name: String
    let line: Int
    let capture: Capture
  }

  /// A result as read, before it is joined to its definition.
  private struct Result {
    var testId: String?
    var record: TestRecord
    /// The result whose `<InnerResults>` hold it, and those it holds.
    var parent: Int?
    var children: [Int] = []
  }

  /// The elements that hold one result; `UnitTestResult` is the one `dotnet test` writes.
  private static let resultNames: Set<String> = [
    "UnitTestResult", "TestResultAggregation", "GenericTestResult", "ManualTestResult",
    "WebTestResult",
  ]

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
    var results: [Result] = []
    /// The results open, innermost last.
    var current: [Int] = []
    /// Each definition's class, by its id, and the definition open.
    var classes: [String: String] = [:]
    var definition: String? = nil
    var lastLine = 1
    while try ReportXML.next(reader, open: stack.last.map { ($0.name, $0.line) }) {
      // libxml2 gives an end tag its start tag's line; the text before it ends on the end
      // tag's line, so the last line seen is where an element ends.
      if let line = reader.line { lastLine = max(lastLine, line) }
      switch reader.kind {
      case .elementStart:
        let name = reader.name
        let line = reader.line ?? stack.last?.line ?? 1
        if stack.isEmpty {
          guard name == "TestRun" else {
            throw ReportXML.wrongRoot(name, expected: ["TestRun"], line: line)
          }
          builder.reportName = ReportXML.value("name", in: reader.attributes())
        }
        guard stack.count < TestReportBuilder.deepestNesting else {
          throw ReportXML.tooDeep(line: line)
        }
        let parent = stack.last?.name
        var capture = Capture.none
        switch name {
        case _
        where resultNames.contains(name) && (parent == "Results" || parent == "InnerResults"):
          var result = self.result(reader.attributes(), line: line - 1)
          if parent == "InnerResults", let outer = current.last {
            result.parent = outer
            results[outer].children.append(results.count)
          }
          current.append(results.count)
          results.append(result)
        case _ where parent == "TestDefinitions":
          definition = ReportXML.value("id", in: reader.attributes())
        case "TestMethod":
          if let definition, let className = ReportXML.value("className", in: reader.attributes()) {
            // MSTest once wrote the class with its assembly: `Shop.CartTests, Shop.Tests, …`.
            classes[definition] = String(className.prefix { $0 != "," })
          }
        case "Message" where parent == "ErrorInfo":
          capture = .message
        case "StackTrace" where parent == "ErrorInfo":
          capture = .details
        case "StdOut" where parent == "Output":
          capture = .output
        case "StdErr" where parent == "Output":
          capture = .errorOutput
        default:
          break
        }
        stack.append(Open(name: name, line: line, capture: capture))
        if reader.isEmptyElement {
          ended(&stack, &results, &current, &definition, line: line)
        }
      case .elementEnd:
        ended(&stack, &results, &current, &definition, line: lastLine)
      case .text, .cdata:
        // The white space between elements, which nothing keeps, is never made a string.
        guard let capture = stack.last?.capture, let index = current.last else { continue }
        if case .none = capture { continue }
        guard let text = reader.value else { continue }
        switch capture {
        case .none: break
        case .message: results[index].record.appendMessage(text)
        case .details: results[index].record.details += text
        case .output: results[index].record.output += text
        case .errorOutput: results[index].record.errorOutput += text
        }
      case .entityReference, .comment, .processingInstruction, .documentType, .other:
        continue
      }
    }
    build(results, classes: classes, into: builder)
  }

  /// Closes the innermost element, which ends on `line` (1-based).
  private static func ended(
    _ stack: inout [Open], _ results: inout [Result], _ current: inout [Int],
    _ definition: inout String?, line: Int
  ) {
    guard let open = stack.popLast() else { return }
    if resultNames.contains(open.name),
      stack.last?.name == "Results"
        || stack.last?.name == "InnerResults", let index = current.popLast()
    {
      let lines = results[index].record.lines
      results[index].record.lines = lines.lowerBound..<max(line, lines.upperBound)
    } else if stack.last?.name == "TestDefinitions" {
      definition = nil
    }
  }

  /// The suites and tests, once every result and definition is read: a suite for each
  /// class in the order its first result came, holding its results in theirs; a result
  /// whose class is unknown stands at the top.
  private static func build(
    _ results: [Result], classes: [String: String], into builder: TestReportBuilder
  ) {
    var groups: [(className: String?, members: [Int])] = []
    var groupOf: [String: Int] = [:]
    for index in results.indices where results[index].parent == nil {
      let className = results[index].testId.flatMap { classes[$0] }
      guard let className else {
        groups.append((nil, [index]))
        continue
      }
      if let group = groupOf[className] {
        groups[group].members.append(index)
      } else {
        groupOf[className] = groups.count
        groups.append((className, [index]))
      }
    }
    for (className, members) in groups {
      if let className {
        let first = members.map { results[$0].record.lines.lowerBound }.min() ?? 0
        builder.startSuite(name: className, duration: nil, line: first)
      }
      // Pre-order, with an explicit stack: a result that holds others is a suite.
      var pending: [(index: Int, leaving: Bool)] = members.reversed().map { ($0, false) }
      while let (index, leaving) = pending.popLast() {
        let result = results[index]
        var record = result.record
        if result.parent == nil {
          record.className = className
          record.title = TestReportBuilder.title(
            className: className, name: record.name, suite: nil)
        }
        if leaving {
          builder.endSuite(line: record.lines.upperBound - 1)
          continue
        }
        guard !result.children.isEmpty else {
          builder.add(record)
          continue
        }
        builder.startSuite(
          name: record.title, duration: record.duration, line: record.lines.lowerBound)
        builder.suiteOutput(record.output, isError: false)
        builder.suiteOutput(record.errorOutput, isError: true)
        pending.append((index, true))
        pending += result.children.reversed().map { ($0, false) }
      }
      if className != nil {
        let last = members.map { results[$0].record.lines.upperBound }.max() ?? 1
        builder.endSuite(line: last - 1)
      }
    }
  }

  /// A result as its attributes give it.
  private static func result(_ attributes: [(name: String, value: String)], line: Int) -> Result {
    let name = ReportXML.value("testName", in: attributes) ?? ""
    var record = TestRecord(className: nil, name: name, title: name.isEmpty ? "test" : name)
    record.duration = ReportXML.value("duration", in: attributes).flatMap(duration)
    record.outcome = outcome(ReportXML.value("outcome", in: attributes))
    record.lines = line..<line + 1
    return Result(testId: ReportXML.value("testId", in: attributes), record: record)
  }

  /// How a test ended, from the `outcome` TRX's schema lists.
  static func outcome(_ outcome: String?) -> TestOutcome {
    switch outcome {
    case "Failed": return .failed
    case "Error", "Timeout", "Aborted", "NotRunnable", "Disconnected": return .error
    case "NotExecuted", "Inconclusive", "Pending", "InProgress": return .skipped
    // `Passed`, `PassedButRunAborted`, `Completed`, `Warning`, or none.
    default: return .passed
    }
  }

  /// Seconds from a duration as .NET writes a `TimeSpan`: `00:00:01.2345670`, with days
  /// before a dot when there are any (`1.02:00:00`); nil when it is not one.
  static func duration(_ text: String) -> Double? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 3, let minutes = Double(parts[1]), let seconds = Double(parts[2])
    else { return nil }
    let dayAndHours = parts[0].split(separator: ".", omittingEmptySubsequences: false)
    guard dayAndHours.count <= 2, let hours = dayAndHours.last.flatMap({ Double($0) }) else {
      return nil
    }
    let days = dayAndHours.count == 2 ? Double(dayAndHours[0]) : 0
    guard let days else { return nil }
    let total = ((days * 24 + hours) * 60 + minutes) * 60 + seconds
    return total.isFinite && total >= 0 ? total : nil
  }
}
