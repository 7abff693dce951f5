import CGumbo
import Testing

@testable import OutlineKit

/// The body HTML of a one-section document holding `body`.
private func sanitisedBody(_ body: String, options: HTMLWriter.Options = HTMLWriter.Options())
  throws -> String
{
  let output = try html(markdown("# A\n\n\(body)\n"), options: options)
  let start = try #require(output.firstRange(of: "</summary>\n")).upperBound
  let end = try #require(output.ranges(of: "</details>\n").last).lowerBound
  return String(output[start..<end])
}

/// The `<details id=…>` elements of `html`, parsed as a browser parses it, each with the
/// id of the `<details id=…>` it stands in, if any.
private func sectionParents(_ html: String) -> [String: String] {
  var parents: [String: String] = [:]
  var html = html
  html.withUTF8 { bytes in
    let fragment = GumboFragment(UnsafeRawBufferPointer(bytes), context: GUMBO_TAG_BODY)
    var stack = (fragment.nodes ?? []).map { ($0, "") }
    while let (node, parent) = stack.popLast() {
      guard node.isElement else { continue }
      var inner = parent
      if node.tagName == "details", let id = node.attributes.first(where: { $0.name == "id" }) {
        parents[id.value] = parent
        inner = id.value
      }
      stack += node.children.map { ($0, inner) }
    }
  }
  return parents
}

@Suite("raw HTML, sanitised")
struct HTMLSanitizerTests {
  @Test(
    "a node is read as an element only when it is one, however long a text's bytes",
    arguments: [121, 150, 160])
  func nodeTypes(count: Int) throws {
    let text = String(repeating: "S", count: count)
    var html =
      "<details>\(text)</details><table><tr>\(String(repeating: " ", count: count))<td>x</td></tr></table><!--\(text)-->"
    var elements = 0
    var others = 0
    html.withUTF8 { bytes in
      let fragment = GumboFragment(UnsafeRawBufferPointer(bytes), context: GUMBO_TAG_DIV)
      var stack = fragment.nodes ?? []
      while let node = stack.popLast() {
        if node.isElement {
          elements += 1
          #expect(!node.tagName.isEmpty && node.tag != nil && node.text.isEmpty)
        } else {
          others += 1
          #expect(node.tagName.isEmpty && node.tag == nil && node.element == nil)
          #expect(node.attributes.isEmpty && node.children.isEmpty)
          #expect(!node.text.isEmpty && node.originalText.length > 0)
        }
        stack += node.children
      }
    }
    // details, table, tbody, tr, td; the text, the white space, x and the comment.
    #expect(elements == 5 && others == 4)
    let sanitised = try sanitisedBody("<details>\(text)</details>")
    #expect(sanitised.contains("<summary>Details</summary>\(text)"))
  }

