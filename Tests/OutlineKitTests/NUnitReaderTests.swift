import Testing

@testable import OutlineKit

/// NUnit 3's and NUnit 2's XML, in documents shaped after NUnit's "Test Result XML Format"
/// pages by hand: NUnit cannot run here.
@Suite("NUnit reader")
struct NUnitReaderTests {
  private func read(_ text: String) throws -> Outline {
    try NUnitReader.read(Array(text.utf8))
  }

  static let nunit3 = """
    <?xml version="1.0" encoding="utf-8" standalone="no"?>
    <test-run id="0" name="Shop.Tests.dll" testcasecount="4" result="Failed" total="4" passed="1" failed="2" skipped="1" duration="0.75">
      <test-suite type="Assembly" id="0-1" name="Shop.Tests.dll" fullname="/src/Shop.Tests.dll" result="Failed" duration="0.7">
        <properties><property name="_PID" value="42" /></properties>
        <test-suite type="TestSuite" id="0-2" name="Shop" fullname="Shop" result="Failed" duration="0.7">
          <test-suite type="TestFixture" id="0-3" name="CartTests" fullname="Shop.CartTests" classname="Shop.CartTests" result="Failed" duration="0.3">
            <failure><message><![CDATA[One or more child tests had errors]]></message></failure>
            <output><![CDATA[fixture set up
    ]]></output>
            <test-case id="0-4" name="Adds" fullname="Shop.CartTests.Adds" classname="Shop.CartTests" result="Passed" duration="0.01" />
            <test-case id="0-5" name="Totals(10m)" fullname="Shop.CartTests.Totals(10m)" classname="Shop.CartTests" result="Failed" duration="0.2">
              <properties><property name="Category" value="pricing" /><property name="_JOINTYPE" value="x" /></properties>
              <failure>
                <message><![CDATA[  Expected: 12.5m
      But was:  12m
    ]]></message>
                <stack-trace><![CDATA[   at Shop.CartTests.Totals(Decimal price) in /src/CartTests.cs:line 31
    ]]></stack-trace>
              </failure>
              <output><![CDATA[computing
    ]]></output>
              <assertions><assertion result="Failed"><message><![CDATA[not this one]]></message></assertion></assertions>
            </test-case>
            <test-case id="0-6" name="Pays" fullname="Shop.CartTests.Pays" classname="Shop.CartTests" runstate="Ignored" result="Skipped" label="Ignored" duration="0">
              <reason><message><![CDATA[card service is down]]></message></reason>
            </test-case>
          </test-suite>
          <test-suite type="TestFixture" id="0-7" name="OrderTests" fullname="Shop.OrderTests" classname="Shop.OrderTests" result="Failed" duration="0.4">
            <test-case id="0-8" name="Saves" fullname="Shop.OrderTests.Saves" classname="Shop.OrderTests" result="Failed" label="Error" duration="0.4">
              <failure>
                <message><![CDATA[System.InvalidOperationException : refused]]></message>
                <stack-trace><![CDATA[   at Shop.Db.Connect()
       at Shop.OrderTests.Saves()]]></stack-trace>
              </failure>
            </test-case>
          </test-suite>
        </test-suite>
      </test-suite>
    </test-run>
    """

