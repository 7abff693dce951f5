import OutlineKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Buffered output to a file descriptor.
///
/// A reader that goes away (`collapse big.md | head`) ends the program quietly, with
/// status 0 or, when an error was already reported (an input that could not be read),
/// 1; any other failed write (a full disk) ends it with a message and status 1, so that
/// partial output is never taken for success.
struct FileOutput: ByteOutputStream {
  private let descriptor: Int32
  /// What is written and not yet out, `count` bytes of `capacity`; writers make many small
  /// writes, so a plain copy into this beats an array's growth checks.
  private let buffer: UnsafeMutableRawPointer
  private static let capacity = 1 << 16
  private var count = 0

  init(descriptor: Int32) {
    self.descriptor = descriptor
    // Lives as long as the process: the program's one standard output.
    buffer = .allocate(byteCount: FileOutput.capacity, alignment: 1)
  }

  mutating func write(_ string: String) {
    let copied: Void? = string.utf8.withContiguousStorageIfAvailable {
      write(bytes: UnsafeRawBufferPointer($0))
    }
    if copied == nil {
      var string = string
      string.withUTF8 { write(bytes: UnsafeRawBufferPointer($0)) }
    }
  }

  mutating func write(bytes: UnsafeRawBufferPointer) {
    if count + bytes.count > FileOutput.capacity { flush() }
    if bytes.count >= FileOutput.capacity {
      writeAll(bytes)
    } else if let source = bytes.baseAddress {
      (buffer + count).copyMemory(from: source, byteCount: bytes.count)
      count += bytes.count
    }
  }

  /// Writes out what is buffered.
  mutating func flush() {
    guard count > 0 else { return }
    writeAll(UnsafeRawBufferPointer(start: buffer, count: count))
    count = 0
  }

  private func writeAll(_ bytes: UnsafeRawBufferPointer) {
    // Only an empty buffer has no address, and it has nothing to write.
    guard let base = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
      let written = systemWrite(descriptor, base + offset, bytes.count - offset)
      if written >= 0 {
        offset += written
        continue
      }
      switch errno {
      case EINTR, EAGAIN: continue
      case EPIPE:
        exit(
          Diagnostics.reportedAnError ? ExitStatus.failure.rawValue : ExitStatus.success.rawValue)
      default:
        Diagnostics.report("write error: \(systemErrorMessage(errno))")
        exit(ExitStatus.failure.rawValue)
      }
    }
  }
}

/// How the program ends.
enum ExitStatus: Int32 {
  /// Everything was read and written.
  case success = 0
  /// An input could not be read or parsed, or the output could not be written.
  case failure = 1
  /// The command line was wrong.
  case usage = 2
}

/// write(2), named apart from the streams' own `write` methods.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

/// Messages for standard error, `collapse: ` first.
struct Diagnostics: TextOutputStream {
  /// Whether anything was written: every message collapse writes is an error, after
  /// which it cannot end with status 0.
  nonisolated(unsafe) static var reportedAnError = false

  /// Writes straight to standard error, unbuffered.
  mutating func write(_ string: String) {
    Diagnostics.reportedAnError = true
    var string = string
    string.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return }
      var offset = 0
      while offset < bytes.count {
        let written = systemWrite(2, base + offset, bytes.count - offset)
        if written < 0 && errno == EINTR { continue }
        if written <= 0 { return }
        offset += written
      }
    }
  }

  /// Writes `collapse: message` as a line of standard error.
  static func report(_ message: String) {
    var errors = Diagnostics()
    errors.report(message)
  }
}
