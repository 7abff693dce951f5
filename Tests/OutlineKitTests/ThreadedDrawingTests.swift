import TestSupport
import Testing

@testable import OutlineKit

@Suite("Markdown drawn on two threads")
struct ThreadedDrawingTests {
  /// A long document of sections whose runs hold what drawing does most: paragraphs with
  /// links and footnotes, raw HTML with a left-open `<details>`, tables, lists, code.
  static func document(sections: Int) -> String {
    var text = "Intro with a note.[^shared]\n\n"
    for number in 0..<sections {
      text += """
        # Section \(number)

        Some *text* with [a link](https://example.org/\(number)) and a note.[^shared]
        Line <b>two</b><br>and three.

        | name | value |
        |:-----|------:|
        | n\(number) | \(number * 7) |

        - [x] done
        - [ ] to do
          1. inner

        <details>
        <summary>More \(number)</summary>

        Hidden \(number).

        </details>

        ```sh
        make \(number)
        ```


        """
    }
    return text + "[^shared]: A note every section refers to, with <kbd>keys</kbd>.\n"
  }

  /// Each drawn line as its pieces' text and styles.
  private func described(_ run: DrawnRun) -> [String] {
    run.lines.map { line in
      line.pieces.map { "\($0.text)|\($0.style.escapeSequence)|\($0.style.link ?? "")" }
        .joined(separator: "¦")
    }
  }

  @Test("a frozen run crosses to another thread and is drawn there as it is here")
  func frozenCrossesThreads() async throws {
    let frozen = markdownRuns(Self.document(sections: 3)).map { $0.frozen() }
    let options = TextWriter.Options(width: 50, renders: true)
    let here = frozen.map { TextWriter.draw($0, indent: 2, options: options) }
    // The closure is `@Sendable`: it compiles only because the frozen runs are `Sendable`.
    let there = await Task.detached {
      frozen.map { TextWriter.draw($0, indent: 2, options: options) }
    }.value
    #expect(here.count == 4)
    #expect(there.map(described) == here.map(described))
    #expect(there.map(\.folds) == here.map(\.folds))
  }

  @Test("a large document is written as its rows show it")
  func writtenAsRows() throws {
    let outline = markdown(Self.document(sections: 600))
    let selection = try Selection(outline: outline, request: SelectionRequest())
    let writer = TextWriter(options: TextWriter.Options(width: 60, renders: true))
    var written = ""
    writer.write(outline, selection: selection, to: &written)
    // The rows draw each run in order, on this thread alone.
    let rows = TextWriter(options: TextWriter.Options(width: 60, renders: true))
    let lines = rows.rows(outline, selection: selection).map {
      rows.line($0, in: outline, selection: selection).rendered(TerminalLine.Format(width: 60))
    }
    #expect(written == lines.joined(separator: "\n") + "\n")
    #expect(written.contains("│ n599 │  4193 │"))
  }
}