  @Test("a details block opened and closed in separate HTML blocks keeps the Markdown between")
  func detailsAroundMarkdown() throws {
    let body = try sanitisedBody(
      "<details><summary>More</summary>\n\n**bold** and\n\n- item\n\n</details>")
    #expect(
      body
        == "<details class=\"content\"><summary>More</summary>\n<p><strong>bold</strong> and</p>\n<ul>\n<li>item</li>\n</ul>\n</details>\n"
    )
  }

  @Test("a stray </details>, an unclosed <details> or <table> cannot move collapse's sections")
  func unbalancedStaysInItsSection() throws {
    let document = """
      # A

      </details></details>

      <details><summary>open</summary>

      x

      ## B

      <table><tr><td>cell

      # C

      <!-- a comment left open

      """
    let output = try html(markdown(document), SelectionRequest(base: .everything))
    #expect(sectionParents(output) == ["a": "", "b": "a", "c": ""])
    // The unsafe output, as written, shows what is at stake: B falls into the user's
    // block and C into B's table.
    let unsafe = try html(
      markdown(document), SelectionRequest(base: .everything),
      options: HTMLWriter.Options(unsafe: true))
    #expect(sectionParents(unsafe) != ["a": "", "b": "a", "c": ""])
  }

  @Test(
    "what the allowlist does not allow goes, named in a comment where it was",
    arguments: [
      (
        "<object data=\"x.swf\"><param name=a value=b></object>",
        "<p><!-- collapse removed the object element and what it held --></p>\n"
      ),
      // GitHub writes the tags whose content would be raw text as text.
      ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;\n"),
      (
        "<img src=\"a.png\" onerror=\"x()\" style=\"color: red\">",
        "<!-- collapse removed from img: onerror, style --><img src=\"a.png\" alt=\"\" />\n"
      ),
      (
        "<svg><a xlink:href=\"javascript:x\"><text>t</text></a></svg>",
        "<p><!-- collapse removed the svg element and what it held --></p>\n"
      ),
      (
        "<math><mtext><table><mglyph><style><img src=x onerror=y>",
        "<p><!-- collapse removed the math element and what it held --></p>\n"
      ),
      (
        // Parsed as a browser without scripts parses it, the inner p ends the paragraph
        // around the noscript, which leaves its end tag nothing to close, and its title
        // keeps its text, escaped.
        "<noscript><p title=\"</noscript><img src=x onerror=y>\"></noscript>",
        "<p><!-- collapse removed the noscript element and what it held --></p><p title=\"&lt;/noscript&gt;&lt;img src=x onerror=y&gt;\"></p><!-- collapse removed an end tag of noscript that closed nothing -->\n"
      ),
      (
        "<form action=\"https://x.org\"><input type=\"text\" name=\"q\"><button>Go</button></form>",
        "<!-- collapse removed the form element, kept what it held --><!-- collapse removed the input element --><!-- collapse removed the button element and what it held -->\n"
      ),
      (
        "<input type=\"checkbox\" checked onclick=\"x()\">",
        "<input type=\"checkbox\" checked=\"\" disabled=\"\" />\n"
      ),
      (
        "<p align=\"center\"><img src=\"logo.png\" alt=\"Logo\" width=\"120\" align=\"right\"></p>",
        "<p style=\"text-align: center\"><img src=\"logo.png\" alt=\"Logo\" width=\"120\" style=\"float: right\" /></p>\n"
      ),
      (
        "<div><span><div>block</div></span></div>",
        "<div><span><!-- collapse removed the div element where HTML does not allow it, kept what it held -->block</span></div>\n"
      ),
      ("<ul><p>x</p></ul>", "<ul><li><p>x</p></li></ul>\n"),
      (
        "<center>old</center>",
        "<!-- collapse removed the center element, kept what it held -->old\n"
      ),
      ("<strike>gone</strike> <tt>code</tt>", "<p><s>gone</s> <code>code</code></p>\n"),
      ("<!-- a -- b --> <!-->", "<!-- a - - b --> <!---->\n"),
      (
        "<base href=\"https://x.org/\"><meta http-equiv=\"refresh\" content=\"0;url=https://x.org\">",
        "<!-- collapse removed the base element and what it held --><!-- collapse removed the meta element and what it held -->\n"
      ),
    ])
  func removals(_ raw: String, _ expected: String) throws {
    #expect(try sanitisedBody(raw) == expected)
  }

  @Test(
    "a URL is judged as a browser reads it, whatever hides its scheme",
    arguments: [
      "javascript:alert(1)", "&#106;avascript:alert(1)", "&#x6A;avascript:alert(1)",
      "javascript&colon;alert(1)", "jav&#x09;ascript:alert(1)", "jav\nascript:alert(1)",
      " \tJaVaScRiPt:alert(1)", "vbscript:msgbox(1)", "data:text/html,<script>x</script>",
      "file:///etc/passwd",
    ])
  func hiddenSchemes(_ url: String) throws {
    let link = try sanitisedBody("<a href=\"\(url)\">a</a>")
    #expect(link.contains("<a>a</a>"), "\(link)")
    #expect(link.contains("collapse removed from a: href ("), "\(link)")
    let image = try sanitisedBody("<img src=\"\(url)\" alt=\"i\">")
    #expect(image.contains("<img src=\"data:,\" alt=\"i\" />"), "\(image)")
  }

  @Test(
    "links may be http, https, mailto, relative or a fragment; images also data: pictures",
    arguments: [
      ("<a href=\"https://x.org/a?b=1&amp;c=2\">a</a>", "href=\"https://x.org/a?b=1&amp;c=2\""),
      ("<a href=\"mailto:me@x.org\">a</a>", "href=\"mailto:me@x.org\""),
      ("<a href=\"../docs/a.md\">a</a>", "href=\"../docs/a.md\""),
      ("<a href=\"#install\">a</a>", "href=\"#install\""),
      (
        "<img src=\"data:image/png;base64,iVBORw0KGgo=\" alt=\"\">",
        "src=\"data:image/png;base64,iVBORw0KGgo=\""
      ),
      (
        "<img src=\"data:image/svg+xml,%3Csvg%3E\" alt=\"\">",
        "src=\"data:image/svg+xml,%3Csvg%3E\""
      ),
    ])
  func allowedURLs(_ raw: String, _ kept: String) throws {
    let body = try sanitisedBody(raw)
    #expect(body.contains(kept), "\(body)")
    #expect(!body.contains("collapse removed"), "\(body)")
  }

  @Test(
    "what is kept is made valid HTML: a details gets a summary, a URL its escapes",
    arguments: [
      ("<details></details>", "<details class=\"content\"><summary>Details</summary></details>\n"),
      (
        "<details open><p>x</p><summary>late</summary></details>",
        "<details class=\"content\" open><summary>Details</summary><p>x</p><!-- collapse removed the summary element where HTML does not allow it, kept what it held -->late</details>\n"
      ),
      (
        "<img src=\"data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'/>\" alt=\"a\">",
        "<img src=\"data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'/%3E\" alt=\"a\" />\n"
      ),
      (
        "<a href=\"my docs/a%20b%zz/é.html\">a</a>",
        "<p><a href=\"my%20docs/a%20b%25zz/%C3%A9.html\">a</a></p>\n"
      ),
    ])
  func madeValid(_ raw: String, _ expected: String) throws {
    #expect(try sanitisedBody(raw) == expected)
  }

  @Test("an end tag that closes nothing is named; between tags GitHub writes as text, too")
  func strayEndTags() throws {
    let body = try sanitisedBody(
      "</details>\n\n<div>x</div></div>\n\n<textarea></details></textarea> <script>a</span></script>"
    )
    #expect(
      body
        == "<!-- collapse removed an end tag of details that closed nothing -->\n<div>x</div><!-- collapse removed an end tag of div that closed nothing -->\n<p>&lt;textarea&gt;&lt;/textarea&gt; &lt;script&gt;a&lt;/script&gt;</p><!-- collapse removed an end tag of details that closed nothing --><!-- collapse removed an end tag of span that closed nothing -->\n"
    )
  }

  @Test(
    "obsolete presentation becomes the same style; a new tab cannot reach back",
    arguments: [
      (
        "<table align=\"center\"><tr valign=\"top\"><td align=\"center\" valign=\"top\" width=\"14.28%\">x</td></tr></table>",
        "<table style=\"margin-left: auto; margin-right: auto\"><tbody><tr style=\"vertical-align: top\"><td style=\"text-align: center; vertical-align: top; width: 14.28%\">x</td></tr></tbody></table>\n"
      ),
      (
        "<img src=\"a.png\" width=\"100px;\" height=\" 80 \" hspace=\"4\" alt=\"\"><br clear=\"all\">",
        "<p><img src=\"a.png\" width=\"100\" height=\"80\" alt=\"\" style=\"margin-left: 4px; margin-right: 4px\" /><br style=\"clear: both\" /></p>\n"
      ),
      ("<td width=\"12.5\">", "\n"),
      (
        "<a href=\"https://x.org\" target=\"_blank\" rel=\"nofollow\">x</a> <a href=\"y\" target=\"top\" rel=\"opener\">y</a>",
        "<p><a href=\"https://x.org\" target=\"_blank\" rel=\"noopener noreferrer\">x</a> <!-- collapse removed from a: target, rel --><a href=\"y\">y</a></p>\n"
      ),
      (
        "<picture><source srcset=\"data:image/png;base64,AA==, a b.png 2x,b.png 480w\"><img src=\"c.png\" alt=\"\"></picture>",
        // A URL runs to white space: `a` is one, and `b.png 2x` what describes it.
        "<p><picture><source srcset=\"data:image/png;base64,AA==, a b.png 2x, b.png 480w\" /><img src=\"c.png\" alt=\"\" /></picture></p>\n"
      ),
      (
        "<picture><source srcset=\"x.png 1x, javascript:alert(1) 2x\"><img src=\"c.png\" alt=\"\"></picture>",
        "<p><picture><!-- collapse removed the source element, its srcset holding a javascript: URL --><img src=\"c.png\" alt=\"\" /></picture></p>\n"
      ),
    ])
  func presentation(_ raw: String, _ expected: String) throws {
    #expect(try sanitisedBody(raw) == expected)
  }

  @Test("ids and names from the document are prefixed, once each; footnotes keep their own")
  func ids() throws {
    let body = try sanitisedBody(
      "<a id=\"top\"></a><a name=\"anchor\"></a><span id=\"top\">again</span> see[^1]\n\n[^1]: <b id=\"n\">note</b>"
    )
    #expect(body.contains("<a id=\"user-content-top\"></a><a id=\"user-content-anchor\"></a>"))
    #expect(body.contains("<!-- collapse removed from span: id --><span>again</span>"))
    #expect(body.contains("<a href=\"#fn-1\" id=\"fnref-1\" data-footnote-ref>1</a>"))
    let page = try html(markdown("# A\n\nsee[^1]\n\n[^1]: <b id=\"n\">note</b>\n"))
    #expect(page.contains("<li id=\"fn-1\">"))
    #expect(page.contains("<b id=\"user-content-n\">note</b>"))
    #expect(page.contains("<a href=\"#fnref-1\" class=\"footnote-backref\" data-footnote-backref"))
  }

  @Test("titles keep only what goes in a line of text")
  func titles() throws {
    let output = try html(markdown("# A <div>b</div> <img src=x onerror=y> <em>c</em>\n"))
    #expect(
      output.hasPrefix(
        "<details id=\"a-b-c\" open><summary>A <!-- collapse removed the div element where HTML does not allow it, kept what it held -->b <!-- collapse removed from img: onerror --><img src=\"x\" alt=\"\" /> <em>c</em></summary>"
      ))
  }

  @Test("elements nested past the limit are written as what they hold")
  func deepNesting() throws {
    let depth = 5_000
    let body = try sanitisedBody(
      String(repeating: "<div>", count: depth) + "core" + String(repeating: "</div>", count: depth))
    #expect(body.ranges(of: "<div>").count == HTMLSanitizer.maximumDepth)
    #expect(body.ranges(of: "</div>").count == HTMLSanitizer.maximumDepth)
    #expect(body.contains("collapse removed elements nested deeper than 256, kept what they held"))
    #expect(body.contains("core"))
  }

  @Test("raw HTML nested too deep to parse in good time is left out, with a note")
  func tooDeepToParse() throws {
    let depth = 100_000
    let output = try html(
      markdown(
        "# A\n\n" + String(repeating: "<div>", count: depth) + "core"
          + String(repeating: "</div>", count: depth) + "\n\nText.\n"))
    #expect(
      output.contains(
        "<!-- collapse left out the raw HTML here: its elements nest deeper than 8192 -->"))
    #expect(output.contains("<p>Text.</p>"))
    #expect(!output.contains("<div>"))
  }

  @Test("--unsafe keeps the HTML exactly as written")
  func unsafe() throws {
    let raw = "<div onclick=\"x()\">a</div>\n<script>alert(1)</script>"
    #expect(try sanitisedBody(raw, options: HTMLWriter.Options(unsafe: true)) == raw + "\n")
  }

  @Test("a section without raw HTML is written as cmark-gfm renders it, safe")
  func noRawHTML() throws {
    let body = try sanitisedBody("A [link](javascript:x) and ![i](https://x.org/i.png) `<b>`")
    #expect(
      body
        == "<p>A <a href=\"\">link</a> and <img src=\"https://x.org/i.png\" alt=\"i\" /> <code>&lt;b&gt;</code></p>\n"
    )
  }

  @Test(
    "the standalone page shows an image from another host as a box of its alt text that links to it"
  )
  func remoteImages() throws {
    let document = """
      # A

      ![logo](https://x.org/logo.png) ![here](logo.png) <img src="//x.org/a.png" alt="raw">
      [![build](https://x.org/badge.svg?a=1&b=2)](https://ci.example/) ![](https://x.org/c.png)

      <picture><source srcset="https://x.org/dark.png" media="(prefers-color-scheme: dark)"><img src="light.png" alt="light"></picture>
      """
    let output = try page(markdown(document))
    #expect(
      output.contains(
        "<a class=\"remote-image\" href=\"https://x.org/logo.png\" title=\"Not loaded: https://x.org/logo.png\">logo</a>"
      ))
    #expect(output.contains("<img src=\"logo.png\" alt=\"here\" />"))
    #expect(
      output.contains(
        "<a class=\"remote-image\" href=\"//x.org/a.png\" title=\"Not loaded: //x.org/a.png\">raw</a>"
      ))
    // In a link already, it is a box of its own, and the link leads where it led.
    #expect(
      output.contains(
        "<a href=\"https://ci.example/\"><span class=\"remote-image\" title=\"Not loaded: https://x.org/badge.svg?a=1&amp;b=2\">build</span></a>"
      ))
    #expect(output.contains(">image</a>"))
    #expect(
      output.contains(
        "<picture><!-- collapse removed the source element of an image from another host --><img src=\"light.png\" alt=\"light\" /></picture>"
      ))
    // The fragment has no policy to block them: its images stay.
    #expect(
      try html(markdown(document)).contains("<img src=\"https://x.org/logo.png\" alt=\"logo\" />"))
  }

  @Test("a page that loads remote images shows those over https, allowed by its policy")
  func loadedRemoteImages() throws {
    let document = "# A\n\n![logo](https://x.org/logo.png) ![old](http://x.org/old.png)\n"
    var options = HTMLWriter.Options()
    options.loadsRemoteImages = true
    let output = try page(markdown(document), options: options)
    #expect(output.contains("<img src=\"https://x.org/logo.png\" alt=\"logo\" />"))
    // Plain http stays blocked by the policy, so it is still a placeholder.
    #expect(output.contains(">old</a>"))
    #expect(output.contains("img-src 'self' data: https:; "))
    #expect(try !page(markdown(document)).contains("https:;"))
  }
}

