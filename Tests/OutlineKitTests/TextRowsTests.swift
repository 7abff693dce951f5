import TestSupport
import Testing

@testable import OutlineKit

@Suite("text writer rows")
struct TextRowsTests {
  /// The output drawn row by row, as a view draws it.
  private func drawn(_ outline: Outline, _ selection: Selection, _ options: TextWriter.Options)
    -> String
  {
    let writer = TextWriter(options: options)
    return writer.rows(outline, selection: selection).map {
      writer.line($0, in: outline, selection: selection).rendered(options.lineFormat) + "\n"
    }.joined()
  }

  private func written(_ outline: Outline, _ selection: Selection, _ options: TextWriter.Options)
    -> String
  {
    var output = ""
    TextWriter(options: options).write(outline, selection: selection, to: &output)
    return output
  }

  @Test("each row is a section's line or a line of the content it owns, in output order")
  func rowsOfSections() throws {
    let outline = markdown("Preamble.\n\n# One\nFirst.\n\nSecond.\n## Two\n# Three\nLast.\n")
    let selection = try Selection(outline: outline, request: SelectionRequest(collapse: ["Two"]))
    let rows = TextWriter().rows(outline, selection: selection)
    #expect(
      rows == [
        .content(owner: -1, run: 0, line: 0), .section(0), .content(owner: 0, run: 0, line: 3),
        .content(owner: 0, run: 0, line: 4), .content(owner: 0, run: 0, line: 5), .section(1),
        .section(2), .content(owner: 2, run: 0, line: 8),
      ])
    #expect(rows.map(\.section) == [nil, 0, 0, 0, 0, 1, 2, 2])
    #expect(rows.map(\.isSection) == [false, true, false, false, false, true, true, false])
    let outlineOnly = TextWriter(options: TextWriter.Options(outline: true))
    #expect(
      outlineOnly.rows(outline, selection: selection) == [.section(0), .section(1), .section(2)])
  }

  @Test(
    "drawn row by row, any outline reads exactly as the writer writes it",
    arguments: [9 as UInt64])
  func sameAsWritten(seed: UInt64) throws {
    var random = SplitMix(seed: seed)
    let documents = [
      markdown(GeneratedOutline(seed: seed, size: 30_000).markdown),
      markdown("Tabs\there.\n# Title with ^ control \u{7}\n\n\n  Indented\n\n# Empty\n"),
      try JSONReader.read(
        Array(#"{"a": 1, "b": {"c": [1, {"d": "x\ty"}], "e": {}}, "f": []}"#.utf8)),
      try JSONReader.read(
        Array(
          (#"{"releases": ["#
            + (0..<40).map {
              #"{"name": "v\#($0)", "notes": ["fix \#($0)", "new API"], "size": \#($0 * 3)}"#
            }
            .joined(separator: ",") + "]}").utf8)),
    ]
    for outline in documents {
      for _ in 0..<6 {
        let expanded = outline.sections.map { _ in random.next() % 3 != 0 }
        let selection = Selection(expanded: expanded)
        let widths: [Int?] = [nil, 12, 40, 100]
        var options = TextWriter.Options(
          ascii: random.next() % 2 == 0, outline: random.next() % 4 == 0,
          width: widths[Int(random.next() % 4)], colors: random.next() % 2 == 0)
        #expect(drawn(outline, selection, options) == written(outline, selection, options))
        options.width = nil
        #expect(drawn(outline, selection, options) == written(outline, selection, options))
      }
    }
  }
}
