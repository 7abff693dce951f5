/// What stands at the top level of a parsed document, in document order, as
/// `MarkdownDocument.takeTopLevel` hands it out: runs of blocks, each before a heading and
/// one after the last, and the headings between them.
enum MarkdownTopLevel {
  /// The blocks since the previous heading, or since the start: a run nobody owns yet,
  /// and the line the next heading starts on (from 0), or nil after the last.
  case blocks(MarkdownDocument.Run, nextHeading: Int?)
  /// A heading, which the document now owns.
  case heading(TopLevelHeading)
}

/// A top-level heading of a parsed document, and what its node says.
struct TopLevelHeading {
  /// Its node, which the document owns.
  let node: MarkdownDocument.Heading
  /// 1 to 6.
  let level: Int
  /// The line it starts on, from 0.
  let line: Int
  /// Its text without markup, white space folded.
  let title: String
  /// Whether it is nothing but text, which HTML may then write as its escaped title.
  let isPlainText: Bool
  /// The state its trailing comment asks for, which it no longer holds.
  let hint: HeadingHint?
}
