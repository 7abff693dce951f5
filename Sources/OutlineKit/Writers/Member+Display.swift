extension Member {
  /// The value as a content line shows it: a string in quotes, with JSON escapes for
  /// quotes, backslashes and control characters; anything else as written.
  public var displayValue: String {
    type == .string ? Member.quoted(value) : value
  }

  /// What the line is labelled with: `[3]` for an element of an array, the key for a
  /// member (in quotes when it is empty or could be misread), nothing for a lone value.
  public var displayLabel: String? {
    if let index { return "[\(index)]" }
    guard let key else { return nil }
    let plain =
      !key.isEmpty && key.first?.isWhitespace == false && key.last?.isWhitespace == false
      && !key.unicodeScalars.contains { $0 == ":" || $0 == "\"" || Member.needsEscape($0) }
    return plain ? key : Member.quoted(key)
  }

  /// The content line: `label: value`, or the value alone.
  public var line: String {
    displayLabel.map { "\($0): \(displayValue)" } ?? displayValue
  }

  /// `text` as a JSON string literal that escapes only what it must, and what would
  /// disturb a terminal or a line: control characters and line separators.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{8}": result += "\\b"
      case "\u{C}": result += "\\f"
      default:
        if needsEscape(scalar) {
          let hex = String(scalar.value, radix: 16, uppercase: true)
          result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
  }
}
