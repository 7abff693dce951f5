/// Reads JUnit XML, as Ant, Surefire and Failsafe, Gradle, pytest, jest-junit,
/// go-junit-report, node's runner, Mocha's xunit reporter, PHPUnit, rspec_junit_formatter
/// and TAP::Formatter::JUnit write it, into a report's outline
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
/// A `<failure>` or `<error>` straight inside a `<testsuite>`, not in any test, is how a
/// tool says the suite itself failed: a test script that died (TAP::Formatter::JUnit), a
/// class whose setup threw. It is a test of its own in that suite, titled `suite failure`
/// or `suite error` (`suite error 2` for a second one), failed or errored and counted so,
/// with its message and text.
///
/// PHPUnit writes a test that passed but warned (`<warning>`) as passed, and so it stays:
/// its message says `passed with a warning:` and what the warning says, its text is kept.
///
/// Mocha's xunit reporter writes one suite, `Mocha Tests`, each test's class as the titles
/// of the `describe`s around it joined by spaces (`Cart totals`) and its name as its own
/// title (`include tax`): such a test, and any whose class has a space in it, is titled as
/// Mocha prints and `--grep` matches it, the whole of both (`Cart totals include tax`).
/// Its failures have no `message`: their text starts with it, up to a blank line.
///
/// go-junit-report's messages are only `Failed` and `Skipped`: the first line the test
/// logged, in its text, is its message instead.
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
    /// Whether it is a `<failure>` or `<error>` straight in a suite, which is a test.
    var isSuiteFault = false
    /// How many of those a suite has held, by their name.
    var faults: [String: Int] = [:]
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
    // Mocha's xunit reporter names its one suite `Mocha Tests`, unless told otherwise.
    var isMocha = false
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
        let isInSuite = stack.last?.isSuite == true
        var capture = parent
        var isSuite = false
        var isSuiteFault = false
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
          if stack.isEmpty {
            linesFromZero = name == "pytest"
            isMocha = name == "Mocha Tests"
          }
          builder.startSuite(
            name: name ?? "testsuite",
            duration: value("time", in: attributes).flatMap(ReportXML.seconds), line: line - 1)
          isSuite = true
        case "testcase" where test == nil:
          test = record(
            reader.attributes(named: testAttributes), suite: builder.currentSuite, line: line - 1,
            linesFromZero: linesFromZero, isMocha: isMocha)
          capture = .none
        case _ where (name == "failure" || name == "error") && test == nil && isInSuite:
          // The suite's own failure, a test of its own.
          stack[stack.count - 1].faults[name, default: 0] += 1
          let faults = stack[stack.count - 1].faults[name, default: 0]
          let title = "suite " + name + (faults > 1 ? " \(faults)" : "")
          let attributes = reader.attributes()
          var fault = TestRecord(className: nil, name: title, title: title)
          fault.outcome = name == "failure" ? .failed : .error
          fault.message = value("message", in: attributes).map(oneLineTrimmed)
          fault.lines = line - 1..<line
          test = fault
          isSuiteFault = true
          capture = .details
        case "failure", "error", "skipped", "warning":
          guard test != nil else { break }
          if name == "warning" {
            test?.sawWarning = true
            capture = .details
            break
          }
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
          if name.hasPrefix("flaky") {
            test?.sawFlaky = true
          } else {
            test?.failedRunsFollow = true
          }
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
        stack.append(
          Open(
            name: name, line: line, capture: capture, isSuite: isSuite,
            isSuiteFault: isSuiteFault))
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
    case _ where open.name == "testcase" || open.isSuiteFault:
      guard var finished = test, !stack.contains(where: { $0.name == "testcase" }) else { return }
      if finished.sawFlaky && finished.outcome == .passed { finished.outcome = .flaky }
      // go-junit-report's message is only the word `Failed` or `Skipped`: the test's
      // first line logged says why.
      if finished.message == "Failed" || finished.message == "Skipped",
        let logged = finished.details.split(whereSeparator: \.isNewline).first(where: {
          !$0.allSatisfy(\.isWhitespace)
        })
      {
        finished.message = oneLineTrimmed(String(logged))
      }
      if finished.message == nil {
        finished.message = headedMessage(of: finished) ?? firstParagraph(of: finished)
      }
      if finished.sawWarning && finished.outcome == .passed {
        let warning = headedMessage(of: finished, always: true) ?? firstParagraph(of: finished)
        finished.message = "passed with a warning: " + (warning ?? "")
      }
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
  private static func headedMessage(of test: TestRecord, always: Bool = false) -> String? {
    guard always || test.outcome == .failed || test.outcome == .error,
      let className = test.className
    else { return nil }
    var lines = test.details.split(separator: "\n", omittingEmptySubsequences: false)[...]
    while let first = lines.first, first.allSatisfy(\.isWhitespace) { lines.removeFirst() }
    guard let heading = lines.popFirst(), heading.hasPrefix(className + "::" + test.name) else {
      return nil
    }
    let message = lines.prefix { !$0.allSatisfy(\.isWhitespace) }
    return message.isEmpty ? nil : message.joined(separator: "\n")
  }

  /// The message of a test that failed or errored without one and whose text does not
  /// start with a stack's frame, as Mocha writes it: its first lines, up to a blank one.
  private static func firstParagraph(of test: TestRecord) -> String? {
    guard test.outcome == .failed || test.outcome == .error || test.sawWarning else {
      return nil
    }
    var lines = test.details.split(separator: "\n", omittingEmptySubsequences: false)[...]
    while let first = lines.first, first.allSatisfy(\.isWhitespace) { lines.removeFirst() }
    let message = lines.prefix { !$0.allSatisfy(\.isWhitespace) }
    guard let first = message.first, !first.hasPrefix(" "), !first.hasPrefix("\t"),
      !first.hasPrefix("at ")
    else {
      return nil
    }
    return message.joined(separator: "\n")
  }

  /// The attributes of a `<testcase>` that `record` reads: a report has one for every
  /// test, whose others are not made strings.
  private static let testAttributes = ["classname", "name", "file", "time", "line"]

  /// A test as its `<testcase>` attributes give it.
  private static func record(
    _ attributes: [(name: String, value: String)], suite: String?, line: Int,
    linesFromZero: Bool, isMocha: Bool
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
    // Mocha's class is the titles of the describes around the test, words and spaces (so
    // is jest-junit's, told to write `{classname}` alone).
    let title =
      if let className, isMocha || className.contains(" "), !name.hasPrefix(className) {
        className + " " + name
      } else {
        TestReportBuilder.title(className: titleClass, name: name, suite: suite)
      }
    var test = TestRecord(className: className, name: name, title: title)
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
