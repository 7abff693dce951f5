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

  @Test("the same outline gives the same output every time")
  func deterministic() throws {
    let first = try text(document)
    for _ in 0..<5 { #expect(try text(document) == first) }
  }
}
