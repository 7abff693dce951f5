import Foundation
import Testing

/// The table of contents: levels limited by --toc-depth, closed when long.
@Suite("table of contents")
struct TableOfContentsTests {
  /// A document of `count` top-level sections, each with one subsection.
  private func document(_ count: Int) -> String {
    (0..<count).map { "# Part \($0)\n## Detail \($0)\n" }.joined()
  }

  @Test("a table of 30 entries starts open, one of 31 closed, in html and markdown")
  func longStartsClosed() throws {
    for format in ["html", "markdown"] {
      let short = try runBothWays(["-t", format, "--toc-depth", "1"], input: document(30)).output
      let long = try runBothWays(["-t", format, "--toc-depth", "1"], input: document(31)).output
      let opening =
        format == "html" ? "<details open><summary>Contents" : "<details open>\n<summary>Contents"
      let closed = format == "html" ? "<details><summary>Contents" : "<details>\n<summary>Contents"
      #expect(short.contains(opening), "\(format)")
      #expect(long.contains(closed) && !long.contains(opening), "\(format)")
    }
  }

  @Test("--toc-depth N lists the first N levels; 0 leaves no table")
  func depth() throws {
    let source = "# A\n## B\n### C\n"
    let links = { (arguments: [String]) throws -> [String] in
      let html = try runBothWays(["-t", "html"] + arguments, input: source).output
      let nav = html.components(separatedBy: "</nav>").first ?? ""
      return nav.matches(of: /<a href="#([a-z]+)">/).map { String($0.output.1) }
    }
    #expect(try links(["--toc"]) == ["a", "b", "c"])
    #expect(try links(["--toc-depth", "2"]) == ["a", "b"])
    #expect(try links(["--toc-depth", "1"]) == ["a"])
    #expect(
      !(try runBothWays(["-t", "html", "--toc-depth", "0"], input: source).output.contains("<nav")))
    #expect(try runBothWays(["--toc-depth", "1"], input: source).status == 2)
  }

  @Test("entries keep their code spans; links, emphasis and raw HTML give their text")
  func codeStyle() throws {
    let source = "# The `--depth` flag and [a *link*](x)\n## `a<b>` <span>raw</span> end\n"
    let html = try runBothWays(["-t", "html", "--toc"], input: source).output
    #expect(
      html.contains(
        ##"<li><a href="#the---depth-flag-and-a-link">The <code>--depth</code> flag and a link</a>"##
      ))
    #expect(html.contains(##"<li><a href="#ab-raw-end"><code>a&lt;b&gt;</code> raw end</a></li>"##))
    let markdown = try runBothWays(["-t", "markdown", "--toc"], input: source).output
    #expect(markdown.contains("- [The `--depth` flag and a link](#the---depth-flag-and-a-link)\n"))
    #expect(markdown.contains("  - [`a<b>` raw end](#ab-raw-end)\n"))
  }
}
