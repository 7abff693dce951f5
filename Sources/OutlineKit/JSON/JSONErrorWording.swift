/// Rewords yajl's error messages as collapse's: lower case, saying what was expected.
enum JSONErrorWording {
  /// What ill-formed UTF-8 in a string is called.
  static let invalidUTF8 = "invalid UTF-8 in a string"

  static func describe(
    yajl message: String, offending: UInt8?, before: UInt8, innermostIsObject: Bool?
  ) -> String {
    let found = offending.map(shown) ?? "the end of input"
    let trailingComma =
      before == UInt8(ascii: ",")
      && (offending == UInt8(ascii: "]") || offending == UInt8(ascii: "}"))
    let body = message.split(separator: ": ", maxSplits: 1).last.map(String.init) ?? message
    switch body {
    case "after key and value, inside map, I expect ',' or '}'":
      return "expected ',' or '}' after object member, found \(found)"
    case "after array element, I expect ',' or ']'":
      return "expected ',' or ']' after array element, found \(found)"
    case "object key and value must be separated by a colon (':')":
      return "expected ':' after object key, found \(found)"
    case "invalid object key (must be a string)":
      if trailingComma {
        return "expected a key after ',', found \(found) (trailing commas are not allowed)"
      }
      return "expected a string as object key, found \(found)"
    case "unallowed token at this point in JSON text":
      if trailingComma {
        return "expected a value after ',', found \(found) (trailing commas are not allowed)"
      }
      return "expected a value, found \(found)"
    case "trailing garbage":
      return "unexpected \(found) after the end of the value"
    case "invalid char in json text.":
      return found.hasPrefix("'") ? "unexpected character \(found)" : "unexpected \(found)"
    case "invalid string in json text.":
      return
        "expected a value (true, false, null, a number, a string, an object or an array), found \(found)"
    case "invalid character inside string.":
      return "\(found) in a string must be escaped"
    case "invalid bytes in UTF8 string.":
      return invalidUTF8
    case "inside a string, '\\' occurs before a character which it may not.":
      // A byte that is not a printable character is named, not shown as Latin-1.
      let escape =
        offending.map {
          (0x21..<0x7F).contains($0) ? "'\\\(UnicodeScalar($0))'" : "'\\' before \(shown($0))"
        }
        ?? "'\\'"
      return
        "invalid escape \(escape) in a string; expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u"
    case "invalid (non-hex) character occurs after '\\u' inside string.":
      return "expected four hex digits after '\\u', found \(found)"
    case "malformed number, a digit is required after the decimal point.":
      return "expected a digit after the decimal point, found \(found)"
    case "malformed number, a digit is required after the exponent.":
      return "expected a digit in the exponent, found \(found)"
    case "malformed number, a digit is required after the minus sign.":
      return "expected a digit after '-', found \(found)"
    case "probable comment found in input text, comments are not enabled.":
      return "comments are not allowed in JSON"
    default:
      return body.prefix(1).lowercased() + body.dropFirst()
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
