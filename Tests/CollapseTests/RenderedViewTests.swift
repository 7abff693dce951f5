import CGumbo
import Foundation
import Testing

@testable import OutlineKit
@testable import collapse

/// The words of `text`: its runs of letters and digits, lower-cased, each with how many
/// times it occurs.
private func wordCounts(_ text: String) -> [String: Int] {
  var counts: [String: Int] = [:]
  var word = ""
  for character in text.lowercased() {
    if character.isLetter || character.isNumber {
      word.append(character)
    } else if !word.isEmpty {
      counts[word, default: 0] += 1
      word = ""
    }
  }
  if !word.isEmpty { counts[word, default: 0] += 1 }
  return counts
}

/// The text a browser shows of `html`, parsed by gumbo as an HTML5 parser, as GitHub
/// shows it: scripts, styles and comments left out, SVG and MathML too, which GitHub's
/// filter removes, and the links back from footnotes, which are arrows and numbers of
/// cmark-gfm's own.
private func shownText(ofHTML html: String) -> String {
  var bytes = Array(html.utf8)
  let fragment = bytes.withUnsafeMutableBytes {
    GumboFragment(UnsafeRawBufferPointer($0), context: GUMBO_TAG_DIV)
  }
  var text = ""
  var pending = fragment.nodes?.reversed() ?? []
  while let node = pending.popLast() {
    switch node.pointee.type {
    case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE, GUMBO_NODE_CDATA:
      text += node.text + " "
    case GUMBO_NODE_ELEMENT:
      let name = node.tagName
      if ["script", "style", "template", "title", "svg", "math"].contains(name) { continue }
      if node.attributes.contains(where: { $0.name == "class" && $0.value == "footnote-backref" }) {
        continue
      }
      pending.append(contentsOf: node.children.reversed())
    default:
      continue
    }
  }
  return text
}

