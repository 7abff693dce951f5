/// Where a section's heading lives, so writers can keep its inline markup.
struct MarkdownHeading {
  let document: MarkdownDocument
  let node: MarkdownDocument.Heading
  /// Whether the heading holds only text, which its title, escaped, shows as cmark would.
  let isPlainText: Bool
  /// The lines of link definitions that open a setext heading's paragraph, if any: not
  /// part of its title, and needed where the heading is written again as Markdown.
  var definitions: Range<Int>? = nil
}
