import Testing

@testable import OutlineKit

@Suite("JUnit reader")
struct JUnitReaderTests {
  private func read(_ text: String) throws -> Outline {
    try JUnitReader.read(Array(text.utf8))
  }

  /// Each section's title and kind, indented by its depth.
  private func tree(_ outline: Outline) -> [String] {
    outline.sections.map { String(repeating: "  ", count: $0.depth) + $0.title }
  }

  /// The members of a section's content as `key=value`.
  private func members(_ section: Section) -> [String] {
    section.content.flatMap { content -> [String] in
      guard case .members(let members) = content.body else { return [] }
      return members.map { "\($0.key ?? "")=\($0.value)" }
    }
  }

  private func preformatted(_ section: Section) -> [String] {
    section.content.flatMap { content -> [String] in
      guard case .preformatted(let block) = content.body else { return [] }
      return block.lines
    }
  }

  @Test("suites nest as written, a test outside any suite stands at the top")
  func nesting() throws {
    let outline = try read(
      """
      <testsuites><testsuite name="a"><testsuite name="b"><testcase name="t1"/></testsuite>
      <testcase name="t2"/></testsuite><testcase name="t3"/></testsuites>
      """)
    #expect(tree(outline) == ["a", "  b", "    t1", "  t2", "t3"])
    #expect(outline.sections.map(\.end) == [4, 3, 3, 4, 5])
    #expect(outline.sections[0].kind == .suite(counts(tests: 2)))
  }

  private func counts(
    tests: Int, failed: Int = 0, errors: Int = 0, skipped: Int = 0, flaky: Int = 0,
    duration: Double? = nil
  ) -> TestCounts {
    var counts = TestCounts()
    for _ in 0..<failed { counts.add(.failed) }
    for _ in 0..<errors { counts.add(.error) }
    for _ in 0..<skipped { counts.add(.skipped) }
    for _ in 0..<flaky { counts.add(.flaky) }
    for _ in 0..<(tests - failed - errors - skipped - flaky) { counts.add(.passed) }
    counts.duration = duration
    return counts
  }

