import OutlineKit

/// The terminal could not be set up, read or written.
struct TerminalError: Error, CustomStringConvertible {
  let description: String

  init(doing action: String, code: Int32) {
    description = "cannot \(action) the terminal: \(systemErrorMessage(code))"
  }
}
