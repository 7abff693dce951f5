import Foundation
import Testing

/// GitHub Flavored Markdown, the default dialect, rendered as GitHub renders it; strict
/// CommonMark when asked for.
@Suite("GitHub Flavored Markdown")
struct GitHubMarkdownTests {
  static let extensions = """
    # Report

    | left | centre | right |
    |:-----|:------:|------:|
    | a    | b      | c     |

    - [x] done
    - [ ] to do

    ~~gone~~ and https://example.org/x and www.example.org.

    """

  @Test(
    "collapse links cmark-gfm and its extensions, and not cmark, whose symbols are the same",
    .needs("readelf"))
  func linksCmarkGFM() throws {
    guard requireTool("readelf") else { return }
    let result = try runTool("readelf", ["--dynamic", "--wide", collapseBinary.path])
    #expect(result.status == 0, "\(result.errors)")
    let needed = result.output.split(separator: "\n").filter { $0.contains("(NEEDED)") }
      .compactMap { line in line.split(separator: "[").last?.split(separator: "]").first }
      .map(String.init)
    #expect(needed.contains { $0.hasPrefix("libcmark-gfm.so") }, "\(needed)")
    #expect(needed.contains { $0.hasPrefix("libcmark-gfm-extensions.so") }, "\(needed)")
    #expect(!needed.contains { $0.hasPrefix("libcmark.so") }, "\(needed)")
  }

