/// What an HTML tokenizer is in the middle of where a section's HTML ends, and the line
/// that ends it: a tag without its `>`, inside a quoted attribute value or not, a comment,
/// a doctype or bogus comment, or a CDATA section. Left so, it would take in what comes
/// after the section: the next section's `<details>` as an attribute or a comment.
///
/// The tokenizer's steps are the HTML standard's. Only two of them hang on the tree, and a
/// parse of the same HTML answers them: which start tags open raw text (a `<noscript>` in
/// HTML content, not in an `<svg>`) and which `<![CDATA[` start a CDATA section (in foreign
/// content only).
enum UnfinishedToken: Equatable {
  /// A tag outside a quoted value, a comment, a doctype, or a bogus comment (`</ ` or
  /// `<?`): each ends at the `-->` or `>` of an empty comment.
  case markup
  /// An attribute value in double quotes.
  case doubleQuoted
  /// An attribute value in single quotes.
  case singleQuoted
  /// A CDATA section in foreign content.
  case cdata

  /// The line that ends it: an HTML block that cmark-gfm writes as it is, and whose
  /// characters, read in this state, end the token and leave no text behind.
  var closer: String {
    switch self {
    case .markup: "<!-- -->"
    case .doubleQuoted: "<!-- -->\">"
    case .singleQuoted: "<!-- -->'>"
    case .cdata: "<![CDATA[]]>"
    }
  }

  /// How a start tag's element holds what follows it.
  enum RawText {
    /// As text, up to its end tag.
    case always
    /// As text with scripts on, as markup with scripts off: a `noscript`.
    case withScripts
  }

  /// What is unfinished at the end of `bytes[range]`; nil when the tokenizer stands in
  /// text, or in raw text, which the element's end tag ends. `opensRawText(offset)` says
  /// how the element whose start tag's `<` is at `offset` holds what follows, nil for
  /// as markup, and `opensCDATA(offset)` whether the `<![CDATA[` there opened a CDATA
  /// section. What a `noscript` left open holds is read as markup too, as a browser with
  /// scripts off reads it: what ends a token in it is text to one with scripts on.
  static func at(
    endOf range: Range<Int>, in bytes: UnsafeRawBufferPointer,
    opensRawText: (Int) -> RawText?, opensCDATA: (Int) -> Bool
  ) -> UnfinishedToken? {
    let scanner = Scanner(bytes: bytes, end: range.upperBound)
    var index = range.lowerBound
    while let open = scanner.find("<", from: index) {
      let next = open + 1
      guard next < range.upperBound else { return nil }
      let byte = bytes[next]
      if isLetter(byte) {
        switch scanner.tag(from: next) {
        case .unfinished(let token): return token
        case .ended(let after, let name):
          index = after
          guard let rawText = opensRawText(open) else { continue }
          if let close = scanner.rawTextEnd(name, from: after) {
            index = close
          } else if rawText == .always {
            return nil
          }
        }
      } else if byte == UInt8(ascii: "/") {
        let start = next + 1
        guard start < range.upperBound else { return .markup }
        if isLetter(bytes[start]) {
          guard case .ended(let after, _) = scanner.tag(from: start) else { return .markup }
          index = after
        } else {
          guard let end = scanner.find(">", from: start) else { return .markup }
          index = end + 1
        }
      } else if byte == UInt8(ascii: "!") {
        let start = next + 1
        if scanner.matches("--", at: start) {
          guard let end = scanner.commentEnd(from: start + 2) else { return .markup }
          index = end
        } else if scanner.matches("[CDATA[", at: start, anyCase: false), opensCDATA(open) {
          guard let end = scanner.find("]]>", from: start + 7) else { return .cdata }
          index = end + 3
        } else {
          guard let end = scanner.find(">", from: start) else { return .markup }
          index = end + 1
        }
      } else if byte == UInt8(ascii: "?") {
        guard let end = scanner.find(">", from: next) else { return .markup }
        index = end + 1
      } else {
        index = next
      }
    }
    return nil
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }

  /// The steps of the tokenizer, over the bytes up to `end`.
  private struct Scanner {
    let bytes: UnsafeRawBufferPointer
    let end: Int

    enum Tag {
      /// The tag ended before `after`; `name` is its name in lower case.
      case ended(after: Int, name: [UInt8])
      case unfinished(UnfinishedToken)
    }

