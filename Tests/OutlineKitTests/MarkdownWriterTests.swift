import Testing

@testable import OutlineKit

/// The Markdown output of an outline.
func markdownOutput(
  _ outline: Outline, _ request: SelectionRequest = SelectionRequest()
) throws -> String {
  let selection = try Selection(outline: outline, request: request)
  var output = ""
  MarkdownWriter().write(outline, selection: selection, to: &output)
  return output
}

@Suite("Markdown writer")
struct MarkdownWriterTests {
  @Test("sections become <details> blocks laid out for GitHub, content exactly as written")
  func layout() throws {
    let source = "Intro *text*.\n\n# Pacific\n\nBig   and  deep.\n\n## Coral\n  - reef\n# Indian\n"
    #expect(
      try markdownOutput(markdown(source), SelectionRequest(expand: ["Coral"])) == """
        Intro *text*.

        <details open>
        <summary><a name="pacific"></a>Pacific</summary>

        Big   and  deep.

        <details open>
        <summary><a name="coral"></a>Coral</summary>

          - reef

        </details>

        </details>

        <details>
        <summary><a name="indian"></a>Indian</summary>

        </details>

        """)
  }

  @Test("a collapsed section's summary says what it hides; titles keep inline markup")
  func summaries() throws {
    let output = try markdownOutput(
      markdown("# Use `--depth` <b>now</b>\ntext\n## Sub\nmore\n"), SelectionRequest(base: .nothing)
    )
    #expect(
      output.hasPrefix(
        "<details>\n<summary><a name=\"use---depth-now\"></a>Use <code>--depth</code> <b>now</b> (1 section, 2 lines)</summary>\n\n"
      ))
  }

  @Test("front matter is shown as a YAML block, not as a rule and a heading")
  func frontMatter() throws {
    let output = try markdownOutput(markdown("---\ntitle: Page\n---\nIntro\n# A\n"))
    #expect(output.hasPrefix("```yaml\ntitle: Page\n```\n\nIntro\n\n<details open>"))
  }

  @Test("a code fence or comment left open at the end is closed before </details>")
  func unclosedBlocks() throws {
    #expect(
      try markdownOutput(markdown("# A\n~~~~\ncode\n")).hasSuffix(
        "~~~~\ncode\n~~~~\n\n</details>\n"))
    #expect(
      try markdownOutput(markdown("# A\n````\ncode\n```\n")).hasSuffix("```\n````\n\n</details>\n"))
    #expect(
      try markdownOutput(markdown("# A\n```\nok\n```\n")).hasSuffix("ok\n```\n\n</details>\n"))
    #expect(
      try markdownOutput(markdown("# A\n<!-- open\ncomment\n")).hasSuffix(
        "comment\n-->\n\n</details>\n"))
    // Indented 4 spaces or a tab, a fence line is content, not a closer; 3 spaces close.
    #expect(
      try markdownOutput(markdown("# A\n```\nok\n    ```\n")).hasSuffix(
        "ok\n    ```\n```\n\n</details>\n"))
    #expect(
      try markdownOutput(markdown("# A\n```\nok\n\t```\n")).hasSuffix(
        "ok\n\t```\n```\n\n</details>\n"))
    #expect(
      try markdownOutput(markdown("# A\n```\nok\n   ```\n")).hasSuffix(
        "ok\n   ```\n\n</details>\n"))
  }

  @Test(
    "raw HTML left open at the end is closed by what ends its kind",
    arguments: [
      ("<script src=x>", "</script>"), ("  <pre>", "</pre>"),
      ("<STYLE", "</style>"),
      ("<pre>\n</textarea>", "</pre>"), ("<?xml", "?>"), ("<!DOCTYPE html", ">"),
      ("<![CDATA[", "]]>"),
    ])
  func unclosedHTML(_ opening: String, _ closing: String) throws {
    let output = try markdownOutput(markdown("# A\n\(opening)\nx\n\ny\n"))
    #expect(output.hasSuffix("\(opening)\nx\n\ny\n\(closing)\n\n</details>\n"))
  }

  @Test(
    "raw HTML closed in the document gets no second end",
    arguments: [
      "<pre>\nx\n</pre>", "<pre>x</pre>", "<?a\n?>", "<!X\ny >", "<![CDATA[\n]]>",
    ])
  func closedHTML(_ block: String) throws {
    #expect(try markdownOutput(markdown("# A\n\(block)\n")).hasSuffix("\(block)\n\n</details>\n"))
  }

  @Test(
    "a script or textarea GitHub writes as text leaves nothing open",
    arguments: ["<script>\nx\n</STYLE> after", "<textarea>\nx"])
  func filteredTags(_ block: String) throws {
    #expect(try markdownOutput(markdown("# A\n\(block)\n")).hasSuffix("\(block)\n\n</details>\n"))
  }

  @Test("titles are sanitised, their ids left for GitHub to prefix")
  func titleIDs() throws {
    let output = try markdownOutput(
      markdown("# Install <a name=\"setup\"></a><img src=x onerror=y>\n"))
    #expect(
      output.hasPrefix(
        "<details open>\n<summary><a name=\"install\"></a>Install <a id=\"setup\"></a><!-- collapse removed from img: onerror --><img src=\"x\" alt=\"\" /></summary>"
      ))
  }

  @Test(
    "a stray </details> is written as text, in Markdown and in HTML blocks, but not in raw text",
    arguments: [
      ("text </details> more", "text &lt;/details> more"),
      ("</details>", "&lt;/details>"),
      ("> quoted </DETAILS >", "> quoted &lt;/DETAILS >"),
      ("<div>\n  </details>\n</div>", "<div>\n  &lt;/details>\n</div>"),
      // GitHub writes `<textarea>` as text (its tagfilter): the end tag in it is one.
      ("<textarea>\n</details></textarea>", "<textarea>\n&lt;/details></textarea>"),
      ("<div title=\"</details>\"></div>", "<div title=\"</details>\"></div>"),
      ("<!-- </details> -->", "<!-- </details> -->"),
      ("`</details>`", "`</details>`"),
      (
        "<details><summary>x</summary>\n\ny\n\n</details>",
        "<details><summary>x</summary>\n\ny\n\n</details>"
      ),
    ])
  func strayCloser(_ body: String, _ written: String) throws {
    #expect(
      try markdownOutput(markdown("# A\n\n\(body)\n")).contains("\n\n\(written)\n\n</details>\n"))
  }

  @Test(
    "an element that cmark's block ends but a browser holds open is closed before </details>",
    arguments: [
      ("<div>\nx", "</div>"), ("<details><summary>S</summary>\n\nx", "</details>"),
      ("<table><tr><td>\nx", "</td>\n</table>"), ("<div>\n<!-- open\n</div>", "<!-- -->\n</div>"),
      // A details inside svg is svg's; a paragraph would have ended the svg by itself.
      // Foreign content is closed from the inside out, as the parser holds it open.
      ("<svg>\n<details>", "</details>\n</svg>"), ("<ul><li>\n\nx", "</li>\n</ul>"),
      ("<p><math><mtext><table><mglyph>", "</mglyph>\n</table>\n</mtext>\n</math>\n</p>"),
      ("<div><svg><foreignObject><details>", "</details>\n</foreignobject>\n</svg>\n</div>"),
      // A title is text on GitHub, and the details after it an element.
      ("<title>\n<details>", "</details>"),
      // A start tag without its `>` is ended first, out of the attribute value it is in.
      ("<div id=\"foo\"\n*hi*", "<!-- -->\n</div>"), ("<div title=\"\nx", "<!-- -->\">\n</div>"),
      ("<div title='\nx", "<!-- -->'>\n</div>"), ("<div a=b\nx", "<!-- -->\n</div>"),
    ])
  func elementsLeftOpen(_ block: String, _ closers: String) throws {
    #expect(
      try markdownOutput(markdown("# A\n\(block)\n")).hasSuffix(
        "\(block)\n\n\(closers)\n\n</details>\n"))
  }

  @Test("the link definitions of a section left out come back in its place, if still used")
  func definitionsLeftOut() throws {
    let outline = markdown(
      """
      # A

      See [one] and [Two words][].

      ## B

      Text of B uses [three].

      [one]: /1
      [three]: /3

      ## C

      [four]: /4
      [TWO
        words]:
        /2 "title"

      """)
    let selection = try Selection(outline: outline, request: SelectionRequest())
    var elision = Elision(
      outline: outline, inner: [100, 100, 100], whole: [100, 100, 100], limit: 1000,
      fullCommand: "collapse x.md")
    elision.cuts[1] = .closed
    elision.cuts[2] = .removed
    elision.settle(outline)
    var output = ""
    MarkdownWriter().write(outline, selection: selection, elision: elision, to: &output)
    // The notice first; a marker where C was, before the definitions it held that A uses.
    #expect(
      output == """
        **This output was cut to fit 1000 bytes: 1 section closed and 1 section left out \
        (200 bytes), a marker at each cut. See everything with:** `collapse x.md`

        <details open>
        <summary><a name="a"></a>A</summary>

        See [one] and [Two words][].

        <details>
        <summary><a name="b"></a>B (3 lines)</summary>

        *Left out: 3 lines, 100 bytes.*

        [one]: /1

        </details>

        *Left out: 1 section, 4 lines, 100 bytes.*

        [TWO
          words]:
          /2 "title"

        </details>

        """)
  }

  @Test("JSON renders as lists of members with values in code spans")
  func json() throws {
    let outline = try JSONReader.read(Array(#"{"a*b": "x`y", "n": {"k": 1}}"#.utf8))
    #expect(
      try markdownOutput(outline) == """
        - a\\*b: ``"x`y"``

        <details open>
        <summary><a name="n"></a>n</summary>

        - k: `1`

        </details>

        """)
  }

  @Test("code spans and escapes hold any text")
  func escaping() {
    #expect(MarkdownWriter.codeSpan("plain") == "`plain`")
    #expect(MarkdownWriter.codeSpan("a``b") == "```a``b```")
    #expect(MarkdownWriter.codeSpan("`x") == "`` `x ``")
    #expect(MarkdownWriter.escaped("*a_b* [c](d) <e>") == "\\*a\\_b\\* \\[c\\]\\(d\\) \\<e\\>")
  }
}
