import Testing

@testable import OutlineKit

/// Visual Studio's test results (TRX), in documents shaped after its TeamTest 2010 schema
/// (vstst.xsd) by hand: dotnet cannot run here.
@Suite("TRX reader")
struct TRXReaderTests {
  private func read(_ text: String) throws -> Outline {
    try TRXReader.read(Array(text.utf8))
  }

  /// Results first and their definitions after them, as `dotnet test` writes them; a
  /// data-driven result's rows; a result whose definition is missing.
  static let report = """
    <?xml version="1.0" encoding="utf-8"?>
    <TestRun id="1" name="runner@ci 2026-03-14" xmlns="http://microsoft.com/schemas/VisualStudio/TeamTest/2010">
      <Results>
        <UnitTestResult executionId="e1" testId="t1" testName="Adds" duration="00:00:00.0100000" outcome="Passed" />
        <UnitTestResult executionId="e2" testId="t2" testName="Totals" duration="00:00:01.5000000" outcome="Failed">
          <Output>
            <StdOut>computing
      done</StdOut>
            <StdErr>warning: slow</StdErr>
            <ErrorInfo>
              <Message>Assert.AreEqual failed. Expected:&lt;12.5&gt;. Actual:&lt;12&gt;.</Message>
              <StackTrace>   at Shop.CartTests.Totals() in /src/CartTests.cs:line 31
       at System.RuntimeMethodHandle.InvokeMethod()
    </StackTrace>
            </ErrorInfo>
          </Output>
        </UnitTestResult>
        <UnitTestResult executionId="e3" testId="t3" testName="Saves" duration="00:01:02.0000000" outcome="Timeout">
          <Output><ErrorInfo><Message>Test 'Saves' exceeded execution timeout period.</Message></ErrorInfo></Output>
        </UnitTestResult>
        <UnitTestResult executionId="e4" testId="t4" testName="Parses" duration="00:00:00.0200000" outcome="Failed" resultType="DataDrivenTest">
          <InnerResults>
            <UnitTestResult executionId="e5" parentExecutionId="e4" testId="t4" testName="Parses (1)" duration="00:00:00.0050000" outcome="Passed" dataRowInfo="1" resultType="DataDrivenDataRow" />
            <UnitTestResult executionId="e6" parentExecutionId="e4" testId="t4" testName="Parses (-1)" duration="00:00:00.0150000" outcome="Failed" dataRowInfo="2" resultType="DataDrivenDataRow">
              <Output><ErrorInfo><Message>quantity must not be negative</Message></ErrorInfo></Output>
            </UnitTestResult>
          </InnerResults>
        </UnitTestResult>
        <UnitTestResult executionId="e7" testId="t5" testName="Pays" duration="00:00:00" outcome="NotExecuted">
          <Output><ErrorInfo><Message>card service is down</Message></ErrorInfo></Output>
        </UnitTestResult>
        <UnitTestResult executionId="e8" testId="t9" testName="Orphan" outcome="Passed" />
      </Results>
      <TestDefinitions>
        <UnitTest name="Adds" storage="/src/shop.tests.dll" id="t1"><Execution id="e1" /><TestMethod codeBase="/src/Shop.Tests.dll" className="Shop.CartTests" name="Adds" /></UnitTest>
        <UnitTest name="Totals" storage="/src/shop.tests.dll" id="t2"><Execution id="e2" /><TestMethod codeBase="/src/Shop.Tests.dll" className="Shop.CartTests" name="Totals" /></UnitTest>
        <UnitTest name="Saves" storage="/src/shop.tests.dll" id="t3"><Execution id="e3" /><TestMethod codeBase="/src/Shop.Tests.dll" className="Shop.OrderTests, Shop.Tests, Version=1.0.0.0, Culture=neutral, PublicKeyToken=null" name="Saves" /></UnitTest>
        <UnitTest name="Parses" storage="/src/shop.tests.dll" id="t4"><Execution id="e4" /><TestMethod codeBase="/src/Shop.Tests.dll" className="Shop.OrderTests" name="Parses" /></UnitTest>
        <UnitTest name="Pays" storage="/src/shop.tests.dll" id="t5"><Execution id="e7" /><TestMethod codeBase="/src/Shop.Tests.dll" className="Shop.CartTests" name="Pays" /></UnitTest>
      </TestDefinitions>
      <ResultSummary outcome="Failed">
        <Counters total="6" executed="5" passed="2" failed="2" timeout="1" notExecuted="1" />
      </ResultSummary>
    </TestRun>
    """