    private enum State {
      case name, beforeAttribute, attribute, afterAttribute, beforeValue, doubleQuoted
      case singleQuoted, unquoted, afterQuoted, selfClosing
    }

    /// Where `text` next starts, from `start` on.
    func find(_ text: StaticString, from start: Int) -> Int? {
      var index = start
      while index < end {
        if matches(text, at: index) { return index }
        index += 1
      }
      return nil
    }

    /// Whether `text` is at `index`, in any case unless `anyCase` is false.
    func matches(_ text: StaticString, at index: Int, anyCase: Bool = true) -> Bool {
      guard index + text.utf8CodeUnitCount <= end else { return false }
      for offset in 0..<text.utf8CodeUnitCount {
        let wanted = text.utf8Start[offset]
        let byte = bytes[index + offset]
        guard byte == wanted || (anyCase && isLetter(wanted) && byte | 0x20 == wanted | 0x20)
        else {
          return false
        }
      }
      return true
    }

    /// Where a comment whose text starts at `start` ends: after its `-->` or `--!>`, or at
    /// once for `<!-->` and `<!--->`.
    func commentEnd(from start: Int) -> Int? {
      if matches(">", at: start) { return start + 1 }
      if matches("->", at: start) { return start + 2 }
      var index = start
      while index < end {
        if matches("-->", at: index) { return index + 3 }
        if matches("--!>", at: index) { return index + 4 }
        index += 1
      }
      return nil
    }

    /// Where the end tag of raw text opened by a `name` element, from `start` on, starts:
    /// `</name` followed by white space, `/` or `>`.
    func rawTextEnd(_ name: [UInt8], from start: Int) -> Int? {
      var index = start
      while let open = find("</", from: index) {
        let after = open + 2 + name.count
        if after < end, name.indices.allSatisfy({ bytes[open + 2 + $0] | 0x20 == name[$0] }),
          Self.isSpace(bytes[after]) || bytes[after] == UInt8(ascii: "/")
            || bytes[after] == UInt8(ascii: ">")
        {
          return open
        }
        index = open + 2
      }
      return nil
    }

    static func isSpace(_ byte: UInt8) -> Bool {
      byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    /// Reads a tag whose name starts at `start`, through its attributes, as the tokenizer's
    /// tag states do.
    func tag(from start: Int) -> Tag {
      var state = State.name
      var name: [UInt8] = []
      var index = start
      while index < end {
        let byte = bytes[index]
        let space = Self.isSpace(byte)
        let slash = byte == UInt8(ascii: "/")
        let closes = byte == UInt8(ascii: ">")
        index += 1
        switch state {
        case .name:
          if space {
            state = .beforeAttribute
          } else if slash {
            state = .selfClosing
          } else if closes {
            return .ended(after: index, name: name)
          } else {
            name.append(isLetter(byte) ? byte | 0x20 : byte)
          }
        case .beforeAttribute, .afterAttribute:
          if closes { return .ended(after: index, name: name) }
          if slash {
            state = .selfClosing
          } else if byte == UInt8(ascii: "="), state == .afterAttribute {
            state = .beforeValue
          } else if !space {
            state = .attribute
          }
        case .attribute:
          if closes { return .ended(after: index, name: name) }
          if space {
            state = .afterAttribute
          } else if slash {
            state = .selfClosing
          } else if byte == UInt8(ascii: "=") {
            state = .beforeValue
          }
        case .beforeValue:
          if closes { return .ended(after: index, name: name) }
          if byte == UInt8(ascii: "\"") {
            state = .doubleQuoted
          } else if byte == UInt8(ascii: "'") {
            state = .singleQuoted
          } else if !space {
            state = .unquoted
          }
        case .doubleQuoted:
          if byte == UInt8(ascii: "\"") { state = .afterQuoted }
        case .singleQuoted:
          if byte == UInt8(ascii: "'") { state = .afterQuoted }
        case .unquoted:
          if closes { return .ended(after: index, name: name) }
          if space { state = .beforeAttribute }
        case .afterQuoted, .selfClosing:
          if closes { return .ended(after: index, name: name) }
          if space {
            state = .beforeAttribute
          } else if slash {
            state = .selfClosing
          } else {
            state = .attribute
          }
        }
      }
      switch state {
      case .doubleQuoted: return .unfinished(.doubleQuoted)
      case .singleQuoted: return .unfinished(.singleQuoted)
      default: return .unfinished(.markup)
      }
    }
  }
}
