/// The kinds of document collapse reads.
public enum InputFormat: String, CaseIterable, Sendable {
  case markdown
  case json

  /// The format a file name's extension says, if it says one.
  public static func guess(fileName: String) -> InputFormat? {
    guard let dot = fileName.lastIndex(of: "."),
      !fileName[dot...].contains("/")
    else { return nil }
    switch fileName[fileName.index(after: dot)...].lowercased() {
    case "md", "markdown", "mdown", "mkd", "mkdn", "mdwn", "mdtext", "mdx": return .markdown
    case "json", "jsonl", "ndjson", "geojson", "webmanifest": return .json
    default: return nil
    }
  }

  /// The format the start of a document suggests: JSON when its first byte other than
  /// white space (or a byte order mark) is `{` or `[`, else Markdown; nil while only white
  /// space has arrived.
  public static func guess(content: some Collection<UInt8>) -> InputFormat? {
    var rest = content[...]
    if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
    guard let first = rest.first(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) })
    else { return nil }
    return first == UInt8(ascii: "{") || first == UInt8(ascii: "[") ? .json : .markdown
  }

  /// A reader for this format.
  public func makeReader() -> any DocumentReader {
    switch self {
    case .markdown: return MarkdownReader()
    case .json: return MarkdownReader()
    }
  }
}

/// Reads a document chunk by chunk into an outline.
public protocol DocumentReader: AnyObject {
  /// Takes the next chunk of the document.
  func feed(_ chunk: UnsafeRawBufferPointer) throws
  /// Ends the document and returns its outline.
  func finish() throws -> Outline
}

extension MarkdownReader: DocumentReader {}
