import Testing

@testable import OutlineKit

@Suite("Markdown reader")
struct MarkdownReaderTests {
  @Test("ATX and setext headings both open sections, nested by level")
  func atxAndSetext() {
    let outline = markdown(
      """
      Title
      =====

      intro

      Part
      ----

      ### Detail
      """)
    #expect(shape(outline) == ["0:Title", "1:Part", "2:Detail"])
    #expect(outline.sections.map(\.level) == [1, 2, 3])
    #expect(contentLines(outline, 0) == ["intro"])
  }

  @Test("a heading holds everything up to the next heading of its level or less")
  func headingScope() {
    let outline = markdown("# A\n## B\ntext b\n### C\ntext c\n## D\n# E\n")
    #expect(shape(outline) == ["0:A", "1:B", "2:C", "1:D", "0:E"])
    #expect(outline.sections.map(\.end) == [4, 3, 3, 4, 5])
    #expect(outline.sections.map(\.parent) == [nil, 0, 1, 0, nil])
    #expect(contentLines(outline, 1) == ["text b"])
    #expect(contentLines(outline, 2) == ["text c"])
  }

  @Test("a skipped level nests under the nearest shallower heading")
  func skippedLevels() {
    let outline = markdown("# A\n### C\n## B\n#### D\n")
    #expect(shape(outline) == ["0:A", "1:C", "1:B", "2:D"])
    #expect(outline.sections.map(\.parent) == [nil, 0, 0, 2])
  }

  @Test("a document may start below level 1 and go back up")
  func startsDeep() {
    let outline = markdown("### Deep\n# Top\n## Under\n")
    #expect(shape(outline) == ["0:Deep", "0:Top", "1:Under"])
  }