  @Test("a failed test opens with its suites; a passed one and its neighbours' output stay closed")
  func opensWhatFailed() throws {
    let outline = try read(
      """
      <testsuite name="s" time="1.5"><testcase name="ok" time="0.5"><system-out>hi</system-out></testcase>
      <testcase name="bad" time="1"><failure message="boom">line 1
        line 2</failure><system-out>out</system-out></testcase></testsuite>
      """)
    #expect(tree(outline) == ["s", "  ok", "    system-out", "  bad", "    system-out"])
    #expect(
      outline.sections.map(\.hint) == [.expanded, .collapsed, .collapsed, .expanded, .collapsed])
    #expect(members(outline.sections[3]) == ["outcome=failed", "duration=1", "message=boom"])
    // Spacing kept.
    #expect(preformatted(outline.sections[3]) == ["boom", "line 1", "  line 2"])
    #expect(outline.sections[0].kind == .suite(counts(tests: 2, failed: 1, duration: 1.5)))
    #expect(outline.hiddenSummary(of: 0) == "(2 tests, 1 failed, 1.5s)")
    #expect(outline.hiddenSummary(of: 1) == "(passed)")
    #expect(outline.hiddenSummary(of: 2) == "(1 line)")
  }

  @Test("a repeated testcase is one test: the last run decides, a pass after a rerun is flaky")
  func reruns() throws {
    let outline = try read(
      """
      <testsuite name="s"><testcase classname="m" name="a"/><testcase classname="m" name="a"/>\
      <testcase classname="m" name="b"/><testcase classname="m" name="b"><failure message="x"/>\
      </testcase><testcase classname="n" name="a"/></testsuite>
      """)
    #expect(tree(outline) == ["s", "  a", "  b", "  a"])
    #expect(outline.sections[1].kind == .test(.flaky))
    #expect(outline.sections[2].kind == .test(.failed))
    #expect(outline.sections[3].kind == .test(.passed))
    #expect(outline.sections[0].kind == .suite(counts(tests: 3, failed: 1, flaky: 1)))
  }

  @Test("Surefire's flakyFailure makes a test that passed flaky; rerunFailure keeps it failed")
  func surefireFlaky() throws {
    let outline = try read(
      """
      <testsuite name="C"><testcase name="f"><flakyFailure message="slow"><stackTrace>at A
      </stackTrace></flakyFailure></testcase><testcase name="g"><failure message="no">at B
      </failure><rerunFailure message="no"><stackTrace>at B
      </stackTrace></rerunFailure></testcase></testsuite>
      """)
    #expect(outline.sections[1].kind == .test(.flaky))
    #expect(preformatted(outline.sections[1]) == ["run 1 failed:", "slow", "at A"])
    #expect(members(outline.sections[1]).contains("failed runs=1"))
    // The rerun came after the first run, whose failure is the test's own: it is the
    // second run, and both failed.
    #expect(outline.sections[2].kind == .test(.failed))
    #expect(members(outline.sections[2]).contains("failed runs=2"))
    #expect(preformatted(outline.sections[2]) == ["no", "at B", "", "run 2 failed:", "no", "at B"])
  }

  @Test("titles: classname.name for a dotted class name that is not the suite's, else the name")
  func titles() {
    #expect(
      TestReportBuilder.title(className: "tests.test_a.TestA", name: "test_b", suite: "pytest")
        == "tests.test_a.TestA.test_b")
    #expect(
      TestReportBuilder.title(className: "com.a.BTest", name: "c", suite: "com.a.BTest") == "c")
    #expect(TestReportBuilder.title(className: "test", name: "adds", suite: "cart") == "adds")
    #expect(TestReportBuilder.title(className: nil, name: "", suite: nil) == "test")
  }

  @Test("file and line come from attributes only, never from a stack trace")
  func location() throws {
    let outline = try read(
      """
      <testsuite name="s"><testcase name="a" file="a_test.go" line="12"><failure>at b.go:3</failure>\
      </testcase><testcase name="b"><failure>at b.go:3</failure></testcase></testsuite>
      """)
    #expect(members(outline.sections[1]) == ["outcome=failed", "file=a_test.go", "line=12"])
    #expect(members(outline.sections[2]) == ["outcome=failed"])
  }

  @Test("a root that is not a report is refused where it stands")
  func notAReport() {
    #expect(throws: LoadError.self) { try read("<project/>") }
    #expect(throws: LoadError.self) { try read("<project><testsuite>") }
  }

  @Test(
    "a report that ends too soon holds what was read and says where it stopped",
    arguments: [
      "<testsuite name=\"s\"><testcase name=\"t\">",
      "<testsuite name=\"s\">\n<testcase name=\"t\">\n\n",
      "<testsuite name=\"s\"><testcase name=\"t\"/><testcase name=\"u",
      "<testsuite name=\"s\"><testcase name=\"t\"><failure>at x.go:1</fail",
    ])
  func endsTooSoon(_ text: String) throws {
    let outline = try read(text)
    #expect(tree(outline).prefix(2) == ["s", "  t"])
    let stopped = try #require(outline.stoppedBy)
    #expect(stopped.line == text.split(separator: "\n", omittingEmptySubsequences: false).count)
  }

  @Test("an error before the end of a report is the document's, though the report started")
  func errorInside() {
    #expect(throws: LoadError.self) {
      try read("<testsuite name=\"s\"><testcase name=\"t\"></testcas>\n<testcase name=\"u\"/>")
    }
    #expect(throws: LoadError.self) {
      try read("<testsuite name=\"s\"><testcase name=\"t\"/>&nope;<testcase name=\"u\"/>")
    }
  }

  @Test(
    "the sniffer claims a report's root after a declaration and comments",
    arguments: [
      ("<?xml version=\"1.0\"?><testsuites>", SniffAnswer.claimed),
      ("<!-- made by ci --><testsuite name=\"a\">", .claimed),
      ("<testsuitesx>", .declined), ("<project>", .declined), ("<test", .undecided),
      ("<?xml version=\"1.0\"?>", .undecided), ("# Title", .declined),
    ])
  func sniff(_ text: String, _ answer: SniffAnswer) {
    #expect(JUnitSniff.answer(ArraySlice(text.utf8), final: false) == answer)
  }

  @Test("a .xml file's name says XML, and its content JUnit")
  func byNameAndContent() {
    let report = Array("<?xml version=\"1.0\"?>\n<testsuites>".utf8)
    #expect(InputFormat.kinds(of: .xml).first == .junit)
    #expect(InputFormat.kind(of: report[...], final: false, among: [.junit], else: .xml) == .junit)
    let pom = Array("<project/>".utf8)
    #expect(InputFormat.kind(of: pom[...], final: true, among: [.junit], else: .xml) == .xml)
  }

  @Test("a preformatted block keeps its lines, CRLF and CR ends included")
  func preformattedLines() {
    #expect(Preformatted("a\r\n  b\rc\n").lines == ["a", "  b", "c"])
    #expect(Preformatted("a\n\n").lines == ["a", ""])
  }

  @Test("several reports are one run: totals across them first, a report that all passed closed")
  func combined() throws {
    let green = try read(#"<testsuite name="a" time="1"><testcase name="x" time="1"/></testsuite>"#)
    let red = try read(
      #"<testsuite name="b"><testcase name="y"><failure message="m"/></testcase></testsuite>"#)
    let both = Outline.combining([("a.xml", green), ("b.xml", red)])
    #expect(both.kind == .suite(counts(tests: 2, failed: 1, duration: 1)))
    #expect(both.sections.map(\.title) == ["a.xml", "a", "x", "b.xml", "b", "y"])
    #expect(both.sections[0].hint == .collapsed)
    #expect(both.sections[3].hint == .expanded)
    #expect(both.hiddenSummary(of: 0) == "(1 test, 1s)")
    #expect(
      ReportShape.totals(both) == [
        "tests=2", "passed=1", "failed=1", "errors=0", "skipped=0", "flaky=0", "duration=1",
      ])
    // One line across both files, and each file's own at its start.
    #expect(ReportShape.header(both) == "2 tests, 1 failed in 1s")
    #expect(ReportShape.header(green) == "1 test in 1s")
    #expect(ReportShape.header(red) == "1 test, 1 failed")
  }

  @Test("suites nested deeper than libxml2's limit stop with a message, not a deep recursion")
  func deepSuites() throws {
    let deep = String(repeating: "<testsuite name=\"s\">", count: 300)
    #expect(throws: LoadError.self) { try read(deep) }
    let nested =
      String(repeating: "<testsuite name=\"s\">", count: 200) + "<testcase name=\"t\"/>"
      + String(repeating: "</testsuite>", count: 200)
    let outline = try read(nested)
    #expect(outline.sections.count == 201)
    #expect(outline.sections.last?.depth == 200)
    #expect(outline.sections[0].kind == .suite(counts(tests: 1)))
  }

  @Test("a report that holds ESC as it is, as node writes its colours, is read with them")
  func rawEscape() throws {
    let outline = try read(
      "<testsuites><testcase name=\"diff\"><failure message=\"differ:&#10;\u{1B}[32m+ a\u{1B}[39m\">"
        + "\u{1B}[31m- b\u{1B}[39m\n\u{08}ok</failure></testcase></testsuites>")
    let test = try #require(ReportShape.section(outline, "diff"))
    #expect(members(test).contains("message=differ:"))
    let block = try #require(
      test.content.compactMap { content -> Preformatted? in
        guard case .preformatted(let block) = content.body else { return nil }
        return block
      }.first)
    // Each line's text without its sequences, its colours apart; another control
    // character XML has no room for stands as DEL, which a terminal is shown as `^?`.
    #expect(block.lines == ["differ:", "+ a", "- b", "\u{7F}ok"])
    #expect(
      block.styles(ofLine: 1) == [ANSIText.Run(range: 0..<3, style: TextStyle(foreground: .green))])
    #expect(
      block.styles(ofLine: 2) == [ANSIText.Run(range: 0..<3, style: TextStyle(foreground: .red))])
  }

  @Test("pytest's #x1B in a test's output is ESC, its colours styles; elsewhere it is text")
  func pytestEscape() throws {
    let outline = try read(
      """
      <testsuites><testsuite name="pytest"><testcase classname="t" name="a">
      <failure message="assert 1 == 2 #x1B">#x1B[1mE#x1B[0m assert 1 == 2</failure>
      <system-out>#x1B[31mERROR#x1B[0m on #x1B</system-out></testcase></testsuite></testsuites>
      """)
    let test = try #require(ReportShape.section(outline, "a"))
    #expect(members(test).contains("message=assert 1 == 2 #x1B"))
    #expect(preformatted(test) == ["assert 1 == 2 #x1B", "E assert 1 == 2"])
    let output = try #require(ReportShape.section(outline, "system-out"))
    #expect(preformatted(output) == ["ERROR on #x1B"])
    guard case .preformatted(let block) = output.content.first?.body else {
      Issue.record("system-out holds no block")
      return
    }
    #expect(
      block.styles(ofLine: 0) == [ANSIText.Run(range: 0..<5, style: TextStyle(foreground: .red))])
  }
}
