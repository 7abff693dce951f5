/// Where a section stands in the source it was read from: from its heading, or its key
/// (else its opening bracket) in JSON, through the last line of its last subsection.
public struct SourceSpan: Equatable, Sendable {
  /// The source lines, 0-based: a Markdown section's end where the next heading outside it
  /// starts, a JSON section's on its closing bracket's line.
  public var lines: Range<Int>
  /// The byte offsets in the source as it was read, a byte order mark counted and invalid
  /// UTF-8 counted as it stood.
  public var bytes: Range<Int>

  public init(lines: Range<Int>, bytes: Range<Int>) {
    self.lines = lines
    self.bytes = bytes
  }
}
