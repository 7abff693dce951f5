/// Makes text safe to show in a terminal: control characters, which could move the
/// cursor or change the terminal's state, are shown in caret notation (`^[`, `^?`,
/// `M-^[`) as `cat -v` shows them. Tabs are kept.
public enum Printable {
  /// `text` with its control characters made visible.
  public static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if isControl(scalar) {
        result += caret(scalar)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Writes valid UTF-8 `bytes` with their control characters made visible.
  static func write<Target: ByteOutputStream>(
    _ bytes: UnsafeRawBufferPointer, to target: inout Target
  ) {
    if containsControl(bytes) {
      target.write(escaped(String(decoding: bytes, as: UTF8.self)))
    } else {
      target.write(bytes: bytes)
    }
  }

  /// `text` with its one non-ASCII mark of this program's own, the ellipsis, spelled `...`.
  static func ascii(_ text: String) -> String {
    text.replacing("…", with: "...")
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return (value < 0x20 && value != 0x09) || (0x7F...0x9F).contains(value)
  }

  private static func caret(_ scalar: Unicode.Scalar) -> String {
    let value = scalar.value
    if value >= 0x80 { return "M-" + caret(Unicode.Scalar(UInt8(value - 0x80))) }
    if value == 0x7F { return "^?" }
    return "^" + String(Unicode.Scalar(UInt8(value + 0x40)))
  }

  private static func containsControl(_ bytes: UnsafeRawBufferPointer) -> Bool {
    var previous: UInt8 = 0
    var start = 0
    // Eight bytes of printable ASCII at a time (none below 0x20, no DEL, no high bit),
    // which holds no control character: most of a document's lines are such runs.
    if let base = bytes.baseAddress {
      while start + 8 <= bytes.count {
        let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: start, as: UInt64.self))
        let low = (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080
        let delete = (word ^ 0x7F7F_7F7F_7F7F_7F7F)
        let hasDelete = (delete &- 0x0101_0101_0101_0101) & ~delete & 0x8080_8080_8080_8080
        guard (word & 0x8080_8080_8080_8080) | low | hasDelete == 0 else { break }
        start += 8
      }
    }
    for byte in bytes[start...] {
      if (byte < 0x20 && byte != 0x09) || byte == 0x7F { return true }
      if previous == 0xC2 && (0x80...0x9F).contains(byte) { return true }
      previous = byte
    }
    return false
  }
}
