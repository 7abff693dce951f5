/// The kinds of document collapse reads.
public enum InputFormat: String, CaseIterable, Sendable {
  case markdown
  case json

  /// The format a file name's extension says, if it says one.
  public static func guess(fileName: String) -> InputFormat? {
    switch fileExtension(fileName) {
    case "md", "markdown", "mdown", "mkd", "mkdn", "mdwn", "mdtext", "mdx": return .markdown
    case "json", "jsonl", "ndjson", "geojson", "webmanifest": return .json
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
  /// white space (or a byte order mark) is `{` or `[` and what follows fits JSON, else
  /// Markdown, so that a README opening with a `[![badge](…)](…)` link stays Markdown.
  /// Nil while too little has arrived to tell; `final` says nothing more will.
  public static func guess(content: some Collection<UInt8>, final: Bool = false) -> InputFormat? {
    var rest = content[...]
    let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    if rest.starts(with: byteOrderMark) {
      rest = rest.dropFirst(3)
    } else if !final, !rest.isEmpty, byteOrderMark.starts(with: rest) {
      return nil
    }
    rest = rest.drop(while: isJSONWhiteSpace)
    guard let first = rest.first else { return final ? .markdown : nil }
    guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return .markdown }
    rest = rest.dropFirst().drop(while: isJSONWhiteSpace)
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
        let after = word.dropFirst(literal.utf8.count).first
        return after == nil || after == UInt8(ascii: ",") || after == UInt8(ascii: "]")
          || isJSONWhiteSpace(after!) ? .json : .markdown
      }
      return .markdown
    default:
      return .markdown
    }
  }

  private static func isJSONWhiteSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// A reader for this format.
  public func makeReader(json: JSONReader.Options = JSONReader.Options()) -> any DocumentReader {
    switch self {
    case .markdown: return MarkdownReader()
    case .json: return JSONReader(options: json)
    }
  }
}

/// Reads a document chunk by chunk into an outline.
public protocol DocumentReader: AnyObject {
  /// Makes room for a document of about `count` bytes, when its size is known.
  func reserveCapacity(_ count: Int)
  /// Takes the next chunk of the document.
  func feed(_ chunk: UnsafeRawBufferPointer) throws
  /// Ends the document and returns its outline.
  func finish() throws -> Outline
}

extension MarkdownReader: DocumentReader {}

extension DocumentReader {
  public func reserveCapacity(_ count: Int) {}
}
