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

  @Test("the summary keeps inline markup")
  func inlineMarkup() throws {
    let page = try html(markdown("# Use `--depth` *now* [docs](https://x.org/a?b=1&c=2)\n"))
    #expect(
      page.contains(
        "<summary>Use <code>--depth</code> <em>now</em> <a href=\"https://x.org/a?b=1&amp;c=2\">docs</a></summary>"
      ))
  }

  @Test("titles, ids and content are escaped; raw HTML is dropped unless unsafe")
  func escaping() throws {
    let source = """
      # <script>alert(1)</script> "quoted" & <b>bold</b>
      <img src=x onerror=alert(1)>

      [x](javascript:alert(1)) and <span onclick="x()">inline</span>
      """
    let safe = try html(markdown(source))
    #expect(!safe.contains("<script"))
    #expect(!safe.contains("<img"))
    #expect(!safe.contains("<b>"))
    #expect(!safe.contains("onclick"))
    #expect(!safe.contains("javascript:"))
    #expect(safe.contains("&quot;quoted&quot; &amp;"))
    #expect(safe.contains("id=\"alert1-quoted--bold\""))
    let unsafe = try html(markdown(source), options: HTMLWriter.Options(unsafe: true))
    #expect(unsafe.contains("<script>alert(1)</script>"))
    #expect(unsafe.contains("<img src=x onerror=alert(1)>"))
    #expect(unsafe.contains("href=\"javascript:alert(1)\""))
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
}
