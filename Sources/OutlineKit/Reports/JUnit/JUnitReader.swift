/// Reads JUnit XML, as Ant, Surefire and Failsafe, Gradle, pytest, jest-junit, node's
/// runner, PHPUnit and rspec_junit_formatter write it, into a report's outline
/// (`TestReportBuilder`), with libxml2's streaming reader: node by node, never the document
/// as a tree.
///
/// A `<testsuite>` is a suite, nested as the tool nests them; a `<testcase>` a test, in the
/// suite it stands in, or at the top (node writes some straight under `<testsuites>`). A
/// test's `<failure>`, `<error>` and `<skipped>` say how it ended, their `message` and text
/// its message and stack; Surefire's `<flakyFailure>` and `<flakyError>` make a test that
/// then passed flaky, and they and `<rerunFailure>`, `<rerunError>` are kept as its earlier
/// runs. `<system-out>` and `<system-err>` are its output, `<properties>` its properties.
/// Any other element is passed over with what it holds.
///
/// PHPUnit nests a suite per class, and in it a suite per data provider, inside the suite
/// of its configuration, which it wraps in one named `""` for the whole run: a suite
/// without a name is no level of its own, what it holds stands in the suite around it. Its
/// failures have no `message`: their text starts with the test's `Class::name` line, and
/// the lines after it, up to a blank one, are the message.
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

  /// The elements open, innermost last: each one's name, the line it starts on, where
  /// its text goes and whether it started a suite.
  private struct Open {
    let name: String
    let line: Int
    let capture: Capture
    var isSuite = false
  }

  private static func walk(_ reader: XMLTextReader, into builder: TestReportBuilder)
    throws(ReadError)
  {
    var stack: [Open] = []
    var test: TestRecord? = nil
    var sawRoot = false
    // pytest counts a test's `line` from 0, the line of its `def` less one; it names its
    // report `pytest tests` and its suite `pytest`, unless told otherwise.
    var linesFromZero = false
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
        var isSuite = false
        switch name {
        case "testsuites" where stack.isEmpty:
          let attributes = reader.attributes()
          builder.reportName = value("name", in: attributes)
          linesFromZero = builder.reportName == "pytest tests"
          builder.reportDuration = value("time", in: attributes).flatMap(ReportXML.seconds)
        case "testsuite" where test == nil:
          let attributes = reader.attributes()
          let name = value("name", in: attributes)
          guard name?.allSatisfy(\.isWhitespace) != true else { break }
          if stack.isEmpty { linesFromZero = name == "pytest" }
          builder.startSuite(
            name: name ?? "testsuite",
            duration: value("time", in: attributes).flatMap(ReportXML.seconds), line: line - 1)
          isSuite = true
        case "testcase" where test == nil:
          test = record(
            reader.attributes(named: testAttributes), suite: builder.currentSuite, line: line - 1,
            linesFromZero: linesFromZero)
          capture = .none
        case "failure", "error", "skipped":
          guard test != nil else { break }
          let message = value("message", in: reader.attributes()).map(oneLineTrimmed)
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
          let message = value("message", in: reader.attributes()).map(oneLineTrimmed)
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
        stack.append(Open(name: name, line: line, capture: capture, isSuite: isSuite))
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
      if finished.message == nil { finished.message = headedMessage(of: finished) }
      finished.lines = finished.lines.lowerBound..<max(line, finished.lines.upperBound)
      builder.add(finished)
      test = nil
    case "testsuite" where open.isSuite:
      builder.endSuite(line: line - 1)
    default:
      break
    }
  }

  /// The message of a test that failed or errored without one, when its text starts with
  /// a line naming it `Class::name`, as PHPUnit writes it: the lines after that one, up to
  /// a blank line.
  private static func headedMessage(of test: TestRecord) -> String? {
    guard test.outcome == .failed || test.outcome == .error, let className = test.className
    else { return nil }
    var lines = test.details.split(separator: "\n", omittingEmptySubsequences: false)[...]
    while let first = lines.first, first.allSatisfy(\.isWhitespace) { lines.removeFirst() }
    guard let heading = lines.popFirst(), heading.hasPrefix(className + "::" + test.name) else {
      return nil
    }
    let message = lines.prefix { !$0.allSatisfy(\.isWhitespace) }
    return message.isEmpty ? nil : message.joined(separator: "\n")
  }

  /// The attributes of a `<testcase>` that `record` reads: a report has one for every
  /// test, whose others are not made strings.
  private static let testAttributes = ["classname", "name", "file", "time", "line"]

  /// A test as its `<testcase>` attributes give it.
  private static func record(
    _ attributes: [(name: String, value: String)], suite: String?, line: Int,
    linesFromZero: Bool
  ) -> TestRecord {
    let className = value("classname", in: attributes).flatMap { $0.isEmpty ? nil : $0 }
    let name = value("name", in: attributes) ?? ""
    let file = value("file", in: attributes).flatMap { $0.isEmpty ? nil : $0 }
    // rspec's formatter names the class by the file's path (`./spec/cart_spec.rb` gives
    // `spec.cart_spec`) and the test by its whole description, words and spaces: no class
    // users know it by. pytest's class is a module's path too, but its test's name is an
    // identifier (and its parameters in brackets), which the module tells apart.
    let isDescription = name.prefix { $0 != "[" }.contains(" ")
    let titleClass =
      isDescription && file.map(pathAsClassName) == className ? nil : className
    var test = TestRecord(
      className: className, name: name,
      title: TestReportBuilder.title(className: titleClass, name: name, suite: suite))
    test.duration = value("time", in: attributes).flatMap(ReportXML.seconds)
    test.file = file
    test.line = value("line", in: attributes).flatMap { Int($0) }.map {
      linesFromZero ? $0 + 1 : $0
    }
    test.lines = line..<line + 1
    return test
  }

  /// A message of one line without the white space at its ends. XML makes each line end
  /// written in an attribute a space (rspec's formatter writes its messages so: `"\n
  /// expected: 12.5\n     got: 12.0\n"` is read `" expected: 12.5      got: 12.0 "`); a
  /// message of several lines, written with `&#10;`, is kept as it is, its indent and all.
  private static func oneLineTrimmed(_ message: String) -> String {
    guard !message.contains(where: \.isNewline) else { return message }
    let start = message.firstIndex { !$0.isWhitespace } ?? message.endIndex
    let end = message.lastIndex { !$0.isWhitespace }.map(message.index(after:)) ?? start
    return String(message[start..<max(start, end)])
  }

  /// A file's path as a dotted class name: `./spec/cart_spec.rb` is `spec.cart_spec`.
  private static func pathAsClassName(_ path: String) -> String {
    var path = Substring(path)
    while path.hasPrefix("./") { path = path.dropFirst(2) }
    if let dot = path.lastIndex(of: "."), !path[dot...].contains("/") { path = path[..<dot] }
    return String(path.map { $0 == "/" ? "." : $0 })
  }

  /// The value of the attribute named `name`.
  private static func value(_ name: String, in attributes: [(name: String, value: String)])
    -> String?
  {
    attributes.first { $0.name == name }?.value
  }
}
