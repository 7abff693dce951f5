import Testing

@testable import OutlineKit

@Suite("text writer")
struct TextWriterTests {
  let document = markdown(
    """
    Preamble line.

    # Atlantic

    The second largest.

    ## Sargasso
    No coast.
    ## Caribbean
    Warm.

        indented code
    # Indian
    ## Bay of Bengal
    """)

  @Test("expanded sections show ▾ and their source lines, indented two spaces per depth")
  func expanded() throws {
    #expect(
      try text(document) == """
        Preamble line.
        ▾ Atlantic
          The second largest.
          ▾ Sargasso
            No coast.
          ▾ Caribbean
            Warm.

                indented code
        ▾ Indian
          ▾ Bay of Bengal

        """)
  }

  @Test("a collapsed section shows ▸ and says what it hides; its inside is not shown")
  func collapsed() throws {
    #expect(
      try text(document, SelectionRequest(expand: ["Sargasso"])) == """
        Preamble line.
        ▾ Atlantic
          The second largest.
          ▾ Sargasso
            No coast.
          ▸ Caribbean  (2 lines)
        ▸ Indian  (1 section)

        """)
    #expect(
      try text(document, SelectionRequest(base: .nothing)) == """
        Preamble line.
        ▸ Atlantic  (2 sections, 4 lines)
        ▸ Indian  (1 section)

        """)
  }

  @Test("a heading with no title shows a placeholder, in the tree and in -i's rows and path")
  func untitled() throws {
    let outline = markdown("#\n\ntext\n\n## \n\n### Deep\n")
    #expect(try text(outline) == "▾ (untitled)\n  text\n  ▾ (untitled)\n    ▾ Deep\n")
    let selection = try Selection(outline: outline, request: SelectionRequest())
    // The row -i draws is the same line, its placeholder dim like a summary.
    let row = TextWriter().sectionLine(outline, 1, selection: selection)
    #expect(row.rendered(TerminalLine.Format()) == "  ▾ (untitled)")
    #expect(row.rendered(TerminalLine.Format(colors: true)).contains("\u{1B}[2m(untitled)"))
  }

  @Test("--outline shows titles only")
  func outlineOnly() throws {
    #expect(
      try text(document, options: TextWriter.Options(outline: true)) == """
        ▾ Atlantic
          ▾ Sargasso
          ▾ Caribbean
        ▾ Indian
          ▾ Bay of Bengal

        """)
  }

  @Test("--ascii uses + and - and nothing beyond ASCII of its own")
  func ascii() throws {
    let output = try text(
      document, SelectionRequest(base: .depth(1)), options: TextWriter.Options(ascii: true))
    #expect(
      output.hasPrefix(
        "Preamble line.\n- Atlantic\n  The second largest.\n  + Sargasso  (1 line)\n"))
    #expect(output.unicodeScalars.allSatisfy { $0.isASCII })
  }

  @Test("control characters in titles and lines cannot reach the terminal")
  func controlCharacters() throws {
    let output = try text(
      markdown("# Bell\u{7} \u{1B}[31mred\n\u{1B}]0;title\u{7}\tkept tab\u{9B}\n"))
    #expect(output == "▾ Bell^G ^[[31mred\n  ^[]0;title^G\tkept tabM-^[\n")
  }

  @Test("characters that reorder text or take no room are shown by their code point")
  func invisibleCharacters() throws {
    // U+202E would show `Safe txt.exe` as `Safe exe.txt`; U+200B, U+2060 and U+FEFF take
    // no column, so two titles that differ by them look alike.
    let document = markdown(
      "# Safe \u{202E}exe.txt\nan\u{200B}d \u{2066}in\u{2069} text\u{FEFF}, \u{200E}\u{2060}\n")
    let expected = """
      ▾ Safe <U+202E>exe.txt
        an<U+200B>d <U+2066>in<U+2069> text<U+FEFF>, <U+200E><U+2060>

      """
    #expect(try text(document) == expected)
    #expect(try text(document, options: TextWriter.Options(width: 80)) == expected)
    let drawn = try text(document, options: TextWriter.Options(width: 80, renders: true))
    #expect(drawn == expected)
    #expect(
      TerminalText.escaped("\u{61C}\u{180E}\u{200C}x\u{200D}\u{2064}")
        == "<U+061C><U+180E><U+200C>x<U+200D><U+2064>")
    // A joiner that joins is kept: in an emoji, between letters of Persian or of Hindi.
    for joined in [
      "👩\u{200D}💻", "👨\u{200D}👩\u{200D}👧",
      "\u{645}\u{6CC}\u{200C}\u{62E}\u{648}\u{627}\u{647}\u{645}", "\u{915}\u{94D}\u{200D}\u{937}",
    ] {
      #expect(TerminalText.escaped(joined) == joined)
      #expect(
        try text(markdown("# \(joined)\n"), options: TextWriter.Options(width: 80, renders: true))
          == "▾ \(joined)\n")
    }
    // Between Latin letters, or at an end, it hides in the word.
    #expect(TerminalText.escaped("pay\u{200D}pal\u{200C}") == "pay<U+200D>pal<U+200C>")
    // Line and paragraph separators, interlinear annotations, Hangul fillers that look
    // like spaces; tag characters unless they spell a flag after 🏴.
    #expect(
      TerminalText.escaped("a\u{2028}b\u{2029}\u{FFF9}c\u{FFFA}d\u{FFFB}")
        == "a<U+2028>b<U+2029><U+FFF9>c<U+FFFA>d<U+FFFB>")
    #expect(
      TerminalText.escaped("\u{115F}\u{1160}x\u{3164}y\u{FFA0}")
        == "<U+115F><U+1160>x<U+3164>y<U+FFA0>")
    let scotland = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"
    #expect(TerminalText.escaped(scotland) == scotland)
    #expect(TerminalText.escaped("ok\u{E0067}\u{E007F}") == "ok<U+E0067><U+E007F>")
    #expect(
      TerminalText.escaped(scotland + "x\u{E0020}") == scotland + "x<U+E0020>")
    // A soft hyphen and a variation selector are left as they are.
    #expect(TerminalText.escaped("so\u{AD}ft \u{263A}\u{FE0F}") == "so\u{AD}ft \u{263A}\u{FE0F}")
    // Member lines of JSON, written straight from the store or cut to a width.
    let json = try JSONReader.read(Array(#"{"k\u200b": "\u202e\u200d", "\u3164": 1}"#.utf8))
    for options in [TextWriter.Options(), TextWriter.Options(width: 80)] {
      #expect(try text(json, options: options) == "k<U+200B>: \"<U+202E><U+200D>\"\n<U+3164>: 1\n")
    }
  }

  @Test("a width is at most 1000 columns, however large the number asked for")
  func widestWidth() {
    #expect(TextWriter.Options(width: 3_000_000_000).width == 1000)
    #expect(TextWriter.Options(width: Int.max).width == 1000)
    #expect(TextWriter.Options(width: 1000).width == 1000)
    #expect(TextWriter.Options(width: 999).width == 999)
    var options = TextWriter.Options()
    options.width = 100_000_000
    #expect(options.width == 1000)
    #expect(TextWriter.Options().width == nil)
  }

  @Test("a rule and a centred line span the text's widest line, or 80 columns, never the width")
  func ruleAndCentre() throws {
    let short = markdown(
      "# T\n\n---\n\n<p align=\"center\">hello</p>\n\nforty-two columns of text, to measure by.\n")
    let rule = String(repeating: "─", count: 80)
    let narrow = """
      ▾ T
        \(rule)

        \(String(repeating: " ", count: 37))hello

        forty-two columns of text, to measure by.

      """
    for width in [82, 200, 1000, Int.max] {
      #expect(try text(short, options: TextWriter.Options(width: width, renders: true)) == narrow)
    }
    // Narrower than 80, the width; wider text, the text.
    let at40 = try text(short, options: TextWriter.Options(width: 42, renders: true))
    #expect(
      at40.hasPrefix("▾ T\n  \(String(repeating: "─", count: 40))\n\n                   hello\n"))
    let long = markdown(
      "# T\n\n***\n\n<div align=\"right\">end</div>\n\n```\n\(String(repeating: "x", count: 120))\n```\n"
    )
    let wide = try text(long, options: TextWriter.Options(width: 1000, renders: true))
    // The code block's grey takes a column on each side of its text, after its indent.
    #expect(
      wide.hasPrefix(
        "▾ T\n  \(String(repeating: "─", count: 124))\n\n  \(String(repeating: " ", count: 121))end\n"
      ))
    #expect(wide.utf8.count < 1000)
  }

  @Test("colours: titles bold, markers dim in a colour per depth, summaries dim")
  func colors() throws {
    let output = try text(
      document, SelectionRequest(expand: ["Sargasso"]), options: TextWriter.Options(colors: true))
    let escape = "\u{1B}["
    #expect(
      output == """
        Preamble line.
        \(escape)2;36m▾\(escape)0m \(escape)1mAtlantic\(escape)0m
          The second largest.
          \(escape)2;35m▾\(escape)0m \(escape)1mSargasso\(escape)0m
            No coast.
          \(escape)2;35m▸\(escape)0m \(escape)1mCaribbean\(escape)0m  \(escape)2m(2 lines)\(escape)0m
        \(escape)2;36m▸\(escape)0m \(escape)1mIndian\(escape)0m  \(escape)2m(1 section)\(escape)0m

        """)
  }

  @Test("colour changes nothing but escape sequences, and every coloured line ends reset")
  func colorsOnlyAddEscapes() throws {
    let nested = markdown("# A\n## B\n### C\n#### D\n##### E\ntext\n")
    for request in [SelectionRequest(), SelectionRequest(base: .depth(2))] {
      let plain = try text(nested, request)
      let colored = try text(nested, request, options: TextWriter.Options(colors: true))
      #expect(!plain.contains("\u{1B}"))
      #expect(withoutEscapes(colored) == plain)
      for line in colored.split(separator: "\n") where line.contains("\u{1B}") {
        #expect(line.hasSuffix("\u{1B}[0m"), "\(line)")
      }
    }
    let colored = try text(nested, options: TextWriter.Options(colors: true))
    let markers = colored.split(separator: "\n").compactMap { line in
      line.firstRange(of: "m▾").map { String(line[..<$0.lowerBound]) }
    }
    #expect(
      markers == [
        "\u{1B}[2;36", "  \u{1B}[2;35", "    \u{1B}[2;32", "      \u{1B}[2;33",
        "        \u{1B}[2;36",
      ])
  }

  @Test("a width cuts titles and content lines with …, the indent counted")
  func width() throws {
    let output = try text(
      document, SelectionRequest(expand: ["Sargasso"]), options: TextWriter.Options(width: 12))
    #expect(
      output == """
        Preamble li…
        ▾ Atlantic
          The secon…
          ▾ Sargasso
            No coas…
          ▸ Caribbe…
        ▸ Indian  (…

        """)
  }

  @Test("no line is wider than the width, whatever its characters")
  func widthHoldsForWideText() throws {
    let wide = markdown(
      """
      # 東京の天気予報と週間の気温
      本文の一行目はかなり長い日本語の文章です。
      👨‍👩‍👧 family, 🇯🇵 flag, ❤️ heart, e\u{301}e\u{301} marks, and more words
      \tcode\twith\ttabs
      ## 한국어 제목이 있는 절
      """)
    for width in [1, 2, 5, 9, 10, 11, 20, 33] {
      for options in [
        TextWriter.Options(width: width), TextWriter.Options(ascii: true, width: width),
        TextWriter.Options(width: width, colors: true),
      ] {
        let output = withoutEscapes(try text(wide, options: options))
        for line in output.split(separator: "\n") {
          #expect(DisplayWidth.columns(of: line) <= width, "\(width): \(line)")
          #expect(!line.contains("\t"))
        }
      }
    }
    let cut = try text(wide, options: TextWriter.Options(width: 11))
    #expect(cut.contains("▾ 東京の天…\n"))
    #expect(cut.contains("  👨‍👩‍👧 famil…\n"))
    #expect(cut.contains("      code…\n"))
  }

  @Test("tabs stay as written when there is no width")
  func tabsWithoutWidth() throws {
    #expect(try text(markdown("# A\n\tx\ty\n")) == "▾ A\n  \tx\ty\n")
    #expect(
      try text(markdown("# A\n\tx\ty\n"), options: TextWriter.Options(width: 80))
        == "▾ A\n      x   y\n")
  }

  @Test("--ascii with a width and colours still adds no byte above 127")
  func asciiEverywhere() throws {
    let json = try JSONReader.read(
      Array(#"{"a": {"b": 1, "c": [1, 2, 3]}, "long key name": "value"}"#.utf8))
    for options in [
      TextWriter.Options(ascii: true, width: 8, colors: true),
      TextWriter.Options(ascii: true, width: 40, colors: true),
    ] {
      for request in [SelectionRequest(), SelectionRequest(base: .nothing)] {
        let output = try text(json, request, options: options)
        #expect(output.utf8.allSatisfy { $0 < 0x80 }, "\(output)")
      }
    }
    #expect(
      try text(json, SelectionRequest(base: .nothing), options: TextWriter.Options(ascii: true))
        == "+ a  {...} 2 keys\nlong key name: \"value\"\n")
    #expect(
      try text(
        json, SelectionRequest(base: .nothing), options: TextWriter.Options(ascii: true, width: 14))
        == "+ a  {...} ...\nlong key na...\n")
  }
}

/// `text` without its SGR escape sequences.
func withoutEscapes(_ text: some StringProtocol) -> String {
  String(text).replacing(/\u{1B}\[[0-9;]*m/, with: "")
}
