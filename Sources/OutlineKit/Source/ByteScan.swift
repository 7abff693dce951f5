/// Scanning bytes eight at a time, for the runs of plain ASCII that most text is: the one
/// place the word-at-a-time tricks live.
///
/// Each `flag…` function sets the top bit of the bytes of a little-endian word that stop
/// a scan. Set bits may also mark bytes after a true one, never before it, so that the
/// lowest set bit is exact.
enum ByteScan {
  /// Flags bytes that are not printable ASCII: a high bit, below 0x20, or DEL.
  @inline(__always)
  static func flagNotPrintableASCII(_ word: UInt64) -> UInt64 {
    let control = (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080
    return (word & 0x8080_8080_8080_8080) | control | flagByte(word, 0x7F)
  }

  /// Flags bytes that are not ASCII, and NUL.
  @inline(__always)
  static func flagNotASCIIOrNUL(_ word: UInt64) -> UInt64 {
    let zero = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
    return (word & 0x8080_8080_8080_8080) | zero
  }

  /// Flags bytes equal to `byte`.
  @inline(__always)
  static func flagByte(_ word: UInt64, _ byte: UInt8) -> UInt64 {
    let matched = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
    return (matched &- 0x0101_0101_0101_0101) & ~matched & 0x8080_8080_8080_8080
  }

  /// The offset of the first byte at or after `start` that `flag` marks, or of the first of
  /// the last seven bytes or fewer when no whole word holds one: the bytes before it need
  /// no look, and those from it on are for the caller to judge one by one
  /// (`-DPLAIN_BYTESCAN` returns `start`, leaving every byte to the caller; bench/tricks.md
  /// says what this gains).
  @inline(__always)
  static func skip(
    _ bytes: UnsafeRawBufferPointer, from start: Int, unless flag: (UInt64) -> UInt64
  ) -> Int {
    #if PLAIN_BYTESCAN
      return start
    #else
      guard let base = bytes.baseAddress else { return start }
      var index = start
      while index + 8 <= bytes.count {
        let flagged = flag(
          UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
        if flagged != 0 { return index + flagged.trailingZeroBitCount >> 3 }
        index += 8
      }
      return index
    #endif
  }
}
