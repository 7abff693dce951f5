/// A URL from an attribute, read the way a browser's URL parser starts: without the
/// control characters and spaces around it, and without any tab or line end inside it,
/// so that `jav&#x09;ascript:` is `javascript:`.
struct URLCheck {
  /// The URL as the browser reads it.
  let cleaned: String
  /// Its scheme, lower case; "" for a relative URL.
  let scheme: String

  init(_ value: String) {
    var scalars = Array(value.unicodeScalars)
    while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
    while let last = scalars.last, last.value <= 0x20 { scalars.removeLast() }
    scalars.removeAll { $0 == "\t" || $0 == "\n" || $0 == "\r" }
    var cleaned = String.UnicodeScalarView()
    cleaned.append(contentsOf: scalars)
    self.cleaned = String(cleaned)
    var scheme = ""
    // A scheme is a letter, then letters, digits, `+`, `-` and `.`, up to the first `:`.
    if let colon = scalars.firstIndex(of: ":"), colon > 0, scalars[0].isASCIILetter,
      scalars[1..<colon].allSatisfy({
        $0.isASCIILetter || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)
      })
    {
      scheme = String(String.UnicodeScalarView(scalars[..<colon]))
    }
    self.scheme = scheme.lowercased()
  }

  /// Whether the URL leads to another host from wherever the page is: it has a scheme
  /// other than `data:`, or starts with two slashes (`//host/…`; a browser takes `\` for
  /// `/` there).
  var isRemote: Bool {
    if !scheme.isEmpty { return scheme != "data" }
    let start = cleaned.unicodeScalars.prefix(2)
    return start.count == 2 && start.allSatisfy { $0 == "/" || $0 == "\\" }
  }

  /// The media type of a `data:` URL, lower case, without its parameters.
  var dataType: String? {
    guard scheme == "data" else { return nil }
    let rest = cleaned.unicodeScalars.dropFirst(5)
    let type = rest.prefix { $0 != ";" && $0 != "," }
    return String(String.UnicodeScalarView(type)).trimmingCharacters(in: " ").lowercased()
  }
}

extension Unicode.Scalar {
  fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