  @Test("results are joined to the definitions after them: a suite per class, in first-seen order")
  func shape() throws {
    let outline = try read(Self.report)
    #expect(
      ReportShape.tree(outline) == [
        "Shop.CartTests", "  Shop.CartTests.Adds", "  Shop.CartTests.Totals", "    system-out",
        "    system-err", "  Shop.CartTests.Pays", "Shop.OrderTests", "  Shop.OrderTests.Saves",
        "  Shop.OrderTests.Parses", "    Parses (1)", "    Parses (-1)", "Orphan",
      ])
    #expect(
      outline.sections.map(\.hint) == [
        .expanded, .collapsed, .expanded, .collapsed, .collapsed, .collapsed, .expanded,
        .expanded, .expanded, .collapsed, .expanded, .collapsed,
      ])
    #expect(
      outline.sections[0].kind
        == .suite(ReportShape.counts(tests: 3, failed: 1, skipped: 1, duration: 1.51)))
    // The data-driven test's rows are its tests; it took what it says.
    #expect(
      outline.sections[8].kind == .suite(ReportShape.counts(tests: 2, failed: 1, duration: 0.02)))
    #expect(outline.hiddenSummary(of: 6) == "(3 tests, 1 failed, 1 error, 1m 2s)")
    #expect(
      ReportShape.totals(outline) == [
        "report=runner@ci 2026-03-14", "tests=7", "passed=3", "failed=2", "errors=1",
        "skipped=1", "flaky=0", "duration=63.53",
      ])
    // Over a minute, in minutes and seconds as a runner prints it.
    #expect(
      ReportShape.header(outline)
        == "runner@ci 2026-03-14: 7 tests, 2 failed, 1 error, 1 skipped in 1m 4s")
  }

  @Test("a result holds its outcome, duration, message, stack and both streams")
  func result() throws {
    let outline = try read(Self.report)
    let totals = outline.sections[2]
    #expect(totals.kind == .test(.failed))
    #expect(
      ReportShape.members(totals) == [
        "outcome=failed", "duration=1.5",
        "message=Assert.AreEqual failed. Expected:<12.5>. Actual:<12>.",
      ])
    #expect(
      ReportShape.preformatted(totals) == [
        "Assert.AreEqual failed. Expected:<12.5>. Actual:<12>.",
        "   at Shop.CartTests.Totals() in /src/CartTests.cs:line 31",
        "   at System.RuntimeMethodHandle.InvokeMethod()",
      ])
    #expect(ReportShape.preformatted(outline.sections[3]) == ["computing", "  done"])
    #expect(ReportShape.preformatted(outline.sections[4]) == ["warning: slow"])
    #expect(outline.sections[7].kind == .test(.error))
    #expect(
      ReportShape.members(outline.sections[7]) == [
        "outcome=error", "duration=62", "message=Test 'Saves' exceeded execution timeout period.",
      ])
    #expect(
      ReportShape.members(outline.sections[5]) == [
        "outcome=skipped", "duration=0", "message=card service is down",
      ])
  }

  @Test(
    "durations as .NET writes a TimeSpan",
    arguments: [
      ("00:00:00.1230000", 0.123), ("00:00:00", 0), ("01:02:03.5", 3723.5),
      ("1.00:00:01", 86401),
    ])
  func durations(_ text: String, _ seconds: Double) throws {
    let found = try #require(TRXReader.duration(text))
    #expect(abs(found - seconds) < 1e-9)
  }

  @Test("what is not a duration is none", arguments: ["", "1.5", "a:b:c", "00:00:-1", "00:00"])
  func notDurations(_ text: String) {
    #expect(TRXReader.duration(text) == nil)
  }

  @Test(
    "outcomes in TRX's words",
    arguments: [
      ("Passed", TestOutcome.passed), ("Failed", .failed), ("Error", .error),
      ("Timeout", .error), ("Aborted", .error), ("NotExecuted", .skipped),
      ("Inconclusive", .skipped), ("PassedButRunAborted", .passed), ("Warning", .passed),
    ])
  func outcomes(_ text: String, _ outcome: TestOutcome) {
    #expect(TRXReader.outcome(text) == outcome)
  }

  @Test("a root that is not TRX's, and a result cut short, are refused where they stand")
  func malformed() {
    #expect(
      throws: LoadError.syntax(
        ReadError(
          line: 1, column: 1, message: "expected <TestRun> as the root element, found <TestRuns>"))
    ) { try read("<TestRuns/>") }
    // libxml2 stops just past the last tag it read whole, at the end of line 3.
    #expect(
      throws: LoadError.syntax(
        ReadError(
          line: 3, column: 49,
          message:
            "unexpected end of input; expected '</UnitTestResult>' to close the element that "
            + "started at line 3"))
    ) {
      try read("<TestRun>\n  <Results>\n    <UnitTestResult testId=\"a\" outcome=\"Failed\">\n")
    }
  }

  @Test(
    "the sniffer claims <TestRun> with TRX's namespace, and JUnit's does not",
    arguments: [
      (
        "<?xml version=\"1.0\"?>\n<TestRun id=\"1\" xmlns=\"http://microsoft.com/schemas/VisualStudio/TeamTest/2010\">",
        SniffAnswer.claimed
      ),
      ("<TestRun>", .claimed), ("<TestRunner>", .declined), ("<testrun>", .declined),
      ("<TestR", .undecided),
    ])
  func sniff(_ text: String, _ answer: SniffAnswer) {
    #expect(TRXSniff.answer(ArraySlice(text.utf8), final: false) == answer)
    if answer == .claimed {
      #expect(JUnitSniff.answer(ArraySlice(text.utf8), final: true) == .declined)
    }
  }
}
