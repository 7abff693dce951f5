/// A section's own Markdown: its source lines, and its blocks parsed by cmark.
public struct MarkdownBlocks: Sendable {
  /// The 0-based source lines, from just below the heading to the next heading.
  public let lines: Range<Int>
  /// The document the lines and blocks belong to.
  public let document: MarkdownDocument
  let container: Int

  /// The section's blocks as HTML, rendered by cmark; raw HTML is sanitised unless
  /// `options.unsafe`.
  public func html(options: DocumentWriterOptions = DocumentWriterOptions()) -> String {
    document.renderHTML(container: container, lines: lines, options: options)
  }

  /// Writes the section's blocks as `html(options:)` gives them.
  func writeHTML<Target: ByteOutputStream>(options: DocumentWriterOptions, to target: inout Target)
  {
    document.writeHTML(container: container, lines: lines, options: options, to: &target)
  }

  /// The runs of link reference definitions among the blocks.
  var linkDefinitions: [LinkDefinitions] {
    document.linkDefinitions(container: container, lines: lines)
  }
}
