/// Words what yajl stopped on as collapse's messages do: lower case, saying what was expected.
enum JSONErrorWording {
  /// What ill-formed UTF-8 in a string is called.
  static let invalidUTF8 = "invalid UTF-8 in a string"

  /// The message for `problem`, found at `offending` (nil at the end of the input) after
  /// `before`, the last byte other than white space before it.
  static func describe(_ problem: JSONProblem, offending: UInt8?, before: UInt8) -> String {
    let found = offending.map(shown) ?? "the end of input"
    let trailingComma =
      before == UInt8(ascii: ",")
      && (offending == UInt8(ascii: "]") || offending == UInt8(ascii: "}"))
    switch problem {
    case .afterMember:
      return "expected ',' or '}' after object member, found \(found)"
    case .afterElement:
      return "expected ',' or ']' after array element, found \(found)"
    case .afterKey:
      return "expected ':' after object key, found \(found)"
    case .invalidKey:
      if trailingComma {
        return "expected a key after ',', found \(found) (trailing commas are not allowed)"
      }
      return "expected a string as object key, found \(found)"
    case .unexpectedToken:
      if trailingComma {
        return "expected a value after ',', found \(found) (trailing commas are not allowed)"
      }
      return "expected a value, found \(found)"
    case .invalidCharacter:
      return found.hasPrefix("'") ? "unexpected character \(found)" : "unexpected \(found)"
    case .invalidLiteral:
      return
        "expected a value (true, false, null, a number, a string, an object or an array), found \(found)"
    case .unescapedInString:
      return "\(found) in a string must be escaped"
    case .invalidUTF8:
      return invalidUTF8
    case .invalidEscape:
      // A byte that is not a printable character is named, not shown as Latin-1.
      let escape =
        offending.map {
          (0x21..<0x7F).contains($0) ? "'\\\(UnicodeScalar($0))'" : "'\\' before \(shown($0))"
        }
        ?? "'\\'"
      return
        "invalid escape \(escape) in a string; expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u"
    case .invalidHexEscape:
      return "expected four hex digits after '\\u', found \(found)"
    case .missingDigitAfterDecimalPoint:
      return "expected a digit after the decimal point, found \(found)"
    case .missingDigitInExponent:
      return "expected a digit in the exponent, found \(found)"
    case .missingDigitAfterMinus:
      return "expected a digit after '-', found \(found)"
    case .comment:
      return "comments are not allowed in JSON"
    }
  }

  /// A byte as a message shows it: `'x'`, or a name for one that cannot be seen.
  private static func shown(_ byte: UInt8) -> String {
    switch byte {
    case 0x09: return "a tab"
    case 0x0A: return "a line end"
    case 0x0D: return "a carriage return"
    case 0x00..<0x20, 0x7F:
      return "control character U+00\(String(byte, radix: 16, uppercase: true).leftPadded(2))"
    case 0x80...: return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    default: return "'\(String(UnicodeScalar(byte)))'"
    }
  }
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