/// The Markdown documents shaped like real ones: the samples and the test documents.
private let realShaped: [String] = {
  let folders = ["Samples", "Tests/Documents"]
  return folders.flatMap { folder in
    let url = packageRoot.appendingPathComponent(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    return names.filter { $0.hasSuffix(".md") }.sorted().map { "\(folder)/\($0)" }
  }
}()

@Suite("Markdown drawn for the terminal")
struct RenderedViewTests {
  @Test("there are real-shaped documents to draw")
  func documents() {
    #expect(realShaped.count >= 10, "\(realShaped)")
  }

  @Test(
    "every word of cmark-gfm's rendering of a document is in the drawn view, as often",
    .needs("cmark-gfm"), arguments: realShaped)
  func nothingLost(_ path: String) throws {
    guard requireTool("cmark-gfm") else { return }
    let source = try Data(contentsOf: packageRoot.appendingPathComponent(path))
    let html = try CmarkCommand.run(source, ["--to", "html"], unsafe: true, commonmark: false)
    let expected = wordCounts(shownText(ofHTML: html))
    let drawn = try runBinary(["--render=always", "--expand-all", "-w", "0", path])
    #expect(drawn.status == 0, "\(drawn.errors)")
    let found = wordCounts(drawn.output)
    let missing = expected.filter { word, count in (found[word] ?? 0) < count }
      .map { "\($0.key) (\(found[$0.key] ?? 0) of \($0.value))" }.sorted()
    #expect(missing.isEmpty, "\(path): \(missing.joined(separator: ", "))")
    #expect(expected.values.reduce(0, +) >= 5, "\(path) has too few words to tell")
  }

  @Test("at a width, every drawn line of a document fits it", arguments: realShaped)
  func fits(_ path: String) throws {
    for columns in [40, 72] {
      let drawn = try runBinary([
        "--render=always", "--expand-all", "--color=always", "-w", "\(columns)", path,
      ])
      #expect(drawn.status == 0, "\(drawn.errors)")
      let widths = lineWidths(drawn.output)
      #expect(widths.allSatisfy { $0 <= columns }, "\(path) at \(columns): \(widths.max() ?? 0)")
    }
  }

  @Test("--hyperlinks=always writes a link as OSC 8 around its text; never, with its URL after")
  func hyperlinks() throws {
    let input = "See [the docs](<https://d.example/a b?q=é>) now.\n"
    let linked = try runBothWays(["--render=always", "--hyperlinks=always"], input: input)
    #expect(
      linked.output
        == "See \u{1B}]8;;https://d.example/a%20b?q=%C3%A9\u{1B}\\the docs\u{1B}]8;;\u{1B}\\ now.\n"
    )
    let plain = try runBothWays(["--render=always", "--hyperlinks=never"], input: input)
    #expect(plain.output == "See the docs (https://d.example/a b?q=é) now.\n")
    // A relative link is nothing a terminal can open: its URL is shown; an anchor of the
    // page, nothing a reader could follow, is not.
    let relative = try runBothWays(
      ["--render=always", "--hyperlinks=always"],
      input: "[Contributing](CONTRIBUTING.md), [usage](#usage), <a href=\"/docs\">docs</a>\n")
    #expect(relative.output == "Contributing (CONTRIBUTING.md), usage, docs (/docs)\n")
    // Not drawn, the source lines are as written, whatever --hyperlinks says.
    let source = try runBothWays(["--render=never", "--hyperlinks=always"], input: input)
    #expect(source.output == input)
  }

  @Test("only http, https and mailto links become hyperlinks; file:, javascript: and ssh: show")
  func hyperlinkSchemes() throws {
    let input =
      "[web](http://a.example) [safe](HTTPS://b.example) [mail](mailto:x@c.example)\\\n"
      + "[passwords](file:///etc/passwd) [script](javascript:alert(1)) [shell](ssh://d.example)\\\n"
      + "<a href=\"vbscript:run\">old</a> <a href=\"data:text/html,x\">data</a>\n"
    let result = try runBothWays(["--render=always", "--hyperlinks=always"], input: input)
    func linked(_ url: String, _ text: String) -> String {
      "\u{1B}]8;;\(url)\u{1B}\\\(text)\u{1B}]8;;\u{1B}\\"
    }
    #expect(
      result.output
        == linked("http://a.example", "web") + " " + linked("HTTPS://b.example", "safe") + " "
        + linked("mailto:x@c.example", "mail") + "\n"
        + "passwords (file:///etc/passwd) script (javascript:alert(1)) shell (ssh://d.example)\n"
        + "old (vbscript:run) data (data:text/html,x)\n")
  }

  @Test("hyperlinks are on by default only on terminals known to open them, and not in tmux")
  func hyperlinkTerminals() {
    func terminal(_ environment: [String: String], isTerminal: Bool = true) -> OutputTerminal {
      OutputTerminal(isTerminal: isTerminal, columns: 80, environment: environment)
    }
    #expect(terminal(["TERM_PROGRAM": "iTerm.app"]).hyperlinks(.auto))
    #expect(terminal(["VTE_VERSION": "7200"]).hyperlinks(.auto))
    #expect(!terminal(["VTE_VERSION": "4200"]).hyperlinks(.auto))
    #expect(terminal(["TERM": "xterm-kitty"]).hyperlinks(.auto))
    #expect(terminal(["WT_SESSION": "1"]).hyperlinks(.auto))
    #expect(!terminal(["TERM": "xterm-256color"]).hyperlinks(.auto))
    #expect(!terminal(["TERM_PROGRAM": "iTerm.app", "TMUX": "/tmp/tmux"]).hyperlinks(.auto))
    #expect(!terminal(["TERM_PROGRAM": "iTerm.app"], isTerminal: false).hyperlinks(.auto))
    #expect(terminal([:], isTerminal: false).hyperlinks(.always))
    #expect(!terminal(["TERM_PROGRAM": "iTerm.app"]).hyperlinks(.never))
    // Drawn on a terminal unless it is dumb; never into a pipe, unless asked.
    #expect(terminal([:]).renders(.auto))
    #expect(!terminal(["TERM": "dumb"]).renders(.auto))
    #expect(!terminal([:], isTerminal: false).renders(.auto))
    #expect(terminal([:], isTerminal: false).renders(.always))
    #expect(!terminal([:]).renders(.never))
  }

  @Test("none of a document's escapes reaches the terminal, in text, code, URLs or raw HTML")
  func escapes() throws {
    let escape = "\u{1B}]8;;https://evil.example\u{07}"
    let input = """
      Text \(escape)here\u{1B}[2J and `code\u{1B}[31m`.

      [link](https://x.example/\u{1B}[0m) <b>bold\u{1B}[5m</b>

      ```
      \(escape)
      ```

      | a\u{1B}[7m |
      |---|
      | b |
      """
    for hyperlinks in ["always", "never"] {
      let result = try runBothWays(
        ["--render=always", "--color=never", "--hyperlinks=\(hyperlinks)"], input: input)
      // The only escape sequences are hyperlinks' own, their URLs printable ASCII, and
      // only when asked for.
      let hyperlink = /\u{1B}\]8;;[\x21-\x7E]*\u{1B}\\/
      let found = result.output.matches(of: hyperlink).count
      #expect(hyperlinks == "always" ? found > 0 : found == 0)
      #expect(!result.output.replacing(hyperlink, with: "").contains("\u{1B}"))
      #expect(!result.output.contains("\u{07}"))
      #expect(result.output.contains("^Ghere^[[2J"))
      #expect(result.output.contains("code^[[31m"))
      // Gumbo reads a control character in raw HTML as U+FFFD.
      #expect(result.output.contains("bold\u{FFFD}[5m"))
      #expect(result.output.contains("a^[[7m"))
    }
  }

  @Test("hostile HTML and deep nesting are drawn, not crashed on or waited for")
  func hostile() throws {
    let cases = [
      String(repeating: "<div>", count: 50_000) + "deep"
        + String(repeating: "</div>", count: 50_000),
      String(repeating: "> ", count: 5_000) + "quoted",
      (0..<2_000).map { String(repeating: "  ", count: $0) + "- item \($0)" }.joined(
        separator: "\n"),
      String(repeating: "<b><i>", count: 20_000) + "formatting",
      "<table>" + String(repeating: "<tr><td>cell<td>", count: 5_000) + "</table>",
      "| a |\n|---|\n"
        + String(repeating: "| " + String(repeating: "x", count: 5_000) + " |\n", count: 10),
      "<details><details><details>open\n\nafter",
      "</details></details>\n\ntext",
    ]
    for input in cases {
      let result = try runBinary(["--render=always", "-w", "60"], input: Data(input.utf8))
      #expect(result.status == 0, "\(input.prefix(40)): \(result.errors)")
      #expect(!result.output.isEmpty)
      #expect(lineWidths(result.output).allSatisfy { $0 <= 60 })
    }
  }

  @Test("raw HTML nested deep is drawn in output that grows as its input does, with a note")
  func deepNesting() throws {
    // Each had taken time and output growing with the cube of the depth, or overflowed
    // the stack: 500 tables took 30 seconds and wrote 5.3 MB.
    let cases: [(html: String, note: String)] = [
      (String(repeating: "<table><tr><td>", count: 500) + "x", "nested deeper than 256"),
      (String(repeating: "<table><caption>", count: 200) + "x", "nested deeper than 256"),
      (String(repeating: "<details><summary>", count: 200) + "x", "nested deeper than 256"),
      (String(repeating: "<div>", count: 300) + "x", "nested deeper than 256"),
      // Deeper than a parse is given: shown as written, as HTML output leaves it out.
      (String(repeating: "<table><tr><td>", count: 6_000) + "x", "nested deeper than 8192"),
      (String(repeating: "<table><caption>", count: 6_000) + "x", "nested deeper than 8192"),
      (String(repeating: "<details><summary>", count: 12_000) + "x", "nested deeper than 8192"),
      // After a <details> left open, whose end tag it holds, as in a block of its own.
      (
        "<details>\n\n" + String(repeating: "<div>", count: 9_000) + "x</details>",
        "nested deeper than 8192"
      ),
    ]
    for (html, note) in cases {
      let result = try runBinary(["--render=always", "-w", "80"], input: Data(html.utf8))
      let shape = html.prefix(18)
      #expect(result.status == 0, "\(shape): \(result.errors)")
      #expect(result.output.contains(note), "\(shape)")
      #expect(result.output.contains("x"), "\(shape)")
      #expect(result.output.utf8.count < 4 * html.utf8.count + 4_096, "\(shape)")
      #expect(lineWidths(result.output).allSatisfy { $0 <= 80 }, "\(shape)")
    }
    // Tables within tables are boxes four deep, the cells of deeper ones lines of text.
    let tables = try runBinary(
      ["--render=always", "-w", "80"],
      input: Data((String(repeating: "<table><tr><td>", count: 500) + "x").utf8))
    #expect(tables.output.split(separator: "\n").filter { $0.contains("┌") }.count == 4)
  }

  @Test("a <details> without a summary shows its text, in the view of -i as in output")
  func detailsWithoutSummary() throws {
    // Text of 121, 150 and 160 bytes had been read as a tag: a summary, a crash, an abort.
    for count in [121, 150, 160] {
      let text = String(repeating: "S", count: count)
      let input = "# A\n\n<details>\(text)</details>\n"
      let result = try runBinary(["--render=always"], input: Data(input.utf8))
      #expect(result.status == 0, "\(count): \(result.errors)")
      #expect(result.output == "▾ A\n  ▾ Details\n    \(text)\n")
    }
  }
}

