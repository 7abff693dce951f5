import Testing

@testable import OutlineKit

/// xUnit.net's v2 XML, in documents shaped after its "XML Format v2" page by hand: xUnit.net
/// cannot run here.
@Suite("xUnit.net reader")
struct XUnitReaderTests {
  private func read(_ text: String) throws -> Outline {
    try XUnitReader.read(Array(text.utf8))
  }

  static let report = """
    <?xml version="1.0" encoding="utf-8"?>
    <assemblies schema-version="2" timestamp="03/14/2026 09:12:40">
      <assembly name="Shop.Tests.dll" total="4" passed="1" failed="2" skipped="1" time="0.5" errors="1">
        <errors>
          <error type="test-collection-cleanup" name="Test collection for Shop.Tests.DbTests">
            <failure exception-type="System.IO.IOException">
              <message>System.IO.IOException : file in use</message>
              <stack-trace>   at Shop.Tests.DbTests.Dispose()</stack-trace>
            </failure>
          </error>
        </errors>
        <collection name="Test collection for Shop.Tests.CartTests" total="3" passed="1" failed="1" skipped="1" time="0.25">
          <test name="Shop.Tests.CartTests.Adds" type="Shop.Tests.CartTests" method="Adds" time="0.0100000" result="Pass">
            <traits><trait name="Category" value="fast" /></traits>
          </test>
          <test name="Shop.Tests.CartTests.Totals(price: 10)" type="Shop.Tests.CartTests" method="Totals" time="0.2000000" result="Fail">
            <output>computing
      done
    </output>
            <failure exception-type="Xunit.Sdk.EqualException">
              <message>Assert.Equal() Failure
    Expected: 12.5
    Actual:   12</message>
              <stack-trace>   at Shop.Tests.CartTests.Totals(Decimal price) in /src/CartTests.cs:line 31
       at System.RuntimeMethodHandle.InvokeMethod()</stack-trace>
            </failure>
          </test>
          <test name="Pays by card" type="Shop.Tests.CartTests" method="Pays" time="0" result="Skip">
            <reason><![CDATA[card service is down]]></reason>
          </test>
        </collection>
        <collection name="Test collection for Shop.Tests.OrderTests" total="1" passed="0" failed="1" skipped="0" time="0.25">
          <test name="Shop.Tests.OrderTests.Saves" type="Shop.Tests.OrderTests" method="Saves" time="0.25" result="Fail" source-file="OrderTests.cs" source-line="22">
            <failure exception-type="System.InvalidOperationException"><message>System.InvalidOperationException : refused</message><stack-trace>   at Shop.Db.Connect()</stack-trace></failure>
          </test>
        </collection>
      </assembly>
    </assemblies>
    """

