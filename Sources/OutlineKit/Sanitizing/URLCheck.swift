/// A URL from an attribute, read the way a browser's URL parser starts: without the
/// control characters and spaces around it, and without any tab or line end inside it,
/// so that `jav&#x09;ascript:` is `javascript:`.
///
/// Everything it looks at is ASCII, and no byte of a UTF-8 sequence outside ASCII is, so it
/// looks at the bytes.
struct URLCheck {
  /// The URL as the browser reads it.
  let cleaned: String
  /// Its scheme, lower case; "" for a relative URL.
  let scheme: String

  init(_ value: String) {
    // Most URLs have nothing to take out, and are kept as they are.
    var value = value
    let needsCleaning = value.withUTF8 { bytes in
      bytes.first.map { $0 <= 0x20 } == true || bytes.last.map { $0 <= 0x20 } == true
        || bytes.contains { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }
    if needsCleaning {
      let bytes = Array(value.utf8)
      let start = bytes.firstIndex { $0 > 0x20 } ?? bytes.endIndex
      let end = (bytes.lastIndex { $0 > 0x20 } ?? start - 1) + 1
      value = String(
        decoding: bytes[start..<max(start, end)].filter { $0 != 0x09 && $0 != 0x0A && $0 != 0x0D },
        as: UTF8.self)
    }
    self.cleaned = value
    self.scheme = URLCheck.scheme(of: cleaned)
  }

  /// The scheme that starts `url`, lower case: a letter, then letters, digits, `+`, `-`
  /// and `.`, up to the first `:`; "" when there is none.
  private static func scheme(of url: String) -> String {
    var url = url
    return url.withUTF8 { bytes in
      guard let first = bytes.first, isASCIILetter(first) else { return "" }
      for (index, byte) in bytes.enumerated().dropFirst() {
        if byte == UInt8(ascii: ":") {
          return String(decoding: bytes[..<index].map { $0 | 0x20 }, as: UTF8.self)
        }
        guard
          isASCIILetter(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        else { return "" }
      }
      return ""
    }
  }

  private static func isASCIILetter(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }

  /// Whether the URL leads to another host from wherever the page is: it has a scheme
  /// other than `data:`, or starts with two slashes (`//host/…`; a browser takes `\` for
  /// `/` there).
  var isRemote: Bool {
    if !scheme.isEmpty { return scheme != "data" }
    let start = cleaned.utf8.prefix(2)
    return start.count == 2
      && start.allSatisfy { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }
  }

  /// The media type of a `data:` URL, lower case, without its parameters.
  var dataType: String? {
    guard scheme == "data" else { return nil }
    let rest = cleaned.unicodeScalars.dropFirst(5)
    let type = rest.prefix { $0 != ";" && $0 != "," }
    return String(String.UnicodeScalarView(type)).trimmingCharacters(in: " ").lowercased()
  }
}
