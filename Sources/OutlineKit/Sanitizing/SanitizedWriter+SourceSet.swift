extension SanitizedWriter {
  /// The URLs of a `srcset`.
  static func sourceSetURLs(_ value: String) -> [String] {
    sourceSet(value).map(\.url)
  }

  /// A `srcset`'s candidates, each a URL and what describes it (`2x`, `480w`), read as a
  /// browser reads them: a URL runs to white space, and may hold commas (a `data:` URL
  /// does) but for those that end it.
  static func sourceSet(_ value: String) -> [(url: String, descriptor: String)] {
    var candidates: [(url: String, descriptor: String)] = []
    var rest = Substring(value)
    let space: (Character) -> Bool = {
      $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{C}"
    }
    while true {
      rest = rest.drop { space($0) || $0 == "," }
      guard !rest.isEmpty else { break }
      var url = rest.prefix { !space($0) }
      rest = rest.dropFirst(url.count)
      var descriptor = Substring("")
      if url.hasSuffix(",") {
        while url.hasSuffix(",") { url = url.dropLast() }
      } else {
        // A descriptor runs to a comma outside parentheses, as a browser reads it.
        var depth = 0
        descriptor = rest.prefix { character in
          if character == "(" { depth += 1 } else if character == ")" { depth = max(0, depth - 1) }
          return character != "," || depth > 0
        }
        rest = rest.dropFirst(descriptor.count)
      }
      let trimmed = descriptor.drop(while: space).reversed().drop(while: space).reversed()
      candidates.append((String(url), String(trimmed)))
    }
    return candidates
  }
}
