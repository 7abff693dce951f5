/// A document's text, as valid UTF-8, and its map: where each of its lines starts, and
/// where it stands in the input.
public struct SourceText: Sendable {
  /// The document's bytes, with a leading byte order mark removed.
  public let bytes: [UInt8]
  /// Where the lines start, and how offsets are taken back to the input.
  public let map: SourceMap

  init(bytes: [UInt8], map: SourceMap) {
    self.bytes = bytes
    self.map = map
  }

  /// The number of lines; a final line end does not start another line.
  public var lineCount: Int { map.lineCount }

  /// The byte range of line `index` (0-based), without its line end.
  public func lineRange(_ index: Int) -> Range<Int> {
    map.lineRange(index, in: bytes)
  }

  /// The text of line `index` (0-based), without its line end.
  public func line(_ index: Int) -> String {
    String(decoding: bytes[lineRange(index)], as: UTF8.self)
  }

  /// Whether line `index` holds only spaces and tabs.
  public func isBlank(_ index: Int) -> Bool {
    let range = lineRange(index)
    return bytes.withUnsafeBytes { buffer in
      var offset = range.lowerBound
      // Eight spaces at a time: an indented line starts with runs of them.
      while offset + 8 <= range.upperBound,
        buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == 0x2020_2020_2020_2020
      {
        offset += 8
      }
      return buffer[offset..<range.upperBound].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }
  }

  /// The number of lines in `lines` that are not blank.
  func nonBlankCount(_ lines: Range<Int>) -> Int {
    lines.reduce(0) { $0 + (isBlank($1) ? 0 : 1) }
  }

  /// `lines` without the blank lines at either end.
  public func trimmingBlankLines(_ lines: Range<Int>) -> Range<Int> {
    var lower = lines.lowerBound
    var upper = lines.upperBound
    while lower < upper, isBlank(lower) { lower += 1 }
    while upper > lower, isBlank(upper - 1) { upper -= 1 }
    return lower..<upper
  }
}
