extension Member {
  /// The value as a content line shows it: a string in quotes, with JSON escapes for
  /// quotes, backslashes and control characters; anything else as written.
  public var displayValue: String {
    guard type == .string else { return value }
    var text = ""
    var value = value
    value.withUTF8 { MemberText.writeQuoted(UnsafeRawBufferPointer($0), to: &text) }
    return text
  }

  /// What the line is labelled with: `[3]` for an element of an array, the key for a
  /// member (in quotes when it is empty or could be misread), nothing for a lone value.
  public var displayLabel: String? {
    if let index { return "[\(index)]" }
    guard var key else { return nil }
    var text = ""
    key.withUTF8 { MemberText.writeLabel(UnsafeRawBufferPointer($0), to: &text) }
    return text
  }

  /// The content line: `label: value`, or the value alone.
  public var line: String {
    displayLabel.map { "\($0): \(displayValue)" } ?? displayValue
  }
}

extension Members {
  /// Writes the content line of the member at `position`, straight from the store.
  func writeLine<Target: ByteOutputStream>(_ position: Int, to target: inout Target) {
    store.writeLine(position, to: &target)
  }
}

extension JSONValues {
  func writeLine<Target: ByteOutputStream>(_ position: Int, to target: inout Target) {
    let record = records[position]
    bytes.withUnsafeBytes { bytes in
      if record.index != UInt32.max {
        target.write("[\(record.index)]: ")
      } else if record.keyLength != UInt32.max {
        let key = UnsafeRawBufferPointer(
          rebasing: bytes[Int(record.keyStart)..<Int(record.keyStart + record.keyLength)])
        MemberText.writeLabel(key, to: &target)
        target.write(": ")
      }
      let value = UnsafeRawBufferPointer(
        rebasing: bytes[Int(record.valueStart)..<Int(record.valueStart + record.valueLength)])
      if record.type == .string {
        MemberText.writeQuoted(value, to: &target)
      } else {
        target.write(bytes: value)
      }
    }
  }
}

/// How keys and values are spelled on content lines, on UTF-8 bytes.
enum MemberText {
  /// Writes a key bare, or quoted when it is empty, has white space at either end, or
  /// holds `:`, `"` or a character that must be escaped.
  static func writeLabel<Target: ByteOutputStream>(
    _ key: UnsafeRawBufferPointer, to target: inout Target
  ) {
    if isPlain(key) {
      target.write(bytes: key)
    } else {
      writeQuoted(key, to: &target)
    }
  }

  /// Writes `text` as a JSON string literal that escapes only what it must, and what
  /// would disturb a terminal or a line: control characters and line separators.
  static func writeQuoted<Target: ByteOutputStream>(
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
      let (escape, length) = escapeAt(text, index)
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
  private static func escapeAt(_ text: UnsafeRawBufferPointer, _ index: Int) -> (String?, Int) {
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

  private static func isPlain(_ key: UnsafeRawBufferPointer) -> Bool {
    guard !key.isEmpty else { return false }
    let bytes = key.bindMemory(to: UInt8.self)
    // No white space at either end: the last character starts after its continuation bytes.
    var last = bytes.count - 1
    while last > 0 && bytes[last] & 0xC0 == 0x80 { last -= 1 }
    if whiteSpaceLength(bytes, at: 0) > 0 || whiteSpaceLength(bytes, at: last) > 0 { return false }
    var index = 0
    while index < key.count {
      let byte = key[index]
      if byte == UInt8(ascii: ":") || byte == UInt8(ascii: "\"")
        || ((byte < 0x20 || byte >= 0x7F) && escapeAt(key, index).0 != nil)
      {
        return false
      }
      index += 1
    }
    return true
  }
}
