import Testing

@testable import OutlineKit

@Suite("XML reader")
struct XMLReaderTests {
  private func read(_ text: String, mostLevels: Int = XMLOutlineBuilder.deepestNesting)
    throws(LoadError) -> Outline
  {
    try XMLReader.read(Array(text.utf8), titleKeys: .standard, memory: nil, mostLevels: mostLevels)
  }

  private func error(_ text: String, mostLevels: Int = XMLOutlineBuilder.deepestNesting)
    -> ReadError?
  {
    do {
      _ = try read(text, mostLevels: mostLevels)
      return nil
    } catch .syntax(let error) {
      return error
    } catch {
      return nil
    }
  }

  /// The lines of every content run of `contents`, as shown.
  private func lines(_ contents: [Content]) -> [String] {
    contents.flatMap { content -> [String] in
      guard case .source(let source) = content.body else { return [] }
      return source.lines.map { source.shownLine($0) }
    }
  }

  @Test("elements that hold elements are sections titled by tag and name, nested as written")
  func sections() throws {
    let outline = try read(
      """
      <?xml version="1.0"?>
      <testsuites>
        <testsuite name="unit">
          <!-- first -->
          <testcase name="login">
            <failure>boom</failure>
          </testcase>
          <testcase id="t2"/>
        </testsuite>
      </testsuites>

      """)
    #expect(outline.sections.map(\.title) == ["testsuites", "testsuite unit", "testcase login"])
    #expect(outline.sections.map(\.depth) == [0, 1, 2])
    #expect(outline.sections.map(\.kind) == [.element, .element, .element])
    #expect(outline.sections.map(\.span.lines) == [1..<10, 2..<9, 4..<7])
    #expect(lines(outline.content) == ["<?xml version=\"1.0\"?>"])
    #expect(lines(outline.sections[0].content).isEmpty)
    #expect(
      lines(outline.sections[1].content) == [
        "<testsuite name=\"unit\">", "  <!-- first -->", "<testcase id=\"t2\"/>",
      ])
    #expect(
      lines(outline.sections[2].content) == [
        "<testcase name=\"login\">", "  <failure>boom</failure>",
      ])
    #expect(outline.sections[0].hiddenLines == 5)
  }

  @Test("an external entity naming a file or a URL reads nothing")
  func externalEntities() throws {
    let text = """
      <?xml version="1.0"?>
      <!DOCTYPE r [
        <!ENTITY file SYSTEM "file:///etc/passwd">
        <!ENTITY web SYSTEM "http://127.0.0.1:9/secret">
        <!ENTITY % dtd SYSTEM "http://127.0.0.1:9/x.dtd">
        %dtd;
      ]>
      <r>
        <a>&file;</a>
        <b>&web;</b>
      </r>

      """
    let outline = try read(text)
    let shown = (lines(outline.content) + outline.sections.flatMap { lines($0.content) })
      .joined(separator: "\n")
    #expect(!shown.contains("root:"))
    #expect(lines(outline.sections[0].content) == ["<a>&file;</a>", "<b>&web;</b>"])
    // In an attribute, libxml2 would have to read the entity: it refuses.
    let attribute = error(
      "<!DOCTYPE r [<!ENTITY f SYSTEM \"file:///etc/passwd\">]>\n<r a=\"&f;\"/>\n")
    #expect(attribute?.line == 2)
    #expect(attribute?.message.contains("external entity 'f'") == true)
  }

  @Test("entities that multiply (a billion laughs) are refused where they are used")
  func billionLaughs() {
    var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n"
    for level in 1...9 {
      let previous = level == 1 ? "lol" : "lol\(level - 1)"
      text += " <!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">\n"
    }
    text += "]>\n<lolz>&lol9;</lolz>\n"
    let found = error(text)
    #expect(found?.line == 14)
    #expect(found?.message.contains("expand without bound") == true)
    // In an attribute too.
    let inAttribute = error(
      text.replacingOccurrences(of: "<lolz>&lol9;</lolz>", with: "<lolz a=\"&lol9;\"/>"))
    #expect(inAttribute?.line == 14)
  }

  @Test("malformed XML says where and what was expected, in collapse's words")
  func errors() {
    let mismatch = error("<a>\n  <b>\n</a>\n")
    #expect(mismatch?.line == 3)
    #expect(
      mismatch?.message
        == "expected '</b>' to close the element that started at line 2, found '</a>'")
    #expect(error("<a/>\n<b/>\n")?.message.contains("one root element") == true)
    #expect(error("")?.message == "expected an element: an XML document starts with '<'")
    #expect(error("<a x=1/>")?.message == "expected a quote to start the attribute's value")
    #expect(error("<a>&nope;</a>")?.message.contains("undeclared entity 'nope'") == true)
    #expect(
      error("<a>\n  <b>\n")?.message
        == "unexpected end of input; expected '</b>' to close the element that started at line 2")
  }

  @Test("nesting deeper than the limit stops with a message, the limit settable")
  func depth() {
    let deep = String(repeating: "<a>\n", count: 5) + String(repeating: "</a>\n", count: 5)
    let found = error(deep, mostLevels: 3)
    #expect(found?.line == 4)
    #expect(found?.message.hasPrefix("too deep: elements nest more than 3 levels") == true)
    // libxml2's own limit says the same.
    let deeper = String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300)
    #expect(
      error(deeper)?.message.hasPrefix("too deep: elements nest more than 256 levels") == true)
  }

  @Test("an element written on one line is content, with all it holds")
  func oneLine() throws {
    let outline = try read("<a><b><c/></b></a>\n")
    #expect(outline.sections.isEmpty)
    #expect(lines(outline.content) == ["<a><b><c/></b></a>"])
  }

  @Test("sections stand on their own lines past line 65,535, where libxml2 keeps no element's line")
  func bigLines() throws {
    // Each case a section of four lines: a start tag, a comment, text over two lines, and the
    // end tag; the comment and the text's line ends are what must be followed.
    var text = "<r>\n"
    let cases = 17_000
    for index in 0..<cases {
      text += "  <c name=\"t\(index)\">\n    <!-- a\n    b --><d/>text\n  more</c>\n"
    }
    text += "</r>\n"
    let outline = try read(text)
    #expect(outline.sections.count == cases + 1)
    for index in [0, 16_382, 16_384, 16_999] {
      let section = outline.sections[index + 1]
      #expect(section.title == "c t\(index)")
      #expect(section.span.lines == 1 + 4 * index..<5 + 4 * index, "\(index)")
    }
  }

  @Test("line ends that text stands for (&#10;) and an entity's are not lines of the source")
  func referencedLineEnds() throws {
    let outline = try read(
      """
      <!DOCTYPE r [
        <!ENTITY lines "a
      b
      c">
      ]>
      <!-- after the type -->
      <r>
        <a>x&#10;&#10;&#10;&#10;&#10;&#10;y&lines;</a>
        <b
           id="two">
          <c/>
        </b>
      </r>

      """)
    #expect(outline.sections.map(\.title) == ["r", "b two"])
    #expect(outline.sections.map(\.span.lines) == [6..<13, 8..<12])
    #expect(lines(outline.sections[1].content) == ["<b", "   id=\"two\">", "  <c/>"])
  }

  @Test("comments, CDATA and processing instructions may hold '<' and tags")
  func markupHoldingTags() throws {
    let outline = try read(
      """
      <r>
        <!-- <a>
        </a> -->
        <![CDATA[ <b>
        </b> ]]>
        <?pi <c>
        </c> ?>
        <d>
          <e/>
        </d>
      </r>

      """)
    #expect(outline.sections.map(\.title) == ["r", "d"])
    #expect(outline.sections.map(\.span.lines) == [0..<11, 7..<10])
  }
}
