extension MarkdownHeading {
  /// The heading as a `<summary>` shows it when its title holds links, as a changelog's
  /// `## [1.8.2] - 2026-06-04` does: the title without its links, their text kept, so
  /// that a click anywhere on it opens and closes the section, and after it each link as
  /// an arrow named by the link's text, which a click follows. Nil for a title without links,
  /// which is written as it is rendered.
  ///
  /// A link is kept beside the title only to `http`, `https`, `mailto` or a relative
  /// address; any other scheme (`javascript:`) is left out, as cmark-gfm leaves out
  /// those it finds unsafe.
  func summaryHTML() -> String? {
    let links = document.titleLinks(node)
    guard !links.isEmpty else { return nil }
    var html = document.titleHTMLWithoutLinks(node).trimmingWhiteSpace()
    for link in links {
      let url = URLCheck(link.url)
      guard ["", "http", "https", "mailto"].contains(url.scheme) else { continue }
      let name = link.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      html += " <a href=\"\(HTML.escaped(url.cleaned))\""
      if !name.isEmpty { html += " aria-label=\"\(HTML.escaped(name))\"" }
      html += ">↗</a>"
    }
    return HTML.valid(html)
  }
}
