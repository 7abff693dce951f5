import Testing

@testable import OutlineKit

@Suite("section balance")
struct SectionBalanceTests {
  /// `text` repeated `count` times.
  private func times(_ text: String, _ count: Int) -> String {
    String(repeating: text, count: count)
  }

  @Test(
    "every stray </details> and every element left open is found in a few parses, however many",
    arguments: [1, 8, 64])
  func fewParses(strays: Int) throws {
    let html = times("<div>", 8000) + "\n" + times("</details>", strays) + "\n"
    let repairs = try SectionBalance.repairs(for: Array(html.utf8))
    #expect(repairs.strays == Set(0..<strays))
    #expect(repairs.closers == Array(repeating: "</div>", count: SectionBalance.maximumClosers))
    #expect(repairs.parses <= 3, "\(repairs.parses) parses")
  }

  @Test("strays among the section's own details, and what it leaves open, in a few parses")
  func mixed() throws {
    let html =
      "<details><summary>a</summary>\n" + times("</details>", 3) + "\n<ul><li><div>"
      + "<details><summary>b</summary>x</details>" + times("</details>", 2) + "\n"
    let repairs = try SectionBalance.repairs(for: Array(html.utf8))
    // The first closes the section's own details; every later one would close collapse's.
    #expect(repairs.strays == [1, 2, 4, 5])
    #expect(repairs.closers == ["</div>", "</li>", "</ul>"])
    #expect(repairs.parses <= 3, "\(repairs.parses) parses")
  }

  @Test(
    "a token left unfinished is ended first, by what ends it in the state it is in",
    arguments: [
      ("<div title=\"\n<p>x</p>\n", "<!-- -->\">"), ("<div title='a \"b\n", "<!-- -->'>"),
      ("<div a=b\n", "<!-- -->"), ("<div title=`\n", "<!-- -->"), ("<div\n", "<!-- -->"),
      ("<div a=\"x\"\n", "<!-- -->"), ("<div>\n<!-- x --!\n", "<!-- -->"),
      ("<div>\n<? x\n", "<!-- -->"), ("<div>\n</ x\n", "<!-- -->"),
      ("<div>\n<!DOCTYPE html PUBLIC \"x\n", "<!-- -->"),
      ("<div><svg>\n<![CDATA[ x\n", "<![CDATA[]]>"),
      // Outside foreign content `<![CDATA[` opens a bogus comment, which a `>` ends.
      ("<div>\n<![CDATA[ x\n", "<!-- -->"),
      // In a quoted value, the other quote is text.
      ("<div title='\"'>\n", nil),
      // What ends a tag in a noscript left open is text to a browser with scripts on, and
      // ends it for one with scripts off.
      ("<div><math><mtext><noscript>\"<div a=\"\n", "<!-- -->\">"),
    ] as [(String, String?)])
  func unfinished(html: String, closer: String?) throws {
    let repairs = try SectionBalance.repairs(for: Array(html.utf8))
    if let closer {
      #expect(repairs.closers.first == closer, "\(repairs.closers)")
    } else {
      #expect(!repairs.closers.contains { $0.hasPrefix("<!") }, "\(repairs.closers)")
    }
    #expect(repairs.parses <= SectionBalance.maximumParses)
  }

  @Test(
    "foreign content is closed from the inside out, as the parser holds it, in a few parses",
    arguments: [
      ("<p><math><mtext><table><mglyph></p>\n", ["</mglyph>", "</table>", "</mtext>", "</math>"]),
      ("<p><math><mtext><noscript></p>\n", ["</noscript>", "</mtext>", "</math>"]),
      ("<div><svg><foreignObject><details>\n", ["</details>", "</foreignobject>", "</svg>"]),
      ("<svg><desc><div>\n", ["</div>", "</desc>", "</svg>"]),
      // With scripts on, a browser reads what follows a noscript as text up to its end tag.
      (
        "<table><tr><td><math><mtext><noscript></td><td>x</td></tr></table>\n",
        ["</noscript>", "</mtext>", "</math>", "</td>", "</tr>", "</tbody>", "</table>"]
      ),
    ])
  func foreign(html: String, closers: [String]) throws {
    let repairs = try SectionBalance.repairs(for: Array(html.utf8))
    #expect(Array(repairs.closers.prefix(closers.count)) == closers, "\(repairs.closers)")
    #expect(repairs.parses <= 3, "\(repairs.parses) parses")
  }

  @Test("no section takes more than a few parses")
  func bounded() throws {
    // An element a parser moves in front of a table makes each stray its own finding.
    let html = "<table><span>" + times("</details>x", 20) + "\n"
    let repairs = try SectionBalance.repairs(for: Array(html.utf8))
    #expect(repairs.parses <= SectionBalance.maximumParses)
  }
}
