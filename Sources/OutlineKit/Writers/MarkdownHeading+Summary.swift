extension MarkdownHeading {
  /// The heading as a `<summary>` shows it when its title holds links, as a changelog's
  /// `## [1.8.2] - 2026-06-04` does: the title without its links, their text kept, so
  /// that a click anywhere on it opens and closes the section, and after it each link as
  /// an arrow titled by the link's text, which a click follows. Nil for a title without
  /// links, which is written as it is rendered.
  func summaryHTML() -> String? {
    let links = document.titleLinksHTML(node)
    guard !links.isEmpty else { return nil }
    let title = document.titleHTMLWithoutLinks(node).trimmingWhiteSpace()
    return HTML.valid(([title] + links).joined(separator: " "))
  }
}
