extension MarkdownHeading {
  /// The heading's inline content as HTML, without the `<hN>` element around it.
  func html(options: DocumentWriterOptions) -> String {
    var html = ""
    writeHTML(options: options, to: &html)
    return html
  }

  /// Writes the heading's inline content as `html(options:)` gives it.
  func writeHTML<Target: ByteOutputStream>(options: DocumentWriterOptions, to target: inout Target)
  {
    MarkdownRenderer(options: options).writeHTML(self, to: &target)
  }
}