@Suite("Markdown drawn in tmux", .serialized)
struct RenderedTmuxTests {
  /// The pane's screen with its escapes, kept in .build/screenshots for a reader to see.
  private func keep(_ text: String, as name: String) throws {
    let folder = packageRoot.appendingPathComponent(".build/screenshots")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: folder.appendingPathComponent(name))
  }

  @Test(
    "release notes are drawn in a 60-column window: styles, a task list, a table", .needs("tmux"))
  func releaseNotes() throws {
    guard requireTool("tmux") else { return }
    let window = try TmuxWindow(
      "TERM_PROGRAM= \(shellQuoted(collapseBinary.path)) Samples/release-notes.md", columns: 60)
    defer { window.close() }
    let screen = try window.screen()
    let styled = try window.screen(escapes: true)
    try keep(styled, as: "rendered-release-notes.txt")
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(
      Array(lines.prefix(12)) == [
        "▾ Release notes",
        "  Notes for the 2.4 line. Older ones are at",
        "  https://example.org/releases.",
        "  ▾ 2.4.1",
        "    ▾ Fixed",
        "      ☑ A crash when a table had a header and no rows[1].",
        "      ☑ Slow fast start-up from the www.example.org mirrors.",
        "      ☐ Colour in terminals that set NO_COLOR.",
        "",
        "      [1] Reported as issue 812: a table whose header had no",
        "          row under it.",
        "    ▾ Supported platforms",
      ])
    #expect(lines.contains("      │ Linux    │  1.0  │  tier 1 │"))
    #expect(lineWidths(screen).allSatisfy { $0 <= 60 })
    // Struck through, code on grey, the table's header bold, its lines dim.
    // tmux writes the styles it holds in its own way: `ESC [0;9m`, then the colours reset.
    #expect(styled.contains(/\u{1B}\[(0;)?9m(\u{1B}\[[0-9;]*m)*Slow/))
    #expect(styled.contains("\u{1B}[100mNO_COLOR"))
    #expect(styled.contains(/\u{1B}\[(0;)?1m(\u{1B}\[[0-9;]*m)*Platform/))
    #expect(styled.contains("\u{1B}[2m┌"))
  }

  @Test("a centred README opening shows its logo and badges as centred alt text", .needs("tmux"))
  func centredReadme() throws {
    guard requireTool("tmux") else { return }
    let window = try TmuxWindow(
      "\(shellQuoted(collapseBinary.path)) --depth 1 Tests/Documents/centred-readme.md",
      columns: 80)
    defer { window.close() }
    let screen = try window.screen()
    try keep(try window.screen(escapes: true), as: "rendered-centred-readme.txt")
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.first == String(repeating: " ", count: 35) + "tern logo")
    #expect(lines.contains(String(repeating: " ", count: 29) + "CI · npm · License: MIT"))
    #expect(!screen.contains("<"))
    #expect(!screen.contains("]("))
  }

  @Test("in a pipe the same command writes the source lines", .needs("tmux"))
  func pipe() throws {
    guard requireTool("tmux") else { return }
    let window = try TmuxWindow(
      "\(shellQuoted(collapseBinary.path)) Samples/release-notes.md | cat", columns: 60)
    defer { window.close() }
    let screen = try window.screen()
    #expect(screen.contains("- [x] ~~Slow~~ fast start-up"))
  }
}
