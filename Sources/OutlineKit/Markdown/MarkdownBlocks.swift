/// A section's own Markdown: its source lines, and its blocks parsed by cmark.
public struct MarkdownBlocks {
  /// The 0-based source lines, from just below the heading to the next heading.
  public let lines: Range<Int>
  /// The document the lines and blocks belong to.
  let document: MarkdownDocument
  /// The node of the document that holds the blocks.
  let node: MarkdownDocument.Container

  init(lines: Range<Int>, document: MarkdownDocument, node: MarkdownDocument.Container) {
    self.lines = lines
    self.document = document
    self.node = node
  }

  /// The number of the blocks' node among the document's, which tells the parts of an
  /// output apart (`Content.partKey`).
  var container: Int { node.number }

  /// The runs of link reference definitions among the blocks.
  var linkDefinitions: [LinkDefinitions] {
    document.linkDefinitions(node, lines: lines)
  }
}
