import OutlineKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file or standard input, read in chunks into a reader for its format.
struct InputFile {
  /// The name given on the command line, as bytes that need not be UTF-8; `-` is
  /// standard input.
  let path: [UInt8]
  /// The format the command line insists on, if any.
  let format: InputFormat?
  /// How JSON is read.
  var json = JSONReader.Options()
  /// Where `-` is read from.
  var standardInput: Int32 = 0

  private var isStandardInput: Bool { path == Array("-".utf8) }

  /// The name used for the input in messages and as its section title.
  var displayName: String {
    isStandardInput ? "stdin" : String(decoding: path, as: UTF8.self)
  }

  /// The name in messages to a terminal: its control characters made visible.
  private var messageName: String { Printable.escaped(displayName) }

  /// Reads the whole input into an outline.
  func read() throws(InputError) -> Outline {
    let descriptor =
      isStandardInput
      ? standardInput
      : (path + [0]).withUnsafeBytes {
        open($0.baseAddress!.assumingMemoryBound(to: CChar.self), O_RDONLY | O_CLOEXEC)
      }
    guard descriptor >= 0 else {
      // A closed standard input comes as -1, with no errno of its own.
      throw InputError(path: messageName, systemError: isStandardInput ? EBADF : errno)
    }
    defer { if !isStandardInput { close(descriptor) } }

    var reader: (any DocumentReader)? = nil
    var pending: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 18)
    do {
      while true {
        let count = chunk.withUnsafeMutableBytes {
          systemRead(descriptor, $0.baseAddress, $0.count)
        }
        if count < 0 {
          if errno == EINTR { continue }
          throw InputError(path: messageName, systemError: errno)
        }
        if count == 0 {
          if isCutShort(descriptor) {
            throw InputError(path: messageName, message: "file shrank while being read")
          }
          break
        }
        if let reader {
          try chunk.withUnsafeBytes {
            try reader.feed(UnsafeRawBufferPointer(rebasing: $0[..<count]))
          }
          continue
        }
        pending.append(contentsOf: chunk[..<count])
        if let chosen = format ?? InputFormat.guess(fileName: displayName)
          ?? InputFormat.guess(content: pending)
        {
          reader = try start(chosen, with: &pending, descriptor: descriptor)
        }
      }
      let chosen =
        format ?? InputFormat.guess(fileName: displayName)
        ?? InputFormat.guess(content: pending, final: true)
      let last = try reader ?? start(chosen ?? .markdown, with: &pending, descriptor: descriptor)
      return try last.finish()
    } catch let error as InputError {
      throw error
    } catch let error as ReadError {
      throw InputError(description: "\(messageName):\(error)")
    } catch {
      throw InputError(path: messageName, message: "\(error)")
    }
  }

  /// A reader for `format`, given what has arrived so far.
  private func start(
    _ format: InputFormat, with pending: inout [UInt8], descriptor: Int32
  ) throws -> any DocumentReader {
    var json = json
    json.isJSONLines = InputFormat.isJSONLines(fileName: displayName)
    let reader = format.makeReader(json: json)
    var status = stat()
    if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0 {
      reader.reserveCapacity(Int(status.st_size))
    }
    try pending.withUnsafeBytes { try reader.feed($0) }
    pending = []
    return reader
  }
}

/// Whether `descriptor` is a regular file that now ends before the point reading reached:
/// another program truncated it while collapse was reading it, so what was read is
/// neither the old file nor the new one.
private func isCutShort(_ descriptor: Int32) -> Bool {
  var status = stat()
  guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
  return lseek(descriptor, 0, SEEK_CUR) > status.st_size
}

/// read(2), named apart from `InputFile.read()`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
  -> Int
{
  read(descriptor, buffer, count)
}

/// An input that could not be read or parsed.
struct InputError: Error, CustomStringConvertible {
  let description: String

  init(description: String) {
    self.description = description
  }

  init(path: String, message: String) {
    description = "\(path): \(message)"
  }

  init(path: String, systemError: Int32) {
    self.init(path: path, message: systemErrorMessage(systemError))
  }
}

/// The system's description of an `errno` value, in lower case like collapse's own messages.
func systemErrorMessage(_ code: Int32) -> String {
  let message = String(cString: strerror(code))
  guard let first = message.first else { return message }
  return first.lowercased() + message.dropFirst()
}
