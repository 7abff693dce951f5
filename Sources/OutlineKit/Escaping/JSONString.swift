/// JSON string literals, as collapse writes them everywhere: in its JSON output, and for
/// keys and strings in text and HTML.
enum JSONString {
  /// `text` as a JSON string literal.
  static func quoted(_ text: String) -> String {
    var result = ""
    write(text, to: &result)
    return result
  }

  /// Writes `text` as `quoted(_:)` gives it.
  static func write<Target: ByteOutputStream>(_ text: String, to target: inout Target) {
    var text = text
    text.withUTF8 { write(UnsafeRawBufferPointer($0), to: &target) }
  }

  /// Writes `text` as a JSON string literal that escapes only what it must, and what
  /// would disturb a terminal or a line: control characters and line separators.
  static func write<Target: ByteOutputStream>(
    _ text: UnsafeRawBufferPointer, to target: inout Target
  ) {
    target.write("\"")
    var copied = 0
    var index = 0
    while index < text.count {
      let byte = text[index]
      // Most bytes need no escape; only these can start one.
      guard
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xC2 || byte == 0xE2
      else {
        index += 1
        continue
      }
      let (escape, length) = escape(text, at: index)
      guard let escape else {
        index += 1
        continue
      }
      target.write(bytes: UnsafeRawBufferPointer(rebasing: text[copied..<index]))
      target.write(escape)
      index += length
      copied = index
    }
    target.write(bytes: UnsafeRawBufferPointer(rebasing: text[copied..<text.count]))
    target.write("\"")
  }

  /// The escape for the character at `index` and its length in bytes, or nil.
  static func escape(_ text: UnsafeRawBufferPointer, at index: Int) -> (String?, Int) {
    let byte = text[index]
    switch byte {
    case 0x22: return ("\\\"", 1)
    case 0x5C: return ("\\\\", 1)
    case 0x0A: return ("\\n", 1)
    case 0x0D: return ("\\r", 1)
    case 0x09: return ("\\t", 1)
    case 0x08: return ("\\b", 1)
    case 0x0C: return ("\\f", 1)
    case 0x00..<0x20, 0x7F: return (unicodeEscape(UInt32(byte)), 1)
    case 0xC2 where index + 1 < text.count && (0x80...0x9F).contains(text[index + 1]):
      return (unicodeEscape(UInt32(text[index + 1])), 2)
    case 0xE2
    where index + 2 < text.count && text[index + 1] == 0x80
      && (text[index + 2] == 0xA8 || text[index + 2] == 0xA9):
      return (unicodeEscape(text[index + 2] == 0xA8 ? 0x2028 : 0x2029), 3)
    default: return (nil, 1)
    }
  }

  private static func unicodeEscape(_ value: UInt32) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
  }
}
