import Testing

@testable import OutlineKit

/// A format that begins with `<`, as the next ones will: it claims what is XML's alone (a
/// declaration, a root element that is no HTML element) and declines the rest, or, when
/// `greedy`, claims whatever opens with `<`.
private struct AngleFormat: InputFormatDefinition {
  var greedy = false

  var names: [String] { [greedy ? "angles" : "angle"] }
  var documentName: String { "Angle" }
  var helpNote: String? { nil }
  var summary: String? { nil }
  var fileExtensions: [String] { [] }
  var takesTitleKeys: Bool { false }
  var largestInput: Int { 1 << 20 }
  var memoryPerByte: Int { 8 }
  var memoryGrowth: Double { 2 }
  var claimMayBeWrong: Bool { false }
  var files: FormatFiles {
    FormatFiles(samples: [], fuzzTarget: "", benchInputs: [], libraries: [])
  }

  func sniff(_ content: ArraySlice<UInt8>, final: Bool) -> SniffAnswer {
    let text = String(decoding: content, as: UTF8.self).drop { $0.isWhitespace }
    guard text.hasPrefix("<") else { return .declined }
    if greedy || text.hasPrefix("<?xml") { return .claimed }
    let name = text.dropFirst().prefix { $0.isLetter || $0.isNumber }.lowercased()
    return ["div", "p", "img", "h1", "picture", "details", "a", "table"].contains(name)
      || name.isEmpty ? .declined : .claimed
  }

  func makeReader(_ options: ReadingOptions) -> any DocumentReader {
    MarkdownReader()
  }
}

@Suite("format registry")
struct FormatRegistryTests {
  static let centredReadme = """
    <div align="center">
      <img src="logo.svg" alt="logo">
      <h1>tool</h1>
    </div>

    # Install

    Run `make`.

    """

