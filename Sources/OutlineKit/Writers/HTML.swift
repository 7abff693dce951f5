/// HTML escaping for text and attribute values.
enum HTML {
  /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character references.
  static func escaped(_ text: String) -> String {
    guard
      text.utf8.contains(where: {
        $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27
      })
    else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    for character in text.unicodeScalars {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }

  /// `html` with the code points HTML forbids in a document (control characters other
  /// than white space, and noncharacters) replaced by U+FFFD, which is what a browser
  /// shows for them anyway; a character reference would be just as invalid.
  static func valid(_ html: String) -> String {
    guard html.unicodeScalars.contains(where: isForbidden) else { return html }
    var result = String.UnicodeScalarView()
    for scalar in html.unicodeScalars {
      result.append(isForbidden(scalar) ? "\u{FFFD}" : scalar)
    }
    return String(result)
  }

  /// Whether HTML forbids `scalar` in a document's text.
  static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x20 { return value != 0x09 && value != 0x0A && value != 0x0C && value != 0x0D }
    if value < 0x7F { return false }
    if value <= 0x9F { return true }
    return (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
  }
}
