import Testing

@testable import OutlineKit

/// The standalone page of an outline.
func page(
  _ outline: Outline, _ request: SelectionRequest = SelectionRequest(), title: String? = nil,
  fileName: String = "notes.md", options: HTMLWriter.Options = HTMLWriter.Options()
) throws -> String {
  let selection = try Selection(outline: outline, request: request)
  var output = ""
  HTMLPage(title: title, fileName: fileName, writer: HTMLWriter(options: options))
    .write(outline, selection: selection, to: &output)
  return output
}

/// The text between the first `start` and the `end` after it.
func between(_ text: String, _ start: String, _ end: String) -> String? {
  guard let open = text.firstRange(of: start),
    let close = text[open.upperBound...].firstRange(of: end)
  else { return nil }
  return String(text[open.upperBound..<close.lowerBound])
}

/// Each start tag's name in `html`, in order, as a browser would see the tag.
func startTags(_ html: String) -> [String] {
  html.matches(of: /<([A-Za-z][A-Za-z0-9-]*)/).map { String($0.output.1).lowercased() }
}

/// The values of every `name="…"` attribute in `html`.
func attributeValues(_ name: String, in html: String) throws -> [String] {
  try html.matches(of: Regex(#"\s"# + name + #"="([^"]*)""#)).map {
    String($0.output[1].substring ?? "")
  }
}

@Suite("HTML page")
struct HTMLPageTests {
  @Test("a whole page: doctype, language, charset, viewport and title before the body")
  func skeleton() throws {
    let html = try page(markdown("# Oceans\n## Pacific\n"))
    #expect(
      html.hasPrefix("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"))
    let head = try #require(between(html, "<head>", "</head>"))
    #expect(
      head.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
    #expect(head.contains("<meta name=\"color-scheme\" content=\"light dark\">"))
    #expect(head.contains("<title>Oceans</title>"))
    #expect(html.hasSuffix("</body>\n</html>\n"))
    #expect(startTags(html).filter { $0 == "script" }.count == 1)
    #expect(startTags(html).filter { $0 == "style" }.count == 1)
  }

  @Test("the page holds exactly the fragment the writer writes, inside <main>")
  func sameFragment() throws {
    let outline = markdown("Intro\n# Pacific\nBig.\n## Coral\nReef.\n# Indian\n")
    let fragment = try html(outline, SelectionRequest(expand: ["Coral"]))
    let wrapped = try page(outline, SelectionRequest(expand: ["Coral"]))
    #expect(between(wrapped, "<main>\n", "</main>\n") == fragment)
  }

  @Test("the table of contents comes before <main> when asked for")
  func tableOfContents() throws {
    let outline = markdown("# A\n## B\n")
    let html = try page(outline, options: HTMLWriter.Options(tableOfContents: true))
    var contents = ""
    HTMLWriter().writeTableOfContents(outline, to: &contents)
    #expect(between(html, "</header>\n", "<main>\n") == contents)
    #expect(between(try page(outline), "</header>\n", "<main>\n") == "")
  }

  @Test("a report's failed and errored tests head the table of contents, at any depth")
  func failuresFirst() throws {
    let outline = try JUnitReader.read(
      Array(
        """
        <testsuites><testsuite name="cart"><testcase name="adds"/>
        <testsuite name="tax"><testcase name="rounds"><failure message="off by one"/></testcase>
        </testsuite></testsuite><testsuite name="pay"><testcase name="refunds"><error/></testcase>
        <testcase name="skips"><skipped/></testcase></testsuite></testsuites>
        """.utf8))
    var options = HTMLWriter.Options(tableOfContents: true)
    options.tableOfContentsDepth = 1
    var contents = ""
    HTMLWriter(options: options).writeTableOfContents(outline, to: &contents)
    let failed = try #require(between(contents, "<summary>Failed (2)</summary>\n", "</details>"))
    // In document order, each with its outcome in words, though the contents list only the
    // suites at the top.
    #expect(
      failed.components(separatedBy: "\n").filter { $0.hasPrefix("<li>") } == [
        "<li><a href=\"#rounds\">rounds</a> <span class=\"outcome failed\">"
          + "<span aria-hidden=\"true\">✗ </span>failed</span></li>",
        "<li><a href=\"#refunds\">refunds</a> <span class=\"outcome error\">"
          + "<span aria-hidden=\"true\">✗ </span>error</span></li>",
      ])
    let listed = try #require(between(contents, "<summary>Contents</summary>", "</details>"))
    #expect(listed.contains("href=\"#cart\"") && listed.contains("href=\"#pay\""))
    #expect(!listed.contains("rounds") && !listed.contains("adds"))
    // A report with no failure, and any other document, has no such list.
    var passing = ""
    HTMLWriter(options: options).writeTableOfContents(
      try JUnitReader.read(Array("<testsuite name=\"a\"><testcase name=\"b\"/></testsuite>".utf8)),
      to: &passing)
    #expect(passing.contains("<summary>Contents</summary>") && !passing.contains("Failed"))
  }

  @Test(
    "the title: --title, else the one top-level title, else the file name; folded",
    arguments: [
      ("# First\n## Inner\n# Second\n", nil, "notes.md"),
      ("# First\n", "  Weekly\n report  ", "Weekly report"),
      ("# First\n", " \n ", "First"),
      ("Only text, no heading.\n", nil, "notes.md"),
      ("#\n# Named\n", nil, "notes.md"),
      ("Preamble.\n# Named\n## Inner\n", nil, "Named"),
    ] as [(String, String?, String)])
  func title(_ source: String, _ given: String?, _ expected: String) throws {
    let html = try page(markdown(source), title: given)
    #expect(between(html, "<title>", "</title>") == expected)
    // In a section's summary, the h1 also holds what the section holds.
    let heading = between(html, "<h1>", "</h1>")
    #expect(
      heading == expected || heading?.hasPrefix(expected + " <span class=\"hidden\">") == true)
  }

  @Test("a JSON document's title is its file name, even with one top-level member")
  func jsonTitle() throws {
    let html = try page(json(#"[{"name": "v0.3.0", "assets": [1]}, {"name": "v0.2.1"}]"#))
    #expect(between(html, "<title>", "</title>") == "notes.md")
    let one = try page(json(#"{"metadata": {"version": "2.0"}}"#))
    #expect(between(one, "<title>", "</title>") == "notes.md")
  }

  @Test("a page titled by its one top-level section says the title once, in that summary")
  func titleOnce() throws {
    let html = try page(markdown("# Guide\n## Install\n"))
    #expect(html.components(separatedBy: "<h1>").count == 2)
    #expect(
      between(html, "<header class=\"page-header\">\n", "</header>")?.contains("<h1>") == false)
    #expect(html.contains(#"<details id="guide" open><summary><h1>Guide <span class="hidden">"#))
    // A title of its own heads the page, and the section keeps its plain summary.
    let titled = try page(markdown("# Guide\n## Install\n"), title: "Report")
    #expect(between(titled, "<header class=\"page-header\">\n", "</h1>") == "<h1>Report")
    #expect(titled.contains(#"<details id="guide" open><summary>Guide "#))
  }

  @Test("a page of several files is named for them; of one, for its name without folders")
  func pageOfFiles() {
    let empty = Outline.combining([])
    let five = HTMLPage(paths: ["docs/a.md", "b.md", "c.json", "d.md", "e.md"])
    #expect(five.title(for: empty) == "a.md, b.md, c.json and 2 more")
    #expect(HTMLPage(paths: ["x/a.md", "b.md"]).title(for: empty) == "a.md, b.md")
    let one = HTMLPage(paths: ["docs/guide.md"])
    #expect(one.title == nil)
    #expect(one.fileName == "guide.md")
    #expect(HTMLPage(title: "Report", paths: ["a.md", "b.md"]).title(for: empty) == "Report")
  }

  @Test("the title is escaped and made valid")
  func titleEscaped() throws {
    let html = try page(markdown("# x\n"), title: "</title><script>alert(1)</script>\u{1}")
    #expect(
      between(html, "<title>", "</title>")
        == "&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;\u{FFFD}")
    #expect(startTags(html).filter { $0 == "script" }.count == 1)
  }

  @Test(
    "the page requests nothing: no src, no url() but the icons written into it, no @import, links only to itself"
  )
  func nothingExternal() throws {
    let outline = markdown("# A\n[away](https://example.org)\n# B\n")
    let html = try page(outline, options: HTMLWriter.Options(tableOfContents: true))
    let fragment = try OutlineKitTests.html(outline)
    var chrome = html.replacing(fragment, with: "")
    #expect(chrome.count < html.count)
    #expect(try attributeValues("src", in: chrome).isEmpty)
    #expect(try attributeValues("href", in: chrome) == ["data:,", "#a", "#b"])
    // The icons of the alerts and of images not loaded are SVG in data: URLs, whose
    // namespace names a URL it never loads.
    let icon = #/url\("data:image/svg\+xml,[^"]*"\)/#
    #expect(chrome.matches(of: icon).count == 6)
    chrome.replace(icon, with: "")
    #expect(!chrome.contains("url("))
    #expect(!chrome.contains("@import"))
    #expect(!chrome.contains("http:") && !chrome.contains("https:") && !chrome.contains("//"))
    // And the browser is told to run only the page's script, by its hash, and to load
    // nothing but images from the page's own folder.
    #expect(HTMLPage.scriptHash.hasPrefix("sha256-") && HTMLPage.scriptHash.count == 51)
    #expect(
      chrome.contains(
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src '\(HTMLPage.scriptHash)'; img-src 'self' data:; base-uri 'none'; form-action 'none'\">"
      ))
  }

  @Test("expand and collapse all are written hidden, for the page's script to show")
  func controlsNeedTheScript() throws {
    let html = try page(markdown("# A\n"))
    #expect(html.contains("<div class=\"controls\" hidden>"))
  }

  static let hostileMarkdown = """
    # <script>alert(1)</script> "><img src=x onerror=alert(2)> [x](javascript:alert(3))

    <script>alert(4)</script>

    "><img src=x onerror=alert(5)> and [click](javascript:alert(6)) and ![i](javascript:alert(7))

    ## [y](javascript:alert(8)) <a href="javascript:alert(9)">z</a>
    """

  static let hostileJSON = #"""
    {"\"><img src=x onerror=alert(1)>": {"<script>alert(2)</script>": "<script>alert(3)</script>",
     "[x](javascript:alert(4))": "\"><img src=x onerror=alert(5)>"},
     "list": [{"name": "<script>alert(6)</script>", "v": 1}]}
    """#

  @Test("hostile titles and bodies are sanitised; JSON keys and values come out as text")
  func hostileDocuments() throws {
    // The raw images of the title and the body keep their relative source without their
    // handler; the Markdown image's javascript: source is replaced by one that loads
    // nothing. JSON holds no image at all.
    let cases = [
      (markdown(Self.hostileMarkdown), ["x", "x", "data:,"]), (try json(Self.hostileJSON), []),
    ]
    for (outline, sources) in cases {
      let html = try page(
        outline, title: "\"><img src=x onerror=alert(0)>",
        options: HTMLWriter.Options(tableOfContents: true))
      let tags = startTags(html)
      #expect(tags.filter { $0 == "script" }.count == 1)
      #expect(try attributeValues("src", in: html) == sources)
      #expect(try !attributeValues("href", in: html).contains { $0.contains("javascript") })
      #expect(!html.contains("onerror=alert(1)>"))
      #expect(try attributeValues("onerror", in: html).isEmpty)
      for id in try attributeValues("id", in: html) {
        #expect(id.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }, "\(id)")
      }
    }
  }

  @Test("with unsafe, the document's raw HTML and links are kept")
  func unsafeKeepsHTML() throws {
    let html = try page(markdown(Self.hostileMarkdown), options: HTMLWriter.Options(unsafe: true))
    #expect(startTags(html).filter { $0 == "script" }.count == 3)
    #expect(try attributeValues("href", in: html).contains("javascript:alert(6)"))
  }
}
