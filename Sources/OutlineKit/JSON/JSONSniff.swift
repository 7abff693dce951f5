/// Whether a document's first bytes are JSON's: its first byte other than white space (or
/// a byte order mark) is `{` or `[`, and what follows fits JSON. A line opening with `[` is
/// still not JSON when it is not JSON to yajl and what follows the brackets is not JSON
/// either (`[1]: https://…`, `[ ] todo`, `[2024-01-01] notes`), nor is a README opening
/// with a `[![badge](…)](…)` link.
enum JSONSniff {
  /// What the start of a document says of it being JSON; undecided while too little has
  /// arrived to tell; `final` says nothing more will.
  static func sniff(_ content: ArraySlice<UInt8>, final: Bool) -> SniffAnswer {
    switch guessByStart(content: content, final: final) {
    case nil: return .undecided
    case false?: return .declined
    case true?:
      guard let bracket = firstBracket(content) else { return .claimed }
      switch guessBracketedLine(content[bracket...], final: final) {
      case nil: return .undecided
      case true?: return .claimed
      case false?: return .declined
      }
    }
  }

  /// Whether the first byte other than white space (or a byte order mark) is `{` or `[`.
  static func startsWithBracket(_ content: some Collection<UInt8>) -> Bool {
    var rest = content[...]
    rest = rest.dropFirst(SourceMap.byteOrderMarkLength(rest, final: true) ?? 0)
    guard let first = rest.first(where: { !isSpaceOrLineEnd($0) }) else { return false }
    return first == UInt8(ascii: "[") || first == UInt8(ascii: "{")
  }

  /// How much of a line opening with `[` is looked at: a longer line is judged by its start.
  private static let bracketedLineLimit = 4096

  /// Where the `[` that opens the content is, if one does.
  private static func firstBracket<Bytes: Collection<UInt8>>(_ content: Bytes) -> Bytes.Index? {
    var rest = content[...]
    rest = rest.dropFirst(SourceMap.byteOrderMarkLength(rest, final: true) ?? 0)
    rest = rest.drop(while: isSpaceOrLineEnd)
    return rest.first == UInt8(ascii: "[") ? rest.startIndex : nil
  }

  /// Whether content whose first line opens with `[` and goes on like JSON is JSON: yes,
  /// unless the line is not JSON to yajl and is followed, after its bracket group, by
  /// something that reads as Markdown rather than as broken JSON: any text that is not
  /// JSON (yajl says), except a `,`, `]` or `}` that a mistake in JSON would leave there.
  /// So minified JSON with an error stays JSON and the error is reported.
  private static func guessBracketedLine(_ content: some Collection<UInt8>, final: Bool)
    -> Bool?
  {
    let head = content.prefix(bracketedLineLimit)
    if let lineEnd = head.firstIndex(of: 0x0A) { return judge(Array(head[...lineEnd])) }
    // The end of input ends the line as a line end would, so that a token cut short
    // there counts as what it is, not as the start of a longer one.
    if final && head.count < bracketedLineLimit { return judge(Array(head) + [0x0A]) }
    // A long line is looked at as far as the limit; a shorter one is waited for.
    return head.count == bracketedLineLimit ? judge(Array(head)) : nil
  }

  /// Whether a line opening with `[` is JSON, up to its line end if that is not too far.
  private static func judge(_ line: [UInt8]) -> Bool {
    if JSONPrefix.isValid(line) { return true }
    guard let groupEnd = endOfBracketGroup(line) else { return true }
    let rest = line[groupEnd...].drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    guard let next = rest.first, next != 0x0A else { return true }
    if next == UInt8(ascii: ",") || next == UInt8(ascii: "]") || next == UInt8(ascii: "}") {
      return true
    }
    return JSONPrefix.isValid(rest)
  }

  /// The offset just past the bracket that closes the one `line` opens, counting brackets
  /// and braces outside strings; nil when it does not close on the line.
  private static func endOfBracketGroup(_ line: [UInt8]) -> Int? {
    var depth = 0
    var inString = false
    var escaped = false
    for (offset, byte) in line.enumerated() {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        depth -= 1
        if depth == 0 { return offset + 1 }
      default: break
      }
    }
    return nil
  }

  /// Whether the first bytes other than white space suggest JSON, by themselves; nil while
  /// too few have arrived to tell.
  private static func guessByStart(content: some Collection<UInt8>, final: Bool) -> Bool? {
    var rest = content[...]
    guard let byteOrderMark = SourceMap.byteOrderMarkLength(rest, final: final) else { return nil }
    rest = rest.dropFirst(byteOrderMark).drop(while: isSpaceOrLineEnd)
    guard let first = rest.first else { return final ? false : nil }
    guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return false }
    rest = rest.dropFirst().drop(while: isSpaceOrLineEnd)
    guard let next = rest.first else { return final ? true : nil }
    if first == UInt8(ascii: "{") {
      return next == UInt8(ascii: "\"") || next == UInt8(ascii: "}")
    }
    switch next {
    case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "]"),
      UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
      for literal in ["true", "false", "null"] where literal.utf8.first == next {
        let word = rest.prefix(literal.utf8.count + 1)
        if word.count <= literal.utf8.count && !final {
          return literal.utf8.starts(with: word) ? nil : false
        }
        guard word.starts(with: literal.utf8) else { return false }
        guard let after = word.dropFirst(literal.utf8.count).first else { return true }
        return after == UInt8(ascii: ",") || after == UInt8(ascii: "]")
          || isSpaceOrLineEnd(after)
      }
      return false
    default:
      return false
    }
  }
}
