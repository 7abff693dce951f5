#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension SourceMap {
  /// A line and column in JSON text, moved forward as the text is read, as yajl counts
  /// them: lines end at line feeds, and columns count characters (Unicode scalars).
  struct Position {
    private(set) var line = 1
    /// Characters (Unicode scalars) since the line began, plus one.
    private(set) var column = 1

    mutating func advance(over bytes: Slice<UnsafeBufferPointer<UInt8>>) {
      let text = UnsafeBufferPointer(rebasing: bytes)
      guard let base = text.baseAddress, !text.isEmpty else { return }
      // Count line ends with memchr; count characters only after the last one.
      var tail = 0
      while tail < text.count, let found = memchr(base + tail, 0x0A, text.count - tail) {
        line += 1
        column = 1
        tail = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
      }
      for byte in text[tail...] where byte & 0xC0 != 0x80 {
        column += 1
      }
    }

    /// The position one character back on the same line.
    func movedBack() -> Position {
      var position = self
      position.column = max(1, column - 1)
      return position
    }

    /// Moves past one byte.
    mutating func advance(over byte: UInt8) {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
  }
}