  @Test("assemblies hold collections, which hold tests titled by their display names")
  func shape() throws {
    let outline = try read(Self.report)
    #expect(
      ReportShape.tree(outline) == [
        "Shop.Tests.dll",
        "  test-collection-cleanup: Test collection for Shop.Tests.DbTests",
        "  Test collection for Shop.Tests.CartTests",
        "    Shop.Tests.CartTests.Adds",
        "    Shop.Tests.CartTests.Totals(price: 10)",
        "      system-out",
        "    Pays by card",
        "  Test collection for Shop.Tests.OrderTests",
        "    Shop.Tests.OrderTests.Saves",
      ])
    // The assembly's clean-up that threw is an error beside its three tests and one more.
    #expect(
      outline.sections[0].kind
        == .suite(ReportShape.counts(tests: 5, failed: 2, errors: 1, skipped: 1, duration: 0.5)))
    #expect(
      outline.sections[2].kind
        == .suite(ReportShape.counts(tests: 3, failed: 1, skipped: 1, duration: 0.25)))
    #expect(outline.hiddenSummary(of: 2) == "(3 tests, 1 failed, 1 skipped, 0.25s)")
    #expect(
      ReportShape.totals(outline) == [
        "tests=5", "passed=1", "failed=2", "errors=1", "skipped=1", "flaky=0", "duration=0.5",
      ])
    #expect(ReportShape.header(outline) == "5 tests, 2 failed, 1 error, 1 skipped in 0.5s")
  }

  @Test("what failed opens with its ancestors; passes, skips and output stay closed")
  func opens() throws {
    let outline = try read(Self.report)
    #expect(
      outline.sections.map(\.hint) == [
        .expanded, .expanded, .expanded, .collapsed, .expanded, .collapsed, .collapsed,
        .expanded, .expanded,
      ])
  }

  @Test("a test holds its outcome, duration, location, traits, message, stack and output")
  func test() throws {
    let outline = try read(Self.report)
    let totals = try #require(
      ReportShape.section(outline, "Shop.Tests.CartTests.Totals(price: 10)"))
    #expect(
      ReportShape.members(totals) == [
        "outcome=failed", "duration=0.2", "message=Assert.Equal() Failure",
      ])
    #expect(
      ReportShape.preformatted(totals) == [
        "Assert.Equal() Failure", "Expected: 12.5", "Actual:   12",
        "   at Shop.Tests.CartTests.Totals(Decimal price) in /src/CartTests.cs:line 31",
        "   at System.RuntimeMethodHandle.InvokeMethod()",
      ])
    let output = try #require(ReportShape.section(outline, "system-out"))
    #expect(output.kind == .output)
    #expect(ReportShape.preformatted(output) == ["computing", "  done"])
    let adds = try #require(ReportShape.section(outline, "Shop.Tests.CartTests.Adds"))
    #expect(ReportShape.members(adds) == ["outcome=passed", "duration=0.01", "Category=fast"])
    let skipped = try #require(ReportShape.section(outline, "Pays by card"))
    #expect(
      ReportShape.members(skipped) == [
        "outcome=skipped", "duration=0", "message=card service is down",
      ])
    let saves = try #require(ReportShape.section(outline, "Shop.Tests.OrderTests.Saves"))
    #expect(
      ReportShape.members(saves) == [
        "outcome=failed", "duration=0.25", "file=OrderTests.cs", "line=22",
        "message=System.InvalidOperationException : refused",
      ])
    let cleanup = outline.sections[1]
    #expect(cleanup.kind == .test(.error))
    #expect(
      ReportShape.preformatted(cleanup) == [
        "System.IO.IOException : file in use", "   at Shop.Tests.DbTests.Dispose()",
      ])
  }

  @Test("a root that is not xUnit.net's is refused where it stands, and XML cut short says where")
  func malformed() throws {
    #expect(
      throws: LoadError.syntax(
        ReadError(
          line: 2, column: 1, message: "expected <assemblies> as the root element, found <assembly>"
        ))
    ) {
      try read("<?xml version=\"1.0\"?>\n<assembly name=\"a\"/>\n")
    }
    // Cut short, what was read is the outline; libxml2 stops just past the last tag it
    // read whole, at the end of line 3.
    let cut = "<assemblies>\n  <assembly name=\"a\">\n    <collection name=\"c\">\n"
    let partial = try read(cut)
    #expect(partial.sections.map(\.title) == ["a", "c"])
    #expect(
      partial.stoppedBy
        == ReadError(
          line: 3, column: 26,
          message:
            "unexpected end of input; expected '</collection>' to close the element that "
            + "started at line 3"))
  }

  @Test(
    "the sniffer claims <assemblies>, and neither JUnit's nor XML's other roots",
    arguments: [
      ("<?xml version=\"1.0\"?>\n<assemblies timestamp=\"t\">", SniffAnswer.claimed),
      ("<!-- x --><assemblies>", .claimed), ("<assembly name=\"a\">", .declined),
      ("<testsuites>", .declined), ("<assem", .undecided),
    ])
  func sniff(_ text: String, _ answer: SniffAnswer) {
    #expect(XUnitSniff.answer(ArraySlice(text.utf8), final: false) == answer)
    if answer == .claimed {
      #expect(JUnitSniff.answer(ArraySlice(text.utf8), final: true) == .declined)
    }
  }
}