@Suite("GitHub alerts")
struct GitHubAlertTests {
  @Test(
    "each kind renders as GitHub's callout, its title the kind",
    arguments: [
      ("NOTE", "note", "Note"), ("TIP", "tip", "Tip"), ("IMPORTANT", "important", "Important"),
      ("WARNING", "warning", "Warning"), ("CAUTION", "caution", "Caution"),
    ])
  func kinds(_ marker: String, _ kind: String, _ title: String) throws {
    let body = try sanitisedBody("> [!\(marker)]\n> Be **careful**.\n>\n> - one")
    #expect(
      body
        == "<div class=\"markdown-alert markdown-alert-\(kind)\">\n<p class=\"markdown-alert-title\">\(title)</p>\n<p>Be <strong>careful</strong>.</p>\n<ul>\n<li>one</li>\n</ul>\n</div>\n"
    )
  }

  @Test(
    "a marker with text after it, alone, or unknown leaves a block quote",
    arguments: ["> [!NOTE] more", "> [!NOTE]", "> [!DANGER]\n> x", "> [NOTE]\n> x"])
  func notAlerts(_ quote: String) throws {
    #expect(try sanitisedBody(quote).hasPrefix("<blockquote>\n"))
  }

  @Test("an alert keeps its raw HTML sanitised, and markdown output keeps it as written")
  func alertWithRawHTML() throws {
    let source = "# A\n\n> [!TIP]\n> Use <kbd>q</kbd> <script>x</script>\n"
    let body = try html(markdown(source))
    #expect(
      body.contains(
        "<p class=\"markdown-alert-title\">Tip</p>\n<p>Use <kbd>q</kbd> &lt;script&gt;x&lt;/script&gt;</p>"
      ))
    #expect(
      try markdownOutput(markdown(source)).contains(
        "\n> [!TIP]\n> Use <kbd>q</kbd> <script>x</script>\n"))
  }
}
