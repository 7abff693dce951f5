/// Reads JUnit XML, as Ant, Surefire and Failsafe, Gradle, pytest, jest-junit and node's
/// runner write it, into a report's outline (`TestReportBuilder`), with libxml2's streaming
/// reader: node by node, never the document as a tree.
///
/// A `<testsuite>` is a suite, nested as the tool nests them; a `<testcase>` a test, in the
/// suite it stands in, or at the top (node writes some straight under `<testsuites>`). A
/// test's `<failure>`, `<error>` and `<skipped>` say how it ended, their `message` and text
/// its message and stack; Surefire's `<flakyFailure>` and `<flakyError>` make a test that
/// then passed flaky, and they and `<rerunFailure>`, `<rerunError>` are kept as its earlier
/// runs. `<system-out>` and `<system-err>` are its output, `<properties>` its properties.
/// Any other element is passed over with what it holds.
public enum JUnitReader {
  /// Where the text inside an element goes.
  private enum Capture {
    case none
    /// The test's message and stack.
    case details
    /// An earlier run's, the one at this index of the test's `failedRuns`.
    case run(Int)
    case output, errorOutput
    case suiteOutput, suiteErrorOutput
  }

  /// Reads a whole document.
  public static func read(_ bytes: consuming [UInt8]) throws(LoadError) -> Outline {
    try ReportXML.read(consume bytes) { reader, builder throws(ReadError) in
      try walk(reader, into: builder)
    }
  }

  /// The elements open, innermost last: each one's name, the line it starts on and where
  /// its text goes.
  private struct Open {
    let name: String
    let line: Int
    let capture: Capture
  }

  private static func walk(_ reader: XMLTextReader, into builder: TestReportBuilder)
    throws(ReadError)
  {
    var stack: [Open] = []
    var test: TestRecord? = nil
    var sawRoot = false
    var lastLine = 1
    while true {
      let more = try ReportXML.next(
        reader, open: stack.last.map { ($0.name, $0.line) }, unfinished: test, into: builder)
      guard more else { break }
      // libxml2 gives an end tag its start tag's line; the text before it (its indent)
      // ends on the end tag's line, so the last line seen is where an element ends.
      if let line = reader.line { lastLine = max(lastLine, line) }
      switch reader.kind {
      case .elementStart:
        let name = reader.name
        let line = reader.line ?? stack.last?.line ?? 1
        if !sawRoot {
          sawRoot = true
          guard name == "testsuites" || name == "testsuite" else {
            throw ReadError(
              line: line, column: 1,
              message: "expected <testsuites> or <testsuite> as the root element, found <\(name)>")
          }
        }
        guard stack.count < TestReportBuilder.deepestNesting else {
          throw ReadError(
            line: line, column: 1,
            message: ReadError.tooDeepMessage("elements", levels: TestReportBuilder.deepestNesting))
        }
        let parent = stack.last?.capture ?? .none
        var capture = parent
        switch name {
        case "testsuites" where stack.isEmpty:
          let attributes = reader.attributes()
          builder.reportName = value("name", in: attributes)
          builder.reportDuration = value("time", in: attributes).flatMap(ReportXML.seconds)
        case "testsuite" where test == nil:
          let attributes = reader.attributes()
          builder.startSuite(
            name: value("name", in: attributes) ?? "testsuite",
            duration: value("time", in: attributes).flatMap(ReportXML.seconds), line: line - 1)
        case "testcase" where test == nil:
          test = record(reader.attributes(), suite: builder.currentSuite, line: line - 1)
          capture = .none
        case "failure", "error", "skipped":
          guard test != nil else { break }
          let message = value("message", in: reader.attributes())
          let outcome: TestOutcome =
            name == "failure" ? .failed : name == "error" ? .error : .skipped
          // An error outranks a failure, and both a skip.
          if test?.outcome == .passed || test?.outcome == .skipped || outcome == .error {
            test?.outcome = outcome
          }
          if test?.message == nil { test?.message = message }
          capture = .details
        case "flakyFailure", "flakyError", "rerunFailure", "rerunError":
          guard test != nil else { break }
          let message = value("message", in: reader.attributes())
          test?.failedRuns.append((message, ""))
          if name.hasPrefix("flaky") { test?.sawFlaky = true }
          capture = .run((test?.failedRuns.count ?? 1) - 1)
        case "system-out", "system-err":
          let isError = name == "system-err"
          switch parent {
          case .run: capture = .none
          default:
            if test != nil {
              capture = isError ? .errorOutput : .output
            } else {
              capture = isError ? .suiteErrorOutput : .suiteOutput
            }
          }
        case "property" where test != nil:
          // A suite's properties are not kept: their attributes are not read.
          let attributes = reader.attributes()
          if let key = value("name", in: attributes) {
            test?.properties.append((key, value("value", in: attributes) ?? ""))
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
        case .details: test?.details += text
        case .run(let index):
          // The white space that indents the elements inside is not the stack's.
          if !text.allSatisfy(\.isWhitespace) { test?.failedRuns[index].details += text }
        case .output: test?.output += text
        case .errorOutput: test?.errorOutput += text
        case .suiteOutput: builder.suiteOutput(text, isError: false)
        case .suiteErrorOutput: builder.suiteOutput(text, isError: true)
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
    case "testcase":
      guard var finished = test, !stack.contains(where: { $0.name == "testcase" }) else { return }
      if finished.sawFlaky && finished.outcome == .passed { finished.outcome = .flaky }
      finished.lines = finished.lines.lowerBound..<max(line, finished.lines.upperBound)
      builder.add(finished)
      test = nil
    case "testsuite" where test == nil:
      builder.endSuite(line: line - 1)
    default:
      break
    }
  }

  /// A test as its `<testcase>` attributes give it.
  private static func record(
    _ attributes: [(name: String, value: String)], suite: String?, line: Int
  ) -> TestRecord {
    let className = value("classname", in: attributes).flatMap { $0.isEmpty ? nil : $0 }
    let name = value("name", in: attributes) ?? ""
    var test = TestRecord(
      className: className, name: name,
      title: TestReportBuilder.title(className: className, name: name, suite: suite))
    test.duration = value("time", in: attributes).flatMap(ReportXML.seconds)
    test.file = value("file", in: attributes).flatMap { $0.isEmpty ? nil : $0 }
    test.line = value("line", in: attributes).flatMap { Int($0) }
    test.lines = line..<line + 1
    return test
  }

  /// The value of the attribute named `name`.
  private static func value(_ name: String, in attributes: [(name: String, value: String)])
    -> String?
  {
    attributes.first { $0.name == name }?.value
  }
}
