import CGumbo
import Foundation
import TestSupport
import Testing

@testable import OutlineKit

/// `-t markdown` is read by GitHub as CommonMark with raw HTML allowed: parse it again
/// with cmark that way, and check that the sections, their nesting and open state, and
/// every word of the original survive.
@Suite("Markdown output, read back", .needs("cmark-gfm"))
struct MarkdownRoundTripTests {
  /// A section as the rendered page shows it: depth, open or not, summary text.
  struct Shown: Equatable, CustomStringConvertible {
    let depth: Int
    let open: Bool
    let summary: String
    var description: String { "\(depth):\(open ? "open" : "closed"):\(summary)" }
  }

  /// GitHub's HTML for Markdown (cmark-gfm's), raw HTML kept when `unsafe`.
  static func render(_ markdown: String, unsafe: Bool) throws -> String {
    try CmarkCommand.html(markdown, unsafe: unsafe)
  }

  /// The `<details>` elements of rendered HTML, in order, with their nesting.
  static func detailsTree(_ html: String) throws -> [Shown] {
    var shown: [Shown] = []
    var depth = 0
    var rest = html[...]
    let pattern = /<(\/?)details((?: [a-z]+(?:="[^"]*")?)*)>|<summary>(.*?)<\/summary>/
    while let match = rest.firstMatch(of: pattern) {
      if let summary = match.output.3, let last = shown.last {
        let text = decodeEntities(String(summary).replacing(/<[^>]*>/, with: ""))
        shown[shown.count - 1] = Shown(depth: last.depth, open: last.open, summary: text)
      } else if match.output.1 == "/" {
        depth -= 1
      } else {
        let attributes = match.output.2.map(String.init) ?? ""
        shown.append(Shown(depth: depth, open: attributes.contains(" open"), summary: ""))
        depth += 1
      }
      rest = rest[match.range.upperBound...]
    }
    #expect(depth == 0, "unbalanced <details>")
    return shown
  }

  private func check(_ document: String, arguments: [String], json: Bool = false) throws {
    let outline = try runBinary(["-t", "json"] + arguments, input: Data(document.utf8))
    let output = try runBinary(["-t", "markdown"] + arguments, input: Data(document.utf8))
    #expect(output.status == 0)
    // What the outline says should be shown.
    var expected: [Shown] = []
    let root = try #require(
      JSONSerialization.jsonObject(with: Data(outline.output.utf8)) as? [String: Any])
    var stack: [([[String: Any]], Int)] = [((root["children"] as? [[String: Any]]) ?? [], 0)]
    while let (remaining, depth) = stack.popLast() {
      var siblings = remaining
      guard !siblings.isEmpty else { continue }
      let section = siblings.removeFirst()
      stack.append((siblings, depth))
      expected.append(
        Shown(
          depth: depth, open: section["expanded"] as? Bool ?? false,
          summary: section["title"] as? String ?? ""))
      stack.append(((section["children"] as? [[String: Any]]) ?? [], depth + 1))
    }
    let shown = try Self.detailsTree(try Self.render(output.output, unsafe: true))
    #expect(shown.count == expected.count)
    let mismatch = zip(shown, expected).first { got, want in
      got.depth != want.depth || got.open != want.open || !got.summary.hasPrefix(want.summary)
    }
    #expect(mismatch == nil, "first difference: \(String(describing: mismatch))")
    let shownWords = htmlWords(try Self.render(output.output, unsafe: true))
    if json {
      // Every key and value of the JSON is there to read.
      let data = try JSONSerialization.jsonObject(with: Data(document.utf8))
      var pending: [Any] = [data]
      var words: [String: Int] = [:]
      while let value = pending.popLast() {
        if let object = value as? [String: Any] {
          for (key, member) in object {
            words[key, default: 0] += 1
            pending.append(member)
          }
        } else if let array = value as? [Any] {
          pending += array
        } else if let text = value as? String {
          for word in text.split(whereSeparator: { $0.isWhitespace || $0 == "\"" }) {
            words[String(word), default: 0] += 1
          }
        }
      }
      let found = shownWords.keys.joined(separator: " ")
      let lost = words.keys.filter { !found.contains($0) }
      #expect(lost.isEmpty, "keys and values lost: \(lost.prefix(20))")
    } else {
      let missing = missingWords(
        from: shownWords, of: htmlWords(try Self.render(document, unsafe: false)))
      #expect(missing.isEmpty, "words lost: \(missing.prefix(20))")
    }
  }

  @Test(
    "JSON input keeps its sections, nesting, open state, keys and values",
    arguments: ["oceans.json", "releases.json"])
  func jsonSamples(_ name: String) throws {
    let text = try String(
      contentsOf: packageRoot.appendingPathComponent("Samples/\(name)"), encoding: .utf8)
    try check(text, arguments: ["-f", "json"], json: true)
    try check(text, arguments: ["-f", "json", "--depth", "1"], json: true)
  }

  @Test(
    "every sample keeps its sections, nesting, open state and words",
    arguments: ["oceans.md", "vehicles.md", "feeds.md"])
  func samples(_ name: String) throws {
    let text = try String(
      contentsOf: packageRoot.appendingPathComponent("Samples/\(name)"), encoding: .utf8)
    try check(text, arguments: [])
    try check(text, arguments: ["--depth", "1"])
  }

  @Test("a large generated document keeps its sections, nesting, open state and words")
  func largeDocument() throws {
    let document = GeneratedOutline(seed: 11, size: 400_000).markdown
    try check(document, arguments: ["--depth", "2"])
  }

  @Test("--toc links every section to an anchor GitHub keeps, in document order")
  func tableOfContents() throws {
    let document = GeneratedOutline(seed: 12, size: 100_000).markdown
    let output = try runBinary(
      ["-t", "markdown", "--toc", "--depth", "1"], input: Data(document.utf8))
    let links = output.output.matches(of: /\]\(#([^)]+)\)/).map { String($0.output.1) }
    let anchors = output.output.matches(of: /<a name="([^"]+)"><\/a>/).map { String($0.output.1) }
    #expect(links.count > 50)
    #expect(links == anchors)
    #expect(Set(anchors).count == anchors.count)
  }

  @Test("a title with line breaks stays one summary and one contents entry")
  func lineBreaksInTitles() throws {
    let document = #"""
      {"items": [{"name": "first line\n\nsecond *line*", "v": {"a": 1}}, {"name": "ok"}],
       "a\r\n\r\nb": {"c": 1}, "d\r\re": {"f": 1}, "g\n \nh": {"i": 1}}
      """#
    let output = try runBinary(
      ["-f", "json", "-t", "markdown", "--toc"], input: Data(document.utf8))
    #expect(output.status == 0)
    let html = try Self.render(output.output, unsafe: true)
    // One space for each line break; the browser shows a run of spaces as one.
    let titles = [
      "items", "first line  second *line*", "v", "ok", "a  b", "d  e", "g   h",
    ]
    // The contents come first, a block of their own.
    #expect(
      try Self.detailsTree(html)
        == zip([0, 0, 1, 2, 1, 0, 0, 0], ["Contents"] + titles).map {
          Shown(depth: $0, open: true, summary: $1)
        })
    // No paragraph: every title stays in its summary or its entry.
    #expect(html.ranges(of: "<p>").count == 0)
    let links = html.matches(of: /<li><a href="#([^"]*)">([^<]*)<\/a>/).map {
      [String($0.output.1), String($0.output.2)]
    }
    #expect(
      links
        == zip(["items", "first-linesecond-line", "v", "ok", "ab", "de", "g-h"], titles).map {
          [$0, $1]
        })
  }

  @Test("front matter holding code fences stays one YAML block")
  func frontMatterWithFences() throws {
    let document = """
      ---
      desc: |
        ```sh
        make
        ```
      more: |
        ````
        x
      ---
      # Title

      See [the docs][d].

      ## Refs

      [d]: https://example.com

      """
    let output = try runBinary(["-t", "markdown"], input: Data(document.utf8))
    let html = try Self.render(output.output, unsafe: true)
    #expect(
      html.hasPrefix(
        "<pre><code class=\"language-yaml\">desc: |\n  ```sh\n  make\n  ```\nmore: |\n  ````\n  x\n</code></pre>\n<details open>"
      ))
    #expect(
      try Self.detailsTree(html) == [
        Shown(depth: 0, open: true, summary: "Title"), Shown(depth: 1, open: true, summary: "Refs"),
      ])
    #expect(html.contains("<p>See <a href=\"https://example.com\">the docs</a>.</p>"))
  }

  @Test(
    "raw HTML or a fence left open at the end is closed before </details>, its content kept",
    arguments: [
      ("<script>", "</script>"), ("<pre class=\"x\">", "</pre>"), ("<style", "</style>"),
      ("<Pre>\n</textarea>", "</pre>"), ("<?php", "?>"), ("<!DOCTYPE html", ">"),
      ("<![CDATA[", "]]>"), ("<!-- note", "-->"), ("```sh", "</code></pre>"),
      ("~~~", "</code></pre>"),
    ])
  func unclosedBlocks(_ opening: String, _ end: String) throws {
    let document = "# A\n\ntext\n\n## B\n\n\(opening)\nfirst\n\nlast\n"
    let output = try runBinary(["-t", "markdown"], input: Data(document.utf8))
    let html = try Self.render(output.output, unsafe: true)
    // The block ends right after its content, before the </details> a browser must see.
    #expect(html.hasSuffix("first\n\nlast\n\(end)\n</details>\n</details>\n"))
    #expect(
      try Self.detailsTree(html) == [
        Shown(depth: 0, open: true, summary: "A"), Shown(depth: 1, open: true, summary: "B"),
      ])
  }

  /// A changelog as Keep a Changelog lays it out: the links of every version defined at
  /// the end of the oldest one, which is closed first.
  static let changelog: String = {
    var text = "# Changelog\n"
    for version in (1...30).reversed() {
      text += "\n## [1.\(version).0] - 2024-01-01\n\n"
      for item in 1...8 {
        text += "- Fixed thing \(item) in [#\(version)\(item)][] and more words words words\n"
      }
    }
    text += "\n"
    for version in (1...30).reversed() {
      for item in 1...8 {
        text += "[#\(version)\(item)]: https://github.com/o/r/issues/\(version)\(item)\n"
      }
    }
    return text
  }()

  /// Many small versions, too small to close, and their links in a section of their own,
  /// which is left out whole.
  static let linksSection: String = {
    var text = "# Changelog\n\n"
    for version in 0..<300 { text += "## Version \(version)\n\n- Fixed [#\(version)][].\n\n" }
    text += "## Links\n\n"
    for version in 0..<300 { text += "[#\(version)]: https://github.com/o/r/issues/\(version)\n" }
    return text
  }()

  @Test(
    "links whose definitions a cut output leaves out still resolve, within the limit",
    arguments: [("changelog", 20_000), ("changelog", 10_000), ("links section", 20_000)])
  func definitionsLeftOut(_ name: String, _ limit: Int) throws {
    let document = name == "changelog" ? Self.changelog : Self.linksSection
    let raw = try runBinaryRaw(
      ["-t", "markdown", "--max-bytes", String(limit)], input: Data(document.utf8))
    #expect(raw.status == 0)
    #expect(raw.output.count <= limit)
    let output = String(decoding: raw.output, as: UTF8.self)
    #expect(output.hasPrefix("**This output was cut to fit "))
    #expect(output.contains("\n*Left out: "))
    let html = try Self.render(output, unsafe: true)
    // Every reference kept is a link to its own issue; none is left as text.
    let links = html.matches(of: /<a href="https:\/\/github.com\/o\/r\/issues\/(\d+)">#(\d+)<\/a>/)
    #expect(links.count >= 50)
    #expect(links.allSatisfy { $0.output.1 == $0.output.2 })
    #expect(!html.contains("[#"))
    // Only the definitions that the links kept use come back.
    #expect(output.matches(of: /\n\[#\d+\]:\s/).count == links.count)
  }

  @Test("links defined in a collapsed section resolve: its Markdown is still there")
  func definitionsCollapsed() throws {
    let output = try runBinary(
      ["-t", "markdown", "--collapse-all"], input: Data(Self.changelog.utf8))
    let html = try Self.render(output.output, unsafe: true)
    #expect(html.matches(of: /<a href="https:\/\/github.com\/o\/r\/issues\/\d+">/).count == 240)
    #expect(!html.contains("[#"))
  }

  @Test("the check notices a broken nesting")
  func checkCanFail() throws {
    // Without a blank line after </summary>, the content is taken for HTML, not Markdown.
    let html = try Self.render(
      "<details open>\n<summary>A</summary>\n*em*\n\n</details>\n", unsafe: true)
    #expect(!html.contains("<em>"))
    #expect(try Self.detailsTree(html) == [Shown(depth: 0, open: true, summary: "A")])
    #expect(
      try Self.detailsTree(
        try Self.render("<details>\n<summary>A</summary>\n\n</details>\n", unsafe: true)) == [
          Shown(depth: 0, open: false, summary: "A")
        ])
  }
}

/// Raw HTML that opens or closes across a section's edge, read back as GitHub shows it.
@Suite("Markdown output, raw HTML balanced", .needs("cmark-gfm"))
struct MarkdownBalanceTests {
  /// Each of collapse's `<details>` wrappers (known by the anchor its summary starts
  /// with) with the wrapper it stands in, and the text each holds outside comments, as a
  /// browser parses the HTML as a page (a fragment's parser, as gumbo 0.10.1 has it, lets
  /// no element break out of an `<svg>`).
  static func wrappers(_ html: String) -> [String: (parent: String, text: String)] {
    var found: [String: (parent: String, text: String)] = [:]
    var html = "<!DOCTYPE html><body>" + html
    html.withUTF8 { bytes in
      let page = GumboFragment(UnsafeRawBufferPointer(bytes), context: GUMBO_TAG_LAST)
      let body = page.nodes?.first { $0.isElement && $0.tagName == "body" }
      var stack = (body?.children ?? []).reversed().map { ($0, "") }
      while let (node, wrapper) = stack.popLast() {
        if node.pointee.type == GUMBO_NODE_TEXT {
          found[wrapper, default: ("", "")].text += node.text
          continue
        }
        guard node.isElement else { continue }
        var inner = wrapper
        if node.tagName == "details", let summary = node.children.first(where: { $0.isElement }),
          let anchor = summary.children.first(where: { $0.isElement && $0.tagName == "a" }),
          let name = anchor.attributes.first(where: { $0.name == "name" })?.value
        {
          found[name] = (wrapper, "")
          inner = name
        }
        stack += node.children.reversed().map { ($0, inner) }
      }
    }
    return found
  }

  @Test(
    "raw HTML in lists, quotes, tables, buttons, svg, titles and code keeps every section in place",
    arguments: [
      "- <details>\n\n</details>", "> <details>\n\n</details>", "<button><details>\n<button>",
      "<table>\n<details>", "<li>", "</li>", "<svg>\n<details>", "<title>\n<details>",
      "text\n      `</details>` </details>", "<details>\n\n- x\n\n  </details>",
      "<details><summary>x</summary>", "<div>\n<!-- open\n</div>",
    ])
  func containers(_ raw: String) throws {
    let document =
      "# ZA\n\n\(raw)\n\n## ZB\n\nb words\n\n# ZC\n\n\(raw)\n\nc words\n\n# ZD\n\nd words\n"
    let output = try runBinary(["-t", "markdown", "--expand-all"], input: Data(document.utf8))
    #expect(output.status == 0)
    // Rendered as GitHub renders it: its tagfilter writes <title> and the like as text.
    let html = try CmarkCommand.run(
      Data(output.output.utf8), ["--to", "html", "-e", "tagfilter"], unsafe: true,
      commonmark: false)
    let shown = Self.wrappers(html)
    #expect(shown["za"]?.parent == "", "\(raw)")
    #expect(shown["zb"]?.parent == "za", "\(raw)")
    #expect(shown["zc"]?.parent == "", "\(raw)")
    #expect(shown["zd"]?.parent == "", "\(raw)")
    #expect(shown["zd"]?.text.contains("d words") == true, "\(raw)")
  }

  @Test(
    "a stray </details> is text; an unclosed <details>, <table> or comment is closed in its section"
  )
  func sectionsKeepTheirPlace() throws {
    let document = """
      # A

      </details>

      <details><summary>mine</summary>

      x

      ## B

      <table><tr><td>cell

      # C

      <div>
      <!-- never closed
      </div>

      # D

      last words

      """
    let output = try runBinary(["-t", "markdown", "--expand-all"], input: Data(document.utf8))
    #expect(output.status == 0)
    #expect(output.output.contains("\n&lt;/details>\n"))
    let shown = Self.wrappers(try CmarkCommand.html(output.output, unsafe: true))
    #expect(shown["a"]?.parent == "")
    #expect(shown["b"]?.parent == "a")
    #expect(shown["c"]?.parent == "")
    #expect(shown["d"]?.parent == "")
    // The stray end tag shows as text; D's words are no comment.
    #expect(shown["a"]?.text.contains("</details>") == true)
    #expect(shown["d"]?.text.contains("last words") == true)
    // With its stray end tag as written, A's wrapper closes early and B leaves it: the
    // check can fail.
    let asWritten = Self.wrappers(
      try CmarkCommand.html(
        output.output.replacing("&lt;/details>", with: "</details>"), unsafe: true))
    #expect(asWritten["b"]?.parent == "")
  }
}
