/// The options of the two writers that render the document itself, HTML and GitHub
/// Markdown: each means the same in both.
public struct DocumentWriterOptions: Equatable, Sendable {
  /// Keeps raw HTML and unsafe links from the document instead of dropping them.
  public var unsafe = false
  /// Starts with a nested table of contents that links to every section.
  public var tableOfContents = false

  public init(unsafe: Bool = false, tableOfContents: Bool = false) {
    self.unsafe = unsafe
    self.tableOfContents = tableOfContents
  }
}
