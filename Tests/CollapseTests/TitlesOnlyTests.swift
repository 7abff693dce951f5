import Foundation
import Testing

/// `--outline` in html and markdown output: titles and what each section holds, for a
/// PR comment or a page of titles only.
@Suite("--outline in html and markdown")
struct TitlesOnlyTests {
  static let document = """
    Preamble with a note.[^a]

    # Guide

    Intro text.

    ## Install

    Run it.

    ```sh
    make
    ```

    ## Usage

    Use it, see [docs].

    [docs]: https://example.org
    [^a]: The note.

    """

  @Test("markdown: every section's title with what it holds, open or not, and no content")
  func markdown() throws {
    let result = try runBothWays(
      ["-t", "markdown", "--outline", "-c", "Install"], input: Self.document)
    #expect(result.status == 0)
    #expect(
      result.output == """
        <details open>
        <summary><a name="guide"></a>Guide (2 sections, 8 lines)</summary>

        <details>
        <summary><a name="install"></a>Install (4 lines)</summary>

        </details>

        <details open>
        <summary><a name="usage"></a>Usage (3 lines)</summary>

        </details>

        </details>

        """)
  }

  @Test("html: summaries say what each section holds, open or not; no content, no notes")
  func html() throws {
    let result = try runBothWays(["-t", "html", "--outline"], input: Self.document)
    #expect(result.status == 0)
    #expect(
      result.output == """
        <details id="guide" open><summary>Guide <span class="held">(2 sections, 8 lines)</span></summary>
        <details id="install" open><summary>Install <span class="held">(4 lines)</span></summary>
        </details>
        <details id="usage" open><summary>Usage <span class="held">(3 lines)</span></summary>
        </details>
        </details>

        """)
    // Without --outline the same document has its content and notes.
    let full = try runBothWays(["-t", "html"], input: Self.document).output
    #expect(full.contains("Run it.") && full.contains("The note."))
  }
}
