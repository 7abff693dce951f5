#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A document's text, as valid UTF-8, and where each of its lines starts.
///
/// Line ends are `\n`, `\r\n` or a lone `\r`, as in CommonMark, so line numbers agree
/// with cmark's.
public struct SourceText: Sendable {
  /// The document's bytes, with a leading byte order mark removed.
  public let bytes: [UInt8]
  /// The offset at which each line starts.
  private let lineStarts: [Int]

  init(bytes: [UInt8]) {
    self.bytes = bytes
    self.lineStarts = SourceText.lineStarts(of: bytes)
  }

  /// The number of lines; a final line end does not start another line.
  public var lineCount: Int { lineStarts.count }

  /// Where line `index` (0-based) starts, or the end of the text for `lineCount`.
  func offset(ofLine index: Int) -> Int {
    index < lineStarts.count ? lineStarts[index] : bytes.count
  }

  /// The byte range of line `index` (0-based), without its line end.
  public func lineRange(_ index: Int) -> Range<Int> {
    let start = lineStarts[index]
    var end = index + 1 < lineStarts.count ? lineStarts[index + 1] : bytes.count
    if end > start, bytes[end - 1] == 0x0A { end -= 1 }
    if end > start, bytes[end - 1] == 0x0D { end -= 1 }
    return start..<end
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

  private static func lineStarts(of bytes: [UInt8]) -> [Int] {
    var starts: [Int] = []
    guard !bytes.isEmpty else { return starts }
    starts.reserveCapacity(bytes.count / 32 + 1)
    starts.append(0)
    bytes.withUnsafeBufferPointer { buffer in
      let count = buffer.count
      guard let base = buffer.baseAddress else { return }
      if memchr(base, 0x0D, count) == nil {
        // Only LF line ends: let memchr find them.
        var index = 0
        while index < count, let found = memchr(base + index, 0x0A, count - index) {
          index = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
          if index < count { starts.append(index) }
        }
        return
      }
      var index = 0
      while index < count {
        let byte = buffer[index]
        index += 1
        if byte == 0x0A {
          if index < count { starts.append(index) }
        } else if byte == 0x0D {
          if index < count, buffer[index] == 0x0A { index += 1 }
          if index < count { starts.append(index) }
        }
      }
    }
    return starts
  }
}