  @Test("-f markdown, -f gfm and a .md file read tables, task lists, strikethrough, bare URLs")
  func extensions() throws {
    let html = try runBothWays(["-t", "html"], input: Self.extensions).output
    #expect(html.contains(#"<th style="text-align: left">left</th>"#))
    #expect(html.contains(#"<th style="text-align: center">centre</th>"#))
    #expect(html.contains(#"<td style="text-align: right">c</td>"#))
    // Task lists with GitHub's classes, which its style sheets know.
    #expect(html.contains(#"<ul class="contains-task-list">"#))
    #expect(
      html.contains(
        #"<li class="task-list-item"><input type="checkbox" class="task-list-item-checkbox" aria-label="Done" checked="" disabled="" /> done</li>"#
      ))
    #expect(
      html.contains(
        #"<li class="task-list-item"><input type="checkbox" class="task-list-item-checkbox" aria-label="Not done" disabled="" /> to do</li>"#
      ))
    #expect(html.contains("<del>gone</del>"))
    #expect(html.contains(#"<a href="https://example.org/x">https://example.org/x</a>"#))
    #expect(html.contains(#"<a href="http://www.example.org">www.example.org</a>"#))
    for flag in ["markdown", "gfm"] {
      #expect(try runBothWays(["-t", "html", "-f", flag], input: Self.extensions).output == html)
    }
  }

  @Test(
    "a task list and its items get GitHub's classes, a checkbox elsewhere none; --unsafe keeps cmark-gfm's markup"
  )
  func taskListClasses() throws {
    let text = """
      - [x] done
      - [ ] to do
        1. [ ] nested
        2. plain
      - an item with <input type="checkbox"> inside

      * plain
      * list

      | a |
      |---|
      | <input type="checkbox" checked> |
      """
    let html = try runBothWays(["-t", "html"], input: text).output
    #expect(
      html == """
        <ul class="contains-task-list">
        <li class="task-list-item"><input type="checkbox" class="task-list-item-checkbox" aria-label="Done" checked="" disabled="" /> done</li>
        <li class="task-list-item"><input type="checkbox" class="task-list-item-checkbox" aria-label="Not done" disabled="" /> to do
        <ol class="contains-task-list">
        <li class="task-list-item"><input type="checkbox" class="task-list-item-checkbox" aria-label="Not done" disabled="" /> nested</li>
        <li>plain</li>
        </ol>
        </li>
        <li>an item with <input type="checkbox" disabled="" /> inside</li>
        </ul>
        <ul>
        <li>plain</li>
        <li>list</li>
        </ul>
        <table>
        <thead>
        <tr>
        <th>a</th>
        </tr>
        </thead>
        <tbody>
        <tr>
        <td><input type="checkbox" checked="" disabled="" /></td>
        </tr>
        </tbody>
        </table>

        """)
    let unsafe = try runBothWays(["-t", "html", "--unsafe"], input: "- [x] done\n").output
    #expect(
      unsafe
        == "<ul>\n<li><input type=\"checkbox\" checked=\"\" disabled=\"\" /> done</li>\n</ul>\n")
  }

  @Test("-t gfm writes GitHub Markdown, as -t markdown does; a wrong name lists it")
  func gfmOutput() throws {
    let markdown = try runBothWays(["-t", "markdown", "--expand-all"], input: Self.extensions)
    let gfm = try runBothWays(["-t", "gfm", "--expand-all"], input: Self.extensions)
    #expect(markdown.status == 0 && !markdown.output.isEmpty)
    #expect(gfm.output == markdown.output)
    // Two letters swapped are one slip of the fingers.
    let wrong = try runBothWays(["-t", "gmf"], input: Self.extensions)
    #expect(wrong.status == 2)
    #expect(
      wrong.errors
        == "collapse: invalid value 'gmf' for --to; expected text, html, markdown, gfm or json (did you mean 'gfm'?)\n"
    )
  }

  @Test("-f commonmark is strict CommonMark: no extension")
  func commonMark() throws {
    let html = try runBothWays(["-t", "html", "-f", "commonmark"], input: Self.extensions).output
    #expect(!html.contains("<table"))
    #expect(html.contains("<p>| left | centre | right |"))
    #expect(html.contains("<li>[x] done</li>"))
    #expect(html.contains("<p>~~gone~~ and https://example.org/x and www.example.org.</p>"))
    let notes = try runBothWays(
      ["-t", "html", "-f", "commonmark"], input: "A[^1].\n\n[^1]: note\n"
    ).output
    // Without footnotes, `[^1]: note` defines a link labelled `^1`, as in CommonMark.
    #expect(notes == "<p>A<a href=\"note\">^1</a>.</p>\n")
  }

  static let footnotes = """
    # Open

    First[^a] and second[^b].

    # Closed <!-- collapsed -->

    Again[^a].

    ## Inner

    [^a]: The first note.
    [^b]: The second, defined in a collapsed section.

    """

  @Test("footnotes are written once after the document; every reference links to its note")
  func footnotesAfterTheDocument() throws {
    let html = try runBothWays(["-t", "html"], input: Self.footnotes).output
    // The references, in an open section and a closed one, and the notes after both.
    let notes = try #require(html.range(of: "<section class=\"footnotes\" data-footnotes>"))
    let lastSection = try #require(html.range(of: "</details>", options: .backwards))
    #expect(lastSection.upperBound <= notes.lowerBound)
    #expect(html.ranges(of: "<section class=\"footnotes\"").count == 1)
    #expect(html.contains(##"<a href="#fn-a" id="fnref-a" data-footnote-ref>1</a>"##))
    #expect(html.contains(##"<a href="#fn-b" id="fnref-b" data-footnote-ref>2</a>"##))
    #expect(html.contains(##"<a href="#fn-a" id="fnref-a-2" data-footnote-ref>1</a>"##))
    #expect(html.contains(#"<li id="fn-a">"#) && html.contains(#"<li id="fn-b">"#))
    #expect(html.contains(#"<details id="closed">"#))
    // Every in-page link has its target.
    let targets = Set(html.matches(of: /id="([^"]+)"/).map { String($0.output.1) })
    let links = html.matches(of: /href="#([^"]+)"/).map { String($0.output.1) }
    #expect(!links.isEmpty && links.allSatisfy(targets.contains), "\(links) \(targets)")
    // The definitions stay content of the section they stand in, for text and Markdown.
    let text = try runBothWays(["--expand-all"], input: Self.footnotes).output
    #expect(text.contains("  ▾ Inner\n    [^a]: The first note.\n"))
    let markdown = try runBothWays(["-t", "markdown"], input: Self.footnotes).output
    #expect(markdown.contains("[^a]: The first note.\n[^b]: The second"))
  }

  @Test(
    "cut to fit: notes stay for the references kept, and no link points nowhere",
    .needs("cmark-gfm"))
  func footnotesCutToFit() throws {
    let filler = String(repeating: "word ", count: 400)
    let document = """
      # Kept

      See[^a].

      # Cut

      Also[^a] and[^b]. \(filler)

      [^a]: One.
      [^b]: Two.

      """
    let html = try runBothWays(["-t", "html", "--max-bytes", "1400"], input: document).output
    #expect(html.contains("This output was cut to fit"))
    #expect(html.contains(#"id="fnref-a""#) && !html.contains(#"id="fnref-a-2""#))
    let targets = Set(html.matches(of: /id="([^"]+)"/).map { String($0.output.1) })
    let links = html.matches(of: /href="#([^"]+)"/).map { String($0.output.1) }
    #expect(links.allSatisfy(targets.contains), "\(links) \(targets)")
    // In Markdown, the definition a kept reference needs comes back in place of its section.
    let markdown = try runBothWays(["-t", "markdown", "--max-bytes", "700"], input: document)
    #expect(markdown.output.contains("See[^a]."))
    #expect(markdown.output.contains("*Left out: 1 section, 3 lines, "))
    #expect(markdown.output.ranges(of: "[^a]: One.\n").count == 1)
    #expect(!markdown.output.contains("[^b]: Two."))
    guard requireTool("cmark-gfm") else { return }
    let rendered = try CmarkCommand.html(markdown.output, unsafe: true)
    #expect(rendered.contains(#"<li id="fn-a">"#), "\(rendered)")
  }
}
