extension Content {
  /// Writes the text a search looks through, a page's and the interactive view's alike:
  /// Markdown's text as a reader sees it, a member's line, a source line as written, a report's header; a
  /// line end after each.
  func writeSearchText<Target: ByteOutputStream>(to target: inout Target) {
    switch body {
    case .markdown(let blocks):
      blocks.document.writePlainText(blocks.node, to: &target)
    case .members(let members):
      for member in members {
        target.write(member.line)
        target.write("\n")
      }
    case .source(let source):
      for line in source.lines {
        source.write(line, to: &target)
        target.write("\n")
      }
    case .preformatted(let block):
      for line in block.lines {
        target.write(line)
        target.write("\n")
      }
    case .totals(let totals):
      target.write(totals.header)
      target.write("\n")
    }
  }
}
