#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A regular file read whole, up to a size: what collapse reads beside a document, such
/// as its images.
enum RegularFile {
  /// Why a file was not read.
  enum Problem: Error, Equatable {
    /// The system's message.
    case system(String)
    case notRegular
    case tooLarge
  }

  /// The bytes of `path`, when it is a regular file no larger than `largest` bytes.
  static func contents(of path: String, largest: Int) -> Result<[UInt8], Problem> {
    // Not blocking: a FIFO named `logo.png` would wait for a writer for ever.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return .failure(.system(systemErrorMessage(errno))) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      return .failure(.system(systemErrorMessage(errno)))
    }
    guard status.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegular) }
    // Known before reading: the size.
    if Int(status.st_size) > largest { return .failure(.tooLarge) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(.system(systemErrorMessage(errno)))
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[..<count])
      // A file that grows while it is read.
      if bytes.count > largest { return .failure(.tooLarge) }
    }
    return .success(bytes)
  }
}