  @Test("NUnit 3: suites nest as NUnit nests them, each test in its fixture")
  func nunit3Shape() throws {
    let outline = try read(Self.nunit3)
    #expect(
      ReportShape.tree(outline) == [
        "Shop.Tests.dll", "  Shop", "    CartTests", "      system-out", "      Adds",
        "      Totals(10m)", "        system-out", "      Pays", "    OrderTests", "      Saves",
      ])
    #expect(
      outline.sections.map(\.hint) == [
        .expanded, .expanded, .expanded, .collapsed, .collapsed, .expanded, .collapsed,
        .collapsed, .expanded, .expanded,
      ])
    #expect(
      outline.sections[2].kind
        == .suite(ReportShape.counts(tests: 3, failed: 1, skipped: 1, duration: 0.3)))
    #expect(outline.hiddenSummary(of: 2) == "(3 tests, 1 failed, 1 skipped, 0.3s)")
    #expect(
      ReportShape.totals(outline) == [
        "report=Shop.Tests.dll", "tests=4", "passed=1", "failed=1", "errors=1", "skipped=1",
        "flaky=0", "duration=0.75",
      ])
    #expect(
      ReportShape.header(outline)
        == "Shop.Tests.dll: 4 tests, 1 failed, 1 error, 1 skipped in 0.75s")
  }

  @Test("NUnit 3: a failure labelled Error is an error; its message and stack are kept as written")
  func nunit3Tests() throws {
    let outline = try read(Self.nunit3)
    let totals = try #require(ReportShape.section(outline, "Totals(10m)"))
    #expect(totals.kind == .test(.failed))
    // NUnit's own properties (`_JOINTYPE`) are left out; the assertions repeat the failure.
    #expect(
      ReportShape.members(totals) == [
        "outcome=failed", "duration=0.2", "message=  Expected: 12.5m", "Category=pricing",
      ])
    #expect(
      ReportShape.preformatted(totals) == [
        "  Expected: 12.5m", "  But was:  12m",
        "   at Shop.CartTests.Totals(Decimal price) in /src/CartTests.cs:line 31",
      ])
    let saves = try #require(ReportShape.section(outline, "Saves"))
    #expect(saves.kind == .test(.error))
    #expect(
      ReportShape.preformatted(saves) == [
        "System.InvalidOperationException : refused", "   at Shop.Db.Connect()",
        "   at Shop.OrderTests.Saves()",
      ])
    let pays = try #require(ReportShape.section(outline, "Pays"))
    #expect(
      ReportShape.members(pays) == [
        "outcome=skipped", "duration=0", "message=card service is down",
      ])
    // The fixture's own output stands first in it.
    #expect(ReportShape.preformatted(outline.sections[3]) == ["fixture set up"])
    #expect(ReportShape.preformatted(outline.sections[6]) == ["computing"])
  }

  @Test("NUnit 2: suites hold their tests in <results>, titled by their full names")
  func nunit2() throws {
    let outline = try read(
      """
      <?xml version="1.0" encoding="utf-8" standalone="no"?>
      <!--This file represents the results of running a test suite-->
      <test-results name="/src/Shop.Tests.dll" total="4" errors="1" failures="1" not-run="1" inconclusive="0" ignored="1" skipped="0" invalid="0" date="2026-03-14" time="09:12:39">
        <environment nunit-version="2.6.4.14350" clr-version="4.0.30319.42000" os-version="Unix" platform="Unix" cwd="/src" machine-name="ci" user="runner" user-domain="ci" />
        <culture-info current-culture="en-US" current-uiculture="en-US" />
        <test-suite type="Assembly" name="/src/Shop.Tests.dll" executed="True" result="Failure" success="False" time="0.650" asserts="2">
          <results>
            <test-suite type="Namespace" name="Shop" executed="True" result="Failure" success="False" time="0.640" asserts="2">
              <results>
                <test-suite type="TestFixture" name="CartTests" executed="True" result="Failure" success="False" time="0.640" asserts="2">
                  <results>
                    <test-case name="Shop.CartTests.Adds" executed="True" result="Success" success="True" time="0.010" asserts="1" />
                    <test-case name="Shop.CartTests.Totals" executed="True" result="Failure" success="False" time="0.210" asserts="1">
                      <failure>
                        <message><![CDATA[  Expected: 12.5m
        But was:  12m
      ]]></message>
                        <stack-trace><![CDATA[at Shop.CartTests.Totals() in /src/CartTests.cs:line 31
      ]]></stack-trace>
                      </failure>
                    </test-case>
                    <test-case name="Shop.CartTests.Saves" executed="True" result="Error" success="False" time="0.400" asserts="0">
                      <failure>
                        <message><![CDATA[System.InvalidOperationException : refused]]></message>
                        <stack-trace><![CDATA[at Shop.Db.Connect()]]></stack-trace>
                      </failure>
                    </test-case>
                    <test-case name="Shop.CartTests.Pays" executed="False" result="Ignored">
                      <reason>
                        <message><![CDATA[card service is down]]></message>
                      </reason>
                    </test-case>
                  </results>
                </test-suite>
              </results>
            </test-suite>
          </results>
        </test-suite>
      </test-results>
      """)
    #expect(
      ReportShape.tree(outline) == [
        "/src/Shop.Tests.dll", "  Shop", "    CartTests", "      Shop.CartTests.Adds",
        "      Shop.CartTests.Totals", "      Shop.CartTests.Saves", "      Shop.CartTests.Pays",
      ])
    #expect(
      outline.sections.map(\.kind) == [
        .suite(ReportShape.counts(tests: 4, failed: 1, errors: 1, skipped: 1, duration: 0.65)),
        .suite(ReportShape.counts(tests: 4, failed: 1, errors: 1, skipped: 1, duration: 0.64)),
        .suite(ReportShape.counts(tests: 4, failed: 1, errors: 1, skipped: 1, duration: 0.64)),
        .test(.passed), .test(.failed), .test(.error), .test(.skipped),
      ])
    // NUnit 2's `time` on the root is the clock time it started: the run took its suites'.
    #expect(ReportShape.totals(outline).last == "duration=0.65")
    #expect(
      ReportShape.preformatted(outline.sections[4]) == [
        "  Expected: 12.5m", "  But was:  12m",
        "at Shop.CartTests.Totals() in /src/CartTests.cs:line 31",
      ])
    #expect(
      ReportShape.members(outline.sections[6]) == [
        "outcome=skipped", "message=card service is down",
      ])
  }

  @Test(
    "results and labels in NUnit's words",
    arguments: [
      ("Passed", nil, nil, TestOutcome.passed), ("Failed", nil, nil, .failed),
      ("Failed", "Error", nil, .error), ("Failed", "Invalid", nil, .error),
      ("Skipped", "Ignored", nil, .skipped), ("Inconclusive", nil, nil, .skipped),
      ("Warning", nil, nil, .passed), ("Success", nil, "True", .passed),
      ("Failure", nil, "True", .failed), ("Error", nil, "True", .error),
      ("NotRunnable", nil, "False", .error), ("Ignored", nil, "False", .skipped),
      (nil, nil, "False", .skipped),
    ] as [(String?, String?, String?, TestOutcome)])
  func outcomes(_ result: String?, _ label: String?, _ executed: String?, _ outcome: TestOutcome) {
    #expect(NUnitReader.outcome(result: result, label: label, executed: executed) == outcome)
  }

  @Test("a root that is not NUnit's, and a tag left open, are refused where they stand")
  func malformed() {
    #expect(
      throws: LoadError.syntax(
        ReadError(
          line: 1, column: 1,
          message: "expected <test-run> or <test-results> as the root element, found <testsuites>"))
    ) { try read("<testsuites/>") }
    let error = #expect(throws: LoadError.self) {
      try read("<test-run>\n  <test-suite name=\"a\">\n  </test-case>\n</test-run>\n")
    }
    guard case .syntax(let problem)? = error else {
      Issue.record("expected a syntax error, got \(String(describing: error))")
      return
    }
    #expect(problem.line == 3)
    #expect(problem.column > 1)
  }

  @Test(
    "the sniffer claims NUnit 3's and NUnit 2's roots, and JUnit's does not",
    arguments: [
      ("<?xml version=\"1.0\"?>\n<test-run id=\"2\">", SniffAnswer.claimed),
      ("<test-results name=\"a\">", .claimed), ("<test-suite type=\"Assembly\">", .declined),
      ("<testsuite>", .declined), ("<test-r", .undecided),
    ])
  func sniff(_ text: String, _ answer: SniffAnswer) {
    #expect(NUnitSniff.answer(ArraySlice(text.utf8), final: false) == answer)
    if answer == .claimed {
      #expect(JUnitSniff.answer(ArraySlice(text.utf8), final: true) == .declined)
    }
  }
}
