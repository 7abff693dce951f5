// The section's HTML as GitHub filters it and as a browser with scripts on reads it, and
// where its `</details>` end tags are.

extension SectionBalance {
  /// The elements GitHub writes as text (its `tagfilter`): a tokenizer would read what
  /// follows them as raw text.
  static let filteredTags: [[UInt8]] = [
    "title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script", "plaintext",
  ].map { Array($0.utf8) }

  /// `html` with each `<noscript` and `</noscript` written as a `noembed` tag of the same
  /// length, so that gumbo, which parses as with scripts off, reads what follows it as
  /// raw text, as a browser with scripts on does with a `noscript`. GitHub filters every
  /// `noembed` of the section's own, so that a `</noembed>` found closes a `noscript`.
  static func scriptingOn(_ html: [UInt8]) -> [UInt8] {
    var output = html
    let name = Array("noscript".utf8)
    for index in html.indices where html[index] == UInt8(ascii: "<") {
      let start =
        index + 1 < html.count && html[index + 1] == UInt8(ascii: "/") ? index + 2 : index + 1
      guard ParsedTags.spellsTag(name, at: start, in: html) else { continue }
      output.replaceSubrange(start..<(start + name.count), with: Array("noembed ".utf8))
    }
    return output
  }

  /// `html` with the `<` of each tag GitHub filters written as `&lt;`, as GitHub writes it.
  static func tagFiltered(_ html: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(html.count)
    var index = 0
    while index < html.count {
      let byte = html[index]
      if byte == UInt8(ascii: "<"), isFiltered(html, at: index) {
        output += Array("&lt;".utf8)
      } else {
        output.append(byte)
      }
      index += 1
    }
    return output
  }

  static func isFiltered(_ html: [UInt8], at index: Int) -> Bool {
    let start =
      index + 1 < html.count && html[index + 1] == UInt8(ascii: "/") ? index + 2 : index + 1
    return filteredTags.contains { ParsedTags.spellsTag($0, at: start, in: html) }
  }

  /// Where each `</details` that reads as an end tag starts in `bytes`: the name, any
  /// case, followed by white space, `/`, `>` or the end.
  static func detailsEndTags(in bytes: [UInt8]) -> [Int] {
    bytes.indices.filter { ParsedTags.spellsTag(detailsEndTag, at: $0, in: bytes) }
  }

  /// How a `</details>` end tag starts.
  static let detailsEndTag = Array("</details".utf8)
}
