/// A document whose content is shown as its source lines: YAML, whose comments, anchors,
/// tags and quoting are kept by showing them as written.
public final class SourceDocument: Sendable {
  public let text: SourceText

  init(text: SourceText) {
    self.text = text
  }
}

/// Lines of a `SourceDocument`, shown as they are written.
public struct SourceLines {
  public let document: SourceDocument
  /// The lines shown, 0-based, none blank at either end.
  public let lines: Range<Int>
  /// The spaces that start every line of them that is not blank: the run's own indent,
  /// which the outline's nesting shows instead.
  public let indent: Int

  init(document: SourceDocument, lines: Range<Int>) {
    self.document = document
    self.lines = lines
    let text = document.text
    var indent = Int.max
    for line in lines where !text.isBlank(line) {
      let range = text.lineRange(line)
      indent = min(indent, text.bytes[range].prefix { $0 == 0x20 }.count)
    }
    self.indent = indent == Int.max ? 0 : indent
  }

  public var text: SourceText { document.text }

  /// The bytes of line `line` as shown: without the run's indent.
  public func shownRange(_ line: Int) -> Range<Int> {
    let range = text.lineRange(line)
    return min(range.lowerBound + indent, range.upperBound)..<range.upperBound
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
