/// The steps of one walk through an outline in document order, which every writer takes:
/// it enters a section, visits the content runs and subsections it goes into, and leaves
/// it. Each output (text, HTML, GitHub Markdown, JSON) is a walker; what `--max-bytes`
/// leaves out is decided before the walk, and the walker only asks about it.
protocol OutlineWalker {
  /// What a step can fail with, such as the output it writes to.
  associatedtype Failure: Error

  /// Whether the walk goes into the section at `index`, to its content and subsections;
  /// when it does not, `leave` follows `enter` at once.
  func descends(into index: Int) -> Bool

  /// The start of the section at `index`.
  mutating func enter(_ index: Int) throws(Failure)

  /// A run of content whose owner is `depth - 1` levels deep (0 for the document's own).
  mutating func visit(_ content: Content, depth: Int) throws(Failure)

  /// The end of the section at `index`, after its content and subsections.
  mutating func leave(_ index: Int) throws(Failure)
}
