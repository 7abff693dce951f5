#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
  /// The document is not text: NUL bytes, or many bytes that are not UTF-8, start it.
  case binary
  /// The document is UTF-16 text, as its byte order mark says.
  case utf16
  /// The document is compressed by `program`, which collapse does not read.
  case compressed(program: String)
  /// The gzip data cannot be inflated, for the reason the words give.
  case corruptGzip(String)
  /// Anything else a reader reported.
  case other(String)

  /// The command that turns the document into one collapse reads, when there is one:
  /// `xz -dc` for a document compressed by xz.
  public var convertingCommand: String? {
    switch self {
    case .utf16: return "iconv -f UTF-16 -t UTF-8"
    case .compressed(let program): return "\(program) -dc"
    default: return nil
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
      return "too large: \(InputTooLarge.size(bytes)) of \(format.documentName) needs more memory "
        + "to read than is left\(limit)"
    case .binary: return "binary file, not Markdown or JSON"
    case .utf16: return "UTF-16 text, which collapse does not read (it reads UTF-8)"
    case .compressed(let program): return "compressed by \(program), which collapse does not read"
    case .corruptGzip(let words): return words
    case .other(let text): return text
    }
  }

  /// `name: message`, or `name:line:column: message` for a syntax error.
  public func message(for name: String) -> String {
    if case .syntax = self { return "\(name):\(self)" }
    return "\(name): \(self)"
  }
}

/// A document larger than its reader takes, or than the memory left can hold.
public struct InputTooLarge: Equatable, Sendable, CustomStringConvertible {
  /// The bytes of the document, or of what had arrived when reading stopped.
  public let bytes: Int
  /// Whether `bytes` is the whole document (a file's size) rather than what had arrived.
  public let isWhole: Bool
  public let format: InputFormat
  /// The most bytes of `format` that can be read.
  public let largest: Int
  /// The memory that was left, when that is what `largest` comes from.
  let memory: MemoryLimit?
  /// Whether `bytes` counts the text the reader made, each invalid byte three bytes of
  /// U+FFFD, rather than the input.
  let isRepaired: Bool
  /// Whether `bytes` counts what gzip data inflated to.
  var isInflated = false

  /// `too large: 2.0 GiB of Markdown (at most 512 MiB)`, with the memory limit when it is
  /// the reason.
  public var description: String {
    let size = (isWhole ? "" : "over ") + Self.size(isWhole ? bytes : largest)
    let replaced = isRepaired ? " once its invalid bytes are U+FFFD" : ""
    let inflated = isInflated ? " inflated from gzip" : ""
    let what = "too large: \(size) of \(format.documentName)\(inflated)\(replaced)"
    guard let memory else { return what + " (at most \(Self.size(largest)))" }
    return what + " to read in \(memory.words), \(Self.size(memory.bytes)) (at most "
      + "\(Self.size(largest)) of \(format.documentName) in that)"
  }

  /// A byte count in binary units: `512 bytes`, `12.3 KiB`, `4.0 GiB`.
  static func size(_ bytes: Int) -> String {
    if bytes < 1024 { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
    let units = ["KiB", "MiB", "GiB", "TiB"]
    var value = Double(bytes) / 1024
    var unit = 0
    while value >= 1024 && unit < units.count - 1 {
      value /= 1024
      unit += 1
    }
    let tenths = Int((value * 10).rounded(.down))
    let whole = tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    return "\(whole) \(units[unit])"
  }
}

/// The system's description of an `errno` value, in lower case like collapse's own messages.
public func systemErrorMessage(_ code: Int32) -> String {
  let message = String(cString: strerror(code))
  guard let first = message.first else { return message }
  return first.lowercased() + message.dropFirst()
}
