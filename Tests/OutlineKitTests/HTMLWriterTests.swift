import Testing

@testable import OutlineKit

@Suite("HTML writer")
struct HTMLWriterTests {
  @Test("sections nest as <details> with open exactly on the expanded ones")
  func nesting() throws {
    let outline = markdown("Intro\n# Pacific\nBig.\n## Coral\nReef.\n# Indian\n")
    #expect(
      try html(outline, SelectionRequest(expand: ["Coral"])) == """
        <p>Intro</p>
        <details id="pacific" open><summary>Pacific <span class="hidden">(1 section, 2 lines)</span></summary>
        <p>Big.</p>
        <details id="coral" open><summary>Coral <span class="hidden">(1 line)</span></summary>
        <p>Reef.</p>
        </details>
        </details>
        <details id="indian"><summary>Indian</summary>
        </details>

        """)
  }

  @Test("thousands of sections render as each would alone")
  func renderedAhead() throws {
    let bodies = [
      "Plain text.", "A control \u{1} character.", "A reference &#x7F; to DEL.",
      "An image ![alt]() without a source.", "```\ncode\n```", "- a\n- b",
    ]
    let sections = (0..<10_000).map { "# Section \($0)\n\n\(bodies[$0 % bodies.count])\n" }
    let whole = try html(markdown(sections.joined()))
    let alone = try sections.map { try html(markdown($0)) }.joined()
    #expect(whole == alone)
    #expect(whole.components(separatedBy: "<img src=\"data:,\"").count - 1 == 1667)
    #expect(whole.components(separatedBy: "A control \u{FFFD} character.").count - 1 == 1667)
    #expect(whole.components(separatedBy: "A reference \u{FFFD} to DEL.").count - 1 == 1667)
  }

  @Test("the summary keeps inline markup; a link's text stays in the title, the link beside it")
  func inlineMarkup() throws {
    let page = try html(
      markdown("# Use `--depth` *now* ~~never~~ [docs](https://x.org/a?b=1&c=2)\n"))
    #expect(
      page.contains(
        "<summary>Use <code>--depth</code> <em>now</em> <del>never</del> docs <a href=\"https://x.org/a?b=1&amp;c=2\" title=\"docs\">↗</a></summary>"
      ), "\(page)")
    // A title without links is rendered as cmark-gfm renders it.
    #expect(
      try html(markdown("# Use **`x`** <kbd>K</kbd>\n")).contains(
        "<summary>Use <strong><code>x</code></strong> <kbd>K</kbd></summary>"))
  }

  @Test("a title's links beside it: a reference link, several, and no unsafe scheme")
  func titleLinks() throws {
    let page = try html(
      markdown(
        """
        # [1.8.2] - 2026-06-04

        # [a](#b) and [![CI](badge.svg)](https://ci.example.org) [x](javascript:alert(1)) <https://y.org>

        [1.8.2]: https://example.org/compare/v1.8.1...v1.8.2 "Compare"

        """))
    #expect(
      page.contains(
        "<summary>1.8.2 - 2026-06-04 <a href=\"https://example.org/compare/v1.8.1...v1.8.2\" title=\"1.8.2\">↗</a></summary>"
      ), "\(page)")
    #expect(
      page.contains(
        "<summary>a and CI x https://y.org <a href=\"#b\" title=\"a\">↗</a> <a href=\"https://ci.example.org\" title=\"CI\">↗</a> <a href=\"https://y.org\" title=\"https://y.org\">↗</a> <span class=\"hidden\">(1 line)</span></summary>"
      ), "\(page)")
    #expect(!page.contains("javascript"))
    // The address as cmark-gfm writes a link's: escaped, with the characters a URL
    // cannot hold as written percent-encoded.
    #expect(
      try html(markdown("# [über](https://x.org/über?a=\"1\"&b) notes\n")).contains(
        "<summary>über notes <a href=\"https://x.org/%C3%BCber?a=%221%22&amp;b\" title=\"über\">↗</a></summary>"
      ))
  }

  @Test("titles, ids and content are escaped; raw HTML is sanitised unless unsafe")
  func escaping() throws {
    let source = """
      # <script>alert(1)</script> "quoted" & <b>bold</b>
      <img src=x onerror=alert(1)>

      [x](javascript:alert(1)) and <span onclick="x()">inline</span>
      """
    let safe = try html(markdown(source))
    #expect(!safe.contains("<script"))
    #expect(safe.contains("<!-- collapse removed from img: onerror --><img src=\"x\" alt=\"\" />"))
    // The script is text, as GitHub shows it.
    #expect(
      safe.contains(
        "<summary>&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot; &amp; <b>bold</b>"))
    #expect(safe.contains("<!-- collapse removed from span: onclick --><span>inline</span>"))
    #expect(!safe.contains("onclick="))
    // The link keeps its text; the comment before it names what went.
    #expect(safe.contains("<!-- collapse removed from a: href (javascript:) --><a>x</a>"))
    #expect(!safe.contains("=\"javascript:"))
    #expect(safe.contains("&quot;quoted&quot; &amp;"))
    #expect(safe.contains("id=\"alert1-quoted--bold\""))
    let unsafe = try html(markdown(source), options: HTMLWriter.Options(unsafe: true))
    #expect(unsafe.contains("<script>alert(1)</script>"))
    #expect(unsafe.contains("<img src=x onerror=alert(1)>"))
    #expect(unsafe.contains("href=\"javascript:alert(1)\""))
  }

  @Test("an image without a source, or with a javascript: one, gets one that loads nothing")
  func imagesWithoutSource() throws {
    let source = "# T ![logo](javascript:x)\n![img](javascript:alert(1)) ![e]() ![ok](a.png)\n"
    let page = try html(markdown(source))
    #expect(!page.contains(#"src="""#))
    #expect(page.contains(#"<summary>T <img src="data:," alt="logo" />"#))
    #expect(page.contains(#"<p><img src="data:," alt="img" /> <img src="data:," alt="e" />"#))
    #expect(page.contains(#"<img src="a.png" alt="ok" />"#))
    // In text, the same characters stay text.
    #expect(try html(markdown(#"`<img src="" >`"#)).contains("&lt;img src=&quot;&quot; &gt;"))
  }

  @Test("a link defined in one section resolves in another")
  func referenceLinks() throws {
    let page = try html(markdown("# A\nSee [the docs][d].\n# B\n[d]: https://example.org\n"))
    #expect(page.contains("<a href=\"https://example.org\">the docs</a>"))
  }

  @Test("HTML escaping covers every special character")
  func escape() {
    #expect(HTML.escaped("a&b<c>d\"e'f") == "a&amp;b&lt;c&gt;d&quot;e&#39;f")
    #expect(HTML.escaped("plain") == "plain")
  }

  @Test("code points HTML forbids become U+FFFD in titles, ids, content and JSON keys")
  func forbiddenCodePoints() throws {
    let page = try html(markdown("# Bell \u{7} here\nText \u{1} too \u{FFFE}.\n"))
    #expect(
      page == """
        <details id="bell--here" open><summary>Bell \u{FFFD} here <span class="hidden">(1 line)</span></summary>
        <p>Text \u{FFFD} too \u{FFFD}.</p>
        </details>

        """)
    let keys = try html(try json(#"{"a\u0001b": {"c\u007f": 1}, "t\tab": {"x": 2}}"#))
    #expect(keys.contains("<summary>a\u{FFFD}b "))
    #expect(keys.contains("<span class=\"key\">&quot;c\\u007F&quot;</span>"))
    #expect(keys.contains("<summary>t\tab "))
  }

  @Test("HTML forbids control characters but white space, and noncharacters")
  func forbidden() {
    let forbidden: [UInt32] = [
      0x0, 0x1, 0xB, 0x1F, 0x7F, 0x80, 0x9F, 0xFDD0, 0xFDEF, 0xFFFE, 0xFFFF, 0x1FFFE, 0x10FFFF,
    ]
    let allowed: [UInt32] = [
      0x9, 0xA, 0xC, 0xD, 0x20, 0x7E, 0xA0, 0xFDCF, 0xFDF0, 0xFFFD, 0x1F600, 0x10FFFD,
    ]
    #expect(forbidden.allSatisfy { HTML.isForbidden(Unicode.Scalar($0)!) })
    #expect(!allowed.contains { HTML.isForbidden(Unicode.Scalar($0)!) })
  }

  @Test("a table of contents comes first only when asked for, and equals writeTableOfContents")
  func tableOfContents() throws {
    let outline = markdown("# A\n## B\n# C\n")
    let selection = try Selection(outline: outline, request: SelectionRequest())
    var contents = ""
    HTMLWriter().writeTableOfContents(outline, to: &contents)
    #expect(contents.hasPrefix("<nav class=\"toc\" aria-label=\"Contents\">"))
    #expect(
      contents.contains(
        "<ol>\n<li><a href=\"#a\">A</a>\n<ol>\n<li><a href=\"#b\">B</a></li>\n</ol>\n</li>\n"
          + "<li><a href=\"#c\">C</a></li>\n</ol>\n"))
    let with = try html(outline, options: HTMLWriter.Options(tableOfContents: true))
    let without = try html(outline)
    #expect(with == contents + without)
    var sections = ""
    HTMLWriter().writeSections(outline, selection: selection, to: &sections)
    #expect(sections == without)
  }

  @Test("a deep table of contents closes every list it opens")
  func deepTableOfContents() throws {
    let depth = 3000
    let outline = try json(
      String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
    var contents = ""
    HTMLWriter().writeTableOfContents(outline, to: &contents)
    let opened = contents.ranges(of: "<ol>").count
    let closed = contents.ranges(of: "</ol>").count
    #expect(outline.sections.count > 2000)
    #expect(opened == outline.sections.count)
    #expect(closed == opened)
    #expect(contents.ranges(of: "<li>").count == contents.ranges(of: "</li>").count)
  }
}
