extension MarkdownBlocks {
  /// The section's blocks as HTML, rendered by cmark; raw HTML is sanitised unless
  /// `options.unsafe`.
  public func html(options: DocumentWriterOptions = DocumentWriterOptions()) -> String {
    var html = ""
    writeHTML(options: options, to: &html)
    return html
  }

  /// Writes the section's blocks as `html(options:)` gives them.
  func writeHTML<Target: ByteOutputStream>(options: DocumentWriterOptions, to target: inout Target)
  {
    MarkdownRenderer(options: options).writeHTML(self, to: &target)
  }
}
