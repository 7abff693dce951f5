/// What Markdown output changes in a section's raw HTML so that, as GitHub shows it,
/// the HTML opens and closes within the section: GitHub keeps `<details>`, `<table>` and
/// comments, so a stray `</details>` would close collapse's own wrapper early, and an
/// unclosed `<details>`, `<table>` or `<!--` would swallow the sections after it.
struct HTMLBalance: Equatable {
  /// Where a stray `</details>` starts, to be written as text: the 0-based line and the
  /// byte in it of its `<`.
  var strayClosers: Set<SourceByte> = []
  /// The lines that close, innermost first, what is left open: a line that ends a tag,
  /// comment or CDATA section left unfinished (`<!-- -->`, `<!-- -->">`), then end tags
  /// such as `</details>`.
  var closers: [String] = []

  struct SourceByte: Hashable {
    let line: Int
    let offset: Int
  }

  var isEmpty: Bool { strayClosers.isEmpty && closers.isEmpty }
}
