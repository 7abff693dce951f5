#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Messages for standard error, `collapse: ` first.
struct Diagnostics: TextOutputStream {
  /// Writes straight to standard error, unbuffered.
  mutating func write(_ string: String) {
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