  @Test("the formats are listed once, in the order --from's help names them")
  func registered() {
    #expect(
      InputFormat.registered.map(\.name) == [
        "markdown", "commonmark", "json", "yaml", "junit", "xunit", "nunit", "trx", "xml",
      ])
    #expect(
      InputFormat.names == [
        "markdown", "gfm", "commonmark", "json", "yaml", "junit", "xunit", "nunit", "trx", "xml",
      ])
    #expect(Set(InputFormat.registered).count == InputFormat.registered.count)
    #expect(InputFormat.documentNamesInWords == "Markdown, JSON, YAML or XML")
    #expect(LoadError.binary.description == "binary file, not Markdown, JSON, YAML or XML")
    #expect(InputFormat(name: "gfm") == .markdown)
    #expect(InputFormat(name: "xml") == .xml)
  }

  @Test("sniffers are asked in the registry's order, Markdown's last, which claims any text")
  func sniffingOrder() {
    #expect(
      InputFormat.sniffingOrder.map(\.name) == [
        "commonmark", "json", "yaml", "junit", "xunit", "nunit", "trx", "xml", "markdown",
      ])
    // The report kinds of XML come before it, each told by its root element.
    #expect(InputFormat.kinds(of: .xml) == [.junit, .xunit, .nunit, .trx])
    #expect(InputFormat.sniffingOrder.last == InputFormat.fallback)
    #expect(
      InputFormat.fallback.definition.sniff(Array("a: 1\n".utf8)[...], final: true) == .claimed)
    // Strict CommonMark is only ever asked for by name.
    #expect(
      InputFormat.commonmark.definition.sniff(Array("# A".utf8)[...], final: true) == .declined)
  }

  @Test("a README that opens with <div align=\"center\"> stays Markdown, whole or as it arrives")
  func centredReadmeIsMarkdown() {
    let bytes = Array(Self.centredReadme.utf8)
    #expect(InputFormat.guess(content: bytes, final: true) == .markdown)
    var sniffer = FormatSniffer()
    #expect(sniffer.format(of: bytes, final: true) == .markdown)
    #expect(
      InputFormat.guess(content: Array("<!-- note -->\n# A\n".utf8), final: true) == .markdown)
  }

  @Test("a sniffer that claims only what is its format's alone leaves such a README Markdown")
  func orderWithAnAngleFormat() {
    let angle = InputFormat(AngleFormat())
    let order = [InputFormat.json, angle, .yaml, .markdown]
    func guess(_ text: String, _ formats: [InputFormat] = order) -> InputFormat? {
      InputFormat.guess(content: Array(text.utf8)[...], final: true, asking: formats)
    }
    #expect(guess(Self.centredReadme) == .markdown)
    #expect(guess("<?xml version=\"1.0\"?>\n<feed/>\n") == angle)
    #expect(guess("<testsuites>\n  <testsuite/>\n</testsuites>\n") == angle)
    // JSON and YAML are guessed as before, whatever stands between them.
    #expect(guess("{\"a\": 1}") == .json)
    #expect(guess("a: 1\nb:\n  c: 2\n") == .yaml)
    #expect(guess("[1]: https://example.org\n") == .markdown)
    // One that claims every `<` takes the README from Markdown: why sniffers claim only
    // their own, and why Markdown, which claims anything, is asked last.
    let greedy = InputFormat(AngleFormat(greedy: true))
    #expect(guess(Self.centredReadme, [.json, greedy, .yaml, .markdown]) == greedy)
    #expect(guess(Self.centredReadme, [.markdown, greedy]) == .markdown)
  }

  @Test("the guess waits while a sniffer is undecided, and only then asks the next")
  func undecidedWaits() {
    // JSON's sniffer waits for the line that opens with `[`; YAML's for the whole start.
    #expect(InputFormat.guess(content: Array("[1] x".utf8)) == nil)
    #expect(InputFormat.guess(content: Array("a: 1\nb:\n".utf8)) == nil)
    #expect(InputFormat.guess(content: Array("a: 1\nb:\n  c: 2\n".utf8), final: true) == .yaml)
  }

  @Test(
    "every format has names, a document's name, samples and a fuzz target",
    arguments: InputFormat.registered)
  func complete(_ format: InputFormat) {
    let definition = format.definition
    #expect(!definition.names.isEmpty && !definition.documentName.isEmpty)
    #expect(!definition.files.samples.isEmpty)
    #expect(!definition.files.fuzzTarget.isEmpty)
    #expect(!definition.files.libraries.isEmpty)
    #expect(definition.largestInput > 0 && definition.memoryPerByte > 0)
    #expect(definition.memoryGrowth >= 1)
  }

  @Test("no two formats take the same name or extension")
  func namesAndExtensionsAreOnes() {
    let names = InputFormat.registered.flatMap(\.definition.names)
    let extensions = InputFormat.registered.flatMap(\.definition.fileExtensions)
    #expect(Set(names).count == names.count)
    #expect(Set(extensions).count == extensions.count)
    for format in InputFormat.registered {
      for found in format.definition.fileExtensions {
        #expect(InputFormat.guess(fileName: "a.\(found.uppercased())") == format)
      }
    }
  }

  @Test(
    "XML's sniffer claims a declaration or a root element, and leaves HTML's starts to Markdown")
  func xmlSniffer() {
    func guess(_ text: String) -> InputFormat? {
      InputFormat.guess(content: Array(text.utf8), final: true)
    }
    #expect(guess(Self.centredReadme) == .markdown)
    for start in [
      "<p align=\"center\">\n  <img src=\"a.png\">\n</p>\n\n# A\n", "<img src=\"logo.png\">\n# A\n",
      "<h1>Tool</h1>\n\ntext\n", "<picture>\n<source srcset=\"a\">\n</picture>\n",
      "<details>\n<summary>A</summary>\n</details>\n", "<a href=\"x\">x</a>\n",
      "<table>\n<tr><td>1</td></tr>\n</table>\n", "<!-- a comment -->\n<project/>\n",
      "<DIV>\n</DIV>\n", "<3 this\n", "< not a tag\n",
    ] {
      #expect(guess(start) == .markdown, "\(start)")
    }
    #expect(guess("<?xml version=\"1.0\"?>\n<feed/>\n") == .xml)
    #expect(guess("<project>\n  <modelVersion>4.0.0</modelVersion>\n</project>\n") == .xml)
    // A report's root is XML's, and JUnit XML, a kind of it asked first, claims it.
    #expect(guess("  \n<testsuites name=\"a\">\n</testsuites>\n") == .junit)
    #expect(
      XMLSniff.answer(ArraySlice("<testsuites name=\"a\">\n</testsuites>\n".utf8), final: true)
        == .claimed)
    // xUnit.net, NUnit 3 and 2, and TRX: each root is its kind's, none JUnit's.
    #expect(guess("<?xml version=\"1.0\"?>\n<assemblies timestamp=\"t\">\n") == .xunit)
    #expect(guess("<test-run id=\"0\">\n</test-run>\n") == .nunit)
    #expect(guess("<!-- NUnit 2 -->\n<test-results name=\"a\">\n") == .nunit)
    #expect(
      guess("<TestRun xmlns=\"http://microsoft.com/schemas/VisualStudio/TeamTest/2010\">\n")
        == .trx)
    #expect(guess("<assembly name=\"a\"/>\n") == .xml)
    #expect(guess("<test-runs/>\n") == .xml)
    #expect(guess("<svg xmlns=\"http://www.w3.org/2000/svg\"/>") == .xml)
    // A README that opens with a component of its own and goes on in Markdown: libxml2
    // stops on its text, or on what follows the component.
    #expect(guess("<Callout>\nSome & text\n</Callout>\n\n# Title\n") == .markdown)
    #expect(guess("<Banner>\nWelcome\n</Banner>\n\n# Install\n\nRun it.\n") == .markdown)
    // XML cut short, or a window of a longer document, is XML.
    #expect(guess("<testsuites>\n  <testsuite name=\"a\">\n    <testcase") == .junit)
    #expect(guess("<feed>\n  <entry>\n    <title") == .xml)
    let long = "<r>\n" + String(repeating: "  <a b=\"c\"/>\n", count: 1000)
    #expect(
      InputFormat.guess(content: Array(long.utf8).prefix(InputFormat.sniffWindow), final: true)
        == .xml)
    // Too little to tell waits for more.
    #expect(InputFormat.guess(content: Array("<?xm".utf8)) == nil)
    #expect(InputFormat.guess(content: Array("<testsu".utf8)) == nil)
    for name in ["a.xml", "pom.xml", "logo.SVG", "App.csproj", "results.trx"] {
      #expect(InputFormat.guess(fileName: name) == .xml, "\(name)")
    }
  }
}
