/// A run of content that belongs to a section (or to the document itself), placed
/// among that owner's subsections.
public struct Content {
  /// What the run is made of.
  public enum Body {
    /// Markdown blocks, kept both as their source lines and as parsed blocks.
    case markdown(MarkdownBlocks)
    /// JSON members (or array elements) whose values are scalars or empty containers.
    case members(Members)
    /// Lines of a YAML document as written, comments and all.
    case source(SourceLines)
    /// Text shown with its line ends and spacing kept: a test's message and stack trace.
    case preformatted(Preformatted)
    /// A test report's totals: shown as one line, read by conditions and JSON as members.
    case totals(ReportTotals)
  }

  /// How many of the owner's subsections come before this run.
  public let position: Int
  public let body: Body

  init(position: Int, body: Body) {
    self.position = position
    self.body = body
  }
}
