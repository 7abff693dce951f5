/// A document whose content is shown as its source lines: YAML, whose comments, anchors,
/// tags and quoting are kept by showing them as written, and XML.
public final class SourceDocument: Sendable {
  public let text: SourceText
  /// The language its lines are in, as a code block's info string names it: `yaml`.
  public let language: String
  /// What a document of its format is called in messages: `YAML`.
  public let documentName: String

  init(text: SourceText, language: String = "yaml", documentName: String = "YAML") {
    self.text = text
    self.language = language
    self.documentName = documentName
  }
}

/// Lines of a `SourceDocument`, shown as they are written.
public struct SourceLines {
  public let document: SourceDocument
  /// The lines shown, 0-based, none blank at either end.
  public let lines: Range<Int>
  /// The spaces that start every line of them that is not blank, comments written less
  /// indented left aside: the run's own indent, which the outline's nesting shows instead.
  public let indent: Int

  init(document: SourceDocument, lines: Range<Int>) {
    self.document = document
    self.lines = lines
    let text = document.text
    var indent = Int.max
    var commentIndent = Int.max
    for line in lines where !text.isBlank(line) {
      let range = text.lineRange(line)
      let spaces = text.bytes[range].prefix { $0 == 0x20 }.count
      if text.bytes[range.lowerBound + spaces] == UInt8(ascii: "#") {
        commentIndent = min(commentIndent, spaces)
      } else {
        indent = min(indent, spaces)
      }
    }
    // A run of comments alone has theirs.
    if indent == Int.max { indent = commentIndent }
    self.indent = indent == Int.max ? 0 : indent
  }

  public var text: SourceText { document.text }

  /// The bytes of line `line` as shown: without the run's indent, or without the spaces
  /// it has, when it is a comment written less indented.
  public func shownRange(_ line: Int) -> Range<Int> {
    let range = text.lineRange(line)
    return text.bytes.withUnsafeBytes {
      SourceLines.shownStart(of: range, indent: indent, in: $0)..<range.upperBound
    }
  }

  /// Where line `range` of `bytes` starts to be shown, less an indent of `indent` spaces.
  static func shownStart(of range: Range<Int>, indent: Int, in bytes: UnsafeRawBufferPointer)
    -> Int
  {
    var start = range.lowerBound
    let end = min(range.lowerBound + indent, range.upperBound)
    while start < end, bytes[start] == 0x20 { start += 1 }
    return start
  }

  /// Writes line `line` as it is written, indent and all, without its line end.
  func write(_ line: Int, to target: inout some ByteOutputStream) {
    let range = text.lineRange(line)
    text.bytes.withUnsafeBytes { target.write(bytes: UnsafeRawBufferPointer(rebasing: $0[range])) }
  }

  /// Line `line` as shown: without the run's indent.
  public func shownLine(_ line: Int) -> String {
    String(decoding: text.bytes[shownRange(line)], as: UTF8.self)
  }
}
