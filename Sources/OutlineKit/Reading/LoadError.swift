/// Why a document could not be read.
public enum LoadError: Error, Equatable, CustomStringConvertible {
  /// Reading failed with this `errno`.
  case system(code: Int32)
  /// The file got shorter while it was being read.
  case shrank
  /// The document is not well-formed where and as the error says.
  case syntax(ReadError)
  /// The document is larger than can be read.
  case tooLarge(InputTooLarge)
  /// Memory ran out while the parser read `bytes` of `format`, under the `limit` in words
  /// (`the address space ulimit -v leaves`), when one is known.
  case outOfMemory(bytes: Int, format: InputFormat, limit: String?)
  /// The document is not text: NUL bytes, or many bytes that are not UTF-8, start it;
  /// `formats` names those collapse reads, in words (`LoadError.binary`).
  case notText(formats: String)
  /// The document is UTF-16 text, as its byte order mark says; `isInflated` when it is
  /// what gzip data inflated to.
  case utf16(isInflated: Bool)
  /// The document is UTF-32 text, as its byte order mark says; `isInflated` when it is
  /// what gzip data inflated to.
  case utf32(isInflated: Bool)
  /// The document is compressed by `program`, which collapse does not read.
  case compressed(program: String)
  /// The gzip data cannot be inflated, for the reason the words give.
  case corruptGzip(String)
  /// zlib could not start inflating gzip data, with this status.
  case gzipUnavailable(zlibStatus: Int32)
  /// Memory ran out while gzip data was inflated.
  case outOfMemoryInflating
  /// `library` (its name and file), which reads `format` (`XML`), could not be loaded, for
  /// the `reason` the system gives.
  case libraryUnavailable(format: String, library: String, reason: String)

  /// The commands that, piped one into the next, turn the document into one collapse
  /// reads; empty when there are none: `xz -dc` for a document compressed by xz, `gzip -dc`
  /// then `iconv -f UTF-16 -t UTF-8` for UTF-16 text in gzip data.
  public var convertingCommands: [String] {
    switch self {
    case .utf16(let isInflated):
      return (isInflated ? ["gzip -dc"] : []) + ["iconv -f UTF-16 -t UTF-8"]
    case .utf32(let isInflated):
      return (isInflated ? ["gzip -dc"] : []) + ["iconv -f UTF-32 -t UTF-8"]
    case .compressed(let program): return ["\(program) -dc"]
    default: return []
    }
  }

  /// The message to follow the file's name and `: `, or `:` for a syntax error, whose
  /// message starts with the line and column.
  public var description: String {
    switch self {
    case .system(let code): return systemErrorMessage(code)
    case .shrank: return "file shrank while being read"
    case .syntax(let error): return error.description
    case .tooLarge(let error): return error.description
    case .outOfMemory(let bytes, let format, let limit):
      let limit = limit.map { " in \($0)" } ?? ""
      return "too large: \(ByteSize.written(bytes)) of \(format.documentName) needs more memory "
        + "to read than is left\(limit)"
    case .notText(let formats): return "binary file, not \(formats)"
    case .utf16: return "UTF-16 text, which collapse does not read (it reads UTF-8)"
    case .utf32: return "UTF-32 text, which collapse does not read (it reads UTF-8)"
    case .compressed(let program): return "compressed by \(program), which collapse does not read"
    case .corruptGzip(let words): return words
    case .gzipUnavailable(let status): return "cannot inflate gzip: zlib's status \(status)"
    case .outOfMemoryInflating: return "not enough memory to inflate gzip"
    case .libraryUnavailable(let format, let library, let reason):
      return "cannot read \(format): \(library) could not be loaded: \(reason)"
    }
  }

  /// `name: message`, or `name:line:column: message` for a syntax error.
  public func message(for name: String) -> String {
    if case .syntax = self { return "\(name):\(self)" }
    return "\(name): \(self)"
  }
}
