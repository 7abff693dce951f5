extension InputFormat {
  /// The format a file name's extension says, if it says one.
  public static func guess(fileName: String) -> InputFormat? {
    switch fileExtension(fileName) {
    case "md", "markdown", "mdown", "mkd", "mkdn", "mdwn", "mdtext", "mdx": return .markdown
    case "json", "jsonl", "ndjson", "geojson", "webmanifest": return .json
    case "yaml", "yml": return .yaml
    default: return nil
    }
  }

  /// Whether a file name's extension says JSON Lines (`.jsonl`, `.ndjson`): one JSON value
  /// per line, each a record of its own, even when there is only one.
  public static func isJSONLines(fileName: String) -> Bool {
    let found = fileExtension(fileName)
    return found == "jsonl" || found == "ndjson"
  }

  /// The extension of a file name's last component, in lower case, if it has one.
  private static func fileExtension(_ fileName: String) -> String? {
    guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else {
      return nil
    }
    return fileName[fileName.index(after: dot)...].lowercased()
  }

  /// The format the start of a document suggests: JSON when its first byte other than
  /// white space (or a byte order mark) is `{` or `[` and what follows fits JSON; YAML
  /// when its start parses as YAML whose first document is a block mapping or a list of
  /// mappings, and is not a Markdown file's front matter (`YAMLSniff`); else Markdown, so that a README opening with a `[![badge](…)](…)` link stays Markdown.
  /// A line opening with `[` is Markdown too when it is not JSON and what follows the
  /// brackets is not JSON either (`[1]: https://…`, `[ ] todo`, `[2024-01-01] notes`).
  /// Nil while too little has arrived to tell; `final` says nothing more will.
  public static func guess(content: some Collection<UInt8>, final: Bool = false) -> InputFormat? {
    let format = guessByStart(content: content, final: final)
    if format == .markdown, !startsWithBracket(content) {
      // YAML or Markdown is told from complete lines: the whole start, once it is here.
      guard final else { return nil }
      return YAMLSniff.isYAML(content, final: content.count < FormatSniffer.window)
        ? .yaml : .markdown
    }
    guard format == .json, let bracket = firstBracket(content) else { return format }
    return guessBracketedLine(content[bracket...], final: final)
  }

  /// Whether the first byte other than white space (or a byte order mark) is `{` or `[`.
  private static func startsWithBracket(_ content: some Collection<UInt8>) -> Bool {
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

  /// The format of content whose first line opens with `[` and goes on like JSON: JSON,
  /// unless the line is not JSON to yajl and is followed, after its bracket group, by
  /// something that reads as Markdown rather than as broken JSON: any text that is not
  /// JSON (yajl says), except a `,`, `]` or `}` that a mistake in JSON would leave there.
  /// So minified JSON with an error stays JSON and the error is reported.
  private static func guessBracketedLine(_ content: some Collection<UInt8>, final: Bool)
    -> InputFormat?
  {
    let head = content.prefix(bracketedLineLimit)
    if let lineEnd = head.firstIndex(of: 0x0A) { return judge(Array(head[...lineEnd])) }
    // The end of input ends the line as a line end would, so that a token cut short
    // there counts as what it is, not as the start of a longer one.
    if final && head.count < bracketedLineLimit { return judge(Array(head) + [0x0A]) }
    // A long line is looked at as far as the limit; a shorter one is waited for.
    return head.count == bracketedLineLimit ? judge(Array(head)) : nil
  }

  /// The format of a line opening with `[`, up to its line end if that is not too far.
  private static func judge(_ line: [UInt8]) -> InputFormat {
    if JSONPrefix.isValid(line) { return .json }
    guard let groupEnd = endOfBracketGroup(line) else { return .json }
    let rest = line[groupEnd...].drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    guard let next = rest.first, next != 0x0A else { return .json }
    if next == UInt8(ascii: ",") || next == UInt8(ascii: "]") || next == UInt8(ascii: "}") {
      return .json
    }
    return JSONPrefix.isValid(rest) ? .json : .markdown
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

  /// The format the first bytes other than white space suggest, by themselves.
  private static func guessByStart(content: some Collection<UInt8>, final: Bool) -> InputFormat? {
    var rest = content[...]
    guard let byteOrderMark = SourceMap.byteOrderMarkLength(rest, final: final) else { return nil }
    rest = rest.dropFirst(byteOrderMark).drop(while: isSpaceOrLineEnd)
    guard let first = rest.first else { return final ? .markdown : nil }
    guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return .markdown }
    rest = rest.dropFirst().drop(while: isSpaceOrLineEnd)
    guard let next = rest.first else { return final ? .json : nil }
    if first == UInt8(ascii: "{") {
      return next == UInt8(ascii: "\"") || next == UInt8(ascii: "}") ? .json : .markdown
    }
    switch next {
    case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "]"),
      UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return .json
    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
      for literal in ["true", "false", "null"] where literal.utf8.first == next {
        let word = rest.prefix(literal.utf8.count + 1)
        if word.count <= literal.utf8.count && !final {
          return literal.utf8.starts(with: word) ? nil : .markdown
        }
        guard word.starts(with: literal.utf8) else { return .markdown }
        guard let after = word.dropFirst(literal.utf8.count).first else { return .json }
        return after == UInt8(ascii: ",") || after == UInt8(ascii: "]")
          || isSpaceOrLineEnd(after)
          ? .json : .markdown
      }
      return .markdown
    default:
      return .markdown
    }
  }

  /// A reader for this format, which titles elements by `titleKeys` where the format has
  /// them; `isJSONLines` says JSON is JSON Lines.
  public func makeReader(titleKeys: TitleKeys = .standard, isJSONLines: Bool = false)
    -> any DocumentReader
  {
    switch self {
    case .markdown: return MarkdownReader(dialect: .gfm)
    case .commonmark: return MarkdownReader(dialect: .commonmark)
    case .json:
      return JSONReader(
        options: JSONReader.Options(titleKeys: titleKeys, isJSONLines: isJSONLines))
    case .yaml: return YAMLReader(options: YAMLReader.Options(titleKeys: titleKeys))
    }
  }
}