  @Test(
    "a # line that is not a top-level heading is content",
    arguments: [
      "```\n# not a heading\n```\n",
      "~~~\n# not a heading\n~~~\n",
      "    # indented code\n",
      "> # quoted heading\n",
      "- # heading in a list item\n",
      "1. item\n\n   # heading in an ordered item\n",
      "<div>\n# inside an HTML block\n</div>\n",
      "\\# escaped\n",
      "#hashtag without a space\n",
      "####### seven hashes\n",
    ])
  func hashLinesThatAreContent(_ body: String) {
    let outline = markdown("# Only\n\n" + body)
    #expect(shape(outline) == ["0:Only"])
    #expect(
      contentLines(outline, 0)
        == body.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    )
  }

  @Test("content before the first heading is the preamble")
  func preamble() {
    let outline = markdown("Intro text.\n\nMore.\n\n# First\nbody\n")
    #expect(contentLines(outline.content) == ["Intro text.", "", "More."])
    #expect(shape(outline) == ["0:First"])
  }

  @Test("a document without headings is all preamble")
  func noHeadings() {
    let outline = markdown("just text\n\n- a list\n")
    #expect(outline.sections.isEmpty)
    #expect(contentLines(outline.content) == ["just text", "", "- a list"])
  }

  @Test("empty input gives an empty outline", arguments: ["", "\n\n", "   \n\t\n", "\u{FEFF}"])
  func emptyInput(_ text: String) {
    let outline = markdown(text)
    #expect(outline.sections.isEmpty)
    #expect(contentLines(outline.content).isEmpty)
  }

  @Test("YAML front matter is neither a section nor a heading, and is kept")
  func frontMatter() throws {
    let outline = markdown("---\ntitle: Hello\nlayout: post\n---\n\n# Real\ntext\n")
    #expect(shape(outline) == ["0:Real"])
    #expect(contentLines(outline.content) == ["---", "title: Hello", "layout: post", "---"])
    let page = try html(outline)
    #expect(
      page.contains("<pre><code class=\"language-yaml\">title: Hello\nlayout: post\n</code></pre>"))
    #expect(!page.contains("<hr"))
  }

  @Test("front matter may close with ... and may be the whole document")
  func frontMatterVariants() {
    #expect(markdown("---\na: 1\n...\n# H\n").sections.map(\.title) == ["H"])
    let only = markdown("---\na: 1\n---")
    #expect(only.sections.isEmpty)
    #expect(contentLines(only.content) == ["---", "a: 1", "---"])
  }

  @Test("a thematic break at the top is not front matter")
  func notFrontMatter() {
    // A blank line after the opening --- means it is a thematic break.
    let breakThenSetext = markdown("---\n\nText\n---\n")
    #expect(breakThenSetext.sections.map(\.title) == ["Text"])
    // Without a closing line there is no front matter.
    let unclosed = markdown("---\nText\n")
    #expect(unclosed.sections.isEmpty)
    #expect(contentLines(unclosed.content) == ["---", "Text"])
  }

  @Test("CRLF and lone CR line ends give the sections and content LF gives")
  func lineEnds() {
    for separator in ["\r\n", "\r"] {
      let text = ["# A", "one", "## B", "two", "", "Setext", "===", "three"].joined(
        separator: separator)
      let outline = markdown(text + separator)
      #expect(shape(outline) == ["0:A", "1:B", "0:Setext"], "with \(separator.debugDescription)")
      #expect(contentLines(outline, 0) == ["one"])
      #expect(contentLines(outline, 2) == ["three"])
    }
  }

  @Test("a byte order mark is dropped, not shown or taken for text")
  func byteOrderMark() {
    let outline = markdown("\u{FEFF}# Title\ntext\n")
    #expect(shape(outline) == ["0:Title"])
    #expect(outline.ids == ["title"])
  }

  @Test("invalid UTF-8 and NUL become U+FFFD and nothing else is lost")
  func invalidUTF8() throws {
    let bytes: [UInt8] =
      Array("# Caf".utf8) + [0xE9] + Array(" \n\nbad ".utf8) + [0xFF, 0xC0, 0x80]
      + Array(" nul ".utf8) + [0] + Array(" end\n".utf8)
    let outline = try MarkdownReader.read(bytes)
    #expect(shape(outline) == ["0:Caf\u{FFFD}"])
    #expect(contentLines(outline, 0) == ["bad \u{FFFD}\u{FFFD}\u{FFFD} nul \u{FFFD} end"])
    #expect(try html(outline).contains("<p>bad \u{FFFD}\u{FFFD}\u{FFFD} nul \u{FFFD} end</p>"))
  }

  @Test("heading titles are plain text: markup stripped, white space folded")
  func plainTitles() {
    let outline = markdown("# The *`--depth`*   [flag](http://x) ![img](y.png) <b>bold</b>\n")
    #expect(outline.sections[0].title == "The --depth flag img bold")
  }

  @Test("a trailing <!-- collapsed --> or <!-- expanded --> comment is a hint, not title")
  func hints() {
    let outline = markdown(
      "# A <!-- collapsed -->\n# B <!--expanded-->\n# C <!-- other -->\nSetext <!-- Collapsed -->\n---\n"
    )
    #expect(outline.sections.map(\.title) == ["A", "B", "C", "Setext"])
    #expect(outline.sections.map(\.hint) == [.collapsed, .expanded, nil, .collapsed])
  }

  @Test("collapsing a section hides its non-blank lines and its subsections")
  func hiddenLines() {
    // A hides one, two and three; the headings of B and C count as sections.
    let outline = markdown("# A\n\none\ntwo\n\n## B\nthree\n\n## C\n# D\n")
    #expect(outline.sections.map(\.hiddenLines) == [3, 1, 0, 0])
    // A setext heading's underline is not content.
    let setext = markdown("# A\nSub\n---\ntext\n")
    #expect(setext.sections.map(\.hiddenLines) == [1, 1])
    // A setext heading whose text starts with # is still a heading of two lines, or three.
    let hashSetext = markdown("#tag\n===\ntext\n\n####### seven\nand more\n---\nlast\n")
    #expect(shape(hashSetext) == ["0:#tag", "1:####### seven and more"])
    #expect(contentLines(hashSetext, 0) == ["text"])
    #expect(contentLines(hashSetext, 1) == ["last"])
    #expect(hashSetext.sections.map(\.hiddenLines) == [2, 1])
  }

  @Test("one byte order mark is left out, as cmark-gfm does; a second is text, in any chunks")
  func byteOrderMarks() throws {
    let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
    let bytes = mark + mark + Array("# a\n# b\n".utf8)
    for size in [bytes.count, 1, 2, 3, 4, 5] {
      let outline = try readInChunks(bytes, size: size)
      // The second mark stands before the `#`: the first line is a paragraph, as on GitHub.
      #expect(shape(outline) == ["0:b"], "chunks of \(size)")
      #expect(contentLines(outline.content) == ["\u{FEFF}# a"], "chunks of \(size)")
      #expect(try html(outline).hasPrefix("<p>\u{FEFF}# a</p>\n<details id=\"b\""))
    }
    // One mark alone is left out: the heading is a heading.
    let single = try MarkdownReader.read(mark + Array("# a\n".utf8))
    #expect(shape(single) == ["0:a"] && single.content.isEmpty)
    // A mark after the first line is text wherever the chunks begin.
    let later = Array("intro\n".utf8) + mark + Array("# c\n".utf8)
    #expect(shape(try MarkdownReader.read(later)) == [])
  }

  @Test("feeding in chunks of any size gives the same outline as all at once")
  func chunkedFeeding() throws {
    let text =
      "---\nk: v\n---\r\n# Caf\u{E9} \u{1F600}\r\n\r\nbody\r\n## Sub <!-- collapsed -->\r\nmore\r\n"
    let bytes = Array(text.utf8)
    let whole = try self.text(try MarkdownReader.read(bytes))
    for size in 1...7 {
      let chunked = try readInChunks(bytes, size: size)
      #expect(try self.text(chunked) == whole, "chunks of \(size)")
      #expect(chunked.sections.map(\.hint) == [nil, .collapsed])
    }
  }

  @Test("each section's lines and bytes, from its heading to the next outside it, in any chunks")
  func spans() throws {
    // A byte order mark, front matter, CRLF, a lone CR, a setext heading, and invalid bytes
    // (one, and one split between chunks), each shown as three.
    let bytes: [UInt8] =
      [0xEF, 0xBB, 0xBF] + Array("---\nk: v\n---\n# A \u{E9}\r\nx ".utf8) + [0xFF]
      + Array("\r\n## B\rSetext\n===\ny ".utf8) + [0xE2, 0x82] + Array("\n# C\n".utf8)
    let outline = try MarkdownReader.read(bytes)
    #expect(outline.sections.map(\.title) == ["A é", "B", "Setext", "C"])
    let spans = outline.sections.map(\.span)
    // The setext heading is of level 1: it ends A, as C does it.
    #expect(spans.map(\.lines) == [3..<6, 5..<6, 6..<9, 9..<10])
    #expect(outline.sourceLines == 10)
    let cut = spans.map { Array(bytes[$0.bytes]) }
    #expect(
      cut == [
        Array("# A \u{E9}\r\nx ".utf8) + [0xFF] + Array("\r\n## B\r".utf8),
        Array("## B\r".utf8), Array("Setext\n===\ny ".utf8) + [0xE2, 0x82] + Array("\n".utf8),
        Array("# C\n".utf8),
      ])
    for size in 1...7 {
      #expect(
        try readInChunks(bytes, size: size).sections.map(\.span) == spans, "chunks of \(size)")
    }
  }

  @Test("a byte order mark and invalid bytes that start lines leave every offset as it was")
  func spansAfterRepairs() throws {
    // The mark goes before the repairs of its own chunk are counted, or after, in chunks.
    // The U+FFFD heading is of level 1, and holds the NUL line and B: 3 + 4, 2 + 4 + 2 + 5.
    let bytes: [UInt8] =
      [0xEF, 0xBB, 0xBF] + Array("# A\n".utf8) + [0xFF] + Array("\n===\n".utf8) + [0x00]
      + Array("\n## B\n".utf8)
    for size in [bytes.count, 1, 2, 3, 4, 5, 8] {
      let outline = try readInChunks(bytes, size: size)
      #expect(outline.sections.map(\.title) == ["A", "\u{FFFD}", "B"], "chunks of \(size)")
      #expect(
        outline.sections.map(\.span.bytes) == [0..<7, 7..<20, 15..<20], "chunks of \(size)")
    }
  }

  /// The outline of `bytes` fed to a reader `size` bytes at a time.
  private func readInChunks(_ bytes: [UInt8], size: Int) throws -> Outline {
    let reader = MarkdownReader()
    var start = 0
    while start < bytes.count {
      let end = min(start + size, bytes.count)
      bytes[start..<end].withUnsafeBytes { reader.feed($0) }
      start = end
    }
    return try reader.finish()
  }

  private func text(_ outline: Outline) throws -> String {
    try OutlineKitTests.text(outline, SelectionRequest(base: .everything))
  }
}
