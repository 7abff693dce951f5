/// Makes text safe to show in a terminal: control characters, which could move the
/// cursor or change the terminal's state, are shown in caret notation (`^[`, `^?`,
/// `M-^[`) as `cat -v` shows them. Tabs are kept.
public enum TerminalText {
  /// `text` with its control characters made visible.
  public static func escaped(_ text: String) -> String {
    // Looked for in the bytes: most text has none, and reading scalars costs more.
    var copy = text
    guard copy.withUTF8({ containsControl(UnsafeRawBufferPointer($0)) }) else { return text }
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

  /// The longest URL written as a hyperlink: terminals drop longer ones, or the whole
  /// sequence.
  static let longestHyperlink = 2048

  /// `url` as the target of an OSC 8 hyperlink: every byte outside printable ASCII, and
  /// the space, percent-encoded, so that nothing in it can end the sequence or start
  /// another. Nil when it is empty or too long to be written.
  static func hyperlinkTarget(_ url: String) -> String? {
    guard !url.isEmpty, url.utf8.count <= longestHyperlink else { return nil }
    if url.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { return url }
    var encoded = ""
    for byte in url.utf8 {
      if byte > 0x20 && byte < 0x7F {
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        encoded += "%" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    return encoded.utf8.count <= longestHyperlink ? encoded : nil
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
    // Printable ASCII holds no control character: most of a document's lines are such runs.
    let start = ByteScan.skip(bytes, from: 0, unless: ByteScan.flagNotPrintableASCII)
    for byte in bytes[start...] {
      if (byte < 0x20 && byte != 0x09) || byte == 0x7F { return true }
      if previous == 0xC2 && (0x80...0x9F).contains(byte) { return true }
      previous = byte
    }
    return false
  }
}
